"""``python -m piquet tournament``: a round robin between bots, with ratings.

>>> from piquet.cli import main
>>> main(["tournament", "--bots", "greedy", "random", "--games", "2", "--quiet"])
... # doctest: +ELLIPSIS
round robin of 2 bots, rubicon, 2 games a pair (duplicate), seed 0
...
0
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..matches.arguments import check_bot
from ..matches.match import MatchError, MatchInterrupted
from ..matches.tournament import tournament
from ._play import add_common, bot_spec, check_common, executor_for, one_line_errors, progress_bar
from .match import finish


def run(args: argparse.Namespace) -> int:
    fail: Any = args.fail
    check_common(args, fail)
    bots = list(args.bots)
    for name in bots:
        try:
            check_bot(name, "--bots")
        except MatchError as error:
            fail(str(error))
    if len(set(bots)) != len(bots) or len(bots) < 2:
        fail(f"--bots: give at least two different bots (got {' '.join(args.bots)})")
    interrupted = False
    with executor_for(args, fail) as executor, progress_bar(args.quiet) as progress:
        try:
            result = tournament(
                bots,
                ruleset=args.ruleset,
                games=args.games,
                seed=args.seed,
                duplicate=not args.plain,
                executor=executor,
                jobs=args.jobs,
                progress=progress,
            )
        except MatchInterrupted as stop:
            result, interrupted = stop.partial, True
        except MatchError as error:
            fail(str(error))
    return finish(result, args, interrupted)


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "tournament",
        help="a round robin between bots: elo ratings and the table",
        description=(
            "A round robin between bots: every pair plays a match; the table gives each "
            "bot's elo (Bradley-Terry ratings on the Elo scale) with its interval."
        ),
    )
    one_line_errors(parser)
    parser.add_argument(
        "--bots",
        nargs="+",
        default=["random", "greedy"],
        type=bot_spec,
        metavar="BOT",
        help="the bots, each NAME or NAME:KEY=VALUE,... (see the 'bots' command)",
    )
    add_common(parser, default_games=100, games="games for each pair of bots")

    def fail(message: str) -> NoReturn:
        parser.error(message)

    parser.set_defaults(run=run, fail=fail)
