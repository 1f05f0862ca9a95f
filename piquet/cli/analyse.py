"""``python -m piquet analyse RECORD``: where each player of a saved game went wrong.

RECORD is read as ``show`` reads it (a game record, or a line of a match's JSON lines
file). Every decision is valued from the deciding player's own observation
(:func:`piquet.analyse`); the report is each player's summary and the marked decisions,
in colour on a terminal when rich is installed (the ``cli`` extra), as plain text
otherwise; ``--out`` writes the game record with a comment on each decision.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..analysis import analyse
from ..analysis.render import text
from ..analysis.valuation import valuer_named
from ..words import Player
from . import UsageError, add_seed_argument, positive_int
from ._play import progress_bar, unwritable

__all__ = ["register", "run"]


def _show(report: Any, every: bool) -> None:
    """The report in colour on a terminal with rich, else as plain text."""
    if sys.stdout.isatty():
        try:
            from rich.console import Console
        except ImportError:
            pass
        else:
            from ..analysis.render import rich_renderable

            Console().print(rich_renderable(report, every))
            return
    print(text(report, every))


def run(args: argparse.Namespace) -> int:
    from .show import read_game

    state, _ = read_game(args.record, args.game)
    if args.deal is not None and args.deal > state.deal_number:
        raise UsageError(f"--deal {args.deal}: the game has {state.deal_number} deal(s)")
    problem = args.out and unwritable(args.out)
    if problem:
        raise UsageError(f"--out: {problem}")
    try:
        valuer = valuer_named(args.valuer, args.worlds)
    except ValueError as error:
        raise UsageError(f"--valuer: {error}") from None
    with progress_bar(args.quiet, "decision") as progress:
        report = analyse(
            state,
            valuer=valuer,
            seed=args.seed,
            hindsight=args.hindsight,
            deal=args.deal,
            player=Player[args.seat] if args.seat else None,
            jobs=args.jobs,
            progress=progress,
        )
    _show(report, args.every)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(report.to_record())
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "analyse",
        help="where each player of a saved game went wrong",
        description=(
            "Value every decision of a saved game from the deciding player's own "
            "observation, with the best alternative and the points expected to be lost; "
            "marks ?! (inaccuracy), ? (mistake) and ?? (blunder); a summary per player."
        ),
    )
    parser.add_argument("record", metavar="RECORD", help="the file, or - for standard input")
    parser.add_argument(
        "--seat", type=str.upper, choices=("A", "B"), help="analyse this player's decisions only"
    )
    parser.add_argument("--deal", type=positive_int, metavar="N", help="analyse this deal only")
    parser.add_argument(
        "--game",
        type=positive_int,
        default=1,
        metavar="N",
        help="in a JSON lines file, the game on this line",
    )
    parser.add_argument(
        "--worlds",
        type=positive_int,
        metavar="N",
        help="worlds sampled for every decision (default: 6 to 20, by the decision)",
    )
    parser.add_argument(
        "--valuer",
        default="pimc",
        metavar="BOT",
        help="pimc, or a bot that values actions (such as the strong bot)",
    )
    parser.add_argument(
        "--hindsight", action="store_true", help="also value each decision seeing every card"
    )
    parser.add_argument(
        "--every", action="store_true", help="list every decision, not only the marked ones"
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=1, metavar="N", help="worker processes"
    )
    add_seed_argument(parser, 0, "the worlds sampled")
    parser.add_argument(
        "--out", metavar="FILE", help="write the game record with a comment on each decision"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.set_defaults(run=run)
