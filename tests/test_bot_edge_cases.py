"""Bots at the edges: a carte blanche count, declarations where a search bot does not
branch, an unknown rollout policy, forgetting a bot never registered, comparing calls
of two categories."""

from __future__ import annotations

import random

import pytest

import piquet as pq
from piquet.bots import make, unregister
from piquet.bots.helpers import compare_calls
from piquet.bots.rollouts import rollout, tree_actions

BLANK = pq.new_deal(
    pq.RUBICON,
    elder="AS 10S 9S 8S 7S AH 10H 9H 8H AD 10D AC",  # no king, queen or jack
    younger="KS QS JS KH QH JH 7H KD QD JD 9D 8D",
    stock="7D KC QC JC 10C 9C 8C 7C",
)


def test_the_heuristic_elder_with_carte_blanche_exchanges_all_five() -> None:
    legal = BLANK.legal_actions()
    assert {str(a) for a in legal} == {f"count {n}" for n in range(1, 6)}
    bot = make("heuristic", seed=1)
    assert bot.choose(BLANK.observation(pq.Player.A)) == pq.ExchangeCount(5)


def declaring_state() -> pq.State:
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(3)))
    while state.phase is not pq.Phase.DECLARATION:
        state = state.apply(state.legal_actions()[0])
    return state


def test_search_trees_do_not_branch_on_declarations() -> None:
    state = declaring_state()
    assert tree_actions(state, discards=4) is None
    assert tree_actions(state.rollout(random.Random(1)), discards=4) in (None, [])


@pytest.mark.parametrize("bot", ["ismcts", "pimc"])
def test_search_bots_leave_the_declarations_to_the_heuristic(bot: str) -> None:
    state = declaring_state()
    seen = state.observation(state.to_move)  # type: ignore[arg-type]
    options = {"iterations": 4} if bot == "ismcts" else {"worlds": 2}
    chosen = make(bot, seed=2, **options).choose(seen)
    assert chosen == make("heuristic", seed=2).choose(seen)


def test_rollout_refuses_an_unknown_policy() -> None:
    with pytest.raises(ValueError, match="rollout policy must be 'random' or 'heuristic'"):
        rollout(declaring_state(), random.Random(1), policy="greedy")


def test_forgetting_a_bot_never_registered_names_it() -> None:
    with pytest.raises(KeyError, match="no bot registered as 'nobody'"):
        unregister("nobody")


def test_calls_of_two_categories_cannot_be_compared() -> None:
    point = pq.Call(pq.Category.POINT, pq.cards("AS KS QS"))
    tierce = pq.Call(pq.Category.SEQUENCE, pq.cards("AS KS QS"))
    with pytest.raises(ValueError, match=r"cannot compare a .*point.* call with a .*sequence"):
        compare_calls(pq.RUBICON, point, tierce)
