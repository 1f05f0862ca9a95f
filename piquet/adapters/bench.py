"""Steps per second of the RL adapters, beside the engine's own, in the same run.

``python -m piquet.adapters.bench [--seconds S] [--rounds N] [--ruleset NAME]
[--games G] [--cpp-game NAME]`` plays random deals (``scope="deal"``, automatic
declarations) for ``S`` seconds in each setting, split over ``N`` rounds that take the
settings in turn, and prints the median agent steps per second (chance is not a step,
but its time counts), the microseconds a step, and the median ratio to the engine's
rate in the same round, which drifts less than the rates on a shared machine. Every
setting picks a random legal action the same way (from the list of legal actions, or
from the mask's nonzero ids), and the clock stops while it picks: the time is the
environment's, not the agent's (``nonzero`` on an ``int8`` mask of 4,180 ids costs
more than an engine step). The settings:

- **engine**: ``legal_actions()`` and ``apply()``: the yardstick;
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
- **pettingzoo_floor**, **gymnasium_floor**, **openspiel_floor**: the same loops on
  environments of each framework that do nothing (:mod:`._floors`): what the framework
  costs by itself; each adapter's line says how far above its floor it is;
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
    "pettingzoo_floor",
    "gymnasium_floor",
    "openspiel_floor",
    "vector",
    "batch",
    "batch_pure",
)
GAMES: Final = 64
"""Games side by side in the vector settings."""
FLOORS: Final = {
    "pettingzoo": "pettingzoo_floor",
    "gymnasium": "gymnasium_floor",
    "openspiel": "openspiel_floor",
    "openspiel_tensor": "openspiel_floor",
}
"""The do-nothing environment of each adapter's framework (see :mod:`._floors`)."""
# wall time of the environment's calls alone, a few per step: perf_counter costs about
# a tenth of a microsecond a call, process_time a system call
_clock: Final = time.perf_counter


def _timed(run_unit: Callable[[int], tuple[int, float]], seconds: float) -> float:
    """Agent steps per second of the environment's own time, over units (deals, or
    batch steps) run for ``seconds``, after one untimed (the engine makes its tables at
    its first deals). A unit gives its steps and the seconds spent in the environment:
    the agent's random picks between its calls are not the environment's cost."""
    run_unit(10**9)
    steps = 0
    spent = 0.0
    unit = 0
    started = time.perf_counter()
    while True:
        unit_steps, unit_spent = run_unit(unit)
        steps += unit_steps
        spent += unit_spent
        unit += 1
        if time.perf_counter() - started >= seconds:
            return steps / spent


def _pick(mask: Any, rng: random.Random) -> int:
    """A random legal id of a mask, as every masked setting picks one (the agent's
    work: the settings stop their clock for it)."""
    ids = mask.nonzero()[0]
    return int(ids[rng.randrange(len(ids))])


