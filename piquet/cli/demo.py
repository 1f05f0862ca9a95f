"""``python -m piquet demo``: a narrated game between two bots."""

from __future__ import annotations

import argparse
import random
from typing import Any

from ..bots import make, names, play_game
from ..narrate import narrate
from ..words import Player
from . import add_ruleset_argument
from ._play import quoted, whole_number

#: The bots of the demo, A then B.
DEFAULT_BOTS: tuple[str, str] = ("heuristic", "greedy")


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    bots = [make(args.a, seed=rng.getrandbits(64)), make(args.b, seed=rng.getrandbits(64))]
    final = play_game(args.ruleset, bots, rng)
    for line in narrate(final, names={Player.A: args.a, Player.B: args.b}, symbols=args.symbols):
        print(line)
    return 0


def _bot_name(text: str) -> str:
    """An argument type: a bot's name, case-insensitive."""
    name = text.lower()
    if name not in names():
        raise argparse.ArgumentTypeError(
            f"unknown bot {quoted(text)}; known bots: {', '.join(names())}"
        )
    return name


def register(commands: Any) -> None:
    demo = commands.add_parser(
        "demo",
        help="a narrated game between two bots",
        description="Watch two bots play a game, told as players would tell it.",
    )
    demo.add_argument("--seed", type=whole_number, default=1, help="random seed")
    add_ruleset_argument(demo)
    demo.add_argument(
        "--a", type=_bot_name, default=DEFAULT_BOTS[0], metavar="BOT", help="bot for A"
    )
    demo.add_argument(
        "--b", type=_bot_name, default=DEFAULT_BOTS[1], metavar="BOT", help="bot for B"
    )
    demo.add_argument(
        "--symbols", action="store_true", help="write suits as ♠ ♥ ♦ ♣ instead of S H D C"
    )
    demo.set_defaults(run=run)
