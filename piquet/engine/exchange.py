"""The exchange: carte blanche's count, the discards, the cards taken in and left (R-EX).

The elder discards first and takes from the top of the stock; the younger then
discards and takes the next cards; if the younger leaves some, he says what becomes of
them. An elder with carte blanche states first how many he will exchange, and the
younger commits his discard before the blanche is shown (R-CB-2). The discard limits
are :func:`discard_limits`, for both the legal actions and the check of an action.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from math import comb
from operator import itemgetter
from typing import TYPE_CHECKING, Final, NoReturn, overload

from ..actions import Exchange, ExchangeCount, Leave, LeftCards
from ..cards import CARD_BY_INDEX, SUIT_BITS, Card, CardSet, trusted_cardset
from ..words import IllegalActionError, Player
from . import declarations, play
from .parts import HAND_MASK, HAND_SHIFT, Context, ExchangeState, ExchStage, Setup, deal_elder
from .tables import SUIT_INDICES

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ACTIONS",
    "apply",
    "discard_limits",
    "elder_has_exchanged",
    "known_taken",
    "legal_actions",
    "seen_mask",
    "stock_left",
    "taken",
]

ACTIONS: Final = frozenset((Exchange, ExchangeCount, Leave))
_OTHER: Final = (Player.B, Player.A)
_new_object: Final = object.__new__
# a frozen class's slot, written past its __setattr__: its own setter is quicker than
# object.__setattr__
_set_mask: Final = CardSet.__dict__["mask"].__set__
_set_discard: Final = Exchange.__dict__["discard"].__set__
# enum members as module constants: reading one off its class costs ten times more
_COUNT: Final = ExchStage.COUNT
_YOUNGER_FIRST: Final = ExchStage.YOUNGER_FIRST
_ELDER: Final = ExchStage.ELDER
_YOUNGER: Final = ExchStage.YOUNGER
_LEAVE: Final = ExchStage.LEAVE
_DONE: Final = ExchStage.DONE
_EXPOSE: Final = LeftCards.EXPOSE
_LOOK: Final = LeftCards.LOOK
_new: Final = tuple.__new__
_LEAVES: Final = (Leave(LeftCards.UNSEEN), Leave(LeftCards.LOOK), Leave(LeftCards.EXPOSE))
# by suit: _SPADES[cards of that suit], their bits, in canonical order
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (
    tuple(tuple(1 << i for i in indices) for indices in table) for table in SUIT_INDICES
)
_NO_CARD: Final = (0,)
# how many discards of lo to hi cards of n, by n << 8 | lo << 4 | hi (n up to 12 cards)
_COUNTS: Final = tuple(
    sum(comb(key >> 8, k) for k in range(key >> 4 & 15, (key & 15) + 1)) for key in range(13 << 8)
)


# ----------------------------------------------------------------- the discards


class _Discards(Sequence[Exchange]):
    """Every legal discard, built only when asked for: combinations by size, then
    lexicographically in canonical card order.

    Made by :func:`legal_actions` without a constructor call. A random choice asks the
    length twice and one item: the length is kept, and an item is made in one call."""

    __slots__ = ("_hand", "_key", "_len")

    _hand: int
    _key: int  # the hand's size, and the fewest and the most cards: see _discard_getters
    _len: int

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Exchange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Exchange]: ...
    def __getitem__(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if type(index) is not int:
            return self._other_item(index)
        try:
            getters = _GETTERS[self._key]
        except KeyError:
            getters = _discard_getters(self._key)
        try:
            getter = getters[index]  # a negative index counts from the end, as for a tuple
        except IndexError:
            raise IndexError("discard index out of range") from None
        hand = self._hand
        # the cards' bits in canonical order, and a 0 after them (see _discard_getters)
        bits = (
            _SPADES[hand & SUIT_BITS]
            + _HEARTS[hand >> 16 & SUIT_BITS]
            + _DIAMONDS[hand >> 32 & SUIT_BITS]
            + _CLUBS[hand >> 48 & SUIT_BITS]
            + _NO_CARD
        )
        # _exchange_of, written out: this is a random player's every discard
        discard = _new_object(CardSet)
        _set_mask(discard, sum(getter(bits)))
        action = _new_object(Exchange)
        _set_discard(action, discard)
        return action

    def _other_item(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        return self[operator.index(index)]

    def __iter__(self) -> Iterator[Exchange]:
        bits = _canonical_bits(self._hand)
        key = self._key
        for k in range(key >> 4 & 15, (key & 15) + 1):
            for combo in itertools.combinations(bits, k):
                yield _exchange_of(sum(combo))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Exchange):
            return False
        mask = action.discard.mask
        key = self._key
        return not mask & ~self._hand and key >> 4 & 15 <= mask.bit_count() <= key & 15

    def __repr__(self) -> str:
        key = self._key
        return f"<{self._len} discards of {key >> 4 & 15} to {key & 15} cards>"


def _canonical_bits(hand: int) -> tuple[int, ...]:
    """The hand's cards' bits, in canonical order."""
    return (
        _SPADES[hand & SUIT_BITS]
        + _HEARTS[hand >> 16 & SUIT_BITS]
        + _DIAMONDS[hand >> 32 & SUIT_BITS]
        + _CLUBS[hand >> 48 & SUIT_BITS]
    )


_GETTERS: Final[dict[int, tuple[itemgetter[tuple[int, ...]], ...]]] = {}


def _discard_getters(key: int) -> tuple[itemgetter[tuple[int, ...]], ...]:
    """Every discard of ``lo`` to ``hi`` of ``n`` cards (``key``: ``n << 8 | lo << 4 | hi``),
    in canonical order, as a getter of its cards' bits out of the ``n`` bits and a 0 (at
    position ``n``: a getter of one position would give an int, not a tuple to sum; a
    discard of no card gets two 0s). Made once for each key, and kept."""
    n, lo, hi = key >> 8, key >> 4 & 15, key & 15
    getters = _GETTERS[key] = tuple(
        itemgetter(*combo) if k > 1 else itemgetter(*combo, n, n)
        for k in range(lo, hi + 1)
        for combo in itertools.combinations(range(n), k)
    )
    return getters


def _exchange_of(mask: int) -> Exchange:
    # past the frozen classes' own constructors and converters: a CardSet and an
    # Exchange made as trusted_cardset makes a CardSet
    discard = _new_object(CardSet)
    _set_mask(discard, mask)
    action = _new_object(Exchange)
    _set_discard(action, discard)
    return action


def discard_limits(state: State, exch: ExchangeState) -> tuple[int, int, str]:
    """How many cards the player to move may discard, and the rule that says so.

    (:func:`legal_actions` and :func:`apply` write it out for the usual elder and
    younger.)"""
    rules = state._ctx.ruleset
    stage = exch.stage
    if stage is _ELDER:
        if exch.announced:
            return exch.announced, exch.announced, "R-CB-2"
        return rules.elder_min, rules.elder_max, "R-EX-1"
    elder = _OTHER[state._ctx.dealer]
    taken_first = exch.announced if stage is _YOUNGER_FIRST else exch.taken[elder]
    return rules.younger_min, rules.stock_size - taken_first, "R-EX-3"


# ----------------------------------------------------------------- legal actions


def legal_actions(state: State) -> Sequence[ExchangeCount | Exchange | Leave]:
    ctx = state._ctx
    exch = ctx.exch
    assert exch is not None
    stage = exch.stage
    player: Player = state._to_move  # type: ignore[assignment]
    # discard_limits, written out for the usual elder and younger
    if stage is _ELDER and not exch.announced:
        rules = ctx.ruleset
        lo, hi = rules.elder_min, rules.elder_max
    elif stage is _YOUNGER:
        # the stock's length is the ruleset's stock_size, without its property's call
        lo = ctx.ruleset.younger_min
        hi = len(ctx.setup.stock) - exch.taken[_OTHER[player]]  # type: ignore[union-attr]
    elif stage is _COUNT:
        rules = ctx.ruleset
        return tuple(ExchangeCount(n) for n in range(rules.elder_min, rules.elder_max + 1))
    elif stage is _LEAVE:
        return _LEAVES
    elif stage is _DONE:
        return ()
    else:
        lo, hi, _rule = discard_limits(state, exch)
    # _discards, written out: this is a random player's every discard
    hand = state._hands >> HAND_SHIFT[player] & HAND_MASK
    discards = _new_object(_Discards)
    discards._hand = hand
    discards._key = key = hand.bit_count() << 8 | lo << 4 | hi
    discards._len = _COUNTS[key]
    return discards


# ----------------------------------------------------------------- transition


def apply(state: State, action: Exchange | ExchangeCount | Leave) -> State:
    """The state after ``action`` (see :meth:`State.apply`); any other kind of action is
    refused by the state's own dispatch, with the reason.

    The usual elder's and younger's discards are written out here, each in one go: a
    random player's every exchange goes through them (the count, the leave and the
    discards after a carte blanche's count are :func:`_other_step`)."""
    ctx = state._ctx
    exch: ExchangeState = ctx.exch  # type: ignore[assignment]
    stage = exch.stage
    if type(action) is not Exchange or not (
        stage is _YOUNGER or (stage is _ELDER and not exch.announced)
    ):
        return _other_step(state, exch, action)
    player: Player = state._to_move  # type: ignore[assignment]
    other = _OTHER[player]
    # the context's fields unpacked at once: quicker than reading them one by one
    rules, tables, game, dealer, setup, result, _exch, decl = ctx
    shift = HAND_SHIFT[player]
    hands = state._hands
    discard = action.discard.mask
    n = discard.bit_count()
    moved = discard << shift  # the discard's bits in both hands
    prefix = setup.prefix  # type: ignore[union-attr]
    # discard_limits, written out for each
    if stage is _ELDER:
        if hands & moved != moved or not rules.elder_min <= n <= rules.elder_max:
            _refuse(state, exch, action)
    else:  # the younger, after the elder took k cards: he may take the rest of the stock
        k = exch.taken[other]
        stock_size = len(setup.stock)  # type: ignore[union-attr]
        if hands & moved != moved or not rules.younger_min <= n <= stock_size - k:
            _refuse(state, exch, action)
    # the clone, written out (the exchange keeps the play's fields as they are)
    new = type(state)()
    new._scores = state._scores
    new._events = state._events
    new._race = state._race
    new._lead = state._lead
    new._tricks = state._tricks
    new._history = (state._history, action)
    if stage is _ELDER:
        # the discard leaves the hand (its cards are in it: one XOR), and he takes the
        # top n cards; the younger is to move
        new._hands = hands ^ moved | prefix[n] << shift
        if player:
            exch = _new(ExchangeState, (_YOUNGER, 0, (0, discard), (0, n), False, None))
        else:
            exch = _new(ExchangeState, (_YOUNGER, 0, (discard, 0), (n, 0), False, None))
        new._ctx = _new(Context, (rules, tables, game, dealer, setup, result, exch, decl))
        new._to_move = other
        return new
    # the younger takes the next n cards
    new._hands = hands ^ moved | (prefix[k + n] ^ prefix[k]) << shift
    # both have taken in (he had discarded nothing yet)
    elder_discard = exch.discards[other]
    if player:
        discards = (elder_discard, discard)
        taken = (k, n)
    else:
        discards = (discard, elder_discard)
        taken = (n, k)
    if k + n >= stock_size:
        new._ctx = ctx
        new._to_move = player
        # the record goes into the declarations' new context
        declarations.begin(
            new, _new(ExchangeState, (_DONE, exch.announced, discards, taken, True, None))
        )
    else:
        # the younger says what becomes of the cards left
        exch = _new(ExchangeState, (_LEAVE, exch.announced, discards, taken, True, None))
        new._ctx = _new(Context, (rules, tables, game, dealer, setup, result, exch, decl))
        new._to_move = dealer
    return new


