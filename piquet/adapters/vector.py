"""Many games stepped with one call, their masks and tensors as one numpy array each
(``pip install piquet[gymnasium]``).

- :class:`PiquetBatch`: self-play. ``N`` games side by side; each call takes one action
  id per game, for whoever is to move in it, and hands back the tensors and masks of
  the players to move next as ``(N, 490)`` and ``(N, 4180)`` arrays. A game that ends
  is started afresh in the same call (its final rewards, for both players, are in that
  call's ``rewards``).
- :class:`PiquetVectorEnv`: a ``gymnasium.vector.VectorEnv`` of ``N`` single-agent
  games against a bot, as :class:`~piquet.adapters.gymnasium.PiquetEnv` is one (with
  Gymnasium's default next-step autoreset).

Both step their games in one process, one after the other, writing into arrays made
once: no per-game wrapper, no per-step allocation. The rules (the illegal-action
penalty, the rewards, the ruleset given as an object, a preset name or its JSON) are
the single environments'.

>>> import numpy as np
>>> from piquet.adapters.vector import PiquetBatch
>>> batch = PiquetBatch(4, scope="deal", seed=0)
>>> observations, masks = batch.reset()
>>> observations.shape, masks.shape, masks.sum(axis=1).tolist()
((4, 490), (4, 4180), [1585, 1585, 1585, 1585])
>>> rng = np.random.default_rng(0)
>>> finished = 0
>>> while finished < 8:
...     actions = [rng.choice(np.flatnonzero(row)) for row in masks]
...     observations, masks, rewards, dones = batch.step(actions)
...     finished += int(dones.sum())
>>> bool((rewards.sum(axis=1) == 0).all())  # zero-sum, game by game
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from piquet._extras import missing_extra

with missing_extra("piquet.adapters.vector", "gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt

from piquet import IllegalActionError, Phase, Player, Ruleset, State, bots, encoding
from piquet.bots import RandomBot

from ._episode import (
    DECLARATIONS,
    REWARDS,
    SCOPES,
    AdapterOptionError,
    Declarations,
    Episode,
    RewardKind,
    Scope,
    check_choice,
    illegal_penalty,
    ruleset_of,
)
from ._tensors import PLAYS, TensorMaker

__all__ = ["PiquetBatch", "PiquetVectorEnv"]

_SIZE: Final = encoding.OBSERVATION_SIZE
_ACTIONS: Final = encoding.NUM_ACTIONS
_PLAY: Final = Phase.PLAY


def _check_size(num: object) -> int:
    if type(num) is not int or num < 1:
        raise AdapterOptionError(f"the number of games: an int >= 1, not {num!r}")
    return num


def _seeds(seed: int | Sequence[int] | None, count: int) -> list[int | None]:
    if seed is None:
        return [None] * count
    if isinstance(seed, int):
        return [seed + i for i in range(count)]
    seeds = [int(s) for s in seed]
    if len(seeds) != count:
        raise AdapterOptionError(f"seed: {count} seeds, one a game (got {len(seeds)})")
    return list(seeds)


class _Options:
    __slots__ = ("declarations", "illegal_reward", "reward", "ruleset", "scope")

    def __init__(
        self,
        ruleset: Ruleset | str,
        declarations: Declarations,
        scope: Scope,
        reward: RewardKind,
        illegal_reward: float | None,
    ) -> None:
        check_choice("declarations", declarations, DECLARATIONS)
        check_choice("scope", scope, SCOPES)
        check_choice("reward", reward, REWARDS)
        self.ruleset = ruleset_of(ruleset)
        self.declarations: Declarations = declarations
        self.scope: Scope = scope
        self.reward: RewardKind = reward
        self.illegal_reward = illegal_penalty(illegal_reward, self.ruleset, scope, reward)

    def episode(self, rng: random.Random) -> Episode:
        return Episode(self.ruleset, self.declarations, self.scope, self.reward, rng)


def _apply(state: State, number: int) -> State | None:
    """The state after action id ``number``, or None when it is illegal there."""
    try:
        if number < encoding.SUBSET_BASE:  # a card: decode's Play, without the call
            return state.apply(PLAYS[number])
        return state.apply(encoding.decode(state, number))
    except (encoding.EncodingError, IllegalActionError):
        return None


class PiquetBatch:
    """``num_games`` games in self-play, stepped together.

    ``observations[i]`` and ``masks[i]`` are for the player to move in game ``i``
    (``to_move[i]``: 0 for ``Player.A``, 1 for ``B``). :meth:`step` takes one id per
    game; an illegal one ends that game, its author getting ``illegal_reward`` and
    the other player its opposite. ``rewards[i]`` holds both players' final rewards
    in the call where game ``i`` ends (``dones[i]`` True), and 0 otherwise; the game
    is then dealt afresh in the same call. The arrays returned are the batch's own,
    overwritten by the next call: copy what you keep.
    """

    def __init__(
        self,
        num_games: int,
        ruleset: Ruleset | str = "rubicon",
        declarations: Declarations = "auto",
        scope: Scope = "game",
        reward: RewardKind = "settlement",
        illegal_reward: float | None = None,
        seed: int | Sequence[int] | None = None,
    ) -> None:
        self.num_games = _check_size(num_games)
        self.options = _Options(ruleset, declarations, scope, reward, illegal_reward)
        n = self.num_games
        self.observations: npt.NDArray[np.float32] = np.zeros((n, _SIZE), np.float32)
        self.masks: npt.NDArray[np.bool_] = np.zeros((n, _ACTIONS), np.bool_)
        self.to_move: npt.NDArray[np.int8] = np.zeros(n, np.int8)
        self.rewards: npt.NDArray[np.float32] = np.zeros((n, 2), np.float32)
        self.dones: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        self.illegal: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        """Which games ended on an illegal action in the last call."""
        self._rngs = [random.Random(s) for s in _seeds(seed, n)]
        self._makers = [TensorMaker() for _ in range(n)]
        self._episodes: list[Episode] = []

    @property
    def states(self) -> list[State]:
        """The piquet state of each game (for inspection)."""
        return [episode.state for episode in self._episodes]

    def reset(
        self, seed: int | Sequence[int] | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Deal every game afresh; the observations and masks of the players to move."""
        if seed is not None:
            self._rngs = [random.Random(s) for s in _seeds(seed, self.num_games)]
        self._episodes = [self.options.episode(rng) for rng in self._rngs]
        self.rewards.fill(0.0)
        self.dones.fill(False)
        self.illegal.fill(False)
        for i in range(self.num_games):
            self._show(i)
        return self.observations, self.masks

    def _show(self, i: int) -> None:
        state = self._episodes[i].state
        mover = state.to_move
        assert isinstance(mover, Player)
        self.to_move[i] = mover
        self._makers[i].tensor_into(state, mover, self.observations[i])
        self._makers[i].mask_into(state, self.masks[i])

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Apply one id per game; the observations, masks, rewards and dones after."""
        episodes = self._episodes
        if not episodes:
            raise RuntimeError("call reset() first")
        ids = np.asarray(actions)
        if ids.shape != (self.num_games,) or ids.dtype.kind not in "iu":
            raise AdapterOptionError(
                f"step: one int id per game, {self.num_games} in all "
                f"(got shape {ids.shape}, dtype {ids.dtype})"
            )
        options = self.options
        rewards = self.rewards
        rewards.fill(0.0)
        self.dones.fill(False)
        self.illegal.fill(False)
        observations = self.observations
        masks = self.masks
        makers = self._makers
        to_move = self.to_move
        for i, number in enumerate(ids.tolist()):
            episode = episodes[i]
            state = episode.state
            after = _apply(state, number) if 0 <= number < _ACTIONS else None
            if after is not None and after.phase is _PLAY:
                # a card played, the play goes on: no chance, no end (the quick way)
                episode.state = after
                to_move[i] = after.to_move  # type: ignore[assignment]
                makers[i].play_rows(after, observations[i], masks[i])
                continue
            if after is None:
                penalty = options.illegal_reward
                mover = self.to_move[i]
                rewards[i, mover] = penalty
                rewards[i, 1 - mover] = -penalty
                self.illegal[i] = True
            else:
                episode.step(after, self._rngs[i])
                if not episode.over:
                    self._show(i)
                    continue
                rewards[i] = episode.rewards()
            self.dones[i] = True
            episodes[i] = options.episode(self._rngs[i])
            self._show(i)
        return self.observations, self.masks, rewards, self.dones


class PiquetVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` single-agent games against a bot, as a Gymnasium vector env.

    The options are :class:`~piquet.adapters.gymnasium.PiquetEnv`'s. Observations are
    ``(num_envs, 490)``, actions ``MultiDiscrete`` of 4,180 per game, and
    ``infos["action_mask"]`` the ``(num_envs, 4180)`` int8 masks (all 0 for a game
    that just ended); :meth:`action_masks` gives them as booleans. A game that ends
    is reset at the next step, whose action for it is ignored (Gymnasium's
    next-step autoreset).
    """

    metadata: Final = {  # type: ignore[misc]
        "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int,
        ruleset: Ruleset | str = "rubicon",
        opponent: str | bots.Bot = "random",
        declarations: Declarations = "auto",
        scope: Scope = "game",
        reward: RewardKind = "settlement",
        seat: str = "random",
        illegal_reward: float | None = None,
    ) -> None:
        self.num_envs = _check_size(num_envs)
        self.options = _Options(ruleset, declarations, scope, reward, illegal_reward)
        check_choice("seat", seat, ("A", "B", "random"))
        if isinstance(opponent, str):
            bots.make(opponent)
        elif not isinstance(opponent, bots.Bot):
            raise AdapterOptionError(f"opponent: a bot name or a Bot, not {opponent!r}")
        self.opponent = opponent
        self.seat = seat
        n = self.num_envs
        self.single_observation_space = gymnasium.spaces.Box(0.0, 100.0, (_SIZE,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(_ACTIONS)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, n
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, n)
        self._observations: npt.NDArray[np.float32] = np.zeros((n, _SIZE), np.float32)
        self._masks: npt.NDArray[np.bool_] = np.zeros((n, _ACTIONS), np.bool_)
        self._rewards: npt.NDArray[np.float64] = np.zeros(n, np.float64)
        self._done: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        self._illegal: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        self._makers = [TensorMaker() for _ in range(n)]
        self._rngs = [random.Random() for _ in range(n)]
        self._episodes: list[Episode] = []
        self._players: list[Player] = [Player.A] * n
        self._bots: list[bots.Bot] = []

    def _start(self, i: int) -> None:
        rng = self._rngs[i]
        seat = self.seat
        player = Player(rng.getrandbits(1)) if seat == "random" else Player[seat]
        self._players[i] = player
        opponent = self.opponent
        self._bots[i] = (
            bots.make(opponent, seed=rng.getrandbits(63)) if isinstance(opponent, str) else opponent
        )
        self._episodes[i] = self.options.episode(rng)
        self._bot_moves(i)
        self._show(i)

    def _bot_moves(self, i: int) -> None:
        episode = self._episodes[i]
        bot = self._bots[i]
        rng = self._rngs[i]
        other = self._players[i].other
        state = episode.state
        quick = type(bot) is RandomBot
        while not episode.over and state.to_move == other:
            if quick:
                action = bot.rng.choice(state.legal_actions())  # type: ignore[attr-defined]
            else:
                action = bot.choose(state.observation(other))
            state = episode.step(state.apply(action), rng)

    def _show(self, i: int) -> None:
        episode = self._episodes[i]
        state = episode.state
        if not episode.over and state.phase is _PLAY:  # the agent to move in the play
            self._makers[i].play_rows(state, self._observations[i], self._masks[i])
            return
        self._makers[i].tensor_into(state, self._players[i], self._observations[i])
        if episode.over:
            self._masks[i] = False
        else:
            self._makers[i].mask_into(episode.state, self._masks[i])

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        n = self.num_envs
        if seed is not None:
            self._rngs = [random.Random(s) for s in _seeds(seed, n)]
        self._episodes = [None] * n  # type: ignore[list-item]
        self._bots = [None] * n  # type: ignore[list-item]
        self._done.fill(False)
        self._illegal.fill(False)
        for i in range(n):
            self._start(i)
        return self._observations.copy(), self._infos()

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._masks.view(np.int8).copy(),
            "illegal_action": self._illegal.copy(),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of each game now, as booleans."""
        copy: npt.NDArray[np.bool_] = self._masks.copy()
        return copy

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        if not self._episodes:
            raise RuntimeError("call reset() first")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise AdapterOptionError(
                f"step: one int id per game, {self.num_envs} in all "
                f"(got shape {ids.shape}, dtype {ids.dtype})"
            )
        rewards = self._rewards
        rewards.fill(0.0)
        done = self._done
        self._illegal.fill(False)
        for i, number in enumerate(ids.tolist()):
            if done[i]:  # ended at the last step: reset now, the action ignored
                done[i] = False
                self._start(i)
                continue
            self._step_one(i, number)
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._observations.copy(), rewards.copy(), done.copy(), truncated, self._infos()

    def _step_one(self, i: int, number: int) -> None:
        episode = self._episodes[i]
        after = _apply(episode.state, number) if 0 <= number < _ACTIONS else None
        if after is None:
            self._rewards[i] = self.options.illegal_reward
            self._illegal[i] = True
            self._done[i] = True
            self._masks[i] = False
            return
        episode.step(after, self._rngs[i])
        self._bot_moves(i)
        self._show(i)
        if episode.over:
            self._rewards[i] = episode.rewards()[self._players[i]]
            self._done[i] = True
