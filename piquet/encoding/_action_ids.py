"""The action ids: a fixed number for each action, from the state or the observation
of the player to move, and the mask of the legal ones (the table of ids is in the
docstring of :mod:`piquet.encoding`). The numbering of the cards is here too: the
observation tensor's card planes follow it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# No missing_extra here: piquet.encoding, always imported before its modules, checks numpy.
import numpy as np
import numpy.typing as npt

from ..actions import (
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
from ..cards import Card, CardSet, pack
from ..engine import State
from ..engine.parts import CATEGORIES, CATEGORY_INDEX
from ..observation import Observation
from ..words import Category, Phase, Player


class EncodingError(ValueError):
    """An action or id that has no meaning in the state at hand; the message says why."""

    # named by the module users import it from, in tracebacks and pickles alike
    __module__ = "piquet.encoding"


CARDS: Final = pack(36)
"""The 36 cards in id order (canonical order: suits S H D C, ranks ace down to six)."""
_CARD_ID: Final = {card: i for i, card in enumerate(CARDS)}
NUM_CARDS: Final = 36
_HAND_SIZE: Final = 12

# the first id of each block of the table of ids (in piquet.encoding's docstring)
PLAY_BASE: Final = 0
SUBSET_BASE: Final = PLAY_BASE + NUM_CARDS
COUNT_BASE: Final = SUBSET_BASE + (1 << _HAND_SIZE)
_MAX_COUNT: Final = 12
LEAVE_BASE: Final = COUNT_BASE + _MAX_COUNT
PASS_BASE: Final = LEAVE_BASE + 3
GOOD_BASE: Final = PASS_BASE + 3
RECKON_BASE: Final = GOOD_BASE + 3
_RECKON_SLOTS: Final = 8  # at most three further combinations in a twelve-card hand
EQUAL_BASE: Final = RECKON_BASE + 3 * _RECKON_SLOTS
NUM_ACTIONS: Final = EQUAL_BASE + 3
# the younger's answers (and a pass): one id a category each
_ANSWER_BASES: Final[dict[type, int]] = {Pass: PASS_BASE, Good: GOOD_BASE, Equal: EQUAL_BASE}
"""The size of the action space (4,180), the same for every ruleset."""

_CATEGORIES: Final = CATEGORIES
_LEAVES: Final = (LeftCards.UNSEEN, LeftCards.LOOK, LeftCards.EXPOSE)
LEAVE_INDEX: Final = {c: i for i, c in enumerate(_LEAVES)}
_POPCOUNT: Final = np.array([bin(m).count("1") for m in range(1 << _HAND_SIZE)], dtype=np.int8)


def card_id(card: Card) -> int:
    """The card's id, 0 (AS) to 35 (6C).

    >>> import piquet as pq
    >>> card_id(pq.Card.parse("AS")), card_id(pq.Card.parse("6C")), str(CARDS[9])
    (0, 35, 'AH')
    """
    return _CARD_ID[card]


def checked_source(source: object, where: str) -> State | Observation:
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
        checked_source(state, "encode")
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
        return LEAVE_BASE + LEAVE_INDEX[action.choice]
    if kind is Pass or kind is Good or kind is Equal:
        assert isinstance(action, Pass | Good | Equal)
        return _ANSWER_BASES[kind] + CATEGORY_INDEX[action.category]
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
        return RECKON_BASE + _RECKON_SLOTS * CATEGORY_INDEX[current] + bits
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
        checked_source(state, "decode")
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
        checked_source(state, "legal_mask")  # a TypeError unless an Observation
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
