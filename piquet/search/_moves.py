"""The solver's moves: one card per run of equivalent cards, in the order most likely
to cut the search (masters, the lowest card, the others), and each suit's entry of the
fast search (its code, counters, sure tricks, leads with their answers, throws)."""

from __future__ import annotations

import functools

from ..cards import SUIT_BITS, SUIT_SHIFT
from ._solver_rules import COUNTERS9


@functools.lru_cache(maxsize=1 << 16)
def answer_order(mine: int, in_play: int, base: int, classes: bool, table: int) -> tuple[int, ...]:
    """The follower's cards of the suit led, best guesses first: the lowest card that
    wins, then the lowest card, then the others."""
    cards = representatives(mine, in_play, base, classes, table)
    lead = base + table
    winners = [c for c in cards if c > lead]
    first = [winners[-1]] if winners else []
    if cards[-1] not in first:
        first.append(cards[-1])
    return (*first, *(c for c in cards if c not in first))


def lead_order(hand: int, in_play: int, classes: bool) -> tuple[int, ...]:
    """The leader's cards, best guesses first: masters (the highest card left of a
    suit), then the lowest of each suit, then the others."""
    s0 = suit_leads(hand & SUIT_BITS, in_play & SUIT_BITS, 0, classes)
    s1 = suit_leads((hand >> 16) & SUIT_BITS, (in_play >> 16) & SUIT_BITS, 16, classes)
    s2 = suit_leads((hand >> 32) & SUIT_BITS, (in_play >> 32) & SUIT_BITS, 32, classes)
    s3 = suit_leads(hand >> 48, in_play >> 48, 48, classes)
    return (
        s0[0] + s1[0] + s2[0] + s3[0] + s0[1] + s1[1] + s2[1] + s3[1]
        + s0[2] + s1[2] + s2[2] + s3[2]
    )  # fmt: skip


