"""The exchange: carte blanche's count, the discards, the cards taken in and left (R-EX).

The elder discards first and takes from the top of the stock; the younger then
discards and takes the next cards; if the younger leaves some, he says what becomes of
them. An elder with carte blanche states first how many he will exchange, and the
younger commits his discard before the blanche is shown (R-CB-2). The discard limits
are :func:`discard_limits`, for both the legal actions and the check of an action.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterator, Sequence
from math import comb
from operator import itemgetter
from typing import TYPE_CHECKING, Final, overload

from ..actions import Exchange, ExchangeCount, Leave, LeftCards
from ..cards import CARD_BY_INDEX, SUIT_BITS, Card, CardSet, _from_mask
from ..words import IllegalActionError, Player
from . import declarations, play
from .parts import HAND_MASK, HAND_SHIFT, Context, ExchangeState, ExchStage, deal_elder
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
_set: Final = object.__setattr__
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
_SUIT_CARD_BITS: Final = tuple(
    tuple(tuple(1 << i for i in indices) for indices in table) for table in SUIT_INDICES
)
"""``_SUIT_CARD_BITS[suit][cards of that suit]``: their bits, in canonical order."""
_NO_CARD: Final = (0,)
_COMB_SUMS: Final = tuple(
    tuple(tuple(sum(comb(n, k) for k in range(lo, hi + 1)) for hi in range(13)) for lo in range(13))
    for n in range(13)
)


# ----------------------------------------------------------------- the discards


class _Discards(Sequence[Exchange]):
    """Every legal discard, built only when asked for: combinations by size, then
    lexicographically in canonical card order."""

    __slots__ = ("_bits", "_hi", "_len", "_lo")

    def __init__(self, hand: int, lo: int, hi: int) -> None:
        sb = _SUIT_CARD_BITS
        # the cards' bits in canonical order, and a 0 after them (see _discard_getters)
        self._bits = bits = (
            sb[0][hand & SUIT_BITS]
            + sb[1][(hand >> 16) & SUIT_BITS]
            + sb[2][(hand >> 32) & SUIT_BITS]
            + sb[3][(hand >> 48) & SUIT_BITS]
            + _NO_CARD
        )
        self._lo = lo
        self._hi = hi
        self._len = _COMB_SUMS[len(bits) - 1][lo][hi]

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Exchange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Exchange]: ...
    def __getitem__(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if type(index) is not int or not 0 <= index < self._len:
            return self._other_item(index)
        bits = self._bits
        return _exchange_of(sum(_discard_getters(len(bits) - 1, self._lo, self._hi)[index](bits)))

    def _other_item(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        index = operator.index(index)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("discard index out of range")
        return self[index]

    def __iter__(self) -> Iterator[Exchange]:
        bits = self._bits[:-1]
        for k in range(self._lo, self._hi + 1):
            for combo in itertools.combinations(bits, k):
                yield _exchange_of(sum(combo))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Exchange):
            return False
        mask = action.discard.mask
        hand = sum(self._bits)
        return not mask & ~hand and self._lo <= mask.bit_count() <= self._hi

    def __repr__(self) -> str:
        return f"<{self._len} discards of {self._lo} to {self._hi} cards>"


@functools.lru_cache(maxsize=64)
def _discard_getters(n: int, lo: int, hi: int) -> tuple[itemgetter[tuple[int, ...]], ...]:
    """Every discard of ``lo`` to ``hi`` of ``n`` cards, in canonical order, as a getter of
    its cards' bits out of the ``n`` bits and a 0 (at position ``n``: a getter of one
    position would give an int, not a tuple to sum; a discard of no card gets two 0s)."""
    return tuple(
        itemgetter(*combo) if k > 1 else itemgetter(*combo, n, n)
        for k in range(lo, hi + 1)
        for combo in itertools.combinations(range(n), k)
    )


def _exchange_of(mask: int) -> Exchange:
    # past the frozen classes' own constructors and converters: a CardSet and an
    # Exchange made as _from_mask makes a CardSet
    discard = _new_object(CardSet)
    _set(discard, "mask", mask)
    action = _new_object(Exchange)
    _set(action, "discard", discard)
    return action


def discard_limits(state: State, exch: ExchangeState) -> tuple[int, int, str]:
    """How many cards the player to move may discard, and the rule that says so."""
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
    exch = state._ctx.exch
    assert exch is not None
    stage = exch.stage
    if stage is _COUNT:
        rules = state._ctx.ruleset
        return tuple(ExchangeCount(n) for n in range(rules.elder_min, rules.elder_max + 1))
    if stage is _LEAVE:
        return _LEAVES
    if stage is _DONE:
        return ()
    lo, hi, _rule = discard_limits(state, exch)
    hand = state._hands >> HAND_SHIFT[state._to_move] & HAND_MASK  # type: ignore[index]
    return _Discards(hand, lo, hi)


# ----------------------------------------------------------------- transition


def apply(state: State, action: Exchange | ExchangeCount | Leave) -> State:
    ctx = state._ctx
    exch = ctx.exch
    assert exch is not None
    stage = exch.stage
    if stage is _COUNT:
        return _count(state, exch, action)
    if stage is _LEAVE:
        return _leave(state, exch, action)
    if type(action) is not Exchange:
        raise IllegalActionError(f"{action}: expected a discard ({state._to_move} to move)")
    player: Player = state._to_move  # type: ignore[assignment]
    shift = HAND_SHIFT[player]
    hand = state._hands >> shift & HAND_MASK
    discard = action.discard.mask
    if discard & ~hand:
        raise IllegalActionError(f"{action}: {player} does not hold {_from_mask(discard & ~hand)}")
    n = discard.bit_count()
    lo, hi, rule = discard_limits(state, exch)
    if not lo <= n <= hi:
        span = f"exactly {lo}" if lo == hi else f"from {lo} to {hi}"
        who = "elder" if stage is _ELDER else "younger"
        raise IllegalActionError(f"{action}: the {who} must discard {span} cards, not {n} ({rule})")
    new = state._clone()
    new._history = (state._history, action)
    # the discard leaves the hand (its cards are in it: one XOR)
    new._hands = state._hands ^ discard << shift
    if stage is _ELDER:
        _elder_takes(new, ctx, exch, player, discard, n)
    elif stage is _YOUNGER:
        _younger_takes(new, ctx, exch, player, discard, n)
    else:
        _commit_younger(new, ctx, exch, player, discard, n)
    return new


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
    declarations.begin(new, exch._replace(stage=_DONE, left=action.choice))
    return new


def _with(pair: tuple[int, int], player: Player, value: int) -> tuple[int, int]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _with_exchange(new: State, ctx: Context, exch: ExchangeState) -> None:
    # tuple.__new__: the named tuple's own constructor is Python code, and slower
    # the fields unpacked at once: quicker than slicing the context to rebuild it
    rules, tables, game, dealer, setup, result, _exch, decl = ctx
    new._ctx = _new(Context, (rules, tables, game, dealer, setup, result, exch, decl))


def _commit_younger(
    new: State, ctx: Context, exch: ExchangeState, younger: Player, discard: int, n: int
) -> None:
    """Committed, not yet taken in: the elder's blanche is shown, then he exchanges."""
    exch = exch._replace(
        stage=_ELDER,
        discards=_with(exch.discards, younger, discard),
        taken=_with(exch.taken, younger, n),
    )
    _with_exchange(new, ctx, exch)
    new._to_move = _OTHER[younger]


