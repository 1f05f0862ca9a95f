"""The point (R-DE-2, R-DE-2a): the suit with most cards, or the Ruff by pip value.

A point claim is the n highest cards the caller holds of one suit (a card-set mask).

>>> from piquet.cards import cards
>>> PointByLength().spoken(cards("AH KH QH JH 8H").mask, None)
'point of five'
>>> PointByValue().score(cards("AH KH QH 9H").mask)
4
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from ..cards import SUIT_BITS, SUIT_SHIFT
from ..words import Category
from .combinations import COUNT9, PIPS9, suit_top_claims
from .options import option_field
from .protocols import Decomposition
from .words import number_word

__all__ = ["PointByLength", "PointByValue"]


@attrs.frozen
class PointByLength:
    """The point by number of cards, ties by pip value; one per card (R-DE-2).

    ``fours_score_less``: a point whose value ends in 4 scores one less (au cent option).

    >>> from piquet.cards import cards
    >>> rule = PointByLength()
    >>> rule.key(cards("AH KH QH JH 8H").mask), rule.score(cards("AH KH QH JH 8H").mask)
    ((5, 49), 5)
    """

    category: ClassVar[Category] = Category.POINT
    decomposition: ClassVar[Decomposition] = Decomposition.BEST_SUIT
    word_sizes: ClassVar[tuple[int, ...]] = (1, 1)  # "five cards", then "making 49"
    fours_score_less: bool = option_field("fours_score_less", False)

    def claims(self, hand: int) -> Sequence[int]:
        return suit_top_claims(hand)

    def is_claim(self, claim: int, hand: int) -> bool:
        return _is_top_of_suit(claim, hand)

    def key(self, claim: int) -> tuple[int, ...]:
        m = _single_suit_bits(claim)
        return COUNT9[m], PIPS9[m]

    def score(self, claim: int) -> int:
        m = _single_suit_bits(claim)
        length = COUNT9[m]
        if self.fours_score_less and PIPS9[m] % 10 == 4:
            return length - 1
        return length

    def combinations(self, hand: int) -> Sequence[int]:
        best = 0
        best_key = (0, 0)
        for shift in _SUIT_SHIFTS:
            bits = (hand >> shift) & SUIT_BITS
            if bits:
                key = (COUNT9[bits], PIPS9[bits])
                if key > best_key:
                    best, best_key = bits << shift, key
        return [best] if best else []

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return ()

    def spoken(self, claim: int, versus: int | None) -> str:
        length, value = self.key(claim)
        if versus is not None and self.key(versus)[0] == length:
            return f"point of {number_word(length)}, making {value}"
        return f"point of {number_word(length)}"

    def say(self, claim: int, word: int) -> str:
        """The number of cards, then (after "equal") the value (R-DE-1a).

        >>> from piquet.cards import cards
        >>> [PointByLength().say(cards("AH KH QH JH 8H").mask, w) for w in (0, 1)]
        ['point of five', 'making 49']
        """
        length, value = self.key(claim)
        return f"making {value}" if word else f"point of {number_word(length)}"


@attrs.frozen
class PointByValue:
    """The Ruff: the suit of highest pip value, scored in tens rounded half up (R-DE-2a).

    >>> from piquet.cards import cards
    >>> rule = PointByValue()
    >>> rule.key(cards("AH KH QH").mask), rule.score(cards("AH KH QH").mask)
    ((31,), 3)
    """

    category: ClassVar[Category] = Category.POINT
    decomposition: ClassVar[Decomposition] = Decomposition.BEST_SUIT

    def claims(self, hand: int) -> Sequence[int]:
        return suit_top_claims(hand)

    def is_claim(self, claim: int, hand: int) -> bool:
        return _is_top_of_suit(claim, hand)

    def key(self, claim: int) -> tuple[int, ...]:
        return (PIPS9[_single_suit_bits(claim)],)

    def score(self, claim: int) -> int:
        return (self.key(claim)[0] + 5) // 10

    def combinations(self, hand: int) -> Sequence[int]:
        return _best_suits(hand, self.key)

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return ()

    def spoken(self, claim: int, versus: int | None) -> str:
        return f"ruff of {self.key(claim)[0]}"

    def say(self, claim: int, word: int) -> str:
        """The Ruff is said in one word, its value (R-DE-2a)."""
        return self.spoken(claim, None)


_SUIT_SHIFTS: Final = (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT)


def _single_suit_bits(claim: int) -> int:
    """The nine bits of the suit of a one-suit claim (its highest card's suit)."""
    return (
        (claim >> ((claim.bit_length() - 1) // SUIT_SHIFT * SUIT_SHIFT)) & SUIT_BITS if claim else 0
    )


def _is_top_of_suit(claim: int, hand: int) -> bool:
    """A point claim: the n highest cards the hand holds of one suit, n >= 1."""
    if not claim or claim & ~hand:
        return False
    low = (claim & -claim).bit_length() - 1
    shift = low - low % SUIT_SHIFT
    if claim >> shift & ~SUIT_BITS:
        return False
    suit = (hand >> shift) & SUIT_BITS
    bits = claim >> shift
    # every held card of the suit above the claim's lowest card is claimed
    return suit & ~((1 << (low - shift)) - 1) == bits


def _best_suits(hand: int, key: Any) -> list[int]:
    """The whole suit with the best key (the first in canonical order on equal keys)."""
    best = 0
    best_key: Any = None
    for s in range(4):
        bits = (hand >> (s * SUIT_SHIFT)) & SUIT_BITS
        if bits:
            suit = bits << (s * SUIT_SHIFT)
            k = key(suit)
            if best_key is None or k > best_key:
                best, best_key = suit, k
    return [best] if best else []
