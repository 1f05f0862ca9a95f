"""What ``match`` and ``tournament`` share: arguments, the executor, the progress bar."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any, NoReturn

from ..presets import RULESETS


def one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Make ``parser`` report bad arguments in one line (no usage), exit status 2."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message}\n")

    parser.error = error  # type: ignore[method-assign]


def add_common(parser: argparse.ArgumentParser, *, default_games: int) -> None:
    """The arguments both commands take."""
    parser.add_argument(
        "--games", type=int, default=default_games, help=f"games (default {default_games})"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of every deal and bot (0)")
    parser.add_argument("--ruleset", default="rubicon", help="ruleset (default rubicon)")
    parser.add_argument(
        "--plain",
        action="store_true",
        help="no duplicate pairs: every game has its own deals (seats still alternate)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on this Dask scheduler (tcp://host:8786)"
    )
    parser.add_argument("--out", metavar="FILE", help="write every game as JSON lines")
    parser.add_argument("--plot", metavar="FILE", help="draw a picture (PNG) with matplotlib")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def check_common(args: argparse.Namespace, fail: Callable[[str], NoReturn]) -> None:
    """Reject bad values with a one-line error naming the argument."""
    if args.ruleset.lower() not in RULESETS:
        fail(f"--ruleset: unknown ruleset {args.ruleset!r}; known: {', '.join(sorted(RULESETS))}")
    if args.games < 1:
        fail(f"--games: must be at least 1 (got {args.games})")
    if not args.plain and args.games % 2:
        fail(f"--games: duplicate play needs an even number (got {args.games}); or use --plain")
    if args.jobs < 1:
        fail(f"--jobs: must be at least 1 (got {args.jobs})")
    if args.plot:
        try:
            importlib.import_module("matplotlib")
        except ImportError:
            fail("--plot needs matplotlib: pip install 'piquet[plot]'")


@contextlib.contextmanager
def executor_for(
    args: argparse.Namespace, fail: Callable[[str], NoReturn]
) -> Iterator[Executor | None]:
    """A Dask cluster's executor with ``--scheduler``, else None (the runner's own pool)."""
    if not args.scheduler:
        yield None
        return
    try:
        # imported by name: an optional extra, and untyped
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        fail("--scheduler needs dask.distributed: pip install 'piquet[dask]'")
    try:
        client = distributed.Client(args.scheduler, timeout=10)
    except OSError as error:
        fail(f"--scheduler: cannot reach {args.scheduler}: {error}")
    try:
        yield client.get_executor()
    finally:
        client.close()


@contextlib.contextmanager
def progress_bar(quiet: bool, unit: str = "game") -> Iterator[Callable[[int, int], None] | None]:
    """A tqdm bar with a time estimate, on stderr (the ``cli`` extra); none without tqdm."""
    if quiet:
        yield None
        return
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm
    except ImportError:
        yield None
        return
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True)
        bar.update(done - bar.n)

    try:
        yield update
    finally:
        if bar is not None:
            bar.close()
