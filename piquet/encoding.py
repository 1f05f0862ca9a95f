"""Fixed-size action ids and observation tensors for learning agents (needs numpy).

Reinforcement-learning frameworks want a fixed, numbered action space with a mask of
the legal ids, and a fixed-shape observation tensor. This module gives both, for every
ruleset, with one layout for 32- and 36-card packs: cards are numbered over the 36-card
pack in canonical order (spades, hearts, diamonds, clubs; ace down to six), so the four
sixes are simply never legal with a 32-card pack.

Action ids (:data:`NUM_ACTIONS` = 4,180 in all):

=============  =====  =============================================================
ids            count  meaning
=============  =====  =============================================================
0 .. 35        36     ``Play(card)``: card ``id`` of the 36-card pack (0 = AS, 1 = KS,
                      ..., 8 = 6S, 9 = AH, ..., 35 = 6C)
36 .. 4131     4,096  a subset of the mover's hand: bit ``i`` of ``id - 36`` is the
                      ``i``-th card of his hand in canonical order. In the exchange:
                      ``Exchange(discard=those cards)``; in the declarations:
                      ``Call(current category, those cards)``
4132 .. 4143   12     ``ExchangeCount(n)``, n = ``id - 4131`` (1 .. 12): the elder's
                      carte blanche count
4144 .. 4146   3      ``Leave(choice)``: unseen, look, expose
4147 .. 4149   3      ``Pass(category)``: point, sequence, set
4150 .. 4152   3      ``Good(category)``: point, sequence, set
4153 .. 4176   24     ``Reckon(category, cards)``: ``8 * category + k`` (category 0 point,
                      1 sequence, 2 set); bit ``i`` of ``k`` reckons the ``i``-th of the
                      further combinations the engine offers (best first); ``k = 0``
                      sinks them all
4177 .. 4179   3      ``Equal(category)``: point, sequence, set
=============  =====  =============================================================

A hand holds twelve cards whenever it discards or declares, hence 4,096 subsets. The
declaration category is the state's current one (declarations go point, sequence,
set), so a call needs no category bits. The deal is a chance action, not a player's:
it has no id. Ids depend on the state they are read in (a hand subset names positions
in the mover's hand), so :func:`encode` and :func:`decode` both take the state.

>>> import random
>>> import piquet as pq
>>> from piquet import encoding
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(3)))
>>> mask = encoding.legal_mask(state)
>>> int(mask.sum()) == len(state.legal_actions())
True
>>> first = state.legal_actions()[0]
>>> action_id = encoding.encode(state, first)
>>> encoding.decode(state, action_id) == first, encoding.describe(action_id)
(True, 'hand subset 1')

The observation tensor (:func:`observation_tensor`, :data:`OBSERVATION_SIZE` = 490
float32 values) is built from an :class:`~piquet.observation.Observation` only, so it
holds what that player may know and nothing more. Its fields, in order (see
:data:`OBSERVATION_FIELDS` for offsets); card planes have 36 entries, one per card id
as above, 1.0 for a card in the set:

- ``hand``: the cards he holds; ``dealt_hand``: the twelve he was dealt;
  ``discard``: his discard; ``seen_stock``: stock cards he has seen but does not hold;
  ``opponent_shown``: the opponent's carte blanche, once shown; ``opponent_known``:
  cards he knows the opponent holds now;
- ``my_tricks`` / ``opponent_tricks``: cards each played to the finished tricks;
  ``trick_lead``: the card led to the trick in progress;
- ``my_declared`` / ``opponent_declared``: cards shown in each side's declarations;
- ``pack``: the cards of the ruleset's pack (tells 32 from 36 cards);
- ``phase``: one-hot over deal, exchange, declaration, play, over;
- ``to_move``: one-hot over himself, the opponent, chance, nobody (over);
- ``elder``: 1.0 when he is the elder hand;
- ``deal_number``: the deal's number divided by 6;
- ``scores`` / ``deal_scores``: his and the opponent's game and deal scores, over 100;
- ``taken``: cards he and the opponent took from the stock, over 12;
- ``stock_size`` / ``opponent_hand_size``: over 12;
- ``left_cards``: one-hot over not chosen, unseen, look, expose;
- ``tricks_won``: his and the opponent's, over 12;
- ``spoken``: for each category (point, sequence, set), speaker (himself, opponent)
  and verb (call, pass, good, reckon, equal), how many such utterances this deal;
- ``result``: one-hot over he won, the opponent won, drawn (all 0 until over).

What a losing call says in words (``point of five``) is not in the tensor: only its
verb is, and the cards of calls that scored or tied.

>>> obs = state.observation(state.elder)
>>> tensor = encoding.observation_tensor(obs)
>>> tensor.shape, tensor.dtype.name, float(tensor[encoding.field_slice("hand")].sum())
((490,), 'float32', 12.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._extras import missing_extra

with missing_extra("piquet.encoding", "rl"):
    import numpy as np
    import numpy.typing as npt

from .actions import (
    Action,
    Call,
    Deal,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from .cards import Card, CardSet, pack
from .engine import State
from .observation import Observation
from .words import CHANCE, Category, Phase, Player

__all__ = [
    "CARDS",
    "COUNT_BASE",
    "EQUAL_BASE",
    "GOOD_BASE",
    "LEAVE_BASE",
    "NUM_ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "PASS_BASE",
    "PLAY_BASE",
    "RECKON_BASE",
    "SUBSET_BASE",
    "EncodingError",
    "card_id",
    "decode",
    "describe",
    "encode",
    "field_slice",
    "legal_ids",
    "legal_mask",
    "observation_tensor",
]


class EncodingError(ValueError):
    """An action or id that has no meaning in the state at hand; the message says why."""


CARDS: Final = pack(36)
"""The 36 cards in id order (canonical order: suits S H D C, ranks ace down to six)."""
_CARD_ID: Final = {card: i for i, card in enumerate(CARDS)}
_NUM_CARDS: Final = 36
_HAND_SIZE: Final = 12

# the first id of each block of the table above
PLAY_BASE: Final = 0
SUBSET_BASE: Final = PLAY_BASE + _NUM_CARDS
COUNT_BASE: Final = SUBSET_BASE + (1 << _HAND_SIZE)
_MAX_COUNT: Final = 12
LEAVE_BASE: Final = COUNT_BASE + _MAX_COUNT
PASS_BASE: Final = LEAVE_BASE + 3
GOOD_BASE: Final = PASS_BASE + 3
RECKON_BASE: Final = GOOD_BASE + 3
_RECKON_SLOTS: Final = 8  # at most three further combinations in a twelve-card hand
EQUAL_BASE: Final = RECKON_BASE + 3 * _RECKON_SLOTS
NUM_ACTIONS: Final = EQUAL_BASE + 3
"""The size of the action space (4,180), the same for every ruleset."""

_CATEGORIES: Final = (Category.POINT, Category.SEQUENCE, Category.SET)
_CATEGORY_INDEX: Final = {c: i for i, c in enumerate(_CATEGORIES)}
_LEAVES: Final = (LeftCards.UNSEEN, LeftCards.LOOK, LeftCards.EXPOSE)
_LEAVE_INDEX: Final = {c: i for i, c in enumerate(_LEAVES)}
_POPCOUNT: Final = np.array([bin(m).count("1") for m in range(1 << _HAND_SIZE)], dtype=np.int8)


def card_id(card: Card) -> int:
    """The card's id, 0 (AS) to 35 (6C).

    >>> import piquet as pq
    >>> card_id(pq.Card.parse("AS")), card_id(pq.Card.parse("6C")), str(CARDS[9])
    (0, 35, 'AH')
    """
    return _CARD_ID[card]


def _checked(source: object, where: str) -> State | Observation:
    """``source`` if it is a State or an Observation, else a TypeError naming both."""
    if isinstance(source, (State, Observation)):
        return source
    got = repr(source)
    got = got if len(got) <= 60 else got[:57] + "..."
    raise TypeError(f"{where}: expected a State or an Observation, got {got}")


def _legal(source: State | Observation) -> Sequence[Action]:
    """The mover's legal actions; from an observation, its player's (empty unless he is
    to move)."""
    if isinstance(source, State):
        return source.legal_actions()
    return source.legal_actions


def _mover(source: State | Observation) -> Player:
    mover = source.to_move
    if not isinstance(mover, Player):
        raise EncodingError(f"no player to move in the {source.phase.value} phase")
    if isinstance(source, Observation) and mover is not source.player:
        raise EncodingError(
            f"the observation is {source.player}'s and {mover} is to move: "
            "the ids of his hand are unknown"
        )
    return mover


def _hand_positions(source: State | Observation) -> tuple[Card, ...]:
    mover = _mover(source)
    hand = tuple(source.hand(mover) if isinstance(source, State) else source.hand)
    if len(hand) != _HAND_SIZE:
        raise EncodingError(f"the mover holds {len(hand)} cards, not {_HAND_SIZE}")
    return hand


def _current_category(source: State | Observation) -> Category:
    """The category being declared: every legal declaration action names it."""
    if source.phase is Phase.DECLARATION:
        _mover(source)  # an observation of the other player's turn: nothing is legal
    legal = _legal(source)
    if source.phase is not Phase.DECLARATION or not legal:
        raise EncodingError(f"not in the declarations (phase {source.phase.value})")
    first = legal[0]
    assert isinstance(first, (Call, Pass, Good, Equal, Reckon))
    return first.category


def _further_combinations(source: State | Observation) -> list[CardSet]:
    """The combinations the winner may reckon, best first, read from the legal reckons.

    The engine offers every union of them; the single ones are those with no smaller
    non-empty reckon inside, and it lists them best first."""
    reckons = [a.cards for a in _legal(source) if isinstance(a, Reckon)]
    nonempty = [c for c in reckons if c]
    singles = [c for c in nonempty if not any(o < c for o in nonempty)]
    if len(singles) > 3:  # twelve cards hold at most four combinations, one of them called
        raise EncodingError(f"{len(singles)} combinations to reckon: the ids hold three")
    return singles


def encode(state: State | Observation, action: Action) -> int:
    """The id of ``action`` in ``state``; raises :class:`EncodingError` if it has none.

    The action need not be legal, only expressible: a discard or a call must be cards
    of the mover's hand, a call or reckon must be of the current category. ``state``
    may be the :class:`~piquet.observation.Observation` of the player to move instead
    (what a bot has): the id is the same.

    >>> import piquet as pq
    >>> state = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
    ...     younger="10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D",
    ...     stock="AC KC QC JC 10C 9C 8C 7C",
    ... )
    >>> encode(state, pq.Exchange("AS KS")) - SUBSET_BASE
    3
    >>> encode(state, pq.Deal(["AS"]))
    Traceback (most recent call last):
    ...
    piquet.encoding.EncodingError: deal 2 AS: the deal is a chance action and has no id
    """
    if not isinstance(state, State):
        _checked(state, "encode")
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        return PLAY_BASE + _CARD_ID[action.card]
    if kind is Exchange or kind is Call:
        assert isinstance(action, (Exchange, Call))
        if kind is Call:
            assert isinstance(action, Call)
            current = _current_category(state)
            if action.category is not current:
                raise EncodingError(f"{action}: the current category is {current}")
            chosen = action.cards
        else:
            assert isinstance(action, Exchange)
            if state.phase is not Phase.EXCHANGE:
                raise EncodingError(f"{action}: not in the exchange")
            chosen = action.discard
        hand = _hand_positions(state)
        bits = 0
        for position, card in enumerate(hand):
            if card in chosen:
                bits |= 1 << position
        if bits.bit_count() != len(chosen):
            raise EncodingError(f"{action}: not cards of the mover's hand")
        return SUBSET_BASE + bits
    if kind is ExchangeCount:
        assert isinstance(action, ExchangeCount)
        if not 1 <= action.count <= _MAX_COUNT:
            raise EncodingError(f"{action}: counts go from 1 to {_MAX_COUNT}")
        return COUNT_BASE + action.count - 1
    if kind is Leave:
        assert isinstance(action, Leave)
        return LEAVE_BASE + _LEAVE_INDEX[action.choice]
    if kind is Pass:
        assert isinstance(action, Pass)
        return PASS_BASE + _CATEGORY_INDEX[action.category]
    if kind is Good:
        assert isinstance(action, Good)
        return GOOD_BASE + _CATEGORY_INDEX[action.category]
    if kind is Equal:
        assert isinstance(action, Equal)
        return EQUAL_BASE + _CATEGORY_INDEX[action.category]
    if kind is Reckon:
        assert isinstance(action, Reckon)
        current = _current_category(state)
        if action.category is not current:
            raise EncodingError(f"{action}: the current category is {current}")
        combos = _further_combinations(state)
        bits = 0
        covered = CardSet()
        for i, combo in enumerate(combos):
            if combo <= action.cards:
                bits |= 1 << i
                covered |= combo
        if covered != action.cards:
            raise EncodingError(f"{action}: not a union of the combinations offered")
        return RECKON_BASE + _RECKON_SLOTS * _CATEGORY_INDEX[current] + bits
    if kind is Deal:
        raise EncodingError(f"{action}: the deal is a chance action and has no id")
    raise EncodingError(f"not an action: {action!r}")


def decode(state: State | Observation, action_id: int) -> Action:
    """The action that ``action_id`` names in ``state`` (see the table above), or in
    the :class:`~piquet.observation.Observation` of the player to move.

    Raises :class:`EncodingError` for an id out of range or meaningless here; the
    action it returns may still be illegal (check :func:`legal_mask`).

    >>> import piquet as pq
    >>> state = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
    ...     younger="10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D",
    ...     stock="AC KC QC JC 10C 9C 8C 7C",
    ... )
    >>> str(decode(state, SUBSET_BASE + 0b11)), str(decode(state, 0))
    ('discard AS KS', 'play AS')
    """
    if not isinstance(state, State):
        _checked(state, "decode")
    if not isinstance(action_id, (int, np.integer)) or isinstance(action_id, bool):
        raise EncodingError(f"an action id must be an int, not {type(action_id).__name__}")
    action_id = int(action_id)
    if not 0 <= action_id < NUM_ACTIONS:
        raise EncodingError(f"action id {action_id} out of range 0..{NUM_ACTIONS - 1}")
    if action_id < SUBSET_BASE:
        return Play(CARDS[action_id - PLAY_BASE])
    if action_id < COUNT_BASE:
        bits = action_id - SUBSET_BASE
        hand = _hand_positions(state)
        chosen = CardSet(card for i, card in enumerate(hand) if bits >> i & 1)
        if state.phase is Phase.EXCHANGE:
            return Exchange(chosen)
        if state.phase is Phase.DECLARATION:
            return Call(_current_category(state), chosen)
        raise EncodingError(f"id {action_id}: a hand subset means nothing in this phase")
    if action_id < LEAVE_BASE:
        return ExchangeCount(action_id - COUNT_BASE + 1)
    if action_id < PASS_BASE:
        return Leave(_LEAVES[action_id - LEAVE_BASE])
    if action_id < GOOD_BASE:
        return Pass(_CATEGORIES[action_id - PASS_BASE])
    if action_id < RECKON_BASE:
        return Good(_CATEGORIES[action_id - GOOD_BASE])
    if action_id >= EQUAL_BASE:
        return Equal(_CATEGORIES[action_id - EQUAL_BASE])
    category_index, bits = divmod(action_id - RECKON_BASE, _RECKON_SLOTS)
    category = _CATEGORIES[category_index]
    current = _current_category(state)
    if category is not current:
        raise EncodingError(f"id {action_id}: a reckon of {category}; now {current}")
    combos = _further_combinations(state)
    if bits >> len(combos):
        raise EncodingError(f"id {action_id}: only {len(combos)} combinations to reckon")
    reckoned = CardSet()
    for i, combo in enumerate(combos):
        if bits >> i & 1:
            reckoned |= combo
    return Reckon(category, reckoned)


def describe(action_id: int) -> str:
    """What an id means, in words, without a state.

    >>> describe(0), describe(4132), describe(4153 + 9)
    ('play AS', 'count 1', 'reckon sequence, combinations 0')
    """
    if not 0 <= action_id < NUM_ACTIONS:
        raise EncodingError(f"action id {action_id} out of range 0..{NUM_ACTIONS - 1}")
    if action_id < SUBSET_BASE:
        return f"play {CARDS[action_id]}"
    if action_id < COUNT_BASE:
        return f"hand subset {action_id - SUBSET_BASE}"
    if action_id < LEAVE_BASE:
        return f"count {action_id - COUNT_BASE + 1}"
    if action_id < PASS_BASE:
        return f"leave {_LEAVES[action_id - LEAVE_BASE]}"
    if action_id < GOOD_BASE:
        return f"pass {_CATEGORIES[action_id - PASS_BASE]}"
    if action_id < RECKON_BASE:
        return f"good {_CATEGORIES[action_id - GOOD_BASE]}"
    if action_id >= EQUAL_BASE:
        return f"equal {_CATEGORIES[action_id - EQUAL_BASE]}"
    category_index, bits = divmod(action_id - RECKON_BASE, _RECKON_SLOTS)
    picked = ", ".join(str(i) for i in range(3) if bits >> i & 1) or "none"
    return f"reckon {_CATEGORIES[category_index]}, combinations {picked}"


def legal_mask(state: State | Observation) -> npt.NDArray[np.bool_]:
    """A boolean array of :data:`NUM_ACTIONS`: True for the ids of the legal actions.

    From a player's :class:`~piquet.observation.Observation`, the mask of his legal
    actions: the state's mask when he is to move, else all False. Equal observations
    give equal masks.

    Discards are never built: their ids follow from the hand and the smallest and
    largest discard allowed (the first and last of the legal discards, which come by
    size). At a chance node or when the game is over, no id is legal.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> int(legal_mask(state).sum())
    0
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> int(legal_mask(state).sum()), len(state.legal_actions())
    (1585, 1585)
    """
    mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    if isinstance(state, State):
        if not isinstance(state.to_move, Player):
            return mask
        legal = state.legal_actions()
    else:
        _checked(state, "legal_mask")  # a TypeError unless an Observation
        legal = state.legal_actions
    if not legal:
        return mask
    first = legal[0]
    if type(first) is Exchange:
        low = len(first.discard)
        last = legal[len(legal) - 1]
        assert isinstance(last, Exchange)
        high = len(last.discard)
        sizes = _POPCOUNT
        mask[SUBSET_BASE:COUNT_BASE] = np.logical_and(sizes >= low, sizes <= high)
        return mask
    if type(first) is Play:
        for action in legal:
            assert isinstance(action, Play)
            mask[_CARD_ID[action.card]] = True
        return mask
    for action in legal:
        mask[encode(state, action)] = True
    return mask


def legal_ids(state: State | Observation) -> npt.NDArray[np.intp]:
    """The legal ids, ascending (the indices of :func:`legal_mask`), in a state or in
    the observation of the player to move."""
    return np.flatnonzero(legal_mask(state))


# ----------------------------------------------------------------- observations

OBSERVATION_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("hand", _NUM_CARDS),
    ("dealt_hand", _NUM_CARDS),
    ("discard", _NUM_CARDS),
    ("seen_stock", _NUM_CARDS),
    ("opponent_shown", _NUM_CARDS),
    ("opponent_known", _NUM_CARDS),
    ("my_tricks", _NUM_CARDS),
    ("opponent_tricks", _NUM_CARDS),
    ("trick_lead", _NUM_CARDS),
    ("my_declared", _NUM_CARDS),
    ("opponent_declared", _NUM_CARDS),
    ("pack", _NUM_CARDS),
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
        _checked(state, "observation_tensor")
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
        slot = (_CATEGORY_INDEX[said.category] * 2 + (said.player != me)) * 5 + _VERBS[said.verb]
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
    bits = _PACK_BITS[observation.ruleset.pack_size] << (_NUM_CARDS * (_CARD_PLANES - 1))
    for k, mask in enumerate(planes):
        if mask:
            bits |= _id_bits(mask) << (_NUM_CARDS * k)
    raw = np.frombuffer(bits.to_bytes(_CARD_PLANES * _NUM_CARDS // 8, "little"), np.uint8)
    out[: _CARD_PLANES * _NUM_CARDS] = np.unpackbits(raw, bitorder="little")
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
    out[_OFFSETS["left_cards"][0] + (0 if left is None else 1 + _LEAVE_INDEX[left])] = 1.0
    start = _OFFSETS["tricks_won"][0]
    out[start] = won[0] / _CARD_SCALE
    out[start + 1] = won[1] / _CARD_SCALE
    result = observation.result
    if result is not None:
        outcome = 2 if result.winner is None else (0 if result.winner == me else 1)
        out[_OFFSETS["result"][0] + outcome] = 1.0
    return out
