"""The kernel's deal of a kept placement (``deal_parts``) against the engine's own
``arranged``: the same pack, the same setup, the same state once dealt, on random
deals of every preset; and a clear error for anything else."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import accumulate

import pytest

import piquet as pq
from piquet.cards import CARD_BY_INDEX
from piquet.engine.deal import arranged, assembled, dealt_places, setup_of
from piquet.search import native

pytestmark = pytest.mark.native("_csample")

PRESETS = sorted(pq.RULESETS)


def _kernel(paths: Callable[[bool], None]) -> object:
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    return fast


def _split(rules: pq.Ruleset, rng: random.Random) -> tuple[int, int, tuple[pq.Card, ...]]:
    cards = list(pq.pack(rules.pack_size))
    rng.shuffle(cards)
    return pq.CardSet(cards[:12]).mask, pq.CardSet(cards[12:24]).mask, tuple(cards[24:])


@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_deal_is_the_engine_s_arranged_deal(
    name: str, paths: Callable[[bool], None]
) -> None:
    fast = _kernel(paths)
    rules = pq.RULESETS[name]
    start = pq.new_game(rules)
    pack_mask = pq.CardSet(pq.pack(rules.pack_size)).mask
    places = dealt_places(rules.packet)
    rng = random.Random(len(name))
    for _ in range(200):
        elder, dealer, stock = _split(rules, rng)
        expected = arranged(start, elder, dealer, stock)
        setup = setup_of(start, expected)
        dealt = start.apply(expected)
        pack, indices, prefix = fast.deal_parts(  # type: ignore[attr-defined]
            elder, dealer, stock, places, CARD_BY_INDEX, pack_mask
        )
        assert indices == tuple(card.index for card in stock)
        assert prefix == (0, *accumulate(card.mask for card in stock))
        deal = assembled(start, pack, elder, dealer, indices, prefix)
        assert deal == expected
        assert setup_of(start, deal) == setup
        assert start.apply(deal) == dealt
        assert dealt.hand(dealt.elder).mask == elder
        assert dealt.hand(dealt.elder.other).mask == dealer


@pytest.mark.parametrize("packet", [1, 2, 3, 4, 6])
def test_the_places_deal_each_hand_in_packets(packet: int) -> None:
    # R-DL-4: packets to the elder first, then to the dealer, in turn
    places = dealt_places(packet)
    assert sorted(places) == list(range(24))
    for place, dealt in enumerate(places):
        packet_number, within = divmod(place, packet)
        to_elder = packet_number % 2 == 0
        assert (dealt < 12) == to_elder
        assert dealt % 12 == packet_number // 2 * packet + within


def test_the_kernel_s_deal_refuses_what_is_not_a_deal(paths: Callable[[bool], None]) -> None:
    """A clear error, never a crash or a wrong pack, for parts that make no deal."""
    fast = _kernel(paths)
    rules = pq.RUBICON
    mask = pq.CardSet(pq.pack()).mask
    places = dealt_places(rules.packet)
    elder, dealer, stock = _split(rules, random.Random(3))

    def parts(*args: object) -> object:
        return fast.deal_parts(*args)  # type: ignore[attr-defined]

    with pytest.raises(TypeError, match="6 arguments"):
        parts(elder, dealer, stock)
    with pytest.raises(TypeError, match="stock, order"):
        parts(elder, dealer, list(stock), places, CARD_BY_INDEX, mask)
    with pytest.raises(TypeError, match="stock, order"):
        parts(elder, dealer, stock, places[:-1], CARD_BY_INDEX, mask)
    with pytest.raises(ValueError, match="no card"):
        parts(elder, dealer, (*stock[:-1], "AS"), places, CARD_BY_INDEX, mask)
    twice = (*stock[:-1], stock[0])
    with pytest.raises(ValueError, match="twelve cards each"):
        parts(elder, dealer, twice, places, CARD_BY_INDEX, mask)
    with pytest.raises(ValueError, match="twelve cards each"):
        parts(elder, dealer, stock[:-1], places, CARD_BY_INDEX, mask)  # a card missing
    swapped = elder & ~(elder & -elder) | (dealer & -dealer)  # a dealer's card twice
    with pytest.raises(ValueError, match="twelve cards each"):
        parts(swapped, dealer, stock, places, CARD_BY_INDEX, mask)
    with pytest.raises(ValueError, match="twelve cards each"):
        parts(elder, dealer, stock, places, CARD_BY_INDEX, pq.CardSet(pq.pack(36)).mask)
    with pytest.raises(ValueError, match=r"out of 0\.\.23"):
        parts(elder, dealer, stock, (24, *places[1:]), CARD_BY_INDEX, mask)
    with pytest.raises(ValueError, match=r"out of 0\.\.23"):
        parts(elder, dealer, stock, (-1, *places[1:]), CARD_BY_INDEX, mask)
    with pytest.raises(TypeError):
        parts(elder, dealer, stock, ("0", *places[1:]), CARD_BY_INDEX, mask)
    with pytest.raises(OverflowError):
        parts(-1, dealer, stock, places, CARD_BY_INDEX, mask)
    made = parts(elder, dealer, stock, places, CARD_BY_INDEX, mask)
    assert isinstance(made, tuple) and len(made[0]) == 32


def test_the_kernel_links_a_deal_s_actions_as_the_engine_does(
    paths: Callable[[bool], None],
) -> None:
    # a state dealt again gets its history linked on in C: the same nested nodes
    from piquet.engine.redeal import _linked

    fast = _kernel(paths)
    state = pq.new_game(pq.RUBICON)
    rng = random.Random(3)
    while len(state.history) < 30:
        state = state.apply(
            state.sample_chance(rng) if state.to_move is pq.CHANCE else state.legal_actions()[0]
        )
    actions = list(state.history)
    for start in (None, (None, actions[0])):
        made = fast.linked(start, actions)  # type: ignore[attr-defined]
        assert made == _linked(start, actions)
        assert made[1] is actions[-1] and made[0][1] is actions[-2]
    assert fast.linked(state, []) is state  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="actions a list"):
        fast.linked(None, tuple(actions))  # type: ignore[attr-defined]
