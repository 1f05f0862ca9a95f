"""What automatic declarations tell of the opponent's hand: his point was his best
suit and his best sequence what was heard of it, so no suit of his beats them."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

from ..cards import SUIT_BITS, Card
from ..observation import Observation
from ..rules import (
    CategoryRule,
    PointByLength,
    PointByValue,
    SuitedSequences,
)
from ..rules.words import number_word
from ..words import Category
from ._observed import AFTER_DECLARATIONS, Declarations
from ._placement import Fits


def point_limit(
    observation: Observation, declarations: Declarations, own: int
) -> tuple[str, int] | None:
    """With automatic declarations the opponent's point was his best suit, so no suit of
    his (after the exchange) beat it: ("length", most cards) for the point by length,
    ("pips", most pips) for the Ruff. His point's measure when shown or said, else the
    observer's, which was at least as good. None when nothing limits it."""
    rules = observation.ruleset
    rule = rules.point
    if declarations != "auto" or observation.phase not in AFTER_DECLARATIONS:
        return None
    if isinstance(rule, PointByLength):
        kind = "length"
    elif isinstance(rule, PointByValue):
        kind = "pips"
    else:
        return None
    opponent = observation.player.other
    said = [
        s
        for s in observation.spoken
        if s.category is Category.POINT and s.player == opponent and s.verb in ("call", "good")
    ]
    if not said:
        return None
    if said[0].shown is not None:
        return kind, rule.key(said[0].shown.mask)[0]
    if said[0].verb == "call":  # not shown: its words tell its measure (R-DE-6)
        words = said[0].words
        if kind == "pips":
            last = words.split()[-1]
            return (kind, int(last)) if last.isdigit() else None
        for length in range(12, 0, -1):
            if words.startswith(f"point of {number_word(length)}"):
                return kind, length
        return None
    mine = rule.combinations(own)  # he conceded: no better than the observer's
    return (kind, rule.key(mine[0])[0]) if mine else None


def most_in_hand(limit: tuple[str, int], suit_known: list[Card], hidden: Sequence[Card]) -> int:
    """How many of a suit's hidden cards his hand can hold under the point's limit."""
    kind, bound = limit
    if kind == "length":
        return max(0, bound - len(suit_known))
    total = sum(card.pips for card in suit_known)
    most = 0
    for pips in sorted(card.pips for card in hidden):
        total += pips
        if total > bound:
            break
        most += 1
    return most


def limited_fits(
    known: int, hidden: Sequence[Card], most: int, checks: Sequence[Callable[[int], bool]]
) -> Fits:
    """The subsets of a suit's hidden cards his hand may hold, with the cards of the suit
    known to be his, under every check (a holding of the suit, as a card-set mask)."""
    return tuple(
        tuple(
            subset
            for subset in itertools.combinations(hidden, size)
            if all(check(known | sum(card.mask for card in subset)) for check in checks)
        )
        for size in range(min(len(hidden), most) + 1)
    )


def worth_at_most(rule: CategoryRule, bound: int, holding: int) -> bool:
    """A suit worth no more than ``bound`` (the Ruff, R-DE-2a)."""
    return rule.key(holding)[0] <= bound


def runs_limit(
    observation: Observation, declarations: Declarations, own: int
) -> tuple[bool, ...] | None:
    """With automatic declarations and sequences in one suit, the opponent's best sequence
    is what was heard of it, so no suit of his holds a better one: for each nine-bit
    holding of a suit, whether it may be his. None when nothing limits it."""
    rules = observation.ruleset
    rule = rules.category_rule(Category.SEQUENCE)
    if (
        declarations != "auto"
        or observation.phase not in AFTER_DECLARATIONS
        or not isinstance(rule, SuitedSequences)
    ):
        return None
    opponent = observation.player.other
    said = next(
        (s for s in observation.spoken if s.category is Category.SEQUENCE and s.player == opponent),
        None,
    )
    if said is None:
        return None
    if said.verb == "pass":
        return _runs_table(rule, None, False)
    if said.verb == "good":  # his best, if any, lost to the observer's (R-DE-3)
        mine = rule.combinations(own)
        return _runs_table(rule, rule.key(mine[0]), True) if mine else None
    if said.shown is not None:
        return _runs_table(rule, rule.key(said.shown.mask), False)
    heard = [c for c in rule.claims(SUIT_BITS) if rule.spoken(c, None) == said.words]
    return _runs_table(rule, rule.key(heard[0]), False) if heard else None


@functools.lru_cache(maxsize=64)
def _runs_table(
    rule: CategoryRule, bound: tuple[int, ...] | None, strict: bool
) -> tuple[bool, ...]:
    """For each nine-bit holding of one suit: whether its sequences all rank below
    ``bound`` (``strict``) or at most ``bound``; with no bound, whether it has none."""
    table = []
    for bits in range(SUIT_BITS + 1):
        runs = rule.combinations(bits)
        if not runs:
            table.append(True)
        elif bound is None:
            table.append(False)
        else:
            best = max(rule.key(run) for run in runs)
            table.append(best < bound if strict else best <= bound)
    return tuple(table)
