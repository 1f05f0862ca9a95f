"""Helpers for the ruleset tests (``test_ruleset_*.py``): explicit deals and the ledger."""

from __future__ import annotations

import piquet as pq

A, B = pq.Player.A, pq.Player.B


def deal_of(elder: str, younger: str, stock: str, packet: int = 2) -> pq.Deal:
    """The chance action that deals these hands: packets go to the elder first (R-DL-4).

    ``stock`` is in order, top card first.
    """
    elder_cards, younger_cards = list(pq.cards(elder)), list(pq.cards(younger))
    order: list[pq.Card] = []
    for start in range(0, 12, packet):
        order += elder_cards[start : start + packet] + younger_cards[start : start + packet]
    return pq.Deal((*order, *(pq.Card.parse(c) for c in stock.split())), packet=packet)


def ledger(state: pq.State) -> list[tuple[pq.Player, pq.Reason, int]]:
    """The deal's ledger as (player, reason, points), in ledger order."""
    return [(e.player, e.reason, e.points) for e in state.events]


def plays(*cards: str) -> list[str]:
    """``plays("AH 10S", "KH 9S")``: each string is one trick, lead first."""
    return [f"play {card}" for trick in cards for card in trick.split()]
