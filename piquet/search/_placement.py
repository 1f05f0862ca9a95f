"""The placement of the hidden cards: the cards in groups (by suit and, where it
matters, by class), each with the places it may go and the subsets the opponent's hand
may hold of it; a dynamic program counting the placements; and a uniform draw by
those counts."""

from __future__ import annotations

import bisect
import functools
import random
from collections.abc import Sequence
from math import comb
from typing import Final

import attrs

from ..cards import SUIT_BITS, SUIT_SHIFT, Card
from .native import kernel

HAND: Final = 1


DISCARD: Final = 2


STOCK: Final = 4


ALL: Final = HAND | DISCARD | STOCK


Fits = tuple[tuple[tuple[Card, ...], ...], ...]
"""fits[i]: the i-card subsets of a group that the opponent's hand may hold."""


Group = tuple[tuple[Card, ...], int, int, Fits | None]
"""A group of hidden cards: the cards, the places they may go, the most his hand may hold,
and which subsets it may hold (None: any)."""


@attrs.frozen
class Groups:
    """The hidden cards in groups, each with the places it may go, and the DP counts."""

    groups: tuple[Group, ...]
    hand_size: int
    discard_size: int
    stock_size: int
    tables: tuple[dict[tuple[int, int], int], ...] = attrs.field(eq=False, repr=False)
    options: dict[tuple[int, int, int], tuple[list[int], list[tuple[int, int]]]] = attrs.field(
        eq=False, repr=False, factory=dict
    )

    @property
    def total(self) -> int:
        """How many placements the groups allow."""
        return self.tables[0].get((self.hand_size, self.discard_size), 0)


def _hand_ways(n: int, i: int, fits: Fits | None) -> int:
    """How many i-card subsets of a group of n his hand may hold."""
    return comb(n, i) if fits is None else len(fits[i])


def count_tables(
    groups: Sequence[Group], hand_size: int, discard_size: int
) -> tuple[dict[tuple[int, int], int], ...]:
    """tables[g][(h, x)]: placements of groups g.. putting h cards in the opponent's hand
    and x in his discard (the rest in the stock)."""
    tables: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
    for cards, allowed, most, fits in reversed(groups):
        splits = _splits(len(cards), allowed, most, fits)
        here: dict[tuple[int, int], int] = {}
        get = here.get
        for (h, x), ways in tables[-1].items():
            for i, j, placements in splits:
                if h + i <= hand_size and x + j <= discard_size:
                    key = (h + i, x + j)
                    here[key] = get(key, 0) + ways * placements
        tables.append(here)
    tables.reverse()
    return tuple(tables)


def _splits(n: int, allowed: int, most: int, fits: Fits | None) -> list[tuple[int, int, int]]:
    """How a group of n cards may split: (in his hand, in his discard, the placements of
    the group's own cards so split), none of them empty. Made once a group, where each
    count carried from the groups after it made them again: making the witnesses took
    a fifth fewer instructions (callgrind, the 14 plans of the search bench that have
    them to make: 50.1 to 39.5 million)."""
    out = []
    for i in range(min(n, most) + 1) if allowed & HAND else range(1):
        in_hand = _hand_ways(n, i, fits)
        if not in_hand:
            continue
        for j in range(n - i + 1) if allowed & DISCARD else range(1):
            if n - i - j and not allowed & STOCK:
                continue
            out.append((i, j, in_hand * comb(n - i, j)))
    return out


def draw_groups(plan: Groups, rng: random.Random) -> tuple[list[Card], list[Card], list[Card]]:
    """One placement of the unseen cards by a plan's groups: the opponent's hand, the
    discard and the stock, before any check against what was heard (timed alone by
    :mod:`piquet.benchmarks.search`). In the compiled kernel when it is built and ``rng`` is
    a :class:`random.Random`: the same placement from the same random numbers."""
    if type(rng) is random.Random:
        fast = kernel("_csample")
        if fast is not None:
            placed: tuple[list[Card], list[Card], list[Card]] = fast.draw_places(
                plan.groups,
                plan.hand_size,
                plan.discard_size,
                plan.options,
                functools.partial(group_options, plan),
                rng.getrandbits,
                rng.randrange,  # past 64 bits only: randrange(n) is _randbelow(n)
            )
            return placed
    return _draw_groups(plan, rng)


def group_options(plan: Groups, g: int, h: int, x: int) -> tuple[list[int], list[tuple[int, int]]]:
    """How group ``g`` may split with ``h`` cards left for the opponent's hand and ``x``
    for his discard: the splits ``(in hand, in discard)`` and their cumulative counts of
    placements (made once, kept in ``plan.options``)."""
    key = (g, h, x)
    found = plan.options.get(key)
    if found is not None:
        return found
    cards, allowed, most, fits = plan.groups[g]
    n = len(cards)
    after = plan.tables[g + 1]
    cumulative: list[int] = []
    splits: list[tuple[int, int]] = []
    total = 0
    for i in range(min(n, most) + 1) if allowed & HAND else range(1):
        in_hand = _hand_ways(n, i, fits)
        for j in range(n - i + 1) if allowed & DISCARD else range(1):
            if n - i - j and not allowed & STOCK:
                continue
            ways = after.get((h - i, x - j), 0)
            if ways and in_hand:
                total += ways * in_hand * comb(n - i, j)
                cumulative.append(total)
                splits.append((i, j))
    found = plan.options[key] = (cumulative, splits)
    return found


def _draw_groups(plan: Groups, rng: random.Random) -> tuple[list[Card], list[Card], list[Card]]:
    """:func:`draw_groups` in Python, the reference."""
    hand: list[Card] = []
    discard: list[Card] = []
    stock: list[Card] = []
    h, x = plan.hand_size, plan.discard_size
    options = plan.options
    for g, (cards, _, _, fits) in enumerate(plan.groups):
        found = options.get((g, h, x))
        if found is None:
            found = group_options(plan, g, h, x)
        cumulative, splits = found
        if len(splits) == 1:
            i, j = splits[0]
        else:
            i, j = splits[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
        if fits is not None:
            subsets = fits[i]
            held = subsets[rng.randrange(len(subsets))] if len(subsets) > 1 else subsets[0]
            hand.extend(held)
            rest = [card for card in cards if card not in held]
            rng.shuffle(rest)
            discard.extend(rest[:j])
            stock.extend(rest[j:])
        elif i == len(cards):
            hand.extend(cards)
        elif i + j == 0:
            stock.extend(cards)
        else:
            order = rng.sample(cards, len(cards))
            hand.extend(order[:i])
            discard.extend(order[i : i + j])
            stock.extend(order[i + j :])
        h -= i
        x -= j
    return hand, discard, stock


def shift_of(card: Card) -> int:
    """Where a card's suit lies in a card-set mask."""
    return _shift_of_mask(card.mask)


def suit_bits(holding: int) -> int:
    """A one-suit holding as nine bits (bit r for rank r + 6)."""
    return holding >> _shift_of_mask(holding) & SUIT_BITS if holding else 0


def _shift_of_mask(mask: int) -> int:
    """Where the suit of a mask's highest card lies in a card-set mask."""
    low = mask.bit_length() - 1
    return low - low % SUIT_SHIFT
