"""A Prospect refuses cards that are not card text, a ruleset that is not a Ruleset, and
a stock too small for what the player must take in."""

from __future__ import annotations

import pytest

import piquet as pq
from piquet.odds import Prospect

HAND = pq.cards("AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S")


def test_cards_must_be_a_card_set_or_card_text() -> None:
    with pytest.raises(ValueError, match=r"cards: a CardSet or card text like 'AS KH' \(got 12\)"):
        Prospect(12, discard="7S", role="elder")  # type: ignore[arg-type]


def test_the_ruleset_must_be_a_ruleset() -> None:
    with pytest.raises(ValueError, match=r"ruleset: a Ruleset \(got 'rubicon'\)"):
        Prospect(HAND, discard="7S", role="elder", ruleset="rubicon")  # type: ignore[arg-type]


def test_the_cards_seen_must_leave_enough_to_take_in() -> None:
    others = sorted(pq.CardSet(pq.pack(32)) - HAND, key=str)
    with pytest.raises(ValueError, match="seen: only 2 unseen cards left to take 3 from"):
        Prospect(HAND, discard="9C 8C 7C", role="younger", seen=pq.CardSet(others[:18]))
