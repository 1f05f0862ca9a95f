"""Piquet as a single-agent Gymnasium environment against a bot (``piquet[gymnasium]``).

The agent plays one seat; a bot of :mod:`piquet.bots` (by name, or any object with
``choose(observation) -> action``) plays the other, and the deal is drawn from the
environment's seeded RNG. Observations are the 490 float32 values of
:func:`piquet.encoding.observation_tensor`; actions are the ids of
:mod:`piquet.encoding` (``Discrete(4180)``), with the legal ones in
``info["action_mask"]`` and from :meth:`PiquetEnv.action_masks` (the method
sb3-contrib's ``MaskablePPO`` calls). The reward comes at the end: the settlement (or
for ``scope="deal"`` the difference of the deal's scores) from the agent's side, or
``reward="win"``: +1, -1, 0. An illegal action ends the episode with
``illegal_reward`` (by default the worst reward the ruleset allows, so that
forfeiting never pays) and ``info["illegal_action"] = True``; an action that is not an
id of the action space at all (not an int, a bool, a float, out of range) raises
:class:`InvalidActionError` and changes nothing.

>>> from piquet.adapters.gymnasium import PiquetEnv
>>> env = PiquetEnv(opponent="greedy", scope="deal", seat="A")
>>> observation, info = env.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum())
((490,), 1585)
>>> done = False
>>> while not done:
...     action = int(env.action_masks().argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> info["illegal_action"], env.state_now.deal_number
(False, 1)
"""

from __future__ import annotations

import random
from typing import Any, Final, Literal

from piquet._extras import missing_extra

