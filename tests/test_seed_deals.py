"""The worked deals of the seeds, replayed through the public API."""

from __future__ import annotations

from conftest import play_out

import piquet as pq

A, B = pq.Player.A, pq.Player.B


def seed_002_deal(declarations: str = "played") -> pq.State:
    """Britannica 9th ed. (Cavendish), seed 002: A elder, B younger."""
    return pq.new_deal(
        pq.RUBICON,
        elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
        younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
        stock="9S 8S KH 9C KD QS AC 7D",
        declarations=declarations,  # type: ignore[arg-type]
    )


SEED_002_EXCHANGE = ["discard KS 8C 7C 9D 8D", "discard 7S 9H 7H"]
SEED_002_PLAY = [
    "play AH", "play 10H",
    "play KH", "play 7D",
    "play QH", "play 10D",
    "play JH", "play JD",
    "play 8H", "play QD",
    "play KD", "play AD",
    "play AC", "play JC",
    "play KC", "play 9C",
    "play QC", "play 9S",
    "play 10C", "play 8S",
    "play QS", "play AS",
    "play JS", "play 10S",
]  # fmt: skip


def test_seed_002_deal_scores_28_to_23() -> None:
    state = play_out(seed_002_deal(), SEED_002_EXCHANGE)
    assert state.phase is pq.Phase.DECLARATION
    state = play_out(
        state,
        [
            "call point AH KH QH JH 8H",  # "five cards" ... "forty-nine"
            "good point",
            "call sequence AH KH QH JH",  # "a quart major, nine"
            "good sequence",
            "call set JS JH JC",  # "three knaves?"
            "call set 10S 10H 10D 10C",  # "not good": four tens, fourteen
            "reckon set QS QD QC",  # "and three queens, seventeen"
        ],
    )
    assert state.phase is pq.Phase.PLAY
    assert state.deal_scores == (9, 17)
    state = play_out(state, SEED_002_PLAY)
    assert state.is_over
    assert state.deal_scores == (28, 23)
    assert state.tricks_won == (7, 5)
    assert [(e.player, e.reason) for e in state.events if e.precedence is pq.Precedence.CARDS] == [
        (A, pq.Reason.CARDS)
    ]


def test_seed_002_auto_declarations_agree() -> None:
    state = play_out(seed_002_deal("auto"), [*SEED_002_EXCHANGE, *SEED_002_PLAY])
    assert state.deal_scores == (28, 23)


def seed_000_deal(declarations: str = "played") -> pq.State:
    """Hoyle's Games Modernized, seed 000."""
    return pq.new_deal(
        pq.RUBICON,
        elder="9S 7S AH 9H 8H JC 10C 7C JD 10D 9D 8D",
        younger="QS 10S 8S QH JH 7H AC KC QC 8C KD QD",
        stock="AD 9C 7D AS KH KS 10H JS",
        declarations=declarations,  # type: ignore[arg-type]
    )


SEED_000_EXCHANGE = ["discard 9S 7S 9H 8H 7C", "discard 10S 8S 7H"]
SEED_000_PLAY = [
    "play AD", "play QD",
    "play 7D", "play KD",
    "play AC", "play JC",
    "play KC", "play 10C",
    "play QC", "play 9C",
    "play 8C", "play KH",
    "play KS", "play AS",
    "play JD", "play JS",
    "play 10D", "play QS",
    "play 9D", "play JH",
    "play 8D", "play QH",
    "play AH", "play 10H",
]  # fmt: skip


def test_seed_000_deal_scores_43_to_23() -> None:
    state = play_out(seed_000_deal(), SEED_000_EXCHANGE)
    state = play_out(
        state,
        [
            "call point AD JD 10D 9D 8D 7D",  # "my point is 6"
            "good point",
            "call sequence JD 10D 9D 8D 7D",  # "quint to the knave"
            "good sequence",
            "reckon sequence JC 10C 9C",  # "a tierce to another knave"
            "call set AS AH AD",  # "three aces"
            "call set QS QH QD QC",  # "not good"
            "reckon set KS KD KC",  # "14 for four queens, 3 for three kings"
        ],
    )
    assert state.deal_scores == (24, 17)
    state = play_out(state, SEED_000_PLAY)
    assert state.deal_scores == (43, 23)
    assert not any(e.reason is pq.Reason.PIQUE for e in state.events)


def test_seed_000_auto_declarations_agree() -> None:
    state = play_out(seed_000_deal("auto"), [*SEED_000_EXCHANGE, *SEED_000_PLAY])
    assert state.deal_scores == (43, 23)


def test_seed_000_maximum_of_170() -> None:
    """Four major tierces against three cards of each suit: 57 in hand, repique, capot."""
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS QS AH KH QH AD KD QD AC KC 7C",
        younger="JS 10S 9S 8S JH 10H 9H JD 10D 9D JC 10C",
        stock="QC 9C 8C 7S 7H 8H 7D 8D",
    )
    state = play_out(
        state,
        [
            "discard 7C",
            "discard 8S",
            "leave unseen",
            "call point AS KS QS",
            "good point",
            "call sequence AS KS QS",
            "good sequence",
            "reckon sequence AH KH QH AD KD QD AC KC QC",
            "call set AS AH AD AC",
            "good set",
            "reckon set KS KH KD KC QS QH QD QC",
        ],
    )
    assert state.deal_scores == (57 + 60, 0)
    assert [e.reason for e in state.events].count(pq.Reason.REPIQUE) == 1
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.deal_scores == (170, 0)
    assert state.tricks_won == (12, 0)
