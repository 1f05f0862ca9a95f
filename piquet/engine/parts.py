"""The parts a state is made of: small named tuples, shared by the phase modules.

A :class:`~piquet.engine.state.State` keeps the facts that change on nearly every
action (hands, the trick, the scores) in its own slots, and the rest in these records,
which are replaced whole, and rarely:

- :class:`Game`: facts about the whole game that change only between deals;
- :class:`Context`: the ruleset, its compiled tables, the game, the dealer, the deal's
  :class:`Setup` and the result; it changes only between deals (and when the game ends);
- :class:`ExchangeState`, :class:`Declarations`: where the exchange and the declarations
  are; each is touched only in its own phase;
- :class:`Race`: the race for pique and repique, until it is settled.

Cards are bit masks here (see :mod:`piquet.cards`); public objects are built from
them only when a property is read.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import LeftCards
from ..cards import Card, CardSet
from ..words import Category, Player, Result, Resumed, Spoken

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .state import State
    from .tables import RulesTables

__all__ = [
    "CATEGORIES",
    "CATEGORY_INDEX",
    "FRESH_RACE",
    "HAND_MASK",
    "HAND_SHIFT",
    "MAX_TOTAL",
    "NOT_GOOD_WORD",
    "NO_DECLARATIONS",
    "SCORE_FIELD",
    "SCORE_GAIN",
    "STATE_CLASS",
    "TIE_WORD",
    "TOTALS_SHIFT",
    "TRICKS_B_SHIFT",
    "TRICK_WON",
    "Context",
    "DeclStage",
    "Declarations",
    "ExchStage",
    "ExchangeState",
    "Game",
    "Origin",
    "Race",
    "RaceCount",
    "Said",
    "SaidFields",
    "Setup",
    "both_hands",
    "cards_played",
    "deal_elder",
    "deal_part",
    "hand_of",
    "hand_pair",
    "pack_scores",
    "score_pair",
    "with_hand",
    "with_stages",
]

CATEGORIES = (Category.POINT, Category.SEQUENCE, Category.SET)
"""The declaration categories in the order they are resolved (R-DE)."""

CATEGORY_INDEX: dict[Category, int] = {category: at for at, category in enumerate(CATEGORIES)}
"""Each category's place in :data:`CATEGORIES` (and in a ruleset's tables)."""

# Both hands are one int: player A's card-set mask in the low 64 bits, B's above, so a
# card played costs one new int and no tuple.
HAND_BITS = 64
HAND_MASK = (1 << HAND_BITS) - 1
HAND_SHIFT = (0, HAND_BITS)  # by player


set_class: Callable[[Any, type[Any]], None] = object.__dict__["__class__"].__set__
"""object's own setter of ``__class__``, past the guard of :class:`~.state.State`
(assigning ``state.__class__`` from outside raises): how the engine moves a state it has
just made on to another phase, ``set_class(new, STATE_CLASS["play"])`` (a state's class
is its phase, see :mod:`.phases`)."""


def hand_of(hands: int, player: int) -> int:
    """One player's card-set mask out of both hands."""
    return hands >> HAND_SHIFT[player] & HAND_MASK


def with_hand(hands: int, player: int, hand: int) -> int:
    """Both hands, with ``player``'s replaced by ``hand``."""
    shift = HAND_SHIFT[player]
    return hands & ~(HAND_MASK << shift) | hand << shift


def both_hands(a: int, b: int) -> int:
    """Both hands from A's and B's masks."""
    return a | b << HAND_BITS


def hand_pair(hands: int) -> tuple[int, int]:
    """A's and B's masks."""
    return hands & HAND_MASK, hands >> HAND_BITS


# Tricks won are one small int too: A's count, and B's count times 16 (see
# play.tricks_won); a trick won by a player adds TRICK_WON[player].
TRICKS_B_SHIFT = 4
TRICK_WON = (1, 1 << TRICKS_B_SHIFT)
_TRICKS_A = (1 << TRICKS_B_SHIFT) - 1


def cards_played(tricks: int, lead: int) -> int:
    """How many cards have been played in the deal, from the tricks won and the card led
    to the trick in progress (-1 when none)."""
    return 2 * ((tricks & _TRICKS_A) + (tricks >> TRICKS_B_SHIFT)) + (lead >= 0)


