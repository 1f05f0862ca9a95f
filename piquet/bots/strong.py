"""The strongest bot: perfect-information Monte Carlo with its CPU time spent where it
pays, and worlds that may be weighted by what the opponent's choices say.

:class:`StrongBot` searches like the PIMC bot (every sampled world solved exactly in the
play; discards tried in every world in the exchange, the rest of the deal solved), with
its time a decision spent otherwise. Its discard is chosen among the heuristic bot's and
others of as many cards, eight in ten worlds: a search that weighs taking fewer cards
in a few noisy worlds takes fewer too often, and loses by it. Every card is weighed in
20 worlds, where the PIMC bot of November 2026 weighs 8 to 16 in the first tricks, when
the choice matters most, and up to 48 in the last, when it matters least. At about the
same CPU time a decision as that bot it beats it (the bots page's ladder).

Its worlds may also be drawn otherwise than as if the opponent had chosen at random
(``pool`` above 1): a pool of worlds consistent with what it sees, each weighed by how
likely the opponent's discard, words and cards were in it
(:mod:`piquet.bots.inference`), and the worlds searched drawn from the pool in
proportion to those weights. The weighing costs the draws of the pool and under a
millisecond a world; at the budget of the defaults those worlds were worth more
searched, so it is off unless asked for.

Every outcome is valued in points of the partie
(:func:`~piquet.search.worlds.partie_value`): deal points, but in a deal that ends the
partie, the partie's bonus and the rubicon.

:meth:`StrongBot.values` gives the value of every action it weighs, for analysis.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> bot = make("strong", seed=1, exchange_worlds=1, discards=2, evaluator="rollout")
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
from ..search.worlds import default_solver, partie_value
from ..words import Player
from .inference import Likelihoods, OpponentModel, resample, weigh
from .outlook import Outlook
from .reference_pimc import ReferencePIMCBot
from .rollouts import swapped_discards

__all__ = ["STRONG_PLAY_WORLDS", "StrongBot", "make_strong"]

#: Worlds searched for a card played, whatever the cards in hand: more than the PIMC bot
#: of 2026 in the first tricks, fewer in the last, in about its CPU time a decision.
STRONG_PLAY_WORLDS = 20


@attrs.define
class StrongBot(ReferencePIMCBot):
    """PIMC with its budget where it pays, over worlds that may be weighted by the
    opponent's choices.

    Its discard is weighed among ``discards`` candidates (default 8: the heuristic
    bot's and others of as many cards, :func:`~piquet.bots.rollouts.swapped_discards`)
    in ``exchange_worlds`` worlds (default 10), a card in ``worlds`` worlds (default
    :data:`STRONG_PLAY_WORLDS`). Besides the PIMC bot's options: ``pool``: how many
    worlds are drawn and weighed for each one searched (default 1: none weighed; 1.5
    weighs three worlds for every two searched, and worlds drawn twice are searched once
    and counted twice); ``temper``: the power the weights are raised to (1: the model's
    likelihoods as they are; lower trusts the model less, 0 ignores it); ``model``: the
    :class:`~piquet.bots.inference.OpponentModel`; ``search_below``: with more cards in
    hand than this, a card is the heuristic bot's, unsearched (default ``None``: every
    card searched), a player who counts the cards only at the end of the deal;
    ``outlook``: value a deal's outcome before the partie's last deal by the partie's
    expected settlement (:class:`~piquet.bots.outlook.Outlook`), not by its deal points
    (default ``False``); ``carry_worlds``: carry the worlds of one card over to the next,
    as the PIMC bot does (default ``True``).

    >>> bot = StrongBot(random.Random(1))
    >>> bot.play_worlds(12), bot.play_worlds(2)
    (20, 20)
    """

    worlds: int | None = STRONG_PLAY_WORLDS
    exchange_worlds: int = 10
    discards: int = 8
    pool: float = 1.0
    temper: float = 0.5
    model: OpponentModel = attrs.field(factory=OpponentModel)
    search_below: int | None = None
    outlook: bool = False
    carry_worlds: bool = True
    _known: Likelihoods = attrs.field(factory=dict, init=False, repr=False)
    _deal: tuple[object, ...] = attrs.field(default=(), init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        self.worlds_drawn.carry = self.carry_worlds
        if self.pool < 1:
            raise ValueError(f"pool must be at least 1 (got {self.pool})")
        if not 0 <= self.temper <= 1:
            raise ValueError(f"temper must be between 0 and 1 (got {self.temper})")
        if self.search_below is not None and self.search_below < 0:
            raise ValueError(f"search_below must be 0 or more (got {self.search_below})")

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if (
            self.search_below is not None
            and legal
            and isinstance(legal[0], Play)
            and len(observation.hand) > self.search_below
        ):
            self.last_worlds = 0  # as the parent's choose says of an unsearched choice
            self.worlds_drawn.note(observation)
            return self.heuristic.choose(observation)
        return super().choose(observation)

    def discard_candidates(self, observation: Observation) -> list[Action]:
        """The heuristic bot's discard and others of as many cards first
        (:func:`~piquet.bots.rollouts.swapped_discards`), ``discards`` in all."""
        return list(swapped_discards(observation, self.discards))

    def values(self, observation: Observation) -> dict[Action, float]:
        """The expected value, in points of the partie (deal points before a partie's
        last deal), of each action worth weighing for the player of ``observation``:
        every legal card in the play, the candidate discards in the exchange, every
        legal word in the declarations (the rest of the deal then played by the
        heuristic bot and the solver). Empty when the player has nothing to choose.

        >>> import random
        >>> import piquet as pq
        >>> state = pq.new_game()
        >>> state = state.apply(state.sample_chance(random.Random(0)))
        >>> bot = StrongBot(random.Random(1), exchange_worlds=1, discards=2, evaluator="rollout")
        >>> [str(action) for action in bot.values(state.observation(state.elder))]
        ['discard JH 8H 7H 10D 7D', 'discard 10S 8H 7H 10D 7D']
        """
        legal = observation.legal_actions
        if not legal:
            return {}
        self.worlds_drawn.note(observation)
        first = legal[0]
        if isinstance(first, Play):
            actions: list[Action] = list(legal)
            worlds = self.play_worlds(len(observation.hand))
        elif isinstance(first, Exchange):
            actions = self.discard_candidates(observation)
            worlds = self.exchange_worlds
        else:
            actions, worlds = list(legal), self.exchange_worlds
        totals, count = self._totals(observation, actions, worlds)
        return {
            action: total / max(count, 1) for action, total in zip(actions, totals, strict=True)
        }

    def _best(self, observation: Observation, actions: Sequence[Action], worlds: int) -> Action:
        totals, count = self._totals(observation, actions, worlds)
        self.last_worlds = count
        best = max(range(len(actions)), key=totals.__getitem__)
        advised = self.heuristic.choose(observation)
        slack = self.tie_margin * count
        if advised in actions and totals[actions.index(advised)] >= totals[best] - slack:
            return advised
        return actions[best]

    def _weighted_worlds(
        self, observation: Observation, worlds: int, deadline: float | None
    ) -> list[tuple[State, int]]:
        """``worlds`` draws of weighted worlds, as (world, times) pairs."""
        size = worlds if self.temper == 0 or worlds == 1 else round(worlds * self.pool)
        drawn: list[State] = []
        for done in range(size):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            drawn.append(self.worlds_drawn.draw(observation, self.rng))
        if size == worlds:
            return [(world, 1) for world in drawn]
        deal = (observation.deal_number, observation.score_sheet, observation.dealt_hand)
        if deal != self._deal:  # the opponent's decisions of another deal
            self._known.clear()
            self._deal = deal
        found = weigh(observation, drawn, self.model, self._known)
        weights = [w**self.temper for w in found]
        return resample(drawn, weights, min(worlds, len(drawn)), self.rng)

    def _totals(
        self, observation: Observation, actions: Sequence[Action], worlds: int
    ) -> tuple[list[float], int]:
        """Each action's summed value over the weighted worlds, and how many worlds."""
        me = observation.player
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        totals = [0.0] * len(actions)
        count = 0
        for world, times in self._weighted_worlds(observation, worlds, deadline):
            if world.phase is Phase.PLAY and self.evaluator == "solver":
                solve = self.solver or default_solver()
                values = solve(world, every_value=True).values
                for i, action in enumerate(actions):
                    totals[i] += times * self.worth(world, me, values[action])
            else:
                for i, action in enumerate(actions):
                    totals[i] += times * self.value(world.apply(action), me)
            count += times
        return totals, count

    def worth(self, state: State, player: Player, margin: float) -> float:
        """What the deal of ``state`` ending with ``player`` ahead by ``margin`` deal
        points is worth to him: :func:`~piquet.search.worlds.partie_value`, or with
        ``outlook``, :meth:`Outlook.value <piquet.bots.outlook.Outlook.value>`."""
        if self.outlook:
            return Outlook.of(state.ruleset).value(state, player, margin)
        return partie_value(state, player, margin)

    def value(self, state: State, player: Player) -> float:
        return self.worth(state, player, self.margin(state, player))


def make_strong(seed: int | None, **options: Any) -> StrongBot:
    """The factory behind ``make("strong", seed=..., **options)``; options are
    :class:`StrongBot`'s fields."""
    try:
        return StrongBot(random.Random(seed), **options)
    except TypeError as exc:
        raise TypeError(f"bad option for bot 'strong': {exc}") from None
