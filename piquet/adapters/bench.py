"""Steps per second of the RL adapters, beside the engine's own, in the same run.

``python -m piquet.adapters.bench [--seconds S] [--rounds N] [--ruleset NAME]`` plays
random deals (``scope="deal"``, automatic declarations) for ``S`` seconds in each
setting, split over ``N`` rounds that take the settings in turn, and prints the median
agent steps per second (chance is not a step) and the median share of the engine's
rate in the same round, which drifts less than the rates on a shared machine:

- **engine**: ``legal_actions()``, a random choice, ``apply()``: the floor;
- **encoding**: the same plus :func:`~piquet.encoding.legal_mask` and
  :func:`~piquet.encoding.observation_tensor` at each step;
- **pettingzoo**: ``env.last()`` and ``env.step()`` of the wrapped AEC environment;
- **gymnasium**: ``env.step()`` against the random bot (its moves are inside the step);
- **openspiel**: ``legal_actions()``, ``observation_tensor()`` and ``apply_action()``
  of ``python_piquet``, chance included in the time.

Each setting needs its framework; one that is missing is reported, not measured.

>>> figures = measure(seconds=0.05, only=("engine", "encoding"))
>>> sorted(figures), all(rate > 0 for rate in figures.values())
(['encoding', 'engine'], True)
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final

from piquet import CHANCE, Ruleset, State, encoding, find_ruleset, new_game

__all__ = ["SETTINGS", "main", "measure"]

SETTINGS: Final = ("engine", "encoding", "pettingzoo", "gymnasium", "openspiel")


def _timed(run_deal: Callable[[int], int], seconds: float) -> float:
    """Agent steps per second of deals run until ``seconds`` have passed."""
    steps = 0
    deal = 0
    started = time.perf_counter()
    while True:
        steps += run_deal(deal)
        deal += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return steps / elapsed


def _engine_deal(ruleset: Ruleset, with_encoding: bool) -> Callable[[int], int]:
    def run(seed: int) -> int:
        rng = random.Random(seed)
        state: State = new_game(ruleset, declarations="auto")
        state = state.apply(state.sample_chance(rng))
        steps = 0
        while state.to_move is not CHANCE and not state.is_over:
            if with_encoding:
                mover = state.to_move
                mask = encoding.legal_mask(state)
                encoding.observation_tensor(state.observation(mover))  # type: ignore[arg-type]
                ids = mask.nonzero()[0]
                action = encoding.decode(state, int(ids[rng.randrange(len(ids))]))
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            steps += 1
        return steps

    return run


def _pettingzoo_deal(ruleset: Ruleset) -> Callable[[int], int]:
    import numpy as np

    from .pettingzoo import env as make_env

    env = make_env(ruleset=ruleset, scope="deal")

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
            steps += 1
        return steps

    return run


def _gymnasium_deal(ruleset: Ruleset) -> Callable[[int], int]:
    import numpy as np

    from .gymnasium import PiquetEnv

    env = PiquetEnv(ruleset=ruleset, opponent="random", scope="deal")

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        steps = 0
        while True:
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            if terminated or truncated:
                return steps

    return run


def _openspiel_deal(ruleset: Ruleset) -> Callable[[int], int]:
    import pyspiel

    from . import openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_piquet", {"ruleset": ruleset.name, "scope": "deal"})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run


def measure(
    seconds: float = 1.0, ruleset: Ruleset | str = "rubicon", only: Sequence[str] = SETTINGS
) -> dict[str, float]:
    """Agent steps per second for each setting whose framework is installed."""
    rules = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    makers: dict[str, Callable[[], Callable[[int], int]]] = {
        "engine": lambda: _engine_deal(rules, with_encoding=False),
        "encoding": lambda: _engine_deal(rules, with_encoding=True),
        "pettingzoo": lambda: _pettingzoo_deal(rules),
        "gymnasium": lambda: _gymnasium_deal(rules),
        "openspiel": lambda: _openspiel_deal(rules),
    }
    figures: dict[str, float] = {}
    for name in only:
        if name not in makers:
            raise ValueError(f"unknown setting {name!r}; settings: {', '.join(SETTINGS)}")
        try:
            run = makers[name]()
        except ImportError:
            continue
        figures[name] = _timed(run, seconds)
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    """Print the steps per second of every setting."""
    parser = argparse.ArgumentParser(
        prog="python -m piquet.adapters.bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="per setting, all rounds (default 3)"
    )
    parser.add_argument("--ruleset", default="rubicon", help="a preset (default rubicon)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, each setting in turn (default 3)"
    )
    args = parser.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, {platform.system()}")
    print(f"Python {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"{args.ruleset}, random deals, auto declarations, agent steps per second")
    print(f"(median of {args.rounds} rounds; the share is of the engine in the same round):")
    rounds = [measure(args.seconds / args.rounds, args.ruleset) for _ in range(max(1, args.rounds))]
    for name in SETTINGS:
        if name not in rounds[0]:
            print(f"  {name:11} not installed")
            continue
        rate = statistics.median(figures[name] for figures in rounds)
        share = ""
        if name != "engine":
            ratio = statistics.median(figures[name] / figures["engine"] for figures in rounds)
            share = f"  ({ratio:.1%} of the engine)"
        print(f"  {name:11} {rate:10,.0f}{share}")


if __name__ == "__main__":
    main()
