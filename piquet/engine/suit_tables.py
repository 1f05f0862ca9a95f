"""The categories put together from each suit's cards: the sequences (per suit) and the
point (the best suit), with their tables by a suit's nine bits (see
:mod:`.combination_tables`)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..actions import Call, Good
from ..cards import SUIT_BITS, SUIT_SHIFT
from ..rules.protocols import CategoryRule
from .category_table import (
    ELDER_WINS,
    KEY,
    MASK,
    NO_DUEL,
    NOBODY,
    RANK_SHIFT,
    RISING,
    SLOT,
    SLOTS,
    SUIT_SLOT,
    SUITS,
    YOUNGER_WINS,
    AnswerRow,
    CategoryTable,
    Combo,
    Duel,
    SuitCodes,
    SuitLists,
    answer_row,
    by_key,
    ranking,
)

__all__ = ["BestSuit", "PerSuit"]


class PerSuit(CategoryTable):
    """A category whose claims and combinations are put together from each suit's.

    A suit's tables are lists by its nine bits, filled as each suit's cards are met."""

    __slots__ = ("_answers", "_calls", "_claims", "_combos", "_deciding", "_ranked")

    def __init__(self, rule: CategoryRule) -> None:
        super().__init__(rule)
        # for :meth:`duel`: each suit's combinations sorted as a hand's are, by its nine
        # bits, made whole on the first duel
        self._ranked: SuitLists | None = None
        self._combos: tuple[list[tuple[Combo, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in SUITS
        )
        self._claims: tuple[list[tuple[int, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in SUITS
        )
        self._calls: tuple[list[tuple[Call, ...] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in SUITS
        )
        self._answers: tuple[list[AnswerRow | tuple[()] | None], ...] = tuple(
            [None] * (SUIT_BITS + 1) for _ in SUITS
        )
        # for deciding_cards: each suit's combined cards by its nine bits, made whole at
        # the first call; () when they do not decide a suit's combinations
        self._deciding: tuple[list[int], ...] | None = None

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
        found = answer_row(self, claims)
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
                row[1][bisect_left(row[0], floor) :] if row[2] is RISING else ranking(row, floor)
            )
        bits = hand >> SUIT_SHIFT & SUIT_BITS
        row = s1[bits]
        if row is None:
            row = self._suit_answers(1, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is RISING else ranking(row, floor)
            )
        bits = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        row = s2[bits]
        if row is None:
            row = self._suit_answers(2, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is RISING else ranking(row, floor)
            )
        bits = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        row = s3[bits]
        if row is None:
            row = self._suit_answers(3, bits)
        if row:
            found += (
                row[1][bisect_left(row[0], floor) :] if row[2] is RISING else ranking(row, floor)
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
            return tuple(sorted(found, key=by_key, reverse=True))
        return found

    def deciding_cards(self, hand: int) -> int:
        # the cards of each suit's combinations, where they decide them (a suit's
        # sequences are the runs of their cards); else the whole hand
        deciding = self._deciding
        if deciding is None:
            deciding = self._decide_suits()
        if not deciding:
            return hand
        s0, s1, s2, s3 = deciding
        return (
            s0[hand & SUIT_BITS]
            | s1[hand >> SUIT_SHIFT & SUIT_BITS]
            | s2[hand >> 2 * SUIT_SHIFT & SUIT_BITS]
            | s3[hand >> 3 * SUIT_SHIFT & SUIT_BITS]
        )

    def _decide_suits(self) -> tuple[list[int], ...]:
        """Every suit's nine bits at once (once per ruleset): the cards of the suit's
        combinations, kept when the combinations of those cards are the suit's own."""
        deciding: list[list[int]] = []
        for suit in SUITS:
            row = []
            for bits in range(SUIT_BITS + 1):
                combos = self._combos[suit][bits]
                if combos is None:
                    combos = self._suit_combos(suit, bits)
                cards = 0
                for combo in combos:
                    cards |= combo[MASK]
                part = cards >> suit * SUIT_SHIFT
                again = self._combos[suit][part]
                if again is None:
                    again = self._suit_combos(suit, part)
                if again != combos:
                    self._deciding = ()
                    return ()
                row.append(cards)
            deciding.append(row)
        self._deciding = tuple(deciding)
        return self._deciding

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

    @property
    def suit_claims(self) -> tuple[list[tuple[int, ...] | None], ...]:
        return self._claims

    @property
    def deciding_by_suit(self) -> tuple[list[int], ...] | None:
        deciding = self._deciding
        if deciding is None:
            deciding = self._decide_suits()
        return deciding or None

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim <= 0 or claim >> SLOTS:  # no cards, or not cards at all
            return False
        suit = (claim.bit_length() - 1) // SUIT_SHIFT
        bits = hand >> suit * SUIT_SHIFT & SUIT_BITS
        claims = self._claims[suit][bits]
        if claims is None:
            claims = self._suit_claims(suit, bits)
        return claim in claims

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return tuple([combo[MASK] for combo in self.combos(hand) if not combo[MASK] & claim])

    def _rank_suits(self) -> SuitLists:
        """Every suit's combinations sorted, by its nine bits (2,048 of them, a few ms once
        per ruleset)."""
        ranked = []
        for suit, row in enumerate(self._combos):
            ranked_row = []
            for bits, found in enumerate(row):
                if found is None:
                    found = self._suit_combos(suit, bits)
                if len(found) > 1:
                    found = tuple(sorted(found, key=by_key, reverse=True))
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
                return NO_DUEL
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
    return tuple(sorted(own, key=by_key, reverse=True))


