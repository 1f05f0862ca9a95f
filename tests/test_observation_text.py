"""str(observation): the readable text of what a player knows, line by line through a
deal; and observations refuse to be ordered."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest

import piquet as pq


def first_choices_deal() -> list[pq.State]:
    """Every state of one deal in which each player takes the first legal action."""
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
        younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
        stock="7H 9D 8D 7D 10C 9C 8C 7C",
    )
    states = [state]
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
        states.append(state)
    return states


STATES = first_choices_deal()


def lines_of(state: pq.State, player: pq.Player) -> list[str]:
    return str(state.observation(player)).splitlines()


def test_the_text_shows_the_discard_only_to_its_owner() -> None:
    after = next(s for s in STATES if s.phase is pq.Phase.EXCHANGE and s.to_move is pq.Player.B)
    assert "discard: AS" in lines_of(after, pq.Player.A)
    assert not any(line.startswith("discard:") for line in lines_of(after, pq.Player.B))


def test_the_text_lists_what_was_spoken_in_the_declarations() -> None:
    last = [s for s in STATES if s.phase is pq.Phase.DECLARATION][-1]
    line = next(x for x in lines_of(last, pq.Player.B) if x.startswith("spoken: "))
    assert line.startswith("spoken: A: point of one; B: good")


def test_the_text_of_the_play_lists_every_card_and_the_card_on_the_table() -> None:
    led = next(s for s in STATES if s.phase is pq.Phase.PLAY and s.trick)
    text = lines_of(led, pq.Player.A)
    assert text[-1] == "tricks: A 0, B 0; on the table KS"
    follower = lines_of(led, pq.Player.B)
    assert follower[-2] == "tricks: A 0, B 0; on the table KS"
    assert follower[-1].startswith("play: play ")
    assert "legal actions, e.g." not in follower[-1]


def test_the_text_at_the_end_tells_the_result_and_what_was_seen_of_the_stock() -> None:
    end = STATES[-1]
    observation = end.observation(pq.Player.A)
    assert observation.is_over and observation.to_move is None
    assert str(observation).splitlines() == [
        "rubicon, deal 1, game over (A is elder); you are A",
        "scores A 108, B 0; this deal A 108, B 0",
        "hand: -",
        "discard: AS",
        "stock: 6 cards; seen 9D 8D 7D 10C",
        "opponent: 0 cards",
        "spoken: A: point of one; B: good; A: quint to the king; B: good; "
        "A: tierce major; A: three aces; B: good; A: three kings",
        "tricks: A 12, B 0",
        "result: A wins 108",
    ]


def test_the_text_before_the_deal_shows_an_empty_hand() -> None:
    text = lines_of(pq.new_game(pq.RUBICON), pq.Player.B)
    assert text[0] == "rubicon, deal 0, chance to move (A is elder); you are B"
    assert "hand: -" in text and text[-1] == "opponent: 0 cards"


@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_observations_have_no_order(compare: Callable[[object, object], bool]) -> None:
    one, two = (STATES[1].observation(p) for p in pq.Player)
    with pytest.raises(TypeError, match="observations have no order"):
        compare(one, two)