def _engine_deal(ruleset: Ruleset, tensors: str | None) -> Callable[[int], tuple[int, float]]:
    if tensors == "fast":
        import numpy as np

        from ._tensors import TensorMaker, mask_into

        maker = TensorMaker()
        out = np.empty(encoding.OBSERVATION_SIZE, np.float32)
        mask = np.empty(encoding.NUM_ACTIONS, np.bool_)

    def run(seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        started = _clock()
        state: State = new_game(ruleset, declarations="auto")
        state = state.apply(state.sample_chance(rng))
        steps = 0
        spent = 0.0
        legal: Any = None
        chosen: Any = None
        while state.to_move is not CHANCE and not state.is_over:
            mover = state.to_move
            assert isinstance(mover, Player)
            if tensors == "slow":
                encoding.observation_tensor(state.observation(mover))
                chosen = encoding.legal_mask(state)
            elif tensors == "fast":
                maker.tensor_into(state, mover, out)
                mask_into(state, mask)
                chosen = mask
            else:
                legal = state.legal_actions()
            spent += _clock() - started
            if tensors is None:
                action = legal[rng.randrange(len(legal))]
                started = _clock()
            else:
                number = _pick(chosen, rng)
                started = _clock()
                action = encoding.decode(state, number)
            state = state.apply(action)
            steps += 1
        return steps, spent + _clock() - started

    return run


def _pettingzoo_loop(env: Any) -> Callable[[int], tuple[int, float]]:
    def run(seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        started = _clock()
        env.reset(seed=seed)
        steps = 0
        spent = 0.0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            spent += _clock() - started
            number = _pick(observation["action_mask"], rng)
            started = _clock()
            env.step(number)
            steps += 1
        return steps, spent + _clock() - started

    return run


def _pettingzoo_deal(ruleset: Ruleset) -> Callable[[int], tuple[int, float]]:
    from .pettingzoo import env as make_env

    return _pettingzoo_loop(make_env(ruleset=ruleset, scope="deal"))


def _gymnasium_loop(env: Any) -> Callable[[int], tuple[int, float]]:
    def run(seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        started = _clock()
        _, info = env.reset(seed=seed)
        steps = 0
        spent = 0.0
        while True:
            spent += _clock() - started
            number = _pick(info["action_mask"], rng)
            started = _clock()
            _, _, terminated, truncated, info = env.step(number)
            steps += 1
            if terminated or truncated:
                return steps, spent + _clock() - started

    return run


def _gymnasium_deal(ruleset: Ruleset) -> Callable[[int], tuple[int, float]]:
    import gymnasium

    from .gymnasium import ENV_ID

    return _gymnasium_loop(gymnasium.make(ENV_ID, ruleset=ruleset, opponent="random", scope="deal"))


def _spiel_deal(game: Any, tensor: bool) -> Callable[[int], tuple[int, float]]:
    def run(seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        started = _clock()
        state = game.new_initial_state()
        steps = 0
        spent = 0.0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                spent += _clock() - started
                number = outcomes[rng.randrange(len(outcomes))][0]
                started = _clock()
                state.apply_action(number)
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            spent += _clock() - started
            number = legal[rng.randrange(len(legal))]
            started = _clock()
            state.apply_action(number)
            steps += 1
        return steps, spent + _clock() - started

    return run


def _openspiel_deal(ruleset: Ruleset, tensor: bool) -> Callable[[int], tuple[int, float]]:
    import pyspiel

    from . import ruleset_json
    from .openspiel import GAME_NAME

    game = pyspiel.load_game(GAME_NAME, {"ruleset": ruleset_json(ruleset), "scope": "deal"})
    return _spiel_deal(game, tensor)


def _cpp_deal(name: str) -> Callable[[int], tuple[int, float]]:
    import pyspiel

    return _spiel_deal(pyspiel.load_game(name), tensor=False)


def _vector_steps(ruleset: Ruleset, games: int) -> Callable[[int], tuple[int, float]]:
    from .vector import PiquetVectorEnv

    env = PiquetVectorEnv(games, ruleset=ruleset, opponent="random", scope="deal")
    rng = random.Random(0)
    _, infos = env.reset(seed=0)
    last: list[dict[str, Any]] = [infos]

    def run(_: int) -> tuple[int, float]:
        masks = last[0]["action_mask"]
        # a game that ended at the last step is reset at this one, without a decision
        decisions = [bool(row.any()) for row in masks]
        actions = [
            _pick(row, rng) if live else 0 for row, live in zip(masks, decisions, strict=True)
        ]
        started = _clock()
        last[0] = env.step(actions)[4]
        return sum(decisions), _clock() - started

    return run


def _batch_steps(
    ruleset: Ruleset, games: int, native: bool = True
) -> Callable[[int], tuple[int, float]]:
    from .vector import PiquetBatch

    batch = PiquetBatch(games, ruleset=ruleset, scope="deal", seed=0)
    if not native:
        for maker in batch._makers:  # noqa: SLF001 - the pure path, measured beside
            maker._fast = None  # noqa: SLF001
    rng = random.Random(0)
    batch.reset()

    def run(_: int) -> tuple[int, float]:
        actions = [_pick(row, rng) for row in batch.masks]
        started = _clock()
        batch.step(actions)
        return games, _clock() - started

    return run


def _floor(kind: str) -> Callable[[int], tuple[int, float]]:
    from ._floors import gymnasium_floor, openspiel_floor, pettingzoo_floor

    if kind == "pettingzoo":
        return _pettingzoo_loop(pettingzoo_floor())
    if kind == "gymnasium":
        return _gymnasium_loop(gymnasium_floor())
    return _spiel_deal(openspiel_floor(), tensor=False)


def _makers(
    rules: Ruleset, games: int, cpp_game: str
) -> dict[str, Callable[[], Callable[[int], tuple[int, float]]]]:
    return {
        "engine": lambda: _engine_deal(rules, None),
        "encoding": lambda: _engine_deal(rules, "slow"),
        "tensor": lambda: _engine_deal(rules, "fast"),
        "pettingzoo": lambda: _pettingzoo_deal(rules),
        "gymnasium": lambda: _gymnasium_deal(rules),
        "openspiel": lambda: _openspiel_deal(rules, tensor=False),
        "openspiel_tensor": lambda: _openspiel_deal(rules, tensor=True),
        "openspiel_cpp": lambda: _cpp_deal(cpp_game),
        "pettingzoo_floor": lambda: _floor("pettingzoo"),
        "gymnasium_floor": lambda: _floor("gymnasium"),
        "openspiel_floor": lambda: _floor("openspiel"),
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
        line = f"  {label:24} {rate:10,.0f} /s  {1e6 / rate:7.2f} µs  {cost:6.2f} × the engine"
        floor = FLOORS.get(name)
        if floor in rounds[0]:
            above = statistics.median(
                figures["engine"] / figures[name] - figures["engine"] / figures[floor]
                for figures in rounds
            )
            line += f"  ({above:5.2f} above {floor})"
        print(line)
    for many in ("vector", "batch", "batch_pure"):
        if many in rounds[0] and "gymnasium" in rounds[0]:
            gain = statistics.median(figures[many] / figures["gymnasium"] for figures in rounds)
            print(f"  {many}: {gain:.2f} × the single Gymnasium env's steps a second")


if __name__ == "__main__":
    main()
