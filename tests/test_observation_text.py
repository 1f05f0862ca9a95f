"""Observations refuse to be ordered (their text is tested with the renderer, in
tests/test_render.py)."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest

import piquet as pq


def first_choices_deal() -> list[pq.State]:
    """Every state of one deal in which each player takes the first legal action."""
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
        younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
        stock="7H 9D 8D 7D 10C 9C 8C 7C",
    )
    states = [state]
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
        states.append(state)
    return states


STATES = first_choices_deal()


@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_observations_have_no_order(compare: Callable[[object, object], bool]) -> None:
    one, two = (STATES[1].observation(p) for p in pq.Player)
    with pytest.raises(TypeError, match="observations have no order"):
        compare(one, two)
