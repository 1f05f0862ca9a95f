"""The score ledger: every score is a typed event with a precedence class (R-PR-1).

>>> import piquet as pq
>>> event = pq.ScoreEvent(pq.Player.A, 5, pq.Precedence.POINT, pq.Reason.POINT)
>>> event.points, event.precedence < pq.Precedence.PLAY
(5, True)
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .cards import EMPTY, CardSet

__all__ = ["CHANCE", "Category", "Chance", "Player", "Precedence", "Reason", "ScoreEvent"]


class Player(enum.IntEnum):
    """The two players. Roles (elder, younger, dealer) change every deal.

    >>> Player.A.other
    <Player.B: 1>
    """

    A = 0
    B = 1

    @property
    def other(self) -> Player:
        """The opponent."""
        return _OTHER[self]

    def __str__(self) -> str:
        return self.name


_OTHER = (Player.B, Player.A)


class Chance(enum.Enum):
    """The type of :data:`CHANCE`: use ``Literal[Chance.CHANCE]`` in annotations.

    >>> CHANCE is Chance.CHANCE
    True
    """

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "pq.CHANCE"

    def __str__(self) -> str:
        return "chance"


CHANCE = Chance.CHANCE
"""``state.to_move`` at a chance node (a deal to be made)."""


class Category(enum.Enum):
    """The three declaration categories, in the order they are resolved (R-DE).

    >>> [str(c) for c in Category]
    ['point', 'sequence', 'set']
    """

    POINT = "point"
    SEQUENCE = "sequence"
    SET = "set"

    def __str__(self) -> str:
        return self.value


class Precedence(enum.IntEnum):
    """Precedence classes of the ledger (R-PR-1); lower classes reckon first.

    >>> Precedence.CARTE_BLANCHE < Precedence.POINT < Precedence.CARDS
    True
    """

    CARTE_BLANCHE = 1
    POINT = 2
    SEQUENCE = 3
    SET = 4
    PLAY = 5
    CARDS = 6


class Reason(enum.Enum):
    """Why a score was made.

    >>> str(Reason.REPIQUE)
    'repique'
    """

    CARTE_BLANCHE = "carte blanche"
    POINT = "point"
    SEQUENCE = "sequence"
    SET = "set"
    CARTE_ROUGE = "carte rouge"
    LEAD = "lead"
    WIN = "win"
    COUNTERS = "counters"
    LAST_TRICK = "last trick"
    CARDS = "cards"
    CAPOT = "capot"
    PIQUE = "pique"
    REPIQUE = "repique"

    def __str__(self) -> str:
        return self.value


class ScoreEvent(NamedTuple):
    """One entry of the ledger: who scored, how much, in which class, and why.

    ``cards`` holds the cards shown for a declaration (the combination) or a carte
    rouge (the hand); it is empty for play and for a carte blanche, which scores when it
    is announced, before it is shown (R-CB-2: see ``Observation.opponent_shown``). Events
    are in ledger order: the order in ``state.events`` is the precedence order of R-PR-1.

    A named tuple rather than an attrs class: the play loop makes one per card, and a
    tuple is the cheapest immutable value Python builds.

    >>> str(ScoreEvent(Player.B, 14, Precedence.SET, Reason.SET))
    'B +14 set'
    """

    player: Player
    points: int
    precedence: Precedence
    reason: Reason
    cards: CardSet = EMPTY

    def __str__(self) -> str:
        shown = f" ({self.cards})" if self.cards else ""
        return f"{self.player} +{self.points} {self.reason}{shown}"
