"""Samples dealt again (piquet.search._redealt, piquet.engine.redeal) against samples
replayed through the engine: with automatic declarations, every placement the sampler
proposes is kept or dropped alike both ways, and a kept one is the same state, as far as
anything can tell (equality, history, ledger, words, both observations, the JSON record,
what follows). A few hundred placements a preset in the README's run, many more under
``--run-slow``.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from positions import blanche_position, play_positions

import piquet as pq
from conftest import scaled
from piquet.engine.redeal import Redeal, auto_resolution, seen_of_resolution
from piquet.search._plan import Plan, make_plan
from piquet.search._redealt import _REPLAY
from piquet.search._replay import draw_state

PRESETS = sorted(pq.RULESETS)
QUICK = scaled(12, 30)  # play positions a preset; FULL under --run-slow
FULL = 400
DRAWS = 40  # placements proposed a position


def replaying_plan(plan: Plan) -> Plan:
    """The plan replaying every placement and reading every observation, remembering
    nothing that the plan under test has remembered."""
    return attrs.evolve(
        plan,
        redealing=False,
        remembers_facts=False,
        as_observed={},
        heard_by_duels={},
        said_aloud={},
        redeals={},
        remembers_dialogues=False,  # and, with declarations played, the dialogues
        dialogues={},
        dialogue_reads=[],
        declarations_begin={},
    )


def assert_same_state(redealt: pq.State, replayed: pq.State, seen: pq.Observation) -> None:
    assert redealt == replayed and hash(redealt) == hash(replayed)
    assert redealt.history == replayed.history
    assert redealt.events == replayed.events and redealt.spoken == replayed.spoken
    assert redealt.deal_scores == replayed.deal_scores and redealt.scores == replayed.scores
    for player in pq.Player:
        assert redealt.observation(player) == replayed.observation(player)
        assert redealt.legal_actions() == replayed.legal_actions()
    assert redealt.observation(seen.player) == seen
    assert redealt.to_json() == replayed.to_json()
    assert pickle.loads(pickle.dumps(redealt)) == replayed
    # and what follows: the same deal's end from the same stream
    end_a = redealt.rollout(random.Random(5))
    end_b = replayed.rollout(random.Random(5))
    assert end_a == end_b and end_a.events == end_b.events


def compare_draws(plan: Plan, seen: pq.Observation, seeds: range) -> int:
    """Every placement drawn from these seeds both ways, dealt again by ``plan`` and
    replayed by its :func:`replaying_plan`, compared: the placements kept."""
    replaying = replaying_plan(plan)
    kept = 0
    for seed in seeds:
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        redealt = draw_state(plan, rng_a)[0]
        replayed = draw_state(replaying, rng_b)[0]
        assert rng_a.getstate() == rng_b.getstate(), seed
        assert (redealt is None) == (replayed is None), seed
        if redealt is not None and replayed is not None:
            assert_same_state(redealt, replayed, seen)
            kept += 1
    return kept


def check_placements(name: str, count: int) -> tuple[int, int]:
    """Every placement proposed both ways; the placements kept and dealt again."""
    kept = redealt_count = 0
    for i, state in enumerate(play_positions(name, "auto", count, seed=len(name) * 31)):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "auto")
        if not plan.redealing:
            continue
        kept += compare_draws(plan, seen, range(i * 1_000, i * 1_000 + DRAWS))
        redealt_count += sum(isinstance(v, Redeal) for v in plan.redeals.values())
    return kept, redealt_count


@pytest.mark.parametrize("name", PRESETS)
def test_a_placement_dealt_again_is_the_placement_replayed(name: str) -> None:
    kept, templates = check_placements(name, QUICK)
    assert kept > QUICK and templates > 0  # the comparison was made, and dealt again


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_a_placement_dealt_again_is_the_placement_replayed_on_many_positions(name: str) -> None:
    kept, templates = check_placements(name, FULL)
    assert kept > FULL and templates > 0


def test_what_is_seen_of_a_resolution_leaves_out_the_loser_s_best() -> None:
    elder = pq.cards("AS KS QS JS 10S 9H 8H 7H AD AC KC QC").mask
    younger = pq.cards("9S 8S 7S KH QH JH 10D 9D 8D 7D JC 10C").mask
    other_younger = pq.cards("9S 8S 7S KH QH JH 10D 9D 8D JD JC 10C").mask
    first = auto_resolution(pq.RUBICON, elder, younger)
    second = auto_resolution(pq.RUBICON, elder, other_younger)
    assert first != second  # the younger's best point differs...
    assert seen_of_resolution(first) == seen_of_resolution(second)  # ...and is not seen
    point = seen_of_resolution(first)[0]
    assert point[0] == 1 and point[1] == pq.cards("AS KS QS JS 10S").mask


def test_a_redeal_refuses_what_it_can_not_deal_again() -> None:
    start = pq.new_game(pq.RUBICON, declarations="auto")
    dealt = start.apply(start.sample_chance(random.Random(2)))
    with pytest.raises(ValueError, match="state of the play"):
        Redeal(start, dealt)
    played = pq.new_game(pq.RUBICON)
    state = played.apply(played.sample_chance(random.Random(2)))
    with pytest.raises(ValueError, match="state of the play"):
        Redeal(played, state)  # declarations played: from the declarations on, not before
    with pytest.raises(ValueError, match="the actions of a deal"):
        Redeal(state, state)
    with pytest.raises(ValueError, match="does not follow"):
        Redeal(dealt, start)


@pytest.mark.parametrize("name", ["rubicon", "cotton_1674"])
def test_a_carte_blanche_shown_is_dealt_again_only_as_it_was_shown(name: str) -> None:
    state = blanche_position(pq.RULESETS[name], "younger", seed=11)
    elder = state.elder
    seen = state.observation(elder)
    assert seen.opponent_shown  # the elder has seen the younger's carte blanche
    plan = make_plan(seen, "auto")
    assert plan.redealing
    kept = compare_draws(plan, seen, range(200))
    assert kept > 20


@pytest.mark.parametrize("name", ["rubicon", "cotton_1674"])
@pytest.mark.parametrize("observer", ["elder", "younger"])
def test_an_elder_s_carte_blanche_is_always_replayed(name: str, observer: str) -> None:
    state = blanche_position(pq.RULESETS[name], "elder", seed=3)
    player = state.elder if observer == "elder" else state.younger
    seen = state.observation(player)
    plan = make_plan(seen, "auto")
    kept = compare_draws(plan, seen, range(300))
    assert kept > 10
    assert _REPLAY in plan.redeals.values()  # a key kept, but never dealt again
    assert not any(isinstance(v, Redeal) for v in plan.redeals.values())


def test_what_is_seen_of_a_tie_is_both_bests() -> None:
    # equal points (five cards, 50 each) in different suits: a tie, both shown
    elder = pq.cards("AS KS QS JS 9S 8H 7H 8D 7D 8C 7C 10H").mask
    younger = pq.cards("AH KH QH JH 9H 10S 8S 7S 10D JC 9C 10C").mask
    other = pq.cards("AD KD QD JD 9D 10S 8S 7S 10C JC 9C 9H").mask  # the tie in diamonds
    first = seen_of_resolution(auto_resolution(pq.RUBICON, elder, younger))
    assert first[0] == (0, pq.cards("AS KS QS JS 9S").mask, pq.cards("AH KH QH JH 9H").mask)
    second = seen_of_resolution(auto_resolution(pq.RUBICON, elder, other))
    assert second[0][0] == 0 and second[0] != first[0]  # the younger's best differs, seen
