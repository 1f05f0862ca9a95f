"""``python -m piquet demo``: a narrated game between two bots, told as it is played.

Each action is told, and the output flushed, as soon as the bot has chosen it, so a
slow bot's game unfolds line by line instead of all at once at the end.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from ..actions import Action
from ..bots import Bot, make
from ..engine import Phase, new_game
from ..matches.arguments import check_bot
from ..matches.match import MatchError, parse_bot
from ..narrate import Narrator, score_sheet, title_line
from ..records import dumps
from ..words import CHANCE, Player
from . import (
    UsageError,
    add_explain_argument,
    add_ruleset_argument,
    add_seed_argument,
    add_symbols_argument,
)
from ._play import add_bot_arguments, unwritable

#: The bots of the demo, A then B.
DEFAULT_BOTS: tuple[str, str] = ("heuristic", "greedy")


def _bot(spec: str, seed: int) -> Bot:
    name, options = parse_bot(spec)
    return make(name, seed=seed, **options)


def _say(lines: list[str]) -> None:
    for line in lines:
        print(line)
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    for flag, spec in (("--a", args.a), ("--b", args.b)):
        try:
            check_bot(spec, flag)
        except MatchError as error:
            raise UsageError(str(error)) from None
    problem = args.out and unwritable(args.out)
    if problem:
        raise UsageError(f"--out: {problem}")
    rng = random.Random(args.seed)
    bots = [_bot(args.a, rng.getrandbits(64)), _bot(args.b, rng.getrandbits(64))]
    state = new_game(args.ruleset, dealer=Player.B)  # as piquet.bots.play_game starts
    teller = Narrator(args.symbols, None, args.explain)
    opening = teller.begin(state)
    _say(teller.explained([title_line(state, {Player.A: args.a, Player.B: args.b})]))
    _say(opening)
    while state.phase is not Phase.OVER:
        mover = state.to_move
        if mover is CHANCE:
            action: Action = state.sample_chance(rng)
        else:
            assert isinstance(mover, Player)
            action = bots[mover].choose(state.observation(mover))
        after = state.apply(action)
        _say(teller.tell(state, action, after))
        state = after
    _say(["", *score_sheet(state)])
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(dumps(state))
    return 0


def register(commands: Any) -> None:
    demo = commands.add_parser(
        "demo",
        help="a narrated game between two bots",
        description="Watch two bots play a game, told as players would tell it, as it is played.",
    )
    add_bot_arguments(demo, DEFAULT_BOTS)
    add_ruleset_argument(demo)
    add_seed_argument(demo, 1, "the deals and the bots")
    add_symbols_argument(demo)
    add_explain_argument(demo, False)
    demo.add_argument(
        "--out", metavar="FILE", help="write the game record (python -m piquet analyse reads it)"
    )
    demo.set_defaults(run=run)
