"""``python -m piquet perft``: count action sequences from a seeded deal."""

from __future__ import annotations

import argparse
from typing import Any

from . import UsageError, add_ruleset_argument, add_seed_argument, positive_int


def run(args: argparse.Namespace) -> int:
    from ..perft import divide, position, report

    try:
        state = position(
            args.ruleset,
            seed=args.seed,
            phase=args.phase,
            declarations=args.declarations,
        )
    except ValueError as error:  # e.g. no declaration phase when declarations are auto
        raise UsageError(f"--phase {args.phase}, --seed {args.seed}: {error}") from None
    if args.divide:
        for text, count in divide(state, args.depth).items():
            print(f"{text}: {count}")
        return 0
    return report(state, args.depth)


MOST_DEPTH = 12
"""The deepest perft the command counts: a count grows some tenfold a level, so depth 12
already takes hours."""


def _depth(text: str) -> int:
    depth = positive_int(text)
    if depth > MOST_DEPTH:
        raise argparse.ArgumentTypeError(f"a depth of at most {MOST_DEPTH}, not {depth}")
    return depth


def register(commands: Any) -> None:
    perft = commands.add_parser(
        "perft",
        help="count action sequences to a depth from a seeded deal, with nodes/s",
        description="Count the action sequences to a depth from a seeded deal, with nodes/s.",
    )
    perft.add_argument(
        "--depth",
        type=_depth,
        default=4,
        metavar="N",
        help=f"deepest depth, 1 to {MOST_DEPTH}",
    )
    add_ruleset_argument(perft)
    add_seed_argument(perft, 1, "the deal")
    perft.add_argument(
        "--phase",
        default="play",
        choices=("exchange", "declaration", "play"),
        help="count from the start of this phase",
    )
    perft.add_argument(
        "--declarations",
        default="played",
        choices=("played", "auto"),
        help="declarations played by the players, or resolved automatically",
    )
    perft.add_argument("--divide", action="store_true", help="split the count by first action")
    perft.set_defaults(run=run)
