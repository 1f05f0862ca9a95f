"""``au_cent_36``: seed 003's "classic piquet", piquet au cent with 36 cards.

Source: ``seeds/003_*.txt`` (an encyclopedia article on piquet, in Norwegian), the
paragraph "Klassisk piquet, også kjent som piquet au cent"; RULES.md section 9. What that
paragraph does not change is piquet au cent (``au_cent``).
"""

from __future__ import annotations

from ruleset_helpers import A, B, ledger, plays

import piquet as pq
from conftest import play_out
from piquet.cards import cards

R = pq.Reason
CLASSIC = pq.AU_CENT_36


def test_preset_fields() -> None:
    """Seed 003: "played to 100 or 101 points ... uses a pack that includes the sixes of
    all four suits, and allows up to seven cards to be exchanged by the elder hand"; "it is
    possible for both hands to score carte blanche"; points are "earned by the winner of the
    trick, one point per 10-card or higher"; "there is no point for winning the last
    trick"."""
    assert pq.find_ruleset("au_cent_36") is CLASSIC
    assert (CLASSIC.pack_size, CLASSIC.stock_size, CLASSIC.elder_max, CLASSIC.younger_min) == (
        36, 12, 7, 1
    )  # fmt: skip
    assert CLASSIC.point == pq.PointByLength()
    assert CLASSIC.sequences == pq.SuitedSequences()
    assert CLASSIC.tricks == pq.WinnerTakesCounters(last_trick=0, last_trick_low=0)
    assert CLASSIC.two_blanks is pq.TwoBlanks.BOTH_SCORE
    assert CLASSIC.game == pq.AU_CENT.game == pq.Race(target=100, double_below=50)


def test_R_DL_2_the_elder_takes_at_most_seven() -> None:
    """Seed 003: "allows up to seven cards to be exchanged by the elder hand"; the younger
    may take the rest of the twelve."""
    state = pq.new_deal(CLASSIC, **WORKED_HANDS)
    assert state.is_legal(pq.Exchange(cards("9S 8S 6S 8H 7H 6H 8D")))
    assert not state.is_legal(pq.Exchange(cards("9S 8S 6S 8H 7H 6H 8D 6D")))
    state = state.apply(pq.Exchange(cards("9S")))
    assert state.is_legal(pq.Exchange(cards("KS QS JS QD JD 10D 9D AC KC QC 7D")))


def test_R_CB_3_both_blanks_score_and_both_protect() -> None:
    """Seed 003: "In this variation it is possible for both hands to score carte blanche,
    since six of each suit are available". Both score 10, and the elder's blank saves him
    from a repique: the younger's blank, point and quint make 30, his quatorzes 58."""
    state = pq.new_deal(
        CLASSIC,
        elder="8S 7S 6S 8H 7H 6H 8D 7D 6D 8C 7C 6C",
        younger="AS 10S 9S AH 10H 9H AD 10D 9D AC 10C 9C",
        stock="JC KS QS JS KH QH JH KD QD JD KC QC",
    )
    assert ledger(state) == [(A, R.CARTE_BLANCHE, 10), (B, R.CARTE_BLANCHE, 10)]
    state = play_out(
        state,
        [
            "count 1",
            "discard 9S 9H 9D 9C",
            "discard 6C",
            "leave unseen",
            "call point JC 8C 7C",
            "call point AS KS QS JS 10S",
            "call sequence 8S 7S 6S",
            "call sequence AS KS QS JS 10S",
            "pass set",
            "call set AS AH AD AC",
            "reckon set 10S 10H 10D 10C",
        ],
    )
    assert ledger(state)[2:] == [
        (B, R.POINT, 5),
        (B, R.SEQUENCE, 15),
        (B, R.SET, 14),
        (B, R.SET, 14),
    ]
    assert state.deal_scores == (10, 58) and state.phase is pq.Phase.PLAY


def test_R_PL_3_the_winner_takes_the_counters_and_nothing_for_the_last_trick() -> None:
    """Seed 003: "no points are accumulated for leading to a trick, but are rather earned by
    the winner of the trick, one point per 10-card or higher; so a person can win a trick
    and earn 0, 1 or 2 points. There is no point for winning the last trick"."""
    tricks = CLASSIC.tricks
    ace, ten, nine = (pq.Card.parse(c).index for c in ("AS", "10S", "9S"))
    assert tricks.lead_points(ace) == 0
    assert tricks.trick_points(ace, ten, False) == (2, R.COUNTERS)
    assert tricks.trick_points(ace, nine, False) == (1, R.COUNTERS)
    assert tricks.last_trick_points(ace) == tricks.last_trick_points(nine) == 0
    state = play_worked_deal()
    assert R.LAST_TRICK not in [e.reason for e in state.events]


