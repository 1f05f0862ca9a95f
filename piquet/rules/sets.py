"""Sets (R-DE-4): trios and quatorzes of the ten and up.

A set claim is three or four cards of one rank (a card-set mask).

>>> from piquet.cards import cards
>>> Sets().spoken(cards("QS QH QD").mask, None)
'three queens'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..cards import RANK_MASK_UNIT, SUIT_SHIFT, Rank
from ..words import Category
from .combinations import sets_in
from .options import option_field
from .protocols import Decomposition
from .words import number_word, rank_word

__all__ = ["Sets"]


@attrs.frozen
class Sets:
    """Trios (3) and quatorzes (14) of ranks ``lowest`` and up (R-DE-4).

    >>> from piquet.cards import cards
    >>> rule = Sets()
    >>> rule.key(cards("10S 10H 10D 10C").mask) > rule.key(cards("AS AH AD").mask)
    True
    """

    category: ClassVar[Category] = Category.SET
    decomposition: ClassVar[Decomposition] = Decomposition.PER_RANK
    word_sizes: ClassVar[tuple[int, ...]] = (2,)  # size and rank: "three kings"
    lowest: Rank = option_field("lowest", Rank.TEN)  # noqa: RUF009

    def claims(self, hand: int) -> Sequence[int]:
        out: list[int] = []
        for full in sets_in(hand, self.lowest):
            if full.bit_count() == 4:
                out.append(full)
                bits = full
                while bits:
                    low = bits & -bits
                    out.append(full ^ low)
                    bits ^= low
            else:
                out.append(full)
        return out

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim & ~hand or claim.bit_count() not in (3, 4):
            return False
        low = (claim & -claim).bit_length() - 1
        rank_offset = low % SUIT_SHIFT
        if rank_offset + 6 < self.lowest:
            return False
        return not claim & ~(RANK_MASK_UNIT << rank_offset)

    def key(self, claim: int) -> tuple[int, ...]:
        low = (claim & -claim).bit_length() - 1
        return int(claim.bit_count() == 4), low % SUIT_SHIFT + 6

    def score(self, claim: int) -> int:
        return 14 if claim.bit_count() == 4 else 3

    def combinations(self, hand: int) -> Sequence[int]:
        found = sets_in(hand, self.lowest)
        if len(found) > 1:
            found.sort(key=self.key, reverse=True)
        return found

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return [c for c in self.combinations(hand) if not c & claim]

    def spoken(self, claim: int, versus: int | None) -> str:
        size, rank = claim.bit_count(), Rank(self.key(claim)[1])
        return f"{number_word(size)} {rank_word(rank, plural=True)}"

    def say(self, claim: int, word: int) -> str:
        """A set is said in one word, its size and rank: "three kings" (R-DE-1a)."""
        return self.spoken(claim, None)
