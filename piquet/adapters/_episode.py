"""What the adapters share: their options, chance resolved from a seeded RNG, and the
rewards at the end of an episode."""

from __future__ import annotations

import json
import numbers
import random
from typing import Final, Literal

from piquet import CHANCE, IllegalActionError, Player, Ruleset, State, find_ruleset, new_game
from piquet.rules import Partie

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
    """A ruleset given as an object, by preset name, or as the JSON of
    :func:`ruleset_json` (a house ruleset, such as ``RUBICON.evolve(...)``)."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        if ruleset.lstrip().startswith("{"):
            return _ruleset_from_json(ruleset)
        try:
            return find_ruleset(ruleset)
        except KeyError as error:
            raise AdapterOptionError(f"ruleset: {error.args[0]}") from None
    raise AdapterOptionError(
        f"ruleset: a Ruleset, a preset name or its JSON, not {excerpt(ruleset)}"
    )


def _ruleset_from_json(text: str) -> Ruleset:
    from piquet.records import RecordError, ruleset_from_dict

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise AdapterOptionError(f"ruleset: not JSON ({error.msg}): {excerpt(text)}") from None
    try:
        return ruleset_from_dict(data)
    except RecordError as error:
        raise AdapterOptionError(f"ruleset: {error}") from None


def ruleset_json(ruleset: Ruleset) -> str:
    """A ruleset as one line of JSON, which every adapter takes for its ``ruleset``
    option (OpenSpiel's game parameters are strings: a house ruleset goes this way)."""
    from piquet.records import ruleset_to_dict

    return json.dumps(ruleset_to_dict(ruleset), separators=(",", ":"), sort_keys=True)


DEAL_BOUND: Final = 400
"""More than any deal's margin under any ruleset (the classical most is 170)."""


def worst_reward(ruleset: Ruleset, scope: Scope, reward: RewardKind) -> float:
    """The worst reward an episode can end with: -1 for ``reward="win"``; for the
    settlement, minus a bound on what the ruleset can settle (a deal's margin below
    :data:`DEAL_BOUND`; a partie of ``d`` deals and ``e`` extra ones at most
    ``(d + e) * DEAL_BOUND`` plus its bonus; a race its game points, two a game)."""
    if reward == "win":
        return -1.0
    if scope == "deal":
        return -float(DEAL_BOUND)
    game = ruleset.game
    if isinstance(game, Partie):
        return -float((game.deals + game.extra_deals) * DEAL_BOUND + game.bonus)
    return -float(2 * getattr(game, "games_to_win", 1))


def illegal_penalty(
    value: float | None, ruleset: Ruleset, scope: Scope, reward: RewardKind
) -> float:
    """The reward of an illegal action: ``value``, or by default :func:`worst_reward`,
    so that forfeiting never pays; the other player gets its opposite."""
    if value is None:
        return worst_reward(ruleset, scope, reward)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise AdapterOptionError(f"illegal_reward: a number or None, not {excerpt(value)}")
    return float(value)


RENDER_MODES: Final = ("human", "ansi")


def check_render_mode(render_mode: object) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise AdapterOptionError(
            f"render_mode: None, 'human' or 'ansi' (got {excerpt(render_mode)})"
        )


def position_text(state: State, player: Player | None) -> str:
    """The position for ``render``: the state, and the hand of ``player`` (or of the
    player to move when None)."""
    lines = [repr(state)]
    seat = player if player is not None else state.to_move
    if not state.is_over and isinstance(seat, Player):
        lines.append(f"{seat} holds {state.hand(seat)}")
    return "\n".join(lines)


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise AdapterOptionError(f"{name}: one of {', '.join(choices)} (got {value!r})")


class Episode:
    """One episode: a game, or its first deal, with chance drawn from ``rng``.

    ``over`` is kept up to date at each step (frameworks ask for it many times)."""

    __slots__ = ("over", "reward", "scope", "state")

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
        self.over = False
        self.state = self.step(new_game(ruleset, declarations=declarations), rng)

    def step(self, state: State, rng: random.Random) -> State:
        """Move on to ``state``, chance resolved (a whole deal is one draw)."""
        scope = self.scope
        while state.to_move is CHANCE and not episode_over(state, scope):
            state = state.apply(state.sample_chance(rng))
        self.state = state
        self.over = episode_over(state, scope)
        return state

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
