"""Bots: players that choose an action from an observation, and a loop to run them.

A bot sees only its :class:`~piquet.observation.Observation`, never the state.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import GreedyBot, RandomBot, play_game
>>> final = play_game(pq.RUBICON, [RandomBot(random.Random(1)), GreedyBot()], random.Random(2))
>>> final.is_over, final.result.winner in (pq.Player.A, pq.Player.B, None)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from .actions import (
    Action,
    Call,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from .cards import Card, CardSet
from .ledger import CHANCE, Player
from .observation import Observation
from .ruleset import Ruleset
from .state import Phase, State, new_game

__all__ = ["Bot", "GreedyBot", "RandomBot", "make", "names", "play_game", "register"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(observation) -> action``."""

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        ...


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


#: A bot factory: ``factory(seed, **options)`` returns a new bot.
BotFactory = Callable[..., Bot]

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make a bot known by ``name`` to :func:`make`, commands and matches.

    ``factory(seed, **options)`` builds the bot; ``seed`` is an int or None.

    >>> register("cautious", lambda seed, **options: GreedyBot())
    >>> isinstance(make("cautious"), GreedyBot)
    True
    >>> del _REGISTRY["cautious"]
    """
    if not name or name != name.lower():
        raise ValueError(f"a bot name must be non-empty and lower case (got {name!r})")
    _REGISTRY[name] = factory


def names() -> tuple[str, ...]:
    """The names :func:`make` knows, sorted.

    >>> "random" in names() and "greedy" in names()
    True
    """
    return tuple(sorted(_REGISTRY))


def make(name: str, *, seed: int | None = None, **options: Any) -> Bot:
    """A new bot by name (case-insensitive), seeded for reproducible play.

    >>> bot = make("random", seed=1)
    >>> type(bot).__name__
    'RandomBot'
    >>> make("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody'; known bots: greedy, random
    """
    factory = _REGISTRY.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    return factory(seed, **options)


def _no_options(name: str, options: dict[str, Any]) -> None:
    if options:
        raise TypeError(f"bot {name!r} takes no options (got {', '.join(sorted(options))})")


def _make_random(seed: int | None, **options: Any) -> Bot:
    _no_options("random", options)
    return RandomBot(random.Random(seed))


def _make_greedy(seed: int | None, **options: Any) -> Bot:
    _no_options("greedy", options)
    return GreedyBot()


register("random", _make_random)
register("greedy", _make_greedy)


def play_game(
    ruleset: Ruleset | State,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    dealer: Player = Player.B,
) -> State:
    """Play a game to its end: ``bots[0]`` is player A, ``bots[1]`` player B; chance
    comes from ``rng``. A state may be given instead of a ruleset, to play on from it."""
    if len(bots) != 2:
        raise ValueError(f"play_game needs two bots, got {len(bots)}")
    state = ruleset if isinstance(ruleset, State) else new_game(ruleset, dealer=dealer)
    while state.phase is not Phase.OVER:
        mover = state.to_move
        if mover is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            assert isinstance(mover, Player)
            state = state.apply(bots[mover].choose(state.observation(mover)))
    return state
