"""The kernel's deal of a kept placement (``deal_parts``) against the engine's own
``arranged``: the same pack, the same setup, the same state once dealt, on random
deals of every preset; and a clear error for anything else."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import accumulate
from typing import Literal

import pytest

import piquet as pq
from piquet.actions import Deal
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


def _parts_of_redeals(
    name: str, declarations: Literal["auto", "played"]
) -> list[tuple[object, ...]]:
    """The parts :meth:`Redeal.dealt` builds states from, on random deals of a preset
    (each deal's template, dealt again with its own deal and with another player's
    view), as the engine's own build gets them."""
    from piquet.engine.redeal import Redeal, _built, resolution_of

    seen: list[tuple[object, ...]] = []

    def spy(*parts: object) -> pq.State:
        seen.append(parts)
        return _built(*parts)  # type: ignore[arg-type]

    rules = pq.RULESETS[name]
    for seed in range(6):
        rng = random.Random(seed)
        start = pq.new_game(rules, declarations=declarations)
        state = start.apply(start.sample_chance(rng))
        while state.phase is not pq.Phase.PLAY and not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is not pq.Phase.PLAY or any(
            type(a) is pq.ExchangeCount for a in state.history
        ):
            continue  # an elder's carte blanche is not dealt again
        for _ in range(seed % 4):  # some cards played
            state = state.apply(state.legal_actions()[0])
        redeal = Redeal(start, state, build=spy)
        deal = state.history[0]
        assert isinstance(deal, Deal)
        auto = resolution_of(state) if declarations == "auto" else None
        for player in pq.Player:
            hand, discard = state.hand(player).mask, state.discard(player).mask
            again = redeal.dealt(deal, player, hand, discard, auto)
            assert again == state and again.history == state.history
    return seen


@pytest.mark.parametrize("declarations", ["auto", "played"])
@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_puts_a_state_dealt_again_together_as_the_engine_does(
    name: str, declarations: Literal["auto", "played"], paths: Callable[[bool], None]
) -> None:
    # a state dealt again is put together in C from the same parts: the same records,
    # of the same classes, the same fields, a fresh box for the words said
    from piquet.engine.redeal import _built

    fast = _kernel(paths)
    every = _parts_of_redeals(name, declarations)
    assert every, "no deal reached the play"
    for parts in every:
        made: pq.State = fast.redealt(*parts)  # type: ignore[attr-defined]
        built = _built(*parts)  # type: ignore[arg-type]
        assert type(made) is type(built) and made == built
        assert made.history == built.history and made.events == built.events
        assert made._history == built._history and made._events is built._events
        for mine, theirs in zip(made._ctx, built._ctx, strict=True):
            assert type(mine) is type(theirs) and mine == theirs
        assert type(made._ctx) is type(built._ctx)
        assert made._ctx.decl.heard == [] and made._ctx.decl.heard is not built._ctx.decl.heard
        for slot in ("_to_move", "_hands", "_lead", "_tricks", "_scores", "_race"):
            assert getattr(made, slot) == getattr(built, slot)
        assert hash(made) == hash(built)  # its hash is made on first use, as the engine's


def test_the_kernel_refuses_a_malformed_redeal_clearly(paths: Callable[[bool], None]) -> None:
    fast = _kernel(paths)
    shape, *rest = _parts_of_redeals("rubicon", "played")[0]
    redealt = fast.redealt  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="a Shape and 9 parts"):
        redealt(shape, *rest[:-1])
    with pytest.raises(TypeError, match="a record's class"):
        redealt(shape._replace(context=dict), *rest)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="slots or kept fields"):
        redealt(shape._replace(kept=()), *rest)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="the exchange's fields"):
        redealt(shape._replace(exch_tail=None), *rest)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="actions, the exchange's place"):
        redealt(shape._replace(exchange_at=0), *rest)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"\(place, call\) pair"):
        redealt(shape, *rest[:-1], ((1,),))
    with pytest.raises(OverflowError):
        redealt(shape, *rest[:-1], ((10**30, None),))
    assert redealt(shape, *rest) == _parts_state(shape, rest)


def _parts_state(shape: object, rest: list[object]) -> pq.State:
    from piquet.engine.redeal import _built

    return _built(shape, *rest)  # type: ignore[arg-type]
