"""The worlds the search bots draw: sampled states, the end of a deal, and what a
finished deal is worth to a player.

A *world* is a whole state consistent with what a player knows, drawn by
:func:`piquet.search.sampling.sample_state`. The search bots take the sampler and the
solver as options (``sampler=``, ``solver=``) so that tests and experiments can put
others in.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> end = state.rollout(random.Random(1))
>>> is_deal_over(end), is_deal_over(state)
(True, False)
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from typing import Any, cast

import attrs

from ..actions import Play
from ..engine import IllegalActionError, Phase, State
from ..observation import Observation
from ..words import CHANCE, Player
from ._observed import plays_of

__all__ = [
    "Sampler",
    "Solver",
    "Worlds",
    "default_sampler",
    "default_solver",
    "is_deal_over",
    "partie_value",
    "reward",
    "solved_reward",
    "totals_after_deal",
]

#: Draws a state consistent with an observation: ``sampler(observation, rng) -> State``.
Sampler = Callable[[Observation, random.Random], State]


#: The exact value of a play-phase state with every card known, like
#: :func:`piquet.search.solver.solve`: ``solver(state).value`` is the deal score of the player to
#: move minus the opponent's at the end of the deal, and ``solver(state,
#: every_value=True).values`` maps every legal card to its value.
Solver = Callable[..., Any]


#: Deal-score margins are squashed by ``tanh(margin / DEAL_SCALE)`` into a reward.
DEAL_SCALE = 40.0


#: The share of the game's outcome in the reward of the game's last deal.
OUTCOME_WEIGHT = 0.8


def default_sampler() -> Callable[..., State]:
    """:func:`piquet.search.sampling.sample_state`, imported when first needed."""
    return cast(
        Callable[..., State], _tool("piquet.search.sampling", "sample_state", "pass sampler=...")
    )


def default_solver() -> Solver:
    """:func:`piquet.search.solver.solve`, imported when first needed."""
    return cast(
        Solver, _tool("piquet.search.solver", "solve", "pass solver=... or evaluator='rollout'")
    )


def _tool(module: str, name: str, instead: str) -> Any:
    # Imported by name and late: the search tools sit beside the bots, not below them.
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise RuntimeError(f"this bot needs {module}.{name}; {instead} to use another") from exc


@attrs.define
class Worlds:
    """Draws the worlds of one bot: with ``sampler`` when given, else with
    :func:`piquet.search.sampling.sample_state`, telling it the game's declaration mode once the
    bot has seen it. An observation does not say whether declarations are played; a bot
    that was asked to declare knows they are.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> world = Worlds().draw(state.observation(pq.Player.A), random.Random(1))
    >>> world.observation(pq.Player.A) == state.observation(pq.Player.A)
    True

    With ``carry``, the worlds drawn for one decision of a deal's play are carried over
    to the next: each is played on by the cards played since, and kept when it still
    gives the player's observation; the next decision takes those first and samples
    only the rest. A world drawn uniformly among those consistent with the earlier
    observation, and kept when consistent with the later one, is uniform among those
    consistent with the later one (each is the earlier world of exactly one, the player
    forgetting nothing he saw), so the worlds are drawn as before, at the cost of
    playing a few cards and reading one observation where a sample replays the deal.
    ``carried`` counts the worlds carried over. Only worlds drawn by the default
    sampler are carried (another sampler's need not be uniform).
    """

    sampler: Sampler | None = None
    declarations: str | None = None
    """``"played"`` or ``"auto"`` once the bot has seen which, else None (the sampler
    then infers it)."""
    carry: bool = False
    carried: int = attrs.field(default=0, init=False)
    """Worlds carried over from one decision to the next so far (with ``carry``)."""
    _exchanged: set[int] = attrs.field(factory=set, init=False)
    _declared: set[int] = attrs.field(factory=set, init=False)
    _decision: Observation | None = attrs.field(default=None, init=False)
    _drawn: list[State] = attrs.field(factory=list, init=False)
    _kept: list[State] = attrs.field(factory=list, init=False)

    def note(self, observation: Observation) -> None:
        """Learn what an observation shows of the game's declaration mode: a player asked
        to declare knows they are played; one who was asked to discard in a deal and
        reaches its play without being asked to declare knows they are automatic (with
        played declarations both players speak in every category)."""
        deal = observation.deal_number
        if observation.phase is Phase.EXCHANGE and observation.legal_actions:
            self._exchanged.add(deal)
        elif observation.phase is Phase.DECLARATION:
            self._declared.add(deal)
            self.declarations = "played"
        elif observation.phase is Phase.PLAY and deal in self._exchanged:
            self.declarations = "played" if deal in self._declared else "auto"

    def draw(self, observation: Observation, rng: random.Random) -> State:
        """A world consistent with ``observation``."""
        if not self.carry or self.sampler is not None:
            return self._sample(observation, rng)
        if observation is not self._decision and observation != self._decision:
            self._next_decision(observation)
        world = self._kept.pop() if self._kept else self._sample(observation, rng)
        self._drawn.append(world)
        return world

    def _next_decision(self, observation: Observation) -> None:
        """Start drawing for ``observation``: keep the worlds of the last decision that,
        played on by the cards played since in the same deal, give it."""
        before, drawn = self._decision, self._drawn
        self._decision, self._drawn, self._kept = observation, [], []
        if (
            before is None
            or observation.phase is not Phase.PLAY
            or before.phase is not Phase.PLAY
            or before.player != observation.player
            or before.deal_number != observation.deal_number
        ):
            return
        played_before, played = plays_of(before)[0], plays_of(observation)[0]
        if played[: len(played_before)] != played_before:
            return
        since = [Play(card) for card in played[len(played_before) :]]
        player = observation.player
        for world in drawn:
            try:
                for play in since:
                    world = world.apply(play)
            except IllegalActionError:  # the opponent played a card he did not hold there
                continue
            if world.observation(player) == observation:
                self._kept.append(world)
        self.carried += len(self._kept)

    def _sample(self, observation: Observation, rng: random.Random) -> State:
        if self.sampler is not None:
            return self.sampler(observation, rng)
        self.note(observation)
        sample = default_sampler()
        first = self.declarations
        if first is None:
            try:
                return sample(observation, rng)  # the sampler infers the mode
            except ValueError:
                first = "auto"
        # What the bot learned (or what the sampler inferred) cannot explain the
        # observation: try the other mode before giving up.
        for mode in (first, "played" if first == "auto" else "auto"):
            try:
                world = sample(observation, rng, declarations=mode)
            except ValueError:
                continue
            self.declarations = mode
            return world
        raise RuntimeError(
            f"no world is consistent with {observation.player}'s observation in either "
            "declaration mode"
        )


def is_deal_over(state: State) -> bool:
    """True when the deal of ``state`` is over: the next deal is to be dealt, or the game
    is over (a race may end in the middle of a deal)."""
    return state.to_move is CHANCE or state.to_move is None


def reward(state: State, player: Player) -> float:
    """The reward of a finished deal for ``player``, in [-1, 1]: ``tanh`` of his
    deal-score margin over ``DEAL_SCALE``; when the game is over, mostly its outcome (won
    1, drawn 0, lost -1, weighted ``OUTCOME_WEIGHT``) and a little of that margin.

    >>> import random
    >>> import piquet as pq
    >>> from piquet.bots.rollouts import rollout
    >>> state = pq.new_game()
    >>> end = rollout(state.apply(state.sample_chance(random.Random(0))), random.Random(1))
    >>> round(reward(end, pq.Player.A), 3), end.deal_scores
    (-0.314, (11, 24))
    """
    scores = state.deal_scores
    margin = math.tanh((scores[player] - scores[player.other]) / DEAL_SCALE)
    result = state.result
    if result is None:
        return margin
    outcome = 0.0 if result.winner is None else 1.0 if result.winner is player else -1.0
    # The outcome first; the deal's margin still tells a narrow loss from a heavy one.
    return OUTCOME_WEIGHT * outcome + (1 - OUTCOME_WEIGHT) * margin


def solved_reward(state: State, player: Player, solver: Solver) -> float | None:
    """The reward :func:`reward` would give ``player`` at the end of the deal of
    ``state`` under best play by both, from the exact solver; None when the solver does
    not apply (not the play phase) or cannot say who wins the game (a race to a target,
    where the order of the points matters, not only their difference).
    """
    rules = state.ruleset
    if state.phase is not Phase.PLAY or rules.game.target is not None:
        return None
    mover = state.to_move
    assert isinstance(mover, Player)
    value: int = solver(state).value
    margin = value if mover is player else -value
    squashed = math.tanh(margin / DEAL_SCALE)
    scores, now = state.scores, state.deal_scores
    lead = scores[player] - scores[player.other] - (now[player] - now[player.other]) + margin
    # Only the difference is known; a partie's end depends on the deals and a tie only.
    if not rules.game.over_after_deal(state.deal_number, (max(lead, 0), max(-lead, 0))):
        return squashed
    outcome = (lead > 0) - (lead < 0)
    return OUTCOME_WEIGHT * outcome + (1 - OUTCOME_WEIGHT) * squashed


def partie_value(state: State, player: Player, margin: float) -> float:
    """What a deal ending with ``player`` ahead by ``margin`` deal points (behind when
    negative) is worth to him, in points of the partie, from ``state`` in that deal.

    Before the last deal of a partie a deal point is a point: the value is ``margin``.
    In a deal after which the game ends, the value is what the game settles at, won
    (positive) or lost (negative): the partie's bonus, the difference of the totals, and
    the loser's total again when he stays under the rubicon (R-GM-1), so that a bot
    plays to win the partie, or to save the rubicon, rather than for deal points. Only
    the margin is known, so the points still to come are reckoned to the side they
    favour. A race to a target (R-GM-2), whose winner depends on the order of the
    points, is valued by the margin too.

    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> partie_value(state, pq.Player.A, 12)  # the first deal of six: a point is a point
    12.0
    """
    rules = state.ruleset.game
    if rules.target is not None:
        return float(margin)
    final = totals_after_deal(state, player, margin)
    ahead = final[0] - final[1]
    if not rules.over_after_deal(state.deal_number, (max(ahead, 0), max(-ahead, 0))):
        return float(margin)
    # Indexed (player, opponent): "Player.A" below is the player.
    winner, points = rules.settle(final, None)
    if winner is None:
        return 0.0
    return float(points if winner is Player.A else -points)


def totals_after_deal(state: State, player: Player, margin: float) -> tuple[int, int]:
    """The partie's totals, (``player``'s, the opponent's), when the deal of ``state``
    ends with ``player`` ahead by ``margin`` deal points: only the margin is known, so
    the points still to come in the deal are reckoned to the side they favour.

    >>> import piquet as pq
    >>> totals_after_deal(pq.new_game(), pq.Player.A, -7)
    (0, 7)
    """
    mine, theirs = state.scores[player], state.scores[player.other]
    now = state.deal_scores
    rest = round(margin) - (now[player] - now[player.other])
    return mine + max(rest, 0), theirs + max(-rest, 0)
