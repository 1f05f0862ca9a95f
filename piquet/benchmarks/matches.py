"""Measure the match runner: ``python -m piquet.benchmarks.matches [--games N] [--no-dask]``.

It prints, for the same games:

* the floor: the games played one by one with :func:`piquet.bots.play_game`, fresh bots
  and a record (``pq.dumps``) per game, as a bot writer's own loop would;
* the runner, serially: its overhead against that floor (seeding, timing every
  decision, counting piques and capots), in wall time and in this process's CPU time
  (which other work on the machine skews less);
* the runner on 2 worker processes, and on a local Dask cluster of 2 worker processes:
  the speed-up against the serial runner (start-up of the pool or cluster excluded);
* how much duplicate play narrows the 95% intervals against plain play.

Each timing is the best of ``--repeats`` runs, interleaved, since the machine may be busy.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs

from ..actions import Action
from ..bots import GreedyBot, make, play_game
from ..matches.games import BotSpec, bot_label, derive_seed
from ..matches.match import MatchResult, match
from ..observation import Observation
from ..records import dumps
from ..rules import RUBICON
from .common import Options, floor_seconds, load_floor

__all__ = ["duplicate_gain", "main", "one_by_one", "section"]


def one_by_one(bot_a: str, bot_b: str, games: int, seed: int) -> list[str]:
    """The floor: the games a match plays, played one by one, each kept as a record."""
    records = []
    for number in range(games):
        a_first = number % 2 == 0
        bots = [
            make(bot_a, seed=derive_seed(seed, "a", number)),
            make(bot_b, seed=derive_seed(seed, "b", number)),
        ]
        if not a_first:
            bots.reverse()
        chance = random.Random(derive_seed(seed, "deals", number // 2))
        records.append(dumps(play_game(RUBICON, bots, chance)))
    return records


@attrs.define
class NoisyGreedy:
    """The greedy bot, but a random legal action one time in twenty: a close opponent
    for greedy, so that the cards, not the blunders, decide most games."""

    rng: random.Random
    greedy: GreedyBot = attrs.field(factory=GreedyBot)

    def choose(self, observation: Observation) -> Action:
        if self.rng.random() < 0.05:
            return self.rng.choice(observation.legal_actions)
        return self.greedy.choose(observation)


def _best(
    runs: dict[str, Callable[[], object]], repeats: int
) -> tuple[dict[str, float], dict[str, float]]:
    """The best wall time and the best CPU time of this process, per run."""
    wall = dict.fromkeys(runs, float("inf"))
    cpu = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            run()
            wall[name] = min(wall[name], time.perf_counter() - start)
            cpu[name] = min(cpu[name], time.process_time() - start_cpu)
    return wall, cpu


def duplicate_gain(bot_a: BotSpec, bot_b: BotSpec, games: int, seed: int) -> dict[str, float]:
    """Half-widths of the 95% intervals (points per game; share of games) of the same
    number of games played in duplicate pairs and plainly, and their ratios. A bot object
    is copied for each of the two matches, so that both start from the same state."""

    def widths(result: MatchResult) -> tuple[float, float]:
        low, high = result.points_interval
        s_low, s_high = result.score_interval
        return (high - low) / 2, (s_high - s_low) / 2

    duplicate = match(copy.deepcopy(bot_a), bot_b, games=games, seed=seed, duplicate=True)
    plain = match(copy.deepcopy(bot_a), bot_b, games=games, seed=seed, duplicate=False)
    (dup_points, dup_score), (plain_points, plain_score) = widths(duplicate), widths(plain)
    return {
        "duplicate points": dup_points,
        "plain points": plain_points,
        "points ratio": dup_points / plain_points,
        "duplicate score": dup_score,
        "plain score": plain_score,
        "score ratio": dup_score / plain_score if plain_score else float("nan"),
    }


def _dask(workers: int) -> tuple[Any, Executor] | None:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        return None
    cluster = distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    return (cluster, client), client.get_executor()


def _load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m piquet.benchmarks.matches", description=__doc__
    )
    parser.add_argument("--games", type=int, default=200, help="games per timing (200)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per timing (5)")
    parser.add_argument("--gain-games", type=int, default=1000, help="games per width (1000)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args(argv)
    games, seed = args.games, 7
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}"
    )
    print(f"greedy v random, rubicon, {games} games, best of {args.repeats}")

    print(f"load average before: {_load()} (other work on the cores skews the timings)")
    floor = one_by_one("greedy", "random", games, seed)
    assert floor == list(match("greedy", "random", games=games, seed=seed).records)
    runs: dict[str, Callable[[], object]] = {
        "one by one": lambda: one_by_one("greedy", "random", games, seed),
        "runner, serial": lambda: match("greedy", "random", games=games, seed=seed),
    }
    with ProcessPoolExecutor(2) as pool:
        pool.submit(int).result()  # started before the clock runs
        runs["runner, 2 processes"] = lambda: match(
            "greedy", "random", games=games, seed=seed, executor=pool
        )
        dask = None if args.no_dask else _dask(2)
        try:
            if dask is not None:
                runs["runner, Dask 2 workers"] = lambda: match(
                    "greedy", "random", games=games, seed=seed, executor=dask[1]
                )
            best, cpu = _best(runs, args.repeats)
        finally:
            if dask is not None:
                cluster, client = dask[0]
                client.close()
                cluster.close()
    print(f"load average after: {_load()}")
    floor_time, floor_cpu = best["one by one"], cpu["one by one"]
    serial = best["runner, serial"]
    for name, seconds in best.items():
        per_game = 1000 * seconds / games
        note = ""
        if name == "runner, serial":
            note = (
                f"overhead {100 * (seconds / floor_time - 1):+.1f}% wall, "
                f"{100 * (cpu[name] / floor_cpu - 1):+.1f}% CPU v one by one"
            )
        elif name != "one by one":
            note = f"speed-up {serial / seconds:.2f}x v serial"
        print(f"  {name:<24}{seconds:8.3f} s  {per_game:6.2f} ms/game  {note}")

    noisy = NoisyGreedy(random.Random(seed))  # an object: one stream across the games
    pairs: tuple[tuple[BotSpec, str], ...] = (
        ("greedy", "random"),
        ("random", "random"),
        (noisy, "greedy"),
    )
    for bot_a, bot_b in pairs:
        gain = duplicate_gain(bot_a, bot_b, args.gain_games, seed)
        print(
            f"{bot_label(bot_a)} v {bot_b}, {args.gain_games} games, "
            "95% half-widths, duplicate v plain:\n"
            f"  points/game ±{gain['duplicate points']:.1f} v ±{gain['plain points']:.1f} "
            f"({gain['points ratio']:.2f}x); share of games "
            f"±{100 * gain['duplicate score']:.1f}% v ±{100 * gain['plain score']:.1f}% "
            f"({gain['score ratio']:.2f}x)"
        )
    return 0


def section(options: Options) -> None:
    """The matches section of ``python -m piquet bench``: greedy v random, Rubicon,
    ``options.games`` games, played one by one and by the runner, serially and on two
    processes (CPU time of this process and wall time, the best of two runs); with a
    floor, each as a ratio to one floor deal measured in turns with them.
    (``python -m piquet.benchmarks.matches`` prints more: Dask, duplicate play.)"""
    games, seed = options.games, 7
    print(f"== matches: greedy v random, rubicon, {games} games, best of 2")
    run_floor = load_floor(options.floor) if options.floor is not None else None
    floors = [floor_seconds(run_floor, 1)] if run_floor is not None else []
    runs: dict[str, Callable[[], object]] = {
        "one by one": lambda: one_by_one("greedy", "random", games, seed),
        "runner, serial": lambda: match("greedy", "random", games=games, seed=seed),
    }
    with ProcessPoolExecutor(2) as pool:
        pool.submit(int).result()  # started before the clock runs
        runs["runner, 2 processes"] = lambda: match(
            "greedy", "random", games=games, seed=seed, executor=pool
        )
        wall, cpu = _best(runs, 2)
    if run_floor is not None:
        floors.append(floor_seconds(run_floor, 4))
    floor = sum(floors) / len(floors) if floors else 0.0
    if floor:
        print(f"   ratios to one floor deal ({floor * 1e6:.2f} us, CPU time) measured in turns")
    for name in runs:
        cpu_game, wall_game = cpu[name] / games, wall[name] / games
        text = f"   {name:<22}{1000 * cpu_game:7.2f} ms CPU a game, {1000 * wall_game:7.2f} ms wall"
        if floor:
            text += f"; {cpu_game / floor:6.0f} / {wall_game / floor:6.0f} floor deals"
        print(text)


if __name__ == "__main__":
    sys.exit(main())
