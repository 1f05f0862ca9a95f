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

from ..actions import Action, Exchange, Play
from ..cards import CardSet
from ..engine import Phase, State
from ..observation import Observation
from ..search.worlds import is_deal_over
from ..words import Player
from .heuristic import HeuristicBot

__all__ = ["candidate_discards", "heuristic_action", "is_play", "rollout", "tree_actions"]

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
    legal = observation.legal_actions
    if not legal or not isinstance(legal[0], Exchange):
        raise ValueError("candidate_discards needs an observation at the player's discard")
    first = _HEURISTIC.choose(observation)
    assert isinstance(first, Exchange)
    order = [card for card, _ in _HEURISTIC.discard_order(observation)]
    low, high = legal[0], legal[-1]
    assert isinstance(low, Exchange) and isinstance(high, Exchange)
    fewest, most = len(low.discard), len(high.discard)
    chosen = len(first.discard)
    found: list[Exchange] = [first]

    def add(cards: CardSet) -> None:
        action = Exchange(cards)
        if action not in found and action in legal:
            found.append(action)

    # Counts nearest the heuristic's own first, then the other counts.
    for count in sorted(range(fewest, most + 1), key=lambda n: (abs(n - chosen), -n)):
        add(CardSet(order[:count]))
    for keep in range(chosen - 1, -1, -1):
        for swap in range(chosen, min(len(order), chosen + 2)):
            add(CardSet(order[:keep] + order[keep + 1 : chosen] + [order[swap]]))
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
