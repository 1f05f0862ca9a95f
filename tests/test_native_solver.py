"""The compiled solver (piquet.search._csolve) against the pure-Python one: the same value,
the same best moves and the same value of every move, on positions of every preset from
random games (most in mid-play, some whole deals, races near their target included), and
the kernel's own tables against the pure search's, cell by cell.

Marked ``native("_csolve")``: deselected, with the reason in the summary, where the kernel
is not built or ``PIQUET_NATIVE=0`` switches it off."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import piquet as pq
from piquet.rules.presets import RULESETS
from piquet.search import native
from piquet.search._fast import fast_search
from piquet.search._fast_tables import fast_tables
from piquet.search._moves import _suit_entry
from piquet.search._native_solve import native_search, native_tables
from piquet.search._search import Search
from piquet.search._solver_rules import play_rules
from piquet.search.solver import _mtdf, solve

pytestmark = pytest.mark.native("_csolve")

PRESETS = sorted(RULESETS)


@contextmanager
def _path(enabled: bool) -> Iterator[None]:
    """Run the solver on the kernel (True) or the pure path (False)."""
    before = os.environ.get(native.ENV_VAR)
    os.environ[native.ENV_VAR] = "1" if enabled else "0"
    native.kernel.cache_clear()
    try:
        yield
    finally:
        if before is None:
            del os.environ[native.ENV_VAR]
        else:
            os.environ[native.ENV_VAR] = before
        native.kernel.cache_clear()


def _positions(ruleset: pq.Ruleset, count: int, seed: int) -> Iterator[pq.State]:
    """``count`` play-phase positions from random games: whole deals (the first lead) one
    time in 25, the rest with one to eight tricks to go (cheap for the pure path); the
    games go on from deal to deal, so races come near their target."""
    rng = random.Random(seed)
    found = 0
    state = pq.new_game(ruleset, declarations="auto")
    while found < count:
        if state.is_over:
            state = pq.new_game(ruleset, declarations="auto")
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.phase is pq.Phase.PLAY:
            left = len(state.hand(state.to_move))
            whole = left == 12 and not state.trick and rng.randrange(25) == 0
            if whole or (left <= 8 and rng.randrange(3) == 0):
                found += 1
                yield state
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


def _both(state: pq.State) -> tuple[object, object]:
    with _path(False):
        pure = solve(state, every_value=True)
    with _path(True):
        compiled = solve(state, every_value=True)
    return (
        (pure.value, pure.best, dict(pure.values)),
        (compiled.value, compiled.best, dict(compiled.values)),
    )


def _check(preset: str, count: int, seed: int) -> None:
    for number, state in enumerate(_positions(RULESETS[preset], count, seed)):
        pure, compiled = _both(state)
        assert compiled == pure, f"{preset}, position {number}: {compiled} != {pure}"


@pytest.mark.parametrize("preset", PRESETS)
def test_compiled_solver_matches_the_pure_solver(preset: str) -> None:
    _check(preset, 50, seed=1)  # 10,000 a preset in the slow test below


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_compiled_solver_matches_the_pure_solver_on_ten_thousand_positions(preset: str) -> None:
    _check(preset, 10_000, seed=2)


def _suit_kinds() -> dict[tuple[bool, bool], str]:
    """A preset for each kind of suit entry (classes, counted): the entries depend on
    nothing else."""
    kinds: dict[tuple[bool, bool], str] = {}
    for preset in PRESETS:
        rules = play_rules(RULESETS[preset])
        kinds.setdefault((rules.classes, fast_tables(rules).counted), preset)
    return kinds


@pytest.mark.parametrize("preset", sorted(_suit_kinds().values()))
def test_kernel_suit_entries_are_the_pure_searchs(preset: str) -> None:
    rules = play_rules(RULESETS[preset])
    tables = native_tables(rules)
    counted = fast_tables(rules).counted
    for pair in range(1 << 18):
        if not (pair >> 9) & pair:
            assert tables.suit_entry(pair) == _suit_entry(rules.classes, counted, pair), pair  # type: ignore[attr-defined]


def _bound_keys(count: int | None, seed: int) -> Iterator[int]:
    """Keys of the bounds (see piquet.search._fast_tables.Bounds): every cell, or
    ``count`` at random."""
    cells = [
        (won * 13 + left) << 24 | mine << 16 | theirs << 8 | sure
        for won in range(13)
        for left in range(13 - won)
        for mine in range(13)
        for theirs in range(13)
        for sure in range(16)
    ]
    yield from cells if count is None else random.Random(seed).sample(cells, count)


def _check_bounds(preset: str, count: int | None) -> None:
    rules = play_rules(RULESETS[preset])
    tables = native_tables(rules)
    pure = fast_tables(rules)
    for key in _bound_keys(count, seed=7):
        assert tables.bound(True, key) == pure.upper[key], key  # type: ignore[attr-defined]
        assert tables.bound(False, key) == pure.lower[key], key  # type: ignore[attr-defined]


@pytest.mark.parametrize("preset", PRESETS)
def test_kernel_bounds_are_the_pure_searchs(preset: str) -> None:
    _check_bounds(preset, 2000)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_kernel_bounds_are_the_pure_searchs_in_every_cell(preset: str) -> None:
    _check_bounds(preset, None)


@pytest.mark.parametrize("preset", ["rubicon", "cotton_1674", "au_cent_36"])
def test_kernel_fast_search_agrees_with_the_pure_fast_search(preset: str) -> None:
    """Fail-soft tests of the same position: on the same side of beta, always."""
    rules = play_rules(RULESETS[preset])
    kernel = native.kernel("_csolve")
    assert kernel is not None
    compiled = kernel.Search(native_tables(rules))
    pure, _ = fast_search(rules)
    tested = 0
    for state in _positions(RULESETS[preset], 400, seed=5):
        leader = state.to_move
        if state.trick or len(state.hand(leader)) < 2 or not isinstance(leader, pq.Player):
            continue
        mine, theirs = state.hand(leader).mask, state.hand(leader.other).mask
        won = state.tricks_won[leader]
        exact = _mtdf(lambda _, beta: pure(mine, theirs, won, beta), 0)  # noqa: B023
        for beta in (exact - 7, exact, exact + 1, exact + 12, -40, 40):
            assert (compiled.fast(mine, theirs, won, beta) >= beta) == (exact >= beta)
        tested += 1
    assert tested > 50


def test_solve_runs_the_kernel_unless_switched_off() -> None:
    state = next(_positions(RULESETS["rubicon"], 1, seed=3))
    with _path(True):
        assert pq.native_available() is native.native_available()
        assert native.kernel("_csolve") is not None
    with _path(False):
        assert native.kernel("_csolve") is None
        assert not pq.native_available()
        pure = solve(state)
    with _path(True):
        assert solve(state) == pure


def test_where_the_solver_is_built_every_module_of_the_kernel_is() -> None:
    """The wheels' own test (cibuildwheel's test command runs this file): a module of
    the kernel that failed to build is left out quietly (the extensions are optional),
    so a wheel with the solver but not the sampler or the play's tensors must fail here."""
    with _path(True):
        for name in (*native.KERNELS, *native.ADAPTER_KERNELS):
            assert native.kernel(name) is not None, f"piquet.search.{name} is not built"
        assert pq.native_available()


