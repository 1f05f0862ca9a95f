"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

One tree, keyed by the actions played since the decision, holds the moves of both
players. Each iteration draws a world consistent with the bot's observation (a
*determinization*), walks down the tree choosing among the actions available in that
world by UCB1 with availability counts, adds one node, finishes the deal with a rollout,
and backs the reward up, each node scored for the player who moved into it.

The tree branches on the cards played: the play is single-observer ISMCTS. The bot's
own discard is chosen, by default (``exchange="pimc"``), as
:class:`~piquet.bots.pimc.PIMCBot` chooses it: each of a few candidate discards
(:func:`~piquet.bots.rollouts.candidate_discards`) is tried in sampled worlds (each with a
sampled stock) and the play that follows is solved exactly. That is perfect-information
Monte Carlo, not ISMCTS, chosen because a tree over discards, whose stock is drawn anew
in each world, gives each discard few and noisy visits within the budget, and the
exchange decides much of a deal; ``exchange="search"`` puts the candidate discards in
the tree instead. The declarations are left to the heuristic bot. From ``solve_below``
cards in hand down, a leaf is valued by the exact solver rather than a play-out. The
reward is the deal-score margin squashed into [-1, 1], or the game's
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
from ..engine import Phase, State
from ..observation import Observation
from ..search.worlds import (
    Sampler,
    Solver,
    Worlds,
    default_solver,
    is_deal_over,
    reward,
    solved_reward,
)
from ..words import Player
from .heuristic import HeuristicBot
from .pimc import PIMCBot
from .rollouts import heuristic_action, rollout, tree_actions

__all__ = ["ISMCTSBot"]


