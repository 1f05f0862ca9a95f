"""The observation tensor: what one player may know, as :data:`OBSERVATION_SIZE`
float32 values in the fields of :data:`OBSERVATION_FIELDS` (each field is described in
the docstring of :mod:`piquet.encoding`)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..cards import CardSet, pack
from ..engine import State
from ..engine.parts import CATEGORY_INDEX
from ..observation import Observation
from ..words import CHANCE, Phase, Player
from ._action_ids import LEAVE_INDEX, NUM_CARDS, checked_source

OBSERVATION_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("hand", NUM_CARDS),
    ("dealt_hand", NUM_CARDS),
    ("discard", NUM_CARDS),
    ("seen_stock", NUM_CARDS),
    ("opponent_shown", NUM_CARDS),
    ("opponent_known", NUM_CARDS),
    ("my_tricks", NUM_CARDS),
    ("opponent_tricks", NUM_CARDS),
    ("trick_lead", NUM_CARDS),
    ("my_declared", NUM_CARDS),
    ("opponent_declared", NUM_CARDS),
    ("pack", NUM_CARDS),
    ("phase", 5),
    ("to_move", 4),
    ("elder", 1),
    ("deal_number", 1),
    ("scores", 2),
    ("deal_scores", 2),
    ("taken", 2),
    ("stock_size", 1),
    ("opponent_hand_size", 1),
    ("left_cards", 4),
    ("tricks_won", 2),
    ("spoken", 30),
    ("result", 3),
)
"""The observation tensor's fields, in order: (name, size)."""

_OFFSETS: Final[dict[str, tuple[int, int]]] = {}
_position = 0
for _name, _size in OBSERVATION_FIELDS:
    _OFFSETS[_name] = (_position, _size)
    _position += _size
OBSERVATION_SIZE: Final = _position
"""The length of an observation tensor (490), the same for every ruleset."""

_PHASES: Final = (Phase.DEAL, Phase.EXCHANGE, Phase.DECLARATION, Phase.PLAY, Phase.OVER)
_PHASE_INDEX: Final = {p: i for i, p in enumerate(_PHASES)}
_VERBS: Final = {"call": 0, "pass": 1, "good": 2, "reckon": 3, "equal": 4}
_SCORE_SCALE: Final = 100.0
_CARD_SCALE: Final = 12.0
_DEALS_SCALE: Final = 6.0


def field_slice(name: str) -> slice:
    """The slice of the observation tensor holding one field.

    >>> field_slice("hand"), field_slice("phase")
    (slice(0, 36, None), slice(432, 437, None))
    """
    try:
        start, size = _OFFSETS[name]
    except KeyError:
        raise KeyError(f"no observation field {name!r}; fields: {', '.join(_OFFSETS)}") from None
    return slice(start, start + size)


_SUIT_SHIFT: Final = 16
_REVERSED_SUIT: Final = tuple(sum(1 << (8 - b) for b in range(9) if m >> b & 1) for m in range(512))
"""A suit's nine mask bits (bit ``rank - 6``) as card-id bits (bit ``14 - rank``)."""


def _id_bits(mask: int) -> int:
    """A card-set mask as 36 bits in card-id order."""
    table = _REVERSED_SUIT
    return (
        table[mask & 0x1FF]
        | table[(mask >> _SUIT_SHIFT) & 0x1FF] << 9
        | table[(mask >> 2 * _SUIT_SHIFT) & 0x1FF] << 18
        | table[(mask >> 3 * _SUIT_SHIFT) & 0x1FF] << 27
    )


def _observation_of(state: object, player: object) -> Observation:
    """``state.observation(player)``, or a TypeError saying what was expected."""
    if not isinstance(state, State):
        checked_source(state, "observation_tensor")
    assert isinstance(state, State)
    if player is None:
        raise TypeError("observation_tensor(state, player): a State needs the player who observes")
    if player is not Player.A and player is not Player.B:
        got = repr(player)
        got = got if len(got) <= 60 else got[:57] + "..."
        raise TypeError(f"observation_tensor: player must be pq.Player.A or pq.Player.B, got {got}")
    return state.observation(player)


_CARD_PLANES: Final = 12
_PACK_BITS: Final = {size: _id_bits(CardSet(pack(size)).mask) for size in (32, 36)}


