"""The engine's shortcuts give what the plain paths give.

A deal drawn by ``sample_chance`` is applied without checking it again; every other
deal is checked. These tests pin that the shortcut changes nothing a user can see.
"""

from __future__ import annotations

import random

import pytest

import piquet as pq


def _fields(state: pq.State) -> tuple[object, ...]:
    return (
        state.phase,
        state.to_move,
        state.hand(pq.Player.A),
        state.hand(pq.Player.B),
        state.stock,
        state.events,
        state.scores,
        state.deal_scores,
        state.history,
        state.deal_number,
    )


@pytest.mark.parametrize("ruleset", [pq.RUBICON, pq.AU_CENT_36, pq.COTTON_1674])
def test_a_sampled_deal_applies_as_the_same_deal_made_by_hand(ruleset: pq.Ruleset) -> None:
    rng = random.Random(5)
    start = pq.new_game(ruleset)
    for _ in range(30):
        deal = start.sample_chance(rng)
        by_hand = pq.Deal(list(deal.pack), packet=deal.packet)
        assert by_hand is not deal and by_hand == deal
        quick, checked = start.apply(deal), start.apply(by_hand)
        assert quick == checked and hash(quick) == hash(checked)
        assert _fields(quick) == _fields(checked)


def test_an_older_sampled_deal_still_applies() -> None:
    rng = random.Random(6)
    start = pq.new_game(pq.RUBICON)
    first = start.sample_chance(rng)
    second = start.sample_chance(rng)
    assert start.apply(first).hand(pq.Player.A) != start.apply(second).hand(pq.Player.A)
    assert _fields(start.apply(first)) == _fields(start.apply(pq.Deal(first.pack)))


def test_a_deal_sampled_for_another_pack_is_checked() -> None:
    deal = pq.new_game(pq.RUBICON).sample_chance(random.Random(7))
    with pytest.raises(pq.IllegalActionError, match="the pack must be the 36 cards"):
        pq.new_game(pq.AU_CENT_36).apply(deal)
    # the same deal at the wrong moment is refused too
    dealt = pq.new_game(pq.RUBICON).apply(deal)
    with pytest.raises(pq.IllegalActionError, match="not legal in the exchange phase"):
        dealt.apply(deal)


def test_a_deal_made_by_hand_is_checked() -> None:
    start = pq.new_game(pq.RUBICON)
    pack = list(start.sample_chance(random.Random(8)).pack)
    with pytest.raises(pq.IllegalActionError, match="appears twice in the pack"):
        start.apply(pq.Deal([*pack[:-1], pack[0]]))
    with pytest.raises(pq.IllegalActionError, match="dealt in packets of 2 or 3"):
        start.apply(pq.Deal(pack, packet=4))
