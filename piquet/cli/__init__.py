"""The command line: ``python -m piquet COMMAND``.

Each command lives in its own module of this package, which defines
``register(commands)``: it adds its sub-parser to ``commands`` (the object
:meth:`argparse.ArgumentParser.add_subparsers` returns) and sets ``run`` on it, a function
of the parsed arguments that returns the exit status. A new command is a new module and
one name in :data:`COMMANDS`; nothing else changes.

Every bad argument ends in one line on standard error and exit status 2: argument types
such as :func:`ruleset_name` and :func:`positive_seconds` reject bad values while
parsing, and a command raises :class:`UsageError` for what it finds wrong later. Help
shows each option's default; output to a closed pipe (``... | head``) ends quietly.

>>> {"bench", "demo", "perft"} <= set(build_parser()._subparsers._group_actions[0].choices)
True
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..cards import excerpt
from ..rules import RULESETS, Ruleset, find_ruleset

__all__ = [
    "COMMANDS",
    "UsageError",
    "add_explain_argument",
    "add_ruleset_argument",
    "add_seed_argument",
    "add_symbols_argument",
    "main",
    "positive_int",
    "positive_seconds",
    "prog_name",
    "readable_file",
    "ruleset_name",
]

#: The modules of :mod:`piquet.cli` that define a command, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = (
    "play",
    "show",
    "analyse",
    "demo",
    "match",
    "tournament",
    "bench",
    "perft",
    "odds",
    "search_bench",
    "serve",
    "protocol_check",
    "bots",
)


def prog_name() -> str:
    """The program name in usage lines and error messages: ``piquet`` when run as the
    console script, ``python -m piquet`` otherwise.

    >>> prog_name() in ("piquet", "python -m piquet")
    True
    """
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if script in ("piquet", "piquet.exe", "piquet-script.py"):
        return "piquet"
    return "python -m piquet"


#: Exit status for a bad argument, as :mod:`argparse` uses.
USAGE_STATUS = 2


class UsageError(ValueError):
    """A bad argument found by a command after parsing; :func:`main` prints it on one
    line and exits with status 2."""


class _DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows ``(default: X)`` after the help of each option that has a default: the one
    way every command shows its defaults (an option whose default is worked out at run
    time says so in its help, in the same form: ``(default: random)``)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        help_text = action.help or ""
        if "(default: " in help_text or any(
            action.default is nothing for nothing in (None, False, argparse.SUPPRESS)
        ):
            return help_text
        default = action.default
        if isinstance(default, list):
            default = " ".join(str(item) for item in default)
        elif isinstance(default, Ruleset):
            default = default.name
        return f"{help_text} (default: {default})".replace("%", "%%")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose help shows the defaults (every command's parser)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _DefaultsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:  # typeshed: NoReturn
        """One line naming what is wrong, and exit status 2 (argparse adds the usage); a
        message that quotes a long argument is cut (argparse's own quote it whole)."""
        if len(message) > _LONGEST_MESSAGE:
            message = f"{message[:_LONGEST_MESSAGE]}... ({len(message)} characters)"
        self.exit(USAGE_STATUS, f"{self.prog}: error: {message} (see --help)\n")


_LONGEST_MESSAGE = 240

# ----------------------------------------------------------------- argument types


def ruleset_name(text: str) -> Ruleset:
    """An argument type: a preset ruleset by name, case-insensitive (as
    :func:`piquet.find_ruleset`).

    >>> ruleset_name("RUBICON").name
    'rubicon'
    >>> ruleset_name("whist")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: no ruleset 'whist'; known: au_cent, au_cent_101, ...
    """
    try:
        return find_ruleset(text)
    except KeyError:
        raise argparse.ArgumentTypeError(
            f"no ruleset {excerpt(text)}; known: {', '.join(sorted(RULESETS))}"
        ) from None


def positive_seconds(text: str) -> float:
    """An argument type: a finite number of seconds above zero.

    >>> positive_seconds("0.5")
    0.5
    >>> positive_seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: seconds must be a number above 0, not 'nan'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"seconds must be a number above 0, not {excerpt(text)}")
    return value


def positive_int(text: str) -> int:
    """An argument type: a whole number of at least 1.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number of at least 1, not '0'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at least 1, not {excerpt(text)}"
        )
    return value


def readable_file(text: str) -> str:
    """An argument type: the path of a file that exists and can be read.

    >>> readable_file("/no/such/file")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: no such file: '/no/such/file'
    """
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(f"no such file: {text!r}")
    if not os.access(text, os.R_OK):
        raise argparse.ArgumentTypeError(f"cannot read {text!r}")
    return text


def add_ruleset_argument(
    parser: argparse.ArgumentParser, default: str | None = "rubicon", *, repeat: bool = False
) -> None:
    """Add ``--ruleset NAME``: a preset by name, in any case, listed in the help; the
    parsed value is the :class:`~piquet.Ruleset` (a list of them with ``repeat``)."""
    parser.add_argument(
        "--ruleset",
        type=ruleset_name,
        default=default if not repeat else None,
        action="append" if repeat else "store",
        metavar="NAME",
        help=f"preset ruleset, one of {', '.join(sorted(RULESETS))}, in any case"
        + (f"; repeat for more (default: {default})" if repeat else ""),
    )


def add_seed_argument(parser: argparse.ArgumentParser, default: int | None, what: str) -> None:
    """Add ``--seed N``: the seed of ``what``; None draws one at random."""
    from ._play import whole_number

    parser.add_argument(
        "--seed",
        type=whole_number,
        default=default,
        metavar="N",
        help=f"seed of {what}" + (" (default: random)" if default is None else ""),
    )


def add_symbols_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--symbols``: suits written as symbols."""
    parser.add_argument(
        "--symbols", action="store_true", help="write suits as ♠ ♥ ♦ ♣ instead of S H D C"
    )


def add_explain_argument(parser: argparse.ArgumentParser, default: bool) -> None:
    """Add ``--explain``/``--no-explain``: explain each term of the game the first time
    the narration uses it (see :mod:`piquet.glossary`)."""
    explain = parser.add_mutually_exclusive_group()
    explain.add_argument(
        "--explain",
        action="store_true",
        default=default,
        help="explain each term of the game the first time it is met"
        + (" (default: on)" if default else " (default: off)"),
    )
    explain.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        default=argparse.SUPPRESS,
        help="do not explain the terms",
    )


# ----------------------------------------------------------------- the parser and main


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command in :data:`COMMANDS`."""
    from .. import __version__

    parser = _Parser(prog=prog_name(), description="Piquet, the card game, in all its forms.")
    parser.add_argument("--version", action="version", version=f"piquet {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(commands)
    return parser


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that flushing it at exit cannot fail again
    on a closed pipe (the recipe of the :mod:`signal` documentation)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m piquet`` and the ``piquet`` command: the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = int(args.run(args))
        sys.stdout.flush()
    except UsageError as error:
        print(f"{prog_name()} {args.command}: error: {error}", file=sys.stderr)
        return USAGE_STATUS
    except BrokenPipeError:
        _quiet_stdout()
        return 141  # as a shell reports a command ended by SIGPIPE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130  # as a shell reports a command ended by SIGINT
    return status
