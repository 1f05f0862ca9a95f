"""The words every layer shares: players, phases, categories, the ledger's entries.

Cards sit below this module; the rules, the actions, the engine and everything above
use these names, so they live here, apart from any of them.

>>> import piquet as pq
>>> event = pq.ScoreEvent(pq.Player.A, 5, pq.Precedence.POINT, pq.Reason.POINT)
>>> event.points, event.precedence < pq.Precedence.PLAY, str(pq.Phase.PLAY.value)
(5, True, 'play')
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import attrs

from .cards import EMPTY, Card, CardSet

__all__ = [
    "CHANCE",
    "Category",
    "Chance",
    "IllegalActionError",
    "Phase",
    "Player",
    "Precedence",
    "Reason",
    "Result",
    "Resumed",
    "ScoreEvent",
    "Spoken",
    "Trick",
]


class _Members(enum.Enum):
    """An enumeration whose members are hashed by identity, in C: a member is one
    object, equal only to itself. Enum's own ``__hash__`` is Python code hashing the
    member's name, and the engine's and the samplers' memos hash members in their keys
    by the thousand (2% of a sample's instructions with declarations played)."""

    __hash__ = object.__hash__


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


class Chance(_Members):
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


class Category(_Members):
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


class Reason(_Members):
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


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the message says why.

    >>> import piquet as pq
    >>> try:
    ...     pq.new_game().apply(pq.Play("AS"))
    ... except pq.IllegalActionError as error:
    ...     print(error)
    play AS: not legal in the deal phase (expecting a deal)
    """


class Phase(_Members):
    """The phases of a deal, and the chance node between deals.

    >>> import piquet as pq
    >>> pq.new_game().phase
    <Phase.DEAL: 'deal'>
    """

    DEAL = "deal"
    """A chance node, where the pack is to be dealt."""
    EXCHANGE = "exchange"
    """Carte blanche protocol, discarding and taking in, cards left (R-CB-2, R-EX)."""
    DECLARATION = "declaration"
    """Point, sequences and sets, with calls and answers (R-DE)."""
    PLAY = "play"
    """Twelve tricks (R-PL)."""
    OVER = "over"
    """The game (or the single deal of :func:`new_deal`) is over."""


@attrs.frozen
class Result:
    """The outcome of a finished game.

    ``winner`` is None when drawn; ``scores`` are the final totals; ``points`` is what the
    winner wins (the rubicon settlement, or 1 or 2 in a race).

    >>> Result(Player.A, (120, 98), 318).points
    318
    """

    winner: Player | None
    scores: tuple[int, int]
    points: int


@attrs.frozen
class Resumed:
    """Where a game made by :func:`resume_game` took up: what its record starts from.

    >>> Resumed(deal_number=3, score_sheet=((12, 30), (45, 2)), games=()).deal_number
    3
    """

    deal_number: int
    score_sheet: tuple[tuple[int, int], ...]
    games: tuple[Result, ...]


class Spoken(NamedTuple):
    """One utterance of the declarations, as a player knows it (R-DE-1a, R-DE-6).

    ``verb`` is ``"call"`` (a word of a claim; the younger's call that beats the elder's
    says "not good", one that ties "equal"), ``"equal"`` (the younger's "equal" before
    the elder's next word), ``"good"``, ``"pass"`` or ``"reckon"`` (further combinations;
    reckoning "nothing further" is heard by the reckoner alone). ``shown`` holds the
    cards of a call that scored or tied, or of combinations reckoned; a losing call shows
    none. ``claimed`` holds the cards of the claim behind the words where the player who
    reads them knows them: his own, or shown ones (else None).

    >>> import piquet as pq
    >>> str(pq.Spoken(pq.Player.A, "call", pq.Category.POINT, "point of five", None))
    'A: point of five'
    """

    player: Player
    verb: str  # "call", "equal", "good", "pass", "reckon"
    category: Category
    words: str
    shown: CardSet | None
    claimed: CardSet | None = None

    def __str__(self) -> str:
        return f"{self.player}: {self.words}"


@attrs.frozen
class Trick:
    """A trick played: who led, the card led, the card played to it, and who won.

    >>> import piquet as pq
    >>> pq.Trick(pq.Player.A, pq.Card.parse("AS"), pq.Card.parse("KS"), pq.Player.A).winner
    <Player.A: 0>
    """

    leader: Player
    lead: Card
    follow: Card
    winner: Player

    def __str__(self) -> str:
        return f"{self.leader} {self.lead} {self.follow}"
