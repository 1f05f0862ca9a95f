"""``python -m piquet serve --bot NAME``: a bot of this package as a protocol program.

The program speaks ``piquet-protocol 1`` on its standard input and output (see
:doc:`/protocol`), so that any runner, in any language, can play it; the seed and
options of the runner's ``hello`` take precedence over ``--seed`` and ``--option``.
"""

from __future__ import annotations

import argparse
import ast
from typing import Any

from ..bots import names
from ..cards import excerpt
from ..protocol.server import named_bot, serve
from ._play import whole_number


def run(args: argparse.Namespace) -> int:
    defaults: dict[str, Any] = dict(args.option)
    if args.seed is not None:
        defaults["seed"] = args.seed
    return serve(named_bot(args.bot, **defaults), name=args.name or args.bot)


def _bot_name(text: str) -> str:
    name = text.lower()
    if name not in names():
        known = ", ".join(names())
        raise argparse.ArgumentTypeError(f"unknown bot {excerpt(text)}; known bots: {known}")
    return name


def _option(text: str) -> tuple[str, Any]:
    key, equals, value = text.partition("=")
    if not equals or not key.strip().isidentifier():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {excerpt(text)}")
    try:
        return key.strip(), ast.literal_eval(value.strip())
    except (ValueError, SyntaxError):
        return key.strip(), value.strip()


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "serve",
        help="play a bot over the piquet protocol (stdin/stdout)",
        description="Run a bot as a program speaking piquet-protocol 1 on its standard "
        "input and output, for runners in any language.",
    )
    parser.add_argument(
        "--bot", type=_bot_name, default="greedy", metavar="BOT", help="the bot to serve"
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=None,
        metavar="N",
        help="the bot's seed, unless hello gives one",
    )
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the bot (repeatable)",
    )
    parser.add_argument("--name", default=None, help="the name told in ready (default: the bot's)")
    parser.set_defaults(run=run)
