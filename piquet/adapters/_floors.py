"""Environments that do nothing, for the bench: what each framework costs by itself.

Each is an environment of its framework with Piquet's spaces (4,180 action ids, an
observation of 490 floats, an ``int8`` action mask) whose episodes are a deal's 26
decisions (two discards, 24 cards) and whose every step only counts: no rules, no
tensor built, the same arrays handed back. Driven by the bench's own loop for the
adapter of its framework, it gives the least a step can cost through that framework
on this machine, whatever the game behind it; the bench prints each adapter's cost
above it.

>>> env = pettingzoo_floor()
>>> env.reset(seed=0)
>>> steps = 0
>>> for agent in env.agent_iter():
...     _, _, terminated, truncated, _ = env.last()
...     env.step(None if terminated or truncated else 0)
...     steps += not (terminated or truncated)
>>> steps
26
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np

from piquet import encoding

__all__ = ["DECISIONS", "gymnasium_floor", "openspiel_floor", "pettingzoo_floor"]

DECISIONS: Final = 26
"""Decisions of a floor episode: a Rubicon deal's two discards and 24 cards."""
CARDS_DEALT: Final = 32
"""Chance nodes of the OpenSpiel floor: a deal of 32 cards, card by card, as the
Piquet game and OpenSpiel's own card games deal."""

_ACTIONS: Final = encoding.NUM_ACTIONS
_SIZE: Final = encoding.OBSERVATION_SIZE


def _arrays() -> tuple[Any, Any]:
    observation = np.zeros(_SIZE, np.float32)
    observation[0] = 1.0  # PettingZoo's test warns of an observation all zeros
    mask = np.zeros(_ACTIONS, np.int8)
    mask[:30] = 1
    return observation, mask


def pettingzoo_floor() -> Any:
    """A do-nothing PettingZoo AEC environment, wrapped as :func:`.pettingzoo.env` is."""
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class Floor(AECEnv):  # type: ignore[misc]
        metadata: Final = {"name": "piquet_floor", "render_modes": [], "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = ["player_0", "player_1"]
            self._observation, self._mask = _arrays()
            self._shown = {"observation": self._observation, "action_mask": self._mask}
            self._decisions = 0
            self._observation_space = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 100.0, (_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (_ACTIONS,), np.int8),
                }
            )
            self._action_space = spaces.Discrete(_ACTIONS)

        def observation_space(self, agent: str) -> Any:
            return self._observation_space

        def action_space(self, agent: str) -> Any:
            return self._action_space

        def observe(self, agent: str) -> Any:
            return self._shown

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.agent_selection = self.agents[0]
            self._decisions = 0

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._decisions += 1
            self.agent_selection = self.agents[self._decisions % 2]
            if self._decisions >= DECISIONS:
                self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()

    return wrappers.OrderEnforcingWrapper(Floor())


def gymnasium_floor() -> Any:
    """A do-nothing Gymnasium environment, with the wrappers ``gymnasium.make`` gives
    the Piquet environment (the passive checker, order enforcing)."""
    import gymnasium
    from gymnasium import spaces
    from gymnasium.wrappers import OrderEnforcing, PassiveEnvChecker

    class Floor(gymnasium.Env[Any, Any]):
        metadata = {"render_modes": []}  # noqa: RUF012 - as Gymnasium declares it

        def __init__(self) -> None:
            self.action_space = spaces.Discrete(_ACTIONS)
            self.observation_space = spaces.Box(0.0, 100.0, (_SIZE,), np.float32)
            self._observation, self._mask = _arrays()
            self._decisions = 0

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[Any, dict[str, Any]]:
            super().reset(seed=seed)
            self._decisions = 0
            # fresh arrays, as an environment should hand back (the checker says so)
            return self._observation.copy(), {"action_mask": self._mask.copy()}

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            self._decisions += 1
            over = self._decisions >= DECISIONS
            return self._observation.copy(), 0.0, over, False, {"action_mask": self._mask.copy()}

    return OrderEnforcing(PassiveEnvChecker(Floor()))


@functools.cache
def openspiel_floor() -> Any:
    """A do-nothing OpenSpiel Python game (:data:`CARDS_DEALT` chance nodes of one
    outcome each, then the decisions), registered as ``python_piquet_floor`` when first
    asked for."""
    import pyspiel

    game_type = pyspiel.GameType(
        short_name="python_piquet_floor",
        long_name="Piquet's spaces, no rules (a bench floor)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=_ACTIONS,
        max_chance_outcomes=1,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=DECISIONS + CARDS_DEALT,
    )
    legal = list(range(30))

    class FloorState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._dealt = 0
            self._decisions = 0

        def current_player(self) -> int:
            if self._dealt < CARDS_DEALT:
                return int(pyspiel.PlayerId.CHANCE)
            if self._decisions >= DECISIONS:
                return int(pyspiel.PlayerId.TERMINAL)
            return self._decisions % 2

        def _legal_actions(self, player: int) -> list[int]:
            return legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(0, 1.0)]

        def _apply_action(self, action: int) -> None:
            if self._dealt < CARDS_DEALT:
                self._dealt += 1
            else:
                self._decisions += 1

        def is_terminal(self) -> bool:
            return self._decisions >= DECISIONS

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def __str__(self) -> str:
            return f"{self._decisions} decisions"

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

    pyspiel.register_game(game_type, FloorGame)
    return pyspiel.load_game("python_piquet_floor")
