"""``python -m piquet bench``: random deals per second through the public API."""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from . import UsageError, add_ruleset_argument, positive_seconds, readable_file

#: The longest ``--seconds`` taken: each figure runs for that long, a dozen of them.
MAX_SECONDS = 600.0


def _check_floor(path: str) -> None:
    """Refuse, before any measuring, a floor file that has no ``simulate(n, rng)``."""
    spec = importlib.util.spec_from_file_location("piquet_bench_floor_check", path)
    if spec is None or spec.loader is None:
        raise UsageError(f"--floor: cannot load {path!r} as a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # any failure of a user's file is a bad argument
        raise UsageError(f"--floor: {path!r} fails to load: {error}") from None
    if not callable(getattr(module, "simulate", None)):
        raise UsageError(f"--floor: {path!r} defines no simulate(n, rng) function")


def run(args: argparse.Namespace) -> int:
    from ..bench import main as bench_main

    if args.seconds > MAX_SECONDS:
        raise UsageError(f"--seconds: at most {MAX_SECONDS:g} (got {args.seconds:.6g})")
    if args.floor is not None:
        _check_floor(args.floor)
    return bench_main(seconds=args.seconds, ruleset=args.ruleset, floor=args.floor)


def register(commands: Any) -> None:
    bench = commands.add_parser(
        "bench",
        help="random deals per second through the public API",
        description="Measure random deals per second through the public API.",
    )
    bench.add_argument(
        "--seconds",
        type=positive_seconds,
        default=2.0,
        metavar="S",
        help=f"time per measurement, above 0 and at most {MAX_SECONDS:g}",
    )
    add_ruleset_argument(bench)
    bench.add_argument(
        "--floor",
        type=readable_file,
        metavar="PATH",
        help="also run this no-API reference loop (a file defining simulate(n, rng)) in turns",
    )
    bench.set_defaults(run=run)
