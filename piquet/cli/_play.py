"""What ``match`` and ``tournament`` share: arguments, the executor, the progress bar;
and :func:`whole_number`, the int argument type of the other commands too."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any, NoReturn

from .._extras import message as extra_message
from ..cards import excerpt


def one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Make ``parser`` report bad arguments in one line (no usage), exit status 2."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message}\n")

    parser.error = error  # type: ignore[method-assign]


def whole_number(text: str) -> int:
    """An argument type: an int, as :func:`int` reads it; argparse's message for a bad
    one, quoting at most 60 characters of it.

    >>> whole_number("-12")
    -12
    >>> whole_number("9" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: invalid int value: '999...
    """
    try:
        return int(text)
    except ValueError:  # not a number, or more digits than int() reads
        raise argparse.ArgumentTypeError(f"invalid int value: {excerpt(text)}") from None


def bot_spec(text: str) -> str:
    """An argument type: a bot, ``NAME`` or ``NAME:KEY=VALUE,...``, known and with
    options it takes (see the ``bots`` command).

    >>> bot_spec("pimc:samples=5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: bot 'pimc' has no option 'samples'; its options: worlds, ...
    """
    from ..bots import names
    from ..bots.base import check_options
    from ..matches.match import MatchError, parse_bot

    try:
        name, options = parse_bot(text)
        if name == "exec":  # a program that speaks the protocol: checked when started
            return text
        if name not in names():
            raise MatchError(f"unknown bot {excerpt(name)}; known bots: {', '.join(names())}")
        check_options(name, options)
    except ValueError as error:  # MatchError is one
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_bot_arguments(parser: argparse.ArgumentParser, defaults: tuple[str, str]) -> None:
    """``--a BOT`` and ``--b BOT``: the two bots of a two-bot command."""
    for flag, default in zip(("--a", "--b"), defaults, strict=True):
        parser.add_argument(
            flag,
            default=default,
            type=bot_spec,
            metavar="BOT",
            help=f"bot {flag[2:]}, NAME or NAME:KEY=VALUE,... (see the 'bots' command)",
        )


def add_common(
    parser: argparse.ArgumentParser, *, default_games: int, games: str = "games"
) -> None:
    """The arguments both commands take."""
    from . import add_ruleset_argument, add_seed_argument

    parser.add_argument(
        "--games",
        type=whole_number,
        default=default_games,
        metavar="N",
        help=f"{games}; even, unless --plain",
    )
    add_seed_argument(parser, 0, "every deal and bot")
    add_ruleset_argument(parser)
    parser.add_argument(
        "--plain",
        action="store_true",
        help="no duplicate pairs: every game has its own deals (seats still alternate)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number,
        default=1,
        metavar="N",
        help="worker processes; no more are made than batches of games or CPUs",
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on this Dask scheduler (tcp://host:8786)"
    )
    parser.add_argument("--out", metavar="FILE", help="write every game as JSON lines")
    parser.add_argument("--plot", metavar="FILE", help="draw a picture (PNG) with matplotlib")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def check_common(args: argparse.Namespace, fail: Callable[[str], NoReturn]) -> None:
    """Reject bad values with a one-line error naming the argument."""
    if args.games < 1:
        fail(f"--games: must be at least 1 (got {args.games})")
    if not args.plain and args.games % 2:
        fail(f"--games: duplicate play needs an even number (got {args.games}); or use --plain")
    if args.jobs < 1:
        fail(f"--jobs: must be at least 1 (got {args.jobs})")
    for flag, path in (("--out", args.out), ("--plot", args.plot)):
        problem = path and unwritable(path)
        if problem:
            fail(f"{flag}: {problem}")
    if args.plot:
        try:
            importlib.import_module("matplotlib")
        except ImportError:
            fail(extra_message("--plot", "matplotlib", "plot"))


def unwritable(path: str) -> str | None:
    """Why a file cannot be written at ``path`` (checked before any game is played),
    or None when it can."""
    if "\0" in path:
        return f"a path has no NUL character: {excerpt(path)}"
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return f"{excerpt(path)} is a directory"
    if not os.path.isdir(folder):
        return f"no directory {excerpt(folder)}"
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        return f"cannot write {excerpt(path)}"
    return None


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
        fail(extra_message("--scheduler", "dask.distributed", "dask"))
    try:
        client = distributed.Client(args.scheduler, timeout=10)
    except (OSError, ValueError, TypeError) as error:  # unreachable, or not an address
        fail(f"--scheduler: cannot reach {excerpt(args.scheduler)}: {error}")
    try:
        yield client.get_executor()
    finally:
        client.close()


@contextlib.contextmanager
def progress_bar(quiet: bool, unit: str = "game") -> Iterator[Callable[[int, int], None] | None]:
    """A tqdm bar with a time estimate, on stderr (the ``cli`` extra); without tqdm, a
    plain-text line (:class:`piquet._progress.ProgressLine`)."""
    if quiet:
        yield None
        return
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm
    except ImportError:
        from .._progress import ProgressLine

        line = ProgressLine(unit)
        try:
            yield line
        finally:
            line.close()
        return
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:  # the first call, before any game: the bar shows from the start
            bar = tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True)
        bar.update(done - bar.n)

    try:
        yield update
    finally:
        if bar is not None:
            bar.close()
