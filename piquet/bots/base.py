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
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..actions import Action
from ..engine import Phase, State, new_game
from ..observation import Observation
from ..rules import Ruleset
from ..words import CHANCE, Player

__all__ = [
    "Bot",
    "BotFactory",
    "BotOption",
    "Preset",
    "bot_options",
    "make",
    "names",
    "play_game",
    "register",
    "unregister",
]


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

    >>> names()[:4], 'strong' in names(), 'level1' in names()
    (('greedy', 'heuristic', 'ismcts', 'level1'), True, True)
    """
    return tuple(sorted(_REGISTRY))


@attrs.frozen
class BotOption:
    """An option a bot's factory takes: its name, its type as written and its default
    (as text: ``HeuristicBot()`` for a default made afresh for each bot)."""

    name: str
    type: str
    default: str


def _copied(options: Mapping[str, Any]) -> dict[str, Any]:
    return dict(options)


@attrs.frozen
class Preset:
    """A factory of bots of an attrs class ``kind`` (made with a ``random.Random`` first)
    with options of their own: ``Preset("level4", StrongBot, {"worlds": 2})(seed,
    **options)`` is ``StrongBot(random.Random(seed), worlds=2, **options)``, the
    caller's options over the preset's. Registered, it lists the preset's values as the
    options' defaults (:func:`bot_options`).

    >>> from piquet.bots import StrongBot
    >>> quick = Preset("quick", StrongBot, {"worlds": 2})
    >>> quick(1).worlds, quick(1, worlds=3).worlds
    (2, 3)
    """

    name: str
    kind: type[Bot]
    options: dict[str, Any] = attrs.field(factory=dict, converter=_copied)

    def __call__(self, seed: int | None, **options: Any) -> Bot:
        try:
            made: Bot = self.kind(random.Random(seed), **(self.options | options))  # type: ignore[call-arg]
        except TypeError as exc:
            raise TypeError(f"bad option for bot {self.name!r}: {exc}") from None
        return made


def bot_options(name: str) -> tuple[BotOption, ...] | None:
    """The options the bot registered as ``name`` takes, read from its factory: the
    fields of the attrs class it is annotated to return (its seed, ``rng``, aside);
    None when the factory does not say (it is then given whatever it is given).

    >>> [option.name for option in bot_options("ismcts")][:3]
    ['iterations', 'time_limit', 'exploration']
    >>> bot_options("greedy")
    ()
    """
    factory = _REGISTRY.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    preset: Mapping[str, Any] = {}
    if isinstance(factory, Preset):
        made: object = factory.kind
        preset = factory.options
    else:
        try:
            made = typing.get_type_hints(factory).get("return")
        except Exception:  # an annotation that cannot be resolved: the factory does not say
            return None
    if not (isinstance(made, type) and attrs.has(made)):
        return None
    return tuple(
        BotOption(
            field.name,
            _type_text(field.type),
            repr(preset[field.name]) if field.name in preset else _default_text(field.default),
        )
        for field in attrs.fields(made)
        if field.init and field.name != "rng"
    )


def _type_text(kind: object) -> str:
    return kind if isinstance(kind, str) else getattr(kind, "__name__", repr(kind))


def _default_text(default: object) -> str:
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        made = default.factory  # type: ignore[attr-defined]
        return f"{getattr(made, '__name__', 'a new value')}()"
    return repr(default)


def check_options(name: str, options: dict[str, Any]) -> None:
    """Raise a ValueError naming the options the bot takes when ``options`` holds one
    it does not.

    >>> check_options("pimc", {"samples": 5})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bot 'pimc' has no option 'samples'; its options: worlds, exchange_worlds, ...
    """
    accepted = bot_options(name)
    if accepted is None:
        return
    known = [option.name for option in accepted]
    unknown = sorted(set(options) - set(known))
    if unknown:
        which = ", ".join(repr(key[:40]) for key in unknown[:5])
        takes = f"its options: {', '.join(known)}" if known else "it takes none"
        plural = "s" if len(unknown) > 1 else ""
        raise ValueError(f"bot {name.lower()!r} has no option{plural} {which}; {takes}")


def make(name: str, *, seed: int | None = None, **options: Any) -> Bot:
    """A new bot by name (case-insensitive), seeded for reproducible play.

    Options are passed to the bot's factory: ``make("ismcts", seed=1, iterations=200)``;
    an option the bot does not take is a ValueError naming those it does
    (:func:`bot_options`).

    >>> bot = make("random", seed=1)
    >>> type(bot).__name__
    'RandomBot'
    >>> make("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody'; known bots: greedy, heuristic, ismcts, level1, ...
    """
    if name.lower() == "exec":  # exec:COMMAND, a program speaking the piquet protocol
        from .external import make_external

        return make_external(seed, **options)
    factory = _REGISTRY.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    if options:
        check_options(name, options)
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
