"""The duels of automatic declarations, as the kernel reads them.

With automatic declarations, what is said aloud (R-DE-6) follows from each category's
duel: who wins it, and both hands' best combinations (the first three fields of the
engine's :func:`~piquet.engine.combination_tables.duels`). The sampler checks every
placement it proposes against the words heard; the kernel's ``auto_duels`` gives those
fields from the two hands, reading each ruleset's category tables packed once here
(:func:`duel_table`): the same fields as the engine's duels (:func:`duel_fields`, the
reference; the tests compare them on many hands of every preset).

>>> import piquet as pq
>>> from piquet.cards import CardSet
>>> elder = CardSet.parse("AS KS QS JS TS 9S AH KH QH AD KD QD").mask
>>> younger = CardSet.parse("AC KC QC JC TC 9C 8C 7C JH TH 9H 8H").mask
>>> fields = duel_fields(pq.RUBICON, elder, younger)
>>> fields[::3]  # who wins the point and the sequences (the younger's eight clubs), the sets
(2, 2, 1)
>>> from piquet.search.native import kernel
>>> fast = kernel("_csample")
>>> fast is None or fast.auto_duels(duel_table(pq.RUBICON), elder, younger) == fields
True
"""

from __future__ import annotations

import functools
from array import array
from typing import Final

from ..cards import SUIT_BITS, SUIT_SHIFT
from ..engine.category_table import KEY, MASK, CategoryTable, Combo
from ..engine.combination_tables import duels, suit_fields, tables_of
from ..engine.parts import HAND_BITS
from ..engine.rank_tables import PerRank, rank_cards
from ..engine.suit_tables import PerSuit
from ..rules import Ruleset

__all__ = ["duel_fields", "duel_table"]

# the layout _csample_duels.h reads (int64 words): three kinds, three offsets, then each
# category's block
_HEADER: Final = 6  # three kinds, then three offsets (DUEL_HEADER in the kernel)
_BY_SUIT: Final = 1
_BY_RANK: Final = 2
_SUIT_SLOT_BITS: Final = 11
_RANK_SLOT_BITS: Final = 8
_SUITS: Final = range(4)
_RANKS: Final = range(9)
_NINE: Final = range(512)  # a suit's nine bits, every way
_FOUR: Final = range(16)  # which of the four suits hold a rank, every way


def duel_fields(rules: Ruleset, elder_hand: int, younger_hand: int) -> tuple[int, ...]:
    """For the point, the sequences and the sets, who wins (0 nobody, 1 the elder, 2 the
    younger) and the masks of both hands' best combinations (0: none), from the
    engine's own duels: what the kernel's ``auto_duels`` gives."""
    fields = suit_fields((elder_hand | younger_hand << HAND_BITS).to_bytes(16, "little"))
    return tuple(field for duel in duels(tables_of(rules), fields) for field in duel[:3])


def duel_table(rules: Ruleset) -> bytes | None:
    """A ruleset's category tables packed for the kernel's ``auto_duels``, made once a
    ruleset; None when a category is neither made suit by suit nor rank by rank (a
    house rule's, or sequences of mixed suits): the engine's duels then serve."""
    # the engine's tables_of gives equal rulesets the same tables, found by identity
    return _pack(tables_of(rules))


@functools.lru_cache(maxsize=64)
def _pack(tables: tuple[CategoryTable, ...]) -> bytes | None:
    blocks = []
    for table in tables:
        if isinstance(table, PerSuit):
            blocks.append((_BY_SUIT, _by_suit(table)))
        elif isinstance(table, PerRank):
            blocks.append((_BY_RANK, _by_rank(table)))
        else:
            return None
    words = array("q", [kind for kind, _ in blocks])
    at = _HEADER
    for _, block in blocks:
        words.append(at)
        at += len(block)
    for _, block in blocks:
        words.extend(block)
    return words.tobytes()


def _ranked(bests: list[Combo | None]) -> dict[tuple[int, ...], int]:
    """Each key's rank among the keys of ``bests``, from 1 up."""
    keys = sorted({best[KEY] for best in bests if best is not None})
    return {key: rank for rank, key in enumerate(keys, 1)}


def _by_suit(table: PerSuit) -> list[int]:
    """Codes by suit and nine bits, then masks by slot: of equal keys, the engine takes
    the first suit's, whose slot ((3 - suit) << 9 | bits) is the highest."""
    bests = [_best(table.combos(bits << suit * SUIT_SHIFT)) for suit in _SUITS for bits in _NINE]
    rank_of = _ranked(bests)
    codes = [0] * 2048
    masks = [0] * 2048
    for at, best in enumerate(bests):
        if best is not None:
            suit, bits = divmod(at, 512)
            slot = (3 - suit) << 9 | bits
            codes[at] = rank_of[best[KEY]] << _SUIT_SLOT_BITS | slot
            masks[slot] = best[MASK]
    return codes + masks


def _by_rank(table: PerRank) -> list[int]:
    """Codes by rank and suits holding it, then masks alike: of equal keys, the engine
    takes the highest rank's."""
    bests = [_best(table.combos(rank_cards(suits, rank))) for rank in _RANKS for suits in _FOUR]
    rank_of = _ranked(bests)
    codes = [0] * 144
    masks = [0] * 144
    for at, best in enumerate(bests):
        if best is not None:
            codes[at] = rank_of[best[KEY]] << _RANK_SLOT_BITS | at
            masks[at] = best[MASK]
    return codes + masks


def _best(combos: tuple[Combo, ...]) -> Combo | None:
    """The best of combinations sorted best first (the first of equal keys), or None."""
    return combos[0] if combos else None


assert SUIT_BITS == 0x1FF  # nine ranks a suit: the kernel's tables are made for them
