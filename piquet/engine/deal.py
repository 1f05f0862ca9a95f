"""The deal and carte blanche (R-DL, R-CB-1, R-CB-3).

The pack is dealt in packets to the elder first; the rest is the stock. A hand dealt
without a court card is a carte blanche, announced and scored at once, before the
exchange; it is shown later in the exchange (R-CB-2, see :func:`shown_blank`).
"""

from __future__ import annotations

from itertools import accumulate
from operator import attrgetter, or_
from typing import TYPE_CHECKING, Final

from ..actions import Deal
from ..cards import EMPTY, Card, CardSet, _from_mask
from ..combinations import is_blank
from ..ruleset import TwoBlanks
from ..words import IllegalActionError, Phase, Player, Precedence, Reason
from . import exchange, ledger, play
from .parts import (
    FRESH_RACE,
    NO_DECLARATIONS,
    Context,
    ExchangeState,
    ExchStage,
    Game,
    Setup,
    both_hands,
    deal_elder,
    deal_part,
)

if TYPE_CHECKING:
    import random

    from .state import State

__all__ = ["apply", "sample", "shown_blank", "start_deal"]

CARDS_DEALT: Final = 24  # twelve to each player; the rest is the stock
_RANGES: Final = {32: range(32), 36: range(36)}
_BITS: Final = tuple(1 << i for i in range(64))
_new: Final = tuple.__new__
_index_of: Final = attrgetter("index")
_mask_of: Final = attrgetter("_mask")
# a fresh exchange, by whether the elder holds carte blanche (R-CB-2: he first says how
# many cards he will exchange)
_FRESH_EXCHANGE: Final = (
    ExchangeState(ExchStage.ELDER, 0, (0, 0), (0, 0), False, None),
    ExchangeState(ExchStage.COUNT, 0, (0, 0), (0, 0), False, None),
)


def _positions(packet: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions in the pack of the elder's and the dealer's cards, dealt in packets."""
    elder = tuple(i for i in range(CARDS_DEALT) if (i // packet) % 2 == 0)
    dealer = tuple(i for i in range(CARDS_DEALT) if (i // packet) % 2 == 1)
    return elder, dealer


_DEAL_POSITIONS: Final = {p: _positions(p) for p in (1, 2, 3, 4, 6)}


def sample(state: State, rng: random.Random) -> Deal:
    """A uniformly random order of the pack, in the ruleset's usual packets."""
    rand = rng.random
    cards_in_pack = state._ctx.tables.pack
    # sorting by independent uniform keys gives a uniform permutation, and is
    # about twice as fast as shuffle() in pure Python
    keys = [rand() for _ in cards_in_pack]
    order = tuple(map(cards_in_pack.__getitem__, sorted(_RANGES[len(keys)], key=keys.__getitem__)))
    action = object.__new__(Deal)
    object.__setattr__(action, "pack", order)
    object.__setattr__(action, "packet", state._ctx.ruleset.packet)
    return action


def _check_pack(state: State, pack: tuple[Card, ...]) -> list[int]:
    """The cards' masks, in order, once the pack is checked to be the ruleset's."""
    rules = state._ctx.ruleset
    try:
        masks = list(map(_mask_of, pack))
    except AttributeError:
        bad = next(c for c in pack if not isinstance(c, Card))
        raise IllegalActionError(f"deal: {bad!r} is not a card") from None
    if len(set(masks)) != len(masks):
        seen: set[Card] = set()
        twice = next(c for c in pack if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise IllegalActionError(f"deal: {twice} appears twice in the pack")
    mask = sum(masks)
    expected = state._ctx.tables.pack_mask
    if mask != expected or len(pack) != rules.pack_size:
        missing = _from_mask(expected & ~mask)
        extra = _from_mask(mask & ~expected)
        raise IllegalActionError(
            f"deal: the pack must be the {rules.pack_size} cards of the ruleset"
            + (f"; missing {missing}" if missing else "")
            + (f"; not in this pack: {extra}" if extra else "")
        )
    return masks


def apply(state: State, action: Deal) -> State:
    rules = state._ctx.ruleset
    pack = action.pack
    masks = _check_pack(state, pack)
    packet = action.packet
    if packet not in rules.packets:
        raise IllegalActionError(
            f"deal: {rules.name} is dealt in packets of {' or '.join(map(str, rules.packets))}"
            f" (got {packet!r}; R-DL-4)"
        )
    elder_at, dealer_at = _DEAL_POSITIONS[packet]
    get = masks.__getitem__
    new = state._clone()
    new._history = (state._history, action)
    start_deal(
        new,
        sum(map(get, elder_at)),
        sum(map(get, dealer_at)),
        tuple(map(_index_of, pack[CARDS_DEALT:])),
    )
    return new


def start_deal(new: State, elder_cards: int, younger_cards: int, stock: tuple[int, ...]) -> None:
    """Set up a new state for a fresh deal (the dealer is already set)."""
    ctx = new._ctx
    elder = ctx.dealer.other
    dealt = (elder_cards, younger_cards) if elder == 0 else (younger_cards, elder_cards)
    blank = (is_blank(dealt[0]), is_blank(dealt[1]))
    prefix = tuple(accumulate(map(_BITS.__getitem__, stock), or_, initial=0))
    game = ctx.game
    # records made whole with tuple.__new__ (a named tuple's own constructor is Python
    # code, and this runs for every deal)
    game = _new(Game, (game[0], game.deal_number + 1, *game[2:]))
    setup = _new(Setup, (dealt, stock, blank, prefix, elder))
    exch = _FRESH_EXCHANGE[blank[elder]]
    new._ctx = _new(
        Context,
        (ctx.ruleset, ctx.tables, game, ctx.dealer, setup, ctx.result, exch, NO_DECLARATIONS),
    )
    new._hands = both_hands(dealt[0], dealt[1])
    new._events = None
    new._scores = deal_part(new._scores)
    new._race = FRESH_RACE
    new._lead = -1
    new._tricks = play.NO_TRICKS
    new._phase = Phase.EXCHANGE
    new._to_move = elder
    _score_blanks(new, elder, blank)


def _score_blanks(new: State, elder: Player, blank: tuple[bool, bool]) -> None:
    """Carte blanche is announced, and scored, at once (R-CB-1, R-CB-3)."""
    younger = elder.other
    rules = new._ctx.ruleset
    scorers: list[Player] = []
    if blank[elder] and blank[younger]:
        if rules.two_blanks is TwoBlanks.BOTH_SCORE:
            scorers = [elder, younger]
        elif rules.two_blanks is TwoBlanks.YOUNGER_BARS:
            scorers = [younger]
    elif blank[elder]:
        scorers = [elder]
    elif blank[younger]:
        scorers = [younger]
    for player in scorers:
        if ledger.score(
            new, player, rules.carte_blanche, Precedence.CARTE_BLANCHE, Reason.CARTE_BLANCHE
        ):
            return


def shown_blank(state: State, player: Player) -> CardSet:
    """``player``'s carte blanche, once he has shown it to his opponent (R-CB-2): the
    elder after stating his count and the younger's discard; the younger once the
    elder has exchanged."""
    setup = state._ctx.setup
    exch = state._ctx.exch
    if setup is None or exch is None or not setup.blank[player]:
        return EMPTY
    if player == deal_elder(state._ctx):
        shown = exch.announced > 0 and exch.stage >= ExchStage.ELDER
    else:
        shown = exchange.elder_has_exchanged(exch)
    return _from_mask(setup.dealt[player]) if shown else EMPTY
