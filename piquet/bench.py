"""``python -m piquet bench``: random deals per second through the public API.

Each deal is played from a chance node by a uniformly random player that calls
``legal_actions()`` and ``apply()`` at every step, once with ``declarations="auto"`` and
once with the declarations played. It also times one ``apply`` and one
``legal_actions`` on positions of the play, and prints the machine it ran on.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import time
from collections.abc import Callable

from .ledger import CHANCE
from .ruleset import Ruleset
from .state import Phase, State, new_game

__all__ = ["main", "random_deals"]


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


def _per_call(fn: Callable[[State], object], positions: list[State]) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for state in positions:
            fn(state)
        best = min(best, (time.perf_counter() - t0) / len(positions))
    return best


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def calibrate(floor_path: str, rounds: int = 5, ruleset: Ruleset | None = None) -> None:
    """Run a no-API floor simulator (``simulate(n, rng)``, such as the project's
    ``shared/bench/floor.py``) in turns with the engine, and print the ratios.

    A virtual machine's speed drifts; deals per second measured in turns with a fixed
    reference are comparable from one day, or machine, to the next.
    """
    import importlib.util

    from .presets import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    spec = importlib.util.spec_from_file_location("piquet_bench_floor", floor_path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load a floor simulator from {floor_path!r}")
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    ratios: list[tuple[float, float]] = []
    for i in range(rounds):
        t0 = time.perf_counter()
        floor.simulate(30000, random.Random(i))
        base = 30000 / (time.perf_counter() - t0)
        rates = []
        for auto, n in ((True, 2000), (False, 1000)):
            t0 = time.perf_counter()
            random_deals(ruleset, n, random.Random(i), auto)
            rates.append(n / (time.perf_counter() - t0))
        ratios.append((rates[0] / base, rates[1] / base))
        print(
            f"round {i + 1}: floor {base:8.0f} deals/s; piquet auto {rates[0]:6.0f} "
            f"({rates[0] / base:.3f} of the floor), played {rates[1]:6.0f} ({rates[1] / base:.3f})"
        )
    share_auto = statistics.median(r[0] for r in ratios)
    share_played = statistics.median(r[1] for r in ratios)
    print(f"median share of the floor: auto {share_auto:.3f}, played {share_played:.3f}")


def main(seconds: float = 2.0, ruleset: Ruleset | None = None, floor: str | None = None) -> int:
    """Print the figures; returns 0."""
    from .presets import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    print(f"piquet bench: ruleset {ruleset.name}")
    print(
        f"machine: {_cpu_name()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"
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
    positions = _play_positions(ruleset, random.Random(2), 2000)
    actions = [s.legal_actions()[0] for s in positions]
    pairs = list(zip(positions, actions, strict=True))
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for state, action in pairs:
            state.apply(action)
        best = min(best, (time.perf_counter() - t0) / len(pairs))
    print(f"one apply (a card played)          : {best * 1e6:8.2f} us")
    legal = _per_call(lambda s: s.legal_actions(), positions)
    print(f"one legal_actions (in the play)    : {legal * 1e6:8.2f} us")
    if floor is not None:
        calibrate(floor, ruleset=ruleset)
    return 0
