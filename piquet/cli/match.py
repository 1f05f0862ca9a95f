"""``python -m piquet match``: a match between two bots, with a summary table.

>>> from piquet.cli import main
>>> main(["match", "--a", "greedy", "--b", "random", "--games", "2", "--quiet"])
... # doctest: +ELLIPSIS
greedy v random, rubicon, 2 games (duplicate), seed 0
...
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn

from ..matches.arguments import check_bot
from ..matches.match import MatchError, MatchInterrupted, MatchResult, match
from ..matches.tournament import TournamentResult
from . import prog_name
from ._play import (
    add_bot_arguments,
    add_common,
    check_common,
    executor_for,
    one_line_errors,
    progress_bar,
)
from ._tables import print_summary


def run(args: argparse.Namespace) -> int:
    fail: Any = args.fail
    check_common(args, fail)
    for flag, name in (("--a", args.a), ("--b", args.b)):
        try:
            check_bot(name, flag)
        except MatchError as error:
            fail(str(error))
    interrupted = False
    with executor_for(args, fail) as executor, progress_bar(args.quiet) as progress:
        try:
            result = match(
                args.a,
                args.b,
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


def finish(
    result: MatchResult | TournamentResult, args: argparse.Namespace, interrupted: bool
) -> int:
    """Print the summary, write the games and the picture; 130 after an interruption,
    2 (with one line on stderr) when a file cannot be written after all."""
    if isinstance(result, MatchResult):
        played = len(result.games)
    else:
        played = sum(len(each.games) for each in result.matches)
    if interrupted:
        print(f"interrupted: keeping the {played} games finished", file=sys.stderr)
    print_summary(result)
    try:
        if args.out:
            result.save(args.out)
            print(f"wrote {played} games to {args.out}")
        if args.plot:
            result.plot(args.plot)
            print(f"drew {args.plot}")
    except OSError as error:  # checked before playing, but the disk may have changed
        print(f"{prog_name()} {args.command}: error: {error}", file=sys.stderr)
        return 2
    return 130 if interrupted else 0


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "match",
        help="a match between two bots: duplicate deals, intervals, JSON lines",
        description="A match between two bots, on duplicate deals, with a summary table.",
    )
    one_line_errors(parser)
    add_bot_arguments(parser, ("greedy", "random"))
    add_common(parser, default_games=100)

    def fail(message: str) -> NoReturn:
        parser.error(message)

    parser.set_defaults(run=run, fail=fail)
