"""What each action is worth: from a player's own observation, or seeing every card.

A :class:`Valuer` values the actions of a decision from what the player to decide saw
(his :class:`~piquet.Observation`), never from the cards hidden from him. The default,
:class:`PIMCValuer`, is perfect-information Monte Carlo, as :mod:`piquet.bots.pimc`
plays: it draws worlds consistent with the observation and values each action in each
world, a card played by the exact solver, a discard or a declaration by the heuristic
bot's rest of the exchange and the declarations, then the solved play. A value is in
points of the partie for the player (:func:`~piquet.search.worlds.partie_value`): deal
points, except in the deal that ends the game, where it is what the game settles at.

:func:`hindsight_values` values the same actions with every card known: the one world
that was dealt.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> values = PIMCValuer(exchange_worlds=2).values(state.observation(state.elder), random.Random(1))
>>> len(values) >= 2 and all(action in state.legal_actions() for action in values)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol, cast, runtime_checkable

import attrs

from ..actions import Action, Exchange, Play
from ..bots.heuristic import HeuristicBot
from ..bots.pimc import PIMCBot
from ..bots.rollouts import candidate_discards
from ..engine import State
from ..observation import Observation
from ..search.sampling import SamplingError, cached_plan, infer_declarations, sample_plan
from ..search.worlds import default_solver, partie_value
from ..words import Player

__all__ = [
    "PLAY_WORLDS",
    "BotValuer",
    "PIMCValuer",
    "Valuer",
    "candidate_actions",
    "draw_worlds",
    "hindsight_values",
    "phase_of",
    "valuer_named",
]

#: Worlds a card played is valued in, by the cards in the player's hand: the solver's
#: cost falls about twofold with each trick, so the last tricks get more worlds.
PLAY_WORLDS: dict[int, int] = {12: 8, 11: 8, 10: 10, 9: 12, 8: 16, 7: 16}
#: Worlds for a card played with fewer cards in hand than :data:`PLAY_WORLDS` lists.
ENDGAME_WORLDS = 20

_HEURISTIC = HeuristicBot()


@runtime_checkable
class Valuer(Protocol):
    """Values the actions of a decision from the observation of the player to decide.

    ``values(observation, rng, must)`` maps actions to their expected value for the
    player, in points: every legal action the valuer thinks worth weighing, and at least
    those of ``must`` (the action the player took, so that its loss can be told). The
    same observation and the same ``rng`` state must give the same values.
    """

    def values(
        self, observation: Observation, rng: random.Random, must: Sequence[Action] = ()
    ) -> Mapping[Action, float]: ...


def candidate_actions(
    observation: Observation, must: Sequence[Action] = (), discards: int = 4, others: int = 6
) -> list[Action]:
    """The actions worth weighing at a decision, those of ``must`` included: every card
    in the play; in the exchange, ``discards`` candidate discards
    (:func:`~piquet.bots.rollouts.candidate_discards`); elsewhere (the declarations,
    leaving cards) every legal action when there are at most ``others``, else the
    heuristic bot's choice, the answers without cards (pass, good, equal), then the
    calls with the most cards, ``others`` in all.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> len(candidate_actions(state.observation(state.elder), discards=3))
    3
    """
    legal = list(observation.legal_actions)
    if not legal:
        raise ValueError(f"{observation.player} has nothing to decide: not his turn")
    for action in must:
        if action not in legal:
            raise ValueError(f"{action} is not a legal action of {observation.player}")
    if isinstance(legal[0], Play):
        return legal
    if isinstance(legal[0], Exchange):
        found: list[Action] = list(candidate_discards(observation, discards))
    elif len(legal) <= others:
        found = legal
    else:
        found = [_HEURISTIC.choose(observation)]
        by_cards = sorted(legal, key=lambda a: len(getattr(a, "cards", ()) or ()) or 99)
        for action in reversed(by_cards):
            if len(found) >= others:
                break
            if action not in found:
                found.append(action)
    return found + [action for action in must if action not in found]


@attrs.define
class PIMCValuer:
    """Perfect-information Monte Carlo, the valuation of :class:`piquet.bots.pimc.PIMCBot`.

    ``play_worlds``: worlds for a card played (default: by the cards in hand,
    :data:`PLAY_WORLDS`); one world when the player can place every card;
    ``exchange_worlds``, ``declaration_worlds``: worlds for a discard and for a
    declaration; ``discards``, ``others``: how many actions are weighed
    (:func:`candidate_actions`); ``declarations``: the game's declaration mode,
    ``"played"`` or ``"auto"``, a rule both players know (None: inferred by the
    sampler).

    >>> PIMCValuer(play_worlds=4).worlds_for(12, "play"), PIMCValuer().worlds_for(3, "play")
    (4, 20)
    """

    play_worlds: int | None = None
    exchange_worlds: int = 8
    declaration_worlds: int = 6
    discards: int = 4
    others: int = 6
    declarations: str | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("play_worlds", "exchange_worlds", "declaration_worlds", "discards", "others"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < 1):
                raise ValueError(f"{name} must be a whole number of at least 1 (got {value!r})")
        if self.declarations not in (None, "played", "auto"):
            raise ValueError(f"declarations must be 'played' or 'auto' (got {self.declarations!r})")

    def worlds_for(self, cards_in_hand: int, phase: str) -> int:
        """The worlds a decision of ``phase`` (``"play"``, ``"discard"`` or
        ``"declaration"``) is valued in."""
        if phase == "play":
            if self.play_worlds is not None:
                return self.play_worlds
            return PLAY_WORLDS.get(cards_in_hand, ENDGAME_WORLDS)
        return self.exchange_worlds if phase == "discard" else self.declaration_worlds

    def values(
        self, observation: Observation, rng: random.Random, must: Sequence[Action] = ()
    ) -> dict[Action, float]:
        """The mean value of each candidate action over worlds drawn from
        ``observation`` with ``rng``."""
        actions = candidate_actions(observation, must, self.discards, self.others)
        me = observation.player
        phase = phase_of(actions[0])
        count = self.worlds_for(len(observation.hand), phase)
        if phase == "play" and _nothing_hidden(observation):
            count = 1
        bot = PIMCBot(rng)
        totals = dict.fromkeys(actions, 0.0)
        for world in draw_worlds(observation, rng, count, self.declarations):
            for action, value in _world_values(world, me, actions, bot).items():
                totals[action] += value
        return {action: total / count for action, total in totals.items()}


@attrs.define
class BotValuer:
    """A bot that values actions as a :class:`Valuer`: ``make(name, seed=..., **options)``
    (:func:`piquet.bots.make`) must give a bot with a method ``values(observation)`` that
    maps the actions it weighs to their expected value for the player (the strong bot's
    :meth:`values`). A new bot is made for each decision, seeded from ``rng``.

    When the bot did not weigh the action played (a discard it did not think of), its
    best action and the action played are valued against each other by ``fallback``
    (default :class:`PIMCValuer`), in the same worlds, and those two values are returned.

    >>> import random
    >>> import piquet as pq
    >>> BotValuer("greedy").values(pq.new_game().observation(pq.Player.A), random.Random(1))
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy' cannot value actions: it has no values(observation) method
    """

    name: str
    options: dict[str, object] = attrs.field(factory=dict)
    fallback: Valuer | None = None

    def bot(self, seed: int) -> Callable[[Observation], Mapping[Action, float]]:
        """The ``values`` method of a new bot seeded with ``seed``."""
        from ..bots import make

        method = getattr(make(self.name, seed=seed, **self.options), "values", None)
        if not callable(method):
            raise ValueError(
                f"bot {self.name!r} cannot value actions: it has no values(observation) method"
            )
        return cast(Callable[[Observation], Mapping[Action, float]], method)

    def values(
        self, observation: Observation, rng: random.Random, must: Sequence[Action] = ()
    ) -> Mapping[Action, float]:
        found = self.bot(rng.getrandbits(64))(observation)
        if all(action in found for action in must):
            return found
        best = max(found, key=found.__getitem__)
        fallback = self.fallback if self.fallback is not None else PIMCValuer()
        both = fallback.values(observation, rng, (best, *must))
        return {action: both[action] for action in (best, *must)}


def valuer_named(name: str, worlds: int | None = None) -> Valuer:
    """The valuer of a command line's ``--valuer NAME``: ``pimc`` (the default valuation,
    ``worlds`` a decision when given), or a bot that values actions (:class:`BotValuer`).

    >>> valuer_named("pimc", 3).play_worlds
    3
    """
    if name.lower() == "pimc":
        if worlds is None:
            return PIMCValuer()
        return PIMCValuer(play_worlds=worlds, exchange_worlds=worlds, declaration_worlds=worlds)
    options: dict[str, object] = {} if worlds is None else {"worlds": worlds}
    valuer = BotValuer(name.lower(), options)
    valuer.bot(0)  # an unknown bot, or one that cannot value, is refused now
    return valuer


def draw_worlds(
    observation: Observation, rng: random.Random, count: int, declarations: str | None = None
) -> Iterator[State]:
    """``count`` worlds consistent with ``observation``, drawn with ``rng`` alone.

    The sampler's cached plan learns from its past draws how best to draw (it may turn
    to the witnesses of the declarations), so two calls of
    :func:`~piquet.search.sampling.sample_state` with equal random streams may draw
    different worlds, as the process drew others before. An analysis must not depend on
    what was analysed before, nor on the process: each decision draws from a plan of its
    own.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> seen = state.observation(pq.Player.A)
    >>> [w.observation(pq.Player.A) == seen for w in draw_worlds(seen, random.Random(1), 2)]
    [True, True]
    """
    mode = infer_declarations(observation) if declarations is None else declarations
    if mode not in ("played", "auto"):
        raise ValueError(f"declarations must be 'played' or 'auto' (got {mode!r})")
    plan = cached_plan(observation, mode)
    for _ in range(count):
        if not plan.dealt:
            yield plan.start
            continue
        world, _ = sample_plan(plan, rng, _MAX_TRIES)
        if world is None:
            raise SamplingError(
                f"no world consistent with {observation.player}'s observation found in "
                f"{_MAX_TRIES} draws"
            )
        yield world


_MAX_TRIES = 10_000


def _world_values(
    world: State, me: Player, actions: Sequence[Action], bot: PIMCBot
) -> dict[Action, float]:
    """Each action's value for ``me`` in one world with every card known."""
    if isinstance(actions[0], Play):
        values = default_solver()(world, every_value=True).values
        return {action: partie_value(world, me, values[action]) for action in actions}
    return {action: bot.value(world.apply(action), me) for action in actions}


