"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

One tree, keyed by the actions played since the decision, holds the moves of both
players. Each iteration draws a world consistent with the bot's observation (a
*determinization*), walks down the tree choosing among the actions available in that
world by UCB1 with availability counts, adds one node, finishes the deal with a rollout,
and backs the reward up, each node scored for the player who moved into it.

The tree branches on the cards played and, in the exchange, on a few candidate discards
(:func:`~piquet.bots.worlds.candidate_discards`); the declarations are left to the
heuristic bot. The reward is the deal-score margin squashed into [-1, 1], or the game's
outcome when the game ends in the deal.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make, play_game
>>> bot = make("ismcts", seed=1, iterations=20, sampler=lambda obs, rng: state)
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> bot.choose(state.observation(state.elder)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from ..actions import Action, Exchange
from ..ledger import Player
from ..observation import Observation
from ..state import Phase, State
from .heuristic import HeuristicBot
from .worlds import (
    Sampler,
    Solver,
    Worlds,
    default_solver,
    heuristic_action,
    is_deal_over,
    reward,
    rollout,
    solved_reward,
    tree_actions,
)

__all__ = ["ISMCTSBot"]


@attrs.define(eq=False)
class _Node:
    """Statistics of one action in the tree, from the view of the player who takes it."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, _Node] = attrs.field(factory=dict)


@attrs.define
class ISMCTSBot:
    """Information-set MCTS with an iteration budget, a time budget, or both.

    ``iterations``: iterations a decision (default 120, about 0.1 s); ``time_limit``: seconds a
    decision, when given (the search stops at whichever comes first); ``exploration``:
    the UCB1 constant; ``rollout``: ``"random"`` or ``"heuristic"`` play to the end of
    the deal; ``solve_below``: from this many cards in hand down, a leaf is valued by the
    exact solver instead of a play-out (default 4; 0: never); ``discards``: candidate discards
    searched in the exchange; ``sampler``, ``solver``: replacements for
    :func:`piquet.sampling.sample_state` and :func:`piquet.solver.solve`.

    >>> import random
    >>> bot = ISMCTSBot(random.Random(1), iterations=100)
    >>> bot.iterations, bot.rollout
    (100, 'heuristic')
    """

    rng: random.Random = attrs.field(factory=random.Random)
    iterations: int = 120
    time_limit: float | None = None
    exploration: float = 0.7
    rollout: str = attrs.field(default="heuristic")
    discards: int = 6
    solve_below: int = 4
    sampler: Sampler | None = None
    solver: Solver | None = None
    heuristic: HeuristicBot = attrs.field(factory=HeuristicBot)
    worlds_drawn: Worlds = attrs.field(init=False, repr=False)
    last_iterations: int = attrs.field(default=0, init=False)
    """Iterations run by the last search (0 when the heuristic decided alone)."""

    @rollout.validator
    def _check_rollout(self, attribute: Any, value: str) -> None:
        if value not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic' (got {value!r})")

    def __attrs_post_init__(self) -> None:
        self.worlds_drawn = Worlds(self.sampler)
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1 (got {self.iterations})")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError(f"time_limit must be positive (got {self.time_limit})")

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"{observation.player} has nothing to choose: not his turn")
        self.last_iterations = 0
        self.worlds_drawn.note(observation)
        if len(legal) == 1:
            return legal[0]
        draw = self.worlds_drawn.draw
        if observation.phase is not Phase.PLAY and not isinstance(legal[0], Exchange):
            return self.heuristic.choose(observation)
        first = draw(observation, self.rng)
        if tree_actions(first, self.discards) is None:
            return self.heuristic.choose(observation)
        root = _Node()
        me = observation.player
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        world: State | None = first
        for done in range(self.iterations):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            if world is None:
                world = draw(observation, self.rng)
            self._iterate(root, world, me)
            self.last_iterations = done + 1
            world = None
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        return best[0]

    def _iterate(self, root: _Node, state: State, me: Player) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Node, Player]] = []
        expanded = False
        while not is_deal_over(state) and not expanded:
            actions = tree_actions(state, self.discards)
            if actions is None:
                state = state.apply(heuristic_action(state))
                continue
            mover = state.to_move
            assert isinstance(mover, Player)
            children = node.children
            untried = []
            for action in actions:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = _Node(available=1)
                children[action] = child
                expanded = True
            else:
                action = _ucb_choice(children, actions, self.exploration)
                child = children[action]
            state = state.apply(action)
            path.append((child, mover))
            node = child
        value = None
        if (
            self.solve_below
            and state.phase is Phase.PLAY
            and len(state.hand(me)) <= self.solve_below
        ):
            value = solved_reward(state, me, self.solver or default_solver())
        if value is None:
            value = reward(rollout(state, rng, self.rollout), me)
        for child, mover in path:
            child.visits += 1
            child.total += value if mover is me else -value


def _ucb_choice(children: dict[Action, _Node], actions: list[Action], exploration: float) -> Action:
    """UCB1 over the available actions, each child's exploration term counted from the
    times it was available rather than from the parent's visits."""
    best = actions[0]
    best_value = -math.inf
    for action in actions:
        node = children[action]
        value = node.total / node.visits + exploration * math.sqrt(
            math.log(node.available) / node.visits
        )
        if value > best_value:
            best, best_value = action, value
    return best


def make_ismcts(seed: int | None, **options: Any) -> ISMCTSBot:
    """The factory behind ``make("ismcts", seed=..., **options)``; options are
    :class:`ISMCTSBot`'s fields."""
    try:
        return ISMCTSBot(random.Random(seed), **options)
    except TypeError as exc:
        raise TypeError(f"bad option for bot 'ismcts': {exc}") from None
