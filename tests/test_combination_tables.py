"""The declarations' compiled tables (piquet/engine/combination_tables.py) answer as the
category rules themselves do, for every preset and for house rules with and without a
:class:`~piquet.rules.Decomposition`; a house rule without one plays through the generic
path, and a game plays the same either way."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet as pq
from conftest import scaled
from piquet import strategies as pst
from piquet.cards import RANK_MASK_UNIT, SUIT_SHIFT
from piquet.engine.combination_tables import (
    KEY,
    MASK,
    POINTS,
    CategoryTable,
    compile_rule,
    tables_of,
)
from piquet.rules import (
    CategoryRule,
    Decomposition,
    PointByValue,
    Sets,
    decomposition_of,
    say_word,
)

PRESETS = list(pq.RULESETS.values())
HEARTS_AND_DIAMONDS = (0x1FF << SUIT_SHIFT) | (0x1FF << 2 * SUIT_SHIFT)


@attrs.frozen
class RedRuff(PointByValue):
    """A house Ruff: a red suit's point counts ten more (not alike in every suit)."""

    def key(self, claim: int) -> tuple[int, ...]:
        return (super().key(claim)[0] + (10 if claim & HEARTS_AND_DIAMONDS else 0),)


@attrs.frozen
class CourtPairs:
    """A house set rule: two or more cards of a rank from the queen up, taken whole,
    two points a card (a rank decomposition where two cards already count)."""

    category: ClassVar[pq.Category] = pq.Category.SET
    decomposition: ClassVar[Decomposition] = Decomposition.PER_RANK

    def _groups(self, hand: int) -> list[int]:
        found = [hand & RANK_MASK_UNIT << bit for bit in range(8, 5, -1)]
        return [group for group in found if group.bit_count() >= 2]

    def claims(self, hand: int) -> list[int]:
        return self._groups(hand)

    def is_claim(self, claim: int, hand: int) -> bool:
        return claim in self._groups(hand)

    def key(self, claim: int) -> tuple[int, ...]:
        return claim.bit_count(), (claim & -claim).bit_length() % SUIT_SHIFT + 5

    def score(self, claim: int) -> int:
        return 2 * claim.bit_count()

    def combinations(self, hand: int) -> list[int]:
        return sorted(self._groups(hand), key=self.key, reverse=True)

    def further(self, hand: int, claim: int) -> list[int]:
        return [c for c in self.combinations(hand) if not c & claim]

    def spoken(self, claim: int, versus: int | None) -> str:
        return f"{claim.bit_count()} of rank {self.key(claim)[1]}"


@attrs.frozen
class WholeHands:
    """Any category rule asked about whole hands: the same rule, with no decomposition."""

    inner: CategoryRule

    @property
    def category(self) -> pq.Category:
        return self.inner.category

    def claims(self, hand: int) -> list[int]:
        return list(self.inner.claims(hand))

    def is_claim(self, claim: int, hand: int) -> bool:
        return self.inner.is_claim(claim, hand)

    def key(self, claim: int) -> tuple[int, ...]:
        return self.inner.key(claim)

    def score(self, claim: int) -> int:
        return self.inner.score(claim)

    def combinations(self, hand: int) -> list[int]:
        return list(self.inner.combinations(hand))

    def further(self, hand: int, claim: int) -> list[int]:
        return list(self.inner.further(hand, claim))

    def spoken(self, claim: int, versus: int | None) -> str:
        return self.inner.spoken(claim, versus)

    @property
    def word_sizes(self) -> tuple[int, ...] | None:
        return getattr(self.inner, "word_sizes", None)

    def say(self, claim: int, word: int) -> str:
        return say_word(self.inner, claim, word)


HOUSE_RULES: list[CategoryRule] = [RedRuff(), CourtPairs(), Sets(lowest=pq.Rank.SIX)]
RULES = [
    *(rules.category_rule(c) for rules in PRESETS for c in pq.Category),
    *HOUSE_RULES,
]


