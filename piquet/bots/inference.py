"""What the opponent's choices say: worlds weighted by how likely his actions were in them.

The sampler (:func:`piquet.search.sampling.sample_state`) draws worlds uniformly among those
consistent with an observation: it keeps only the worlds where every call was a true
claim and every card played was legal, but it treats the opponent's choices as if they
were random. A player does not: a younger hand who discards two cards has kept most of
his draw; one who answers "good" to a point of five has no better point he was willing
to show (Cavendish, "The Laws of Piquet", 1882, the chapter on calling: a player who
sinks does so for a reason, and most players do not); one who follows with a low card
when he could win the trick is not likely to hold the winner.

:class:`OpponentModel` gives the likelihood of each of the opponent's decisions of the
deal in a world: his own observation is rebuilt in that world, and his action is
compared with what a sensible player (the heuristic bot) would have done there. A
discard is judged by how many cards he threw and which, against the heuristic's order
of throwing; a word of the declarations and a card played by whether the heuristic bot
would have said or played it, with a floor, since the opponent is not the heuristic
bot. :func:`weigh` multiplies these into a weight for each world, and :func:`resample`
keeps a few worlds in proportion to their weights (sampling-importance-resampling), so
that the search spends its time on the worlds the opponent's play makes likely.

>>> import random
>>> import piquet as pq
>>> from piquet.search.sampling import sample_state
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> state = state.apply(pq.bots.make("heuristic").choose(state.observation(state.elder)))
>>> seen = state.observation(state.younger)
>>> worlds = [sample_state(seen, random.Random(n)) for n in range(20)]
>>> weights = weigh(seen, worlds)
>>> len(weights), all(0 < w <= 1 for w in weights), max(weights) > min(weights)
(20, True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs

from ..actions import Action, Exchange, Play
from ..engine import State, resume_game
from ..observation import Observation
from ..words import CHANCE, Player
from .heuristic import HeuristicBot

__all__ = ["Likelihoods", "OpponentModel", "deal_start", "resample", "weigh", "world_likelihood"]

_HEURISTIC = HeuristicBot()


@attrs.frozen
class OpponentModel:
    """How likely the opponent's decisions are, in a world, for a player who mostly
    plays like the heuristic bot.

    ``declare``: the chance that he says what the heuristic bot would say (else any
    other legal word, alike); ``play``: the same for a card played (lower: cards are
    where players differ most); ``discard``: the weight of a discard falls by
    ``exp(-discard * misplaced)``, where ``misplaced`` counts the cards he threw that the
    heuristic bot would have kept, plus how many more or fewer cards he threw than it
    would have. ``floor``: the least likelihood of any decision, so that no world
    consistent with the observation is ruled out by the model alone.

    >>> OpponentModel().declare
    0.85
    """

    declare: float = 0.85
    play: float = 0.5
    discard: float = 0.7
    floor: float = 0.02

    def __attrs_post_init__(self) -> None:
        for name in ("declare", "play", "floor"):
            value = getattr(self, name)
            if not 0 < value < 1:
                raise ValueError(f"{name} must be between 0 and 1 (got {value})")
        if self.discard < 0:
            raise ValueError(f"discard must be 0 or more (got {self.discard})")

    def likelihood(self, observation: Observation, action: Action) -> float:
        """How likely a player who sees ``observation`` is to choose ``action``."""
        legal = observation.legal_actions
        if len(legal) <= 1:
            return 1.0
        if isinstance(action, Exchange):
            return max(self._discard(observation, action), self.floor)
        advised = _HEURISTIC.choose(observation)
        follows = self.play if isinstance(action, Play) else self.declare
        if action == advised:
            return follows + (1 - follows) / len(legal)
        return max((1 - follows) / len(legal), self.floor)

    def _discard(self, observation: Observation, action: Exchange) -> float:
        order = [card for card, _ in _HEURISTIC.discard_order(observation)]
        advised = _HEURISTIC.choose(observation)
        assert isinstance(advised, Exchange)
        thrown = len(action.discard)
        expected = set(order[:thrown])
        kept_by_model = sum(1 for card in action.discard if card not in expected)
        misplaced = kept_by_model + abs(thrown - len(advised.discard))
        return math.exp(-self.discard * misplaced)


def deal_start(world: State) -> State | None:
    """The state at the chance node of ``world``'s deal, when ``world`` was taken up
    there (as the sampler's worlds are); None for a game played from its start."""
    resumed = world.resumed
    if resumed is None:
        return None
    dealer = world.dealer
    return resume_game(
        world.ruleset,
        dealer=dealer,
        declarations="auto" if world.auto_declarations else "played",
        score_sheet=resumed.score_sheet,
        games=resumed.games,
        deal_number=resumed.deal_number,
    )


#: Likelihoods of the opponent's decisions already reckoned, by the decision's place in
#: the deal, the cards he held and had thrown then (all his decision depends on that the
#: worlds of one deal do not share) and what he chose.
Likelihoods = dict[tuple[int, int, int, Action], float]


def world_likelihood(
    world: State, player: Player, model: OpponentModel, known: Likelihoods | None = None
) -> float:
    """The likelihood of the opponent's decisions in ``world``'s deal, for ``player``'s
    opponent, under ``model``: the product over his decisions, 1 when he has made none
    (or the deal's start cannot be rebuilt). ``known`` caches each decision's
    likelihood, for the worlds of one deal."""
    state = deal_start(world)
    if state is None:
        return 1.0
    opponent = player.other
    weight = 1.0
    for step, action in enumerate(world.history):
        mover = state.to_move
        if mover is opponent:
            key = (step, state.hand(opponent).mask, state.discard(opponent).mask, action)
            found = None if known is None else known.get(key)
            if found is None:
                found = model.likelihood(state.observation(opponent), action)
                if known is not None:
                    known[key] = found
            weight *= found
        elif mover is not CHANCE and mover is not player:
            return weight
        state = state.apply(action)
    return weight


def weigh(
    observation: Observation,
    worlds: Sequence[State],
    model: OpponentModel | None = None,
    known: Likelihoods | None = None,
) -> list[float]:
    """The weight of each world of ``worlds`` (drawn for ``observation``): the
    likelihood of the opponent's decisions of the deal in it (:class:`OpponentModel`).
    ``known``: a cache of decisions' likelihoods the caller keeps for the deal (it must
    be emptied when the deal or the model changes)."""
    chosen = model or OpponentModel()
    player = observation.player
    cache: Likelihoods = {} if known is None else known
    return [world_likelihood(world, player, chosen, cache) for world in worlds]


def resample(
    worlds: Sequence[State], weights: Sequence[float], count: int, rng: random.Random
) -> list[tuple[State, int]]:
    """``count`` draws from ``worlds`` in proportion to ``weights`` (systematic
    resampling: low variance, one random number), as (world, times drawn) pairs.

    >>> import piquet as pq
    >>> a, b = pq.new_game(), pq.new_game(pq.AU_CENT)
    >>> [(w.ruleset.name, n) for w, n in resample([a, b], [3.0, 1.0], 4, random.Random(1))]
    [('rubicon', 3), ('au_cent', 1)]
    """
    if not worlds or len(worlds) != len(weights):
        raise ValueError("resample needs as many weights as worlds, and at least one")
    total = float(sum(weights))
    if total <= 0:
        weights, total = [1.0] * len(worlds), float(len(worlds))
    step = total / count
    point = rng.random() * step
    drawn: list[tuple[State, int]] = []
    cumulative, taken = 0.0, 0
    for world, weight in zip(worlds, weights, strict=True):
        cumulative += weight
        times = 0
        while point < cumulative and taken < count:
            times += 1
            taken += 1
            point += step
        if times:
            drawn.append((world, times))
    return drawn