# The scores are one int too (a 4-tuple is twice its size, and built at every score):
# four fields of SCORE_BITS bits, the deal's scores of A and B, then the game's totals
# of A and B (the last unbounded). One point for a player adds SCORE_GAIN[player].
SCORE_BITS = 20
SCORE_FIELD = (1 << SCORE_BITS) - 1
"""The bits of one of the four scores."""
MAX_TOTAL = SCORE_FIELD
"""The largest total a game keeps (a million points: thousands of deals)."""
TOTALS_SHIFT = 2 * SCORE_BITS
"""Where the game's totals start (the deal's scores are below)."""
SCORE_GAIN = (1 | 1 << TOTALS_SHIFT, 1 << SCORE_BITS | 1 << 3 * SCORE_BITS)


def pack_scores(total_a: int, total_b: int, deal_a: int, deal_b: int) -> int:
    """The scores' int from the totals for the game and the deal, per player."""
    return deal_a | deal_b << SCORE_BITS | total_a << TOTALS_SHIFT | total_b << 3 * SCORE_BITS


def score_pair(scores: int, deal: bool) -> tuple[int, int]:
    """A's and B's totals for the game, or (``deal``) for the deal."""
    if not deal:
        scores >>= TOTALS_SHIFT
        return scores & SCORE_FIELD, scores >> SCORE_BITS
    return scores & SCORE_FIELD, scores >> SCORE_BITS & SCORE_FIELD


def deal_part(scores: int) -> int:
    """The scores with the deal's fields cleared (a new deal starts)."""
    return scores >> TOTALS_SHIFT << TOTALS_SHIFT


STATE_CLASS: dict[str, type[State]] = {}
"""The class of state of each phase, by the phase's value (``"play"``...), filled in by
:mod:`.phases`. A phase module that moves a new state on to another phase sets its class
from here (``set_class(new, STATE_CLASS["play"])``): quicker than ``new._phase = ...``,
whose setter looks the class up by an Enum member, whose hash is Python code."""


class Setup(NamedTuple):
    """What a deal starts from; it does not change during the deal, nor after it.

    At the chance node after a deal, the context's dealer is already the next deal's,
    while the setup is still the finished deal's: the facts of that deal (its tricks,
    who saw which stock card) are read with the setup's ``elder``, never with the
    context's dealer (see :func:`deal_elder`).
    """

    dealt: tuple[int, int]  # dealt hands, per player
    stock: tuple[int, ...]  # card bit indices, top first
    blank: tuple[bool, bool]  # dealt without a court card, per player
    prefix: tuple[int, ...]  # prefix[i]: mask of the top i stock cards
    # the deal's elder; None only in a state pickled before this field existed, which
    # State.__setstate__ fills in
    elder: Player | None = None


class Game(NamedTuple):
    """Facts about the whole game that change only between deals."""

    first_dealer: Player
    deal_number: int  # 1-based number of the current (or last) deal
    sheet: tuple[tuple[int, int], ...]  # per finished deal: scores per player
    auto: bool
    single: bool  # a new_deal state: over when its deal is over
    origin: Setup | None  # the explicit cards of a new_deal state
    target: int | None  # the ruleset's race target, kept here for the scoring loop
    games: tuple[Result, ...] = ()  # earlier games of a partie of several games
    resumed: Resumed | None = None  # where a resume_game state took the game up


class Context(NamedTuple):
    """What the play does not change: read often, replaced rarely (between deals, and
    at each step of the exchange and the declarations)."""

    ruleset: Ruleset
    tables: RulesTables
    game: Game
    dealer: Player
    setup: Setup | None
    result: Result | None
    exch: ExchangeState | None
    decl: Declarations


class Origin(NamedTuple):
    """The explicit cards a :func:`~piquet.new_deal` state was made from.

    >>> import piquet as pq
    >>> state = pq.new_deal(
    ...     elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
    ...     younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
    ...     stock="7H 9D 8D 7D 10C 9C 8C 7C",
    ... )
    >>> str(state.origin.stock[0])
    '7H'
    """

    elder: CardSet
    younger: CardSet
    stock: tuple[Card, ...]


def deal_elder(ctx: Context) -> Player:
    """The elder of the context's deal: of the finished deal at the chance node after
    it, where ``ctx.dealer`` is already the next deal's dealer; before the first deal,
    the first deal's elder.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON, declarations="auto").rollout(random.Random(1))
    >>> state.to_move is pq.CHANCE, deal_elder(state._ctx), state.elder
    (True, <Player.A: 0>, <Player.B: 1>)
    """
    setup = ctx.setup
    if setup is None or setup.elder is None:
        return ctx.dealer.other
    return setup.elder


