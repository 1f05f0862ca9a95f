"""The declaration categories compiled once per ruleset: claims, combinations, ledger entries.

The declarations ask a category rule (:class:`~piquet.rules.CategoryRule`) for a hand's
claims and combinations, and for each claim's key and score. A rule that says how it
decomposes (:class:`~piquet.rules.Decomposition`: per suit, the best suit, per rank) is
asked only about the cards of one suit, or of one rank, at a time; the answers are kept
in tables indexed by those cards (a suit's nine bits, a rank's four) and a hand's answer
is put together from its parts'. A rule that does not is asked about every hand, through
the same interface, so that the declarations never ask which kind they hold.

Every claim met is kept as a :data:`Combo`: its key, its mask, its points and the ledger
entries it makes for either player, built once. The automatic declarations ask each table
for a :meth:`~CategoryTable.duel` of both hands at once, given as their suits' bits; the
point's and the sequences' duels use tables of every suit's nine bits, made whole on the
first duel.

>>> import piquet as pq
>>> tables = tables_of(pq.RUBICON)
>>> hand = pq.cards("AS KS QS 10S 9H 8H 7H AD AC KC QC 10D").mask
>>> for key, mask, points, entries in tables[1].combos(hand):
...     print(key, pq.CardSet.from_mask(mask), points, entries[pq.Player.B].reason)
(3, 14) AS KS QS 3 sequence
(3, 14) AC KC QC 3 sequence
(3, 9) 9H 8H 7H 3 sequence
>>> tables[1].combos(hand) == tuple(map(tables[1].info, pq.RUBICON.sequences.combinations(hand)))
True
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, ClassVar, Final, Generic, TypeVar

from ..actions import Call, Good, Pass, Reckon
from ..cards import RANK_MASK_UNIT, SUIT_BITS, SUIT_SHIFT, _from_mask
from ..rules.protocols import CategoryRule, Decomposition, decomposition_of
from ..words import Category, Player, Precedence, Reason, ScoreEvent

if TYPE_CHECKING:
    from ..ruleset import Ruleset

__all__ = ["ENTRIES", "KEY", "MASK", "POINTS", "CategoryTable", "Combo", "tables_of"]

Combo = tuple[tuple[int, ...], int, int, tuple[ScoreEvent, ScoreEvent]]
"""A claim as the declarations use it: (key, mask, points, its ledger entry for player A
and for player B); a claim that scores no points is never entered."""
KEY: Final = 0
MASK: Final = 1
POINTS: Final = 2
ENTRIES: Final = 3

_by_key: Final = itemgetter(KEY)
_SUITS: Final = range(4)
_RANKS: Final = range(9)  # a rank's bit within its suit: rank - 6
_SLOTS: Final = 4 * SUIT_SHIFT  # bits of a card-set mask
_MEMO_LIMIT: Final = 1 << 16  # claims kept per category on the generic path
# a suit's code for the point (see _BestSuit._code_suits): the rank of its combination's
# key (0: none), then its slot, where its combination is found: (3 - suit) and its nine
# bits, so that of equal keys the first suit's code is the highest
_SUIT_SLOT: Final = 9
_RANK_SHIFT: Final = 11
_SLOT: Final = (1 << _RANK_SHIFT) - 1

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
_NO_DUEL: Final[Duel] = (NOBODY, 0, 0, ())


def _duel(combos_e: tuple[Combo, ...], combos_y: tuple[Combo, ...]) -> Duel:
    """Who wins a category, from both hands' combinations, best first."""
    if not combos_e:
        if not combos_y:
            return _NO_DUEL
        return YOUNGER_WINS, 0, combos_y[0][MASK], combos_y
    if not combos_y:
        return ELDER_WINS, combos_e[0][MASK], 0, combos_e
    first_e, first_y = combos_e[0], combos_y[0]
    if first_e[KEY] == first_y[KEY]:  # equal: neither scores (R-DE-1)
        return NOBODY, first_e[MASK], first_y[MASK], ()
    if first_e[KEY] > first_y[KEY]:
        return ELDER_WINS, first_e[MASK], first_y[MASK], combos_e
    return YOUNGER_WINS, first_e[MASK], first_y[MASK], combos_y


