"""A fixed yardstick: the PIMC bot as it stood in November 2026, registered as
``"pimc-2026.11"``.

The ladder measures every new bot against it. The package's ``"pimc"`` bot may change
(its budget follows the speed of the solver it runs on); this one keeps the same worlds
a decision, the same discards tried and the same tie margin, so that a result against
it means the same thing from one release to the next. Its sampler and solver are the
package's, compiled or not, which changes its speed, never its choices.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> bot = make("pimc-2026.11", seed=1, worlds=2, evaluator="rollout")
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
from ..search.worlds import Sampler, Solver, Worlds, default_solver, is_deal_over, partie_value
from ..words import Player
from .helpers import unseen_cards
from .heuristic import HeuristicBot
from .rollouts import candidate_discards, heuristic_action, rollout

__all__ = ["REFERENCE_NAME", "ReferencePIMCBot", "make_reference_pimc"]

#: The name it is registered under: the PIMC bot as it stood in November 2026.
REFERENCE_NAME = "pimc-2026.11"


#: Worlds a card played is weighed in, by the cards in the player's hand, when ``worlds``
#: is not given: the solver's cost falls about twofold with each trick played (a whole
#: deal 20 to 40 ms on a 2020s server core, the last five tricks under 1 ms), so the
#: first tricks get a few worlds and the last ones many, about 0.1 s a decision in all.
PLAY_WORLDS: dict[int, int] = {12: 8, 11: 12, 10: 16, 9: 24, 8: 36, 7: 48}
#: Worlds for a card played with fewer cards in hand than :data:`PLAY_WORLDS` lists.
ENDGAME_WORLDS = 48


@attrs.define
class ReferencePIMCBot:
    """Perfect-information Monte Carlo over sampled worlds, frozen as it stood in
    November 2026 (``make("pimc-2026.11")``).

    ``worlds``: worlds sampled for a card played; by default (None) it follows the
    solver's cost, from :data:`PLAY_WORLDS` by the cards in hand, and one world when the
    player can place every card; ``exchange_worlds``: worlds for a discard (default 6);
    ``discards``: candidate discards (default 4); ``tie_margin``: the heuristic bot's
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
    >>> ReferencePIMCBot(random.Random(1), worlds=8).worlds
    8
    >>> bot = ReferencePIMCBot(random.Random(1))
    >>> bot.play_worlds(12), bot.play_worlds(3)
    (8, 48)
    """

    rng: random.Random = attrs.field(factory=random.Random)
    worlds: int | None = None
    exchange_worlds: int = 6
    discards: int = 4
    tie_margin: float = 1.0
    time_limit: float | None = None
    evaluator: str = attrs.field(default="solver")
    sampler: Sampler | None = None
    solver: Solver | None = None
    heuristic: HeuristicBot = attrs.field(factory=HeuristicBot)
    worlds_drawn: Worlds = attrs.field(init=False, repr=False)
    last_worlds: int = attrs.field(default=0, init=False)
    """Worlds sampled by the last decision (0 when the heuristic decided alone)."""

    @evaluator.validator
    def _check_evaluator(self, attribute: Any, value: str) -> None:
        if value not in ("solver", "rollout"):
            raise ValueError(f"evaluator must be 'solver' or 'rollout' (got {value!r})")

    def __attrs_post_init__(self) -> None:
        self.worlds_drawn = Worlds(self.sampler)
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
        return PLAY_WORLDS.get(cards_in_hand, ENDGAME_WORLDS)

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
            candidates = self.discard_candidates(observation)
            if len(candidates) == 1:
                return candidates[0]
            return self._best(observation, candidates, self.exchange_worlds)
        return self.heuristic.choose(observation)

    def discard_candidates(self, observation: Observation) -> list[Action]:
        """The discards weighed at the player's discard: the ``discards`` first of
        :func:`~piquet.bots.rollouts.candidate_discards`."""
        return list(candidate_discards(observation, self.discards))

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


def make_reference_pimc(seed: int | None, **options: Any) -> ReferencePIMCBot:
    """The factory behind ``make("pimc-2026.11", seed=..., **options)``; options are
    :class:`ReferencePIMCBot`'s fields."""
    try:
        return ReferencePIMCBot(random.Random(seed), **options)
    except TypeError as exc:
        raise TypeError(f"bad option for bot {REFERENCE_NAME!r}: {exc}") from None