@attrs.define(eq=False)
class _Node:
    """Statistics of one action in the tree, from the view of the player who takes it."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, _Node] = attrs.field(factory=dict)
    advised: Action | None = None
    """The heuristic bot's choice here, for the bot's own moves (the same in every world
    of its information set)."""


@attrs.define
class ISMCTSBot:
    """Information-set MCTS with an iteration budget, a time budget, or both.

    ``iterations``: iterations a decision (default 300, about 0.07 s of CPU); ``time_limit``:
    seconds a decision, when given (the search stops at whichever comes first; games then
    depend on the machine's speed); ``reuse``: iterations run in each sampled world
    (default 4: drawing a world costs about as much as a play-out); ``exploration``: the
    UCB1 constant; ``heuristic_bias``: a progressive bias (Chaslot et al. 2008) toward the
    heuristic bot's choice at the bot's own moves, ``heuristic_bias / (visits + 1)`` added
    to its UCB1 value, that choice tried first (default 0.5; 0: none); ``tie_margin``: the
    heuristic's choice is played when its mean reward is within this of the most visited
    action's (default 0.05), so that a short search leaves the heuristic's play only for
    one it found better; ``rollout``: ``"random"`` or ``"heuristic"`` play to the end of
    the deal; ``solve_below``: from this many cards in hand down, a leaf is valued by the
    exact solver instead of a play-out (default 8; 0: never); ``exchange``: how the bot's
    own discard is chosen, ``"pimc"`` (candidate discards valued over
    ``exchange_worlds`` sampled worlds each, the play solved, as :class:`PIMCBot` does)
    or ``"search"`` (the candidate discards in the tree); ``exchange_worlds``: worlds a
    candidate discard is valued in with ``"pimc"`` (default 6); ``discards``: candidate
    discards (default 6 in the tree, 4 with ``"pimc"``); ``sampler``, ``solver``:
    replacements for :func:`piquet.search.sampling.sample_state` and
    :func:`piquet.search.solver.solve`.

    >>> import random
    >>> bot = ISMCTSBot(random.Random(1), iterations=100)
    >>> bot.iterations, bot.rollout, bot.exchange, bot.solve_below
    (100, 'heuristic', 'pimc', 8)
    """

    rng: random.Random = attrs.field(factory=random.Random)
    iterations: int = 300
    time_limit: float | None = None
    exploration: float = 0.7
    heuristic_bias: float = 0.5
    tie_margin: float = 0.05
    reuse: int = 4
    rollout: str = attrs.field(default="heuristic")
    discards: int | None = None
    solve_below: int = 8
    exchange: str = attrs.field(default="pimc")
    exchange_worlds: int = 6
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

    @exchange.validator
    def _check_exchange(self, attribute: Any, value: str) -> None:
        if value not in ("pimc", "search"):
            raise ValueError(f"exchange must be 'pimc' or 'search' (got {value!r})")

    def __attrs_post_init__(self) -> None:
        self.worlds_drawn = Worlds(self.sampler)
        if self.discards is not None and self.discards < 1:
            raise ValueError(f"discards must be at least 1 (got {self.discards})")
        if self.exchange_worlds < 1:
            raise ValueError(f"exchange_worlds must be at least 1 (got {self.exchange_worlds})")
        if self.solve_below < 0:
            raise ValueError(f"solve_below must be 0 or more (got {self.solve_below})")
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1 (got {self.iterations})")
        if self.reuse < 1:
            raise ValueError(f"reuse must be at least 1 (got {self.reuse})")
        if self.heuristic_bias < 0:
            raise ValueError(f"heuristic_bias must be 0 or more (got {self.heuristic_bias})")
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
        if isinstance(legal[0], Exchange) and self.exchange == "pimc":
            return self._exchanger().choose(observation)
        first = draw(observation, self.rng)
        if tree_actions(first, self.tree_discards) is None:
            return self.heuristic.choose(observation)
        root = _Node()
        me = observation.player
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        if self.heuristic_bias:
            root.advised = self.heuristic.choose(observation)
        world = first
        for done in range(self.iterations):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            if done and done % self.reuse == 0:
                world = draw(observation, self.rng)
            self._iterate(root, world, me)
            self.last_iterations = done + 1
        action, node = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        advised = root.advised
        if advised is not None and advised != action and advised in root.children:
            # A mean within the margin of the most visited action's is no evidence
            # against the heuristic's choice.
            other = root.children[advised]
            if other.total / other.visits >= node.total / node.visits - self.tie_margin:
                return advised
        return action

    @property
    def tree_discards(self) -> int:
        """The candidate discards the tree branches on."""
        return 6 if self.discards is None else self.discards

    def _exchanger(self) -> PIMCBot:
        """The PIMC bot that chooses this bot's discard with ``exchange="pimc"``, sharing
        its random generator, sampler, solver and what it learned of the game."""
        pimc = PIMCBot(
            self.rng,
            exchange_worlds=self.exchange_worlds,
            discards=4 if self.discards is None else self.discards,
            sampler=self.sampler,
            solver=self.solver,
            heuristic=self.heuristic,
        )
        pimc.worlds_drawn = self.worlds_drawn
        return pimc

    def _iterate(self, root: _Node, state: State, me: Player) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Node, Player]] = []
        expanded = False
        while not is_deal_over(state) and not expanded:
            actions = tree_actions(state, self.tree_discards)
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
            advised = None
            if mover is me and self.heuristic_bias:
                if node.advised is None:
                    node.advised = heuristic_action(state)
                advised = node.advised
            if untried:
                action = advised if advised in untried else rng.choice(untried)
                child = _Node(available=1)
                children[action] = child
                expanded = True
            else:
                action = _ucb_choice(
                    children, actions, self.exploration, advised, self.heuristic_bias
                )
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


def _ucb_choice(
    children: dict[Action, _Node],
    actions: list[Action],
    exploration: float,
    advised: Action | None = None,
    bias: float = 0.0,
) -> Action:
    """UCB1 over the available actions, each child's exploration term counted from the
    times it was available rather than from the parent's visits, and a bias toward the
    ``advised`` action that fades with its visits."""
    best = actions[0]
    best_value = -math.inf
    for action in actions:
        node = children[action]
        value = node.total / node.visits + exploration * math.sqrt(
            math.log(node.available) / node.visits
        )
        if action == advised:
            value += bias / (node.visits + 1)
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