def observation_tensor(
    observation: Observation | State, player: Player | None = None
) -> npt.NDArray[np.float32]:
    """The observation as a float32 vector of :data:`OBSERVATION_SIZE` (see above).

    A function of the observation alone: equal observations give equal tensors.
    ``observation_tensor(state, player)`` is ``observation_tensor(state.observation(player))``.

    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> observation_tensor(state, pq.Player.A).shape
    (490,)
    >>> observation_tensor(state)
    Traceback (most recent call last):
    ...
    TypeError: observation_tensor(state, player): a State needs the player who observes
    """
    if not isinstance(observation, Observation):
        observation = _observation_of(observation, player)
    elif player is not None and player is not observation.player:
        raise ValueError(
            f"observation_tensor: the observation is {observation.player}'s, not {player}'s"
        )
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    me = observation.player
    them = me.other
    my_tricks = their_tricks = 0
    won = [0, 0]
    for trick in observation.tricks:
        if trick.leader == me:
            my_tricks |= trick.lead.mask
            their_tricks |= trick.follow.mask
        else:
            my_tricks |= trick.follow.mask
            their_tricks |= trick.lead.mask
        won[trick.winner == them] += 1
    lead = 0
    for card in observation.trick:
        lead |= card.mask
    mine_shown = their_shown = 0
    spoken_start = _OFFSETS["spoken"][0]
    for said in observation.spoken:
        if said.shown is not None:
            if said.player == me:
                mine_shown |= said.shown.mask
            else:
                their_shown |= said.shown.mask
        slot = (CATEGORY_INDEX[said.category] * 2 + (said.player != me)) * 5 + _VERBS[said.verb]
        out[spoken_start + slot] += 1.0
    # the twelve card planes, in field order, as one integer of 12 * 36 bits
    planes = (
        observation.hand.mask,
        observation.dealt_hand.mask,
        observation.discard.mask,
        observation.seen_stock.mask,
        observation.opponent_shown.mask,
        observation.opponent_known.mask,
        my_tricks,
        their_tricks,
        lead,
        mine_shown,
        their_shown,
    )
    bits = _PACK_BITS[observation.ruleset.pack_size] << (NUM_CARDS * (_CARD_PLANES - 1))
    for k, mask in enumerate(planes):
        if mask:
            bits |= _id_bits(mask) << (NUM_CARDS * k)
    raw = np.frombuffer(bits.to_bytes(_CARD_PLANES * NUM_CARDS // 8, "little"), np.uint8)
    out[: _CARD_PLANES * NUM_CARDS] = np.unpackbits(raw, bitorder="little")
    out[_OFFSETS["phase"][0] + _PHASE_INDEX[observation.phase]] = 1.0
    to_move = observation.to_move
    if to_move is CHANCE:
        mover = 2
    elif to_move is None:
        mover = 3
    else:
        mover = 0 if to_move == me else 1
    out[_OFFSETS["to_move"][0] + mover] = 1.0
    out[_OFFSETS["elder"][0]] = float(observation.elder == me)
    out[_OFFSETS["deal_number"][0]] = observation.deal_number / _DEALS_SCALE
    for name, pair, scale in (
        ("scores", observation.scores, _SCORE_SCALE),
        ("deal_scores", observation.deal_scores, _SCORE_SCALE),
        ("taken", observation.taken, _CARD_SCALE),
    ):
        start = _OFFSETS[name][0]
        out[start] = pair[me] / scale
        out[start + 1] = pair[them] / scale
    out[_OFFSETS["stock_size"][0]] = observation.stock_size / _CARD_SCALE
    out[_OFFSETS["opponent_hand_size"][0]] = observation.opponent_hand_size / _CARD_SCALE
    left = observation.left_cards
    out[_OFFSETS["left_cards"][0] + (0 if left is None else 1 + LEAVE_INDEX[left])] = 1.0
    start = _OFFSETS["tricks_won"][0]
    out[start] = won[0] / _CARD_SCALE
    out[start + 1] = won[1] / _CARD_SCALE
    result = observation.result
    if result is not None:
        outcome = 2 if result.winner is None else (0 if result.winner == me else 1)
        out[_OFFSETS["result"][0] + outcome] = 1.0
    return out
