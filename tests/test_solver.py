"""The exact solver of the play (piquet.solver), checked against the engine's own play-out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from piquet import strategies as pst
from piquet.solver import SolverError, solve


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


@st.composite
def endgames(draw: st.DrawFn) -> pq.State:
    """A play-phase state of any preset or house variant with a few tricks left."""
    state = draw(pst.states(pst.rulesets(), phase=pq.Phase.PLAY, max_actions=0))
    left = draw(st.integers(1, 4))
    while state.phase is pq.Phase.PLAY and len(state.hand(state.to_move)) > left:  # type: ignore[arg-type]
        legal = state.legal_actions()
        state = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    if state.phase is not pq.Phase.PLAY:
        from hypothesis import reject

        reject()
    return state


@settings(max_examples=60)
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


@settings(max_examples=30)
@given(endgames())
def test_the_best_plays_achieve_the_value_and_the_others_do_not(state: pq.State) -> None:
    solution = solve(state, every_value=True)
    mover = state.to_move
    assert solution.best
    assert set(solution.values) == set(state.legal_actions())
    for play, value in solution.values.items():
        after = state.apply(play)
        if after.phase is pq.Phase.PLAY:
            exact = brute_force(after)
            exact = exact if after.to_move == mover else -exact
        else:
            exact = after.deal_scores[mover] - after.deal_scores[mover.other]  # type: ignore[index]
        assert value == exact
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