_SuitLists = tuple[
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
    list[tuple[Combo, ...]],
]
"""A table by the four suits' nine bits."""
_SuitCodes = tuple[list[int], list[int], list[int], list[int], list[tuple[Combo, ...]]]
"""The four suits' codes by their nine bits, and what each slot holds."""


AnswerRow = tuple[tuple[tuple[int, ...], ...], tuple[Call, ...], int]
"""A part's claims (one suit's, one rank's) for the answers: their keys, their
:class:`~piquet.Call` in the rule's order, and how the keys go in that order: with
:data:`_RISING` keys (kept as they are) the calls that rank with a key are a tail, with
:data:`_FALLING` keys (kept reversed) a head, found with one bisection either way; with
:data:`_UNORDERED` keys, each is read. ``()`` when the part has no claim."""
_RISING: Final = 0
_FALLING: Final = 1
_UNORDERED: Final = 2


def _answer_row(table: CategoryTable, claims: Sequence[int]) -> AnswerRow | tuple[()]:
    if not claims:
        return ()
    keys = [table.info(claim)[KEY] for claim in claims]
    calls = tuple(map(table.calls.__getitem__, claims))
    if keys == sorted(keys):
        return tuple(keys), calls, _RISING
    if keys == sorted(keys, reverse=True):
        return tuple(reversed(keys)), calls, _FALLING
    return tuple(keys), calls, _UNORDERED


