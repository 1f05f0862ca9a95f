"""The ladder of the package's bots: each rung against the one below it, and the
strongest against the greedy bot, in duplicate Rubicon parties (the same deals played
twice, seats swapped), with 95% intervals. Prints the table published in docs/bots.rst.

python examples/ladder.py [--games 200] [--search-games 100] [--jobs 1] [--seed 1]
                          [--top pimc] [--ruleset rubicon] [--cpu-games 2]
                          [--levels] [--out docs/ladder.inc]

``--levels`` climbs the five levels instead (each ``levelN+1`` against ``levelN``: the
third counts the cards at the end of a deal, the fourth is the strong bot with two
worlds, the fifth the strong bot), then the strong bot against the PIMC bot of November
2026, the heuristic and the greedy bots. ``--out FILE`` writes the table, the CPU
time a decision of each upper bot, the machine (its cores) and the Python version to
FILE, the page's include (``python examples/ladder.py --levels --jobs 2 --out
docs/ladder.inc`` regenerates the published one: hours on two cores, most of them in
the search bots' games; ``--games 40 --search-games 20`` gives a rough table in about
an hour).

"Time a decision" in the table is wall-clock time, which grows with the machine's load.
The search bots' budgets are counted in worlds and iterations, not seconds, so their CPU
time a decision (``time.process_time``) is printed too, from ``--cpu-games`` games of
each top bot against the heuristic bot: about what an idle machine gives.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import piquet as pq

#: The rungs, weakest first; the top rung is chosen on the command line.
RUNGS = ("random", "greedy", "heuristic")
#: The levels, weakest first (``--levels``); those below ``level3`` are fast.
LEVELS = ("level1", "level2", "level3", "level4", "level5")
FAST = (*RUNGS, "level1", "level2")


def row(upper: str, lower: str, result: pq.MatchResult) -> str:
    low, high = result.win_interval
    p_low, p_high = result.points_interval
    seconds = result.seconds_per_decision[0]
    return (
        f"   * - {upper} v {lower}\n"
        f"     - {len(result.games)}\n"
        f"     - {result.win_rate:.1%} [{low:.1%}, {high:.1%}]\n"
        f"     - {result.mean_points:+.0f} [{p_low:+.0f}, {p_high:+.0f}]\n"
        f"     - {seconds * 1000:.2f} ms"
    )


def cpu_per_decision(name: str, ruleset: pq.Ruleset, games: int, seed: int) -> float:
    """The mean CPU seconds bot ``name`` takes a decision, over ``games`` games against
    the heuristic bot (seats alternating)."""
    spent, decisions = 0.0, 0
    for game in range(games):
        bots = {name: pq.bots.make(name, seed=seed + game), "heuristic": pq.bots.make("heuristic")}
        seats = [name, "heuristic"] if game % 2 == 0 else ["heuristic", name]
        chance = random.Random(seed * 1000 + game)
        state = pq.new_game(ruleset)
        while not state.is_over:
            mover = state.to_move
            if mover is pq.CHANCE:
                state = state.apply(state.sample_chance(chance))
                continue
            assert isinstance(mover, pq.Player)
            observation = state.observation(mover)
            start = time.process_time()
            action = bots[seats[mover]].choose(observation)
            if seats[mover] == name:
                spent += time.process_time() - start
                decisions += 1
            state = state.apply(action)
    return spent / max(decisions, 1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games between fast bots")
    parser.add_argument("--search-games", type=int, default=100, help="games with a search bot")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--top", action="append", help="search bots on top (pimc, ismcts)")
    parser.add_argument("--ruleset", default="rubicon")
    parser.add_argument(
        "--cpu-games", type=int, default=2, help="games to measure CPU time a decision"
    )
    parser.add_argument("--levels", action="store_true", help="climb the five levels")
    parser.add_argument("--out", help="write the table to this file (an rst include)")
    args = parser.parse_args(argv)
    ruleset = pq.find_ruleset(args.ruleset)
    tops = args.top or (["strong"] if args.levels else ["pimc", "ismcts"])
    if args.levels:
        pairs = [(LEVELS[i + 1], LEVELS[i]) for i in range(len(LEVELS) - 1)]
        pairs.append(("strong", "pimc-2026.11"))
    else:
        pairs = [(RUNGS[i + 1], RUNGS[i]) for i in range(len(RUNGS) - 1)]
    pairs += [(top, "heuristic") for top in tops] + [(top, "greedy") for top in tops]
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - match",
        "     - games",
        "     - win rate [95%]",
        "     - mean points [95%]",
        "     - time a decision",
    ]
    started = time.perf_counter()
    for number, (upper, lower) in enumerate(pairs, start=1):
        games = args.games if upper in FAST else args.search_games
        if not args.quiet:
            print(f"match {number}/{len(pairs)}: {upper} v {lower}", file=sys.stderr, flush=True)
        result = pq.match(
            upper,
            lower,
            ruleset=ruleset,
            games=games,
            seed=args.seed,
            jobs=args.jobs,
            progress=not args.quiet,
        )
        lines.append(row(upper, lower, result))
        print(result.summary(), file=sys.stderr, flush=True)
    notes: list[str] = []
    if args.cpu_games:
        timed = list(dict.fromkeys(upper for upper, _ in pairs)) if args.levels else tops
        for top in timed:
            if not args.quiet:
                print(f"timing {top}'s decisions...", file=sys.stderr, flush=True)
            seconds = cpu_per_decision(top, ruleset, args.cpu_games, args.seed)
            notes.append(f"{top}: {seconds * 1000:.1f} ms of CPU a decision (v heuristic)")
    notes.append(
        f"{ruleset.name}, seed {args.seed}; Python {platform.python_version()} on "
        f"{platform.machine()} ({platform.processor() or platform.system()}, "
        f"{os.cpu_count()} cores); "
        f"{time.perf_counter() - started:.0f} s with {args.jobs} process(es)"
    )
    table = "\n".join(lines)
    if args.out:
        # An rst include: the table, then each note as a line of its own.
        include = "\n".join([table, "", *(f"| {note}" for note in notes)])
        Path(args.out).write_text(include + "\n", encoding="utf-8")
    print("\n\n".join([table, "\n".join(notes[:-1]), notes[-1]]).replace("\n\n\n", "\n\n"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
