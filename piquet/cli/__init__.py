"""The command line: ``python -m piquet COMMAND``.

Each command lives in its own module of this package, which defines
``register(commands)``: it adds its sub-parser to ``commands`` (the object
:meth:`argparse.ArgumentParser.add_subparsers` returns) and sets ``run`` on it, a function
of the parsed arguments that returns the exit status. A new command is a new module and
one name in :data:`COMMANDS`; nothing else changes.

>>> {"bench", "demo", "perft"} <= set(build_parser()._subparsers._group_actions[0].choices)
True
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

__all__ = ["COMMANDS", "main"]

#: The modules of :mod:`piquet.cli` that define a command, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = ("demo", "bench", "perft", "match", "tournament", "search_bench")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command in :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog="python -m piquet", description="Piquet, the card game, in all its forms."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m piquet`` and the ``piquet`` command."""
    args = build_parser().parse_args(argv)
    return int(args.run(args))
