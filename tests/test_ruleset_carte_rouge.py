"""``carte_rouge``: Rubicon piquet with carte rouge (R-DE-8) at 20.

Source: ``seeds/003_*.txt``, section "Carte rouge" and the pique and repique section;
RULES.md R-DE-8 and section 9.
"""

from __future__ import annotations

import pytest
from ruleset_helpers import A, B, ledger
from test_ruleset_rubicon import WORKED_DECLARATIONS, WORKED_EXCHANGE, WORKED_HANDS, WORKED_PLAY

import piquet as pq
from conftest import play_out
from piquet.cards import cards

R = pq.Reason
ROUGE = pq.CARTE_ROUGE


def test_preset_fields() -> None:
    """Seed 003: "a variation where 20 points are received if every card in the player's
    hand is used ... in one or more 'good' declarations, excluding carte blanche"; the rest
    is Rubicon piquet."""
    assert pq.find_ruleset("carte_rouge") is ROUGE
    assert ROUGE.carte_rouge == 20 and ROUGE.younger_carte_rouge_makes_bonus
    rubicon_with_rouge = pq.RUBICON.evolve(carte_rouge=20)
    assert rubicon_with_rouge == ROUGE.evolve(
        name="rubicon", description=pq.RUBICON.description, title=pq.RUBICON.title
    )


def test_R_DE_8_carte_rouge_ranks_after_the_category_that_completed_it() -> None:
    """Seed 003: "Six cards were good in point, and the other six in sequences"; "the 20
    points would then be awarded at that stage of the count toward a repique". The 20 come
    right after the sequences that completed the hand, before the younger's sets, and make
    the elder's 16 a repique."""
    state = play_out(pq.new_deal(ROUGE, **WORKED_HANDS), [*WORKED_EXCHANGE, *WORKED_DECLARATIONS])
    assert ledger(state) == [
        (A, R.POINT, 6),
        (A, R.SEQUENCE, 4),
        (A, R.SEQUENCE, 3),
        (A, R.SEQUENCE, 3),
        (A, R.CARTE_ROUGE, 20),
        (A, R.REPIQUE, 60),
        (B, R.SET, 3),
        (B, R.SET, 3),
    ]
    rouge = state.events[4]
    assert rouge.precedence is pq.Precedence.SEQUENCE and rouge.cards == state.hand(A)


def test_R_DE_8_no_carte_rouge_when_a_card_is_sunk() -> None:
    """R-DE-8 counts the cards of his scored combinations: sinking the tierce to the ten
    leaves three cards unscored, so no carte rouge (and no repique: 13)."""
    state = play_out(pq.new_deal(ROUGE, **WORKED_HANDS), WORKED_EXCHANGE)
    state = play_out(
        state,
        [
            "call point AH KH QH JH 9H 8H",
            "good point",
            "call sequence AH KH QH JH",
            "good sequence",
            "reckon sequence KS QS JS",
        ],
    )
    assert ledger(state) == [(A, R.POINT, 6), (A, R.SEQUENCE, 4), (A, R.SEQUENCE, 3)]


@pytest.mark.parametrize("value", [10, 40])
def test_R_DE_8_carte_rouge_by_agreement_10_or_40(value: int) -> None:
    """Seed 003: "Carte rouge can award 10 or 40 points instead of 20, at the players'
    discretion"."""
    rules = ROUGE.evolve(carte_rouge=value)
    state = play_out(pq.new_deal(rules, **WORKED_HANDS), [*WORKED_EXCHANGE, *WORKED_DECLARATIONS])
    assert (A, R.CARTE_ROUGE, value) in ledger(state)


YOUNGER_ROUGE = {
    "elder": "AS 10S 9S 8S AD KD AC KC QC 10C 9C 10H",
    "younger": "AH KH QH JH 9H 8H KS QS JS 10D 9D 7C",
    "stock": "7S 8D 7H QD JD 7D JC 8C",
}
YOUNGER_ROUGE_PLAY = [
    "discard 9C",
    "discard 7C",
    "leave unseen",
    "call point AS 10S 9S 8S 7S",
    "call point AH KH QH JH 9H 8H",
    "call sequence 10S 9S 8S 7S",
    "equal sequence",
    "call sequence AH KH QH JH",
    "reckon sequence KS QS JS 10D 9D 8D",
    "call set AS AD AC",
    "good set",
    "reckon set 10S 10H 10C",
]


def test_R_DE_8_a_younger_carte_rouge_counts_toward_his_repique() -> None:
    """R-DE-8: carte rouge "counts toward repique", for either player: the younger's 16 and
    his carte rouge make 36 before the elder has anything."""
    state = play_out(pq.new_deal(ROUGE, **YOUNGER_ROUGE), YOUNGER_ROUGE_PLAY)
    assert ledger(state)[4:] == [
        (B, R.CARTE_ROUGE, 20),
        (B, R.REPIQUE, 60),
        (A, R.SET, 3),
        (A, R.SET, 3),
    ]
    assert state.deal_scores == (6, 96)


def test_R_DE_8_option_a_younger_carte_rouge_makes_no_bonus() -> None:
    """Seed 003: "a common variant is that a 'pique' or 'repique' cannot be scored as a
    result of a 'Carte Rouge' of the younger hand". The younger still scores his 20, but
    only his 16 count toward the repique."""
    rules = ROUGE.evolve(younger_carte_rouge_makes_bonus=False)
    state = play_out(pq.new_deal(rules, **YOUNGER_ROUGE), YOUNGER_ROUGE_PLAY)
    assert ledger(state)[4:] == [(B, R.CARTE_ROUGE, 20), (A, R.SET, 3), (A, R.SET, 3)]
    assert state.deal_scores == (6, 36)


# ------------------------------------------------------------------ the worked deal


def test_worked_deal() -> None:
    """Rubicon's worked deal (``test_ruleset_rubicon``) with carte rouge: the elder's six
    cards good for point and six more good for sequences make carte rouge, 20 on his 16 in
    hand, a repique; then seven leads to the younger's six tricks: 103 to 13."""
    state = play_out(pq.new_deal(ROUGE, **WORKED_HANDS), WORKED_EXCHANGE)
    assert state.hand(A) == cards("KS QS JS AH KH QH JH 9H 8H 10D 9D 8D")
    state = play_out(state, WORKED_DECLARATIONS)
    assert state.deal_scores == (96, 6)
    state = play_out(state, WORKED_PLAY)
    assert ledger(state)[8:] == [
        *[(A, R.LEAD, 1)] * 7,
        (B, R.WIN, 1),
        *[(B, R.LEAD, 1)] * 5,
        (B, R.LAST_TRICK, 1),
    ]
    assert state.tricks_won == (6, 6)  # six each: nothing for the cards
    assert state.deal_scores == (103, 13) and state.is_over
