"""State.rollout: random legal actions to the end of the deal, inside the engine."""

from __future__ import annotations

import random

import pytest
from invariants import check_bonuses, check_cards, check_scores

import piquet as pq


def api_rollout(state: pq.State, rng: random.Random) -> pq.State:
    """The loop a search bot would write through the public API."""
    if state.to_move is pq.CHANCE and not state.is_over:
        state = state.apply(state.sample_chance(rng))
    while not state.is_over and state.to_move is not pq.CHANCE:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _positions(ruleset: pq.Ruleset, declarations: str, seed: int) -> list[pq.State]:
    """States of one random game, a few from every phase."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    out = []
    while not state.is_over and len(out) < 40:
        out.append(state)
        chance = state.to_move is pq.CHANCE
        state = state.apply(
            state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        )
    return out[::3]


@pytest.mark.parametrize("name", sorted(pq.RULESETS))
@pytest.mark.parametrize("declarations", ["auto", "played"])
def test_rollout_gives_the_api_loop_s_state_for_the_same_seed(name: str, declarations: str) -> None:
    """Same seed, same random calls: the very same end of deal, history and all."""
    for seed, start in enumerate(_positions(pq.RULESETS[name], declarations, seed=len(name))):
        fast, slow = random.Random(seed), random.Random(seed)
        end = start.rollout(fast)
        expected = api_rollout(start, slow)
        assert end == expected
        assert end.history == expected.history and end.events == expected.events
        assert fast.random() == slow.random()  # the generator was used alike


def test_rollout_ends_the_deal_and_breaks_no_rule() -> None:
    rng = random.Random(11)
    state = pq.new_game(pq.RUBICON)
    deals = 0
    while not state.is_over:
        before = state.deal_number
        state = state.rollout(rng)
        deals += 1
        assert state.is_over or state.to_move is pq.CHANCE
        assert state.deal_number == before + 1
        check_cards(state)
        check_scores(state)
        check_bonuses(state)
    assert deals == len(state.score_sheet)
    # every action replays through apply, which checks each one
    assert pq.loads(pq.dumps(state)) == state


def test_rollout_leaves_its_state_alone_and_stops_at_the_end() -> None:
    state = pq.new_game(pq.RUBICON, declarations="auto")
    state = state.apply(state.sample_chance(random.Random(1)))
    history = state.history
    state.rollout(random.Random(2))
    assert state.history == history and state.phase is pq.Phase.EXCHANGE
    finished = pq.new_deal(
        elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
        younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
        stock="7H 9D 8D 7D 10C 9C 8C 7C",
    ).rollout(random.Random(3))
    assert finished.is_over and finished.rollout(random.Random(4)) is finished


class _OwnRandom(random.Random):
    """A generator with its own random(): Random.choice then draws without getrandbits."""

    def random(self) -> float:
        return super().random()


def test_rollout_draws_as_choice_does_for_any_generator() -> None:
    start = pq.new_game(pq.RUBICON, declarations="auto")
    fast, slow = _OwnRandom(5), _OwnRandom(5)
    assert start.rollout(fast) == api_rollout(start, slow)
    assert fast.random() == slow.random()
