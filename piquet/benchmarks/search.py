"""The search section of ``python -m piquet bench``, and ``python -m piquet search-bench``.

The section prints the figures the search is tracked by, each in CPU time
(``time.process_time``, over many repeats) and, given a floor, as a ratio to one floor
deal measured in the same process: ``solve`` of a whole deal (twelve tricks) of
Rubicon, Cotton 1674 and Cotton 1995; ``sample_state`` in the play, with automatic and
with played declarations, 50 samples of each position's plan (as ``search-bench``
draws them) and 20 (the plan's first samples, which fill its memos, weigh more); a
rollout of the play to the deal's end, as a state (:meth:`State.rollout
<piquet.State.rollout>`) and as a value (:func:`piquet.search.playout.rollout_value`);
a PIMC bot's choice of one card (at the first lead) and of one discard (the elder's).
It measures both paths, each in a process of its own: the pure-Python one
(``PIQUET_NATIVE=0``) and the compiled kernel, when it is built.

``search-bench`` prints finer figures for chosen rulesets. Sampling: microseconds per
sample of a play-phase observation, split into the placement of the hidden cards (the
counting and drawing) and the whole sample (with the replay of the deal through the
engine), and the replay alone as the floor any sampler pays. Solving: milliseconds per
:func:`piquet.search.solver.solve` of a deal at the start of the play (twelve tricks)
and with fewer tricks left.

>>> figures = sampling_figures(positions=2, samples=3, seed=1)
>>> sorted(figures)
['placement_us', 'proposals', 'replay_us', 'sample_us']
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Final, TypeVar

from ..bots import make
from ..engine import Phase, State, new_game
from ..observation import Observation
from ..rules import COTTON_1674, COTTON_1995, RUBICON, Ruleset
from ..search._plan import make_plan
from ..search.native import ENV_VAR, KERNELS
from ..search.playout import rollout_value
from ..search.sampling import Declarations, draw_groups, prepare, sample_plan, sample_state
from ..search.solver import solve
from ..words import CHANCE
from .common import Options, floor_seconds, load_floor, settled_clock
from .engine import cpu_name

__all__ = ["FIGURES", "main", "path_figures", "sampling_figures", "section", "solving_figures"]


def _play_position(
    ruleset: Ruleset, declarations: Declarations, rng: random.Random, tricks_left: int
) -> State:
    state = new_game(ruleset, declarations=declarations)
    while True:
        if state.is_over or state.deal_number > 1:  # a race won in the first deal
            state = new_game(ruleset, declarations=declarations)
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        mover = state.to_move
        assert mover is not None
        if state.phase is Phase.PLAY and len(state.hand(mover)) <= tricks_left:
            return state
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


def sampling_figures(
    *,
    ruleset: Ruleset = RUBICON,
    declarations: Declarations = "played",
    positions: int = 40,
    samples: int = 50,
    seed: int = 1,
    before_the_lead: bool = False,
) -> dict[str, float]:
    """Mean figures over ``positions`` random play-phase observations (anywhere from the
    first trick to the last), ``samples`` samples each; with ``before_the_lead``, the
    elder's observations before his first lead, where the younger's combinations are
    heard but not yet shown (R-DE-7). A few samples of another position come first
    and are not counted: the ruleset's tables, which the sampler makes once a process
    (the kernel's duel tables among them), are made then, as a bot sampling world after
    world has them; each position's own plan is made and counted as before."""
    prepare(ruleset)
    warm = random.Random(seed + 1)
    warm_state = _play_position(ruleset, declarations, warm, 12)
    assert warm_state.to_move is not CHANCE and warm_state.to_move is not None
    for _ in range(3):
        sample_state(warm_state.observation(warm_state.to_move), warm)
    rng = random.Random(seed)
    observations = []
    for _ in range(positions):
        left = 12 if before_the_lead else rng.randint(1, 12)
        state = _play_position(ruleset, declarations, rng, left)
        player = state.to_move
        assert player is not CHANCE and player is not None
        observations.append(state.observation(player))
    # plans made afresh, not the process's cached ones: a figure measured after another
    # of the same positions found their plans warm (the memos of their earlier samples)
    plans = [make_plan(seen, declarations) for seen in observations]
    start = settled_clock()
    for plan in plans:
        assert plan.groups is not None
        for _ in range(samples):
            draw_groups(plan.groups, rng)
    placement = (time.process_time() - start) / (positions * samples)
    proposals = 0
    start = settled_clock()
    for plan in plans:
        for _ in range(samples):
            proposals += sample_plan(plan, rng, 1_000_000)[1]
    drawing = (time.process_time() - start) / (positions * samples)
    worlds = [sample_state(seen, rng, declarations=declarations) for seen in observations]
    start = settled_clock()
    for world in worlds:
        for _ in range(samples):
            replay = new_game(world.ruleset, declarations=declarations)
            for action in world.history:
                replay = replay.apply(action)
    replay_time = (time.process_time() - start) / (positions * samples)
    return {
        "placement_us": placement * 1e6,
        "sample_us": drawing * 1e6,
        "proposals": proposals / (positions * samples),
        "replay_us": replay_time * 1e6,
    }


def solving_figures(
    *,
    ruleset: Ruleset = RUBICON,
    tricks_left: int = 12,
    deals: int = 20,
    seed: int = 1,
    warmup: int = 3,
) -> dict[str, float]:
    """Milliseconds per solve (mean, median, max) and positions searched per solve, over
    ``deals`` random deals of automatic declarations, at the first play with
    ``tricks_left`` tricks to go. ``warmup`` solves of other deals come first and are
    not counted: the solver fills tables of the suit patterns and bounds it meets and
    keeps them from solve to solve, as a bot solving world after world has them.

    >>> figures = solving_figures(tricks_left=3, deals=2, warmup=0)
    >>> sorted(figures)
    ['max_ms', 'mean_ms', 'median_ms', 'nodes']
    """
    rng = random.Random(seed)
    states = [_play_position(ruleset, "auto", rng, tricks_left) for _ in range(deals)]
    warm = random.Random(seed + 1)
    for _ in range(warmup):
        solve(_play_position(ruleset, "auto", warm, tricks_left))
    times = []
    nodes = 0
    # collected once, not before each solve: a collection walks the whole heap, and the
    # solve after it ran 30% slower on the caches it left cold
    settled_clock()
    for state in states:
        start = time.process_time()
        nodes += solve(state).nodes
        times.append(time.process_time() - start)
    return {
        "mean_ms": statistics.fmean(times) * 1e3,
        "median_ms": statistics.median(times) * 1e3,
        "max_ms": max(times) * 1e3,
        "nodes": nodes / deals,
    }


def main(
    *, deals: int = 20, positions: int = 40, rulesets: tuple[Ruleset, ...] = (RUBICON,)
) -> int:
    """Print the figures (the ``search-bench`` command)."""
    cpu = cpu_name()
    print(f"Python {sys.version.split()[0]} on {platform.machine()}, {cpu}; CPU time")
    for ruleset in rulesets:
        modes: tuple[Declarations, ...] = ("played", "auto")
        for mode in modes:
            f = sampling_figures(ruleset=ruleset, declarations=mode, positions=positions)
            print(
                f"sample {ruleset.name} ({mode} declarations): {f['sample_us']:.0f} us a sample "
                f"({f['placement_us']:.0f} us placing the cards, {f['proposals']:.2f} proposals; "
                f"floor: replaying the game alone {f['replay_us']:.0f} us)"
            )
            f = sampling_figures(
                ruleset=ruleset, declarations=mode, positions=positions, before_the_lead=True
            )
            print(
                f"sample {ruleset.name} ({mode} declarations), the elder before his first "
                f"lead: {f['sample_us']:.0f} us a sample ({f['proposals']:.2f} proposals)"
            )
        for left in (12, 8, 4):
            f = solving_figures(ruleset=ruleset, tricks_left=left, deals=deals)
            print(
                f"solve {ruleset.name}, {left} tricks left: mean {f['mean_ms']:.1f} ms, "
                f"median {f['median_ms']:.1f} ms, max {f['max_ms']:.1f} ms "
                f"({f['nodes']:.0f} positions searched a solve; {deals} deals after 3 "
                "warm-up solves)"
            )
    return 0


#: The section's figures: (key, label, unit, scale from seconds).
FIGURES: tuple[tuple[str, str, str, float], ...] = (
    ("solve_rubicon", "solve, a whole Rubicon deal", "ms", 1e3),
    ("solve_cotton_1674", "solve, a whole Cotton 1674 deal", "ms", 1e3),
    ("solve_cotton_1995", "solve, a whole Cotton 1995 deal", "ms", 1e3),
    ("sample_auto", "sample_state in the play, auto, 50 a plan", "us", 1e6),
    ("sample_played", "sample_state in the play, played, 50 a plan", "us", 1e6),
    ("sample_auto_fresh", "sample_state in the play, auto, 20 a plan", "us", 1e6),
    ("sample_played_fresh", "sample_state in the play, played, 20 a plan", "us", 1e6),
    ("rollout", "rollout of the play to the deal's end", "us", 1e6),
    ("rollout_value", "rollout_value: the same play, valued", "us", 1e6),
    ("pimc_card", "PIMC, one card (the first lead)", "ms", 1e3),
    ("pimc_discard", "PIMC, one discard (the elder's)", "ms", 1e3),
)


_Item = TypeVar("_Item")


def _mean_cpu(run: Callable[[_Item], object], items: list[_Item], repeats: int = 1) -> float:
    """Mean CPU seconds of ``run(item)`` over the items, ``repeats`` times over."""
    start = settled_clock()
    for _ in range(repeats):
        for item in items:
            run(item)
    return (time.process_time() - start) / (len(items) * repeats)


def _solve_seconds(ruleset: Ruleset, deals: int) -> float:
    return solving_figures(ruleset=ruleset, tricks_left=12, deals=deals)["mean_ms"] / 1e3


#: Samples drawn of each position's plan: as ``search-bench`` draws them (the project's
#: aims for a sample were set on its figures), and as many as the first samples of a
#: plan weigh more (a plan's memos fill then; a PIMC bot draws about 38 a decision).
_SAMPLES_A_PLAN: Final = 50
_FRESH_SAMPLES_A_PLAN: Final = 20


def _sample_seconds(declarations: Declarations, positions: int, samples: int) -> float:
    figures = sampling_figures(declarations=declarations, positions=positions, samples=samples)
    return figures["sample_us"] / 1e6


def _rollout_seconds(positions: int, valued: bool = False) -> float:
    rng = random.Random(3)
    starts = [_play_position(RUBICON, "auto", rng, 12) for _ in range(positions)]
    if valued:  # a call takes microseconds: ten times the repeats, for a steadier mean
        return _mean_cpu(lambda state: rollout_value(state, rng), starts, repeats=200)
    return _mean_cpu(lambda state: state.rollout(rng), starts, repeats=20)


def _pimc_seconds(discard: bool, decisions: int) -> float:
    rng = random.Random(4)
    seen: list[Observation] = []
    for _ in range(decisions):
        if discard:
            state = new_game(RUBICON, declarations="auto")
            state = state.apply(state.sample_chance(rng))
        else:
            state = _play_position(RUBICON, "auto", rng, 12)
        mover = state.to_move
        assert mover is not CHANCE and mover is not None
        seen.append(state.observation(mover))
    bot = make("pimc", seed=5)
    bot.choose(seen[0])  # warm: the solver's tables filled
    return _mean_cpu(bot.choose, seen)


def path_figures(options: Options) -> dict[str, float]:
    """The section's figures (:data:`FIGURES`) in CPU seconds, on the path this process
    runs; with a floor, for each figure ``key`` also ``"floor:" + key``: one floor
    deal's CPU seconds measured right before and after it (the mean of the two), and
    ``"floor"``, the mean of every floor measured. On a machine whose speed drifts (a
    shared one), a figure is so compared with the floor of its own moment: the ratios
    of one run, once compared with a floor measured at the run's start and end only,
    moved by half again from run to run."""
    run_floor = load_floor(options.floor) if options.floor is not None else None
    measures: dict[str, Callable[[], float]] = {
        "solve_rubicon": lambda: _solve_seconds(RUBICON, options.deals),
        "solve_cotton_1674": lambda: _solve_seconds(COTTON_1674, options.deals),
        "solve_cotton_1995": lambda: _solve_seconds(COTTON_1995, options.deals),
        "sample_auto": lambda: _sample_seconds("auto", options.positions, _SAMPLES_A_PLAN),
        "sample_played": lambda: _sample_seconds("played", options.positions, _SAMPLES_A_PLAN),
        "sample_auto_fresh": lambda: _sample_seconds(
            "auto", options.positions, _FRESH_SAMPLES_A_PLAN
        ),
        "sample_played_fresh": lambda: _sample_seconds(
            "played", options.positions, _FRESH_SAMPLES_A_PLAN
        ),
        "rollout": lambda: _rollout_seconds(options.positions),
        "rollout_value": lambda: _rollout_seconds(options.positions, valued=True),
        "pimc_card": lambda: _pimc_seconds(False, options.decisions),
        "pimc_discard": lambda: _pimc_seconds(True, options.decisions),
    }
    figures: dict[str, float] = {}
    if run_floor is None:
        return {key: measure() for key, measure in measures.items()}
    floors = [floor_seconds(run_floor, 1)]
    for key, measure in measures.items():
        figures[key] = measure()
        floors.append(floor_seconds(run_floor, len(floors) + 1))
        figures["floor:" + key] = (floors[-2] + floors[-1]) / 2
    figures["floor"] = statistics.fmean(floors)
    return figures


def kernel_built() -> bool:
    """Whether every module of the compiled kernel is installed (switched on or not)."""
    import importlib.util

    return all(importlib.util.find_spec(f"piquet.search.{name}") for name in KERNELS)


def _in_child(options: Options, native: bool) -> dict[str, float]:
    """:func:`path_figures` in a fresh process on one path."""
    argv = [sys.executable, "-m", "piquet.benchmarks.search", "--json"]
    argv += ["--deals", str(options.deals), "--positions", str(options.positions)]
    argv += ["--decisions", str(options.decisions)]
    if options.floor is not None:
        argv += ["--floor", options.floor]
    env = {**os.environ, ENV_VAR: "1" if native else "0"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def _cell(figures: dict[str, float], key: str, unit: str, scale: float) -> str:
    text = f"{figures[key] * scale:9.1f} {unit}"
    if "floor:" + key in figures:
        ratio = figures[key] / figures["floor:" + key]
        shown = (
            f"{ratio:.0f}" if ratio >= 100 else f"{ratio:.1f}" if ratio >= 10 else f"{ratio:.2f}"
        )
        text += f" {shown:>9s} floor deals"
    return text


def _floors(figures: dict[str, float]) -> list[float]:
    """The floors a path's figures were compared with."""
    return [value for key, value in figures.items() if key.startswith("floor:")]


def section(options: Options) -> None:
    """The search section of ``python -m piquet bench`` (see the module)."""
    built = kernel_built()
    print(
        f"== search: CPU time, each path in a process of its own; kernel: "
        f"{'built' if built else 'not built'}"
    )
    paths = {"pure": _in_child(options, native=False)}
    if built:
        paths["kernel"] = _in_child(options, native=True)
    if "floor" in paths["pure"]:
        floors = ", ".join(
            f"{name} {min(_floors(f)) * 1e6:.2f}-{max(_floors(f)) * 1e6:.2f} us"
            for name, f in paths.items()
        )
        print(
            "   ratios to one floor deal measured in the same process, right before and "
            f"after each figure ({floors})"
        )
    print(f"   {'':46s} {'pure path':>30s}" + (f" {'kernel':>30s}" if built else ""))
    for key, label, unit, scale in FIGURES:
        row = f"   {label:46s} " + " ".join(
            f"{_cell(figures, key, unit, scale):>30s}" for figures in paths.values()
        )
        if built:
            row += f"  x{paths['pure'][key] / paths['kernel'][key]:.1f}"
        print(row)
    if not built:
        print("   kernel: not built (the pure path only)")


def _child(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m piquet.benchmarks.search")
    parser.add_argument("--json", action="store_true", help="print the section's figures as JSON")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--floor")
    args = parser.parse_args(argv)
    options = Options(
        floor=args.floor, deals=args.deals, positions=args.positions, decisions=args.decisions
    )
    if args.json:
        print(json.dumps(path_figures(options)))
    else:
        section(options)
    return 0


if __name__ == "__main__":
    sys.exit(_child())