def _other_step(state: State, exch: ExchangeState, action: object) -> State:
    """The word on the cards left, the count, the discards after a count, or an action
    refused with the reason."""
    kind = type(action)
    stage = exch.stage
    if kind is Leave and stage is _LEAVE:
        return _leave(state, exch, action)
    if kind is Exchange and (stage is _YOUNGER_FIRST or stage is _ELDER):
        return _blanche_discard(state, exch, action)  # type: ignore[arg-type]
    if kind not in ACTIONS:
        from .state import State  # here: state.py imports this module

        return State.apply(state, action)  # type: ignore[arg-type]
    if stage is _COUNT:
        return _count(state, exch, action)
    if stage is _LEAVE:
        return _leave(state, exch, action)
    raise IllegalActionError(f"{action}: expected a discard ({state._to_move} to move)")


def _blanche_discard(state: State, exch: ExchangeState, action: Exchange) -> State:
    """A discard once the elder holding carte blanche has stated his count (R-CB-2): the
    younger commits his first, then the elder exchanges, and both take in."""
    player: Player = state._to_move  # type: ignore[assignment]
    other = _OTHER[player]
    lo, hi, _rule = discard_limits(state, exch)
    shift = HAND_SHIFT[player]
    hands = state._hands
    discard = action.discard.mask
    n = discard.bit_count()
    moved = discard << shift  # the discard's bits in both hands
    if hands & moved != moved or not lo <= n <= hi:
        _refuse(state, exch, action)
    new = state._clone()
    new._history = (state._history, action)
    hands ^= moved
    # each has discarded nothing before this
    discards = _with(exch.discards, player, discard)
    taken = _with(exch.taken, player, n)
    if exch.stage is _YOUNGER_FIRST:
        # committed, not yet taken in: the elder's blanche is shown, then he exchanges
        new._hands = hands
        new._exch = exch._replace(stage=_ELDER, discards=discards, taken=taken)
        new._to_move = other
        return new
    # the elder takes the top n cards, the younger the next m he committed to
    ctx = state._ctx
    setup: Setup = ctx.setup  # type: ignore[assignment]
    prefix = setup.prefix
    m = exch.taken[other]
    new._hands = hands | prefix[n] << shift | (prefix[n + m] ^ prefix[n]) << HAND_SHIFT[other]
    announced = exch.announced
    if n + m >= len(setup.stock):
        new._to_move = player
        # the record goes into the declarations' new context
        declarations.begin(
            new, _new(ExchangeState, (_DONE, announced, discards, taken, True, None))
        )
    else:
        dealer = ctx.dealer
        new._exch = _new(ExchangeState, (_LEAVE, announced, discards, taken, True, None))
        new._to_move = dealer
    return new