def _ranking(row: AnswerRow, floor: tuple[int, ...]) -> tuple[Call, ...]:
    """The calls of a part (``row``) whose key is at least ``floor``."""
    keys, calls, order = row
    if order is _RISING:
        return calls[bisect_left(keys, floor) :]
    if order is _FALLING:
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
        self.reckonings: _Lazy[int, Reckon] = _Lazy(self._make_reckon)
        """The :class:`~piquet.Reckon` of each union of combinations (by its mask), made
        once and shared."""
        """"Pass" in this category, alone in a tuple (the last of the first words)."""

    def _make_call(self, claim: int) -> Call:
        return Call(self.category, _from_mask(claim))

    def _make_reckon(self, cards: int) -> Reckon:
        return Reckon(self.category, _from_mask(cards))

    def _make_info(self, claim: int) -> Combo:
        rule = self.rule
        points = rule.score(claim)
        shown = _from_mask(claim)
        entries = (
            ScoreEvent(Player.A, points, self.precedence, self.reason, shown),
            ScoreEvent(Player.B, points, self.precedence, self.reason, shown),
        )
        return rule.key(claim), claim, points, entries

    def info(self, claim: int) -> Combo:
        """The claim's key, mask, points and ledger entries."""
        return self._info[claim]

    def combos(self, cards: int) -> tuple[Combo, ...]:
        """The combinations of ``cards``, best first (``CategoryRule.combinations``)."""
        info = self._info
        return tuple([info[combo] for combo in self.rule.combinations(cards)])

    def claims(self, hand: int) -> Sequence[int]:
        """Every claim the hand supports, in the rule's order."""
        return self.rule.claims(hand)

    def calls_of(self, hand: int) -> tuple[Call, ...]:
        """The :class:`~piquet.Call` of every claim the hand supports, in the rule's order."""
        return tuple(map(self.calls.__getitem__, self.claims(hand)))

    def answer_words(
        self, hand: int, floor: tuple[int, ...], good: Good
    ) -> tuple[Call | Good, ...]:
        """``good``, then the :class:`~piquet.Call` of each of the hand's claims whose key
        is at least ``floor``, in the rule's order (the words of an answer).

        >>> import piquet as pq
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
        return _duel(
            self.combos(e0 | e1 << SUIT_SHIFT | e2 << 2 * SUIT_SHIFT | e3 << 3 * SUIT_SHIFT),
            self.combos(y0 | y1 << SUIT_SHIFT | y2 << 2 * SUIT_SHIFT | y3 << 3 * SUIT_SHIFT),
        )


class _PerSuit(CategoryTable):
    """A category whose claims and combinations are put together from each suit's.

    A suit's tables are lists by its nine bits, filled as each suit's cards are met."""

    __slots__ = ("_answers", "_calls", "_claims", "_combos", "_ranked")

    def __init__(self, rule: CategoryRule) -> None:
        super().__init__(rule)
        # for :meth:`duel`: each suit's combinations sorted as a hand's are, by its nine
        # bits, made whole on the first duel
        self._ranked: _SuitLists | None = None
        self._combos: tuple[list[tuple[Combo, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in _SUITS
        )
        self._claims: tuple[list[tuple[int, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in _SUITS
        )
        self._calls: tuple[list[tuple[Call, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in _SUITS
        )
        self._answers: tuple[list[AnswerRow | tuple[()] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in _SUITS
        )

    def _suit_combos(self, suit: int, bits: int) -> tuple[Combo, ...]:
        found = CategoryTable.combos(self, bits << suit * SUIT_SHIFT)
        self._combos[suit][bits] = found
        return found

    def _suit_claims(self, suit: int, bits: int) -> tuple[int, ...]:
        found = tuple(self.rule.claims(bits << suit * SUIT_SHIFT))
        self._claims[suit][bits] = found
        return found

    def _suit_calls(self, suit: int, bits: int) -> tuple[Call, ...]:
        claims = self._claims[suit][bits]
        if claims is None:
            claims = self._suit_claims(suit, bits)
        found = tuple(map(self.calls.__getitem__, claims))
        self._calls[suit][bits] = found
        return found

    def _suit_answers(self, suit: int, bits: int) -> AnswerRow | tuple[()]:
        claims = self._claims[suit][bits]
        if claims is None:
            claims = self._suit_claims(suit, bits)
        found = _answer_row(self, claims)
        self._answers[suit][bits] = found
        return found

    def calls_of(self, hand: int) -> tuple[Call, ...]:
        s0, s1, s2, s3 = self._calls
        bits = hand & SUIT_BITS
        found = s0[bits]
        if found is None:
            found = self._suit_calls(0, bits)
        bits = hand >> SUIT_SHIFT & SUIT_BITS
        more = s1[bits]
        if more is None:
            more = self._suit_calls(1, bits)
        found += more
        bits = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        more = s2[bits]
        if more is None:
            more = self._suit_calls(2, bits)
        found += more
        bits = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        more = s3[bits]
        if more is None:
            more = self._suit_calls(3, bits)
        return found + more

    def answer_words(
        self, hand: int, floor: tuple[int, ...], good: Good
    ) -> tuple[Call | Good, ...]:
        # written out, suit by suit, as calls_of (every answer)
        s0, s1, s2, s3 = self._answers
        found: tuple[Call | Good, ...] = (good,)
        bits = hand & SUIT_BITS
        row = s0[bits]
        if row is None:
            row = self._suit_answers(0, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is _RISING else _ranking(row, floor)
            )
        bits = hand >> SUIT_SHIFT & SUIT_BITS
        row = s1[bits]
        if row is None:
            row = self._suit_answers(1, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is _RISING else _ranking(row, floor)
            )
        bits = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        row = s2[bits]
        if row is None:
            row = self._suit_answers(2, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is _RISING else _ranking(row, floor)
            )
        bits = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        row = s3[bits]
        if row is None:
            row = self._suit_answers(3, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is _RISING else _ranking(row, floor)
            )
        return found

    def combos(self, cards: int) -> tuple[Combo, ...]:
        s0, s1, s2, s3 = self._combos
        bits = cards & SUIT_BITS
        found = s0[bits]
        if found is None:
            found = self._suit_combos(0, bits)
        bits = cards >> SUIT_SHIFT & SUIT_BITS
        more = s1[bits]
        if more is None:
            more = self._suit_combos(1, bits)
        found += more
        bits = cards >> 2 * SUIT_SHIFT & SUIT_BITS
        more = s2[bits]
        if more is None:
            more = self._suit_combos(2, bits)
        found += more
        bits = cards >> 3 * SUIT_SHIFT & SUIT_BITS
        more = s3[bits]
        if more is None:
            more = self._suit_combos(3, bits)
        found += more
        if len(found) > 1:  # a stable sort: equal keys stay in suit order
            return tuple(sorted(found, key=_by_key, reverse=True))
        return found

    def claims(self, hand: int) -> Sequence[int]:
        s0, s1, s2, s3 = self._claims
        bits = hand & SUIT_BITS
        found = s0[bits]
        if found is None:
            found = self._suit_claims(0, bits)
        bits = hand >> SUIT_SHIFT & SUIT_BITS
        more = s1[bits]
        if more is None:
            more = self._suit_claims(1, bits)
        found += more
        bits = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        more = s2[bits]
        if more is None:
            more = self._suit_claims(2, bits)
        found += more
        bits = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        more = s3[bits]
        if more is None:
            more = self._suit_claims(3, bits)
        return found + more

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim <= 0 or claim >> _SLOTS:  # no cards, or not cards at all
            return False
        suit = (claim.bit_length() - 1) // SUIT_SHIFT
        bits = hand >> suit * SUIT_SHIFT & SUIT_BITS
        claims = self._claims[suit][bits]
        if claims is None:
            claims = self._suit_claims(suit, bits)
        return claim in claims

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return tuple([combo[MASK] for combo in self.combos(hand) if not combo[MASK] & claim])

    def _rank_suits(self) -> _SuitLists:
        """Every suit's combinations sorted, by its nine bits (2,048 of them, a few ms once
        per ruleset)."""
        ranked = []
        for suit, row in enumerate(self._combos):
            ranked_row = []
            for bits, found in enumerate(row):
                if found is None:
                    found = self._suit_combos(suit, bits)
                if len(found) > 1:
                    found = tuple(sorted(found, key=_by_key, reverse=True))
                ranked_row.append(found)
            ranked.append(ranked_row)
        self._ranked = (ranked[0], ranked[1], ranked[2], ranked[3])
        return self._ranked

    def duel(self, e0: int, e1: int, e2: int, e3: int, y0: int, y1: int, y2: int, y3: int) -> Duel:
        # written out: the automatic declarations ask it every deal. Each suit's
        # combinations come sorted, so a hand's best is the first of the best suit's
        # (the first such suit on equal keys), and a hand's combinations in one suit
        # need no sorting (a tuple joined to empty ones is itself).
        ranked = self._ranked
        if ranked is None:
            ranked = self._rank_suits()
        r0, r1, r2, r3 = ranked
        a = r0[e0]
        b = r1[e1]
        c = r2[e2]
        d = r3[e3]
        own_e = a + b + c + d
        mixed_e = False  # in more than one suit
        if own_e:
            best_e = own_e[0]
            if len(own_e) > 1 and not (own_e is a or own_e is b or own_e is c or own_e is d):
                mixed_e = True
                if b and b[0][KEY] > best_e[KEY]:
                    best_e = b[0]
                if c and c[0][KEY] > best_e[KEY]:
                    best_e = c[0]
                if d and d[0][KEY] > best_e[KEY]:
                    best_e = d[0]
        a = r0[y0]
        b = r1[y1]
        c = r2[y2]
        d = r3[y3]
        own_y = a + b + c + d
        if not own_y:
            if not own_e:
                return _NO_DUEL
            return ELDER_WINS, best_e[MASK], 0, _sort(own_e) if mixed_e else own_e
        best_y = own_y[0]
        mixed_y = len(own_y) > 1 and not (own_y is a or own_y is b or own_y is c or own_y is d)
        if mixed_y:
            if b and b[0][KEY] > best_y[KEY]:
                best_y = b[0]
            if c and c[0][KEY] > best_y[KEY]:
                best_y = c[0]
            if d and d[0][KEY] > best_y[KEY]:
                best_y = d[0]
        if not own_e:
            return YOUNGER_WINS, 0, best_y[MASK], _sort(own_y) if mixed_y else own_y
        key_e, key_y = best_e[KEY], best_y[KEY]
        if key_e == key_y:  # equal: neither scores (R-DE-1)
            return NOBODY, best_e[MASK], best_y[MASK], ()
        if key_e > key_y:
            return ELDER_WINS, best_e[MASK], best_y[MASK], _sort(own_e) if mixed_e else own_e
        return YOUNGER_WINS, best_e[MASK], best_y[MASK], _sort(own_y) if mixed_y else own_y


def _sort(own: tuple[Combo, ...]) -> tuple[Combo, ...]:
    """Combinations best first, by a stable sort (equal keys keep their order)."""
    return tuple(sorted(own, key=_by_key, reverse=True))


class _BestSuit(_PerSuit):
    """A category whose only combination is the best of the suits' first (the point)."""

    __slots__ = ("_suit_codes",)
    reckons = False

    def __init__(self, rule: CategoryRule) -> None:
        super().__init__(rule)
        self._suit_codes: _SuitCodes | None = None  # made whole on the first duel

    def _code_suits(self) -> _SuitCodes:
        """Every suit's nine bits at once (2,048 of them, some 10 ms once per ruleset): the
        code of each, and what each code's slot holds (the suit's combination, if any)."""
        found = [
            [
                self._suit_combos(suit, bits) if combos is None else combos
                for bits, combos in enumerate(self._combos[suit])
            ]
            for suit in _SUITS
        ]
        # the keys' ranks, from 1 up: an int compares quicker than a key
        keys = sorted({combos[0][KEY] for row in found for combos in row if combos})
        rank_of = {key: rank for rank, key in enumerate(keys, 1)}
        slots: list[tuple[Combo, ...]] = [()] * (_SLOT + 1)
        codes: list[list[int]] = []
        for suit, row in enumerate(found):
            coded = []
            for bits, combos in enumerate(row):
                slot = (3 - suit) << _SUIT_SLOT | bits
                slots[slot] = combos
                coded.append(rank_of[combos[0][KEY]] << _RANK_SHIFT | slot if combos else 0)
            codes.append(coded)
        self._suit_codes = (codes[0], codes[1], codes[2], codes[3], slots)
        return self._suit_codes

    def _suit_combos(self, suit: int, bits: int) -> tuple[Combo, ...]:
        found = CategoryTable.combos(self, bits << suit * SUIT_SHIFT)[:1]
        self._combos[suit][bits] = found
        return found

    def combos(self, cards: int) -> tuple[Combo, ...]:
        s0, s1, s2, s3 = self._combos
        bits = cards & SUIT_BITS
        best = s0[bits]
        if best is None:
            best = self._suit_combos(0, bits)
        bits = cards >> SUIT_SHIFT & SUIT_BITS
        found = s1[bits]
        if found is None:
            found = self._suit_combos(1, bits)
        if found and (not best or found[0][0] > best[0][0]):  # [0][0]: the first's key
            best = found
        bits = cards >> 2 * SUIT_SHIFT & SUIT_BITS
        found = s2[bits]
        if found is None:
            found = self._suit_combos(2, bits)
        if found and (not best or found[0][0] > best[0][0]):
            best = found
        bits = cards >> 3 * SUIT_SHIFT & SUIT_BITS
        found = s3[bits]
        if found is None:
            found = self._suit_combos(3, bits)
        if found and (not best or found[0][0] > best[0][0]):
            best = found
        return best

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return ()

    def duel(self, e0: int, e1: int, e2: int, e3: int, y0: int, y1: int, y2: int, y3: int) -> Duel:
        # written out: the automatic declarations ask it every deal. A hand's only
        # combination is its best suit's (the first such suit on equal keys): the suit of
        # the highest code (see _code_suits).
        codes = self._suit_codes
        if codes is None:
            codes = self._code_suits()
        c0, c1, c2, c3, slots = codes
        best_e = c0[e0]
        code = c1[e1]
        if code > best_e:
            best_e = code
        code = c2[e2]
        if code > best_e:
            best_e = code
        code = c3[e3]
        if code > best_e:
            best_e = code
        best_y = c0[y0]
        code = c1[y1]
        if code > best_y:
            best_y = code
        code = c2[y2]
        if code > best_y:
            best_y = code
        code = c3[y3]
        if code > best_y:
            best_y = code
        rank_e = best_e >> _RANK_SHIFT
        rank_y = best_y >> _RANK_SHIFT
        if rank_e == rank_y:  # equal: neither scores (R-DE-1)
            if not rank_e:
                return _NO_DUEL
            return NOBODY, slots[best_e & _SLOT][0][MASK], slots[best_y & _SLOT][0][MASK], ()
        own_e = slots[best_e & _SLOT] if rank_e else ()
        own_y = slots[best_y & _SLOT] if rank_y else ()
        if rank_e > rank_y:
            return ELDER_WINS, own_e[0][MASK], own_y[0][MASK] if own_y else 0, own_e
        return YOUNGER_WINS, own_e[0][MASK] if own_e else 0, own_y[0][MASK], own_y


