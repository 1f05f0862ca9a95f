"""What the benchmark sections share: their options and the floor they are measured
against.

The *floor* is a reference loop given as a Python file that defines ``simulate(n,
rng)``: ``n`` random deals played with no API at all. A virtual machine's speed drifts,
so every figure is printed as a ratio to one floor deal measured in the same run (in
the same process, in turns with the figures), which is comparable from one day, or
machine, to the next.
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import time
from collections.abc import Callable

import attrs

from ..rules import RUBICON, Ruleset

__all__ = ["FLOOR_DEALS", "Options", "floor_seconds", "load_floor", "settled_clock"]

#: Deals the floor plays each time it is measured.
FLOOR_DEALS = 20_000


@attrs.frozen
class Options:
    """What the sections of ``python -m piquet bench`` are asked to measure."""

    seconds: float = 2.0
    """Time per measurement of the engine's rates."""
    ruleset: Ruleset = RUBICON
    """The engine section's ruleset."""
    floor: str | None = None
    """The floor's file: with one, every figure is also printed as a ratio to it."""
    deals: int = 20
    """Deals solved per solving figure."""
    positions: int = 40
    """Observations sampled from per sampling figure."""
    decisions: int = 3
    """Decisions timed per PIMC figure."""
    games: int = 40
    """Games per timing of the match runner."""


def load_floor(path: str) -> Callable[[random.Random, int], None]:
    """The floor's ``simulate(n, rng)`` from the file at ``path``, as ``run(rng, n)``;
    ValueError when it cannot be loaded or defines no such function."""
    spec = importlib.util.spec_from_file_location("piquet_bench_floor", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load a floor simulator from {path!r}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    simulate = getattr(module, "simulate", None)
    if not callable(simulate):
        raise ValueError(f"{path!r} defines no simulate(n, rng) function")

    def run(rng: random.Random, n: int) -> None:
        simulate(n, rng)

    return run


def settled_clock() -> float:
    """The CPU clock (:func:`time.process_time`) once the collector has run: a timed
    section starts from a settled heap, so a full collection owed by what was made
    before it (the positions played to reach its observations, say) is not charged to
    it, while the collections its own work brings on are. One such collection, owed by
    the setup, fell in the 800 timed samples of ``sample_state`` and took a sixth of
    their time (about 12 ms, over some 59,000 objects the collector tracks). For a loop
    of many repeats: a collection walks the whole heap, and a half-millisecond solve
    timed right after one ran 30% slower on the caches it left cold.

    >>> start = settled_clock()
    >>> time.process_time() >= start
    True
    """
    gc.collect()
    return time.process_time()


def floor_seconds(run: Callable[[random.Random, int], None], seed: int, rounds: int = 3) -> float:
    """CPU seconds of one floor deal: the median of ``rounds`` runs of
    :data:`FLOOR_DEALS` deals."""
    times = []
    for i in range(rounds):
        start = settled_clock()
        run(random.Random(seed + i), FLOOR_DEALS)
        times.append((time.process_time() - start) / FLOOR_DEALS)
    return statistics.median(times)
