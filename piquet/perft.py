"""Perft: count the action sequences from a position, as chess programmers do.

``perft(state, depth)`` is the number of distinct sequences of ``depth`` actions that
can be applied one after another from ``state``. Compared with numbers found once by an
independent count, it checks move generation exactly: a missing or an extra legal action
anywhere in the tree changes the count. It also measures how fast the engine lists and
applies actions.

A sequence may end early only where the deal (or game) is over: an over state has no
actions, so it contributes nothing at depth 1 or more. Chance is not counted: expanding
a chance node (a :class:`~piquet.Deal` to be made, where the outcomes are the orders of
the pack) raises ValueError, so count from the positions of :func:`piquet.new_deal`,
whose deal ends the game.

>>> import piquet as pq
>>> from piquet.perft import perft
>>> state = pq.new_deal(
...     pq.RUBICON,
...     elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
...     younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
...     stock="9S 8S KH 9C KD QS AC 7D",
... )
>>> perft(state, 0), perft(state, 1)
(1, 1585)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Literal

from .engine import Phase, State, new_deal, new_game
from .rules import Ruleset
from .words import CHANCE

__all__ = ["divide", "perft", "position", "report"]


def perft(state: State, depth: int) -> int:
    """The number of distinct sequences of ``depth`` actions from ``state``.

    ``perft(state, 0)`` is 1 (the empty sequence); an over state has no sequence of
    length 1 or more. Raises ValueError for a negative depth, and when a chance node
    would have to be expanded.
    """
    if not isinstance(depth, int) or depth < 0:
        raise ValueError(f"perft: depth must be an int >= 0, not {depth!r}")
    return _perft(state, depth)


def _perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if state.to_move is CHANCE:
        raise ValueError(
            "perft: a chance node (a deal to be made) cannot be expanded; "
            "count from a position of piquet.new_deal"
        )
    legal = state.legal_actions()
    if depth == 1:  # bulk counting: the leaves are not applied
        return len(legal)
    apply = state.apply
    return sum(_perft(apply(action), depth - 1) for action in legal)


def divide(state: State, depth: int) -> dict[str, int]:
    """``perft(state, depth)`` split by the first action (in its text form): to find
    where two counts differ, as with a chess program's ``divide``.

    >>> import piquet as pq
    >>> from piquet.perft import divide, perft
    >>> state = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    ...     stock="9S 8S KH 9C KD QS AC 7D",
    ... )
    >>> split = divide(state, 2)  # the younger's replies to each of the elder's discards
    >>> len(split), split["discard 7C"], sum(split.values()) == perft(state, 2)
    (1585, 3301, True)
    """
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(f"divide: depth must be an int >= 1, not {depth!r}")
    if state.to_move is CHANCE:
        raise ValueError("divide: a chance node cannot be expanded")
    return {str(a): _perft(state.apply(a), depth - 1) for a in state.legal_actions()}


_PHASES: dict[str, Phase] = {
    "exchange": Phase.EXCHANGE,
    "declaration": Phase.DECLARATION,
    "play": Phase.PLAY,
}


def position(
    ruleset: Ruleset,
    *,
    seed: int = 1,
    phase: Literal["exchange", "declaration", "play"] = "play",
    declarations: Literal["played", "auto"] = "played",
) -> State:
    """A reproducible position to count from: a random deal (from ``seed``) made into a
    :func:`~piquet.new_deal` position, then driven to the start of ``phase`` by taking
    the first legal action at every turn.

    >>> import piquet as pq
    >>> from piquet.perft import position
    >>> position(pq.RUBICON, seed=1, phase="declaration").phase
    <Phase.DECLARATION: 'declaration'>
    """
    if phase not in _PHASES:
        raise ValueError(f"position: phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    start = new_game(ruleset)
    dealt = start.apply(start.sample_chance(random.Random(seed)))
    state = new_deal(
        ruleset,
        elder=dealt.hand(dealt.elder),
        younger=dealt.hand(dealt.younger),
        stock=dealt.stock,
        dealer=dealt.dealer,
        declarations=declarations,
    )
    wanted = _PHASES[phase]
    while state.phase is not wanted:
        if state.is_over:
            raise ValueError(f"position: seed {seed} never reaches the {phase} phase")
        state = state.apply(state.legal_actions()[0])
    return state


def _timed(state: State, depth: int) -> Iterator[tuple[int, int, float]]:
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        count = perft(state, d)
        yield d, count, time.perf_counter() - t0


def report(state: State, depth: int, *, out: Callable[[str], object] = print) -> int:
    """Print ``perft`` at every depth from 1 to ``depth``, with the time taken and the
    rate in nodes (sequences counted) per second; returns 0 (for the command line)."""
    out(f"perft from {state!r}")
    for player in (state.elder, state.younger):
        role = "elder" if player is state.elder else "younger"
        out(f"  {role} {player}: {state.hand(player)}")
    if state.stock:
        out(f"  stock: {' '.join(str(c) for c in state.stock)}")
    out(f"{'depth':>5} {'count':>14} {'seconds':>9} {'nodes/s':>12}")
    for d, count, seconds in _timed(state, depth):
        rate = count / seconds if seconds > 0 else float("inf")
        out(f"{d:>5} {count:>14,} {seconds:>9.3f} {rate:>12,.0f}")
    return 0
