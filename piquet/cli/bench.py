"""``python -m piquet bench``: the benchmarks, every figure a ratio to the floor given."""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from ..cards import excerpt
from . import UsageError, add_ruleset_argument, positive_int, positive_seconds, readable_file

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


def _sections(text: str | None) -> list[str] | None:
    """The sections ``--only`` names, each checked."""
    from ..benchmarks import SECTIONS

    if text is None:
        return None
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in SECTIONS:
            raise UsageError(
                f"--only: no benchmark section {excerpt(name)}; "
                f"the sections are {', '.join(SECTIONS)}"
            )
    if not names:
        raise UsageError(f"--only: name at least one section of {', '.join(SECTIONS)}")
    return names


def run(args: argparse.Namespace) -> int:
    from ..benchmarks import Options
    from ..benchmarks import run as run_sections

    if args.seconds > MAX_SECONDS:
        raise UsageError(f"--seconds: at most {MAX_SECONDS:g} (got {args.seconds:.6g})")
    only = _sections(args.only)
    if args.floor is not None:
        _check_floor(args.floor)
    options = Options(
        seconds=args.seconds,
        ruleset=args.ruleset,
        floor=args.floor,
        deals=args.deals,
        positions=args.positions,
        decisions=args.decisions,
        games=args.games,
    )
    return run_sections(options, only)


def register(commands: Any) -> None:
    bench = commands.add_parser(
        "bench",
        help="the benchmarks: engine, search (both paths), matches, RL adapters",
        description=(
            "Measure the engine, the search (the pure-Python path and the compiled kernel), "
            "the match runner and the RL adapters; with --floor, every figure as a ratio "
            "to one floor deal measured in the same run."
        ),
    )
    bench.add_argument(
        "--only",
        metavar="SECTIONS",
        help="comma-separated sections to run (engine, search, matches, adapters; default: all)",
    )
    bench.add_argument(
        "--seconds",
        type=positive_seconds,
        default=2.0,
        metavar="S",
        help=f"engine, adapters: time per measurement, above 0 and at most {MAX_SECONDS:g}",
    )
    add_ruleset_argument(bench)
    bench.add_argument(
        "--floor",
        type=readable_file,
        metavar="PATH",
        help="a no-API reference loop (a file defining simulate(n, rng)) run in turns",
    )
    for name, default, what in (
        ("--deals", 20, "search: deals solved per figure"),
        ("--positions", 40, "search: observations sampled from, positions rolled out"),
        ("--decisions", 3, "search: PIMC decisions timed per figure"),
        ("--games", 40, "matches: games per timing"),
    ):
        bench.add_argument(
            name, type=positive_int, default=default, metavar="N", help=f"{what}, at least 1"
        )
    bench.set_defaults(run=run)
