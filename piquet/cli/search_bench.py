"""``python -m piquet search-bench``: figures for sampling and solving."""

from __future__ import annotations

import argparse
from typing import Any

from ..rules import RULESETS, find_ruleset
from . import positive_int


def run(args: argparse.Namespace) -> int:
    from ..search_bench import main

    rulesets = tuple(find_ruleset(name) for name in args.ruleset or ["rubicon"])
    return main(deals=args.deals, positions=args.positions, rulesets=rulesets)


def register(commands: Any) -> None:
    bench = commands.add_parser(
        "search-bench", help="microseconds per sample, milliseconds per solve"
    )
    bench.add_argument(
        "--ruleset", action="append", choices=sorted(RULESETS), help="ruleset (repeatable)"
    )
    bench.add_argument(
        "--deals", type=positive_int, default=20, help="deals solved per figure, at least 1"
    )
    bench.add_argument(
        "--positions", type=positive_int, default=40, help="observations sampled from, at least 1"
    )
    bench.set_defaults(run=run)
