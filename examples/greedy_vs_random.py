"""Pit the greedy bot against the random bot under every ruleset and print the results.

python examples/greedy_vs_random.py [games per ruleset] [seed]
"""

from __future__ import annotations

import random
import sys

import piquet as pq
from piquet.bots import GreedyBot, RandomBot, play_game


def main(games: int = 20, seed: int = 1) -> dict[str, int]:
    """Play ``games`` games per ruleset, greedy as A; returns greedy's wins per ruleset."""
    rng = random.Random(seed)
    wins: dict[str, int] = {}
    for name, ruleset in pq.RULESETS.items():
        won = 0
        for _ in range(games):
            final = play_game(ruleset, [GreedyBot(), RandomBot(random.Random(rng.random()))], rng)
            assert final.result is not None
            won += final.result.winner is pq.Player.A
        wins[name] = won
        print(f"{name:12s} greedy won {won:3d} of {games} games")
    return wins


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
