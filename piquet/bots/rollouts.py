"""What the search bots take from the heuristic bot: the rollout of a deal to its end,
the few discards worth searching, and the actions a search tree branches on.

>>> import random
>>> import piquet as pq
>>> from piquet.search.worlds import is_deal_over
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))
>>> end = rollout(state, random.Random(1))
>>> is_deal_over(end), is_deal_over(state)
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..actions import Action, Exchange, Play
from ..cards import Card, CardSet
from ..engine import Phase, State
from ..observation import Observation
from ..search.worlds import is_deal_over
from ..words import Player
from .heuristic import HeuristicBot

__all__ = [
    "candidate_discards",
    "heuristic_action",
    "is_play",
    "rollout",
    "swapped_discards",
    "tree_actions",
]

_HEURISTIC = HeuristicBot()


def heuristic_action(state: State) -> Action:
    """The heuristic bot's choice for the player to move in ``state``."""
    mover = state.to_move
    assert isinstance(mover, Player)
    return _HEURISTIC.choose(state.observation(mover))


def rollout(state: State, rng: random.Random, policy: str = "random") -> State:
    """Play ``state`` to the end of its deal: the exchange and the declarations by the
    heuristic bot, the play at random (``policy="random"``) or by the heuristic bot too
    (``policy="heuristic"``). Uses the engine's own ``state.rollout`` when it has one
    and the policy is random.
    """
    if policy not in ("random", "heuristic"):
        raise ValueError(f"rollout policy must be 'random' or 'heuristic' (got {policy!r})")
    while not is_deal_over(state):
        if state.phase is Phase.PLAY:
            if policy == "random":
                fast = getattr(state, "rollout", None)
                if fast is not None:
                    finished: State = fast(rng)
                    return finished
                state = state.apply(rng.choice(state.legal_actions()))
            else:
                state = state.apply(heuristic_action(state))
        else:
            state = state.apply(heuristic_action(state))
    return state


def candidate_discards(observation: Observation, limit: int = 6) -> list[Exchange]:
    """At most ``limit`` legal discards worth searching, the heuristic bot's own first:
    the heuristic's throwing order cut at every allowed count, then its choice with the
    last card kept swapped for the next ones in line.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> [str(a) for a in candidate_discards(state.observation(state.elder), 3)]
    ['discard JH 8H 7H 10D 7D', 'discard 8H 7H 10D 7D', 'discard 7H 10D 7D']
    """
    first, order, counts = _discard_plan(observation)
    chosen = len(first.discard)
    found = [first]
    legal = observation.legal_actions
    for count in counts:
        _add(found, legal, order[:count])
    for cards in _swaps(order, chosen, 2, by_card_thrown=False):
        _add(found, legal, cards)
    return found[:limit]


def _discard_plan(observation: Observation) -> tuple[Exchange, list[Card], list[int]]:
    """The heuristic bot's discard, its throwing order, and the counts allowed, nearest
    its own first (then the larger)."""
    legal = observation.legal_actions
    if not legal or not isinstance(legal[0], Exchange):
        raise ValueError("candidate discards need an observation at the player's discard")
    first = _HEURISTIC.choose(observation)
    assert isinstance(first, Exchange)
    order = [card for card, _ in _HEURISTIC.discard_order(observation)]
    low, high = legal[0], legal[-1]
    assert isinstance(low, Exchange) and isinstance(high, Exchange)
    chosen = len(first.discard)
    counts = range(len(low.discard), len(high.discard) + 1)
    return first, order, sorted(counts, key=lambda n: (abs(n - chosen), -n))


def _swaps(
    order: list[Card], chosen: int, depth: int, *, by_card_thrown: bool
) -> Iterator[list[Card]]:
    """The heuristic's ``chosen`` first cards of ``order`` with one kept (the last first)
    and one of the next ``depth`` thrown instead; grouped by the card thrown in, or by
    the card kept."""
    kept = range(chosen - 1, -1, -1)
    thrown = range(chosen, min(len(order), chosen + depth))
    pairs = (
        [(keep, swap) for swap in thrown for keep in kept]
        if by_card_thrown
        else [(keep, swap) for keep in kept for swap in thrown]
    )
    for keep, swap in pairs:
        yield order[:keep] + order[keep + 1 : chosen] + [order[swap]]


def _add(found: list[Exchange], legal: Sequence[Action], cards: list[Card]) -> None:
    """Add the discard of ``cards`` to ``found`` when legal and not there yet."""
    action = Exchange(CardSet(cards))
    if action not in found and action in legal:
        found.append(action)


def swapped_discards(observation: Observation, limit: int = 8) -> list[Exchange]:
    """At most ``limit`` legal discards worth searching, the heuristic bot's own first,
    then discards of as many cards: its choice with one card it throws kept and one of
    the next three in its throwing order thrown instead (the next card first, the last
    card thrown kept first); the other counts last, nearest first. A search that weighs
    taking fewer cards against the heuristic's choice in a few noisy worlds takes fewer
    too often, and loses by it (measured for the strong bot: see the bots page).

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> [str(a) for a in swapped_discards(state.observation(state.elder), 3)]
    ['discard JH 8H 7H 10D 7D', 'discard 10S 8H 7H 10D 7D', 'discard 10S JH 7H 10D 7D']
    """
    first, order, counts = _discard_plan(observation)
    chosen = len(first.discard)
    found = [first]
    legal = observation.legal_actions
    for cards in _swaps(order, chosen, 3, by_card_thrown=True):
        _add(found, legal, cards)
    for count in counts:
        _add(found, legal, order[:count])
    return found[:limit]


def tree_actions(state: State, discards: int) -> list[Action] | None:
    """The actions a search tree branches on at ``state``: every card in the play, the
    candidate discards in the exchange; None where the heuristic bot decides alone (the
    declarations, a carte blanche count, the younger's left cards)."""
    if state.phase is Phase.PLAY:
        return list(state.legal_actions())
    legal = state.legal_actions()
    if legal and isinstance(legal[0], Exchange):
        mover = state.to_move
        assert isinstance(mover, Player)
        return list(candidate_discards(state.observation(mover), discards))
    return None


def is_play(action: Action) -> bool:
    """True for a card played."""
    return isinstance(action, Play)
