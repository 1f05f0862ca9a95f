"""A bot of your own in thirty lines: it follows the heuristic bot, except that in the
play it leads its longest suit's highest card and follows as cheaply as it can; it is
registered by name and measured against the greedy bot in a duplicate match.

python examples/my_first_bot.py [games] [seed]
"""

from __future__ import annotations

import sys

import piquet as pq
from piquet.bots import make, register


class LongSuitBot:
    """Discards and declares as the heuristic bot does; leads from its longest suit."""

    def __init__(self) -> None:
        self.heuristic = make("heuristic")

    def choose(self, observation: pq.Observation) -> pq.Action:
        plays = [a for a in observation.legal_actions if isinstance(a, pq.Play)]
        if not plays or observation.trick:
            return self.heuristic.choose(observation)
        hand = observation.hand
        return max(plays, key=lambda play: (len(hand.suit(play.card.suit)), play.card.rank))


register("long-suit", lambda seed, **options: LongSuitBot())


def main(games: int = 20, seed: int = 1) -> pq.MatchResult:
    """Play ``games`` duplicate parties of LongSuitBot against the greedy bot."""
    result = pq.match("long-suit", "greedy", games=games, seed=seed)
    print(result.summary())
    return result


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