with missing_extra("piquet.adapters.gymnasium", "gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt

from piquet import IllegalActionError, Player, Ruleset, State, bots, encoding
from piquet.bots import RandomBot

from ._episode import (
    DECLARATIONS,
    REWARDS,
    SCOPES,
    AdapterActionError,
    AdapterOptionError,
    Declarations,
    Episode,
    RewardKind,
    Scope,
    action_id,
    check_choice,
    check_render_mode,
    illegal_penalty,
    position_text,
    ruleset_of,
)
from ._tensors import PLAYS, TensorMaker

__all__ = ["ENV_ID", "InvalidActionError", "PiquetEnv"]

Seat = Literal["A", "B", "random"]
SEATS: Final = ("A", "B", "random")
OBSERVATION_HIGH: Final = 100.0

ObsArray = npt.NDArray[np.float32]


class InvalidActionError(AdapterActionError, gymnasium.error.InvalidAction):
    """An action outside ``Discrete(4177)``: a ``ValueError`` and Gymnasium's
    ``InvalidAction``; the environment is as it was."""


class PiquetEnv(gymnasium.Env[ObsArray, np.int64]):
    """One seat of a piquet game (or deal) against a bot.

    ``opponent``: a bot name for :func:`piquet.bots.make` (seeded from the environment's
    RNG at each reset) or a bot object; ``seat``: ``"A"``, ``"B"`` or ``"random"`` (drawn
    at each reset); ``illegal_reward``: the reward of an illegal action (None: the worst
    reward the ruleset allows, see :func:`piquet.adapters.worst_reward`);
    ``render_mode``: ``"human"`` (printed at each step) or ``"ansi"``; the other options
    as in :mod:`piquet.adapters.pettingzoo`.
    """

    metadata: Final = {"render_modes": ["human", "ansi"], "render_fps": 4}  # type: ignore[misc]

    def __init__(
        self,
        ruleset: Ruleset | str = "rubicon",
        opponent: str | bots.Bot = "random",
        declarations: Declarations = "auto",
        scope: Scope = "game",
        reward: RewardKind = "settlement",
        seat: Seat = "random",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_choice("declarations", declarations, DECLARATIONS)
        check_choice("scope", scope, SCOPES)
        check_choice("reward", reward, REWARDS)
        check_choice("seat", seat, SEATS)
        check_render_mode(render_mode)
        if isinstance(opponent, str):
            bots.make(opponent)  # fails early, naming the known bots
        elif not isinstance(opponent, bots.Bot):
            raise AdapterOptionError(f"opponent: a bot name or a Bot, not {opponent!r}")
        self.ruleset = ruleset_of(ruleset)
        self.opponent = opponent
        self.declarations: Declarations = declarations
        self.scope: Scope = scope
        self.reward_kind: RewardKind = reward
        self.seat: Seat = seat
        self.illegal_reward = illegal_penalty(illegal_reward, self.ruleset, scope, reward)
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(
            0.0, OBSERVATION_HIGH, (encoding.OBSERVATION_SIZE,), np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(encoding.NUM_ACTIONS)
        self._episode: Episode | None = None
        self._bot: bots.Bot | None = None
        self._player = Player.A
        self._rng = random.Random()
        self._forfeited = False
        self._tensors = TensorMaker()
        self._mask: tuple[State | None, npt.NDArray[np.bool_]] = (None, np.zeros(0, np.bool_))

    @property
    def state_now(self) -> State:
        """The piquet state of the episode (for inspection; never change it)."""
        if self._episode is None:
            raise RuntimeError("call reset() first")
        return self._episode.state

    @property
    def player(self) -> Player:
        """The seat the agent plays this episode."""
        return self._player

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsArray, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self._rng = random.Random(int(draw(2**63)))
        if self.seat == "random":
            self._player = Player(int(draw(2)))
        else:
            self._player = Player.A if self.seat == "A" else Player.B
        opponent = self.opponent
        self._bot = (
            bots.make(opponent, seed=int(draw(2**63))) if isinstance(opponent, str) else opponent
        )
        self._episode = Episode(
            self.ruleset, self.declarations, self.scope, self.reward_kind, self._rng
        )
        self._forfeited = False
        self._bot_moves()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info(illegal=False)

    def _bot_moves(self) -> None:
        episode = self._episode
        bot = self._bot
        assert episode is not None and bot is not None
        state = episode.state
        other = self._player.other
        # the random bot draws from the legal actions, which the state gives without
        # an observation: the same draw, made faster
        quick = type(bot) is RandomBot
        while not episode.over and state.to_move == other:
            if quick:
                action = bot.rng.choice(state.legal_actions())  # type: ignore[attr-defined]
            else:
                action = bot.choose(state.observation(other))
            state = episode.step(state.apply(action), self._rng)

    def _observe(self) -> ObsArray:
        out = np.empty(encoding.OBSERVATION_SIZE, np.float32)
        self._tensors.tensor_into(self.state_now, self._player, out)
        return out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids now, as booleans (all False when the episode is over)."""
        state = self.state_now
        episode = self._episode
        if episode is None or episode.over or self._forfeited or state.to_move != self._player:
            return np.zeros(encoding.NUM_ACTIONS, dtype=np.bool_)
        cached = self._mask
        if cached[0] is not state:
            mask = np.empty(encoding.NUM_ACTIONS, np.bool_)
            self._tensors.mask_into(state, mask)
            cached = self._mask = (state, mask)
        copy: npt.NDArray[np.bool_] = cached[1].copy()
        return copy

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {
            "action_mask": self.action_masks().view(np.int8),
            "illegal_action": illegal,
            "player": self._player.name,
        }

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        episode = self._episode
        if episode is None:
            raise RuntimeError("call reset() first")
        if episode.over or self._forfeited:
            raise RuntimeError("the episode is over: call reset()")
        number = action_id(action, "PiquetEnv.step", encoding.NUM_ACTIONS, InvalidActionError)
        state = episode.state
        try:
            # a card's id: decode's Play looked up, without the call
            move = (
                PLAYS[number] if number < encoding.SUBSET_BASE else encoding.decode(state, number)
            )
            after = state.apply(move)
        except (encoding.EncodingError, IllegalActionError):
            self._forfeited = True
            self._show()
            return self._observe(), self.illegal_reward, True, False, self._info(illegal=True)
        episode.step(after, self._rng)
        self._bot_moves()
        self._show()
        if episode.over:
            reward = episode.rewards()[self._player]
            return self._observe(), reward, True, False, self._info(illegal=False)
        return self._observe(), 0.0, False, False, self._info(illegal=False)

    def _show(self) -> None:
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position (the state, and the agent's hand): printed for
        ``render_mode="human"``, returned for ``"ansi"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = position_text(self.state_now, self._player)
        if self.render_mode == "human":
            print(text)
            return None
        return text


ENV_ID: Final = "piquet/Piquet-v0"
"""The id under which ``gymnasium.make`` finds the environment once this module is
imported: ``gymnasium.make("piquet/Piquet-v0", opponent="greedy")``, and
``gymnasium.make_vec(ENV_ID, num_envs=64, vectorization_mode="vector_entry_point")``
for :class:`~piquet.adapters.vector.PiquetVectorEnv`."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="piquet.adapters.gymnasium:PiquetEnv",
        vector_entry_point="piquet.adapters.vector:PiquetVectorEnv",
    )
