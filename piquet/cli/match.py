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

from ..bots import names
from ..play.match import MatchError, MatchInterrupted, MatchResult, match
from ..presets import find_ruleset
from ._play import add_common, check_common, executor_for, one_line_errors, progress_bar


def run(args: argparse.Namespace) -> int:
    fail: Any = args.fail
    check_common(args, fail)
    for flag, name in (("--a", args.a), ("--b", args.b)):
        if name.lower() not in names():
            fail(f"{flag}: unknown bot {name!r}; known bots: {', '.join(names())}")
    interrupted = False
    with executor_for(args, fail) as executor, progress_bar(args.quiet) as progress:
        try:
            result = match(
                args.a.lower(),
                args.b.lower(),
                ruleset=find_ruleset(args.ruleset),
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


def finish(result: MatchResult | Any, args: argparse.Namespace, interrupted: bool) -> int:
    """Print the summary, write the games and the picture; 130 after an interruption."""
    if interrupted:
        print(f"interrupted: keeping the {len(result.games)} games finished", file=sys.stderr)
    print(result.summary())
    if args.out:
        result.save(args.out)
        print(f"wrote {len(result.games)} games to {args.out}")
    if args.plot:
        result.plot(args.plot)
        print(f"drew {args.plot}")
    return 130 if interrupted else 0


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "match", help="a match between two bots: duplicate deals, intervals, JSON lines"
    )
    one_line_errors(parser)
    parser.add_argument("--a", default="greedy", help="bot a (default greedy)")
    parser.add_argument("--b", default="random", help="bot b (default random)")
    add_common(parser, default_games=100)

    def fail(message: str) -> NoReturn:
        parser.error(message)

    parser.set_defaults(run=run, fail=fail)
