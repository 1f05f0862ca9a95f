"""The bot protocol, the registry of bots by name, and a loop that runs two bots.

A bot sees only its :class:`~piquet.observation.Observation`, never the state.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make, play_game
>>> final = play_game(pq.RUBICON, [make("random", seed=1), make("greedy")], random.Random(2))
>>> final.is_over, final.result.winner in (pq.Player.A, pq.Player.B, None)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..actions import Action
from ..engine import Phase, State, new_game
from ..observation import Observation
from ..rules import Ruleset
from ..words import CHANCE, Player

__all__ = ["Bot", "BotFactory", "make", "names", "play_game", "register", "unregister"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(observation) -> action``."""

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        ...


#: A bot factory: ``factory(seed, **options)`` returns a new bot.
BotFactory = Callable[..., Bot]

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make a bot known by ``name`` to :func:`make`, commands and matches.

    ``factory(seed, **options)`` builds the bot; ``seed`` is an int or None.

    >>> from piquet.bots import GreedyBot
    >>> register("cautious", lambda seed, **options: GreedyBot())
    >>> isinstance(make("cautious"), GreedyBot)
    True
    >>> unregister("cautious")
    """
    if not name or name != name.lower():
        raise ValueError(f"a bot name must be non-empty and lower case (got {name!r})")
    _REGISTRY[name] = factory


def unregister(name: str) -> None:
    """Forget the bot registered as ``name``; a KeyError if there is none.

    >>> register("cautious", lambda seed, **options: None)
    >>> unregister("cautious"); "cautious" in names()
    False
    """
    try:
        del _REGISTRY[name]
    except KeyError:
        raise KeyError(f"no bot registered as {name!r}") from None


def names() -> tuple[str, ...]:
    """The names :func:`make` knows, sorted.

    >>> names()
    ('greedy', 'heuristic', 'ismcts', 'pimc', 'random')
    """
    return tuple(sorted(_REGISTRY))


def make(name: str, *, seed: int | None = None, **options: Any) -> Bot:
    """A new bot by name (case-insensitive), seeded for reproducible play.

    Options are passed to the bot's factory: ``make("ismcts", seed=1, iterations=200)``.

    >>> bot = make("random", seed=1)
    >>> type(bot).__name__
    'RandomBot'
    >>> make("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody'; known bots: greedy, heuristic, ismcts, pimc, random
    """
    factory = _REGISTRY.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    return factory(seed, **options)


def no_options(name: str, options: dict[str, Any]) -> None:
    """Raise a clear TypeError when a bot that takes no options is given some."""
    if options:
        raise TypeError(f"bot {name!r} takes no options (got {', '.join(sorted(options))})")


def play_game(
    ruleset: Ruleset | State,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    dealer: Player = Player.B,
) -> State:
    """Play a game to its end: ``bots[0]`` is player A, ``bots[1]`` player B; chance
    comes from ``rng``. A state may be given instead of a ruleset, to play on from it.

    >>> import piquet as pq
    >>> from piquet.bots import make
    >>> play_game(pq.AU_CENT, [make("heuristic"), make("greedy")], random.Random(1)).is_over
    True
    """
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