def hindsight_values(
    state: State, must: Sequence[Action] = (), discards: int = 4, others: int = 6
) -> dict[Action, float]:
    """The value of each candidate action of the player to move in ``state``, seeing
    every card: in the play, the exact solver's value of every card; in the exchange and
    the declarations, the candidates of :func:`candidate_actions` each followed by the
    heuristic bot's rest of the exchange and the declarations, then the solved play, in
    the one world that was dealt (the stock too is known).

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> values = hindsight_values(state, discards=2)
    >>> len(values)
    2
    """
    mover = state.to_move
    if not isinstance(mover, Player):
        raise ValueError("hindsight_values needs a state where a player is to move")
    actions = candidate_actions(state.observation(mover), must, discards, others)
    return _world_values(state, mover, actions, PIMCBot(random.Random(0)))


def phase_of(action: Action) -> str:
    """The part of a deal an action belongs to in an analysis: ``"play"`` for a card
    played, ``"discard"`` for the exchange (discards, a carte blanche's count, cards
    left), ``"declaration"`` for the rest.

    >>> import piquet as pq
    >>> phase_of(pq.parse_action("play AS")), phase_of(pq.parse_action("good point"))
    ('play', 'declaration')
    """
    name = type(action).__name__
    if name == "Play":
        return "play"
    if name in ("Exchange", "ExchangeCount", "Leave"):
        return "discard"
    return "declaration"


def _nothing_hidden(observation: Observation) -> bool:
    """True when the cards the player cannot see are all in the opponent's hand."""
    from ..bots.helpers import unseen_cards

    return len(unseen_cards(observation)) == observation.opponent_hand_size
