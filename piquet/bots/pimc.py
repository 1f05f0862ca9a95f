"""Perfect-information Monte Carlo: sample worlds, solve each, choose the best mean.

In the play, each sampled world is solved exactly once per legal card (the solver of
:mod:`piquet.search.solver`), and the card with the best mean margin is played. In the exchange,
the heuristic bot proposes a few discards (:func:`~piquet.bots.rollouts.candidate_discards`);
each is tried in every sampled world (which holds a sampled stock), the rest of the
exchange and the declarations are played by the heuristic bot, and the play is valued by
the solver (``evaluator="solver"``) or by a heuristic rollout (``"rollout"``). The
declarations are the heuristic bot's.

PIMC assumes that both players will see every card after this move ("strategy fusion");
it is nevertheless a strong player of trick-taking games (Long et al., "Understanding
the success of perfect information Monte Carlo sampling in game tree search", AAAI 2010).

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> bot = make("pimc", seed=1, worlds=2, evaluator="rollout", sampler=lambda obs, rng: state)
>>> bot.choose(state.observation(state.elder)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from ..actions import Action, Exchange, Play
from ..engine import Phase, State
from ..observation import Observation
from ..search.native import native_available
from ..search.worlds import Sampler, Solver, Worlds, default_solver, is_deal_over, partie_value
from ..words import Player
from .helpers import unseen_cards
from .heuristic import HeuristicBot
from .rollouts import candidate_discards, heuristic_action, rollout

__all__ = ["PIMCBot"]


#: Worlds a card played is weighed in, by the cards in the player's hand, when ``worlds``
#: is not given: the solver's cost falls about twofold with each trick played (a whole
#: deal 20 to 40 ms on a 2020s server core, the last five tricks under 1 ms), so the
#: first tricks get a few worlds and the last ones many, about 0.1 s a decision in all.
PLAY_WORLDS: dict[int, int] = {12: 8, 11: 12, 10: 16, 9: 24, 8: 36, 7: 48}
#: Worlds for a card played with fewer cards in hand than :data:`PLAY_WORLDS` lists.
ENDGAME_WORLDS = 48
#: Worlds a discard is weighed in (each with its own sampled stock), when
#: ``exchange_worlds`` is not given.
EXCHANGE_WORLDS = 6

#: The same budgets when the compiled kernel runs (:mod:`piquet.search.native`): it
#: solves and samples a world faster (about 2.3 times for a card, 8 times for a discard,
#: the sampler's replay of the deal staying in Python), so the bot spends the speed on
#: more worlds at about the pure path's time a decision.
NATIVE_PLAY_WORLDS: dict[int, int] = {12: 18, 11: 26, 10: 35, 9: 53, 8: 79, 7: 106}
NATIVE_ENDGAME_WORLDS = 106
NATIVE_EXCHANGE_WORLDS = 48
#: ``budget``'s values: by whether the kernel runs, or one of the two budgets.
BUDGETS = ("auto", "native", "pure")


@attrs.define
class PIMCBot:
    """Perfect-information Monte Carlo over sampled worlds.

    ``worlds``: worlds sampled for a card played; by default (None) it follows the
    solver's cost, from :data:`PLAY_WORLDS` by the cards in hand, and one world when the
    player can place every card; ``exchange_worlds``: worlds for a discard (by default
    :data:`EXCHANGE_WORLDS`, 6); ``budget``: which defaults those are, ``"pure"`` the
    ones above, ``"native"`` the larger :data:`NATIVE_PLAY_WORLDS`,
    :data:`NATIVE_EXCHANGE_WORLDS` that the compiled kernel plays in about the same time,
    ``"auto"`` (the default) the native ones when the kernel runs; ``carry_worlds``:
    carry the worlds of one card over to the next card of the deal, those the cards
    played since leave consistent with what the bot sees (default True: drawn as
    uniformly as fresh ones, a sample saved for each, see
    :class:`~piquet.search.worlds.Worlds`); ``discards``: candidate discards (default
    4); ``tie_margin``: the heuristic bot's
    choice is played when its mean value is within this many points of the best (default
    1; 0: exact ties only), since it knows what the solver, seeing every card, cannot
    (guards, what a card tells); ``time_limit``: seconds a decision, when given (stops
    sampling more worlds, after at least one; games then depend on the machine's speed);
    ``evaluator``: ``"solver"`` or ``"rollout"`` (heuristic play, for when the solver is
    too slow or absent); ``sampler``, ``solver``: replacements for
    :func:`piquet.search.sampling.sample_state` and :func:`piquet.search.solver.solve`.

    Each world's outcome is valued by :func:`~piquet.search.worlds.partie_value`: deal
    points, except in a deal that ends the game, where the bot plays to win the partie
    and to save the rubicon.

    >>> import random
    >>> PIMCBot(random.Random(1), worlds=8).worlds
    8
    >>> pure = PIMCBot(random.Random(1), budget="pure")
    >>> pure.play_worlds(12), pure.play_worlds(3), pure.exchange_budget()
    (8, 48, 6)
    >>> native = PIMCBot(random.Random(1), budget="native")
    >>> native.play_worlds(12), native.play_worlds(3), native.exchange_budget()
    (18, 106, 48)
    """

    rng: random.Random = attrs.field(factory=random.Random)
    worlds: int | None = None
    exchange_worlds: int | None = None
    discards: int = 4
    tie_margin: float = 1.0
    time_limit: float | None = None
    evaluator: str = attrs.field(default="solver")
    sampler: Sampler | None = None
    solver: Solver | None = None
    heuristic: HeuristicBot = attrs.field(factory=HeuristicBot)
    budget: str = attrs.field(default="auto")
    carry_worlds: bool = True
    worlds_drawn: Worlds = attrs.field(init=False, repr=False)
    last_worlds: int = attrs.field(default=0, init=False)
    """Worlds sampled by the last decision (0 when the heuristic decided alone)."""

    @budget.validator
    def _check_budget(self, attribute: Any, value: str) -> None:
        if value not in BUDGETS:
            raise ValueError(f"budget must be 'auto', 'native' or 'pure' (got {value!r})")

    @evaluator.validator
    def _check_evaluator(self, attribute: Any, value: str) -> None:
        if value not in ("solver", "rollout"):
            raise ValueError(f"evaluator must be 'solver' or 'rollout' (got {value!r})")

    def __attrs_post_init__(self) -> None:
        self.worlds_drawn = Worlds(self.sampler, carry=self.carry_worlds)
        for name in ("worlds", "exchange_worlds", "discards"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1 (got {value})")
        if self.tie_margin < 0:
            raise ValueError(f"tie_margin must be 0 or more (got {self.tie_margin})")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError(f"time_limit must be positive (got {self.time_limit})")

    def play_worlds(self, cards_in_hand: int) -> int:
        """The worlds a card played is weighed in with ``cards_in_hand`` cards in hand."""
        if self.worlds is not None:
            return self.worlds
        if self._native_budget():
            return NATIVE_PLAY_WORLDS.get(cards_in_hand, NATIVE_ENDGAME_WORLDS)
        return PLAY_WORLDS.get(cards_in_hand, ENDGAME_WORLDS)

    def exchange_budget(self) -> int:
        """The worlds a discard is weighed in."""
        if self.exchange_worlds is not None:
            return self.exchange_worlds
        return NATIVE_EXCHANGE_WORLDS if self._native_budget() else EXCHANGE_WORLDS

    def _native_budget(self) -> bool:
        if self.budget == "auto":
            return native_available()
        return self.budget == "native"

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"{observation.player} has nothing to choose: not his turn")
        self.last_worlds = 0
        self.worlds_drawn.note(observation)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Play):
            worlds = self.play_worlds(len(observation.hand))
            if self.worlds is None and _nothing_hidden(observation):
                worlds = 1
            return self._best(observation, list(legal), worlds)
        if isinstance(first, Exchange):
            candidates: list[Action] = list(candidate_discards(observation, self.discards))
            if len(candidates) == 1:
                return candidates[0]
            return self._best(observation, candidates, self.exchange_budget())
        return self.heuristic.choose(observation)

    def _best(self, observation: Observation, actions: Sequence[Action], worlds: int) -> Action:
        me = observation.player
        totals = [0.0] * len(actions)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for done in range(worlds):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            world = self.worlds_drawn.draw(observation, self.rng)
            if world.phase is Phase.PLAY and self.evaluator == "solver":
                # One search gives every card's exact value for the player to move.
                solve = self.solver or default_solver()
                values = solve(world, every_value=True).values
                for i, action in enumerate(actions):
                    totals[i] += partie_value(world, me, values[action])
            else:
                for i, action in enumerate(actions):
                    totals[i] += self.value(world.apply(action), me)
            self.last_worlds = done + 1
        best = max(range(len(actions)), key=totals.__getitem__)
        advised = self.heuristic.choose(observation)
        # Values within the margin are a tie the solver cannot break with what it sees;
        # the heuristic bot breaks it with what a player knows.
        slack = self.tie_margin * self.last_worlds
        if advised in actions and totals[actions.index(advised)] >= totals[best] - slack:
            return advised
        return actions[best]

    def margin(self, state: State, player: Player) -> float:
        """``player``'s deal-score margin at the end of the deal of ``state``: the rest of
        the exchange and the declarations by the heuristic bot, then the play solved
        exactly, or by a heuristic rollout."""
        while not is_deal_over(state) and state.phase is not Phase.PLAY:
            state = state.apply(heuristic_action(state))
        if is_deal_over(state) or self.evaluator == "rollout":
            end = rollout(state, self.rng, "heuristic")
            scores = end.deal_scores
            return float(scores[player] - scores[player.other])
        solve = self.solver or default_solver()
        value = float(solve(state).value)
        return value if state.to_move is player else -value

    def value(self, state: State, player: Player) -> float:
        """What the deal of ``state`` is worth to ``player`` in the partie
        (:func:`~piquet.search.worlds.partie_value` of :meth:`margin`)."""
        return partie_value(state, player, self.margin(state, player))


def _nothing_hidden(observation: Observation) -> bool:
    """True when the player can place every card: those he cannot see are all in the
    opponent's hand, so every world is the same."""
    return len(unseen_cards(observation)) == observation.opponent_hand_size


def make_pimc(seed: int | None, **options: Any) -> PIMCBot:
    """The factory behind ``make("pimc", seed=..., **options)``; options are
    :class:`PIMCBot`'s fields."""
    try:
        return PIMCBot(random.Random(seed), **options)
    except TypeError as exc:
        raise TypeError(f"bad option for bot 'pimc': {exc}") from None
