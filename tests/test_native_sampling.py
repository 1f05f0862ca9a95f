"""The compiled kernel of the sampler and the rollout against the pure-Python path.

Both paths must give the same results from the same random stream: the same end of the
deal (history, events and all) from a rollout, the same world from the sampler, and the
generator left in the same state. Checked on positions of every preset: a few hundred
each in the default run, ten thousand each under ``--run-slow``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import piquet as pq
from conftest import scaled
from piquet.search import _placement, native
from piquet.search.sampling import cached_plan, infer_declarations, sample_state

pytestmark = pytest.mark.native("_csample")

PRESETS = sorted(pq.RULESETS)
QUICK = scaled(120, 300)  # positions a preset in the README's run; FULL in nox -s slow
FULL = 10_000


def positions(name: str, count: int, seed: int) -> list[pq.State]:
    """``count`` states of random games of preset ``name`` where a player is to move
    (most of them in the play), declarations played and automatic in turn."""
    rng = random.Random(seed)
    found: list[pq.State] = []
    games = 0
    while len(found) < count:
        mode = "played" if games % 2 else "auto"
        games += 1
        state = pq.new_game(pq.RULESETS[name], declarations=mode)  # type: ignore[arg-type]
        while not state.is_over and len(found) < count:
            if state.to_move is pq.CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if state.phase is pq.Phase.PLAY or rng.random() < 0.1:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def rollouts(states: list[pq.State], seed: int) -> list[tuple[pq.State, object]]:
    out = []
    for i, state in enumerate(states):
        rng = random.Random(seed * 1_000_003 + i)
        end = state.rollout(rng)
        out.append((end, rng.getstate()))
    return out


def check_rollouts(name: str, count: int, use: Callable[[bool], None]) -> None:
    states = positions(name, count, seed=len(name))
    use(False)
    pure = rollouts(states, seed=7)
    use(True)
    assert native.kernel("_csample") is not None
    fast = rollouts(states, seed=7)
    for start, (a, rng_a), (b, rng_b) in zip(states, pure, fast, strict=True):
        assert b == a, start
        assert b.history == a.history and b.events == a.events, start
        assert b.score_sheet == a.score_sheet and b.deal_scores == a.deal_scores, start
        assert rng_b == rng_a, start  # the generator was used alike


@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_rollout_is_the_pure_rollout(name: str, paths: Callable[[bool], None]) -> None:
    check_rollouts(name, QUICK, paths)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_rollout_is_the_pure_rollout_on_ten_thousand_positions(
    name: str, paths: Callable[[bool], None]
) -> None:
    check_rollouts(name, FULL, paths)


def check_rollout_values(name: str, count: int, use: Callable[[bool], None]) -> None:
    """:func:`rollout_value` in the kernel is the margin of the pure rollout's end, and
    draws from the generator alike; the pure path's value is that margin too."""
    from piquet.search.playout import rollout_value

    states = [s for s in positions(name, count, seed=len(name) + 1) if s.phase is pq.Phase.PLAY]
    use(False)
    ends = rollouts(states, seed=11)
    pure = _values(states, rollout_value, seed=11)
    use(True)
    fast = _values(states, rollout_value, seed=11)
    for start, (end, rng_end), (value, rng_pure), (quick, rng_fast) in zip(
        states, ends, pure, fast, strict=True
    ):
        mover = start.to_move
        assert isinstance(mover, pq.Player)
        margin = end.deal_scores[mover] - end.deal_scores[mover.other]
        assert value == margin and quick == margin, start
        assert rng_pure == rng_end and rng_fast == rng_end, start


