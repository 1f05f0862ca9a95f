"""A declaration category compiled for the engine: the generic table, asked about whole hands.

:class:`CategoryTable` is the interface the declarations read every category through
(:mod:`.combination_tables` compiles each rule into one of its kinds: this one, for a
rule with no decomposition; :mod:`.suit_tables` and :mod:`.rank_tables` for the others).
Every claim met is kept as a :data:`Combo`: its key, its mask, its points and the ledger
entries it makes for either player, built once. This module also holds what the kinds
share: the duel of the automatic declarations (:data:`Duel`) and the answers' rows
(:data:`AnswerRow`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import ClassVar, Final, Generic, TypeVar

from ..actions import Call, Good, Pass, Reckon
from ..cards import SUIT_SHIFT, trusted_cardset
from ..rules.protocols import CategoryRule, word_ends
from ..words import Category, Player, Precedence, Reason, ScoreEvent

__all__ = [
    "ELDER_WINS",
    "ENTRIES",
    "FALLING",
    "KEY",
    "MASK",
    "NOBODY",
    "NO_DUEL",
    "POINTS",
    "RANKS",
    "RANK_SHIFT",
    "RISING",
    "SLOT",
    "SLOTS",
    "SUITS",
    "SUIT_SLOT",
    "UNORDERED",
    "YOUNGER_WINS",
    "AnswerRow",
    "CategoryTable",
    "Combo",
    "Duel",
    "SuitCodes",
    "SuitLists",
    "answer_row",
    "by_key",
    "duel_of",
    "ranking",
]

Combo = tuple[tuple[int, ...], int, int, tuple[ScoreEvent, ScoreEvent]]
"""A claim as the declarations use it: (key, mask, points, its ledger entry for player A
and for player B); a claim that scores no points is never entered."""
KEY: Final = 0
MASK: Final = 1
POINTS: Final = 2
ENTRIES: Final = 3

by_key: Final = itemgetter(KEY)
SUITS: Final = range(4)
RANKS: Final = range(9)  # a rank's bit within its suit: rank - 6
SLOTS: Final = 4 * SUIT_SHIFT  # bits of a card-set mask
_MEMO_LIMIT: Final = 1 << 16  # claims kept per category on the generic path
# a suit's code for the point (see suit_tables.BestSuit._code_suits): the rank of its combination's
# key (0: none), then its slot, where its combination is found: (3 - suit) and its nine
# bits, so that of equal keys the first suit's code is the highest
SUIT_SLOT: Final = 9
RANK_SHIFT: Final = 11
SLOT: Final = (1 << RANK_SHIFT) - 1

K = TypeVar("K")
V = TypeVar("V")


class _Lazy(dict[K, V], Generic[K, V]):
    """A table filled on first reading of each key; at most ``limit`` keys are kept."""

    __slots__ = ("_limit", "_make")

    def __init__(self, make: Callable[[K], V], limit: int = _MEMO_LIMIT) -> None:
        super().__init__()
        self._make = make
        self._limit = limit

    def __missing__(self, key: K) -> V:
        value = self._make(key)
        if len(self) < self._limit:
            self[key] = value
        return value


def _ledger_class(category: Category) -> tuple[Precedence, Reason]:
    """The precedence class and reason of a category's scores (R-PR-1)."""
    if category is Category.POINT:
        return Precedence.POINT, Reason.POINT
    if category is Category.SEQUENCE:
        return Precedence.SEQUENCE, Reason.SEQUENCE
    return Precedence.SET, Reason.SET


Duel = tuple[int, int, int, tuple[Combo, ...]]
"""A category between the elder and the younger (:meth:`CategoryTable.duel`): (who wins,
the elder's best combination's mask, the younger's, the winner's combinations)."""
# who wins, as an index into (nobody, the elder, the younger)
NOBODY: Final = 0
ELDER_WINS: Final = 1
YOUNGER_WINS: Final = 2
NO_DUEL: Final[Duel] = (NOBODY, 0, 0, ())


