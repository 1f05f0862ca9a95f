"""``cotton_1995``: the 1995 reconstruction of Cotton's Picket (seed 004).

Source: ``seeds/004_*.txt`` (Justin du Coeur's game report, 1995); RULES.md sections 5, 6
and 9. What the reconstruction leaves to Cotton (the exchange, the Ruff, the sets, the
cards, capot) is as in ``cotton_1674``.
"""

from __future__ import annotations

import pytest
from ruleset_helpers import A, B, ledger, plays

import piquet as pq
from conftest import play_out
from piquet.cards import cards
from piquet.rules.combinations import cards_of

R = pq.Reason
RECON = pq.COTTON_1995
MIXED = pq.MixedSequences()


def test_preset_fields() -> None:
    """Seed 004: a 36-card deck, twelve in the stock, the elder "may discard up to eight",
    the Ruff "one-tenth ... rounding up", sequences in any suits, the winner of a trick
    scores its tens and better, "if both players are blank, neither scores", a Set of 100.
    """
    assert pq.find_ruleset("cotton_1995") is RECON
    assert (RECON.pack_size, RECON.stock_size, RECON.elder_max) == (36, 12, 8)
    assert RECON.point == pq.PointByValue()
    assert RECON.sequences == MIXED
    assert RECON.sets == pq.Sets()
    assert RECON.tricks == pq.WinnerTakesCounters(last_trick=2, last_trick_low=1)
    assert RECON.two_blanks is pq.TwoBlanks.CANCEL
    assert RECON.game == pq.Race(target=100, double_below=0)


def test_R_GM_2_a_set_of_121_by_agreement() -> None:
    """Seed 004: "Since we had Cribbage boards handy for scoring, we chose to play to 121"."""
    assert RECON.evolve(target=121).game == pq.Race(target=121, double_below=0)


# ------------------------------------------------------------------ mixed sequences


def test_R_DE_3_a_sequence_is_a_run_of_ranks_in_any_suits() -> None:
    """Seed 004: "choose your longest run (or 'straight', in poker terminology)"; "in the
    modern game, only sequences within a particular suit count. I can find no evidence of
    this in either Cotton or Cotgrave"."""
    hand = cards("AS KH QD 9C 9H 7S").mask
    assert MIXED.is_claim(cards("AS KH QD").mask, hand)
    assert not MIXED.is_claim(cards("9C 9H 7S").mask, hand)  # two nines, no eight
    assert not MIXED.is_claim(cards("AS KH").mask, hand)  # three or more
    assert not MIXED.is_claim(cards("AS KH QH").mask, hand)  # QH is not held
    assert [str(cards_of(c)) for c in MIXED.claims(hand)] == ["AS KH QD"]
    both = cards("AS KH KD QD").mask
    assert [str(cards_of(c)) for c in MIXED.claims(both)] == ["AS KH QD", "AS KD QD"]


def test_R_DE_3_longer_beats_shorter_then_the_higher_top_card() -> None:
    """Seed 004: "Younger can top it. If there is a tie, it goes to the run with the higher
    top card; if it is still tied, we decided that both lose"."""
    quart_to_the_ten = cards("10S 9H 8D 7C").mask
    tierce_major = cards("AS KH QD").mask
    quart_to_the_king = cards("KS QH JD 10C").mask
    assert MIXED.key(quart_to_the_ten) > MIXED.key(tierce_major)
    assert MIXED.key(quart_to_the_king) > MIXED.key(quart_to_the_ten)
    assert MIXED.key(quart_to_the_king) == MIXED.key(cards("KH QS JC 10D").mask)
    assert MIXED.spoken(quart_to_the_ten, None) == "quart to the ten"


@pytest.mark.parametrize(("length", "score"), [(3, 3), (4, 4), (5, 15), (6, 16), (9, 19)])
def test_R_DE_3_sequence_scores(length: int, score: int) -> None:
    """RULES.md R-DE-3 (the seed's table is lost): tierce 3, quart 4, quint 15 ... the
    neuvième 19, as in Cotton ("a Quint fifteen, for a Sixiesm sixteen, and so upward")."""
    run = cards(["AS", "KH", "QD", "JC", "10S", "9H", "8D", "7C", "6S"][:length]).mask
    assert MIXED.score(run) == score


def test_R_DE_3_each_card_in_one_sequence_the_layout_that_scores_most() -> None:
    """Seed 004: "we decided that you can only count each card in one sequence (and must
    show all sequences you are counting)". The winner shows his best sequence and lays out
    the rest to score the most: 10-6 is the quint; of 10 9 9 8 8 7 left, two tierces (6)
    rather than the quart 10-7 and nothing (4)."""
    hand = cards("10S 9S 8S 7S 6S 10H 9H 8H 7H 9D 8D AC").mask
    combos = MIXED.combinations(hand)
    assert [MIXED.spoken(c, None) for c in combos] == [
        "quint to the ten",
        "tierce to the ten",
        "tierce to the nine",
    ]
    assert [str(cards_of(c)) for c in combos] == ["10S 9S 8S 7S 6S", "10H 9H 8H", "7H 9D 8D"]
    assert sum(MIXED.score(c) for c in combos) == 21
    assert not combos[0] & combos[1] and not combos[0] & combos[2] and not combos[1] & combos[2]