@functools.lru_cache(maxsize=1 << 16)
def suit_leads(
    mine: int, in_play: int, base: int, classes: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """One suit's leads: (its master, its lowest card, the others)."""
    if not mine:
        return (), (), ()
    cards = representatives(mine, in_play, base, classes, -1)
    master: tuple[int, ...] = ()
    if mine.bit_length() == in_play.bit_length():
        master, cards = (cards[0],), cards[1:]
    if not cards:
        return master, (), ()
    return master, (cards[-1],), cards[:-1]


@functools.lru_cache(maxsize=1 << 16)
def suit_code(classes: bool, mine: int, theirs: int) -> int:
    """A suit's cards left, high to low, each as whose it is (and, where counters score
    apart, whether it is one), in base 4 after a leading 1: equal codes play alike."""
    code = 1
    both = mine | theirs
    for b in range(8, -1, -1):
        if both >> b & 1:
            digit = (2 if theirs >> b & 1 else 0) + ((COUNTERS9 >> b & 1) if classes else 0)
            code = code * 4 + digit
    return code


def all_representatives(hand: int, in_play: int, classes: bool) -> tuple[int, ...]:
    """Every card of the hand, one per run of equivalent cards, suit by suit."""
    return (
        representatives(hand & SUIT_BITS, in_play & SUIT_BITS, 0, classes, -1)
        + representatives((hand >> 16) & SUIT_BITS, (in_play >> 16) & SUIT_BITS, 16, classes, -1)
        + representatives((hand >> 32) & SUIT_BITS, (in_play >> 32) & SUIT_BITS, 32, classes, -1)
        + representatives(hand >> 48, in_play >> 48, 48, classes, -1)
    )


@functools.lru_cache(maxsize=1 << 16)
def representatives(
    mine: int, in_play: int, base: int, classes: bool, table: int
) -> tuple[int, ...]:
    """The highest card of each run of ``mine`` that no other card in play (or the card
    on the table) interrupts and, where counters score apart, of one scoring class."""
    others = (in_play & ~mine) | ((1 << table) if table >= 0 else 0)
    out: list[int] = []
    previous_mine = False
    previous_class = -1
    for b in range(8, -1, -1):
        if mine >> b & 1:
            card_class = (COUNTERS9 >> b & 1) if classes else 0
            if not (previous_mine and card_class == previous_class):
                out.append(base + b)
            previous_mine = True
            previous_class = card_class
        elif others >> b & 1:
            previous_mine = False
    return tuple(out)


def _sure_tricks(mine: int, theirs: int) -> int:
    """In a suit (each player's nine bits): the tricks the leader is sure to win in it
    by leading his masters (all his cards if the follower has no more cards of the suit
    than he has masters: the follower has to play them), plus 16 for each trick the
    follower is sure to win in it: as many as he holds masters, up to the leader's
    cards of the suit. Summed over the suits, the follower's count holds: he keeps
    those masters, wins with one when their suit is led and, on lead, cashes them all
    (the leader has to follow); whenever he must throw on a suit he is void of, the
    leader holds at least as many cards of those suits as he has masters left, and the
    card led besides, so he has a card besides his masters to throw."""
    count = 0
    for b in range(8, -1, -1):
        if mine >> b & 1:
            count += 1
        elif theirs >> b & 1:
            break
    if theirs.bit_count() <= count:
        # his masters draw all the follower's cards of the suit: the rest are masters
        return mine.bit_count()
    if not mine:
        return count
    masters = 0
    for b in range(8, -1, -1):
        if theirs >> b & 1:
            masters += 1
        elif mine >> b & 1:
            break
    return count + 16 * min(masters, mine.bit_count())


Move = tuple[int, tuple[int, ...] | None]  # a lead, and the answers (None: a discard)


SuitEntry = tuple[
    int, tuple[Move, ...], tuple[Move, ...], tuple[Move, ...], tuple[int, ...], tuple[int, ...]
]


@functools.lru_cache(maxsize=16)
def suit_table(suit: int, classes: bool, counted: bool) -> list[SuitEntry | None]:
    """What the fast search needs of one suit, by the leader's nine bits << 9 | the
    follower's (None until met, then :func:`fill_suit`'s)."""
    return [None] * (1 << 18)


def fill_suit(
    table: list[SuitEntry | None], suit: int, classes: bool, counted: bool, pair: int
) -> SuitEntry:
    """One suit's entry: its code (the cards left, high to low, as whose each is and,
    where counters score apart, whether it is one: equal codes play alike) << 24 | the
    leader's counters << 16 | the follower's << 8 | the sure tricks (see
    :func:`_sure_tricks`); the leader's leads, one per run of equivalent cards, in three
    groups (the master, the lowest card, the others), each with the follower's answers
    in likely order (None: he has none of the suit); and the follower's cards, one per
    run, to throw when void of a suit led (his lowest, then the others, low to high: the
    lowest of each suit are tried first)."""
    code, groups, throws = _suit_entry(classes, counted, pair)
    base = suit * SUIT_SHIFT
    moves = tuple(
        tuple(
            (base + lead, None if answers is None else tuple(base + card for card in answers))
            for lead, answers in group
        )
        for group in groups
    )
    found = table[pair] = (
        code,
        moves[0],
        moves[1],
        moves[2],
        tuple(base + c for c in throws[:1]),
        tuple(base + c for c in throws[1:]),
    )
    return found


@functools.lru_cache(maxsize=1 << 15)
def _suit_entry(
    classes: bool, counted: bool, pair: int
) -> tuple[int, tuple[tuple[Move, ...], ...], tuple[int, ...]]:
    """:func:`fill_suit`'s entry with the cards as bits within the suit, for any suit."""
    mine, theirs = pair >> 9, pair & SUIT_BITS
    in_play = mine | theirs
    groups = tuple(
        tuple(
            (lead, answer_order(theirs, in_play, 0, classes, lead) if theirs else None)
            for lead in group
        )
        for group in suit_leads(mine, in_play, 0, classes)
    )
    code = suit_code(classes, mine, theirs) << 24 | _sure_tricks(mine, theirs)
    if counted:
        code |= (mine & COUNTERS9).bit_count() << 16 | (theirs & COUNTERS9).bit_count() << 8
    throws = tuple(reversed(representatives(theirs, in_play, 0, classes, -1)))
    return code, groups, throws
