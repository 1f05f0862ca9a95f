"""The engine section of ``python -m piquet bench``: how fast the engine is, through
the public API.

Each deal is played from a chance node by a uniformly random player that calls
``legal_actions()`` and ``apply()`` at every step, once with ``declarations="auto"`` and
once with the declarations played. It also times one ``apply`` and one
``legal_actions`` on positions of the play, one ``observation``, ``==`` between equal
states early and late in a game, and :meth:`~piquet.State.rollout` of the play phase;
it measures the memory each retained child state costs, and prints the machine it ran
on. With ``--floor`` it runs a no-API floor simulator in turns with the engine and
prints every figure as a ratio to one floor deal.
"""

from __future__ import annotations

import os
import pickle
import platform
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import State, new_game
from ..rules import Ruleset
from ..words import CHANCE, Phase
from .common import FLOOR_DEALS, Options, load_floor

__all__ = ["FIGURES", "calibrate", "child_memory", "cpu_name", "main", "random_deals", "section"]


def random_deals(ruleset: Ruleset, n: int, rng: random.Random, auto: bool) -> int:
    """Play ``n`` random deals (each from a fresh game); returns the actions applied."""
    start = new_game(ruleset, declarations="auto" if auto else "played")
    choice = rng.choice
    deal_phase = Phase.DEAL
    actions = 0
    for _ in range(n):
        state = start.apply(start.sample_chance(rng))
        actions += 1
        while (mover := state.to_move) is not CHANCE and mover is not None:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        assert state.phase is deal_phase or state.is_over
    return actions


def _rate(fn: Callable[[int], object], seconds: float) -> tuple[float, int]:
    n = 50
    while True:
        t0 = time.perf_counter()
        fn(n)
        dt = time.perf_counter() - t0
        if dt > 0.2:
            break
        n *= 2
    n = max(1, int(n * seconds / dt / 3))
    rates = []
    for _ in range(3):
        t0 = time.perf_counter()
        fn(n)
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates), n


def _play_positions(ruleset: Ruleset, rng: random.Random, count: int) -> list[State]:
    positions: list[State] = []
    start = new_game(ruleset, declarations="auto")
    while len(positions) < count:
        state = start.apply(start.sample_chance(rng))
        while state.to_move is not CHANCE and state.to_move is not None:
            if state.phase is Phase.PLAY:
                positions.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return positions[:count]


def _per_call(fn: Callable[[Any], object], items: Sequence[Any], passes: int = 5) -> float:
    best = float("inf")
    for _ in range(passes):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - t0) / len(items))
    return best


def cpu_name() -> str:
    """The processor's model name, for benchmark reports.

    >>> isinstance(cpu_name(), str)
    True
    """
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def child_memory(positions: Sequence[State]) -> float:
    """Bytes allocated per child state kept alive: every legal child of each position.

    >>> import random, piquet as pq
    >>> positions = _play_positions(pq.RUBICON, random.Random(1), 50)
    >>> 0 < child_memory(positions) < 2000
    True
    """
    for state in positions[:200]:  # warm up the allocator's free lists, uncounted
        [state.apply(action) for action in state.legal_actions()]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        children = [state.apply(action) for state in positions for action in state.legal_actions()]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / len(children)


class _Workload:
    """The positions every figure is measured on, made once."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.positions = _play_positions(ruleset, random.Random(2), 2000)
        self.actions = [s.legal_actions()[0] for s in self.positions]
        self.first_plays = [
            s for s in self.positions if s.phase is Phase.PLAY and not s.trick and not s.tricks
        ]
        self.early = self._twins(self.positions[:1])
        self.late = self._twins([_finished_game(ruleset)])

    @staticmethod
    def _twins(states: list[State]) -> list[tuple[State, State]]:
        # equal states that do not share their objects (and have no hash cached yet)
        return [
            (pickle.loads(pickle.dumps(s)), pickle.loads(pickle.dumps(s))) for s in states * 300
        ]

    def apply(self) -> float:
        pairs = list(zip(self.positions, self.actions, strict=True))
        return _per_call(lambda pair: pair[0].apply(pair[1]), pairs)

    def legal(self) -> float:
        return _per_call(lambda s: s.legal_actions(), self.positions)

    def observation(self) -> float:
        states = self.positions[:500]
        return _per_call(lambda s: s.observation(s.to_move), states, passes=3)

    def equality(self, late: bool) -> float:
        twins = self.late if late else self.early
        t0 = time.perf_counter()
        for a, b in twins:
            a == b  # noqa: B015 (timed, the first comparison computes both hashes)
        return (time.perf_counter() - t0) / len(twins)

    def rollout(self) -> float:
        rng = random.Random(3)
        return _per_call(lambda s: s.rollout(rng), self.first_plays, passes=3)


def _finished_game(ruleset: Ruleset) -> State:
    rng = random.Random(4)
    state = new_game(ruleset, declarations="auto")
    while not state.is_over:
        state = state.rollout(rng)
    return state


def _floor_deal(floor_path: str) -> Callable[[int], float]:
    """The floor simulator's time per deal, measured on ``n`` deals."""
    run = load_floor(floor_path)

    def per_deal(seed: int) -> float:
        t0 = time.perf_counter()
        run(random.Random(seed), FLOOR_DEALS)
        return (time.perf_counter() - t0) / FLOOR_DEALS

    return per_deal


