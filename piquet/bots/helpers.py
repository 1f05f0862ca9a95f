"""Helpers for bot writers: calls built and ranked from card sets, the cards a player
cannot place, and a short readable text of an observation.

Everything here takes and returns cards as :class:`~piquet.CardSet` values; no bit masks.

>>> import piquet as pq
>>> from piquet.bots import best_call
>>> str(best_call(pq.RUBICON, pq.Category.SEQUENCE, pq.cards("AS KS QS JS 10H 9H 8H")))
'call sequence AS KS QS JS'
"""

from __future__ import annotations

import functools

from ..actions import Call
from ..cards import CardSet, pack
from ..observation import Observation
from ..rules import Ruleset
from ..words import Category

__all__ = ["best_call", "call_score", "calls_in", "compare_calls", "describe", "unseen_cards"]


def calls_in(ruleset: Ruleset, category: Category, cards: CardSet) -> list[Call]:
    """Every call of ``category`` that ``cards`` can make under ``ruleset``, best first.

    A point may be called with fewer than all the cards of its suit, a quart with its
    tierces, a quatorze with its trios: they are all listed, the best first.

    >>> import piquet as pq
    >>> hand = pq.cards("AS AH AD KS KH KD 7C")
    >>> [str(call.cards) for call in calls_in(pq.RUBICON, pq.Category.SET, hand)]
    ['AS AH AD', 'KS KH KD']
    """
    rule = ruleset.category_rule(Category(category))
    claims = sorted(rule.claims(cards.mask), key=rule.key, reverse=True)
    return [Call(rule.category, CardSet.from_mask(claim)) for claim in claims]


def best_call(ruleset: Ruleset, category: Category, cards: CardSet) -> Call | None:
    """The best call of ``category`` that ``cards`` can make, or None when there is none.

    >>> import piquet as pq
    >>> str(best_call(pq.RUBICON, pq.Category.POINT, pq.cards("AH KH 9H 8H AS KS QS JS")))
    'call point AS KS QS JS'
    >>> best_call(pq.RUBICON, pq.Category.SET, pq.cards("AH KH")) is None
    True
    """
    found = calls_in(ruleset, category, cards)
    return found[0] if found else None


def compare_calls(ruleset: Ruleset, first: Call, second: Call) -> int:
    """1 when ``first`` beats ``second``, -1 when it loses to it, 0 when they are equal
    (and neither scores, R-DE-1). Both must be of the same category.

    >>> import piquet as pq
    >>> four_tens = pq.Call(pq.Category.SET, pq.cards("10S 10H 10D 10C"))
    >>> compare_calls(pq.RUBICON, four_tens, pq.Call(pq.Category.SET, pq.cards("AS AH AD")))
    1
    """
    if first.category is not second.category:
        raise ValueError(f"cannot compare a {first.category} call with a {second.category} call")
    rule = ruleset.category_rule(first.category)
    a, b = rule.key(first.cards.mask), rule.key(second.cards.mask)
    return (a > b) - (a < b)


def call_score(ruleset: Ruleset, call: Call) -> int:
    """What ``call`` scores when it is good.

    >>> import piquet as pq
    >>> call_score(pq.RUBICON, pq.Call(pq.Category.SEQUENCE, pq.cards("KH QH JH 10H 9H")))
    15
    """
    return ruleset.category_rule(call.category).score(call.cards.mask)


def unseen_cards(observation: Observation) -> CardSet:
    """The cards ``observation.player`` cannot place: those the opponent may hold, and
    the stock or discards he has not seen. Cards known to be in the opponent's hand
    (``opponent_known``, ``opponent_shown``) are included: they are not the player's.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> len(unseen_cards(state.observation(pq.Player.A)))
    20
    """
    played = [card for trick in observation.tricks for card in (trick.lead, trick.follow)]
    played += observation.trick
    mine = observation.hand | observation.discard | observation.seen_stock
    return _whole_pack(observation.ruleset.pack_size) - mine - CardSet(played)


@functools.cache
def _whole_pack(size: int) -> CardSet:
    return CardSet(pack(size))


def describe(observation: Observation) -> str:
    """A readable text of what ``observation.player`` knows: the deal, his hand by suit,
    what he knows of the opponent's and of the stock, what was said, the tricks, the
    scores, and what he may do (``str(observation)``, :func:`piquet.render_observation`).

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> print(describe(state.observation(pq.Player.A)))
    Rubicon piquet, deal 1 of 6: B deals, A is elder; you are A
    The exchange: A to move.
    A (elder)    KS 10S 8S 7S  JH 8H 7H  10D 7D  AC KC QC
    B (younger)  12 cards face down
    stock        8 cards
    score        this deal A 0, B 0; game A 0, B 0
    legal        1585 legal actions, e.g. discard KS
    """
    return str(observation)
