"""Finding and ranking the combinations of a hand: point, sequences, sets (R-DE-2..4).

Everything here works on card-set bit masks through per-suit lookup tables; the
strategy objects of :mod:`piquet.rules` call these functions.

>>> from piquet.cards import cards
>>> hand = cards("AH KH QH JH 8H 9S 9D 9C 10S 10D 10C AS").mask
>>> [str(cards_of(m)) for m in suited_runs(hand)]
['AH KH QH JH']
>>> point_of_suit(hand, 1)
(5, 49)
"""

from __future__ import annotations

from typing import Final

from ..cards import EMPTY, RANK_MASK_UNIT, SUIT_BITS, SUIT_SHIFT, CardSet, Rank, trusted_cardset

__all__ = [
    "cards_of",
    "counters_in",
    "point_of_suit",
    "sets_in",
    "suit_masks",
    "suited_runs",
]

_PIP_BY_BIT: Final = (6, 7, 8, 9, 10, 10, 10, 10, 11)
PIPS9: Final = tuple(sum(_PIP_BY_BIT[b] for b in range(9) if m >> b & 1) for m in range(512))
COUNT9: Final = tuple(m.bit_count() for m in range(512))
COUNTER_BITS9: Final = 0b111110000
"""A K Q J 10 within a suit's nine bits."""
COUNTERS_MASK: Final = COUNTER_BITS9 * RANK_MASK_UNIT
COURTS_MASK: Final = 0b011100000 * RANK_MASK_UNIT


def _runs9(m: int) -> tuple[int, ...]:
    """Maximal runs of three or more adjacent bits, as 9-bit masks, highest first."""
    runs = []
    b = 8
    while b >= 0:
        if m >> b & 1:
            top = b
            while b >= 0 and m >> b & 1:
                b -= 1
            length = top - b
            if length >= 3:
                runs.append(((1 << length) - 1) << (b + 1))
        else:
            b -= 1
    return tuple(runs)


RUNS9: Final = tuple(_runs9(m) for m in range(512))


def _top_n9(m: int) -> tuple[int, ...]:
    """``out[n-1]``: the n highest cards of a suit's nine bits, for n = 1..len."""
    out = []
    acc = 0
    while m:
        top = 1 << (m.bit_length() - 1)
        acc |= top
        m ^= top
        out.append(acc)
    return tuple(out)


TOP_N9: Final = tuple(_top_n9(m) for m in range(512))


def cards_of(mask: int) -> CardSet:
    """The :class:`~piquet.cards.CardSet` of a mask (no checking: internal use)."""
    return trusted_cardset(mask) if mask else EMPTY


def suit_masks(mask: int) -> tuple[int, int, int, int]:
    """The nine bits of each suit, in the order S H D C."""
    return (
        mask & SUIT_BITS,
        (mask >> SUIT_SHIFT) & SUIT_BITS,
        (mask >> (2 * SUIT_SHIFT)) & SUIT_BITS,
        (mask >> (3 * SUIT_SHIFT)) & SUIT_BITS,
    )


def point_of_suit(mask: int, suit_index: int) -> tuple[int, int]:
    """(number of cards, pip value) of one suit of a hand."""
    m = (mask >> (suit_index * SUIT_SHIFT)) & SUIT_BITS
    return COUNT9[m], PIPS9[m]


def suit_top_claims(mask: int) -> list[int]:
    """Every point claim a hand supports: the n highest cards of a suit, n >= 1."""
    out = []
    for s in range(4):
        shift = s * SUIT_SHIFT
        for sub in TOP_N9[(mask >> shift) & SUIT_BITS]:
            out.append(sub << shift)
    return out


def suited_runs(mask: int) -> list[int]:
    """Maximal runs of three or more in one suit (R-DE-3), as masks."""
    out = []
    for s in range(4):
        shift = s * SUIT_SHIFT
        for run in RUNS9[(mask >> shift) & SUIT_BITS]:
            out.append(run << shift)
    return out


def sub_runs(run: int) -> list[int]:
    """Every run of three or more inside a run mask (for calling less than one holds)."""
    low = (run & -run).bit_length() - 1
    length = run.bit_count()
    out = []
    for size in range(length, 2, -1):
        for start in range(length - size, -1, -1):
            out.append(((1 << size) - 1) << (low + start))
    return out


def is_suited_run(mask: int) -> bool:
    """Three or more cards of adjacent ranks in one suit."""
    if mask.bit_count() < 3:
        return False
    low = mask & -mask
    shifted = mask // low
    if shifted & (shifted + 1):
        return False
    # adjacent bits must not straddle two suit slots
    return (low.bit_length() - 1) // SUIT_SHIFT == (mask.bit_length() - 1) // SUIT_SHIFT


def rank_of_bit(bit_index: int) -> Rank:
    """The rank of a card's bit index."""
    return Rank(bit_index % SUIT_SHIFT + 6)


def run_key(run: int) -> tuple[int, int]:
    """(length, top rank) of a run: longer beats shorter, then the higher top card."""
    return run.bit_count(), (run.bit_length() - 1) % SUIT_SHIFT + 6


def sequence_score(length: int) -> int:
    """3 -> 3, 4 -> 4, n >= 5 -> n + 10 (R-DE-3)."""
    if length < 3:
        return 0
    return length if length < 5 else length + 10


def sets_in(mask: int, lowest: Rank = Rank.TEN) -> list[int]:
    """Every rank of ``lowest`` or higher held three or four times, as masks, highest first."""
    out = []
    for rank in range(14, int(lowest) - 1, -1):
        rank_mask = mask & (RANK_MASK_UNIT << (rank - 6))
        if rank_mask.bit_count() >= 3:
            out.append(rank_mask)
    return out


def counters_in(mask: int) -> int:
    """How many A, K, Q, J, 10 a mask holds."""
    return (mask & COUNTERS_MASK).bit_count()


def is_blank(mask: int) -> bool:
    """No king, queen or jack: carte blanche (R-CB-1)."""
    return not mask & COURTS_MASK
