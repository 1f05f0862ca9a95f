"""The worked deals of the seeds, replayed through the public API."""

from __future__ import annotations

from seed_data import (
    MAXIMUM_170,
    MAXIMUM_170_HAND,
    SEED_000,
    SEED_000_DECLARATIONS,
    SEED_000_EXCHANGE,
    SEED_000_PLAY,
    SEED_002,
    SEED_002_DECLARATIONS,
    SEED_002_EXCHANGE,
    SEED_002_PLAY,
)

import piquet as pq
from conftest import play_out

A, B = pq.Player.A, pq.Player.B


def seed_002_deal(declarations: str = "played") -> pq.State:
    """Britannica 9th ed. (Cavendish), seed 002: A elder, B younger."""
    return pq.new_deal(pq.RUBICON, **SEED_002, declarations=declarations)  # type: ignore[arg-type]


def test_seed_002_deal_scores_28_to_23() -> None:
    state = play_out(seed_002_deal(), SEED_002_EXCHANGE)
    assert state.phase is pq.Phase.DECLARATION
    state = play_out(state, SEED_002_DECLARATIONS)
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
    return pq.new_deal(pq.RUBICON, **SEED_000, declarations=declarations)  # type: ignore[arg-type]


def test_seed_000_deal_scores_43_to_23() -> None:
    state = play_out(seed_000_deal(), SEED_000_EXCHANGE)
    state = play_out(state, SEED_000_DECLARATIONS)
    assert state.deal_scores == (24, 17)
    state = play_out(state, SEED_000_PLAY)
    assert state.deal_scores == (43, 23)
    assert not any(e.reason is pq.Reason.PIQUE for e in state.events)


def test_seed_000_auto_declarations_agree() -> None:
    state = play_out(seed_000_deal("auto"), [*SEED_000_EXCHANGE, *SEED_000_PLAY])
    assert state.deal_scores == (43, 23)


def test_seed_000_maximum_of_170() -> None:
    """Four major tierces against three cards of each suit: 57 in hand, repique, capot."""
    state = play_out(pq.new_deal(pq.RUBICON, **MAXIMUM_170), MAXIMUM_170_HAND)
    assert state.deal_scores == (57 + 60, 0)
    assert [e.reason for e in state.events].count(pq.Reason.REPIQUE) == 1
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.deal_scores == (170, 0)
    assert state.tricks_won == (12, 0)
