"""A sampler's proposal: a placement of the hidden cards drawn uniformly and checked
against the words heard with automatic declarations (the check that drops most
placements that fail, before any is dealt), and the stock's order of a placement kept.
The kernel makes each in one call where it is built; the pure path is the reference."""

from __future__ import annotations

import functools
import random
from typing import Final

from ..cards import CARD_BY_INDEX, Card, mask_of, trusted_cardset
from ..engine.heard import auto_words_of, auto_words_of_duel
from ..words import Category
from ._duels import duel_table
from ._observed import deal_elder
from ._placement import draw_groups, group_options
from ._plan import Plan
from .native import kernel

__all__ = [
    "Proposed",
    "heard_again",
    "heard_by_category",
    "proposal",
    "propose_args",
    "stock_in_order",
    "words_heard",
]


Proposed = tuple[int, int, list[Card], tuple[int, ...] | None]
"""A placement: the opponent's hand after the exchange (his plays too) and his discard,
as masks, the hidden cards left in the stock, and the fields of the duels of automatic
declarations when the kernel made them (as :func:`._duels.duel_fields`), else None."""


def proposal(plan: Plan, rng: random.Random, tries: int = 1) -> tuple[Proposed | None, int]:
    """A placement of the hidden cards drawn uniformly and not contradicting the words
    heard, checked first (they reject most placements that fail, and cost little), in
    at most ``tries`` proposals, and the proposals it took (None and ``tries`` when all
    were rejected). In the kernel when it is built and ``rng`` is a
    :class:`random.Random`: the same placement (of the plain groups or the witnesses)
    from the same random numbers, its masks made and its duels looked up in the same
    call, and the proposals that the duels' words already checked reject made again
    there (in Python, four calls and two sums a proposal were a fifth of a sample's
    time with automatic declarations; returning each rejected proposal to Python, 1.7 a
    sample, cost as much again as the kernel's work)."""
    groups = plan.groups
    assert groups is not None
    witnesses = plan.witnessed[0] if plan.witnessed else None
    fast = kernel("_csample") if type(rng) is random.Random else None
    used = 0
    if fast is not None:
        placing, checking = plan.propose_args[0] if plan.propose_args else propose_args(plan)
        table = checking[2]  # the duel table; None: the words are the engine's
        witnessing = None if witnesses is None else witnesses.kernel_args(plan.opponent_known)
        while used < tries:
            # randrange serves past 64 bits only: randrange(n) is _randbelow(n)
            made: tuple[tuple[int, int, list[Card], tuple[int, ...] | None, bool], int] | None = (
                fast.propose(
                    *placing, rng.getrandbits, rng.randrange, *checking, tries - used, witnessing
                )
            )
            if made is None:
                return None, tries
            (after_exchange, discard, stock_cards, duels, checked), proposals = made
            used += proposals
            if plan.auto_heard is not None:
                if duels is not None:
                    if not checked and not _remember_heard(plan, duels, after_exchange):
                        continue
                elif table is None and not words_heard(plan, after_exchange):
                    continue
            return (after_exchange, discard, stock_cards, duels), used
        return None, tries
    while used < tries:
        used += 1
        placed = (
            draw_groups(groups, rng)
            if witnesses is None
            else witnesses.draw(plan.opponent_known, rng)
        )
        if placed is None:
            continue
        hand_cards, discard_cards, stock_cards = placed
        after_exchange = plan.opponent_known | sum(map(mask_of, hand_cards))
        if plan.auto_heard is not None and not heard_again(plan, after_exchange):
            continue
        return (after_exchange, sum(map(mask_of, discard_cards)), stock_cards, None), used
    return None, tries


