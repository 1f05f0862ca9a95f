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
import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..rules.protocols import CategoryRule, Decomposition, decomposition_of
from .category_table import (
    ELDER_WINS,
    ENTRIES,
    KEY,
    MASK,
    NOBODY,
    POINTS,
    YOUNGER_WINS,
    AnswerRow,
    CategoryTable,
    Combo,
    Duel,
)
from .rank_tables import PerRank
from .suit_tables import BestSuit, PerSuit

if TYPE_CHECKING:
    from ..rules import Ruleset

__all__ = [
    "ELDER_WINS",
    "ENTRIES",
    "KEY",
    "MASK",
    "NOBODY",
    "POINTS",
    "YOUNGER_WINS",
    "AnswerRow",
    "CategoryTable",
    "Combo",
    "Duel",
    "Tables",
    "compile_rule",
    "duels",
    "suit_fields",
    "tables_of",
]


_TABLE_KINDS: Final[dict[Decomposition | None, type[CategoryTable]]] = {
    None: CategoryTable,
    Decomposition.PER_SUIT: PerSuit,
    Decomposition.BEST_SUIT: BestSuit,
    Decomposition.PER_RANK: PerRank,
}


def compile_rule(rule: CategoryRule) -> CategoryTable:
    """The table of one category rule, by the decomposition it declares.

    >>> import piquet as pq
    >>> type(compile_rule(pq.RUBICON.point)).__name__
    'BestSuit'
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


#: Two hands' 32-bit masks, the first's below the second's, as bytes (16, little-endian)
#: unpacked to eight 16-bit suit fields: the first hand's four suits, then the second's.
suit_fields: Final = struct.Struct("<8H").unpack


def duels(tables: Tables, fields: Sequence[int]) -> tuple[Duel, Duel, Duel]:
    """Each category's :meth:`~.category_table.CategoryTable.duel` (the point, the
    sequences, the sets) between the elder's suits, the first four of ``fields``
    (:data:`suit_fields`), and the younger's, the last four."""
    point, sequences, sets = tables
    # unpacked once: a star-call for each category cost a deal about 2 us more (timeit)
    e0, e1, e2, e3, y0, y1, y2, y3 = fields
    return (
        point.duel(e0, e1, e2, e3, y0, y1, y2, y3),
        sequences.duel(e0, e1, e2, e3, y0, y1, y2, y3),
        sets.duel(e0, e1, e2, e3, y0, y1, y2, y3),
    )
