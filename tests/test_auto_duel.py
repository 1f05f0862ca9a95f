"""The automatic declarations' duels (CategoryTable.duel, written out per decomposition)
resolve each category as both hands' combinations, asked of the rule itself, say: for
every preset and house rule, on random deals, on ties and on equal suits in one hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_combination_tables import RULES, WholeHands

import piquet as pq
from piquet.cards import SUIT_BITS, SUIT_SHIFT
from piquet.engine.combination_tables import (
    ELDER_WINS,
    KEY,
    MASK,
    NOBODY,
    YOUNGER_WINS,
    CategoryTable,
    compile_rule,
)
from piquet.rules import CategoryRule

ALL_RULES = [*RULES, WholeHands(pq.RUBICON.point), WholeHands(pq.RUBICON.sets)]
PACK = list(pq.pack(36))


def _suits(hand: int) -> list[int]:
    return [hand >> suit * SUIT_SHIFT & SUIT_BITS for suit in range(4)]


def _expected(rule: CategoryRule, hand_e: int, hand_y: int) -> tuple[int, int, int, list[int]]:
    """Who wins, the elder's and the younger's best, the winner's combinations: from the
    rule's own combinations and keys (R-DE-1: equal keys, nobody scores)."""
    combos_e, combos_y = list(rule.combinations(hand_e)), list(rule.combinations(hand_y))
    best_e = combos_e[0] if combos_e else 0
    best_y = combos_y[0] if combos_y else 0
    if not combos_e and not combos_y:
        return NOBODY, 0, 0, []
    if not combos_y or (combos_e and rule.key(best_e) > rule.key(best_y)):
        return ELDER_WINS, best_e, best_y, combos_e
    if not combos_e or rule.key(best_y) > rule.key(best_e):
        return YOUNGER_WINS, best_e, best_y, combos_y
    return NOBODY, best_e, best_y, []


_TABLES: dict[int, CategoryTable] = {}  # by the rule's id: the rules live as long


def _table(rule: CategoryRule) -> CategoryTable:
    """Compiled once per rule: the point's codes are made on the first duel."""
    table = _TABLES.get(id(rule))
    if table is None:
        table = _TABLES[id(rule)] = compile_rule(rule)
    return table


def _agree(rule: CategoryRule, hand_e: int, hand_y: int) -> None:
    table = _table(rule)
    outcome, best_e, best_y, own = table.duel(*_suits(hand_e), *_suits(hand_y))
    assert (outcome, best_e, best_y, [combo[MASK] for combo in own]) == _expected(
        rule, hand_e, hand_y
    )
    assert [combo[KEY] for combo in own] == [rule.key(combo[MASK]) for combo in own]
    # the generic duel, on the table's own combinations, says the same
    generic = CategoryTable.duel(table, *_suits(hand_e), *_suits(hand_y))
    assert generic == (outcome, best_e, best_y, own)


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: type(r).__name__)
def test_duels_resolve_as_the_rule_on_random_deals(rule: CategoryRule) -> None:
    rng = random.Random(4)
    for _ in range(200):
        cards = pq.CardSet(rng.sample(PACK, 24)).mask
        hand_e = pq.CardSet(rng.sample(list(pq.CardSet.from_mask(cards)), 12)).mask
        _agree(rule, hand_e, cards & ~hand_e)


def _rotated(hand: int) -> int:
    """The same hand, each suit's cards moved to the next suit (S to H, ..., C to S)."""
    suits = _suits(hand)
    return sum(bits << (suit + 1) % 4 * SUIT_SHIFT for suit, bits in enumerate(suits))


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: type(r).__name__)
def test_duels_on_equal_hands_and_equal_suits(rule: CategoryRule) -> None:
    """Hands alike but for their suits tie where the rule is alike in every suit; a hand
    with two equal suits shows the first."""
    rng = random.Random(5)
    for _ in range(100):
        hand = pq.CardSet(rng.sample(PACK, 12)).mask
        _agree(rule, hand, _rotated(hand))
        _agree(rule, _rotated(hand), hand)
    alike = pq.cards("AS KS QS JS AH KH QH JH 7D 8C 9C 10C").mask
    _agree(rule, alike, _rotated(_rotated(alike)))
    _agree(rule, alike, 0)
    _agree(rule, 0, alike)
    _agree(rule, 0, 0)


@given(st.sampled_from(ALL_RULES), st.randoms(use_true_random=False))
def test_duels_resolve_as_the_rule(rule: CategoryRule, rng: random.Random) -> None:
    cards = rng.sample(PACK, rng.randint(0, 24))
    hand_e = pq.CardSet(cards[: len(cards) // 2]).mask
    _agree(rule, hand_e, pq.CardSet(cards[len(cards) // 2 :]).mask)
