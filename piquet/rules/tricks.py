"""Trick scoring (R-PL-2, R-PL-3): lead and win, or the winner takes the counters.

Cards are bit indices (:attr:`Card.index <piquet.Card.index>`).

>>> from piquet.cards import Card
>>> ace, seven = Card.parse("AS").index, Card.parse("7S").index
>>> LeadAndWin().trick_points(ace, seven, False), WinnerTakesCounters().last_trick_points(seven)
((0, <Reason.WIN: 'win'>), 1)
"""

from __future__ import annotations

import attrs

from ..words import Reason
from .combinations import COUNTERS_MASK, counters_in
from .options import option_field

__all__ = ["LeadAndWin", "WinnerTakesCounters"]


@attrs.frozen
class LeadAndWin:
    """Lead and win (R-PL-2): 1 for a card led, 1 for a trick won by the follower.

    ``low_cards_count`` off: a 9, 8, 7 or 6 led or winning scores nothing.
    ``last_trick``: extra points for the last trick.

    >>> from piquet.cards import Card
    >>> seven = Card.parse("7S").index
    >>> LeadAndWin().lead_points(seven), LeadAndWin(low_cards_count=False).lead_points(seven)
    (1, 0)
    """

    low_cards_count: bool = option_field("low_cards_count", True)
    last_trick: int = option_field("last_trick", 1)

    def lead_points(self, card: int) -> int:
        return 1 if self.low_cards_count or COUNTERS_MASK >> card & 1 else 0

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        if follower_won and (self.low_cards_count or COUNTERS_MASK >> follow & 1):
            return 1, Reason.WIN
        return 0, Reason.WIN

    def last_trick_points(self, winning_card: int) -> int:
        return self.last_trick


@attrs.frozen
class WinnerTakesCounters:
    """Winner takes the counters (R-PL-3): 1 per A, K, Q, J, 10 in the trick won.

    The last trick adds ``last_trick`` if won with a ten or better, else
    ``last_trick_low``.

    >>> from piquet.cards import Card
    >>> ace, ten = Card.parse("AS").index, Card.parse("10S").index
    >>> WinnerTakesCounters().trick_points(ace, ten, False)
    (2, <Reason.COUNTERS: 'counters'>)
    """

    last_trick: int = option_field("last_trick", 2)
    last_trick_low: int = option_field("last_trick_low", 1)

    @property
    def low_cards_count(self) -> bool:
        return False

    def lead_points(self, card: int) -> int:
        return 0

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        return counters_in(1 << lead | 1 << follow), Reason.COUNTERS

    def last_trick_points(self, winning_card: int) -> int:
        return self.last_trick if COUNTERS_MASK >> winning_card & 1 else self.last_trick_low