def _refuse(state: State, exch: ExchangeState, action: Exchange) -> NoReturn:
    player: Player = state._to_move  # type: ignore[assignment]
    hand = state._hands >> HAND_SHIFT[player] & HAND_MASK
    discard = action.discard.mask
    if discard & ~hand:
        raise IllegalActionError(
            f"{action}: {player} does not hold {trusted_cardset(discard & ~hand)}"
        )
    n = discard.bit_count()
    lo, hi, rule = discard_limits(state, exch)
    span = f"exactly {lo}" if lo == hi else f"from {lo} to {hi}"
    who = "elder" if exch.stage is _ELDER else "younger"
    raise IllegalActionError(f"{action}: the {who} must discard {span} cards, not {n} ({rule})")


def _count(state: State, exch: ExchangeState, action: object) -> State:
    rules = state._ctx.ruleset
    if type(action) is not ExchangeCount:
        raise IllegalActionError(
            f"{action}: the elder holds carte blanche and must first state how many "
            f"cards he will exchange (R-CB-2), e.g. 'count {rules.elder_max}'"
        )
    n = action.count
    if not isinstance(n, int) or not rules.elder_min <= n <= rules.elder_max:
        raise IllegalActionError(
            f"{action}: the elder exchanges from {rules.elder_min} to "
            f"{rules.elder_max} cards (R-EX-1)"
        )
    new = state._clone()
    new._history = (state._history, action)
    new._exch = exch._replace(stage=_YOUNGER_FIRST, announced=n)
    new._to_move = state._ctx.dealer
    return new


