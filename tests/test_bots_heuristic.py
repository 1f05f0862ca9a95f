"""The heuristic bot follows the advice of the treatises ([Hoyle] and [EB9], seeds 000
and 002): its discards on the books' own worked deals, and each rule of thumb on a hand
built to show it."""

from __future__ import annotations

import random

import pytest
from seed_data import SEED_000, SEED_000_EXCHANGE, SEED_002, SEED_002_EXCHANGE

import piquet as pq
from conftest import play_out
from piquet.bots import HeuristicBot, Plan, make, plan_for, play_game
from piquet.bots.heuristic import _win_chance

BOT = HeuristicBot()


def deal(elder: str, younger: str, top: str = "", **options: object) -> pq.State:
    """A deal of these hands; the stock is ``top`` then the other cards in pack order."""
    used = pq.cards(elder) | pq.cards(younger)
    first = [pq.Card.parse(t) for t in top.split()]
    rest = [c for c in pq.pack() if c not in used and c not in first]
    return pq.new_deal(pq.RUBICON, elder=elder, younger=younger, stock=first + rest, **options)  # type: ignore[arg-type]


def choice(state: pq.State) -> pq.Action:
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    action = BOT.choose(state.observation(mover))
    assert state.is_legal(action)
    return action


def test_hoyles_worked_deal_discards_as_the_book() -> None:
    """[Hoyle]: A "must keep his diamond suit entire; so he discards the nine and seven of
    spades, the nine and eight of hearts, and the seven of clubs"; B "discards the ten
    and eight of spades and the seven of hearts"."""
    state = pq.new_deal(pq.RUBICON, **SEED_000)
    assert str(choice(state)) == SEED_000_EXCHANGE[0]
    state = state.apply(pq.parse_action(SEED_000_EXCHANGE[0]))
    assert str(choice(state)) == SEED_000_EXCHANGE[1]


def test_britannicas_younger_discards_as_the_book() -> None:
    """[EB9]: B "discards seven of spades; and nine, seven of hearts". (The book's elder
    throws a king to keep three knaves, against its own advice that "it is seldom
    advisable to put out a high card for the sake of keeping a trio of knaves".)"""
    state = pq.new_deal(pq.RUBICON, **SEED_002)
    elder_discard = choice(state)
    assert (
        isinstance(elder_discard, pq.Exchange) and pq.Card.parse("KS") not in elder_discard.discard
    )
    state = state.apply(pq.parse_action(SEED_002_EXCHANGE[0]))
    assert str(choice(state)) == SEED_002_EXCHANGE[1]


def test_the_elder_takes_all_five_in_an_ordinary_hand() -> None:
    """[Hoyle]: "It is considered desirable for you, if elder hand, to take all five"."""
    action = choice(pq.new_deal(pq.RUBICON, **SEED_000))
    assert isinstance(action, pq.Exchange) and len(action.discard) == 5


def test_the_elder_leaves_a_card_for_a_great_score() -> None:
    """[Hoyle]: "... unless you have a chance of a great score": two quarts major are
    worth more than a fifth card from the stock."""
    state = deal("KS 7S 8H 7H AD KD QD JD AC KC QC JC", "AS QS JS AH KH QH 10D 9D 10C 9C 8C 7C")
    action = choice(state)
    assert isinstance(action, pq.Exchange) and len(action.discard) == 4
    assert not action.discard & pq.cards("AD KD QD JD AC KC QC JC")


def test_the_younger_keeps_the_guard_to_a_king() -> None:
    """[Hoyle]: "when you are younger hand, it is highly desirable to retain the guard"."""
    state = deal("AS QS JS AH KH QH AD 10H JD 9H 10C 9S", "KS 7S JH 8H 7H 9D 8D AC KC QC 8C 7C")
    state = state.apply(pq.parse_action("discard 10H 9H JD 10C 9S"))
    action = choice(state)
    assert isinstance(action, pq.Exchange) and len(action.discard) == 3
    assert pq.cards("KS 7S").isdisjoint(action.discard)


def test_the_younger_keeps_his_point_suit_whole() -> None:
    """[EB9]: "especially younger hand, it is essential to keep the whole of your best
    suit for point"."""
    state = deal("AS KS QS AH KH AD KD QD JD AC KC QC", "JS 10S 9S 8S 7S 7H 8H 9H 10D 9D 8D 7C")
    state = state.apply(pq.parse_action("discard AS KS QS AH KH"))
    action = choice(state)
    assert isinstance(action, pq.Exchange) and action.discard.isdisjoint(
        pq.cards("JS 10S 9S 8S 7S")
    )


def test_a_quatorze_is_kept_even_if_low() -> None:
    """[Hoyle]: "you would keep any quatorze if you have it, even if low"."""
    state = deal("AS QS JS AH KH QH AD 9H JD KD QC 9S", "10S 10H 10D 10C 7S 8S 9D 8D JC 9C 8C 7C")
    state = state.apply(pq.parse_action("discard QS QH 9H QC 9S"))
    action = choice(state)
    assert isinstance(action, pq.Exchange) and action.discard.isdisjoint(
        pq.cards("10S 10H 10D 10C")
    )


