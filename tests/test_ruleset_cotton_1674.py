"""``cotton_1674``: Picket as Cotton gives it (1674), read with the 1651 text he abridged.

Sources: ``sources/cotton-1674-picket.txt`` (Cotton) and
``sources/royall-game-of-picquet-1651.txt`` (1651); RULES.md section 9.
"""

from __future__ import annotations

import pytest
from ruleset_helpers import A, B, ledger, plays

import piquet as pq
from conftest import play_out
from piquet.cards import cards

R = pq.Reason
COTTON = pq.COTTON_1674


def test_preset_fields() -> None:
    """Cotton: 36 cards ("thirty and six"), stock of twelve, the elder may take eight, the
    Ruff, only A K Q J 10 reckon in play, "the usual Set is an hundred", the younger's
    blank bars the elder's, "the worst is the Dealers" (the lower cut deals)."""
    assert pq.find_ruleset("cotton_1674") is COTTON
    assert (COTTON.pack_size, COTTON.stock_size, COTTON.elder_max, COTTON.younger_min) == (
        36, 12, 8, 1
    )  # fmt: skip
    assert COTTON.point == pq.PointByValue()
    assert COTTON.sequences == pq.SuitedSequences()
    assert COTTON.tricks == pq.LeadAndWin(low_cards_count=False, last_trick=1)
    assert COTTON.game == pq.Race(target=100, double_below=0)
    assert COTTON.two_blanks is pq.TwoBlanks.YOUNGER_BARS
    assert COTTON.lower_cut_deals and COTTON.packet == 3
    assert COTTON.carte_rouge is None and not COTTON.cards_count_toward_pique