def _values(states: list[pq.State], value_of, seed: int) -> list[tuple[int, object]]:  # type: ignore[no-untyped-def]
    out = []
    for i, state in enumerate(states):
        rng = random.Random(seed * 1_000_003 + i)
        out.append((value_of(state, rng), rng.getstate()))
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_the_rollout_value_is_the_rollout_s_margin_in_both_paths(
    name: str, paths: Callable[[bool], None]
) -> None:
    check_rollout_values(name, QUICK, paths)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_the_rollout_value_is_the_rollout_s_margin_on_ten_thousand_positions(
    name: str, paths: Callable[[bool], None]
) -> None:
    check_rollout_values(name, FULL, paths)


def test_the_rollout_value_is_played_in_the_kernel_where_it_applies(
    paths: Callable[[bool], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not the engine's rollout in disguise: with usual play, the race for pique open or
    settled, the kernel plays every card and State.rollout is never called."""
    from piquet.search.playout import rollout_value

    paths(True)
    states = [s for s in positions("rubicon", 300, seed=5) if s.phase is pq.Phase.PLAY]
    assert {s._race is None for s in states} == {True, False}

    def refused(*args: object) -> object:
        raise AssertionError("the engine's rollout was called")

    monkeypatch.setattr(pq.State, "rollout", refused)
    for state in states:
        rollout_value(state, random.Random(1))


def test_the_rollout_value_refuses_what_is_not_a_state_in_the_play() -> None:
    from piquet.search.playout import rollout_value

    state = pq.new_game()
    with pytest.raises(ValueError, match="not in the deal"):
        rollout_value(state, random.Random(1))
    with pytest.raises(TypeError, match="not Observation"):
        rollout_value(state.observation(pq.Player.A), random.Random(1))  # type: ignore[arg-type]


def test_the_kernel_s_play_value_refuses_malformed_fields(
    paths: Callable[[bool], None],
) -> None:
    """The kernel's entry reads the state's fields as they are: a field of the wrong
    shape is a clear error, not a value read from nonsense."""
    from piquet.search.playout import _value_tables

    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    state = next(s for s in positions("rubicon", 50, seed=3) if s.phase is pq.Phase.PLAY)
    values = _value_tables(state._ctx.tables)
    fields = [values, state._hands, state._lead, state._to_move, state._tricks]
    rest = [state._scores, random.Random(1).getrandbits, ((0, 0), (False, False)), 0]
    assert isinstance(fast.play_value(*fields, *rest), int)
    with pytest.raises(ValueError, match="tables are bytes of the wrong size"):
        fast.play_value(values[:-2], *fields[1:], *rest)
    with pytest.raises(ValueError, match="the dealer is 0 or 1"):
        fast.play_value(*fields, *rest[:3], 2)
    with pytest.raises(TypeError, match="the race is None or two pairs"):
        fast.play_value(*fields, *rest[:2], (0, 0), 0)
    with pytest.raises(ValueError, match="the player to move is 0 or 1"):
        fast.play_value(*fields[:3], 2, *fields[4:], *rest)
    with pytest.raises(TypeError, match="takes 9 arguments"):
        fast.play_value(*fields, *rest[:3])
    with pytest.raises(ValueError, match="bits that are no card"):
        fast.play_value(values, fields[1] | 1 << 9, *fields[2:], *rest)
    with pytest.raises(ValueError, match="the card led is -1 or a card index"):
        fast.play_value(*fields[:2], 64, *fields[3:], *rest)
    with pytest.raises(TypeError):
        fast.play_value(*fields[:4], "12", *rest)  # the count of tricks
    with pytest.raises(TypeError):
        fast.play_value(*fields, "scores", *rest[1:])
    with pytest.raises(TypeError):
        fast.play_value(*fields, *rest[:2], (("0", 0), (False, False)), 0)


def observations(name: str, count: int, seed: int) -> list[pq.Observation]:
    """The mover's observation of ``count`` positions of preset ``name``."""
    found = []
    for state in positions(name, count, seed):
        mover = state.to_move
        assert isinstance(mover, pq.Player)
        found.append(state.observation(mover))
    return found


def samples(seen: list[pq.Observation], seed: int) -> list[tuple[pq.State, object]]:
    """One world of each observation, from fresh plans (a plan learns from its draws
    whether to draw from the witnesses, so both paths start from the same plans)."""
    cached_plan.cache_clear()
    out = []
    for i, observation in enumerate(seen):
        rng = random.Random(seed * 1_000_003 + i)
        world = sample_state(observation, rng)
        out.append((world, rng.getstate()))
    return out


def check_samples(name: str, count: int, use: Callable[[bool], None]) -> None:
    seen = observations(name, count, seed=len(name) + 100)
    use(False)
    pure = samples(seen, seed=11)
    use(True)
    assert native.kernel("_csample") is not None
    fast = samples(seen, seed=11)
    for observation, (a, rng_a), (b, rng_b) in zip(seen, pure, fast, strict=True):
        assert b == a and b.history == a.history, observation
        assert b.observation(observation.player) == observation
        assert rng_b == rng_a, observation


@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_samples_are_the_pure_samples(
    name: str, paths: Callable[[bool], None]
) -> None:
    check_samples(name, QUICK // 3, paths)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_samples_are_the_pure_samples_on_ten_thousand_positions(
    name: str, paths: Callable[[bool], None]
) -> None:
    check_samples(name, FULL, paths)


def _witness_draws(seen: list[pq.Observation], seed: int) -> list[object]:
    """From fresh plans made to draw from their witnesses, a few draws of each (the
    state or None, and the proposals taken) and the generator after them."""
    from piquet.search import sampling
    from piquet.search._replay import draw_state

    cached_plan.cache_clear()
    out: list[object] = []
    for i, observation in enumerate(seen):
        plan = cached_plan(observation, infer_declarations(observation))
        if plan.groups is None or sampling._decide_witnesses(plan, always=True) is None:
            continue
        rng = random.Random(seed * 1_000_003 + i)
        drawn = [draw_state(plan, rng, 50) for _ in range(4)]
        out.append((observation, drawn, rng.getstate()))
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_draws_from_the_witnesses_as_the_pure_path_does(
    name: str, paths: Callable[[bool], None]
) -> None:
    # the witnesses' draws (Karp and Luby's: a witness by its size, a placement of its
    # groups, kept with probability 1/m) in the kernel's proposal and whole draw, on plans
    # of both ways of declaring made to draw from them
    seen = observations(name, 5 * QUICK // 2, seed=len(name) + 7)[::5]  # across games
    paths(False)
    pure = _witness_draws(seen, seed=5)
    paths(True)
    assert native.kernel("_csample") is not None
    fast = _witness_draws(seen, seed=5)
    assert len(fast) == len(pure) >= 3, "too few plans with witnesses"
    modes = set()
    for a, b in zip(pure, fast, strict=True):
        assert b == a
        observation = a[0]  # type: ignore[index]
        modes.add(infer_declarations(observation))
    assert modes == {"auto", "played"}


def test_the_kernel_s_placement_is_the_pure_placement(paths: Callable[[bool], None]) -> None:
    """draw_groups alone, on plans of every preset, groups with subsets the opponent's
    hand may hold among them: the same cards in the same places, the generator alike."""
    paths(True)
    kinds = set()
    for name in PRESETS:
        for observation in observations(name, 40, seed=5):
            plan = cached_plan(observation, infer_declarations(observation))
            if plan.groups is None:
                continue
            kinds.update(fits is not None for _, _, _, fits in plan.groups.groups)
            for k in range(5):
                fast, pure = random.Random(k), random.Random(k)
                placed = _placement.draw_groups(plan.groups, fast)
                assert placed == _placement._draw_groups(plan.groups, pure)
                assert fast.getstate() == pure.getstate()
    assert kinds == {True, False}


def test_the_kernel_plays_the_usual_cards_of_a_rollout(paths: Callable[[bool], None]) -> None:
    """Not a pure path in disguise: the kernel is called, and draws in blocks."""
    from piquet.search import playout

    calls = []
    real = playout.play_usual

    def spy(*args: object) -> object:
        found = real(*args)  # type: ignore[arg-type]
        calls.append(found is not None)
        return found

    paths(True)
    state = positions("rubicon", 1, seed=3)[0]
    try:
        playout.play_usual = spy  # type: ignore[assignment]
        state.rollout(random.Random(1))
    finally:
        playout.play_usual = real  # type: ignore[assignment]
    assert calls and all(calls)


def test_the_kernel_s_placement_refuses_malformed_plans(paths: Callable[[bool], None]) -> None:
    """A clear error, never a crash, for arguments no plan makes."""
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    observation = observations("rubicon", 1, seed=5)[0]
    groups = cached_plan(observation, infer_declarations(observation)).groups
    assert groups is not None
    rng = random.Random(1)

    def draw(options: object, fill: object = None, group_list: object = None) -> object:
        return fast.draw_places(
            groups.groups if group_list is None else group_list,
            groups.hand_size,
            groups.discard_size,
            options,
            fill,
            rng.getrandbits,
            rng.randrange,
        )

    with pytest.raises(TypeError, match="7 arguments"):
        fast.draw_places(groups.groups)
    with pytest.raises(TypeError, match="groups a tuple, options a dict"):
        draw({}, group_list=list(groups.groups))
    with pytest.raises(TypeError, match="groups a tuple, options a dict"):
        draw([])
    with pytest.raises(ValueError, match="options of the wrong shape"):
        draw({}, fill=lambda g, h, x: ([], []))  # no split at all
    with pytest.raises(ValueError, match="options of the wrong shape"):
        draw({}, fill=lambda g, h, x: ((1,), [(0, 0)]))  # counts not a list
    with pytest.raises(ValueError, match="a split of 5000 and 0 cards"):
        draw({}, fill=lambda g, h, x: ([1], [(5000, 0)]))  # more cards than the group's
    with pytest.raises(ValueError, match="a split of -1 and 0 cards"):
        draw({}, fill=lambda g, h, x: ([1], [(-1, 0)]))
    with pytest.raises(ValueError, match="a split is two counts"):
        draw({}, fill=lambda g, h, x: ([1], [(0, 0, 0)]))
    with pytest.raises(ValueError, match="a split is two counts"):
        draw({}, fill=lambda g, h, x: ([1], [[0, 0]]))
    with pytest.raises(TypeError):
        draw({}, fill=lambda g, h, x: ([1], [(0, "none")]))
    with pytest.raises(ZeroDivisionError):
        draw({}, fill=lambda g, h, x: 1 // 0)  # what fill raises goes through
    assert draw({}, fill=lambda g, h, x: _placement.group_options(groups, g, h, x))


class _Counting(random.Random):
    """A generator whose getrandbits is its own (a Python method): the kernel must call
    it, not step the state in place."""

    calls = 0

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        return super().getrandbits(k)


@pytest.mark.parametrize("size", [1, 2, 7, 52, 700, 2_000])
def test_the_kernel_draws_random_random_s_numbers_and_leaves_it_where_python_would(
    size: int, paths: Callable[[bool], None]
) -> None:
    # the kernel steps random.Random's generator in place (through its regenerations,
    # every 624 outputs), or calls a subclass's own getrandbits: the same numbers
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    for make in (random.Random, _Counting):
        drawn, expected = make(size), make(size)
        order = list(range(size))
        expected.shuffle(order)
        assert fast.shuffled_places(size, drawn.getrandbits, drawn.randrange) == order
        # the generator goes on from where the draws left it
        assert [drawn.getrandbits(32), drawn.random()] == [
            expected.getrandbits(32),
            expected.random(),
        ]
        if isinstance(drawn, _Counting) and size > 1:
            assert drawn.calls > 0
