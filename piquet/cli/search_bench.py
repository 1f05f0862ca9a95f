"""``python -m piquet search-bench``: figures for sampling and solving."""

from __future__ import annotations

import argparse
from typing import Any

from ..rules import find_ruleset
from . import add_ruleset_argument, positive_int


def run(args: argparse.Namespace) -> int:
    from ..benchmarks.search import main

    rulesets = tuple(args.ruleset or [find_ruleset("rubicon")])
    return main(deals=args.deals, positions=args.positions, rulesets=rulesets)


def register(commands: Any) -> None:
    bench = commands.add_parser(
        "search-bench",
        help="microseconds per sample, milliseconds per solve",
        description="Measure microseconds per sample and milliseconds per solve.",
    )
    add_ruleset_argument(bench, repeat=True)
    bench.add_argument(
        "--deals",
        type=positive_int,
        default=20,
        metavar="N",
        help="deals solved per figure, at least 1",
    )
    bench.add_argument(
        "--positions",
        type=positive_int,
        default=40,
        metavar="N",
        help="observations sampled from, at least 1",
    )
    bench.set_defaults(run=run)