def _ranks_held(a: int, b: int, c: int, d: int, times: int) -> int:
    """The ranks (nine bits) held at least ``times`` times in four suits' bits (none when
    ``times`` is more than four)."""
    if times > 4:
        return 0
    both_ab, both_cd = a & b, c & d
    if times >= 4:
        return both_ab & both_cd
    either_ab, either_cd = a | b, c | d
    if times == 3:
        return both_ab & either_cd | both_cd & either_ab
    if times == 2:
        return both_ab | both_cd | either_ab & either_cd
    return either_ab | either_cd


def _rank_cards(pattern: int, rank_bit: int) -> int:
    """The cards of one rank: ``pattern`` holds a bit per suit (S H D C)."""
    return sum(1 << (s * SUIT_SHIFT + rank_bit) for s in _SUITS if pattern >> s & 1)


class _PerRank(CategoryTable):
    """A category whose claims and combinations are put together from each rank's, from
    the ace down. A rank has only sixteen ways to be held: its tables are made at once."""

    __slots__ = (
        "_answer_rows",
        "_call_rows",
        "_claim_ranks",
        "_claims",
        "_combo_ranks",
        "_combos",
    )

    def __init__(self, rule: CategoryRule) -> None:
        super().__init__(rule)
        self._combos = tuple(
            tuple(CategoryTable.combos(self, _rank_cards(p, r)) for p in range(16)) for r in _RANKS
        )
        self._claims = tuple(
            tuple(tuple(rule.claims(_rank_cards(p, r))) for p in range(16)) for r in _RANKS
        )
        # where to look: (the fewest cards of a rank that give one, the ranks that can)
        self._combo_ranks = self._where(self._combos)
        self._claim_ranks = self._where(self._claims)
        self._call_rows = tuple(
            tuple(tuple(map(self.calls.__getitem__, claims)) for claims in row)
            for row in self._claims
        )
        self._answer_rows = tuple(
            tuple(_answer_row(self, claims) for claims in row) for row in self._claims
        )

    @staticmethod
    def _where(table: tuple[tuple[tuple[object, ...], ...], ...]) -> tuple[int, int]:
        found = [(p.bit_count(), r) for r in _RANKS for p in range(16) if table[r][p]]
        fewest = min((n for n, _ in found), default=5)
        return fewest, sum({1 << r for _, r in found})

    def _gather(
        self, cards: int, table: tuple[tuple[tuple[V, ...], ...], ...], where: tuple[int, int]
    ) -> tuple[V, ...]:
        fewest, ranks_with = where
        a = cards & SUIT_BITS
        b = cards >> SUIT_SHIFT & SUIT_BITS
        c = cards >> 2 * SUIT_SHIFT & SUIT_BITS
        d = cards >> 3 * SUIT_SHIFT & SUIT_BITS
        ranks = _ranks_held(a, b, c, d, fewest) & ranks_with
        found: tuple[V, ...] = ()
        while ranks:  # from the highest rank down
            r = ranks.bit_length() - 1
            ranks ^= 1 << r
            row = table[r]  # by which suits hold the rank
            found += row[(a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3]
        return found

    def combos(self, cards: int) -> tuple[Combo, ...]:
        return self._rank_combos(
            cards & SUIT_BITS,
            cards >> SUIT_SHIFT & SUIT_BITS,
            cards >> 2 * SUIT_SHIFT & SUIT_BITS,
            cards >> 3 * SUIT_SHIFT & SUIT_BITS,
        )

    def duel(self, e0: int, e1: int, e2: int, e3: int, y0: int, y1: int, y2: int, y3: int) -> Duel:
        # written out, both hands in one call: the automatic declarations ask it every deal
        fewest, ranks_with = self._combo_ranks
        if fewest == 3:  # the usual case (trios and quatorzes)
            ranks_e = ranks_with & (e0 & e1 & (e2 | e3) | e2 & e3 & (e0 | e1))
            ranks_y = ranks_with & (y0 & y1 & (y2 | y3) | y2 & y3 & (y0 | y1))
        else:
            ranks_e = ranks_with & _ranks_held(e0, e1, e2, e3, fewest)
            ranks_y = ranks_with & _ranks_held(y0, y1, y2, y3, fewest)
        if not ranks_e and not ranks_y:
            return _NO_DUEL
        table = self._combos
        own_e: tuple[Combo, ...] = ()
        while ranks_e:  # from the highest rank down
            r = ranks_e.bit_length() - 1
            ranks_e ^= 1 << r
            # the rank's row, by which suits hold it
            own_e += table[r][
                (e0 >> r & 1) | (e1 >> r & 1) << 1 | (e2 >> r & 1) << 2 | (e3 >> r & 1) << 3
            ]
        if len(own_e) > 1:  # a stable sort: equal keys stay in rank order
            own_e = tuple(sorted(own_e, key=_by_key, reverse=True))
        own_y: tuple[Combo, ...] = ()
        while ranks_y:
            r = ranks_y.bit_length() - 1
            ranks_y ^= 1 << r
            own_y += table[r][
                (y0 >> r & 1) | (y1 >> r & 1) << 1 | (y2 >> r & 1) << 2 | (y3 >> r & 1) << 3
            ]
        if len(own_y) > 1:
            own_y = tuple(sorted(own_y, key=_by_key, reverse=True))
        if not own_e:
            if not own_y:
                return _NO_DUEL
            return YOUNGER_WINS, 0, own_y[0][MASK], own_y
        if not own_y:
            return ELDER_WINS, own_e[0][MASK], 0, own_e
        first_e, first_y = own_e[0], own_y[0]
        if first_e[KEY] == first_y[KEY]:  # equal: neither scores (R-DE-1)
            return NOBODY, first_e[MASK], first_y[MASK], ()
        if first_e[KEY] > first_y[KEY]:
            return ELDER_WINS, first_e[MASK], first_y[MASK], own_e
        return YOUNGER_WINS, first_e[MASK], first_y[MASK], own_y

    def _rank_combos(self, a: int, b: int, c: int, d: int) -> tuple[Combo, ...]:
        """:meth:`combos` of the cards whose suits hold ``a``, ``b``, ``c``, ``d``."""
        fewest, ranks = self._combo_ranks
        if fewest == 3:  # the usual case (trios and quatorzes), written out
            ranks &= a & b & (c | d) | c & d & (a | b)
        else:
            ranks &= _ranks_held(a, b, c, d, fewest)
        if not ranks:
            return ()
        table = self._combos
        found: tuple[Combo, ...] = ()
        while ranks:  # from the highest rank down
            r = ranks.bit_length() - 1
            ranks ^= 1 << r
            row = table[r]  # by which suits hold the rank
            found += row[(a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3]
        if len(found) > 1:  # a stable sort: equal keys stay in rank order
            return tuple(sorted(found, key=_by_key, reverse=True))
        return found

    def claims(self, hand: int) -> Sequence[int]:
        return self._gather(hand, self._claims, self._claim_ranks)

    def calls_of(self, hand: int) -> tuple[Call, ...]:
        return self._gather(hand, self._call_rows, self._claim_ranks)

    def answer_words(
        self, hand: int, floor: tuple[int, ...], good: Good
    ) -> tuple[Call | Good, ...]:
        # as _gather, keeping the claims that rank with ``floor`` (see AnswerRow)
        fewest, ranks_with = self._claim_ranks
        a = hand & SUIT_BITS
        b = hand >> SUIT_SHIFT & SUIT_BITS
        c = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        d = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        ranks = _ranks_held(a, b, c, d, fewest) & ranks_with
        table = self._answer_rows
        found: tuple[Call | Good, ...] = (good,)
        while ranks:  # from the highest rank down
            r = ranks.bit_length() - 1
            ranks ^= 1 << r
            row = table[r][(a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3]
            if row:
                found += _ranking(row, floor)
        return found

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim <= 0 or claim >> _SLOTS:
            return False
        r = ((claim & -claim).bit_length() - 1) % SUIT_SHIFT
        of_rank = hand >> r & RANK_MASK_UNIT
        pattern = (
            (of_rank & 1)
            | (of_rank >> SUIT_SHIFT & 1) << 1
            | (of_rank >> 2 * SUIT_SHIFT & 1) << 2
            | (of_rank >> 3 * SUIT_SHIFT & 1) << 3
        )
        return claim in self._claims[r][pattern]

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return tuple([combo[MASK] for combo in self.combos(hand) if not combo[MASK] & claim])


_TABLE_KINDS: Final[dict[Decomposition | None, type[CategoryTable]]] = {
    None: CategoryTable,
    Decomposition.PER_SUIT: _PerSuit,
    Decomposition.BEST_SUIT: _BestSuit,
    Decomposition.PER_RANK: _PerRank,
}


def compile_rule(rule: CategoryRule) -> CategoryTable:
    """The table of one category rule, by the decomposition it declares.

    >>> import piquet as pq
    >>> type(compile_rule(pq.RUBICON.point)).__name__
    '_BestSuit'
    >>> type(compile_rule(pq.COTTON_1995.sequences)).__name__  # sequences of any suits
    'CategoryTable'
    """
    return _TABLE_KINDS[decomposition_of(rule)](rule)


Tables = tuple[CategoryTable, CategoryTable, CategoryTable]
"""A ruleset's point, sequences and sets."""


@functools.lru_cache(maxsize=64)
def _compiled(rules: Ruleset) -> Tables:
    return compile_rule(rules.point), compile_rule(rules.sequences), compile_rule(rules.sets)


_BY_IDENTITY: Final[dict[int, tuple[Ruleset, Tables]]] = {}
_last: tuple[Ruleset | None, Tables] = (None, ())  # type: ignore[assignment]


def tables_of(rules: Ruleset) -> Tables:
    """The tables of a ruleset's point, sequences and sets (in the order of
    :data:`~piquet.engine.parts.CATEGORIES`), made on first use. Equal rulesets share them.
    """
    global _last
    last = _last  # one tuple, replaced whole: a thread reads a pair that belongs together
    if last[0] is rules:
        return last[1]
    known = _BY_IDENTITY.get(id(rules))
    if known is None or known[0] is not rules:
        # a ruleset hashes slowly: only when first met
        known = (rules, _compiled(rules))
        if len(_BY_IDENTITY) >= 64:
            _BY_IDENTITY.clear()
        _BY_IDENTITY[id(rules)] = known
    _last = known
    return known[1]
