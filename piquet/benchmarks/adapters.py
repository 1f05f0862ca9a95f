"""The RL adapters' section of ``python -m piquet bench``: each adapter's step, the
engine's, and each framework's floor, as ratios to one floor deal.

The settings and their loops are :mod:`piquet.adapters.bench`'s (``python -m
piquet.adapters.bench`` prints them with more options: rounds, the vector envs' width,
the OpenSpiel C++ game); here they run in :data:`ROUNDS` rounds that take the settings
in turn, the floor measured before and after. An adapter's time is the wall time of the
environment's calls alone (the agent's random picks are not timed), the floor's its CPU
time: on an idle core the two agree. Without the ``rl`` extra the section says so and
measures nothing.

>>> from piquet.benchmarks.adapters import ROUNDS, table_lines
>>> rounds = [{"engine": 100_000.0, "pettingzoo": 10_000.0}] * ROUNDS
>>> for line in table_lines(rounds, floor=20e-6):
...     print(line)
   engine                       10.00 us a step   1.00 x the engine   0.50 floor deals
   pettingzoo                  100.00 us a step  10.00 x the engine   5.00 floor deals
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

from .common import Options, floor_seconds, load_floor

__all__ = ["ROUNDS", "section", "table_lines"]

#: Rounds of every setting in turn; each figure is the median of its rounds.
ROUNDS = 3


def table_lines(rounds: Sequence[Mapping[str, float]], floor: float = 0.0) -> list[str]:
    """One line a setting measured (steps a second in each round, ``"engine"`` among
    them): microseconds a step, the ratio to the engine's step in the same round (which
    drifts less than the rates on a shared machine) and, given one floor deal's seconds,
    the step in floor deals."""
    lines = []
    for name in rounds[0]:
        seconds = statistics.median(1 / figures[name] for figures in rounds)
        times = statistics.median(figures["engine"] / figures[name] for figures in rounds)
        line = f"   {name:<24}{seconds * 1e6:10.2f} us a step {times:6.2f} x the engine"
        if floor:
            line += f" {seconds / floor:6.2f} floor deals"
        lines.append(line)
    return lines


def section(options: Options) -> None:
    """The adapters section: every setting of :mod:`piquet.adapters.bench` on
    ``options.ruleset``, ``options.seconds`` a setting over the rounds."""
    print(f"== adapters: agent steps of {options.ruleset.name}, random deals, auto declarations")
    try:
        from ..adapters.bench import SETTINGS, measure
    except ModuleNotFoundError as error:  # numpy, the encoding's, is missing
        print(f"   not measured: {error}")
        return
    run_floor = load_floor(options.floor) if options.floor is not None else None
    floors = [floor_seconds(run_floor, 1)] if run_floor is not None else []
    rounds = [measure(options.seconds / ROUNDS, options.ruleset, SETTINGS) for _ in range(ROUNDS)]
    if run_floor is not None:
        floors.append(floor_seconds(run_floor, 4))
    floor = sum(floors) / len(floors) if floors else 0.0
    if floor:
        print(f"   ratios to one floor deal ({floor * 1e6:.2f} us, CPU time) measured in turns")
    for line in table_lines(rounds, floor):
        print(line)
    missing = [name for name in SETTINGS if name not in rounds[0]]
    if missing:
        print(f"   not installed: {', '.join(missing)}")