def _agree(rule: CategoryRule, cards: int) -> None:
    """The compiled table and the rule itself give the same answers about ``cards``."""
    table = compile_rule(rule)
    combos = table.combos(cards)
    expected = list(rule.combinations(cards))
    assert [combo[MASK] for combo in combos] == expected
    assert [combo[KEY] for combo in combos] == [rule.key(c) for c in expected]
    assert [combo[POINTS] for combo in combos] == [rule.score(c) for c in expected]
    # the cards that decide the combinations make the same ones alone
    deciding = table.deciding_cards(cards)
    assert deciding & ~cards == 0 and table.combos(deciding) == combos
    claims = list(rule.claims(cards))
    assert list(table.claims(cards)) == claims
    calls = table.calls_of(cards)
    assert calls == tuple(pq.Call(rule.category, pq.CardSet.from_mask(c)) for c in claims)
    assert all(call is table.calls[call.cards.mask] for call in calls)  # made once, shared
    keys = [rule.key(c) for c in claims]
    # every claim of a hand; a sample of them in the thousands of mixed sequences of 20 cards
    for claim in claims if len(claims) <= 40 else random.Random(cards).sample(claims, 40):
        assert table.is_claim(claim, cards)
        assert list(table.further(cards, claim)) == list(rule.further(cards, claim))
        floor = rule.key(claim)
        assert table.answers(cards, floor) == tuple(
            c for c, key in zip(claims, keys, strict=True) if key >= floor
        )
        spare = cards & ~claim
        if spare:  # a card too many
            assert table.is_claim(claim | spare & -spare, cards) is rule.is_claim(
                claim | spare & -spare, cards
            )
    for other in (cards, cards & cards - 1, 0, 1 << 70):
        assert table.is_claim(other, cards) is (other in claims)


def test_every_preset_category_and_the_house_rules_compile_by_their_decomposition() -> None:
    kinds = {type(compile_rule(rule)).__name__ for rule in RULES}
    assert kinds == {"BestSuit", "PerSuit", "PerRank", "CategoryTable"}
    assert type(compile_rule(pq.COTTON_1995.sequences)) is CategoryTable  # mixed suits
    assert type(compile_rule(WholeHands(pq.RUBICON.point))) is CategoryTable


@given(
    st.sampled_from(RULES),
    st.lists(pst.card_sets(36, min_size=0, max_size=24), min_size=1, max_size=30),
)
def test_compiled_tables_answer_as_the_rule_does(
    rule: CategoryRule, hands: list[pq.CardSet]
) -> None:
    for hand in hands:
        _agree(rule, hand.mask)


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES, ids=lambda r: type(r).__name__)
def test_compiled_tables_agree_on_many_random_hands(rule: CategoryRule) -> None:
    rng = random.Random(8)
    pack = list(pq.pack(36))
    # twenty cards: what the opponent may hold, asked to tell a call good against the cards
    unseen = 60 if decomposition_of(rule) is not None else 5  # mixed sequences: thousands
    for size, count in ((12, 300), (20, unseen)):
        for _ in range(count):
            _agree(rule, pq.CardSet(rng.sample(pack, size)).mask)


def test_rich_hands_sort_as_the_rule_does() -> None:
    """Equal keys in several suits (or ranks) keep the rule's order: the first suit first."""
    hand = pq.cards("AS KS QS AH KH QH AD KD QD 9C 8C 7C").mask
    for rule in (pq.RUBICON.sequences, pq.RUBICON.point, pq.RUBICON.sets, CourtPairs()):
        _agree(rule, hand)
    best = compile_rule(pq.RUBICON.sequences).combos(hand)
    assert [str(pq.CardSet.from_mask(c[MASK])) for c in best][:3] == [
        "AS KS QS",
        "AH KH QH",
        "AD KD QD",
    ]


