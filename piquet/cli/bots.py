"""``python -m piquet bots``: the bots known by name, with their options and defaults.

A bot is named on the command line as ``NAME`` or ``NAME:KEY=VALUE,...`` (``--a``,
``--b``, ``--bots``, ``--bot``); the options listed here are the keys it takes, read
from the bot's factory (:func:`piquet.bots.base.bot_options`).

>>> from piquet.cli import main
>>> main(["bots"])  # doctest: +ELLIPSIS
greedy
  no options
...
pimc
  worlds ...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..bots import make, names
from ..bots.base import bot_options


def _summary(name: str) -> str:
    """The first line of the bot's class docstring."""
    doc = type(make(name, seed=0)).__doc__ or ""
    first = " ".join(doc.strip().split("\n\n")[0].split())
    return first.split(". ")[0].rstrip(".")


def run(args: argparse.Namespace) -> int:
    for name in names():
        summary = _summary(name)
        print(f"{name}{' - ' + summary if summary else ''}" if args.verbose else name)
        options = bot_options(name)
        if options is None:
            print("  options: not declared by its factory")
        elif not options:
            print("  no options")
        else:
            width = max(len(option.name) for option in options)
            for option in options:
                print(f"  {option.name:<{width}}  {option.type} (default: {option.default})")
    print()
    print("Name a bot with options as NAME:KEY=VALUE,..., e.g. --a ismcts:iterations=100")
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "bots",
        help="the bots, with their options and defaults",
        description="List the bots known by name, with the options each takes.",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="also say what each bot is, in one line"
    )
    parser.set_defaults(run=run)