def _deal_time(ruleset: Ruleset, auto: bool, seed: int, n: int) -> float:
    t0 = time.perf_counter()
    random_deals(ruleset, n, random.Random(seed), auto)
    return (time.perf_counter() - t0) / n


FIGURES = (
    ("random deal, auto declarations", "deal_auto"),
    ("random deal, declarations played", "deal_played"),
    ("one apply (a card played)", "apply"),
    ("one legal_actions (in the play)", "legal"),
    ("one observation (in the play)", "observation"),
    ("== of equal states, deal 1", "eq_early"),
    ("== of equal states, game over", "eq_late"),
    ("rollout of the play phase", "rollout"),
)


def _measure(work: _Workload, seed: int) -> dict[str, float]:
    rules = work.ruleset
    return {
        "deal_auto": _deal_time(rules, True, seed, 600),
        "deal_played": _deal_time(rules, False, seed, 300),
        "apply": work.apply(),
        "legal": work.legal(),
        "observation": work.observation(),
        "eq_early": work.equality(late=False),
        "eq_late": work.equality(late=True),
        "rollout": work.rollout(),
    }


def calibrate(floor_path: str, rounds: int = 5, ruleset: Ruleset | None = None) -> None:
    """Run a floor simulator (a module with ``simulate(n, rng)``: a reference loop of
    the same random deals with no API) in turns with the engine, and print every figure as a
    ratio to one floor deal.

    A virtual machine's speed drifts; ratios to a fixed reference measured in turns are
    comparable from one day, or machine, to the next.
    """
    from ..rules import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    floor = _floor_deal(floor_path)
    work = _Workload(ruleset)
    ratios: dict[str, list[float]] = {key: [] for _, key in FIGURES}
    floors = []
    for i in range(rounds):
        base = floor(i)
        floors.append(base)
        figures = _measure(work, i)
        for key, value in figures.items():
            ratios[key].append(value / base)
        print(
            f"round {i + 1}: floor {base * 1e6:5.2f} us/deal; auto "
            f"{figures['deal_auto'] / base:5.2f}x, played {figures['deal_played'] / base:5.2f}x"
        )
    print(f"ratios to one floor deal (median of {rounds} rounds, in turns with the floor):")
    for label, key in FIGURES:
        print(f"  {label:34s}: {statistics.median(ratios[key]):7.3f} floor deals")
    print(f"  floor deal: median {statistics.median(floors) * 1e6:.2f} us")


def main(seconds: float = 2.0, ruleset: Ruleset | None = None, floor: str | None = None) -> int:
    """Print the figures; returns 0."""
    from ..rules import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    print(f"piquet bench: ruleset {ruleset.name}")
    print(
        f"machine: {cpu_name()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"
    )
    print(f"python: {platform.python_implementation()} {platform.python_version()}")
    for auto in (True, False):
        rng = random.Random(1)

        def run(k: int, auto: bool = auto, rng: random.Random = rng) -> int:
            return random_deals(ruleset, k, rng, auto)

        deals, n = _rate(run, seconds)
        label = "auto declarations" if auto else "declarations played"
        print(
            f"random deals, {label:19s}: {deals:8.0f} deals/s "
            f"({1e6 / deals:6.1f} us/deal; {n} deals a run)"
        )
    work = _Workload(ruleset)
    print(f"one apply (a card played)          : {work.apply() * 1e6:8.2f} us")
    print(f"one legal_actions (in the play)    : {work.legal() * 1e6:8.2f} us")
    print(f"one observation (in the play)      : {work.observation() * 1e6:8.2f} us")
    print(f"== of equal states, deal 1         : {work.equality(late=False) * 1e6:8.2f} us")
    print(f"== of equal states, game over      : {work.equality(late=True) * 1e6:8.2f} us")
    print(f"rollout of the play phase          : {work.rollout() * 1e6:8.2f} us")
    print(f"memory per child state kept        : {child_memory(work.positions[:1000]):8.0f} bytes")
    if floor is not None:
        calibrate(floor, ruleset=ruleset)
    return 0


def section(options: Options) -> None:
    """The engine section of ``python -m piquet bench``: :func:`main`'s figures."""
    print("== engine: wall time, through the public API")
    main(seconds=options.seconds, ruleset=options.ruleset, floor=options.floor)
