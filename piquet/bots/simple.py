"""Two simple bots: one that chooses at random, one that plays by a few rules of thumb.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import GreedyBot, RandomBot, play_game
>>> final = play_game(pq.RUBICON, [RandomBot(random.Random(1)), GreedyBot()], random.Random(2))
>>> final.is_over, final.result.winner in (pq.Player.A, pq.Player.B, None)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from ..actions import (
    Action,
    Call,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from ..cards import Card, CardSet
from ..observation import Observation
from .base import no_options

__all__ = ["GreedyBot", "RandomBot"]


@attrs.define
class RandomBot:
    """Chooses uniformly among the legal actions.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> RandomBot(random.Random(0)).choose(state.observation(state.elder)) in state.legal_actions()
    True
    """

    rng: random.Random = attrs.field(factory=random.Random)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)


def _keep_value(card: Card, hand: CardSet) -> int:
    """How much a card is worth keeping: its rank, its suit's length, its company."""
    suit = hand.suit(card.suit)
    same_rank = hand.ranks(card.rank)
    value = int(card.rank) * 2 + len(suit) * 3
    neighbours = sum(1 for other in suit if abs(int(other.rank) - int(card.rank)) == 1)
    value += neighbours * 4
    if len(same_rank) >= 3 and card.rank.is_counter:
        value += 12
    return value


@attrs.define
class GreedyBot:
    """Plays by simple rules of thumb: keeps long suits, sequences and sets; calls its
    best; wins a trick cheaply when it can, else throws its lowest card.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> GreedyBot().choose(state.observation(state.elder))
    Exchange(discard=CardSet.parse('7S 8H 7H 10D 7D'))
    """

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        first = legal[0]
        if isinstance(first, ExchangeCount):
            return legal[-1]
        if isinstance(first, Leave):
            return Leave(LeftCards.LOOK)
        if isinstance(first, Exchange):
            return self._discard(observation, legal)
        if isinstance(first, Reckon):
            return first  # every further combination
        if isinstance(first, Play):
            return self._play(observation, legal)
        return self._declare(observation, legal)

    def _discard(self, observation: Observation, legal: Sequence[Action]) -> Action:
        sizes = sorted({len(a.discard) for a in (legal[0], legal[-1]) if isinstance(a, Exchange)})
        count = sizes[-1]
        if observation.player != observation.elder:
            count = max(sizes[0], min(count, 3))  # the younger guards his hand
        hand = observation.hand
        ranked = sorted(hand, key=lambda c: _keep_value(c, hand))
        return Exchange(CardSet(ranked[:count]))

    def _declare(self, observation: Observation, legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            rule = observation.ruleset.category_rule(calls[0].category)
            return max(calls, key=lambda c: rule.key(c.cards.mask))
        equal = next((a for a in legal if isinstance(a, Equal)), None)
        if equal is not None:  # no better claim now: hear the elder's next word (R-DE-1a)
            return equal
        for action in legal:
            if isinstance(action, (Good, Pass)):
                return action
        return legal[0]

    def _play(self, observation: Observation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if not observation.trick:  # leading: the top card of the longest suit
            hand = observation.hand
            return max(plays, key=lambda p: (len(hand.suit(p.card.suit)), int(p.card.rank)))
        lead = observation.trick[0]
        winners = [p for p in plays if p.card.suit is lead.suit and p.card.rank > lead.rank]
        if winners:
            return min(winners, key=lambda p: int(p.card.rank))
        return min(plays, key=lambda p: int(p.card.rank))


def make_random(seed: int | None, **options: object) -> RandomBot:
    """The factory behind ``make("random", seed=...)``."""
    no_options("random", dict(options))
    return RandomBot(random.Random(seed))


def make_greedy(seed: int | None, **options: object) -> GreedyBot:
    """The factory behind ``make("greedy")``; the greedy bot has no randomness."""
    no_options("greedy", dict(options))
    return GreedyBot()