def test_R_PR_3_a_pique_in_play_by_the_counters() -> None:
    """R-PR-3: the elder's 28 in hand and the counters of his first two tricks make 30
    before the younger scores: a pique, although nothing is scored for leading."""
    state = play_worked_deal(WORKED_PLAY[:4])
    assert ledger(state)[4:] == [(A, R.COUNTERS, 1), (A, R.COUNTERS, 2), (A, R.PIQUE, 30)]


# ------------------------------------------------------------------ the worked deal

WORKED_HANDS = {
    "elder": "AH JH AS 10S 6D 9S 8S 6S 8H 7H 6H 8D",
    "younger": "KS QS JS QD JD 10D 9D AC KC QC 7D 9C",
    "stock": "KH QH 10H 9H AD 10C 7S KD JC 8C 7C 6C",
}
WORKED_EXCHANGE = ["discard 9S 8S 6S 8H 7H 6H 8D", "discard 7D 9C", "leave unseen"]
WORKED_DECLARATIONS = [
    "call point AH KH QH JH 10H 9H",  # "point of six"
    "good point",
    "call sequence AH KH QH JH 10H 9H",  # sixième major
    "good sequence",
    "call set AH AS AD",  # "three aces"
    "good set",  # the younger's best is three kings
    "reckon set 10S 10H 10C",  # and three tens
]
WORKED_PLAY = plays(
    "AH 9D", "KH JD", "QH QD", "JH JS", "10H 10D", "9H KD", "AS KS",
    "10S QS", "AC 10C", "KC 7S", "QC 6D", "JC AD",
)  # fmt: skip


def play_worked_deal(play: list[str] = WORKED_PLAY) -> pq.State:
    state = play_out(pq.new_deal(CLASSIC, **WORKED_HANDS), WORKED_EXCHANGE)
    return play_out(play_out(state, WORKED_DECLARATIONS), play)


def test_worked_deal() -> None:
    """A whole deal of classic piquet: the elder takes all seven of his portion; point of
    six, sixième major, three aces and three tens: 28, short of a repique; his first two
    tricks bring the 30 for a pique. The winner of each trick takes its counters, the last
    trick is worth nothing, the elder has the cards: 80 to 8."""
    state = play_out(pq.new_deal(CLASSIC, **WORKED_HANDS), WORKED_EXCHANGE)
    assert state.hand(A) == cards("AH KH QH JH 10H 9H AS AD 10S 10C 7S 6D")
    assert state.hand(B) == cards("KS QS JS KD QD JD 10D 9D AC KC QC JC")
    assert state.stock == tuple(pq.Card.parse(c) for c in ("8C", "7C", "6C"))
    state = play_out(state, WORKED_DECLARATIONS)
    assert ledger(state) == [
        (A, R.POINT, 6),
        (A, R.SEQUENCE, 16),
        (A, R.SET, 3),
        (A, R.SET, 3),
    ]
    state = play_out(state, WORKED_PLAY)
    assert ledger(state)[4:] == [
        (A, R.COUNTERS, 1),  # AH 9D
        (A, R.COUNTERS, 2),  # KH JD: 30
        (A, R.PIQUE, 30),
        (A, R.COUNTERS, 2),  # QH QD
        (A, R.COUNTERS, 2),  # JH JS
        (A, R.COUNTERS, 2),  # 10H 10D
        (A, R.COUNTERS, 1),  # 9H KD
        (A, R.COUNTERS, 2),  # AS KS
        (B, R.COUNTERS, 2),  # 10S QS
        (B, R.COUNTERS, 2),  # AC 10C
        (B, R.COUNTERS, 1),  # KC 7S
        (B, R.COUNTERS, 1),  # QC 6D
        (B, R.COUNTERS, 2),  # JC AD: the last trick adds nothing
        (A, R.CARDS, 10),
    ]
    assert state.tricks_won == (7, 5)
    assert state.deal_scores == (80, 8) and state.is_over
