"""Steps per second of the RL adapters, beside the engine's own, in the same run.

``python -m piquet.adapters.bench [--seconds S] [--rounds N] [--ruleset NAME]
[--games G] [--cpp-game NAME]`` plays random deals (``scope="deal"``, automatic
declarations) for ``S`` seconds in each setting, split over ``N`` rounds that take the
settings in turn, and prints the median agent steps per second (chance is not a step,
but its time counts), the microseconds a step, and the median ratio to the engine's
rate in the same round, which drifts less than the rates on a shared machine. Every
setting picks a random legal action the same way (from the list of legal actions, or
from the mask's nonzero ids), so the figures compare what the adapters cost:

- **engine**: ``legal_actions()``, a random choice, ``apply()``: the floor;
- **encoding**: the same plus :func:`~piquet.encoding.legal_mask` and
  :func:`~piquet.encoding.observation_tensor` of an observation at each step;
- **tensor**: the same with the adapters' fast mask and tensor (equal values);
- **pettingzoo**: ``env.last()`` and ``env.step()`` of :func:`.pettingzoo.env`,
  wrapped as PettingZoo's classic games are (the observation holds the tensor);
- **gymnasium**: ``env.step()`` of ``gymnasium.make("piquet/Piquet-v0")`` (with
  Gymnasium's wrappers) against the random bot, whose moves are inside the step and
  not counted; a tensor and a mask every step;
- **openspiel**: ``legal_actions()`` and ``apply_action()`` of ``python_piquet``,
  chance (card by card) included in the time; **openspiel_tensor** adds
  ``observation_tensor()`` every step;
- **openspiel_cpp**: the same loop on an OpenSpiel C++ card game (hearts by default),
  for scale;
- **vector**: :class:`.vector.PiquetVectorEnv` of ``G`` games against the random bot
  (tensors and masks of all ``G`` as one array); **batch**: :class:`.vector.PiquetBatch`,
  ``G`` self-play games, every step a decision; **batch_pure**: the same with the
  play's masks and tensors in Python (as without the compiled kernel).

Each setting needs its framework; one that is missing is reported, not measured.

>>> figures = measure(seconds=0.05, only=("engine", "tensor"))
>>> sorted(figures), all(rate > 0 for rate in figures.values())
(['engine', 'tensor'], True)
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from piquet import CHANCE, Player, Ruleset, State, encoding, find_ruleset, new_game
from piquet.search.native import kernel

__all__ = ["SETTINGS", "main", "measure"]

SETTINGS: Final = (
    "engine",
    "encoding",
    "tensor",
    "pettingzoo",
    "gymnasium",
    "openspiel",
    "openspiel_tensor",
    "openspiel_cpp",
    "vector",
    "batch",
    "batch_pure",
)
GAMES: Final = 64
"""Games side by side in the vector settings."""


def _timed(run_unit: Callable[[int], int], seconds: float) -> float:
    """Agent steps per second of units (deals, or batch steps) run for ``seconds``,
    after one untimed (the engine makes its tables at its first deals)."""
    run_unit(10**9)
    steps = 0
    unit = 0
    started = time.perf_counter()
    while True:
        steps += run_unit(unit)
        unit += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return steps / elapsed


def _pick(mask: Any, rng: random.Random) -> int:
    """A random legal id of a mask, as every masked setting picks one."""
    ids = mask.nonzero()[0]
    return int(ids[rng.randrange(len(ids))])


def _engine_deal(ruleset: Ruleset, tensors: str | None) -> Callable[[int], int]:
    if tensors == "fast":
        import numpy as np

        from ._tensors import TensorMaker, mask_into

        maker = TensorMaker()
        out = np.empty(encoding.OBSERVATION_SIZE, np.float32)
        mask = np.empty(encoding.NUM_ACTIONS, np.bool_)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state: State = new_game(ruleset, declarations="auto")
        state = state.apply(state.sample_chance(rng))
        steps = 0
        while state.to_move is not CHANCE and not state.is_over:
            mover = state.to_move
            assert isinstance(mover, Player)
            if tensors == "slow":
                encoding.observation_tensor(state.observation(mover))
                action = encoding.decode(state, _pick(encoding.legal_mask(state), rng))
            elif tensors == "fast":
                maker.tensor_into(state, mover, out)
                mask_into(state, mask)
                action = encoding.decode(state, _pick(mask, rng))
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            steps += 1
        return steps

    return run


def _pettingzoo_deal(ruleset: Ruleset) -> Callable[[int], int]:
    from .pettingzoo import env as make_env

    env = make_env(ruleset=ruleset, scope="deal")

    def run(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(_pick(observation["action_mask"], rng))
            steps += 1
        return steps

    return run


def _gymnasium_deal(ruleset: Ruleset) -> Callable[[int], int]:
    import gymnasium

    from .gymnasium import ENV_ID

    env = gymnasium.make(ENV_ID, ruleset=ruleset, opponent="random", scope="deal")

    def run(seed: int) -> int:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        steps = 0
        while True:
            _, _, terminated, truncated, info = env.step(_pick(info["action_mask"], rng))
            steps += 1
            if terminated or truncated:
                return steps

    return run


def _spiel_deal(game: Any, tensor: bool) -> Callable[[int], int]:
    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run


def _openspiel_deal(ruleset: Ruleset, tensor: bool) -> Callable[[int], int]:
    import pyspiel

    from . import ruleset_json
    from .openspiel import GAME_NAME

    game = pyspiel.load_game(GAME_NAME, {"ruleset": ruleset_json(ruleset), "scope": "deal"})
    return _spiel_deal(game, tensor)


def _cpp_deal(name: str) -> Callable[[int], int]:
    import pyspiel

    return _spiel_deal(pyspiel.load_game(name), tensor=False)


def _vector_steps(ruleset: Ruleset, games: int) -> Callable[[int], int]:
    from .vector import PiquetVectorEnv

    env = PiquetVectorEnv(games, ruleset=ruleset, opponent="random", scope="deal")
    rng = random.Random(0)
    _, infos = env.reset(seed=0)
    last: list[dict[str, Any]] = [infos]

    def run(_: int) -> int:
        masks = last[0]["action_mask"]
        # a game that ended at the last step is reset at this one, without a decision
        decisions = [bool(row.any()) for row in masks]
        actions = [
            _pick(row, rng) if live else 0 for row, live in zip(masks, decisions, strict=True)
        ]
        last[0] = env.step(actions)[4]
        return sum(decisions)

    return run


def _batch_steps(ruleset: Ruleset, games: int, native: bool = True) -> Callable[[int], int]:
    from .vector import PiquetBatch

    batch = PiquetBatch(games, ruleset=ruleset, scope="deal", seed=0)
    if not native:
        for maker in batch._makers:  # noqa: SLF001 - the pure path, measured beside
            maker._fast = None  # noqa: SLF001
    rng = random.Random(0)
    batch.reset()

    def run(_: int) -> int:
        batch.step([_pick(row, rng) for row in batch.masks])
        return games

    return run


def _makers(
    rules: Ruleset, games: int, cpp_game: str
) -> dict[str, Callable[[], Callable[[int], int]]]:
    return {
        "engine": lambda: _engine_deal(rules, None),
        "encoding": lambda: _engine_deal(rules, "slow"),
        "tensor": lambda: _engine_deal(rules, "fast"),
        "pettingzoo": lambda: _pettingzoo_deal(rules),
        "gymnasium": lambda: _gymnasium_deal(rules),
        "openspiel": lambda: _openspiel_deal(rules, tensor=False),
        "openspiel_tensor": lambda: _openspiel_deal(rules, tensor=True),
        "openspiel_cpp": lambda: _cpp_deal(cpp_game),
        "vector": lambda: _vector_steps(rules, games),
        "batch": lambda: _batch_steps(rules, games),
        "batch_pure": lambda: _batch_steps(rules, games, native=False),
    }


def measure(
    seconds: float = 1.0,
    ruleset: Ruleset | str = "rubicon",
    only: Sequence[str] = SETTINGS,
    games: int = GAMES,
    cpp_game: str = "hearts",
) -> dict[str, float]:
    """Agent steps per second for each setting whose framework is installed."""
    rules = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    makers = _makers(rules, games, cpp_game)
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
    parser.add_argument(
        "--games", type=int, default=GAMES, help=f"games of the vector settings ({GAMES})"
    )
    parser.add_argument(
        "--cpp-game", default="hearts", help="the OpenSpiel C++ game for scale (hearts)"
    )
    parser.add_argument("--only", nargs="+", choices=SETTINGS, help="these settings only")
    args = parser.parse_args(argv)
    only = tuple(args.only or SETTINGS)
    if "engine" not in only:
        only = ("engine", *only)
    print(f"{platform.processor() or platform.machine()}, {platform.system()}")
    print(f"Python {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"{args.ruleset}, random deals, auto declarations, agent steps per second")
    built = kernel("_cplay") is not None
    print(f"the play's masks and tensors: {'compiled kernel' if built else 'Python'}")
    print(f"(median of {args.rounds} rounds; the ratio is to the engine in the same round):")
    rounds = [
        measure(
            args.seconds / len(only) / args.rounds, args.ruleset, only, args.games, args.cpp_game
        )
        for _ in range(max(1, args.rounds))
    ]
    for name in only:
        if name not in rounds[0]:
            print(f"  {name:16} not installed")
            continue
        rate = statistics.median(figures[name] for figures in rounds)
        cost = statistics.median(figures["engine"] / figures[name] for figures in rounds)
        label = name if name != "openspiel_cpp" else f"openspiel_cpp ({args.cpp_game})"
        print(f"  {label:24} {rate:10,.0f} /s  {1e6 / rate:7.2f} µs  {cost:6.2f} × the engine")
    for many in ("vector", "batch", "batch_pure"):
        if many in rounds[0] and "gymnasium" in rounds[0]:
            gain = statistics.median(figures[many] / figures["gymnasium"] for figures in rounds)
            print(f"  {many}: {gain:.2f} × the single Gymnasium env's steps a second")


if __name__ == "__main__":
    main()