@pytest.mark.parametrize("packet", [2, 3, 4])
def test_R_DL_4_36_cards_dealt_in_packets_of_two_three_or_four(packet: int) -> None:
    """Cotton: the dealer delivers "what number he pleaseth at a time, so that he exceed not
    four nor deal under two, leaving twelve on the table"."""
    order = pq.pack(36)
    state = pq.new_game(COTTON).apply(pq.Deal(order, packet=packet))
    elder = [c for i, c in enumerate(order[:24]) if (i // packet) % 2 == 0]
    dealer = [c for i, c in enumerate(order[:24]) if (i // packet) % 2 == 1]
    assert state.hand(state.elder) == pq.cards(elder)
    assert state.hand(state.dealer) == pq.cards(dealer)
    assert state.stock == order[24:]
    assert len(state.stock) == 12


def test_R_DL_4_chance_deals_by_three() -> None:
    """The 1651 text's example of a dealer changing his number: "suppose they dealt before
    Three Cards apiece"; the preset's chance deals by three."""
    import random

    deal = pq.new_game(COTTON).sample_chance(random.Random(4))
    assert deal.packet == 3 and len(deal.pack) == 36


def test_R_DL_3_the_lower_cut_deals() -> None:
    """Cotton: "the last Card deals and the worst is the Dealers"; 1651: "which soever of
    the two dips the least Card, he is to deale"."""
    import random

    higher_deals = COTTON.evolve(lower_cut_deals=False)
    for seed in range(20):
        lower = pq.cut(COTTON, random.Random(seed))
        assert lower is pq.cut(higher_deals, random.Random(seed)).other


def test_R_DL_2_the_elder_may_take_eight_of_twelve() -> None:
    """1651: the elder "hath liberty to take in Eight of the Twelve Cards"; the younger may
    take all the rest ("the Antagonist may take in what he thinks fit")."""
    state = pq.new_deal(COTTON, **WORKED_HANDS)
    assert state.is_legal(pq.Exchange(cards("AH KH QH 10H 6H AS KS 10D")))
    assert not state.is_legal(pq.Exchange(cards("AH KH QH 10H 6H AS KS 10D 9D")))
    state = state.apply(pq.Exchange(cards("6H")))
    assert state.is_legal(pq.Exchange(cards("JS 10S 9S 8S JD QD KD AD 9H 8H AC")))
    assert not state.is_legal(pq.Exchange(cards("JS 10S 9S 8S JD QD KD AD 9H 8H AC KC")))


@pytest.mark.parametrize(
    ("hand", "value", "score"),
    [
        ("10H 9H 8H 7H", 34, 3),  # "from thirty to thirty four count no more than for thirty"
        ("JH 10H 9H 6H", 35, 4),  # "count as many for thirty five as for forty"
        ("KH QH JH 8H 6H", 44, 4),
        ("KH QH JH 9H 6H", 45, 5),  # "as much for forty five as fifty"
        ("AH KH QH JH 10H 9H", 60, 6),
        ("AH KH QH JH 10H 9H 8H 7H 6H", 81, 8),
    ],
)
def test_R_DE_2a_ruff_scores_tens_rounded_half_up(hand: str, value: int, score: int) -> None:
    """Cotton on the Ruff: "sets up one for every ten ... count as many for thirty five as
    for forty ... from thirty five to thirty nine ... no more than for thirty five"."""
    claim = pq.cards(hand).mask
    assert COTTON.point.key(claim) == (value,)
    assert COTTON.point.score(claim) == score
    assert COTTON.point.spoken(claim, None) == f"ruff of {value}"


def test_R_DE_2a_the_ruff_compares_value_not_length() -> None:
    """The Ruff is "how much you can make of one suit": the elder's five hearts of 51 beat
    the younger's six spades of 50 (by length alone the younger would win the point)."""
    state = play_out(pq.new_deal(COTTON, **WORKED_HANDS), WORKED_EXCHANGE)
    state = play_out(state, ["call point AH KH QH JH 10H", "good point"])
    assert ledger(state) == [(A, R.POINT, 5)]
    by_length = COTTON.evolve(point=pq.PointByLength())
    state = play_out(pq.new_deal(by_length, **WORKED_HANDS), WORKED_EXCHANGE)
    state = play_out(state, ["call point AH KH QH JH 10H", "call point JS 10S 9S 8S 7S 6S"])
    assert ledger(state) == [(B, R.POINT, 6)]


def test_R_DE_2a_an_equal_ruff_scores_nothing() -> None:
    """1651: "if both Gamesters have Equall Cards, both for Ruffe, Sequences, and the rest,
    neither of them both can reckon any thing". Forty-one each (the elder calls less)."""
    state = play_out(pq.new_deal(COTTON, **WORKED_HANDS), WORKED_EXCHANGE)
    state = play_out(state, ["call point AH KH QH JH", "call point AD KD QD JD"])
    assert state.events == ()
    # the Ruff is said in one word, its value: the younger's call answers "equal"
    assert [s.words for s in state.spoken] == ["ruff of 41", "equal"]


def test_R_DE_3_suited_sequences_up_to_the_neuvieme() -> None:
    """1651: "Tierces, Quartes, Quintes, Sixiesmes, Septiesmes, Huictiesmes, and
    Neufiesmes ... a Neufiesme, nineteen"; "of the same suit, which follow in sequence"."""
    rule = COTTON.sequences
    nine = cards("AS KS QS JS 10S 9S 8S 7S 6S").mask
    assert rule.combinations(nine) == [nine]
    assert rule.score(nine) == 19 and rule.spoken(nine, None) == "neuvième major"
    assert not rule.is_claim(cards("AS KH QS").mask, cards("AS KH QS").mask)


def test_R_PL_2_only_counters_score_in_play() -> None:
    """1651: "for every Ace, King, Queen, Knave, or Ten that he playes, he is to reckon One:
    but for any other Card under a Ten he is not to reckon any thing"; he reckons "who
    either playes first, or else winnes the Tricke"."""
    tricks = COTTON.tricks
    ace, seven, nine = (pq.Card.parse(c).index for c in ("AS", "7S", "9S"))
    assert tricks.lead_points(ace) == 1 and tricks.lead_points(seven) == 0
    assert tricks.trick_points(seven, nine, True) == (0, R.WIN)
    assert tricks.trick_points(nine, ace, True) == (1, R.WIN)
    assert tricks.trick_points(ace, nine, False) == (0, R.WIN)


def test_R_PL_2_the_last_trick_makes_two_with_a_ten_one_with_a_low_card() -> None:
    """Cotton: "Whosoever wins the last Trick reckons two for it, if he win it with a Ten,
    but if with any Cards under, he reckons but one": one for the counter that wins it and
    one for the last trick, or the last trick's one alone."""
    state = play_out(pq.new_deal(COTTON, **WORKED_HANDS), WORKED_EXCHANGE)
    ten_tricks = play_out(state, [*WORKED_DECLARATIONS, *WORKED_PLAY[:-4]])
    assert ten_tricks.hand(B) == cards("QD 6S") and ten_tricks.to_move is B
    for eleventh, last, points in (("QD 9D", "6S 10D", 1), ("6S 9D", "QD 10D", 2)):
        before = play_out(ten_tricks, plays(eleventh))
        after = play_out(before, plays(last))
        assert ledger(after)[-2] == (B, R.LAST_TRICK, 1)
        assert after.deal_scores[B] - before.deal_scores[B] == points


def test_R_CB_3_the_younger_blank_bars_the_elders() -> None:
    """Cotton: "if it should chance to fall out that the other hath a Blank too, the
    youngers Blank shall bar the former and hinder his Picy and Repicy". Both hands are
    blank (every court is in the stock): only the younger scores, the elder's blank does
    not protect him, the younger repiques and reaches the set of 100 at once (R-GM-2)."""
    state = pq.new_deal(COTTON, **TWO_BLANKS)
    assert ledger(state) == [(B, R.CARTE_BLANCHE, 10)]
    assert state.legal_actions()[0] == pq.ExchangeCount(1)  # the elder still announces
    state = play_out(state, TWO_BLANKS_PLAY)
    assert ledger(state) == [
        (B, R.CARTE_BLANCHE, 10),
        (B, R.POINT, 5),
        (B, R.SEQUENCE, 15),
        (B, R.REPIQUE, 60),
        (B, R.SET, 14),
    ]
    assert state.is_over and state.result == pq.Result(B, (0, 104), 1)


# ------------------------------------------------------------------ the worked deal

WORKED_HANDS = {
    "elder": "AH KH QH 10H 6H AS KS 10D 9D 8D 7C 6C",
    "younger": "JS 10S 9S 8S JD QD KD AD 9H 8H AC KC",
    "stock": "JH QS 7D 6S 7S QC JC 10C 9C 8C 7H 6D",
}
WORKED_EXCHANGE = ["discard 7C 6C 6H", "discard 9H 8H", "leave unseen"]
WORKED_DECLARATIONS = [
    "call point AH KH QH JH 10H",  # "ruff of 51"
    "good point",  # six spades make only 50
    "call sequence AH KH QH JH 10H",  # quint major
    "call sequence JS 10S 9S 8S 7S 6S",  # not good: a sixième to the knave
    "reckon sequence AD KD QD JD",  # and a quart major
    "pass set",
    "pass set",
]
WORKED_PLAY = plays(
    "AH 10S", "KH 9S", "QH AC", "JH KC", "10H JD",  # the elder runs his hearts
    "AS JS", "KS 7S", "QS 8S",  # and his spades
    "7D AD",  # a seven led scores nothing
    "KD 8D", "QD 9D",
    "6S 10D",  # the last trick, won with a six
)  # fmt: skip


def play_worked_deal() -> pq.State:
    state = play_out(pq.new_deal(COTTON, **WORKED_HANDS), WORKED_EXCHANGE)
    state = play_out(state, WORKED_DECLARATIONS)
    return play_out(state, WORKED_PLAY)


def test_worked_deal() -> None:
    """A whole deal by Cotton's rules: the elder takes three of his eight and leaves five;
    his Ruff of 51 in five hearts beats six spades of 50 (5 for it, "one for every ten");
    the younger's sixième drowns the quint major and carries his quart major; in play only
    A K Q J 10 reckon, and the elder takes more than his own cards: 23 to 24."""
    state = pq.new_deal(COTTON, **WORKED_HANDS)
    state = play_out(state, WORKED_EXCHANGE[:2])
    assert state.hand(A) == cards("AH KH QH JH 10H AS KS QS 10D 9D 8D 7D")
    assert state.hand(B) == cards("JS 10S 9S 8S 7S 6S AD KD QD JD AC KC")
    state = play_out(state, WORKED_EXCHANGE[2:])
    state = play_out(state, WORKED_DECLARATIONS)
    assert [str(s) for s in state.spoken] == [
        "A: ruff of 51",
        "B: good",
        "A: quint",
        "B: not good",  # a sixième to the knave, shown
        "B: quart major",
        "A: pass",
        "B: pass",
    ]
    assert ledger(state) == [(A, R.POINT, 5), (B, R.SEQUENCE, 16), (B, R.SEQUENCE, 4)]
    assert state.deal_scores == (5, 20)
    state = play_out(state, WORKED_PLAY)
    assert ledger(state)[3:] == [
        *[(A, R.LEAD, 1)] * 8,  # AH KH QH JH 10H AS KS QS
        (B, R.WIN, 1),  # the 7D led scored nothing; AD wins it
        (B, R.LEAD, 1),  # KD
        (B, R.LEAD, 1),  # QD; the 6S led to the last trick scores nothing
        (B, R.LAST_TRICK, 1),
        (A, R.CARDS, 10),
    ]
    assert state.tricks_won == (8, 4)
    assert state.deal_scores == (23, 24) and state.is_over


# ------------------------------------------------------------------ two blanks

TWO_BLANKS = {
    "elder": "8S 7S 6S 8H 7H 6H 8D 7D 6D 8C 7C 6C",
    "younger": "AS 10S 9S AH 10H 9H AD 10D 9D AC 10C 9C",
    "stock": "JC KS QS JS KH QH JH KD QD JD KC QC",
}
TWO_BLANKS_PLAY = [
    "count 1",  # the elder states his count (R-CB-2)
    "discard 9S 9H 9D 9C",  # the younger commits his discard first
    "discard 6C",  # the elder discards, takes JC; the younger takes KS QS JS KH
    "leave unseen",
    "call point JC 8C 7C",  # ruff of 25
    "call point AS KS QS JS 10S",  # ruff of 51: 5
    "call sequence 8S 7S 6S",
    "call sequence AS KS QS JS 10S",  # quint major: 15, and 30 with the blank: repique
    "pass set",
    "call set AS AH AD AC",  # 14: 104, the set is won
]
