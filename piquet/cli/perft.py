"""``python -m piquet perft``: count action sequences from a seeded deal."""

from __future__ import annotations

import argparse
from typing import Any

from ..presets import RULESETS, find_ruleset


def run(args: argparse.Namespace) -> int:
    from ..perft import divide, position, report

    state = position(
        find_ruleset(args.ruleset),
        seed=args.seed,
        phase=args.phase,
        declarations=args.declarations,
    )
    if args.divide:
        for text, count in divide(state, args.depth).items():
            print(f"{text}: {count}")
        return 0
    return report(state, args.depth)


def register(commands: Any) -> None:
    perft = commands.add_parser(
        "perft", help="count action sequences to a depth from a seeded deal, with nodes/s"
    )
    perft.add_argument("--depth", type=int, default=4, help="deepest depth (default 4)")
    perft.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    perft.add_argument("--seed", type=int, default=1, help="seed of the deal (default 1)")
    perft.add_argument(
        "--phase",
        default="play",
        choices=("exchange", "declaration", "play"),
        help="count from the start of this phase (default play)",
    )
    perft.add_argument("--declarations", default="played", choices=("played", "auto"))
    perft.add_argument("--divide", action="store_true", help="split the count by first action")
    perft.set_defaults(run=run)
