"""The random play of a deal in the compiled kernel (``_csample.play_usual``).

The engine's :meth:`State.rollout <piquet.engine.State.rollout>` plays a deal's cards at
random; while the race is settled and the ruleset's play is usual (every card's points
are all that follows from it, :attr:`RulesTables.usual <piquet.engine.tables.RulesTables>`)
the kernel plays them, all but the last, reading the ruleset's compiled tables (the
points of a card led, the winner and points of every trick) packed here once per
ruleset. It draws the same random numbers from the generator as the pure play, so the
deal ends the same; the engine plays the last card itself, as the end of a deal goes
through the ledger.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON, declarations="auto")
>>> state = state.apply(state.sample_chance(random.Random(2)))
>>> while state.phase is not pq.Phase.PLAY:
...     state = state.apply(state.legal_actions()[0])
>>> end = state.rollout(random.Random(7))  # in the kernel when it is built
>>> end.to_move is pq.CHANCE, len(end.history) - len(state.history)
(True, 24)
"""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING, Any

from ..engine.parts import SCORE_GAIN
from ..words import Player
from .native import kernel

if TYPE_CHECKING:
    from ..engine.tables import RulesTables

__all__ = ["kernel_tables", "play_usual"]

_SLOTS = 64
_PLAYERS = (Player.A, Player.B)
_PACKED: dict[int, tuple[RulesTables, bytes, bytes]] = {}


def kernel_tables(tables: RulesTables) -> tuple[bytes, bytes]:
    """The ruleset's tables of the play as the kernel reads them: the points of a card
    led (int16, by leader and card), and per follower and ``lead * 64 + follow`` the
    trick's winner (-1: no such trick), his points and the tricks' increase (int16 x 4).
    Made from :attr:`RulesTables.lead_gain` and :attr:`RulesTables.follow`, once."""
    found = _PACKED.get(id(tables))
    if found is not None and found[0] is tables:
        return found[1], found[2]
    lead = array("h")
    for player in _PLAYERS:
        for gain in tables.lead_gain[player]:
            lead.append(_points(gain, player))
    follow = array("h")
    for player in _PLAYERS:
        for cell in tables.follow[player]:
            if cell is None:
                follow.extend((-1, 0, 0, 0))
            else:
                winner, gain, won = cell
                follow.extend((int(winner), _points(gain, winner), won, 0))
    packed = (tables, lead.tobytes(), follow.tobytes())
    _PACKED[id(tables)] = packed
    return packed[1], packed[2]


def _points(gain: int, player: Player) -> int:
    points, rest = divmod(gain, SCORE_GAIN[player])
    if rest or not -32768 <= points < 32768:  # pragma: no cover - tables of the engine
        raise ValueError(f"a card's gain {gain} is no whole number of points for {player}")
    return points


def play_usual(
    tables: RulesTables,
    hands: int,
    lead: int,
    to_move: int,
    tricks: int,
    history: Any,
    plays: tuple[Any, ...],
    rng: random.Random,
) -> tuple[int, int, int, int, int, Any, int] | None:
    """The usual play (the race settled) of a deal's fields to its last card in the
    kernel, drawing from ``rng`` (a :class:`random.Random`) as the engine's pure loop
    does; ``plays``: the engine's Play of each card index. Gives the fields after it,
    ``(hands, lead, to_move, points of A, points of B, history, tricks)``, or None when
    the kernel is not built or switched off."""
    fast = kernel("_csample")
    if fast is None:
        return None
    lead_points, follow = kernel_tables(tables)
    found: tuple[int, int, int, int, int, Any, int] = fast.play_usual(
        lead_points, follow, hands, lead, to_move, tricks, history, plays, rng.getrandbits
    )
    return found
