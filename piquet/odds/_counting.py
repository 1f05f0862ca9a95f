"""The chances counted by formula: of taking in named cards (:func:`take_in`) and of
carte blanche in a dealt hand (:func:`carte_blanche`)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from ..cards import EMPTY, CardSet

HAND_SIZE: Final = 12
"""Cards dealt to each player, whatever the pack (R-DL-1)."""


# --------------------------------------------------------------------------- take_in


def take_in(
    wanted: CardSet | Sequence[CardSet],
    *,
    taking: int,
    unseen: int | CardSet,
    at_least: int | Sequence[int] = 1,
) -> Fraction:
    """The chance of taking in at least ``at_least`` of the ``wanted`` cards.

    ``taking`` cards are taken from ``unseen`` cards (a number, or the unseen cards
    themselves), every choice equally likely. ``wanted`` may be one card set, or a
    sequence of disjoint card sets with ``at_least`` a sequence of minimums of the same
    length: the chance of at least so many of each ("an ace and a king"). The count is
    exact (a multivariate hypergeometric sum), never sampled.

    The elder, taking five of the twenty cards he has not seen, and the younger, taking
    three (Cavendish's table, see :doc:`/odds`):

    >>> from piquet import cards
    >>> aces = cards("AS AH AD AC")
    >>> take_in(aces, taking=5, unseen=20)  # one at least of four named cards
    Fraction(232, 323)
    >>> take_in(aces, taking=5, unseen=20, at_least=3)  # three at least of four
    Fraction(31, 969)
    >>> take_in([cards("AS"), cards("KS")], taking=3, unseen=20, at_least=[1, 1])
    Fraction(3, 190)
    >>> take_in(aces, taking=5, unseen=3)
    Traceback (most recent call last):
    ...
    ValueError: taking: 5 cards cannot be taken from 3 unseen
    """
    groups, minimums = _groups(wanted, at_least)
    _check_count("taking", taking)
    if isinstance(unseen, CardSet):
        outside = [g for g in groups if not g <= unseen]
        if outside:
            missing = CardSet(card for g in outside for card in g - unseen)
            raise ValueError(f"wanted: {missing} not among the unseen cards")
        unseen_count = len(unseen)
    else:
        _check_count("unseen", unseen)
        unseen_count = unseen
    if taking > unseen_count:
        raise ValueError(f"taking: {taking} cards cannot be taken from {unseen_count} unseen")
    sizes = [len(g) for g in groups]
    if sum(sizes) > unseen_count:
        raise ValueError(f"wanted: {sum(sizes)} wanted cards but only {unseen_count} unseen")
    return _multi_hypergeometric(sizes, minimums, taking, unseen_count)


def _groups(
    wanted: CardSet | Sequence[CardSet], at_least: int | Sequence[int]
) -> tuple[list[CardSet], list[int]]:
    """Check ``wanted`` and ``at_least`` and return them as matching lists."""
    if isinstance(wanted, CardSet):
        if not isinstance(at_least, int) or isinstance(at_least, bool):
            raise ValueError(f"at_least: one card set wants one whole number (got {at_least!r})")
        groups, minimums = [wanted], [at_least]
    else:
        groups = list(wanted)
        if not groups or not all(isinstance(g, CardSet) for g in groups):
            raise ValueError(f"wanted: a CardSet or a non-empty sequence of them (got {wanted!r})")
        if isinstance(at_least, int):
            raise ValueError("at_least: several card sets want a sequence of minimums, one each")
        minimums = list(at_least)
        if len(minimums) != len(groups):
            raise ValueError(
                f"at_least: {len(minimums)} minimums for {len(groups)} sets of wanted cards"
            )
    seen = EMPTY
    for group, minimum in zip(groups, minimums, strict=True):
        if not group.isdisjoint(seen):
            raise ValueError(f"wanted: the sets of wanted cards overlap in {group & seen}")
        seen |= group
        _check_count("at_least", minimum)
        if minimum > len(group):
            raise ValueError(f"at_least: {minimum} of {len(group)} cards ({group}) is impossible")
    return groups, minimums


def _check_count(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name}: must be a whole number >= 0 (got {value!r})")


def _multi_hypergeometric(
    sizes: Sequence[int], minimums: Sequence[int], taking: int, unseen: int
) -> Fraction:
    """P(at least ``minimums[i]`` of group ``i`` for every i) drawing ``taking`` of
    ``unseen`` cards, the groups disjoint with ``sizes`` cards: a sum over how many of
    each group are taken, the rest from the cards of no group."""
    rest = unseen - sum(sizes)
    favourable = 0
    ranges = [range(m, min(s, taking) + 1) for s, m in zip(sizes, minimums, strict=True)]
    for counts in itertools.product(*ranges):
        others = taking - sum(counts)
        if 0 <= others <= rest:
            ways = math.comb(rest, others)
            for size, count in zip(sizes, counts, strict=True):
                ways *= math.comb(size, count)
            favourable += ways
    return Fraction(favourable, math.comb(unseen, taking))


# --------------------------------------------------------------------------- carte blanche


def carte_blanche(pack_size: int = 32, *, either_player: bool = False) -> Fraction:
    """The chance of carte blanche (no king, queen or knave, R-CB-1) in a dealt hand.

    For a named player by default; ``either_player``: that one or both of the two dealt
    hands is blank (both may be, only with 36 cards).

    >>> carte_blanche(32), carte_blanche(32, either_player=True)
    (Fraction(323, 578956), Fraction(323, 289478))
    >>> from piquet.odds import odds_text
    >>> odds_text(carte_blanche(36))
    '462 to 1 against'
    """
    if pack_size not in (32, 36):
        raise ValueError(f"pack_size: must be 32 or 36 (got {pack_size!r})")
    plain = pack_size - 12  # every pack has twelve court cards
    named = Fraction(math.comb(plain, HAND_SIZE), math.comb(pack_size, HAND_SIZE))
    if not either_player:
        return named
    both = named * Fraction(
        math.comb(plain - HAND_SIZE, HAND_SIZE), math.comb(pack_size - HAND_SIZE, HAND_SIZE)
    )
    return 2 * named - both