def propose_args(plan: Plan) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The arguments of the kernel's ``propose`` but the random stream's, kept on the
    plan: made at every proposal, they were 1,600 of its 29,000 instructions."""
    groups = plan.groups
    assert groups is not None
    table = None if plan.auto_heard is None else duel_table(plan.observation.ruleset)
    placing = (
        groups.groups,
        groups.hand_size,
        groups.discard_size,
        groups.options,
        functools.partial(group_options, groups),
    )
    checking = (
        plan.opponent_known,
        CARD_BY_INDEX,
        table,
        plan.own_held,
        plan.observer_elder,
        plan.heard_by_duels,
    )
    plan.propose_args.append((placing, checking))
    return placing, checking


def heard_again(plan: Plan, opponent_hand: int) -> bool:
    """Whether automatic declarations from this hand of the opponent's (and the
    observer's) say aloud what the observer heard: each category's best holdings, the
    elder first (R-DE-6 words), resolved by the engine's own tables.

    The words follow from the duels' outcomes and best combinations alone: with the
    kernel, those come from its ``auto_duels`` and the answer is remembered by them (the
    engine's duels and words took 7 µs a proposal, the kernel's duels and a look-up
    under one; with 2.6 proposals a sample, a tenth of a sample's time)."""
    rules = plan.observation.ruleset
    fast = kernel("_csample")
    table = None if fast is None else duel_table(rules)
    if fast is None or table is None:
        return words_heard(plan, opponent_hand)
    if plan.observer_elder:
        duels = fast.auto_duels(table, plan.own_held, opponent_hand)
    else:
        duels = fast.auto_duels(table, opponent_hand, plan.own_held)
    heard = plan.heard_by_duels.get(duels)
    return _remember_heard(plan, duels, opponent_hand) if heard is None else heard


def _remember_heard(plan: Plan, duels: tuple[int, ...], opponent_hand: int) -> bool:
    """Whether the words of these duels (the opponent holding ``opponent_hand``) are
    the words heard, worked out category by category (:func:`heard_by_category`) and
    remembered by the duels."""
    heard = heard_by_category(plan, duels)
    if heard is None:
        heard = words_heard(plan, opponent_hand)
    known = plan.heard_by_duels
    if len(known) < _HEARD_KEPT:
        known[duels] = heard
    return heard


_CATEGORIES: Final = tuple(Category)  # the order of the duels and of the words said


def heard_by_category(plan: Plan, duels: tuple[int, ...]) -> bool | None:
    """:func:`words_heard` of the hands whose duels (the kernel's fields) these are,
    category by category: each category's two words follow from its own duel alone
    (``engine.heard.auto_words_of_duel``), so each is checked once for each of its
    duels met, where the duels of all three were each new far more often (a new duel's
    words took a tenth of a sample's time with automatic declarations, over the bench's
    twenty samples a fresh plan). None when the words heard are not two a category."""
    heard = plan.auto_heard
    assert heard is not None
    if len(heard) != 2 * len(_CATEGORIES):
        return None
    rules = plan.observation.ruleset
    elder = plan.observation.player if plan.observer_elder else plan.observation.player.other
    known = plan.heard_by_category
    for at, category in enumerate(_CATEGORIES):
        duel = (duels[3 * at], duels[3 * at + 1], duels[3 * at + 2])
        key = (at, *duel)
        answer = known.get(key)
        if answer is None:
            first, second = auto_words_of_duel(rules, elder, category, duel)
            answer = first[3] == heard[2 * at][3] and second[3] == heard[2 * at + 1][3]
            if len(known) < _HEARD_KEPT:
                known[key] = answer
        if not answer:
            return False
    return True


# the duels remembered a plan (a few hundred met in a thousand samples)
_HEARD_KEPT: Final = 1 << 14


def words_heard(plan: Plan, opponent_hand: int) -> bool:
    """:func:`heard_again` by the engine's duels and words, the reference."""
    heard = plan.auto_heard
    assert heard is not None
    observation = plan.observation
    elder = deal_elder(observation)
    if plan.observer_elder:
        said = auto_words_of(observation.ruleset, elder, plan.own_held, opponent_hand)
    else:
        said = auto_words_of(observation.ruleset, elder, opponent_hand, plan.own_held)
    return len(said) == len(heard) and all(
        words[3] == words_heard[3] for words, words_heard in zip(said, heard, strict=True)
    )


def stock_in_order(
    plan: Plan, after_exchange: int, stock_cards: list[Card], rng: random.Random
) -> tuple[int, tuple[Card, ...]] | None:
    """The cards the opponent took from the stock (a mask) and the stock in order, top
    card first, once a placement is kept (the opponent holding ``after_exchange`` after
    the exchange, ``stock_cards`` hidden in the stock); None when his hand cannot hold
    what he took. In the kernel when it is built and ``rng`` is a
    :class:`random.Random`: the same order from the same random numbers, in a fifth of
    the time (:func:`_opponent_taken` and :func:`_stock` took 7 us a kept placement)."""
    fast = kernel("_csample") if type(rng) is random.Random else None
    if fast is None:
        taken = _opponent_taken(plan, after_exchange, rng)
        if taken is None:
            return None
        return sum(map(mask_of, taken)), tuple(_stock(plan, taken, stock_cards, rng))
    fixed = plan.fixed_taken
    fixed_mask = sum(map(mask_of, fixed))
    extra = plan.opponent_taken - len(fixed) if plan.opponent_taken else -1
    if plan.opponent_taken and extra < 0:
        return None
    ordered: tuple[int, tuple[Card, ...]] | None = fast.stock_order(
        after_exchange & ~fixed_mask & ~plan.dealt_known,
        extra,
        fixed,
        fixed_mask,
        plan.own_taken,
        plan.seen_rest,
        stock_cards,
        plan.observer_elder,
        CARD_BY_INDEX,
        rng.getrandbits,
        rng.randrange,  # past 64 bits only: randrange(n) is _randbelow(n)
    )
    return ordered


def _opponent_taken(plan: Plan, after_exchange: int, rng: random.Random) -> list[Card] | None:
    """The cards the opponent took from the stock, in the order he took them: the seen
    ones he took and others of his hand, drawn; None when his hand cannot hold them."""
    if not plan.opponent_taken:
        return []
    fixed = plan.fixed_taken
    fixed_mask = sum(map(mask_of, fixed))
    pool = list(trusted_cardset(after_exchange & ~fixed_mask & ~plan.dealt_known))
    extra = plan.opponent_taken - len(fixed)
    if extra < 0 or extra > len(pool):
        return None
    drawn = rng.sample(pool, extra)
    taken = list(fixed)
    rng.shuffle(taken)
    rng.shuffle(drawn)
    return taken + drawn


def _stock(
    plan: Plan, opponent_taken: list[Card], stock_cards: list[Card], rng: random.Random
) -> list[Card]:
    """The stock in order: the elder's cards taken first, then the younger's, then the
    rest (the seen cards nobody took and the unseen ones left)."""
    own_taken = list(plan.own_taken)
    rng.shuffle(own_taken)
    seen_rest = list(plan.seen_rest)
    rng.shuffle(seen_rest)
    rng.shuffle(stock_cards)
    if plan.observer_elder:
        rest = seen_rest + stock_cards
        return own_taken + opponent_taken + rest
    rest = seen_rest + stock_cards
    rng.shuffle(rest)
    return opponent_taken + own_taken + rest