def _ledgers(ruleset: pq.Ruleset, seed: int, declarations: str) -> list[object]:
    """What a random game shows at every step: legal actions, words, ledger, scores."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    seen: list[object] = []
    for _ in range(3):  # three deals
        state = state.apply(state.sample_chance(rng))
        while state.to_move is not pq.CHANCE and not state.is_over:
            legal = state.legal_actions()
            seen.append((tuple(legal), state.spoken, state.events, state.scores))
            state = state.apply(rng.choice(legal))
        seen.append((state.events, state.scores))
        if state.is_over:
            break
    return seen


@pytest.mark.parametrize("declarations", ["auto", "played"])
@pytest.mark.parametrize(
    ("field", "rule"),
    [
        ("point", RedRuff()),
        ("sets", CourtPairs()),
        ("sequences", pq.RUBICON.sequences),
        ("point", pq.RUBICON.point),
        ("sets", pq.RUBICON.sets),
    ],
    ids=lambda x: getattr(type(x), "__name__", x),
)
def test_a_game_plays_alike_with_and_without_the_decomposition(
    field: str, rule: CategoryRule, declarations: str
) -> None:
    compiled = pq.RUBICON.evolve(name="compiled", **{field: rule})
    generic = pq.RUBICON.evolve(name="generic", **{field: WholeHands(rule)})
    assert decomposition_of(rule) is not None and decomposition_of(WholeHands(rule)) is None
    for seed in range(scaled(2, 6)):
        assert _ledgers(compiled, seed, declarations) == _ledgers(generic, seed, declarations)


def test_a_house_point_scores_through_the_tables() -> None:
    """The red Ruff: the younger's diamonds of 31 pips (41 with the red bonus) beat the
    elder's spades of 40, which tie the younger's clubs by the plain Ruff."""
    deal = {
        "elder": "AS KS QS 9S 6H 7H 8H 6D 7D 6C 7C 8C",
        "younger": "AD KD QD JS 10S 8S AC KC 9H 10H 9C 10C",
        "stock": "QC 7S AH KH QH JH JD 10D 9D 8D 6S JC",
    }
    points = {}
    for point in (RedRuff(), pq.COTTON_1674.point):
        ruleset = pq.COTTON_1674.evolve(name="red ruff", point=point)
        state = pq.new_deal(ruleset, declarations="auto", **deal)  # type: ignore[arg-type]
        state = state.apply(pq.parse_action("discard 6D")).apply(pq.parse_action("discard 8S"))
        while state.phase is pq.Phase.EXCHANGE:  # the cards left
            state = state.apply(state.legal_actions()[0])
        assert state.phase is pq.Phase.PLAY
        events = [e for e in state.events if e.reason is pq.Reason.POINT]
        points[type(point).__name__] = [(e.player, e.points, str(e.cards)) for e in events]
    younger = pq.Player.B
    assert points == {"RedRuff": [(younger, 4, "AD KD QD")], "PointByValue": []}


def test_a_bad_decomposition_is_refused_by_name() -> None:
    @attrs.frozen
    class Odd(Sets):
        decomposition: ClassVar[str] = "by colour"  # type: ignore[assignment]

    with pytest.raises(ValueError, match=r"sets: decomposition: Odd\.decomposition must be"):
        pq.RUBICON.evolve(sets=Odd())
    assert decomposition_of(object()) is None


def test_equal_rulesets_share_their_tables() -> None:
    twin = pq.RUBICON.evolve(name="rubicon")
    assert twin == pq.RUBICON and twin is not pq.RUBICON
    assert tables_of(twin) is tables_of(pq.RUBICON)
    assert tables_of(pq.CARTE_ROUGE) is not tables_of(pq.RUBICON)
    for n in range(70):  # the identity cache is bounded, and stays right when cleared
        tables_of(pq.RUBICON.evolve(name=f"house {n}"))
    assert tables_of(pq.RUBICON) is tables_of(twin)


def test_the_cards_deciding_the_combinations_are_few() -> None:
    """Fewer cards than the hand where the table can tell (a sampler remembers a
    resolution by them): a sequence's runs, a set's ranks, the point's best suit."""
    point, sequences, sets = tables_of(pq.RUBICON)
    hand = pq.cards("AS KS QS 9S 8H 7H KH KD KC 8C 7D 9D").mask
    assert sequences.deciding_cards(hand) == pq.cards("AS KS QS").mask
    assert sets.deciding_cards(hand) == pq.cards("KS KH KD KC").mask
    assert point.deciding_cards(hand) == pq.cards("AS KS QS 9S").mask
    assert point.deciding_cards(0) == sequences.deciding_cards(0) == sets.deciding_cards(0) == 0
    mixed = compile_rule(pq.COTTON_1995.sequences)  # of no decomposition: the whole hand
    assert mixed.deciding_cards(hand) == hand


def test_a_suit_whose_combinations_its_cards_do_not_decide_gives_the_whole_hand() -> None:
    """Where the cards of a suit's combinations would make others alone, the table
    cannot use them, and falls back on the hand (correct, if remembered less often)."""
    table = compile_rule(pq.RUBICON.sequences)
    fresh = type(table)(table.rule)  # tables of its own, not the ruleset's shared ones
    tierce = 0b111  # seven, eight, nine of spades
    assert fresh.combos(0b10111)[0][MASK] == tierce  # a tierce, the jack apart
    fresh._combos[0][tierce] = ()  # as if the tierce alone made nothing
    hand = pq.cards("9S 8S 7S JS AH KH QH 10D 8D 7C 8C 10C").mask
    assert fresh.deciding_cards(hand) == hand
    assert table.deciding_cards(hand) == pq.cards("9S 8S 7S AH KH QH").mask
