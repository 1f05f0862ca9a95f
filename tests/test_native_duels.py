"""The kernel's duels of automatic declarations against the engine's (R-DE-6).

The sampler checks each placement it proposes against the words heard from the duels'
outcomes and best combinations; with the kernel, those come from ``auto_duels`` over each
ruleset's packed tables (``piquet.search._duels``), and must be the engine's own, field
for field, for every preset: on hands dealt at random, on hands of every size, and on
hands holding whole suits and whole ranks, where ties between suits and ranks are decided.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest

import piquet as pq
from conftest import scaled
from piquet.cards import pack
from piquet.engine.combination_tables import tables_of
from piquet.engine.rank_tables import PerRank
from piquet.engine.suit_tables import PerSuit
from piquet.search import native
from piquet.search._duels import duel_fields, duel_table

pytestmark = pytest.mark.native("_csample")

PRESETS = sorted(pq.RULESETS)
PACKED = [name for name in PRESETS if duel_table(pq.RULESETS[name]) is not None]
QUICK = scaled(2_000, 5_000)  # hand pairs a preset in the README's run
FULL = 50_000


def _kernel() -> Any:
    fast = native.kernel("_csample")
    assert fast is not None
    return fast


def _pack(name: str) -> list[int]:
    """The cards of a preset's pack, as masks."""
    return [card.mask for card in pack(pq.RULESETS[name].pack_size)]


def _hand_pairs(name: str, count: int, seed: int) -> list[tuple[int, int]]:
    """Pairs of disjoint hands: dealt twelve and twelve, of random sizes, and of whole
    suits and ranks (where the engine breaks ties between equal combinations)."""
    rng = random.Random(seed)
    pack = _pack(name)
    pairs: list[tuple[int, int]] = []
    for n in range(count):
        cards = rng.sample(pack, len(pack))
        if n % 3 == 0:
            sizes = (12, 12)
        else:
            first = rng.randint(0, len(pack))
            sizes = (first, rng.randint(0, len(pack) - first))
        pairs.append((sum(cards[: sizes[0]]), sum(cards[sizes[0] : sum(sizes)])))
    suits = [sum(card for card in pack if (card.bit_length() - 1) // 16 == s) for s in range(4)]
    for s in range(4):
        for t in range(4):
            if s != t:
                pairs.append((suits[s], suits[t]))
                for u in range(4):
                    if u != t:
                        pairs.append((suits[s] | suits[u], suits[t]))
    ranks = [sum(card for card in pack if (card.bit_length() - 1) % 16 == r) for r in range(9)]
    for r in range(9):
        for q in range(9):
            if r != q:
                pairs.append((ranks[r], ranks[q]))
                pairs.append((ranks[r] | ranks[q] & suits[0], ranks[q] & ~suits[0]))
    return pairs


def _check(name: str, count: int, seed: int) -> None:
    rules = pq.RULESETS[name]
    table = duel_table(rules)
    assert table is not None
    fast = _kernel()
    for elder, younger in _hand_pairs(name, count, seed):
        assert elder & younger == 0
        expected = duel_fields(rules, elder, younger)
        assert fast.auto_duels(table, elder, younger) == expected, (name, elder, younger)


@pytest.mark.parametrize("name", PACKED)
def test_the_kernel_s_duels_are_the_engine_s(name: str) -> None:
    _check(name, QUICK, 11)


@pytest.mark.slow
@pytest.mark.parametrize("name", PACKED)
def test_the_kernel_s_duels_are_the_engine_s_on_fifty_thousand_hands(name: str) -> None:
    _check(name, FULL, 12)


@pytest.mark.parametrize("name", PRESETS)
def test_a_table_is_packed_exactly_when_every_category_is_made_by_suit_or_by_rank(
    name: str,
) -> None:
    rules = pq.RULESETS[name]
    decomposed = all(isinstance(table, PerSuit | PerRank) for table in tables_of(rules))
    assert (duel_table(rules) is not None) == decomposed
    assert duel_table(rules) is duel_table(rules)  # made once a ruleset


def test_some_preset_falls_back_to_the_engine_s_duels() -> None:
    # sequences of mixed suits (the 1995 reconstruction of Cotton's Picket) are not made
    # suit by suit: the sampler then checks the words through the engine alone
    assert any(duel_table(pq.RULESETS[name]) is None for name in PRESETS)


def test_the_kernel_s_duels_refuse_malformed_input() -> None:
    fast = _kernel()
    table = duel_table(pq.RUBICON)
    assert table is not None
    hand = pack()[0].mask
    with pytest.raises(TypeError, match="3 arguments"):
        fast.auto_duels(table, hand)
    with pytest.raises(TypeError, match="duel_table's bytes"):
        fast.auto_duels(list(table), hand, 0)
    with pytest.raises(TypeError, match="duel_table's bytes"):
        fast.auto_duels(table[:-1], hand, 0)
    with pytest.raises(ValueError, match="wrong shape"):
        fast.auto_duels(table[:48], hand, 0)
    with pytest.raises(ValueError, match="wrong shape"):
        fast.auto_duels(b"\x07" + table[1:], hand, 0)
    # a code of the sets pointing past the block's masks (the sets' block is the third)
    words = array("q", table)
    sets_at = words[5]
    words[sets_at] = 1 << 8 | 0xFF  # the six held in no suit: every hand of 32 cards reads it
    with pytest.raises(ValueError, match="wrong shape"):
        fast.auto_duels(words.tobytes(), hand, 0)
    with pytest.raises(ValueError, match="no card"):
        fast.auto_duels(table, hand | 1 << 9, 0)
    with pytest.raises(OverflowError):
        fast.auto_duels(table, -1, 0)
    with pytest.raises(OverflowError):
        fast.auto_duels(table, 1 << 64, 0)