def with_stages(ctx: Context, exch: ExchangeState | None, decl: Declarations) -> Context:
    """``ctx`` with the exchange's and the declarations' records replaced."""
    # tuple.__new__: the named tuple's own constructor is Python code, and slower
    return tuple.__new__(Context, (*ctx[:6], exch, decl))


class ExchStage(enum.IntEnum):
    """Where the exchange is (R-CB-2, R-EX)."""

    COUNT = 0  # elder with carte blanche states how many he will exchange
    YOUNGER_FIRST = 1  # younger commits his discard before the elder's blanche is shown
    ELDER = 2
    YOUNGER = 3
    LEAVE = 4
    DONE = 5


class ExchangeState(NamedTuple):
    stage: ExchStage
    announced: int  # the elder's announced count (carte blanche), else 0
    discards: tuple[int, int]  # per player
    taken: tuple[int, int]  # how many cards each took in, per player
    younger_taken: bool  # whether the younger has taken in his cards yet
    left: LeftCards | None


class DeclStage(enum.IntEnum):
    """Where a category's declaration is (R-DE-1, R-DE-5)."""

    ELDER = 0
    ANSWER = 1
    AFTER_PASS = 2
    EXTRAS = 3
    DONE = 4


class Said(NamedTuple):
    """One utterance, kept as masks; :class:`~piquet.words.Spoken` is built when read.

    ``claims`` is the call's claim (one mask) or the combinations reckoned (none: he
    reckons nothing further, which only he knows); ``shown`` the cards shown.
    ``versus`` says which words a call says: with automatic declarations, the opposing
    claim that the words are measured against (R-DE-6); with declarations played, the
    word of the claim that is said (from 0, :func:`~piquet.rules.protocols.say_word`),
    or for the younger's call :data:`NOT_GOOD_WORD` or :data:`TIE_WORD`.
    """

    player: Player
    verb: str  # "call", "pass", "good", "reckon"
    category: Category
    claims: tuple[int, ...]
    versus: int | None
    shown: int | None


NOT_GOOD_WORD = -1
"""A younger's call that beats the elder's at the word answered: "not good"."""
TIE_WORD = -2
"""A younger's call equal to the elder's at his last word: "equal"."""

SaidFields = tuple[Player, str, Category, tuple[int, ...], int | None, int | None]
"""The fields of a :class:`Said`, as the declarations keep them."""


class Declarations(NamedTuple):
    category: int  # index into CATEGORIES; 3 when all are resolved
    stage: DeclStage
    claim: int  # the elder's pending call, or the winner's call in EXTRAS
    extras: tuple[int, ...]  # in EXTRAS: the combinations the winner may reckon
    # what was said, each word as a Said or a plain tuple of its fields (quicker to
    # make); heard.said_of makes them records when read
    said: tuple[SaidFields, ...]
    scored: tuple[int, int]  # cards in each player's scored combinations (carte rouge)
    rouge: tuple[bool, bool]
    # what was said in words, made on first reading: a box that every new ``said``
    # replaces (see declared_scores.say), so that it always belongs to this ``said``
    heard: list[tuple[Spoken, ...]]
    # automatic declarations: how each category was resolved, and by which elder; what
    # was said is read back from it (see heard.said_of)
    auto: tuple[tuple[Any, ...], Player] | None = None
    # in ANSWER: the word of the elder's call the younger answers (R-DE-1a), from 0
    word: int = 0


NO_DECLARATIONS = Declarations(0, DeclStage.ELDER, 0, (), (), (0, 0), (False, False), [()])


class Race(NamedTuple):
    """The race for pique and repique, kept as entries arrive in ledger order (R-PR).

    A state holds None instead once the race is settled (a bonus was made, or both
    players have entries), so that the play loop pays nothing for it. The ledger makes
    the race's next step as a plain pair (:data:`RaceCount`), read by position: a named
    tuple's constructor costs ten times as much, and the race changes at most entries.
    """

    counted: tuple[int, int]  # points that count toward a bonus, per player
    entered: tuple[bool, bool]  # has the player any entry yet


RaceCount = tuple[tuple[int, int], tuple[bool, bool]]
"""The race as a state holds it: a :class:`Race`, or the same two fields as a plain pair."""

FRESH_RACE = Race((0, 0), (False, False))