def _elder_takes(
    new: State, ctx: Context, exch: ExchangeState, elder: Player, discard: int, n: int
) -> None:
    """The elder takes the top ``n`` cards of the stock (his hand is without his discard)."""
    setup = ctx.setup
    assert setup is not None
    prefix = setup.prefix
    younger = _OTHER[elder]
    new._hands |= prefix[n] << HAND_SHIFT[elder]
    if not exch.announced:
        taken = (n, 0) if elder == 0 else (0, n)
        discards = (discard, 0) if elder == 0 else (0, discard)
        exch = _new(ExchangeState, (_YOUNGER, 0, discards, taken, False, None))
        # the context's fields unpacked at once: quicker than slicing it to rebuild it
        rules, tables, game, dealer, _setup, result, _exch, decl = ctx
        new._ctx = _new(Context, (rules, tables, game, dealer, setup, result, exch, decl))
        new._to_move = younger
        return
    # the younger committed first: he takes in now
    m = exch.taken[younger]
    new._hands |= (prefix[n + m] ^ prefix[n]) << HAND_SHIFT[younger]
    discards = _with(exch.discards, elder, exch.discards[elder] | discard)
    _after_taking(new, ctx, exch.announced, discards, _with(exch.taken, elder, n))


def _younger_takes(
    new: State, ctx: Context, exch: ExchangeState, younger: Player, discard: int, n: int
) -> None:
    """The younger takes the next ``n`` cards (his hand is without his discard)."""
    setup = ctx.setup
    assert setup is not None
    prefix = setup.prefix
    k = exch.taken[_OTHER[younger]]
    new._hands |= (prefix[k + n] ^ prefix[k]) << HAND_SHIFT[younger]
    discards = _with(exch.discards, younger, exch.discards[younger] | discard)
    _after_taking(new, ctx, exch.announced, discards, _with(exch.taken, younger, n))


def _after_taking(
    new: State, ctx: Context, announced: int, discards: tuple[int, int], taken: tuple[int, int]
) -> None:
    """Both have taken in: the younger says what becomes of cards left, if any."""
    setup = ctx.setup
    assert setup is not None
    if taken[0] + taken[1] >= len(setup.stock):
        # the record goes into the declarations' new context
        declarations.begin(
            new, _new(ExchangeState, (_DONE, announced, discards, taken, True, None))
        )
    else:
        _with_exchange(
            new, ctx, _new(ExchangeState, (_LEAVE, announced, discards, taken, True, None))
        )
        new._to_move = ctx.dealer


# ----------------------------------------------------------------- who saw what


def elder_has_exchanged(exch: ExchangeState) -> bool:
    return exch.stage >= _YOUNGER


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
