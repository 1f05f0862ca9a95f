"""The mask-free claim helpers for bot writers: ``Ruleset.claims``, ``best_claims``,
``claim_key`` and ``claim_score`` (R-DE-1..5) agree with the engine's own calls."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet as pq
from piquet import strategies as pst

PRESETS = list(pq.RULESETS.values())
R = pq.Reason


@given(st.sampled_from(PRESETS), st.sampled_from(list(pq.Category)), st.data())
def test_the_best_claim_ranks_highest_and_every_claim_has_a_key(
    ruleset: pq.Ruleset, category: pq.Category, data: st.DataObject
) -> None:
    hand = data.draw(pst.hands(ruleset.pack_size))
    claims = ruleset.claims(category, hand)
    best = ruleset.best_claims(category, hand)
    assert all(claim <= hand for claim in (*claims, *best))
    keys = [ruleset.claim_key(category, claim) for claim in claims]
    if not best:
        assert not claims or category is not pq.Category.POINT
        return
    assert ruleset.claim_key(category, best[0]) == max(keys)
    assert [ruleset.claim_key(category, c) for c in best] == sorted(
        (ruleset.claim_key(category, c) for c in best), reverse=True
    )
    for one, other in itertools.pairwise(best):
        assert not one & other  # disjoint: each card scores in one combination (R-DE-5)
    assert all(ruleset.claim_score(category, c) > 0 for c in best)


@given(pst.states(declarations="played", phase=pq.Phase.DECLARATION, max_actions=40))
def test_claims_are_the_calls_an_elder_may_make(state: pq.State) -> None:
    """Where the elder calls first in a category (he may pass), his legal calls are
    exactly ``ruleset.claims`` of his hand, in the same order."""
    legal = state.legal_actions()
    passes = [a for a in legal if isinstance(a, pq.Pass)]
    if not passes or state.to_move is not state.elder:
        return
    category = passes[0].category
    calls = tuple(a.cards for a in legal if isinstance(a, pq.Call))
    assert calls == state.ruleset.claims(category, state.hand(state.to_move))


def test_automatic_declarations_call_the_best_claims() -> None:
    """``declarations="auto"`` calls and reckons the best claims: the elder, who wins every
    category here, scores exactly them."""
    hands = {
        "elder": "AS KS QS JS 10S 9S AH KH QH AD KD AC",
        "younger": "8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
        "stock": "7H 9D 8D 7D 10C 9C 8C 7C",
    }
    state = pq.new_deal(pq.RUBICON, **hands, declarations="auto")
    state = state.apply(pq.Exchange(pq.cards("AD")))
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    reasons = {pq.Category.POINT: R.POINT, pq.Category.SEQUENCE: R.SEQUENCE, pq.Category.SET: R.SET}
    hand = state.hand(state.elder)
    for category, reason in reasons.items():
        best = pq.RUBICON.best_claims(category, hand)
        scored = [e.points for e in state.events if e.reason is reason]
        assert scored == [pq.RUBICON.claim_score(category, claim) for claim in best]
    assert [str(c) for c in pq.RUBICON.best_claims(pq.Category.SEQUENCE, hand)] == [
        "AS KS QS JS 10S 9S",
        "AH KH QH",
    ]


@pytest.mark.parametrize(
    ("ruleset", "category", "cards"),
    [
        (pq.RUBICON, pq.Category.POINT, "AS KH"),
        (pq.RUBICON, pq.Category.SEQUENCE, "AS KS"),
        (pq.RUBICON, pq.Category.SEQUENCE, "AS KS QH"),
        (pq.COTTON_1995, pq.Category.SEQUENCE, "AS QH JD"),
        (pq.RUBICON, pq.Category.SET, "9S 9H 9D"),
        (pq.RUBICON, pq.Category.SET, "AS AH"),
        (pq.RUBICON, pq.Category.POINT, ""),
    ],
)
def test_a_non_claim_is_refused_naming_the_cards(
    ruleset: pq.Ruleset, category: pq.Category, cards: str
) -> None:
    with pytest.raises(ValueError, match=f"^cards: .* is not a {category} claim"):
        ruleset.claim_key(category, cards)
    with pytest.raises(ValueError, match=r"^cards: "):
        ruleset.claim_score(category, cards)


def test_mixed_suits_make_a_sequence_in_cotton_1995_only() -> None:
    assert pq.COTTON_1995.claim_key(pq.Category.SEQUENCE, "QD JH 10C") == (3, 12)
    with pytest.raises(ValueError, match="not a sequence claim in cotton_1674"):
        pq.COTTON_1674.claim_key(pq.Category.SEQUENCE, "QD JH 10C")


def test_card_text_or_a_card_set_only() -> None:
    with pytest.raises(TypeError, match=r"^cards: expected a CardSet or card text"):
        pq.RUBICON.best_claims(pq.Category.SET, 12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ZZ"):
        pq.RUBICON.best_claims(pq.Category.SET, "AS ZZ")
