"""The facts by which a sampler remembers whether a replayed state gives the
observation (piquet.engine.seen.hidden_facts): in the play, states of the same course
alike in them give the same observation. Checked where it is used: every placement the
sampler proposes is replayed with the answer remembered and with the observation read
each time, and both must keep the same placements and give the same states, on play
positions of every preset, both declaration modes (the automatic ones replayed, not
dealt again). Many more positions under ``--run-slow``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from positions import play_positions

import piquet as pq
from conftest import scaled
from piquet.engine.seen import hidden_facts
from piquet.search._plan import make_plan
from piquet.search._replay import draw_state
from piquet.search.sampling import Declarations

PRESETS = sorted(pq.RULESETS)
QUICK = scaled(10, 25)
FULL = 300
DRAWS = 30


def check_answers(name: str, mode: Declarations, count: int) -> tuple[int, int]:
    """The placements kept, and the answers remembered."""
    kept = remembered = 0
    for i, state in enumerate(play_positions(name, mode, count, seed=len(name) * 13)):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = attrs.evolve(make_plan(seen, mode), redealing=False)
        assert plan.remembers_facts
        reading = attrs.evolve(
            plan, remembers_facts=False, as_observed={}, heard_by_duels={}, said_aloud={}
        )
        for k in range(DRAWS):
            rng_a, rng_b = random.Random(i * 1_000 + k), random.Random(i * 1_000 + k)
            a = draw_state(plan, rng_a)[0]
            b = draw_state(reading, rng_b)[0]
            assert rng_a.getstate() == rng_b.getstate(), (name, mode, i, k)
            assert (a is None) == (b is None), (name, mode, i, k)
            if a is not None and b is not None:
                assert a == b and a.history == b.history and a.events == b.events
                assert a.observation(seen.player) == seen
                kept += 1
        remembered += len(plan.as_observed)
        assert not reading.as_observed
    return kept, remembered


@pytest.mark.parametrize("mode", ["played", "auto"])
@pytest.mark.parametrize("name", PRESETS)
def test_a_remembered_answer_is_the_observation_s(name: str, mode: Declarations) -> None:
    kept, remembered = check_answers(name, mode, QUICK)
    assert kept > QUICK and 0 < remembered < kept  # answers were remembered, and reused


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["played", "auto"])
@pytest.mark.parametrize("name", PRESETS)
def test_a_remembered_answer_is_the_observation_s_on_many_positions(
    name: str, mode: Declarations
) -> None:
    kept, remembered = check_answers(name, mode, FULL)
    assert kept > FULL and 0 < remembered < kept


def test_the_facts_are_hashable_and_differ_with_the_cards() -> None:
    # automatic declarations keep their resolution, not words
    start = pq.new_game(pq.RUBICON, declarations="auto")
    rng = random.Random(8)
    first = start.apply(start.sample_chance(rng))
    while first.phase is not pq.Phase.PLAY:
        first = first.apply(first.legal_actions()[0])
    facts = hidden_facts(first)
    assert facts[1] is not None and facts[0] == ()  # resolved, nothing said word by word
    assert hash(facts) == hash(hidden_facts(first))
    with_other_cards = start.apply(start.sample_chance(rng))
    while with_other_cards.phase is not pq.Phase.PLAY:
        with_other_cards = with_other_cards.apply(with_other_cards.legal_actions()[0])
    assert hidden_facts(with_other_cards) != facts