def test_R_DE_3_equal_sequences_neither_scores() -> None:
    """Seed 004: "if it is still tied, we decided that both lose (Note that tied runs of
    nine are automatically total ties...)". Two quarts to the king: neither scores, though
    the younger holds two more."""
    state = pq.new_deal(
        RECON,
        elder="KS QH JD 10C 8S 8H 7S 7H 7D 6S 6H 6D",
        younger="KH KD KC QS QD QC JC JH JS 10D 10S 10H",
        stock="7C 6C AS AH AD AC 9S 9H 9D 9C 8D 8C",
    )
    state = play_out(state, ["discard 6S", "discard 10H", "leave unseen"])
    state = play_out(state, ["call point KS 8S 7S", "good point"])
    state = play_out(
        state, ["call sequence KS QH JD 10C", "equal sequence", "call sequence KH QS JC 10D"]
    )
    assert ledger(state) == [(A, R.POINT, 3)]
    said = [s.words for s in state.spoken[-4:]]
    assert said == ["quart", "equal", "to the king", "equal"]  # both shown, neither scores
    assert state.legal_actions()[-1] == pq.Pass(pq.Category.SET)  # on to the sets


NON_CANONICAL = {
    "elder": "AS AH KS KH QD QC 9S 9H 7D 7C 6S 6H",
    "younger": "JS JH JD JC 10S 10H 10D 10C 8S 8H 8D 8C",
    "stock": "7S 6C QS QH AD KD AC KC 9D 9C 7H 6D",
}
NON_CANONICAL_START = ["discard 6S", "discard 8C", "leave unseen"]
NON_CANONICAL_POINT = ["call point AS KS 9S 7S", "good point"]


def test_R_DE_5_the_winner_reckons_his_other_mixed_sequences() -> None:
    """Seed 004: "The winner then gets to score all sequences in his hand". Two tierces
    major of mixed suits: calling the first as laid out, the elder reckons the other."""
    state = play_out(pq.new_deal(RECON, **NON_CANONICAL), NON_CANONICAL_START)
    state = play_out(state, [*NON_CANONICAL_POINT, "call sequence AS KS QD", "good sequence"])
    assert state.legal_actions()[0] == pq.Reckon(pq.Category.SEQUENCE, cards("AH KH QC"))
    state = play_out(state, ["reckon sequence AH KH QC"])
    assert ledger(state) == [(A, R.POINT, 4), (A, R.SEQUENCE, 3), (A, R.SEQUENCE, 3)]


def test_R_DE_5_any_true_call_keeps_the_other_mixed_sequences() -> None:
    """Seed 004 scores "all sequences in his hand", each card once. The call AH KS QD is as
    true as AS KS QD (R-DE-1); the cards left, AS KH QC, are a second tierce major, which
    the rule lays out from what the call leaves (``MixedSequences.further``)."""
    state = play_out(pq.new_deal(RECON, **NON_CANONICAL), NON_CANONICAL_START)
    state = play_out(state, [*NON_CANONICAL_POINT, "call sequence AH KS QD", "good sequence"])
    assert pq.Reckon(pq.Category.SEQUENCE, cards("AS KH QC")) in state.legal_actions()


# ------------------------------------------------------------------ blanks and tricks


def test_R_CB_3_two_blanks_cancel() -> None:
    """Seed 004: "As above, if both players are blank, neither scores". Neither blank
    protects: the younger reaches 30 in hand (Ruff 5, quint 15, four aces 14) and
    repiques, and his four tens then win the set at once (R-GM-2)."""
    state = pq.new_deal(
        RECON,
        elder="8S 7S 6S 8H 7H 6H 8D 7D 6D 8C 7C 6C",
        younger="AS 10S 9S AH 10H 9H AD 10D 9D AC 10C 9C",
        stock="JC KS QS JS KH QH JH KD QD JD KC QC",
    )
    assert state.events == ()
    state = play_out(
        state,
        [
            "count 1",
            "discard 9S 9H 9D 9C",
            "discard 6C",
            "leave unseen",
            "call point JC 8C 7C",
            "call point AS KS QS JS 10S",
            "call sequence 8S 7H 6D",
            "call sequence AS KS QS JS 10S",
            "pass set",
            "call set AS AH AD AC",
            "reckon set 10S 10H 10D 10C",
        ],
    )
    assert ledger(state) == [
        (B, R.POINT, 5),
        (B, R.SEQUENCE, 15),
        (B, R.SET, 14),
        (B, R.REPIQUE, 60),
        (B, R.SET, 14),
    ]
    assert state.result == pq.Result(B, (0, 108), 1)


