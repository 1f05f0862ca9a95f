"""The fast search's tables: each trick's net points for its leader, who wins it,
the cards and capot at the end of the deal, and the bounds of the rest of a deal
(the least and the most the leader can make of it)."""

from __future__ import annotations

import functools

import attrs

from ..cards import CARD_BY_INDEX
from ..rules.combinations import COUNTERS_MASK
from ._solver_rules import INF, SUIT_BASE, PlayRules


@attrs.frozen(eq=False)
class FastTables:
    net: tuple[int, ...]  # by lead << 6 | follow: the leader's points minus the follower's
    follower_wins: tuple[bool, ...]  # by lead << 6 | follow
    end: tuple[int, ...]  # by a player's tricks at the end: his net points for cards, capot
    lower: Bounds  # the least the leader can make of the rest (see Bounds)
    upper: Bounds  # the most
    counted: bool  # whether the bounds use the counters each player holds


@functools.lru_cache(maxsize=64)
def fast_tables(rules: PlayRules) -> FastTables:
    indices = [c.index for c in CARD_BY_INDEX if c is not None]
    net = [0] * (64 * 64)
    wins = [False] * (64 * 64)
    for lead in indices:
        for follow in indices:
            if lead != follow:
                taken = follow & SUIT_BASE == lead & SUIT_BASE and follow > lead
                points = rules.trick_points[(lead, follow)]
                net[lead << 6 | follow] = rules.lead_points[lead] + (-points if taken else points)
                wins[lead << 6 | follow] = taken
    already = rules.cards if rules.cards_toward_pique else 0

    def cards(count: int) -> int:
        if count == 12:
            return rules.capot - already
        return rules.cards if count > 6 and not rules.cards_toward_pique else 0

    end = tuple(cards(count) - cards(12 - count) for count in range(13))
    pairs = [(lead, follow) for lead in indices for follow in indices if lead != follow]
    # the counters a trick holds bound its points (winner takes the counters: they are
    # its points, seen from its winner); where they do not, the bounds leave them out
    exact = all(
        (-net[i << 6 | j] if wins[i << 6 | j] else net[i << 6 | j]) == _counters(i, j)
        for i, j in pairs
    )
    bounded = all(abs(net[i << 6 | j]) <= _counters(i, j) for i, j in pairs)
    shape = Shape(
        # a trick's points (the leader's net) when its leader wins it, and when he loses it
        kept=[net[i << 6 | j] for i, j in pairs if not wins[i << 6 | j]],
        lost=[net[i << 6 | j] for i, j in pairs if wins[i << 6 | j]],
        last=[rules.last_points[i] for i in indices],
        end=end,
        seventh=rules.cards if rules.cards_toward_pique else 0,
        counters="exact" if exact else "bounded" if bounded else "",
    )
    return FastTables(
        tuple(net),
        tuple(wins),
        end,
        Bounds(shape, False),
        Bounds(shape, True),
        bool(shape.counters),
    )


def _counters(lead: int, follow: int) -> int:
    mask: int = COUNTERS_MASK
    return (mask >> lead & 1) + (mask >> follow & 1)


@attrs.frozen(eq=False)
class Shape:
    """What bounds the points of the rest of a deal (see :class:`Bounds`)."""

    kept: list[int]
    lost: list[int]
    last: list[int]
    end: tuple[int, ...]
    seventh: int
    counters: str  # "exact": a trick's points are its counters, for its winner;

    # "bounded": no more than its counters, either way; "": no relation


