"""The adapters' fast path to :mod:`piquet.encoding`'s mask and observation tensor.

:func:`piquet.encoding.observation_tensor` builds a whole
:class:`~piquet.observation.Observation` first, some twenty facts, then the tensor,
field by field: about fifty microseconds a step. Here, in the play (two thirds of a
deal's decisions), the facts that stay put for the whole play of a deal (the dealt
hand, the discard, the stock seen, the declarations, the result) come from one slow
tensor per deal and player, and only what a card changes (the hands, the trick, the
tricks, the scores, who moves) is read from the state's packed fields and written
over it. Everywhere else the slow path runs, and the result is the same tensor,
value for value (``tests/test_adapters_tensors.py`` checks it on every step of many
games). The legal mask of a discard depends only on the smallest and largest
discard allowed: it is built once per pair.

Both work on one state at a time and write into an array given (a row of a batch).
They read the state's packed fields (its hands, trick, tricks and scores, as the
engine's own :mod:`piquet.engine.seen` does), hence the private names below.

Where the compiled kernel is built (``piquet.search._cplay``, switched off by
``PIQUET_NATIVE=0`` as the search's), the play's tensor and mask are written by it
from the same packed fields, in one call each: the same values.
"""

# ruff: noqa: SLF001

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from piquet import Exchange, Phase, Play, Player, State, encoding
from piquet.cards import CARD_BY_INDEX, pack
from piquet.engine import exchange, heard
from piquet.engine.parts import hand_of, score_pair
from piquet.engine.play import tricks_won
from piquet.search.native import kernel

__all__ = ["PLAYS", "TensorMaker", "legal_ids", "mask_into"]

_CARDS: Final = 36
_PLAY: Final = Phase.PLAY


def _field(name: str) -> int:
    return encoding.field_slice(name).start  # type: ignore[no-any-return]


_HAND: Final = 0
_SEEN_STOCK: Final = 3
_OPP_KNOWN: Final = 5
_MY_TRICKS: Final = 6
_OPP_TRICKS: Final = 7
_LEAD: Final = 8
_DYNAMIC_PLANES: Final = (_HAND, _SEEN_STOCK, _OPP_KNOWN, _MY_TRICKS, _OPP_TRICKS, _LEAD)
_TO_MOVE: Final = _field("to_move")
_SCORES: Final = _field("scores")
_DEAL_SCORES: Final = _field("deal_scores")
_OPP_HAND: Final = _field("opponent_hand_size")
_TRICKS_WON: Final = _field("tricks_won")
_SCALE: Final = 100.0
_CARD_SCALE: Final = 12.0

_PLAY_ID: Final = {card.index: encoding.card_id(card) for card in pack(36)}
PLAYS: Final = tuple(Play(card) for card in sorted(pack(36), key=encoding.card_id))
"""The card played of each id below ``encoding.SUBSET_BASE``, in any state: what
:func:`piquet.encoding.decode` gives, without the call."""
# where each bit of the dynamic planes' masks (see _dynamic_bits) goes in the tensor
_POSITION: Final = {
    64 * k + card.index: _CARDS * plane + encoding.card_id(card)
    for k, plane in enumerate(_DYNAMIC_PLANES)
    for card in pack(36)
}


def _native() -> Any:
    """The compiled kernel of the play's rows, set up with the encoding's layout, or
    None when it is not built or switched off."""
    fast = kernel("_cplay")
    if fast is not None:
        ids = bytes(
            encoding.card_id(CARD_BY_INDEX[i]) if CARD_BY_INDEX[i] is not None else 255
            for i in range(64)
        )
        fast.setup(
            ids,
            [_CARDS * plane for plane in _DYNAMIC_PLANES],
            _TO_MOVE,
            _SCORES,
            _DEAL_SCORES,
            _OPP_HAND,
            _TRICKS_WON,
            encoding.OBSERVATION_SIZE,
            encoding.NUM_ACTIONS,
        )
    return fast


def _dynamic_bits(known: _Play, state: State, player: Player) -> int:
    """The six planes a card changes, as card-set masks in 64-bit slots (slot ``k``:
    the ``k``-th of the dynamic planes)."""
    hands = state._hands
    mine = hand_of(hands, player)
    theirs = hand_of(hands, player.other)
    lead = state._lead
    lead_mask = 0 if lead < 0 else 1 << lead
    return (
        mine
        | (known.seen & ~mine) << 64
        | (known.known & theirs) << 128
        | (known.mine & ~mine & ~lead_mask) << 192
        | (known.theirs & ~theirs & ~lead_mask) << 256
        | lead_mask << 320
    )