def _leave(state: State, exch: ExchangeState, action: object) -> State:
    if type(action) is not Leave:
        raise IllegalActionError(
            f"{action}: the younger must say what he does with the cards he left "
            "(leave unseen, leave look or leave expose; R-EX-4)"
        )
    new = state._clone()
    new._history = (state._history, action)
    # exch._replace(stage=_DONE, left=...), written out: a named tuple's _replace is
    # Python code, and costs more than the rest of the step
    _stage, announced, discards, taken, younger_taken, _left = exch
    exch = _new(ExchangeState, (_DONE, announced, discards, taken, younger_taken, action.choice))
    declarations.begin(new, exch)
    return new


# ----------------------------------------------------------------- who saw what


def elder_has_exchanged(exch: ExchangeState) -> bool:
    return exch.stage >= _YOUNGER


def _with(pair: tuple[int, int], player: Player, value: int) -> tuple[int, int]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def taken(state: State) -> tuple[int, int]:
    """Stock cards taken in per player; the younger's count once he has taken them."""
    exch = state._ctx.exch
    if exch is None:
        return (0, 0)
    if exch.younger_taken:
        return exch.taken
    return _with(exch.taken, _OTHER[deal_elder(state._ctx)], 0)


def stock_left(state: State) -> tuple[Card, ...]:
    setup = state._ctx.setup
    if setup is None or state._ctx.exch is None:
        return ()
    in_hands = sum(taken(state))
    return tuple(CARD_BY_INDEX[i] for i in setup.stock[in_hands:])


