"""An exact solver of the play, for a state in the play phase with every card known.

:func:`solve` searches the rest of the deal under best play by both (alpha-beta with a
transposition table keyed on the cards left, the leader, the tricks won and the state of
the pique) and returns the deal score of the player to move minus the opponent's at the
end of the deal, counting every rule of the ruleset: the lead and win points or the
counters, the last trick, the cards, capot, a pique still open, and a race's target that
stops the deal the moment a player reaches it. Cards held by one player that no card left
in play separates, and that score alike, are one move: the search plays the highest.

The search is MTD(f) (zero-window alpha-beta searches converging on the value) with one
node per trick. Its table keys a position by each suit's cards left in rank order, as
whose each is and whether it is a counter where counters score apart, the suits in any
order (there are no trumps): positions that differ only by the ranks of cards already
played, or by a permutation of the suits, share an entry. Once no pique can be made and
no race's target reached, the search is a negamax from the leader's side, and a position
is cut at once when the most (or least) the rest of the deal can bring cannot reach the
window: the points each trick can bring as its leader keeps or loses the lead, the last
trick, the cards or capot for every count of tricks still possible, the counters each
player holds where they are the points, and the tricks each player is sure of (the
leader's masters, which he can cash first; a trick for each suit whose master the
follower holds while the leader holds a card of it).

Use it on a sampled state (:func:`piquet.search.sampling.sample_state`) for a search bot, or on
a laid-down hand.

>>> import piquet as pq
>>> from piquet.search.solver import solve
>>> state = pq.new_deal(
...     pq.RUBICON,
...     declarations="auto",
...     elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
...     younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
...     stock="7H 9D 8D 7D 10C 9C 8C 7C",
... )
>>> state = state.apply(pq.Exchange("9S AD KD AC QH")).apply(pq.Exchange("8H"))
>>> state = state.apply(pq.Leave("unseen"))
>>> solution = solve(state)
>>> solution.value, len(solution.best) >= 1, solution.best[0] in state.legal_actions()
(32, True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

import attrs

from ..actions import Play
from ..cards import SUIT_BITS
from ..engine import Phase, State
from ..words import Player
from ._moves import representatives
from ._native_solve import native_search
from ._search import Search
from ._solver_rules import INF, SUIT_BASE, SolverError
from .native import kernel

__all__ = ["Solution", "SolverError", "solve"]


@attrs.frozen
class Solution:
    """The outcome of the rest of the deal under best play by both.

    ``value``: the deal score of the player to move minus the opponent's at the end of
    the deal (or when a race's target stops it); ``best``: the optimal actions, in
    canonical order; ``values``: every legal action's value, for the player to move.
    """

    value: int
    best: tuple[Play, ...]
    values: Mapping[Play, int] = attrs.field(eq=False)
    nodes: int = attrs.field(default=0, eq=False)
    """Positions searched (a measure of the work done)."""


def solve(state: State, *, every_value: bool = False) -> Solution:
    """The exact value of the rest of the deal and the optimal plays (see the module).

    ``every_value``: also the exact value of every legal play (``Solution.values``; by
    default it holds the best plays' values only). A search bot that averages values over
    sampled worlds wants them all; they cost about a third more time.

    >>> import random
    >>> import piquet as pq
    >>> rng = random.Random(2)
    >>> state = pq.new_game(pq.AU_CENT_36, declarations="auto")
    >>> while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > 5:
    ...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> solution = solve(state, every_value=True)
    >>> solution.value == max(solution.values.values())
    True
    >>> all(solution.values[play] == solution.value for play in solution.best)
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a piquet.State, not {type(state).__name__}")
    if state.phase is not Phase.PLAY:
        raise SolverError(f"solve: the state is in the {state.phase.value} phase, not the play")
    mover = state.to_move
    assert isinstance(mover, Player)
    # the compiled kernel's search where it runs, the pure one otherwise: the same values
    search = native_search(state) if kernel("_csolve") is not None else Search(state)
    lead = state.trick[0].index if state.trick else -1
    hands = (state.hand(Player.A).mask, state.hand(Player.B).mask)
    sign = 1 if mover == 0 else -1
    plays = [p for p in state.legal_actions() if isinstance(p, Play)]
    tops = _run_tops(plays, hands[mover], hands[0] | hands[1], lead, search.rules.classes)

    def move_value(card: int, alpha: int, beta: int) -> int:
        # the mover's side: negate the window for B, who minimises A's value
        return search.root_move(hands, mover, lead, card, sign, alpha, beta)

    best_value = _mtdf(lambda a, b: search.root(hands, mover, lead, sign, a, b), 0)

    def value_of(card: int) -> int:
        if every_value:
            return _mtdf(functools.partial(move_value, card), best_value)
        # one zero-window test: the value when it is the best, else a bound only
        if move_value(card, best_value - 1, best_value) >= best_value:
            return best_value
        return best_value - 1

    now = state.deal_scores
    base = now[mover] - now[mover.other]
    # the values kept by card index until the end: hashing a Play (attrs' Python
    # __hash__, then the card's) six times a play was a tenth of a whole solve
    by_top: dict[int, int] = {}
    best: list[Play] = []
    values: dict[Play, int] = {}
    for play, top in zip(plays, tops, strict=True):
        value = by_top.get(top)  # a lower card of a run has its top card's value
        if value is None:
            value = by_top[top] = value_of(top)
        if value == best_value:
            best.append(play)
        if every_value or value == best_value:  # else a bound only, dropped
            values[play] = base + value
    return Solution(
        value=base + best_value,
        best=tuple(best),
        values=values,
        nodes=search.nodes + search.fast_nodes(),
    )


def _run_tops(plays: list[Play], hand: int, hands: int, lead: int, classes: bool) -> list[int]:
    """Each play's run's top card (its index): equivalent cards (a run in one hand that
    nothing left in play separates, scoring alike) have one value, so the search values
    the highest of each run only. A suit's runs are read once."""
    in_play = hands | (1 << lead if lead >= 0 else 0)
    runs_of: dict[int, tuple[int, ...]] = {}
    tops: list[int] = []
    for play in plays:
        index = play.card.index
        base = index & SUIT_BASE
        runs = runs_of.get(base)
        if runs is None:
            runs = runs_of[base] = representatives(
                (hand >> base) & SUIT_BITS,
                (in_play >> base) & SUIT_BITS,
                base,
                classes,
                (lead - base) if lead >= 0 and lead & SUIT_BASE == base else -1,
            )
        top = runs[0]
        for run in runs:  # high to low: the lowest at or above the card is its run's top
            if run < index:
                break
            top = run
        tops.append(top)
    return tops


def _mtdf(search: Callable[[int, int], int], guess: int) -> int:
    """The exact value by zero-window searches converging on it (MTD(f), Plaat 1996):
    ``search(alpha, beta)`` is a fail-soft alpha-beta search from the mover's side.
    Away from the guess the tests step by 1, 2, 4... then halve the interval left, so a
    value far from the guess costs a few tests, not one per point."""
    low, high = -INF, INF
    beta = guess
    step = 1
    while True:
        value = search(beta - 1, beta)
        if value < beta:
            high = value
        else:
            low = value
        if low >= high:
            return value
        if high == INF:
            beta = low + step
            step *= 2
        elif low == -INF:
            beta = high + 1 - step
            step *= 2
        else:
            beta = (low + high + 1) // 2