def duel_of(combos_e: tuple[Combo, ...], combos_y: tuple[Combo, ...]) -> Duel:
    """Who wins a category, from both hands' combinations, best first."""
    if not combos_e:
        if not combos_y:
            return NO_DUEL
        return YOUNGER_WINS, 0, combos_y[0][MASK], combos_y
    if not combos_y:
        return ELDER_WINS, combos_e[0][MASK], 0, combos_e
    first_e, first_y = combos_e[0], combos_y[0]
    if first_e[KEY] == first_y[KEY]:  # equal: neither scores (R-DE-1)
        return NOBODY, first_e[MASK], first_y[MASK], ()
    if first_e[KEY] > first_y[KEY]:
        return ELDER_WINS, first_e[MASK], first_y[MASK], combos_e
    return YOUNGER_WINS, first_e[MASK], first_y[MASK], combos_y


SuitLists = tuple[
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
]
"""A table by the four suits' nine bits."""
SuitCodes = tuple[list[int], list[int], list[int], list[int], list[tuple[Combo, ...]]]
"""The four suits' codes by their nine bits, and what each slot holds."""


AnswerRow = tuple[tuple[tuple[int, ...], ...], tuple[Call, ...], int]
"""A part's claims (one suit's, one rank's) for the answers: their keys, their
:class:`~piquet.Call` in the rule's order, and how the keys go in that order: with
:data:`RISING` keys (kept as they are) the calls that rank with a key are a tail, with
:data:`FALLING` keys (kept reversed) a head, found with one bisection either way; with
:data:`UNORDERED` keys, each is read. ``()`` when the part has no claim."""
RISING: Final = 0
FALLING: Final = 1
UNORDERED: Final = 2


def answer_row(table: CategoryTable, claims: Sequence[int]) -> AnswerRow | tuple[()]:
    if not claims:
        return ()
    keys = [table.info(claim)[KEY] for claim in claims]
    calls = tuple(map(table.calls.__getitem__, claims))
    if keys == sorted(keys):
        return tuple(keys), calls, RISING
    if keys == sorted(keys, reverse=True):
        return tuple(reversed(keys)), calls, FALLING
    return tuple(keys), calls, UNORDERED


def ranking(row: AnswerRow, floor: tuple[int, ...]) -> tuple[Call, ...]:
    """The calls of a part (``row``) whose key is at least ``floor``."""
    keys, calls, order = row
    if order is RISING:
        return calls[bisect_left(keys, floor) :]
    if order is FALLING:
        return calls[: len(calls) - bisect_left(keys, floor)]
    return tuple([call for key, call in zip(keys, calls, strict=True) if key >= floor])


