"""What the engine's lazy and per-ruleset objects show when printed: the legal discards
as their count and range, the compiled tables as their ruleset."""

from __future__ import annotations

import piquet as pq
from piquet.engine.tables import tables_for


def test_the_legal_discards_print_as_their_count_and_range() -> None:
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
        younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
        stock="7H 9D 8D 7D 10C 9C 8C 7C",
    )
    legal = state.legal_actions()
    assert repr(legal) == f"<{len(legal)} discards of 1 to 5 cards>"
    assert len(legal[0].discard) == 1  # the elder takes one card: seven are left
    younger = state.apply(legal[0]).legal_actions()
    assert repr(younger) == f"<{len(younger)} discards of 1 to 7 cards>"


def test_the_tables_of_a_ruleset_print_as_its_name() -> None:
    assert repr(tables_for(pq.CARTE_ROUGE)) == "<RulesTables of carte_rouge>"
