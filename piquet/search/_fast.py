"""The solver's hot loop: the search once no pique is open and no race's target is
near, a negamax over tricks from the leader's side on flat tables."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..cards import SUIT_BITS
from ._fast_tables import fast_tables
from ._moves import Move, fill_suit, suit_table
from ._solver_rules import HIGH_HALF, INF, SUIT_BASE, PlayRules, trick_classes

FastSearch = Callable[[int, int, int, int], int]


def fast_search(rules: PlayRules) -> tuple[FastSearch, Callable[[], int]]:
    """The search once no pique is open and no race target is near, as a function of
    (the leader's cards, the follower's, the leader's tricks won, beta) testing whether
    the value of the rest of the deal for the leader (his points minus the other's)
    reaches beta, fail-soft: a value >= beta is a lower bound of it, a value < beta an
    upper bound (every search of the solver is such a zero-window test); and a function
    counting the positions it searched.

    Seen from the leader, a position does not depend on which player he is, so the
    search is a negamax over tricks: one frame a trick (the lead, then the answers), the
    scores from flat tables, the last two tricks valued directly. Its transposition
    table keys a position by each suit's cards left, high to low, as whose each is (and,
    where counters score apart, whether it is one), the suits sorted (no trumps), with
    the count of tricks reduced to the class of outcomes it leads to."""
    tables = fast_tables(rules)
    net, follower_wins = tables.net, tables.follower_wins
    seventh = rules.cards if rules.cards_toward_pique else 0
    trick_class = trick_classes(rules)
    lower, upper = tables.lower, tables.upper
    two = last_two_tricks(rules)
    suit0, suit1, suit2, suit3 = (
        suit_table(suit, rules.classes, tables.counted) for suit in range(4)
    )
    fill0, fill1, fill2, fill3 = (
        functools.partial(fill_suit, table, suit, rules.classes, tables.counted)
        for suit, table in enumerate((suit0, suit1, suit2, suit3))
    )
    table: dict[tuple[int, ...], tuple[int, int, Move]] = {}
    get = table.get
    nodes = 0

    # One function a position, kept whole on purpose: a position costs about 3.1 us (a
    # solve of twelve tricks searches about 2,700 of them), and a call of eight
    # arguments returning a pair about 0.065 us, so each part split out into a function
    # of its own would cost 2% or more of the solver's time (measured on the 2-core dev
    # machine, CPython 3.11).
    def fast(mine: int, theirs: int, won: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        left = mine.bit_count()
        if left == 2:
            return two(mine, theirs, won)
        p = (mine & SUIT_BITS) << 9 | theirs & SUIT_BITS
        e = suit0[p]
        k0, m0, l0, o0, f0, r0 = e if e is not None else fill0(p)
        p = (mine >> 7 & HIGH_HALF) | (theirs >> 16 & SUIT_BITS)
        e = suit1[p]
        k1, m1, l1, o1, f1, r1 = e if e is not None else fill1(p)
        p = (mine >> 23 & HIGH_HALF) | (theirs >> 32 & SUIT_BITS)
        e = suit2[p]
        k2, m2, l2, o2, f2, r2 = e if e is not None else fill2(p)
        p = (mine >> 39 & HIGH_HALF) | (theirs >> 48)
        e = suit3[p]
        k3, m3, l3, o3, f3, r3 = e if e is not None else fill3(p)
        # the low byte: sure tricks (the follower's by 16s); then the counters of each
        total = k0 + k1 + k2 + k3
        at = (won * 13 + left) << 24 | total & 0xFFFF00
        bound = upper[at | (total & 0xFF) >> 4]
        if bound < beta:
            return bound
        bound = lower[at | total & 15]
        if bound >= beta:
            return bound
        # no trumps: the suits are interchangeable, so their order is not in the key
        key = (*sorted((k0, k1, k2, k3)), trick_class[won * 13 + left])
        entry = get(key)
        first = None
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high < beta:
                return high
        moves = (*m0, *m1, *m2, *m3, *l0, *l1, *l2, *l3, *o0, *o1, *o2, *o3)
        if first is not None and moves[0] is not first and first in moves:
            at = moves.index(first)
            moves = (first, *moves[:at], *moves[at + 1 :])
        discards = None
        other = 12 - left - won
        best = -INF
        best_move = moves[0]
        for move in moves:
            lead, answers = move
            rest = mine ^ 1 << lead
            if answers is None:
                if discards is None:
                    discards = (*f0, *f1, *f2, *f3, *r0, *r1, *r2, *r3)
                answers = discards
            worst = INF
            row = lead << 6
            for card in answers:
                index = row | card
                if follower_wins[index]:
                    count = other + 1
                    points = net[index] - seventh if count == 7 else net[index]
                    if left == 3:
                        value = points - two(theirs ^ 1 << card, rest, count)
                    else:
                        value = points - fast(theirs ^ 1 << card, rest, count, points - beta + 1)
                else:
                    count = won + 1
                    points = net[index] + seventh if count == 7 else net[index]
                    if left == 3:
                        value = points + two(rest, theirs ^ 1 << card, count)
                    else:
                        value = points + fast(rest, theirs ^ 1 << card, count, beta - points)
                if value < worst:
                    worst = value
                    if value < beta:
                        break
            if worst > best:
                best = worst
                best_move = move
                if best >= beta:
                    break
        # fail-soft: at least best if it reached beta, else at most best
        if entry is not None:
            low, high = entry[0], entry[1]
        else:
            low, high = -INF, INF
        if best >= beta:
            low = best
        else:
            high = best
        table[key] = (low, high, best_move)
        return best

    def searched() -> int:
        return nodes

    return fast, searched


def last_two_tricks(rules: PlayRules) -> Callable[[int, int, int], int]:
    """The value of the last two tricks for their leader, as a function of (the
    leader's two cards, the follower's two, the leader's tricks won): each of his two
    leads against each legal answer, the last trick then forced."""
    tables = fast_tables(rules)
    net, follower_wins, end, last_points = (
        tables.net,
        tables.follower_wins,
        tables.end,
        rules.last_points,
    )
    seventh = rules.cards if rules.cards_toward_pique else 0

    def last(mine: int, theirs: int, won: int) -> int:
        index = (mine.bit_length() - 1) << 6 | (theirs.bit_length() - 1)
        if follower_wins[index]:
            count = 12 - won
            value = net[index] - last_points[theirs.bit_length() - 1] - end[count]
            return value - seventh if count == 7 else value
        count = won + 1
        value = net[index] + last_points[mine.bit_length() - 1] + end[count]
        return value + seventh if count == 7 else value

    def two(mine: int, theirs: int, won: int) -> int:
        high = mine.bit_length() - 1
        low = (mine ^ 1 << high).bit_length() - 1
        their_high = theirs.bit_length() - 1
        their_low = (theirs ^ 1 << their_high).bit_length() - 1
        other = 10 - won
        best = -INF
        for lead, keep in ((high, low), (low, high)):
            base = lead & SUIT_BASE
            follows_high = their_high & SUIT_BASE == base
            answers: tuple[tuple[int, int], ...]
            if follows_high != (their_low & SUIT_BASE == base):
                answers = ((their_high, their_low),) if follows_high else ((their_low, their_high),)
            else:
                answers = ((their_high, their_low), (their_low, their_high))
            worst = INF
            for card, rest in answers:
                index = lead << 6 | card
                if follower_wins[index]:
                    count = other + 1
                    value = net[index] - last(1 << rest, 1 << keep, count)
                    if count == 7:
                        value -= seventh
                else:
                    count = won + 1
                    value = net[index] + last(1 << keep, 1 << rest, count)
                    if count == 7:
                        value += seventh
                if value < worst:
                    worst = value
            if worst > best:
                best = worst
        return best

    return two
