"""``python -m piquet demo``: a narrated game between two bots."""

from __future__ import annotations

import argparse
import random
from typing import Any

from ..bots import make, names, play_game
from ..narrate import narrate
from ..presets import RULESETS, find_ruleset


def run(args: argparse.Namespace) -> int:
    ruleset = find_ruleset(args.ruleset)
    rng = random.Random(args.seed)
    bots = [make(args.a, seed=rng.getrandbits(64)), make(args.b, seed=rng.getrandbits(64))]
    final = play_game(ruleset, bots, rng)
    for line in narrate(final):
        print(line)
    return 0


def register(commands: Any) -> None:
    demo = commands.add_parser("demo", help="a narrated game between two bots")
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    demo.add_argument("--a", default="greedy", choices=names(), help="bot for A")
    demo.add_argument("--b", default="random", choices=names(), help="bot for B")
    demo.set_defaults(run=run)