class _Play:
    """What stays put through the play of one deal, for one player, and the tensor of
    the last state asked, which the next one changes in a few cards."""

    __slots__ = ("bits", "ctx", "known", "mine", "seen", "tensor", "theirs")

    def __init__(self, state: State, player: Player, base: npt.NDArray[np.float32]) -> None:
        opponent = player.other
        self.ctx = state._ctx  # kept alive, so that its id names no other
        hands = state._hands
        mine = hand_of(hands, player)
        theirs = hand_of(hands, opponent)
        # the hands as the play began: what each holds, and what each has played
        for trick in state.tricks:
            mine |= trick.lead.mask if trick.leader == player else trick.follow.mask
            theirs |= trick.follow.mask if trick.leader == player else trick.lead.mask
        for card in state.trick:
            if state.to_move == player:  # the card led is the opponent's
                theirs |= card.mask
            else:
                mine |= card.mask
        self.mine = mine
        self.theirs = theirs
        self.seen = exchange.seen_mask(state, player)
        self.known = heard.shown_by(state, opponent) | exchange.known_taken(state, player)
        self.tensor = base.copy()
        self.bits = _dynamic_bits(self, state, player)


_OPP_DECLARED: Final = _field("opponent_declared")
_POSITION_BIT: Final = np.array(list(_POSITION), np.intp)
_POSITION_AT: Final = np.array(list(_POSITION.values()), np.intp)


def _after_the_lead(before: _Play, state: State, player: Player) -> _Play:
    """The play's facts of ``player`` once a card is led, from those before it: the
    base tensor's opponent's declared cards read anew (they may be shown now), its six
    changing planes written whole from ``state``."""
    tensor = before.tensor.copy()
    shown = heard.shown_by(state, player.other)
    plane = tensor[_OPP_DECLARED : _OPP_DECLARED + _CARDS]
    plane[:] = 0.0
    ids = _PLAY_ID
    while shown:
        low = shown & -shown
        plane[ids[low.bit_length() - 1]] = 1.0
        shown ^= low
    known = _Play(state, player, tensor)
    bits = known.bits
    raw = np.frombuffer(bits.to_bytes(8 * len(_DYNAMIC_PLANES), "little"), np.uint8)
    known.tensor[_POSITION_AT] = np.unpackbits(raw, bitorder="little")[_POSITION_BIT]
    return known


