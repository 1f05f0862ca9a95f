"""Piquet as a PettingZoo AEC environment (``pip install piquet[pettingzoo]``).

Two agents, ``player_0`` (:attr:`piquet.Player.A`) and ``player_1`` (``Player.B``), take
turns as the rules say; the deal is resolved inside the environment from its seeded
RNG. Each agent's observation is a dict: ``"observation"``, the 490 float32 values of
:func:`piquet.encoding.observation_tensor`, and ``"action_mask"``, 4,180 int8 flags
over the ids of :mod:`piquet.encoding` (all 0 when it is not that agent's turn).
Rewards come once, at the end: the settlement of the game (``reward="settlement"``,
the winner's points, the loser's negated; for ``scope="deal"`` the difference of the
deal's scores) or ``reward="win"``: +1, -1, or 0 for a draw. An illegal action ends
the episode: its author gets ``illegal_reward`` (by default the worst reward the
ruleset allows, so forfeiting never pays), the other agent its opposite (the game
stays zero-sum), and both infos say ``"illegal_action": True``. An action that is
not an id of the action space (not an int, a bool, a float, out of range; or ``None``
from an agent still playing) raises :class:`InvalidActionError` and changes nothing.
``ruleset`` is a :class:`~piquet.Ruleset` (a house one too), a preset name, or the
JSON of :func:`~piquet.adapters.ruleset_json`.

>>> from piquet.adapters import pettingzoo as pz
>>> env = pz.env(ruleset="rubicon", scope="deal")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (490,), 1585)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(observation["action_mask"].argmax())
...     env.step(action)
>>> sorted(env.rewards), env.agents
([], [])
"""

from __future__ import annotations

import random
from typing import Any, Final

from piquet._extras import missing_extra

