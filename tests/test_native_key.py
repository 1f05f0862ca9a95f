"""The kernel's dialogue key (``dialogue_key``) against the pure ``_keyed``: with
declarations played, the same key and the same claims read by less than their cards, as
equal tuples of the same types, for every placement proposed on positions of every
preset in the play and in the declarations; by the tables' fast paths and without them;
the kernel's ``opens_as_heard`` against the pure one on the same placements; and a clear
error for a malformed spec. (The kernel's whole draw, ``played_draw``, is compared with
the draw made call by call in test_dialogues: the same numbers drawn, the same states.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from positions import play_positions

import piquet as pq
from conftest import scaled
from piquet.search import native
from piquet.search._dialogues import _keyed, _keyed_in_kernel, _keyed_in_python
from piquet.search._plan import Plan, make_plan
from piquet.search._propose import proposal, stock_in_order
from piquet.search._reads import NOT_HEARD, KeyReads, key_reads, opening_reads, opens_as_heard

pytestmark = pytest.mark.native("_csample")

REMEMBERING = sorted(name for name, rules in pq.RULESETS.items() if rules.carte_rouge is None)
POSITIONS = scaled(6, 30)  # a preset and phase
DRAWS = 40  # placements proposed a position


def _placements(plan: Plan, rng: random.Random) -> Iterator[tuple[int, int, int]]:
    """The placements the sampler proposes (the opponent's dealt hand, his hand after the
    exchange and his discard), as ``_replay.draw_state`` makes them."""
    for _ in range(DRAWS):
        proposed = proposal(plan, rng)[0]
        if proposed is None:
            continue
        hand, discard, stock_cards, _duels = proposed
        ordered = stock_in_order(plan, hand, stock_cards, rng)
        if ordered is not None:
            yield (hand & ~ordered[0]) | discard, hand, discard


def _typed(value: object) -> object:
    """A key with the type of each part, so that 1 and True differ."""
    if isinstance(value, tuple):
        return tuple(_typed(part) for part in value)
    return type(value).__name__, value


def _stripped(reads: KeyReads) -> tuple[tuple[object, ...], ...]:
    """The kernel's specs without the tables' fast paths: every claim, deciding card and
    answer by a call to the table (suit lists not made yet, no rank rows)."""
    specs = []
    for spec in reads.specs:
        made = list(spec)
        made[2] = tuple([None] * 512 for _ in range(4))  # suit lists, none made
        made[9] = made[10] = made[12] = None  # deciding by suit or rank, rank rows
        specs.append(tuple(made))
    return tuple(specs)


@pytest.mark.parametrize("phase", [pq.Phase.PLAY, pq.Phase.DECLARATION])
@pytest.mark.parametrize("name", REMEMBERING)
def test_the_kernel_s_dialogue_key_is_the_python_key(
    name: str, phase: pq.Phase, paths: Callable[[bool], None]
) -> None:
    paths(True)
    rng = random.Random(len(name) * 31 + len(phase.name))
    compared = 0
    for state in play_positions(name, "played", POSITIONS, seed=len(name) * 7, phase=phase):
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        reads = key_reads(plan)
        if reads is None:  # every placement replayed: no key
            continue
        stripped = _stripped(reads)
        for placement in _placements(plan, rng):
            expected = _keyed_in_python(plan, reads, *placement)
            assert _typed(_keyed(plan, *placement)) == _typed(expected)
            fast = native.kernel("_csample")
            assert _typed(_keyed_in_kernel(fast, plan, stripped, *placement)) == _typed(expected)
            compared += 1
    assert compared >= DRAWS // 2


def _parts_met(parts: tuple[object, ...], claims: tuple[object, ...]) -> Iterator[str]:
    for part in parts:
        assert isinstance(part, tuple)
        read, answers, deciding, good = part
        if read:
            yield "reads"
        if answers:
            yield "answers"
        if type(deciding) is bool:  # what his further combinations do (reckons_as_heard)
            yield f"further {deciding}"
        elif deciding != -1:
            yield "deciding"
        if good is not None:
            yield "good"
    if claims:
        yield "claims"


def test_every_part_of_a_key_is_met_and_made_alike(paths: Callable[[bool], None]) -> None:
    # his claims read, the deciding cards or what his further combinations do where he
    # won with a call shown (R-DE-5: both verdicts), a call answered "good" (law 49), his
    # answers (R-DE-7) and the claims read by their words (R-DE-1a): each met on enough
    # Rubicon positions in the play, both ways alike
    paths(True)
    rng = random.Random(5)
    parts: set[str] = set()
    for state in play_positions("rubicon", "played", scaled(40, 120), seed=3):
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        reads = key_reads(plan)
        if reads is None:
            continue
        for placement in _placements(plan, rng):
            expected = _keyed_in_python(plan, reads, *placement)
            assert _typed(_keyed(plan, *placement)) == _typed(expected)
            if expected is not None:
                parts.update(_parts_met(expected[0][1:], expected[1]))
    met = {"reads", "answers", "deciding", "further True", "further False", "good", "claims"}
    assert parts == met, parts


def test_the_kernel_s_opening_check_is_the_python_check(paths: Callable[[bool], None]) -> None:
    # a hand holds, for each call he opened with unshown, a claim saying its words heard
    # (R-DE-1a): both ways alike, on placements of every preset that keep and drop
    rng = random.Random(17)
    verdicts: list[bool] = []
    for name in REMEMBERING:
        for phase in (pq.Phase.PLAY, pq.Phase.DECLARATION):
            for state in play_positions(name, "played", POSITIONS, seed=len(name), phase=phase):
                assert isinstance(state.to_move, pq.Player)
                plan = make_plan(state.observation(state.to_move), "played")
                if not opening_reads(plan):
                    continue
                for _dealt, hand, _discard in _placements(plan, rng):
                    paths(False)
                    expected = opens_as_heard(plan, hand)
                    paths(True)
                    assert opens_as_heard(plan, hand) is expected
                    verdicts.append(expected)
    assert True in verdicts and False in verdicts, len(verdicts)


def test_a_malformed_spec_is_a_clear_error(paths: Callable[[bool], None]) -> None:
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    args = (0, True, True, 0, 0, 0, 0, 0, NOT_HEARD, print)
    with pytest.raises(TypeError, match="takes 11 arguments"):
        fast.dialogue_key((), *args[:-1])
    with pytest.raises(TypeError, match="specs must be a tuple"):
        fast.dialogue_key([], *args)
    with pytest.raises(TypeError, match="spec is malformed"):
        fast.dialogue_key(((1, 2),), *args)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        fast.opens_as_heard((), 0)
    usage = r"played_draw\(args, getrandbits, randrange, tries\[, witnessing\]\)"
    with pytest.raises(TypeError, match=usage):
        fast.played_draw((), print, print, 1)
    with pytest.raises(TypeError, match=usage):
        fast.played_draw(((),) * 7, print, print, 1, None, None)
    with pytest.raises(TypeError, match="arguments are malformed"):
        fast.played_draw(((),) * 7, print, print, 1)
    with pytest.raises(TypeError, match="spec is malformed"):
        fast.opens_as_heard(((1, 2),), 0, NOT_HEARD)


class _Malformed(dict[int, object]):
    def __missing__(self, cards: int) -> object:
        return "not a pair of verdicts"


def test_a_malformed_entry_of_his_further_combinations_is_a_clear_error(
    paths: Callable[[bool], None],
) -> None:
    paths(True)
    rng = random.Random(8)
    for state in play_positions("rubicon", "played", scaled(40, 120), seed=3):
        assert isinstance(state.to_move, pq.Player)
        plan = make_plan(state.observation(state.to_move), "played")
        reads = key_reads(plan)
        at = [i for i, spec in enumerate(reads.specs) if spec[-1] is not None] if reads else []
        if reads is None or not at:
            continue
        specs = list(reads.specs)
        specs[at[0]] = (*specs[at[0]][:-1], _Malformed())
        placement = next(_placements(plan, rng), None)
        if placement is None:
            continue
        fast = native.kernel("_csample")
        with pytest.raises(TypeError, match="an extras entry is malformed"):
            _keyed_in_kernel(fast, plan, tuple(specs), *placement)
        return
    pytest.fail("no position read his further combinations")
