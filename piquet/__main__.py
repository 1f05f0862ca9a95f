"""Command line: ``python -m piquet demo``, ``python -m piquet bench`` and
``python -m piquet perft``."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .bots import Bot, GreedyBot, RandomBot, play_game
from .narrate import narrate
from .presets import RULESETS, find_ruleset


def _demo(args: argparse.Namespace) -> int:
    ruleset = find_ruleset(args.ruleset)
    rng = random.Random(args.seed)

    def make(kind: str) -> Bot:
        return GreedyBot() if kind == "greedy" else RandomBot(random.Random(rng.random()))

    bots = [make(args.a), make(args.b)]
    final = play_game(ruleset, bots, rng)
    for line in narrate(final):
        print(line)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import main as bench_main

    return bench_main(seconds=args.seconds, ruleset=find_ruleset(args.ruleset), floor=args.floor)


def _perft(args: argparse.Namespace) -> int:
    from .perft import divide, position, report

    state = position(
        find_ruleset(args.ruleset),
        seed=args.seed,
        phase=args.phase,
        declarations=args.declarations,
    )
    if args.divide:
        for text, count in divide(state, args.depth).items():
            print(f"{text}: {count}")
        return 0
    return report(state, args.depth)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m piquet`` and the ``piquet`` command."""
    parser = argparse.ArgumentParser(prog="python -m piquet", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="a narrated game between two bots")
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    demo.add_argument("--a", default="greedy", choices=("random", "greedy"), help="bot for A")
    demo.add_argument("--b", default="random", choices=("random", "greedy"), help="bot for B")
    demo.set_defaults(run=_demo)
    bench = commands.add_parser("bench", help="random deals per second through the public API")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    bench.add_argument(
        "--floor",
        metavar="PATH",
        help="also run this no-API floor simulator in turns (e.g. shared/bench/floor.py)",
    )
    bench.set_defaults(run=_bench)
    perft = commands.add_parser(
        "perft", help="count action sequences to a depth from a seeded deal, with nodes/s"
    )
    perft.add_argument("--depth", type=int, default=4, help="deepest depth (default 4)")
    perft.add_argument("--ruleset", default="rubicon", choices=sorted(RULESETS), help="ruleset")
    perft.add_argument("--seed", type=int, default=1, help="seed of the deal (default 1)")
    perft.add_argument(
        "--phase",
        default="play",
        choices=("exchange", "declaration", "play"),
        help="count from the start of this phase (default play)",
    )
    perft.add_argument("--declarations", default="played", choices=("played", "auto"))
    perft.add_argument("--divide", action="store_true", help="split the count by first action")
    perft.set_defaults(run=_perft)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
