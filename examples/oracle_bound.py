"""How much would seeing the cards be worth? The strong bot made to see the deal as it
is, against a lower bot in duplicate Rubicon parties (the same deals played twice,
seats swapped), with 95% intervals: a ceiling on what a bot that guesses the hidden
cards better (weighting its worlds, strategy fusion, more worlds) could gain.

python examples/oracle_bound.py [--sees all] [--lower heuristic] [--pairs 100]
                                [--first 1000]

``--sees all``: every decision is searched in the true deal, the stock's order too, so
the discards are chosen in hindsight; ``--sees play``: only the cards of the play are
(the opponent's hand and what is left of the stock), the discards and the words being
the strong bot's own. Pair ``n`` deals from ``random.Random(1000 + n)`` (``--first``
moves the range), and both bots are made with ``seed=n``, as in the ladder's rows of
the strong bot (docs/bots.rst), so the same pairs compare directly with it.

The oracle is an ordinary strong bot: its ``sampler`` option, which draws the worlds
it searches, returns the true state instead of a state consistent with what the bot
has seen. A bot in a real game cannot do this: only the game loop holds the state.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence

import piquet as pq
from piquet.matches.intervals import mean_interval, wilson_interval
from piquet.search.sampling import sample_state

#: The strong bot's options: the worlds it would draw where it sees the true state.
ONE_WORLD: dict[str, dict[str, int]] = {
    "all": {"worlds": 1, "exchange_worlds": 1},
    "play": {"worlds": 1},
}


class Truth:
    """The game loop's state, handed to the oracle as the only world there is."""

    def __init__(self, sees: str) -> None:
        self.sees = sees
        self.state: pq.State | None = None

    def __call__(self, observation: pq.Observation, rng: random.Random) -> pq.State:
        assert self.state is not None
        if self.sees == "all" or self.state.phase is pq.Phase.PLAY:
            return self.state
        return sample_state(observation, rng)  # as the strong bot draws its worlds


def play_pair(n: int, sees: str, lower: str) -> list[tuple[float, int]]:
    """The oracle's two games of pair ``n``: (its score, 1 a win and 0.5 a draw; its
    points, negative when it lost), the oracle elder first then younger in the first deal."""
    games = []
    for seat in (pq.Player.A, pq.Player.B):
        truth = Truth(sees)
        bots = {
            # the true state is the only world: one draw of it is enough (in the play,
            # and in every decision when it sees all; twenty draws decide the same)
            seat: pq.bots.make("strong", seed=n, sampler=truth, **ONE_WORLD[sees]),
            seat.other: pq.bots.make(lower, seed=n),
        }
        chance = random.Random(1000 + n)
        state = pq.new_game(pq.RUBICON)
        while not state.is_over:
            mover = state.to_move
            if mover is pq.CHANCE:
                state = state.apply(state.sample_chance(chance))
                continue
            assert isinstance(mover, pq.Player)
            truth.state = state
            state = state.apply(bots[mover].choose(state.observation(mover)))
        result = state.result
        assert result is not None
        if result.winner is None:
            games.append((0.5, 0))
        else:
            won = result.winner is seat
            games.append((1.0 if won else 0.0, result.points if won else -result.points))
    return games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sees", choices=("all", "play"), default="all")
    parser.add_argument("--lower", default="heuristic", help="its opponent (default: heuristic)")
    parser.add_argument("--pairs", type=int, default=100, help="duplicate pairs (default: 100)")
    parser.add_argument("--first", type=int, default=1000, help="the first pair (default: 1000)")
    args = parser.parse_args(argv)
    if args.pairs < 2:
        parser.error(f"--pairs must be at least 2 for an interval (got {args.pairs})")
    numbers = range(args.first, args.first + args.pairs)
    pairs = [play_pair(n, args.sees, args.lower) for n in numbers]
    scores = [score for pair in pairs for score, _ in pair]
    low, high = wilson_interval(sum(scores), len(scores))
    _, pair_low, pair_high = mean_interval([sum(score for score, _ in pair) / 2 for pair in pairs])
    pair_low, pair_high = max(pair_low, 0.0), min(pair_high, 1.0)  # a rate, whatever t says
    points, points_low, points_high = mean_interval([sum(p for _, p in pair) / 2 for pair in pairs])
    print(
        f"strong, seeing {'every card' if args.sees == 'all' else 'the play'}, v {args.lower}: "
        f"{len(scores)} parties (pairs {args.first} to {args.first + args.pairs - 1})\n"
        f"  won {statistics.fmean(scores):.1%} (Wilson 95% on the parties: {low:.1%} to "
        f"{high:.1%}; Student-t on the pairs: {pair_low:.1%} to {pair_high:.1%})\n"
        f"  points a partie {points:+.0f} (95%: {points_low:+.0f} to {points_high:+.0f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
