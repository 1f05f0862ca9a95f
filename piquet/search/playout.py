"""The random play of a deal in the compiled kernel (``_csample.play_usual``), and
the value of a random play for a search (:func:`rollout_value`).

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

A search that rolls a deal out to value it needs the deal's score at the end, not the
state: :func:`rollout_value` plays every card left in the kernel, keeping no history
and going through no ledger, and gives the same value as :meth:`State.rollout
<piquet.engine.State.rollout>` from the same random stream.
"""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING, Any, Final

from ..engine import Phase, State
from ..engine.parts import (
    SCORE_BITS,
    SCORE_GAIN,
    STATE_CLASS,
    TRICKS_B_SHIFT,
)
from ..engine.play import closing_points
from ..words import Player
from .native import kernel

if TYPE_CHECKING:
    from ..engine.tables import RulesTables

__all__ = ["kernel_tables", "play_usual", "rollout_value"]

_SLOTS = 64
_PLAYERS = (Player.A, Player.B)
_PACKED: dict[int, tuple[RulesTables, bytes, bytes]] = {}
_PLAY_STATE: Final = STATE_CLASS[Phase.PLAY.value]  # a state in the play is of this class


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


def rollout_value(state: State, rng: random.Random) -> int:
    """The deal score of the player to move minus his opponent's at the end of the deal,
    the rest of its play drawn at random: what :func:`piquet.search.solver.solve` gives
    under best play, here under random play (a random rollout's value).

    The same value, drawing the same random numbers, as ``state.rollout(rng)`` read at
    the deal's end; in the compiled kernel (no history kept, no ledger, the race for
    pique followed) when it is built, the ruleset's play is usual (:attr:`RulesTables.usual
    <piquet.engine.tables.RulesTables>`: no target, the cards not toward pique) and
    ``rng`` is a :class:`random.Random` itself; else through :meth:`State.rollout
    <piquet.engine.State.rollout>`. Raises ValueError outside the play.

    >>> import random
    >>> import piquet as pq
    >>> from piquet.search.playout import rollout_value
    >>> state = pq.new_game(pq.RUBICON, declarations="auto")
    >>> state = state.apply(state.sample_chance(random.Random(2)))
    >>> while state.phase is not pq.Phase.PLAY:
    ...     state = state.apply(state.legal_actions()[0])
    >>> end = state.rollout(random.Random(7))
    >>> mover, other = state.to_move, state.to_move.other
    >>> rollout_value(state, random.Random(7)) == end.deal_scores[mover] - end.deal_scores[other]
    True
    """
    if type(state) is not _PLAY_STATE:
        if not isinstance(state, State):
            raise TypeError(f"rollout_value needs a piquet.State, not {type(state).__name__}")
        raise ValueError(f"rollout_value values a deal in its play, not in the {state.phase.value}")
    # the engine's packed fields, read as it reads them and handed over as they are
    ctx = state._ctx  # noqa: SLF001
    tables = ctx.tables
    fast = kernel("_csample") if tables.usual and type(rng) is random.Random else None
    if fast is None:
        mover: Player = state._to_move  # type: ignore[assignment]  # noqa: SLF001
        end = state.rollout(rng).deal_scores
        return end[mover] - end[mover.other]
    found = _VALUE_TABLES.get(id(tables))
    values = found[1] if found is not None and found[0] is tables else _value_tables(tables)
    margin: int = fast.play_value(
        values, state._hands, state._lead, state._to_move, state._tricks, state._scores,  # noqa: SLF001
        rng.getrandbits, state._race, ctx.dealer,  # noqa: SLF001
    )  # fmt: skip
    return margin


_VALUE_TABLES: dict[int, tuple[RulesTables, bytes]] = {}


def _value_tables(tables: RulesTables) -> bytes:
    """The tables ``play_value`` reads, in one bytes object (see ``_csample.play_value``):
    the kernel's tables of the play, then the end of the play, the race's threshold and
    pique, and the bits of a score in the state's packed scores; packed once a ruleset,
    on the first call (:func:`rollout_value` looks the packing up itself)."""
    rules = tables.ruleset
    settings = _int16s(rules.bonus_threshold, rules.pique, SCORE_BITS)
    packed = b"".join((*kernel_tables(tables), _closing(tables), settings))
    _VALUE_TABLES[id(tables)] = (tables, packed)
    return packed


def _int16s(*values: int) -> bytes:
    if not all(-32768 <= value < 32768 for value in values):
        raise ValueError(f"the kernel reads these as int16: {values}")
    return array("h", values).tobytes()


def _tricks(won_by_a: int) -> int:
    """The count of tricks of a finished play, A having won ``won_by_a`` of twelve."""
    return won_by_a | (12 - won_by_a) << TRICKS_B_SHIFT


def _closing(tables: RulesTables) -> bytes:
    """The end of the play as the kernel reads it (see ``_csample.play_value``): the last
    trick's points by winning card, the cards' and capot's points (int16), the shift of
    B's count of tricks. Read off :func:`piquet.engine.play.closing_points` (six tricks
    each: no cards; seven: the cards; twelve: capot)."""
    last = [closing_points(tables, _tricks(6), Player.A, card)[0] for card in range(_SLOTS)]
    cards = closing_points(tables, _tricks(7), Player.A, 0)[0] - last[0]
    capot = closing_points(tables, _tricks(12), Player.A, 0)[0] - last[0]
    return array("h", (*last, cards, capot, TRICKS_B_SHIFT)).tobytes()