class Bounds(dict[int, int]):
    """The least (or the most) the leader can make of the rest of the deal (his points
    minus the other's), by (his tricks won * 13 + tricks left) << 24 | his counters << 16
    | the follower's counters << 8 | sure tricks. For the least, the sure tricks are
    his (he leads and wins them first); for the most, the follower's. The bound is over
    every count x of tricks he may win, of the most or least the tricks can bring
    (following who leads each, and the counters where they decide the points), the last
    trick, the cards or capot, and the cards at the seventh trick. Filled as met."""

    def __init__(self, shape: Shape, most: bool) -> None:
        super().__init__()
        self.shape = shape
        self.most = most
        self.sums = _trick_sums(shape.kept, shape.lost, shape.last)

    def __missing__(self, key: int) -> int:
        # every count of sure tricks at once: the rest is the same for them all
        shape = self.shape
        won, left = divmod(key >> 24, 13)
        mine, theirs = key >> 16 & 0xFF, key >> 8 & 0xFF
        other = 12 - left - won
        # the seventh trick may fall to either
        sevenths = shape.seventh if won < 7 <= won + left or other < 7 <= other + left else 0
        most, least = self.sums
        counters = mine + theirs
        exact = shape.counters == "exact"
        values = []
        if self.most:
            found = []
            for x in range(left + 1):
                last = max(shape.last) if x else -min(shape.last)
                points = most[left * 13 + x]
                if exact:
                    points = min(points, 2 * (min(x, mine) + min(x, theirs)) - counters + last)
                elif shape.counters:
                    points = min(points, counters + last)
                found.append(points + shape.end[won + x] + sevenths)
            # the follower sure to win that many: the leader wins left - sure at most
            values = [max(found[: left - min(sure, left) + 1]) for sure in range(16)]
        else:
            kept, last_least = min(shape.kept), min(shape.last)
            floors = []
            for x in range(left + 1):
                last = last_least if x == left else -max(shape.last)
                if exact:
                    taken = max(0, mine - (left - x)) + max(0, theirs - (left - x))
                    floors.append(2 * taken - counters + last)
                elif shape.counters:
                    floors.append(-counters + last)
                else:
                    floors.append(-INF)
            for sure in range(min(left, 15) + 1):
                # he leads and wins his sure tricks first, then x - sure more
                values.append(
                    min(
                        max(
                            sure * kept
                            + (least[(left - sure) * 13 + x - sure] if sure < left else last_least),
                            floors[x],
                        )
                        + shape.end[won + x]
                        - sevenths
                        for x in range(sure, left + 1)
                    )
                )
            values += [values[-1]] * (16 - len(values))
        start = key & ~0xFF
        for sure, value in enumerate(values):
            self[start | sure] = value
        return values[key & 0xFF]


def _trick_sums(kept: list[int], lost: list[int], last: list[int]) -> tuple[list[int], list[int]]:
    """By tricks * 13 + x: the most and the least a player on lead can score (his points
    minus the other's) in that many tricks winning x of them, from the points a trick
    can bring its leader when he wins it (``kept``) and when he loses it (``lost``), and
    the last trick's points for its winner: each trick's points follow who leads it, and
    the winner of a trick leads the next."""
    tables = []
    for pick, other in ((max, min), (min, max)):
        # a trick's points for the player, as he or the other leads and he wins or not
        mine_won, mine_lost = pick(kept), pick(lost)
        theirs_won, theirs_lost = -other(lost), -other(kept)
        last_won, last_lost = pick(last), -other(last)
        # by (tricks, x, whether he leads): the best sum; absent where impossible
        best: dict[tuple[int, int, bool], int] = {(0, 0, True): 0, (0, 0, False): 0}
        for tricks in range(1, 13):
            end = tricks == 1
            for x in range(tricks + 1):
                for leads in (True, False):
                    options = []
                    if x and (tricks - 1, x - 1, True) in best:
                        points = mine_won if leads else theirs_won
                        options.append(
                            points + (last_won if end else 0) + best[tricks - 1, x - 1, True]
                        )
                    if x < tricks and (tricks - 1, x, False) in best:
                        points = mine_lost if leads else theirs_lost
                        options.append(
                            points + (last_lost if end else 0) + best[tricks - 1, x, False]
                        )
                    if options:
                        best[tricks, x, leads] = pick(options)
        tables.append([best.get((t, x, True), 0) for t in range(13) for x in range(13)])
    return tables[0], tables[1]
