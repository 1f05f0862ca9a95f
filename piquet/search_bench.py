"""Figures for sampling and solving: ``python -m piquet search-bench``.

Sampling: microseconds per sample of a play-phase observation, split into the placement
of the hidden cards (the counting and drawing) and the whole sample (with the replay of
the deal through the engine), and the replay alone as the floor any sampler pays.
Solving: milliseconds per :func:`piquet.search.solver.solve` of a deal at the start of the play
(twelve tricks) and with fewer tricks left. The rollout: microseconds per
:meth:`State.rollout <piquet.State.rollout>` of the play from its first card. PIMC:
milliseconds a decision of :class:`~piquet.bots.pimc.PIMCBot` with its default budget
(a card, a discard) and with 100 worlds a card. The first line says whether the compiled
kernel runs (``PIQUET_NATIVE=0`` switches it off). Times are CPU time (``time.process_time``):
on an idle machine the same as the wall clock, and on a busy one still the cost of the
work itself.

>>> figures = sampling_figures(positions=2, samples=3, seed=1)
>>> sorted(figures)
['placement_us', 'proposals', 'replay_us', 'sample_us']
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time

from .actions import Exchange
from .bench import cpu_name
from .bots.pimc import PIMCBot
from .engine import Phase, State, new_game
from .observation import Observation
from .rules import RUBICON, Ruleset
from .search.native import native_available
from .search.sampling import Declarations, cached_plan, draw_groups, sample_plan, sample_state
from .search.solver import solve
from .words import CHANCE

__all__ = ["main", "pimc_figures", "rollout_figures", "sampling_figures", "solving_figures"]


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
    heard but not yet shown (R-DE-7)."""
    rng = random.Random(seed)
    observations = []
    for _ in range(positions):
        left = 12 if before_the_lead else rng.randint(1, 12)
        state = _play_position(ruleset, declarations, rng, left)
        player = state.to_move
        assert player is not CHANCE and player is not None
        observations.append(state.observation(player))
    plans = [cached_plan(seen, declarations) for seen in observations]
    start = time.process_time()
    for plan in plans:
        assert plan.groups is not None
        for _ in range(samples):
            draw_groups(plan.groups, rng)
    placement = (time.process_time() - start) / (positions * samples)
    proposals = 0
    start = time.process_time()
    for plan in plans:
        for _ in range(samples):
            proposals += sample_plan(plan, rng, 1_000_000)[1]
    drawing = (time.process_time() - start) / (positions * samples)
    worlds = [sample_state(seen, rng, declarations=declarations) for seen in observations]
    start = time.process_time()
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


def rollout_figures(
    *, ruleset: Ruleset = RUBICON, positions: int = 40, rollouts: int = 20, seed: int = 1
) -> dict[str, float]:
    """Microseconds per rollout of the play to the end of the deal, from the first card
    of ``positions`` random deals (automatic declarations), ``rollouts`` each.

    >>> sorted(rollout_figures(positions=2, rollouts=2))
    ['rollout_us']
    """
    rng = random.Random(seed)
    starts = [_play_position(ruleset, "auto", rng, 12) for _ in range(positions)]
    start = time.process_time()
    for state in starts:
        for _ in range(rollouts):
            state.rollout(rng)
    return {"rollout_us": (time.process_time() - start) / (positions * rollouts) * 1e6}


def pimc_figures(
    *, ruleset: Ruleset = RUBICON, positions: int = 6, seed: int = 1
) -> dict[str, float]:
    """Milliseconds a decision of PIMC with its default budget, over ``positions`` cards
    to play (anywhere in the play, more than one legal) and ``positions`` discards of
    random deals (played declarations), the worlds it weighed each, and milliseconds a
    card with 100 worlds.

    >>> sorted(pimc_figures(positions=1))
    ['card100_ms', 'card_ms', 'card_worlds', 'discard_ms', 'discard_worlds']
    """
    rng = random.Random(seed)
    cards: list[Observation] = []
    while len(cards) < positions:
        state = _play_position(ruleset, "played", rng, rng.randint(2, 12))
        if len(state.legal_actions()) > 1:
            mover = state.to_move
            assert mover is not CHANCE and mover is not None
            cards.append(state.observation(mover))
    discards: list[Observation] = []
    while len(discards) < positions:
        state = new_game(ruleset)
        state = state.apply(state.sample_chance(rng))
        while not isinstance(state.legal_actions()[0], Exchange):
            state = state.apply(rng.choice(state.legal_actions()))
        mover = state.to_move
        assert mover is not CHANCE and mover is not None
        discards.append(state.observation(mover))
    found: dict[str, float] = {}
    for name, seen, options in (
        ("card", cards, {}),
        ("discard", discards, {}),
        ("card100", cards, {"worlds": 100}),
    ):
        bot = PIMCBot(random.Random(seed), **options)  # type: ignore[arg-type]
        worlds = 0
        start = time.process_time()
        for observation in seen:
            bot.choose(observation)
            worlds += bot.last_worlds
        found[f"{name}_ms"] = (time.process_time() - start) / len(seen) * 1e3
        if name != "card100":
            found[f"{name}_worlds"] = worlds / len(seen)
    return found


def main(
    *, deals: int = 20, positions: int = 40, rulesets: tuple[Ruleset, ...] = (RUBICON,)
) -> int:
    """Print the figures (the ``search-bench`` command)."""
    cpu = cpu_name()
    print(f"Python {sys.version.split()[0]} on {platform.machine()}, {cpu}; CPU time")
    kernel = "on" if native_available() else "off (pure Python)"
    print(f"compiled kernel: {kernel}")
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
        f = rollout_figures(ruleset=ruleset, positions=positions)
        print(f"rollout {ruleset.name}: {f['rollout_us']:.1f} us a rollout of the play")
        f = pimc_figures(ruleset=ruleset, positions=max(1, positions // 8))
        print(
            f"pimc {ruleset.name}: {f['card_ms']:.1f} ms a card ({f['card_worlds']:.0f} worlds), "
            f"{f['discard_ms']:.0f} ms a discard ({f['discard_worlds']:.0f} worlds); "
            f"100 worlds a card: {f['card100_ms']:.1f} ms"
        )
    return 0