class TensorMaker:
    """Observation tensors of the states of one game, in the order it is played.

    Holds what it learnt of the deal being played (for both players), and nothing of
    any other deal: one maker per game slot.
    """

    __slots__ = ("_fast", "_memo")

    def __init__(self) -> None:
        self._memo: dict[Any, _Play] = {}
        self._fast = _native()

    def tensor_into(self, state: State, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write ``encoding.observation_tensor(state.observation(player))`` into ``out``."""
        if state._phase is not _PLAY:
            out[:] = encoding.observation_tensor(state.observation(player))
            return
        ctx = state._ctx
        key = (id(ctx), player, state._lead >= 0 or state._tricks != 0)
        memo = self._memo
        known = memo.get(key)
        if known is None or known.ctx is not ctx:
            before = memo.get((key[0], player, False)) if key[2] else None
            if before is None or before.ctx is not ctx:
                base = encoding.observation_tensor(state.observation(player))
                if len(memo) > 4:
                    memo.clear()
                memo[key] = _Play(state, player, base)
                out[:] = base
                return
            # the first card is led: what stays put is as before it, but the cards the
            # opponent declared, which the elder sees now (R-DE-7)
            known = memo[key] = _after_the_lead(before, state, player)
        fast = self._fast
        if fast is not None:  # the compiled kernel: the base copied, the rest written
            fast.tensor(
                out, known.tensor, player, state._hands, state._lead, state._to_move,
                state._tricks, state._scores, known.mine, known.theirs, known.seen, known.known,
            )  # fmt: skip
            return
        self._fill(known, state, player, out)

    def play_rows(
        self, state: State, out: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> None:
        """The tensor of the player to move in ``state``, a state of the play, and his
        legal mask (bool): in one call of the compiled kernel once the deal's facts are
        known, else :meth:`tensor_into` and :meth:`mask_into`."""
        fast = self._fast
        if fast is not None:
            ctx = state._ctx
            player = state._to_move
            known = self._memo.get((id(ctx), player, state._lead >= 0 or state._tricks != 0))
            if known is not None and known.ctx is ctx:
                fast.tensor(
                    out, known.tensor, player, state._hands, state._lead, player,
                    state._tricks, state._scores, known.mine, known.theirs, known.seen,
                    known.known, mask,
                )  # fmt: skip
                return
        self.tensor_into(state, state._to_move, out)  # type: ignore[arg-type]
        self.mask_into(state, mask)

    def mask_into(self, state: State, out: npt.NDArray[Any]) -> None:
        """:func:`mask_into`, in the compiled kernel in the play when it is built and
        ``out`` has one byte an item (bool, int8)."""
        fast = self._fast
        if fast is not None and state._phase is _PLAY and out.itemsize == 1:
            fast.mask(out, state._hands, state._lead, state._to_move)
            return
        mask_into(state, out)

    def tensor(self, state: State, player: Player) -> npt.NDArray[np.float32]:
        """``encoding.observation_tensor(state.observation(player))``, made faster."""
        out = np.empty(encoding.OBSERVATION_SIZE, np.float32)
        self.tensor_into(state, player, out)
        return out

    @staticmethod
    def _fill(known: _Play, state: State, player: Player, out: npt.NDArray[np.float32]) -> None:
        tensor = known.tensor
        bits = _dynamic_bits(known, state, player)
        changed = bits ^ known.bits
        if changed:  # a card or two moved since the last state: write those only
            at = _POSITION
            while changed:
                low = changed & -changed
                tensor[at[low.bit_length() - 1]] = 1.0 if bits & low else 0.0
                changed ^= low
            known.bits = bits
        opponent = player.other
        to_move = state._to_move
        tensor[_TO_MOVE] = 1.0 if to_move == player else 0.0
        tensor[_TO_MOVE + 1] = 1.0 if to_move == opponent else 0.0
        scores = state._scores
        total = score_pair(scores, deal=False)
        deal = score_pair(scores, deal=True)
        won = tricks_won(state._tricks)
        tensor[_SCORES] = total[player] / _SCALE
        tensor[_SCORES + 1] = total[opponent] / _SCALE
        tensor[_DEAL_SCORES] = deal[player] / _SCALE
        tensor[_DEAL_SCORES + 1] = deal[opponent] / _SCALE
        tensor[_OPP_HAND] = hand_of(state._hands, opponent).bit_count() / _CARD_SCALE
        tensor[_TRICKS_WON] = won[player] / _CARD_SCALE
        tensor[_TRICKS_WON + 1] = won[opponent] / _CARD_SCALE
        out[:] = tensor


# ----------------------------------------------------------------- the legal mask

_DISCARDS: dict[tuple[int, int], tuple[npt.NDArray[np.bool_], list[int]]] = {}
_POPCOUNT: Final = np.array([bin(m).count("1") for m in range(1 << 12)], dtype=np.int8)


def _discards(low: int, high: int) -> tuple[npt.NDArray[np.bool_], list[int]]:
    found = _DISCARDS.get((low, high))
    if found is None:
        mask = np.zeros(encoding.NUM_ACTIONS, dtype=np.bool_)
        sizes = _POPCOUNT
        mask[encoding.SUBSET_BASE : encoding.COUNT_BASE] = (sizes >= low) & (sizes <= high)
        found = _DISCARDS[(low, high)] = (mask, [int(i) for i in np.flatnonzero(mask)])
    return found


def legal_ids(state: State) -> list[int]:
    """The legal ids, ascending, as ints: ``list(encoding.legal_ids(state))``, faster
    (a new list each call)."""
    if not isinstance(state.to_move, Player):
        return []
    legal = state.legal_actions()
    if not legal:
        return []
    first = legal[0]
    kind = type(first)
    if kind is Play:  # the engine lists plays in canonical order, which ids follow
        table = _PLAY_ID
        return [table[action.card.index] for action in legal]  # type: ignore[union-attr]
    if kind is Exchange:
        return list(_discards(len(first.discard), len(legal[-1].discard))[1])  # type: ignore[union-attr]
    return [int(i) for i in np.flatnonzero(encoding.legal_mask(state))]


def mask_into(state: State, out: npt.NDArray[Any]) -> None:
    """Write ``encoding.legal_mask(state)`` into ``out`` (any numeric or bool dtype)."""
    out[:] = 0
    if not isinstance(state.to_move, Player):
        return
    legal = state.legal_actions()
    if not legal:
        return
    first = legal[0]
    kind = type(first)
    if kind is Play:
        table = _PLAY_ID
        out[[table[action.card.index] for action in legal]] = 1  # type: ignore[union-attr]
        return
    if kind is Exchange:
        out[:] = _discards(len(first.discard), len(legal[-1].discard))[0]  # type: ignore[union-attr]
        return
    out[:] = encoding.legal_mask(state)
