"""``python -m piquet bench``: random deals per second through the public API."""

from __future__ import annotations

import argparse
from typing import Any

from ..presets import RULESETS, find_ruleset


def run(args: argparse.Namespace) -> int:
    from ..bench import main as bench_main

    return bench_main(seconds=args.seconds, ruleset=find_ruleset(args.ruleset), floor=args.floor)


def register(commands: Any) -> None:
    bench = commands.add_parser("bench", help="random deals per second through the public API")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    bench.add_argument(
        "--floor",
        metavar="PATH",
        help="also run this no-API floor simulator in turns (e.g. shared/bench/floor.py)",
    )
    bench.set_defaults(run=run)