with missing_extra("piquet.adapters.pettingzoo", "pettingzoo"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv

from piquet import IllegalActionError, Player, Ruleset, State, encoding

from ._episode import (
    DECLARATIONS,
    REWARDS,
    SCOPES,
    AdapterActionError,
    Declarations,
    Episode,
    RewardKind,
    Scope,
    action_id,
    check_choice,
    check_render_mode,
    excerpt,
    illegal_penalty,
    position_text,
    ruleset_of,
)
from ._tensors import TensorMaker

__all__ = ["AGENTS", "InvalidActionError", "PiquetEnv", "env", "raw_env"]

AGENTS: Final = ("player_0", "player_1")
_PLAYER: Final = {"player_0": Player.A, "player_1": Player.B}
OBSERVATION_HIGH: Final = 100.0
"""The observation space's upper bound: scores over 100 stay below it up to 10,000."""


class InvalidActionError(AdapterActionError):
    """An action outside the action space (a ``ValueError``); the environment is as it
    was."""


def check_action(env: AECEnv, action: object) -> int | None:
    """``action`` as an id for the agent to move, or None for a dead agent's step."""
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        if action is not None:
            raise InvalidActionError(
                f"step: {agent} is done; its only action is None, not {excerpt(action)}"
            )
        return None
    if action is None:
        raise InvalidActionError(f"step: {agent} is still playing; None is no action")
    return action_id(action, f"step ({agent})", encoding.NUM_ACTIONS, InvalidActionError)


def observation_space() -> gymnasium.spaces.Dict:
    """The space of one agent's observation dict."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                0.0, OBSERVATION_HIGH, (encoding.OBSERVATION_SIZE,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (encoding.NUM_ACTIONS,), np.int8),
        }
    )


class PiquetEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment; build it with :func:`env` (which adds PettingZoo's checks)."""

    metadata: Final = {
        "render_modes": ["human", "ansi"],
        "name": "piquet_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: Ruleset | str = "rubicon",
        declarations: Declarations = "auto",
        scope: Scope = "game",
        reward: RewardKind = "settlement",
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        forfeit_illegal: bool = False,
    ) -> None:
        super().__init__()
        check_choice("declarations", declarations, DECLARATIONS)
        check_choice("scope", scope, SCOPES)
        check_choice("reward", reward, REWARDS)
        check_render_mode(render_mode)
        self.ruleset = ruleset_of(ruleset)
        self.declarations: Declarations = declarations
        self.scope: Scope = scope
        self.reward_kind: RewardKind = reward
        self.illegal_reward = illegal_penalty(illegal_reward, self.ruleset, scope, reward)
        """The reward of an illegal action's author; the other agent gets its opposite."""
        self.forfeit_illegal = bool(forfeit_illegal)
        """Whether an illegal action ends the episode (:func:`env`) rather than raise."""
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        space = observation_space()
        self.observation_spaces = {agent: space for agent in AGENTS}
        action_space = gymnasium.spaces.Discrete(encoding.NUM_ACTIONS)
        self.action_spaces = {agent: action_space for agent in AGENTS}
        self._rng = random.Random()
        self._episode: Episode | None = None
        self._observed: dict[str, tuple[State, npt.NDArray[Any], npt.NDArray[Any]]] = {}
        self._tensors = TensorMaker()
        self._forfeited = False

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> State:
        """The piquet state of the episode (for inspection; never change it)."""
        if self._episode is None:
            raise RuntimeError("call reset() first")
        return self._episode.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._episode is None:
            self._rng = random.Random()
        episode = Episode(self.ruleset, self.declarations, self.scope, self.reward_kind, self._rng)
        self._episode = episode
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._forfeited = False
        self._observed.clear()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        assert self._episode is not None
        mover = self._episode.state.to_move
        if isinstance(mover, Player):
            self.agent_selection = AGENTS[mover]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        state = self.state_now
        # PettingZoo's wrappers observe the mover again at each step: compute once per
        # state, and hand out copies so that a caller's changes stay his own
        cached = self._observed.get(agent)
        if cached is None or cached[0] is not state:
            player = _PLAYER[agent]
            mask = np.zeros(encoding.NUM_ACTIONS, dtype=np.int8)
            if state.to_move == player and not self._forfeited:
                self._tensors.mask_into(state, mask)
            tensor = np.empty(encoding.OBSERVATION_SIZE, np.float32)
            self._tensors.tensor_into(state, player, tensor)
            cached = (state, tensor, mask)
            self._observed[agent] = cached
        return {"observation": cached[1].copy(), "action_mask": cached[2].copy()}

    def step(self, action: int | None) -> None:
        episode = self._episode
        if episode is None:
            raise RuntimeError("call reset() first")
        if not self.agents:
            raise RuntimeError("the episode is over: call reset()")
        number = check_action(self, action)
        agent = self.agent_selection
        if number is None:
            self._was_dead_step(action)
            return
        state = episode.state
        try:
            after = state.apply(encoding.decode(state, number))
        except (IllegalActionError, encoding.EncodingError):
            if not self.forfeit_illegal:
                raise  # nothing changed yet
            self.forfeit()
            return
        self._cumulative_rewards[agent] = 0.0
        episode.step(after, self._rng)
        rewards = self.rewards
        for a in AGENTS:
            rewards[a] = 0.0
        if episode.over:
            for a, value in zip(AGENTS, episode.rewards(), strict=True):
                rewards[a] = value
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def forfeit(self) -> None:
        """End the episode on an illegal action of the agent to move: he gets
        ``illegal_reward``, the other agent its opposite (what :meth:`step` does with
        an illegal action when ``forfeit_illegal``, as in :func:`env`)."""
        agent = self.agent_selection
        self._forfeited = True
        self._observed.clear()
        self._cumulative_rewards[agent] = 0.0
        for a in AGENTS:
            self.rewards[a] = self.illegal_reward if a == agent else -self.illegal_reward
            self.terminations[a] = True
            self.infos[a]["illegal_action"] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position (the state, and the mover's hand): printed for
        ``render_mode="human"``, returned for ``"ansi"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = position_text(self.state_now, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._episode = None


def raw_env(**options: Any) -> PiquetEnv:
    """The environment without PettingZoo's wrappers (see :class:`PiquetEnv`)."""
    return PiquetEnv(**options)


def env(
    ruleset: Ruleset | str = "rubicon",
    declarations: Declarations = "auto",
    scope: Scope = "game",
    reward: RewardKind = "settlement",
    render_mode: str | None = None,
    illegal_reward: float | None = None,
) -> Any:
    """The environment wrapped as PettingZoo's classic games are: steps out of order
    raise, an action outside the action space raises :class:`InvalidActionError`.

    ``ruleset``: a :class:`~piquet.Ruleset` (a house one too), a preset name or its
    JSON; ``declarations``: ``"auto"`` (only the exchange and the play are decisions)
    or ``"played"``; ``scope``: a whole ``"game"`` or its first ``"deal"``;
    ``reward``: ``"settlement"`` or ``"win"``; ``illegal_reward``: what an illegal
    action costs its author (the other agent gets its opposite; by default the worst
    reward the ruleset allows: minus a bound on its settlement, or -1 for ``"win"``);
    ``render_mode``: ``"human"`` (printed at each step) or ``"ansi"``.
    """
    from pettingzoo.utils import wrappers

    inner = PiquetEnv(
        ruleset=ruleset,
        declarations=declarations,
        scope=scope,
        reward=reward,
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        forfeit_illegal=True,
    )
    # the raw environment checks the action itself (as AssertOutOfBoundsWrapper would,
    # with an error) and ends the episode on an illegal one (as TerminateIllegalWrapper
    # would, zero-sum and without observing anything): one wrapper is left
    return wrappers.OrderEnforcingWrapper(inner)