def test_declarations_call_the_best_and_reckon_everything() -> None:
    state = play_out(pq.new_deal(pq.RUBICON, **SEED_000), SEED_000_EXCHANGE)
    assert str(choice(state)) == "call point AD JD 10D 9D 8D 7D"
    state = play_out(state, ["call point AD JD 10D 9D 8D 7D", "good point"])
    assert str(choice(state)) == "call sequence JD 10D 9D 8D 7D"
    state = play_out(state, ["call sequence JD 10D 9D 8D 7D", "good sequence"])
    assert str(choice(state)) == "reckon sequence JC 10C 9C"
    state = play_out(state, ["reckon sequence JC 10C 9C", "call set AS AH AD"])
    assert str(choice(state)) == "call set QS QH QD QC"  # "not good"


def _auto_play(
    elder: str, younger: str, top: str, exchange: list[str], plays: list[str]
) -> pq.State:
    state = deal(elder, younger, top, declarations="auto")
    return play_out(state, [*exchange, *plays])


def test_the_follower_wins_as_cheaply_as_he_can() -> None:
    state = play_out(pq.new_deal(pq.RUBICON, declarations="auto", **SEED_000), SEED_000_EXCHANGE)
    state = state.apply(pq.parse_action("play 7D"))  # younger holds KD QD
    assert str(choice(state)) == "play QD"


def test_the_leader_cashes_a_sure_winner() -> None:
    """After the book's exchange the elder holds the only diamond ace and leads it, as
    the book does."""
    state = play_out(pq.new_deal(pq.RUBICON, declarations="auto", **SEED_000), SEED_000_EXCHANGE)
    assert str(choice(state)) == "play AD"


def test_unable_to_follow_he_keeps_the_guard_to_his_king() -> None:
    """[Hoyle]: "preserve guard to second-best cards". Younger, void in clubs, throws a
    spade rather than the small heart that guards his king."""
    state = _auto_play(
        "AC KC QC JC 10C 9C 8C 7C AS KS QS AD",
        "KH 7H 8S 7S JS 10S 9S QH 8D 7D 9D 10D",
        "AH JH 10H 9H 8H JD QD KD",
        ["discard KS QS AD 9C 8C", "discard 10D 9D QH"],
        [],
    )
    assert state.phase is pq.Phase.PLAY
    assert pq.cards("KH 7H") <= state.hand(state.dealer)
    state = state.apply(pq.parse_action("play AC"))
    action = choice(state)
    assert isinstance(action, pq.Play) and action.card.suit is not pq.Suit.HEARTS


def test_win_chance_counts_the_higher_cards_out() -> None:
    unseen = pq.cards("AS KS 7H 8H")
    assert _win_chance(pq.Card.parse("QS"), unseen, 2) == pytest.approx(1 / 6)
    assert _win_chance(pq.Card.parse("AH"), unseen, 2) == 1.0


def _last_deal(sheet: list[tuple[int, int]]) -> pq.Observation:
    state = pq.resume_game(pq.RUBICON, score_sheet=sheet, dealer=pq.Player.B)
    state = state.apply(state.sample_chance(random.Random(0)))
    return state.observation(pq.Player.A)


def test_the_plan_follows_the_score_in_the_last_deal() -> None:
    """[Hoyle] and [EB9]: discard to the score in the last deal of a partie."""
    assert plan_for(_last_deal([(20, 20)] * 5)) is Plan.NORMAL
    assert plan_for(_last_deal([(40, 20)] * 5)) is Plan.SAFE
    assert plan_for(_last_deal([(20, 40)] * 5)) is Plan.DESPERATE
    assert plan_for(_last_deal([(5, 30)] * 5)) is Plan.SINK
    state = pq.resume_game(pq.RUBICON, score_sheet=[(5, 30)] * 4)
    state = state.apply(state.sample_chance(random.Random(0)))
    assert plan_for(state.observation(pq.Player.A)) is Plan.NORMAL  # not yet the last deal


def test_a_race_nearly_won_plays_for_the_first_points() -> None:
    race = pq.AU_CENT
    state = pq.resume_game(race, score_sheet=[(90, 20)])
    state = state.apply(state.sample_chance(random.Random(0)))
    assert plan_for(state.observation(pq.Player.A)) is Plan.FEW_POINTS
    assert plan_for(state.observation(pq.Player.B)) is Plan.DESPERATE


def test_the_heuristic_beats_the_greedy_bot() -> None:
    """A small duplicate match (the ladder in the docs measures it properly): the same
    deals with seats swapped."""
    won = 0
    for seed in range(10):
        for seat in pq.Player:
            bots = [make("heuristic"), make("greedy")]
            if seat is pq.Player.B:
                bots.reverse()
            final = play_game(pq.RUBICON, bots, random.Random(seed))
            assert final.result is not None
            won += final.result.winner is seat
    assert won >= 11