class BestSuit(PerSuit):
    """A category whose only combination is the best of the suits' first (the point)."""

    __slots__ = ("_suit_codes",)
    reckons = False

    def __init__(self, rule: CategoryRule) -> None:
        super().__init__(rule)
        self._suit_codes: SuitCodes | None = None  # made whole on the first duel

    def _code_suits(self) -> SuitCodes:
        """Every suit's nine bits at once (2,048 of them, some 10 ms once per ruleset): the
        code of each, and what each code's slot holds (the suit's combination, if any)."""
        found = [
            [
                self._suit_combos(suit, bits) if combos is None else combos
                for bits, combos in enumerate(self._combos[suit])
            ]
            for suit in SUITS
        ]
        # the keys' ranks, from 1 up: an int compares quicker than a key
        keys = sorted({combos[0][KEY] for row in found for combos in row if combos})
        rank_of = {key: rank for rank, key in enumerate(keys, 1)}
        slots: list[tuple[Combo, ...]] = [()] * (SLOT + 1)
        codes: list[list[int]] = []
        for suit, row in enumerate(found):
            coded = []
            for bits, combos in enumerate(row):
                slot = (3 - suit) << SUIT_SLOT | bits
                slots[slot] = combos
                coded.append(rank_of[combos[0][KEY]] << RANK_SHIFT | slot if combos else 0)
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

    @property
    def deciding_by_suit(self) -> None:
        # its deciding cards are its best suit's alone, not each suit's put together
        return None

    def deciding_cards(self, hand: int) -> int:
        # the only combination's cards: it is theirs
        combos = self.combos(hand)
        return combos[0][MASK] if combos else 0

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
        rank_e = best_e >> RANK_SHIFT
        rank_y = best_y >> RANK_SHIFT
        if rank_e == rank_y:  # equal: neither scores (R-DE-1)
            if not rank_e:
                return NO_DUEL
            return NOBODY, slots[best_e & SLOT][0][MASK], slots[best_y & SLOT][0][MASK], ()
        own_e = slots[best_e & SLOT] if rank_e else ()
        own_y = slots[best_y & SLOT] if rank_y else ()
        if rank_e > rank_y:
            return ELDER_WINS, own_e[0][MASK], own_y[0][MASK] if own_y else 0, own_e
        return YOUNGER_WINS, own_e[0][MASK] if own_e else 0, own_y[0][MASK], own_y
