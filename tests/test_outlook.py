"""The partie's outlook: a deal's outcome valued by the partie's expected settlement."""

from __future__ import annotations

import random

import pytest

import piquet as pq
from piquet.bots import StrongBot
from piquet.bots.outlook import FUTURES, Outlook
from piquet.search.worlds import partie_value, totals_after_deal

#: A world where the elder always scores 30 and the younger 10: futures known exactly.
ELDER_THIRTY = Outlook(pq.RUBICON.game, ((30, 10),))


def in_deal(ruleset: pq.Ruleset, number: int) -> pq.State:
    """A state at the exchange of deal ``number`` of a partie of heuristic play."""
    bot = pq.bots.make("heuristic")
    rng = random.Random(number)
    state = pq.new_game(ruleset)
    while True:
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
            if state.deal_number == number:
                return state
        else:
            state = state.apply(bot.choose(state.observation(state.to_move)))  # type: ignore[arg-type]


def test_the_futures_give_each_player_the_elders_points_in_turn() -> None:
    assert ELDER_THIRTY.futures(2, elder_next=True) == [(40, 40)] * FUTURES
    assert ELDER_THIRTY.futures(3, elder_next=True) == [(70, 50)] * FUTURES
    assert ELDER_THIRTY.futures(3, elder_next=False) == [(50, 70)] * FUTURES


def test_points_that_save_the_rubicon_are_worth_more_than_their_count() -> None:
    """R-GM-1: the loser under the rubicon gives the winner his own total again; one
    point more that takes him to the rubicon saves the bonus of his total and more."""
    nothing = Outlook(pq.RUBICON.game, ((0, 0),))
    assert nothing.expected((99, 200), 1, elder_next=True) == -(200 + 99 + 100)
    assert nothing.expected((100, 200), 1, elder_next=True) == -(200 - 100 + 100)


@pytest.mark.parametrize("deal", [3, 5])
def test_the_next_deals_elder_is_this_deals_younger(deal: int) -> None:
    state = in_deal(pq.RUBICON, deal)
    for player in pq.Player:
        totals = totals_after_deal(state, player, 0)
        expected = ELDER_THIRTY.expected(totals, 6 - deal, elder_next=player is state.younger)
        wrong = ELDER_THIRTY.expected(totals, 6 - deal, elder_next=player is state.elder)
        assert ELDER_THIRTY.value(state, player, 0) == expected != wrong


@pytest.mark.parametrize("margin", [-40, 0, 25])
def test_the_last_deal_is_valued_by_the_settlement_itself(margin: int) -> None:
    state = in_deal(pq.RUBICON, 6)
    outlook = Outlook.of(pq.RUBICON)
    assert outlook.value(state, state.elder, margin) == partie_value(state, state.elder, margin)


def test_a_race_is_valued_by_the_margin() -> None:
    race = next(r for r in pq.RULESETS.values() if r.game.target is not None)
    state = in_deal(race, 1)
    assert Outlook.of(race).value(state, state.elder, 17) == 17.0


def test_before_the_last_deal_a_lead_is_worth_more_than_its_points() -> None:
    """Sixty up after the first of six deals wins the partie more often than not: its
    expected settlement is above sixty, and sixty down below minus sixty."""
    state = in_deal(pq.RUBICON, 1)
    outlook = Outlook.of(pq.RUBICON)
    assert outlook.value(state, state.elder, 60) > 60 > -60 > outlook.value(state, state.elder, -60)
    assert outlook is Outlook.of(pq.RUBICON)
    assert len(outlook.deal_points) > 100


def test_an_outlook_needs_points() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        Outlook(pq.RUBICON.game, ())


def test_the_strong_bot_values_by_the_outlook_only_when_asked() -> None:
    state = in_deal(pq.RUBICON, 2)
    plain, looking = StrongBot(random.Random(1)), StrongBot(random.Random(1), outlook=True)
    assert plain.worth(state, state.elder, 30) == 30.0
    assert looking.worth(state, state.elder, 30) == Outlook.of(pq.RUBICON).value(
        state, state.elder, 30
    )
