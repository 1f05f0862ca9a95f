"""The ledger: every score in precedence order, and the race for pique and repique (R-PR).

Scores are entered as they are made, in the order of R-PR-1 (the phases come in that
order). While neither bonus is settled, each entry is followed (R-PR-2..4): a player who
reaches the threshold before his opponent has any entry makes a repique with the points
of the hand, a pique (the elder only) with the play. Once a bonus is made, or both
players have entries, the race is settled and costs nothing more.

These functions work on a new state being built by a phase (never on a state already
handed out): they return True when the game ended on the entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import EMPTY, CardSet
from ..words import Player, Precedence, Reason, ScoreEvent
from . import end
from .parts import SCORE_GAIN, Race, score_pair

if TYPE_CHECKING:
    from .state import State

__all__ = ["score", "score_entry"]

_PIQUE: Final = Reason.PIQUE
_REPIQUE: Final = Reason.REPIQUE
_new_tuple: Final = tuple.__new__


def score(
    new: State,
    player: Player,
    points: int,
    precedence: Precedence,
    reason: Reason,
    shown: CardSet = EMPTY,
    counts: bool = True,
) -> bool:
    """Enter a score; ``counts`` False keeps it out of the race (a younger's carte rouge
    where the ruleset says so). True when the game ends on it."""
    if points <= 0:
        return False
    # tuple.__new__ skips the named tuple's Python-level constructor
    entry = _new_tuple(ScoreEvent, (player, points, precedence, reason, shown))
    return score_entry(new, player, points, entry, counts)


def score_entry(
    new: State, player: Player, points: int, entry: ScoreEvent, counts: bool = True
) -> bool:
    """Enter a ready-made ledger entry of ``points`` for ``player``."""
    new._events = (new._events, entry)
    new._scores += points * SCORE_GAIN[player]
    if new._race is not None and entry.reason is not _PIQUE and entry.reason is not _REPIQUE:
        bonus = _follow_race(new, player, points, entry.precedence, counts)
        if bonus is not None:
            if _reached_target(new, player):
                return True
            return score(new, player, bonus[1], entry.precedence, bonus[0])
    return new._ctx.game.target is not None and _reached_target(new, player)


def _reached_target(new: State, player: Player) -> bool:
    target = new._ctx.game.target
    if target is not None and score_pair(new._scores, deal=False)[player] >= target:
        end.finish_game(new, first_to_target=player)
        return True
    return False


def _follow_race(
    new: State, player: Player, points: int, precedence: Precedence, counts: bool
) -> tuple[Reason, int] | None:
    """One entry of the race (R-PR-2..4); the bonus it makes, if any."""
    race = new._race
    assert race is not None
    rules = new._ctx.ruleset
    counted, entered = race.counted, race.entered
    opponent_entered = entered[1 - player]
    bonus = None
    count = counted[player]
    if precedence <= Precedence.SET:
        if counts:
            count += points
            if not opponent_entered and count >= rules.bonus_threshold:
                bonus = (Reason.REPIQUE, rules.repique)
    elif player is new._ctx.dealer.other and precedence is Precedence.PLAY:
        count += points
        if not opponent_entered and count >= rules.bonus_threshold:
            bonus = (Reason.PIQUE, rules.pique)
    counted = (count, counted[1]) if player == 0 else (counted[0], count)
    entered = (True, entered[1]) if player == 0 else (entered[0], True)
    settled = bonus is not None or (entered[0] and entered[1])
    new._race = None if settled else _new_tuple(Race, (counted, entered))
    return bonus
