"""The exact solver of the play (piquet.search.solver), checked against the engine's play-out."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

import piquet as pq
from conftest import THOROUGH
from piquet import strategies as pst
from piquet.search.solver import SolverError, solve


def brute_force(state: pq.State) -> int:
    """The deal score of the player to move minus the opponent's at the end of the deal,
    under best play, by trying every sequence of plays through ``State.apply``."""
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    best: int | None = None
    for action in state.legal_actions():
        after = state.apply(action)
        if after.phase is pq.Phase.PLAY:
            value = brute_force(after)
            if after.to_move != mover:
                value = -value
        else:  # the deal is over (or a race's target stopped it)
            value = after.deal_scores[mover] - after.deal_scores[mover.other]
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def memoized_brute_force(state: pq.State) -> int:
    """:func:`brute_force`, remembering positions already valued (keyed on everything
    the rest of the deal can depend on): exact, and fast enough for half a deal."""
    return remembering_brute_force()(state)


def remembering_brute_force() -> Callable[[pq.State], int]:
    """A :func:`memoized_brute_force` whose memory is kept from call to call."""
    cache: dict[tuple[object, ...], int] = {}

    def value(state: pq.State) -> int:
        key = (
            state.hand(pq.Player.A),
            state.hand(pq.Player.B),
            state.trick,
            state.to_move,
            state.tricks_won,
            state.deal_scores,
            state.scores,
        )
        if key not in cache:
            mover = state.to_move
            assert isinstance(mover, pq.Player)
            best: int | None = None
            for action in state.legal_actions():
                after = state.apply(action)
                if after.phase is pq.Phase.PLAY:
                    found = value(after)
                    found = found if after.to_move == mover else -found
                else:
                    found = after.deal_scores[mover] - after.deal_scores[mover.other]
                best = found if best is None else max(best, found)
            assert best is not None
            cache[key] = best
        return cache[key]

    return value


@st.composite
def endgames(
    draw: st.DrawFn, most: int = 4, rulesets: st.SearchStrategy[pq.Ruleset] | None = None
) -> pq.State:
    """A play-phase state of any preset or house variant (or of ``rulesets``) with a few
    tricks left. The tricks before are played at random or, to reach lopsided counts of
    tricks (the cards, capot), by a mover who plays his highest card."""
    state = draw(
        pst.states(
            pst.rulesets() if rulesets is None else rulesets, phase=pq.Phase.PLAY, max_actions=0
        )
    )
    left = draw(st.integers(1, most))
    highest = draw(st.booleans())
    while state.phase is pq.Phase.PLAY and len(state.hand(state.to_move)) > left:  # type: ignore[arg-type]
        legal = state.legal_actions()
        if highest and draw(st.integers(0, 3)):
            action = max(legal, key=lambda play: play.card.rank if isinstance(play, pq.Play) else 0)
        else:
            action = legal[draw(st.integers(0, len(legal) - 1))]
        state = state.apply(action)
    if state.phase is not pq.Phase.PLAY:
        reject()
    return state


@settings(max_examples=min(60, settings().max_examples))
@given(endgames())
def test_the_value_is_the_brute_force_value(state: pq.State) -> None:
    solution = solve(state)
    assert solution.value == brute_force(state)
    assert all(solution.values[play] == solution.value for play in solution.best)
    for play in state.legal_actions():
        after = state.apply(play)
        if play in solution.best or after.phase is not pq.Phase.PLAY:
            continue
        value = brute_force(after)
        value = value if after.to_move == state.to_move else -value
        assert value < solution.value, play


RACES = [r for r in pq.RULESETS.values() if r.game.target is not None]


@st.composite
def race_endgames(draw: st.DrawFn) -> pq.State:
    """A race near its target (R-GM-2): the deal may stop the moment a player reaches it."""
    ruleset = draw(st.sampled_from(RACES))
    target = ruleset.game.target
    assert target is not None
    sheet = (draw(st.integers(target - 40, target - 1)), draw(st.integers(target - 40, target - 1)))
    state = pq.resume_game(
        ruleset,
        dealer=draw(st.sampled_from(list(pq.Player))),
        declarations=draw(st.sampled_from(["auto", "played"])),
        score_sheet=[sheet],
    )
    state = state.apply(draw(pst.deals(ruleset)))
    left = draw(st.integers(1, 5))
    while not (state.phase is pq.Phase.PLAY and len(state.hand(state.to_move)) <= left):  # type: ignore[arg-type]
        if state.phase is pq.Phase.OVER or state.to_move is pq.CHANCE:
            reject()
        legal = state.legal_actions()
        state = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    return state


@settings(max_examples=min(40, settings().max_examples))
@given(race_endgames())
def test_a_race_near_its_target_against_brute_force(state: pq.State) -> None:
    assert solve(state).value == memoized_brute_force(state)


@settings(max_examples=15)
@given(endgames(most=7))
def test_half_deals_against_a_remembering_brute_force(state: pq.State) -> None:
    # deep enough for the transposition table's shared entries to matter
    assert solve(state).value == memoized_brute_force(state)


@settings(max_examples=min(30, settings().max_examples))
@given(endgames())
def test_the_best_plays_achieve_the_value_and_the_others_do_not(state: pq.State) -> None:
    solution = solve(state, every_value=True)
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    assert solution.best
    assert set(solution.values) == set(state.legal_actions())
    for play, value in solution.values.items():
        after = state.apply(play)
        if after.phase is pq.Phase.PLAY:
            exact = brute_force(after)
            exact = exact if after.to_move == mover else -exact
        else:
            exact = after.deal_scores[mover] - after.deal_scores[mover.other]
        assert value == exact
        assert (play in solution.best) == (value == solution.value)


@pytest.mark.parametrize("name", sorted(pq.RULESETS))
@settings(max_examples=10)
@given(data=st.data())
def test_every_play_of_every_preset_against_a_remembering_brute_force(
    name: str, data: st.DataObject
) -> None:
    # deep enough for the bounds (sure tricks, counters, cards, capot) and the shared
    # table entries to matter; every play's value, so the best plays are checked too
    state = data.draw(endgames(most=6, rulesets=st.just(pq.RULESETS[name])))
    exact = remembering_brute_force()
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    solution = solve(state, every_value=True)
    assert solution.value == exact(state)
    for play, value in solution.values.items():
        after = state.apply(play)
        if after.phase is pq.Phase.PLAY:
            found = exact(after) if after.to_move == mover else -exact(after)
        else:
            found = after.deal_scores[mover] - after.deal_scores[mover.other]
        assert value == found, play
        assert (play in solution.best) == (value == solution.value)


@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_a_whole_deal_is_solved_and_its_best_play_keeps_the_value(name: str) -> None:
    rng = random.Random(7)
    state = pq.new_game(pq.RULESETS[name], declarations="auto")
    state = state.apply(state.sample_chance(rng))
    while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > 6:  # type: ignore[arg-type]
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    solution = solve(state)
    after = state.apply(solution.best[0])
    if after.phase is pq.Phase.PLAY:
        again = solve(after)
        value = again.value if after.to_move == state.to_move else -again.value
        assert value == solution.value


def test_only_the_play_phase_is_solved() -> None:
    with pytest.raises(SolverError, match="play"):
        solve(pq.new_game())
    with pytest.raises(TypeError, match="State"):
        solve("a state")  # type: ignore[arg-type]


def test_the_search_bench_prints_its_figures(
    capsys: pytest.CaptureFixture[str], frozen_heap: None
) -> None:
    from piquet.benchmarks.search import main

    assert main(deals=1, positions=2) == 0
    out = capsys.readouterr().out
    assert "Python 3." in out
    assert re.search(r"sample rubicon \(played declarations\): \d+ us a sample", out)
    assert re.search(r"solve rubicon, 12 tricks left: mean [\d.]+ ms", out)


def _live_pique(seed: int) -> pq.State:
    """A Rubicon deal whose younger has scored nothing yet, with the elder a few points
    from a pique (R-PR-3), seven tricks from the end (seeds found by a search)."""
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations="auto")
    state = state.apply(state.sample_chance(rng))
    while state.phase is not pq.Phase.PLAY:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    while len(state.hand(state.to_move)) > 7:  # type: ignore[arg-type]
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("seed", [29, 46, 261, 304] if THOROUGH else [29, 261])
def test_a_pique_still_open_in_the_play(seed: int) -> None:
    state = _live_pique(seed)
    younger = state.dealer
    assert not any(event.player == younger for event in state.events)
    assert not any(event.reason is pq.Reason.PIQUE for event in state.events)
    assert solve(state).value == memoized_brute_force(state)