@pytest.mark.parametrize(
    ("hands", "mover", "lead", "sign"),
    [
        ((0b11, 0b1), 0, -1, 1),  # the hands overlap
        ((0b1, 0b10), 2, -1, 1),  # no such player
        ((0b1, 0b10), 0, -1, 2),  # no such sign
        ((0b1, 0b10), 0, 0, 1),  # the card led is in a hand
    ],
)
def test_kernel_search_refuses_a_position_that_cannot_be(
    hands: tuple[int, int], mover: int, lead: int, sign: int
) -> None:
    state = next(_positions(RULESETS["rubicon"], 1, seed=4))
    with _path(True):
        search = native_search(state)
        with pytest.raises(ValueError, match="root"):
            search.root(hands, mover, lead, sign, -1, 0)  # type: ignore[arg-type]


def test_kernel_search_refuses_more_cards_than_tricks_left() -> None:
    state = next(_positions(RULESETS["rubicon"], 1, seed=4))
    kernel = native.kernel("_csolve")
    assert kernel is not None
    rules = play_rules(RULESETS["rubicon"])
    search = kernel.Search(native_tables(rules), rules=rules, tricks_a=8)
    hands = (state.hand(pq.Player.A).mask, state.hand(pq.Player.B).mask)
    assert len(state.hand(pq.Player.A)) > 4
    with pytest.raises(ValueError, match="no more cards than the tricks left"):
        search.root(hands, 0, -1, 1, -1, 0)


def test_kernel_search_refuses_tables_never_filled() -> None:
    kernel = native.kernel("_csolve")
    assert kernel is not None
    empty = kernel.Tables.__new__(kernel.Tables)
    with pytest.raises(ValueError, match="never filled"):
        kernel.Search(empty)


def test_pure_search_is_the_reference_when_switched_off() -> None:
    state = next(_positions(RULESETS["rubicon"], 1, seed=6))
    with _path(False):
        assert type(Search(state)) is Search
