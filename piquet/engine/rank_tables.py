"""The categories put together from each rank's cards: the sets, with their tables by
which suits hold a rank (see :mod:`.combination_tables`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..actions import Call, Good
from ..cards import RANK_MASK_UNIT, SUIT_BITS, SUIT_SHIFT
from ..rules.protocols import CategoryRule
from .category_table import (
    MASK,
    NO_DUEL,
    RANKS,
    SLOTS,
    SUITS,
    CategoryTable,
    Combo,
    Duel,
    answer_row,
    by_key,
    duel_of,
    ranking,
)

__all__ = ["PerRank", "rank_cards"]

V = TypeVar("V")


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


def rank_cards(pattern: int, rank_bit: int) -> int:
    """The cards of one rank: ``pattern`` holds a bit per suit (S H D C)."""
    return sum(1 << (s * SUIT_SHIFT + rank_bit) for s in SUITS if pattern >> s & 1)


class PerRank(CategoryTable):
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
            tuple(CategoryTable.combos(self, rank_cards(p, r)) for p in range(16)) for r in RANKS
        )
        self._claims = tuple(
            tuple(tuple(rule.claims(rank_cards(p, r))) for p in range(16)) for r in RANKS
        )
        # where to look: (the fewest cards of a rank that give one, the ranks that can)
        self._combo_ranks = self._where(self._combos)
        self._claim_ranks = self._where(self._claims)
        self._call_rows = tuple(
            tuple(tuple(map(self.calls.__getitem__, claims)) for claims in row)
            for row in self._claims
        )
        self._answer_rows = tuple(
            tuple(answer_row(self, claims) for claims in row) for row in self._claims
        )

    @staticmethod
    def _where(table: tuple[tuple[tuple[object, ...], ...], ...]) -> tuple[int, int]:
        found = [(p.bit_count(), r) for r in RANKS for p in range(16) if table[r][p]]
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
            return NO_DUEL
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
            own_e = tuple(sorted(own_e, key=by_key, reverse=True))
        own_y: tuple[Combo, ...] = ()
        while ranks_y:
            r = ranks_y.bit_length() - 1
            ranks_y ^= 1 << r
            own_y += table[r][
                (y0 >> r & 1) | (y1 >> r & 1) << 1 | (y2 >> r & 1) << 2 | (y3 >> r & 1) << 3
            ]
        if len(own_y) > 1:
            own_y = tuple(sorted(own_y, key=by_key, reverse=True))
        return duel_of(own_e, own_y)

    def deciding_cards(self, hand: int) -> int:
        # the cards of the ranks held often enough to make a combination: the rest of
        # the hand makes none
        fewest, ranks = self._combo_ranks
        a = hand & SUIT_BITS
        b = hand >> SUIT_SHIFT & SUIT_BITS
        c = hand >> 2 * SUIT_SHIFT & SUIT_BITS
        d = hand >> 3 * SUIT_SHIFT & SUIT_BITS
        if fewest == 3:  # the usual case (trios and quatorzes), written out
            ranks &= a & b & (c | d) | c & d & (a | b)
        else:
            ranks &= _ranks_held(a, b, c, d, fewest)
        return hand & ranks * RANK_MASK_UNIT

    @property
    def rank_claims(self) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], int, int]:
        fewest, ranks = self._claim_ranks
        return self._claims, fewest, ranks

    @property
    def deciding_by_rank(self) -> tuple[int, int]:
        fewest, ranks = self._combo_ranks
        return fewest, ranks

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
            return tuple(sorted(found, key=by_key, reverse=True))
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
                found += ranking(row, floor)
        return found

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim <= 0 or claim >> SLOTS:
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
