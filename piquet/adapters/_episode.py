"""What the adapters share: their options, chance resolved from a seeded RNG, and the
rewards at the end of an episode."""

from __future__ import annotations

import numbers
import random
from typing import Final, Literal

from piquet import CHANCE, IllegalActionError, Player, Ruleset, State, find_ruleset, new_game

Scope = Literal["game", "deal"]
RewardKind = Literal["settlement", "win"]
Declarations = Literal["auto", "played"]

SCOPES: Final = ("game", "deal")
REWARDS: Final = ("settlement", "win")
DECLARATIONS: Final = ("auto", "played")


class AdapterOptionError(ValueError):
    """An adapter option with a bad value; the message names it and the choices."""


class AdapterActionError(IllegalActionError):
    """An action an adapter refuses before anything changes: not an int id, outside
    the action space, or not a legal chance outcome; the message says which and where.
    An :class:`~piquet.IllegalActionError`, so a ``ValueError``; each adapter raises its
    own subclass, which is also its framework's error type where it has one."""


_EXCERPT: Final = 60


def excerpt(value: object) -> str:
    """``repr(value)``, cut to at most 60 characters with "..." when longer."""
    text = repr(value)
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 3] + "..."


def action_id(
    value: object, where: str, size: int, error: type[AdapterActionError] = AdapterActionError
) -> int:
    """``value`` as an action id in ``0..size - 1``, or ``error`` naming ``where``.

    An int or a numpy integer (a 0-d integer array too, as policies often return);
    not a bool, a float (even a whole one), a string or anything else.
    """
    if type(value) is not int:
        value = _as_int(value, where, error)
    if not 0 <= value < size:
        raise error(f"{where}: action {value} outside the action space 0..{size - 1}")
    return value


def _as_int(value: object, where: str, error: type[AdapterActionError]) -> int:
    if getattr(value, "shape", None) == () and getattr(value, "dtype", None) is not None:
        value = value.item()  # type: ignore[attr-defined]  # a 0-d array: its scalar
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    what = "None" if value is None else f"{type(value).__name__} {excerpt(value)}"
    raise error(f"{where}: an action is an int id, not {what}")


def ruleset_of(ruleset: Ruleset | str) -> Ruleset:
    """A ruleset given as an object or by preset name."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        try:
            return find_ruleset(ruleset)
        except KeyError as error:
            raise AdapterOptionError(f"ruleset: {error.args[0]}") from None
    raise AdapterOptionError(f"ruleset: a Ruleset or a preset name, not {ruleset!r}")


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise AdapterOptionError(f"{name}: one of {', '.join(choices)} (got {value!r})")


class Episode:
    """One episode: a game, or its first deal, with chance drawn from ``rng``."""

    __slots__ = ("reward", "scope", "state")

    def __init__(
        self,
        ruleset: Ruleset,
        declarations: Declarations,
        scope: Scope,
        reward: RewardKind,
        rng: random.Random,
    ) -> None:
        self.scope = scope
        self.reward = reward
        self.state = self._resolve(new_game(ruleset, declarations=declarations), rng)

    def _resolve(self, state: State, rng: random.Random) -> State:
        while state.to_move is CHANCE and not self._ended(state):
            state = state.apply(state.sample_chance(rng))
        return state

    def _ended(self, state: State) -> bool:
        return episode_over(state, self.scope)

    def step(self, state: State, rng: random.Random) -> State:
        self.state = self._resolve(state, rng)
        return self.state

    @property
    def over(self) -> bool:
        return self._ended(self.state)

    def rewards(self) -> tuple[float, float]:
        return final_rewards(self.state, self.scope, self.reward)


def episode_over(state: State, scope: Scope) -> bool:
    """Whether an episode of this scope ends at ``state``."""
    if state.is_over:
        return True
    return scope == "deal" and state.to_move is CHANCE and state.deal_number >= 1


def final_rewards(state: State, scope: Scope, reward: RewardKind) -> tuple[float, float]:
    """Per player, at the end: the settlement (for a deal, the difference of its
    scores), or +1, -1 and 0 for a win, a loss and a draw."""
    if scope == "deal":
        scores = state.deal_scores
        margin = scores[Player.A] - scores[Player.B]
    else:
        result = state.result
        assert result is not None
        if result.winner is None:
            margin = 0
        else:
            margin = result.points if result.winner is Player.A else -result.points
    if reward == "win":
        margin = (margin > 0) - (margin < 0)
    return float(margin), float(-margin)