class CategoryTable:
    """One category of a ruleset, asked about whole hands (a rule with no decomposition).

    The engine reads every category through this interface: :meth:`combos`,
    :meth:`claims`, :meth:`is_claim`, :meth:`further` and :meth:`info`. The claims' keys,
    points and ledger entries are kept once made (the hooks are pure functions).
    """

    __slots__ = (
        "_info",
        "_word_ends",
        "calls",
        "category",
        "pass_alone",
        "precedence",
        "reason",
        "reckonings",
        "rule",
    )

    reckons: ClassVar[bool] = True
    """Whether the winner of the category may have further combinations to reckon."""

    def __init__(self, rule: CategoryRule) -> None:
        self.rule = rule
        self.category = rule.category
        self.precedence, self.reason = _ledger_class(rule.category)
        self._info: _Lazy[int, Combo] = _Lazy(self._make_info)
        self.calls: _Lazy[int, Call] = _Lazy(self._make_call)
        """The :class:`~piquet.Call` of each claim (by its mask), made once and shared."""
        self.pass_alone: tuple[Pass] = (Pass(self.category),)
        self._word_ends: tuple[int, ...] | None = None
        self.reckonings: _Lazy[int, Reckon] = _Lazy(self._make_reckon)
        """The :class:`~piquet.Reckon` of each union of combinations (by its mask), made
        once and shared."""
        """"Pass" in this category, alone in a tuple (the last of the first words)."""

    def _make_call(self, claim: int) -> Call:
        return Call(self.category, trusted_cardset(claim))

    def _make_reckon(self, cards: int) -> Reckon:
        return Reckon(self.category, trusted_cardset(cards))

    def _make_info(self, claim: int) -> Combo:
        rule = self.rule
        points = rule.score(claim)
        shown = trusted_cardset(claim)
        entries = (
            ScoreEvent(Player.A, points, self.precedence, self.reason, shown),
            ScoreEvent(Player.B, points, self.precedence, self.reason, shown),
        )
        return rule.key(claim), claim, points, entries

    def word_ends(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """Where each word of a call ends in its key (the keys of a rule have one length)."""
        ends = self._word_ends
        if ends is None:
            ends = self._word_ends = word_ends(self.rule, len(key))
        return ends

    def info(self, claim: int) -> Combo:
        """The claim's key, mask, points and ledger entries."""
        return self._info[claim]

    def combos(self, cards: int) -> tuple[Combo, ...]:
        """The combinations of ``cards``, best first (``CategoryRule.combinations``)."""
        info = self._info
        return tuple([info[combo] for combo in self.rule.combinations(cards)])

    def deciding_cards(self, hand: int) -> int:
        """The cards of ``hand`` that decide its combinations: ``combos`` of them are
        :meth:`combos` of the hand, so hands alike in them have the same combinations (a
        sampler remembers a resolution by them). Here the whole hand; a table that can
        tell which cards count gives fewer.

        >>> import piquet as pq
        >>> from piquet.engine.combination_tables import tables_of
        >>> point, sequences, sets = tables_of(pq.RUBICON)
        >>> hand = pq.cards("AS KS QS 9S 8H 7H KH KD KC 8C 7D 9D").mask
        >>> [str(pq.CardSet.from_mask(t.deciding_cards(hand))) for t in (point, sequences, sets)]
        ['AS KS QS 9S', 'AS KS QS', 'KS KH KD KC']
        """
        return hand

    def claims(self, hand: int) -> Sequence[int]:
        """Every claim the hand supports, in the rule's order."""
        return self.rule.claims(hand)

    @property
    def suit_claims(self) -> tuple[list[tuple[int, ...] | None], ...] | None:
        """Where a hand's :meth:`claims` are each suit's put together, suit by suit: for
        each suit, its claims by the suit's nine bits (None where not made yet: then
        :meth:`claims` makes them). None here: a table that puts its claims together
        so says (a compiled sampler walks them without a call), as :attr:`rank_claims`,
        :attr:`deciding_by_suit` and :attr:`deciding_by_rank` say of theirs.

        >>> import piquet as pq
        >>> from piquet.engine.combination_tables import tables_of
        >>> point, sequences, sets = tables_of(pq.RUBICON)
        >>> len(point.suit_claims), sets.suit_claims, sets.rank_claims[1:]
        (4, None, (3, 496))
        >>> sets.deciding_by_rank, point.deciding_by_suit  # three of a rank; the best suit
        ((3, 496), None)
        >>> len(sequences.deciding_by_suit)  # each suit's runs
        4
        """
        return None

    @property
    def rank_claims(self) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], int, int] | None:
        """Where a hand's :meth:`claims` are each rank's put together, from the highest
        rank down: for each rank (its bit in a suit's nine), its claims by which suits
        hold it (four bits, a suit's shift order), with the fewest suits and the ranks
        that make any; else None, as here."""
        return None

    @property
    def deciding_by_suit(self) -> tuple[list[int], ...] | None:
        """Where :meth:`deciding_cards` are each suit's: for each suit, its deciding cards
        by the suit's nine bits (in place); else None, as here."""
        return None

    @property
    def deciding_by_rank(self) -> tuple[int, int] | None:
        """Where :meth:`deciding_cards` are the cards of the ranks held in enough suits:
        the fewest suits, and the ranks (nine bits) that can make a combination; else
        None, as here."""
        return None

    def calls_of(self, hand: int) -> tuple[Call, ...]:
        """The :class:`~piquet.Call` of every claim the hand supports, in the rule's order."""
        return tuple(map(self.calls.__getitem__, self.claims(hand)))

    def answer_words(
        self, hand: int, floor: tuple[int, ...], good: Good
    ) -> tuple[Call | Good, ...]:
        """``good``, then the :class:`~piquet.Call` of each of the hand's claims whose key
        is at least ``floor``, in the rule's order (the words of an answer).

        >>> import piquet as pq
        >>> from piquet.engine.combination_tables import tables_of
        >>> point = tables_of(pq.RUBICON)[0]
        >>> floor = point.info(pq.cards("AC KC").mask)[KEY]  # the elder's call
        >>> hand = pq.cards("AS KS QS 9H 8H JD").mask
        >>> [str(word) for word in point.answer_words(hand, floor, pq.Good(pq.Category.POINT))]
        ['good point', 'call point AS KS', 'call point AS KS QS']
        """
        info = self._info
        calls = self.calls
        return (good, *[calls[c] for c in self.claims(hand) if info[c][KEY] >= floor])

    def answers(self, hand: int, floor: tuple[int, ...]) -> tuple[int, ...]:
        """The hand's claims whose key is at least ``floor``, in the rule's order."""
        info = self._info
        return tuple([claim for claim in self.claims(hand) if info[claim][KEY] >= floor])

    def is_claim(self, claim: int, hand: int) -> bool:
        """Whether ``claim`` is a claim that ``hand`` supports."""
        return self.rule.is_claim(claim, hand)

    def further(self, hand: int, claim: int) -> Sequence[int]:
        """What the winner of the category may reckon besides ``claim``, best first."""
        return self.rule.further(hand, claim)

    def duel(self, e0: int, e1: int, e2: int, e3: int, y0: int, y1: int, y2: int, y3: int) -> Duel:
        """The category between the elder's hand (its suits' bits ``e0``..``e3``, S H D C)
        and the younger's (``y0``..``y3``), with the best calls: who wins
        (:data:`ELDER_WINS`, :data:`YOUNGER_WINS`, or :data:`NOBODY` on a tie or with no
        combination), each one's best combination (0: none), and the winner's combinations,
        best first (as :meth:`combos`).

        >>> import piquet as pq
        >>> from piquet.engine.combination_tables import tables_of
        >>> point, sequences, sets = tables_of(pq.RUBICON)
        >>> elder = pq.cards("AS KS QS 10S 9H 8H 7H AD AC KC QC 10D").mask
        >>> younger = pq.cards("JS 9S 8S 7S JH 10H AH KH JD 9D 8D QD").mask
        >>> def suits(hand):
        ...     return [hand >> 16 * suit & 0x1FF for suit in range(4)]
        >>> point.duel(*suits(elder), *suits(younger))[0] == NOBODY  # 41 each
        True
        >>> who, best_e, best_y, own = sequences.duel(*suits(elder), *suits(younger))
        >>> who == ELDER_WINS, pq.CardSet.from_mask(best_y)
        (True, CardSet.parse('9S 8S 7S'))
        >>> [str(pq.CardSet.from_mask(mask)) for _key, mask, _points, _entries in own]
        ['AS KS QS', 'AC KC QC', '9H 8H 7H']
        """
        return duel_of(
            self.combos(e0 | e1 << SUIT_SHIFT | e2 << 2 * SUIT_SHIFT | e3 << 3 * SUIT_SHIFT),
            self.combos(y0 | y1 << SUIT_SHIFT | y2 << 2 * SUIT_SHIFT | y3 << 3 * SUIT_SHIFT),
        )