def test_R_PL_3_the_winner_takes_the_counters() -> None:
    """Seed 004: "If a trick involves one or two cards that are ten or higher, the winner of
    the trick takes one point for each such card"; nothing for leading. "Winner of the
    final trick gets one point, or two points if he wins with a ten"."""
    tricks = RECON.tricks
    ace, ten, nine, six = (pq.Card.parse(c).index for c in ("AS", "10S", "9S", "6S"))
    assert tricks.lead_points(ace) == 0
    assert tricks.trick_points(ten, ace, True) == (2, R.COUNTERS)
    assert tricks.trick_points(nine, ten, True) == (1, R.COUNTERS)
    assert tricks.trick_points(nine, six, False) == (0, R.COUNTERS)
    assert tricks.last_trick_points(ten) == 2 and tricks.last_trick_points(nine) == 1


def test_R_PL_3_the_last_trick_won_with_a_low_card_makes_one() -> None:
    """Seed 004: "Winner of the final trick gets one point, or two points if he wins with a
    ten": the younger wins the last trick with the 7H, no counter in it: 1."""
    state = play_worked_deal(WORKED_PLAY[:-4] + plays("KC 6C", "7H 7C"))
    assert ledger(state)[-3:] == [(B, R.COUNTERS, 1), (B, R.LAST_TRICK, 1), (B, R.CARDS, 10)]
    assert state.deal_scores == (28, 26)


# ------------------------------------------------------------------ the worked deal

WORKED_HANDS = {
    "elder": "AS KH QS QD JS JC 10S 10D 8C 7C 6C 6D",
    "younger": "AH AD AC KS KD KC 9S 8S 8H 8D 7S 10H",
    "stock": "9H 7H 6S QH JH 6H JD 9D 7D QC 10C 9C",
}
WORKED_EXCHANGE = ["discard 8C", "discard 10H", "leave unseen"]
WORKED_DECLARATIONS = [
    "call point AS QS JS 10S",  # "ruff of 41"
    "good point",  # the younger's best is 34
    "call sequence AS KH QS JS 10S 9H",  # a sixième major of three suits
    "good sequence",  # his best is a tierce to the nine
    "reckon sequence QD JC 10D",  # and a tierce to the queen of the cards left
    "pass set",
    "call set AH AD AC",  # three aces
    "reckon set KS KD KC",  # and three kings
]
WORKED_PLAY = plays(
    "AS 7S", "QS KS", "AH 9H", "8H KH", "JS 8S", "10S 9S",
    "QD KD", "AD 6D", "8D 10D", "JC AC", "7H 7C", "KC 6C",
)  # fmt: skip


def play_worked_deal(play: list[str] = WORKED_PLAY) -> pq.State:
    state = play_out(pq.new_deal(RECON, **WORKED_HANDS), WORKED_EXCHANGE)
    return play_out(play_out(state, WORKED_DECLARATIONS), play)


def test_worked_deal() -> None:
    """A whole deal of the reconstruction: the elder's Ruff of 41 (4); his sixième major
    runs through three suits, and his queen, knave and ten left over make a tierce (16 +
    3); the younger's aces and kings (3 + 3). In play each trick's winner takes its tens and
    better, the last trick adds 2 (won with a king), the younger has the cards: 28 to 27.
    """
    state = play_out(pq.new_deal(RECON, **WORKED_HANDS), WORKED_EXCHANGE)
    assert state.hand(A) == cards("AS QS JS 10S KH 9H QD 10D 6D JC 7C 6C")
    assert state.hand(B) == cards("KS 9S 8S 7S AH 8H 7H AD KD 8D AC KC")
    state = play_out(state, WORKED_DECLARATIONS)
    assert [str(s) for s in state.spoken] == [
        "A: ruff of 41",
        "B: good",
        "A: sixième",
        "B: good",
        "A: tierce to the queen",
        "A: pass",
        "B: three aces",
        "B: three kings",
    ]
    assert ledger(state) == [
        (A, R.POINT, 4),
        (A, R.SEQUENCE, 16),
        (A, R.SEQUENCE, 3),
        (B, R.SET, 3),
        (B, R.SET, 3),
    ]
    assert state.events[1].cards == cards("AS KH QS JS 10S 9H")
    assert state.deal_scores == (23, 6)
    state = play_out(state, WORKED_PLAY)
    assert ledger(state)[5:] == [
        (A, R.COUNTERS, 1),  # AS 7S
        (B, R.COUNTERS, 2),  # QS KS
        (B, R.COUNTERS, 1),  # AH 9H
        (A, R.COUNTERS, 1),  # 8H KH
        (A, R.COUNTERS, 1),  # JS 8S
        (A, R.COUNTERS, 1),  # 10S 9S
        (B, R.COUNTERS, 2),  # QD KD
        (B, R.COUNTERS, 1),  # AD 6D
        (A, R.COUNTERS, 1),  # 8D 10D
        (B, R.COUNTERS, 2),  # JC AC; 7H 7C has no counter
        (B, R.COUNTERS, 1),  # KC 6C
        (B, R.LAST_TRICK, 2),  # won with a king
        (B, R.CARDS, 10),
    ]
    assert state.tricks_won == (5, 7)
    assert state.deal_scores == (28, 27) and state.is_over