def _mask_of(indices: Sequence[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def seen_mask(state: State, player: Player) -> int:
    """Stock cards ``player`` has seen, held or not (R-EX-2, R-EX-4)."""
    setup = state._ctx.setup
    exch = state._ctx.exch
    if setup is None or exch is None:
        return 0
    elder = deal_elder(state._ctx)
    taken_e, taken_y = (exch.taken[elder], exch.taken[_OTHER[elder]] if exch.younger_taken else 0)
    seen = 0
    if player == elder and elder_has_exchanged(exch):
        # R-EX-2: the elder alone sees the cards he left of his portion
        seen |= _mask_of(setup.stock[taken_e : state._ctx.ruleset.elder_max])
    left = exch.left
    if exch.stage >= _LEAVE and (
        left is _EXPOSE or (left is _LOOK and (player != elder or play.elder_has_led(state)))
    ):
        seen |= _mask_of(setup.stock[taken_e + taken_y :])  # R-EX-4
    return seen


def known_taken(state: State, player: Player) -> int:
    """Cards ``player`` saw in the stock and knows his opponent took in: the elder
    knows which of the cards he left of his portion the younger took (R-EX-2)."""
    setup = state._ctx.setup
    exch = state._ctx.exch
    elder = deal_elder(state._ctx)
    if setup is None or exch is None or player != elder or exch.stage < _LEAVE:
        return 0
    taken_e = exch.taken[elder]
    taken_y = exch.taken[_OTHER[elder]] if exch.younger_taken else 0
    portion = state._ctx.ruleset.elder_max
    return _mask_of(setup.stock[taken_e : min(portion, taken_e + taken_y)])
