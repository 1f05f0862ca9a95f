"""The end of the game (R-GM-1, R-GM-2): a partie of six deals, or a race to a target.

>>> Partie().over_after_deal(6, (120, 98)), Race(target=101).over_after_deal(3, (100, 40))
(True, False)
"""

from __future__ import annotations

import attrs

from ..words import Player
from .options import option_field

__all__ = ["Partie", "Race"]


@attrs.frozen
class Partie:
    """A partie of ``deals`` deals; a tie adds ``extra_deals``; rubicon at ``rubicon`` (R-GM-1).

    A partie tied after ``deals`` deals goes on for ``extra_deals`` more, every one of
    them played even when the first breaks the tie (Cavendish, law 71). The engine asks
    :meth:`over_after_deal` after every deal, in order, until it says yes: a seventh
    deal is only ever played after a tie.

    >>> Partie().over_after_deal(6, (138, 138)), Partie().over_after_deal(7, (150, 151))
    (False, False)
    >>> Partie().over_after_deal(8, (220, 178))
    True
    >>> Partie().settle((120, 102), None), Partie().settle((120, 98), None)
    ((<Player.A: 0>, 118), (<Player.A: 0>, 318))
    """

    deals: int = option_field("deals", 6)
    extra_deals: int = option_field("extra_deals", 2)
    rubicon: int = option_field("rubicon", 100)
    bonus: int = option_field("bonus", 100)

    @property
    def target(self) -> int | None:
        return None

    @property
    def games_to_win(self) -> int:
        return 1

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        if deals_played < self.deals:
            return False
        if deals_played == self.deals:
            return scores[0] != scores[1] or not self.extra_deals
        # a deal past ``deals`` is played only when the partie was tied after ``deals``:
        # every extra deal is played, even when the first breaks the tie (law 71)
        return deals_played >= self.deals + self.extra_deals

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        if scores[0] == scores[1]:
            return None, 0
        winner = Player.A if scores[0] > scores[1] else Player.B
        high, low = scores[winner], scores[winner.other]
        if low < self.rubicon:
            return winner, high + low + self.bonus
        return winner, high - low + self.bonus


@attrs.frozen
class Race:
    """A race to ``target``: the first to reach it wins at once (R-GM-2).

    The winner wins a double game (2) when the loser has less than ``double_below``.

    >>> Race().settle((101, 40), Player.A), Race().settle((100, 77), Player.A)
    ((<Player.A: 0>, 2), (<Player.A: 0>, 1))
    """

    target: int = option_field("target", 100)
    double_below: int = option_field("double_below", 50)
    games_to_win: int = option_field("games_to_win", 1)
    """A partie of several games: the first to this many game points wins it (3: three
    games in five, a double counting two)."""

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        return scores[0] >= self.target or scores[1] >= self.target

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        if first_to_target is None:
            return None, 0
        loser = scores[first_to_target.other]
        return first_to_target, 2 if loser < self.double_below else 1
