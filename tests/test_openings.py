"""R-DE-1a: a call is heard a word at a time, and a replay tries for the opponent's
unshown opening call only his claims that say the words heard. A placement whose hand
holds none is dropped before it is dealt (``search._reads.opens_as_heard``); these tests
check that every placement so dropped is one the replay itself drops. Likewise his
unshown answers that would not score as the ledger shows (R-DE-7 hides only their
cards) are not tried (``search._steps._scoring_as_heard``): the placements kept are
the same; and a dialogue's key does not count them, so placements that differ only in
those share a course."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest
from positions import first_lead_positions, play_positions, played_by
from test_redealt import replaying_plan

import piquet as pq
import piquet.search._dialogues as dialogues_module
import piquet.search._reads as reads_module
import piquet.search._replay as replay_module
import piquet.search._steps as steps_module
from conftest import scaled
from piquet.engine.category_table import KEY
from piquet.engine.combination_tables import tables_of
from piquet.engine.dialogue import NOT_GOOD
from piquet.search._dialogues import _keyed_in_python
from piquet.search._plan import make_plan
from piquet.search._propose import proposal
from piquet.search._reads import key_reads, opening_reads, opens_as_heard
from piquet.search._replay import draw_state
from piquet.search._verdicts import answered, is_answer

PLAYED = sorted(pq.RULESETS)
Part = tuple[tuple[object, ...], tuple[tuple[int, int], ...], int, object]
"""A category's part of a dialogue's key (``_dialogues._keyed``)."""
DRAWS = 40  # placements proposed a position


@pytest.mark.parametrize("phase", [pq.Phase.PLAY, pq.Phase.DECLARATION])
@pytest.mark.parametrize("name", PLAYED)
def test_a_placement_holding_no_claim_saying_his_opening_words_is_one_the_replay_drops(
    name: str, phase: pq.Phase, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = scaled(6, 20)
    positions = play_positions(name, "played", count, seed=len(name) * 7, phase=phase)
    dropped = _dropped_as_the_replay_drops(positions, monkeypatch)
    if phase is pq.Phase.DECLARATION and name in ("rubicon", "cotton_1674"):
        assert dropped > 0  # the check was exercised, not only passed


def _dropped_as_the_replay_drops(positions: list[pq.State], monkeypatch: pytest.MonkeyPatch) -> int:
    """Placements proposed at each position; each that :func:`opens_as_heard` drops is
    drawn again with the check left out and replayed, and must be dropped: how many."""
    dropped = 0
    for i, state in enumerate(positions):
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        if not plan.dealt or not opening_reads(plan):
            continue
        replaying = replaying_plan(plan)
        for seed in range(i * 1_000, i * 1_000 + DRAWS):
            proposed = proposal(plan, random.Random(seed))[0]
            if proposed is None or opens_as_heard(plan, proposed[0]):
                continue
            dropped += 1
            # the same draw, the check left out: the replay itself drops it
            with monkeypatch.context() as patch:
                patch.setattr(replay_module, "opens_as_heard", lambda plan, hand: True)
                assert draw_state(replaying, random.Random(seed))[0] is None, seed
    return dropped


def test_the_opponent_s_own_hand_says_his_opening_words() -> None:
    # the hand he held is always one he may have held
    met = 0
    for state in play_positions("rubicon", "played", 60, seed=9):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        opponent = seen.player.other
        held = state.hand(opponent).mask | played_by(state, opponent)
        if opening_reads(plan):
            met += 1
            assert opens_as_heard(plan, held)
    assert met > 5


def test_automatic_declarations_open_nothing_to_check() -> None:
    state = play_positions("rubicon", "auto", 1, seed=2)[0]
    assert isinstance(state.to_move, pq.Player)
    plan = make_plan(state.observation(state.to_move), "auto")
    assert opening_reads(plan) == () and opens_as_heard(plan, 0)


@pytest.mark.parametrize("name", ["rubicon", "au_cent", "cotton_1674"])
def test_answers_not_scoring_as_the_ledger_shows_are_not_tried_and_the_same_are_kept(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the elder before his first lead: the younger's winning point told by its points
    positions = first_lead_positions(name, "played", scaled(12, 40), seed=len(name))
    pruned = kept = 0
    for i, state in enumerate(positions):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        if not plan.dealt:
            continue
        every = replaying_plan(plan)
        for seed in range(i * 1_000, i * 1_000 + DRAWS):
            with monkeypatch.context() as patch:
                counted = _counting(patch, "_scoring_as_heard", _every_answer)
                pruning = draw_state(replaying_plan(plan), random.Random(seed))[0]
                pruned += counted[0]
            with monkeypatch.context() as patch:
                patch.setattr(steps_module, "_scoring_as_heard", _every_place)
                trying_all = draw_state(every, random.Random(seed))[0]
            # the same placement drawn: kept whether or not those answers are tried
            assert (pruning is None) == (trying_all is None), seed
            kept += pruning is not None
    assert kept > 0
    if name == "rubicon":
        assert pruned > 0  # some answers were not tried


@pytest.mark.parametrize("name", ["rubicon", "au_cent", "cotton_1674"])
def test_a_key_counts_only_his_answers_that_score_as_the_ledger_shows(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    positions = first_lead_positions(name, "played", scaled(12, 40), seed=len(name) + 1)
    rng = random.Random(len(name))
    left_out = 0
    keys: set[object] = set()
    every_key: set[object] = set()
    for state in positions:
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        reads = key_reads(plan) if plan.dealt else None
        if reads is None:
            continue
        for _ in range(DRAWS):
            proposed = proposal(plan, rng)[0]
            if proposed is None:
                continue
            hand, discard = proposed[0], proposed[1]  # no card taken matters to the key
            keyed = _keyed_in_python(plan, reads, hand, hand, discard)
            with monkeypatch.context() as patch:
                patch.setattr(reads_module, "scores_as_heard", lambda *args: True)
                patch.setattr(dialogues_module, "scores_as_heard", lambda *args: True)
                every = _keyed_in_python(plan, reads, hand, hand, discard)
            if keyed is None or every is None:
                assert keyed == every
                continue
            keys.add((id(plan), keyed[0]))
            every_key.add((id(plan), every[0]))
            for category, part, every_part in zip(
                reads.categories, keyed[0][1:], every[0][1:], strict=True
            ):
                answers, all_answers = cast(Part, part)[1], cast(Part, every_part)[1]
                if category.scored is None:
                    assert answers == all_answers
                    continue
                # the winning answer scores its points; one that ties or loses, nothing
                scoring = [
                    a
                    for a in all_answers
                    if ((a[1],) if a[0] == NOT_GOOD and a[1] > 0 else ()) == category.scored
                ]
                assert answers == tuple(scoring)
                left_out += len(all_answers) - len(answers)
    if name == "rubicon":
        assert left_out > 0 and len(keys) < len(every_key)  # placements now share keys


def _every_place(plan: object, pool: list[pq.Action], category: pq.Category) -> list[int]:
    return list(range(len(pool)))


def _counting(patch: pytest.MonkeyPatch, name: str, everyone: Callable[..., int]) -> list[int]:
    """Counts, in a one-item list, what ``steps_module.<name>`` (a choice's places) leaves
    out of the ``everyone(chosen, *args)`` places it would keep leaving none out."""
    counted = [0]
    chosen = getattr(steps_module, name)

    def counting(*args: object) -> list[int]:
        places: list[int] = chosen(*args)
        counted[0] += everyone(chosen, *args) - len(places)
        return places

    patch.setattr(steps_module, name, counting)
    return counted


def _every_answer(chosen: object, plan: object, pool: list[pq.Action], category: object) -> int:
    return len(pool)  # _scoring_as_heard leaving none out: the whole pool


def _every_candidate(chosen: Callable[..., list[int]], *args: object) -> int:
    with pytest.MonkeyPatch.context() as every:  # the check never matches: every candidate
        every.setattr(steps_module, "NOT_HEARD", object())
        return len(chosen(*args))


@pytest.mark.parametrize("phase", [pq.Phase.PLAY, pq.Phase.DECLARATION])
@pytest.mark.parametrize("name", ["rubicon", "cotton_1674"])
def test_his_candidates_whose_later_words_were_not_heard_are_left_out_and_the_same_are_kept(
    name: str, phase: pq.Phase, monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-DE-1a: a call is heard a word at a time; a candidate of his unshown opening call
    # whose later words differ from those heard would be dropped at the first that differs
    positions = play_positions(name, "played", scaled(10, 30), seed=len(name) * 11, phase=phase)
    left_out = kept = 0
    for i, state in enumerate(positions):
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        if not plan.dealt or not opening_reads(plan):
            continue
        for seed in range(i * 1_000, i * 1_000 + DRAWS):
            with monkeypatch.context() as patch:
                counted = _counting(patch, "_saying", _every_candidate)
                leaving_out = draw_state(replaying_plan(plan), random.Random(seed))[0]
                left_out += counted[0]
            with monkeypatch.context() as patch:  # the check never matches: every candidate
                patch.setattr(steps_module, "NOT_HEARD", object())
                trying_all = draw_state(replaying_plan(plan), random.Random(seed))[0]
            # the same placement drawn: kept whether or not those candidates are tried
            assert (leaving_out is None) == (trying_all is None), seed
            kept += leaving_out is not None
    assert kept > 0
    if name == "rubicon" and phase is pq.Phase.DECLARATION:
        assert left_out > 0  # some candidates were left out


@pytest.mark.parametrize("name", PLAYED)
def test_a_claim_is_an_answer_as_the_dialogue_s_answers_make_it(name: str) -> None:
    # is_answer (a key's memo of his answers) judges a claim as dialogue.answers does
    # (R-DE-1a): better at the word answered, or tied at the last word
    rules = pq.RULESETS[name]
    rng = random.Random(len(name))
    start = pq.new_game(rules)
    verdicts = set()
    for table in tables_of(rules):
        claims: set[int] = set()
        for _ in range(scaled(40, 200)):
            dealt = start.apply(start.sample_chance(rng))
            for player in pq.Player:
                claims.update(table.claims(dealt.hand(player).mask))
        ordered = sorted(claims)
        keys = sorted({table.info(claim)[KEY] for claim in ordered})
        for _ in range(scaled(500, 3_000)):
            claim, key = rng.choice(ordered), rng.choice(keys)
            word = rng.randrange(len(table.word_ends(key)))
            expected = claim in answered(table, claim, (key, word))
            assert is_answer(table, claim, (key, word)) is expected, (claim, key, word)
            verdicts.add(expected)
    assert verdicts == {True, False}
