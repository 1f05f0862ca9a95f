"""The deal and carte blanche (R-DL, R-CB-1, R-CB-3).

The pack is dealt in packets to the elder first; the rest is the stock. A hand dealt
without a court card is a carte blanche, announced and scored at once, before the
exchange; it is shown later in the exchange (R-CB-2, see :func:`shown_blank`).
"""

from __future__ import annotations

from itertools import accumulate, starmap
from operator import attrgetter, itemgetter, or_
from typing import TYPE_CHECKING, Final

from ..actions import Deal
from ..cards import EMPTY, Card, CardSet, _from_mask
from ..combinations import COURTS_MASK
from ..ruleset import TwoBlanks
from ..words import IllegalActionError, Phase, Player, Precedence, Reason
from . import exchange, ledger, play
from .parts import (
    FRESH_RACE,
    HAND_BITS,
    NO_DECLARATIONS,
    Context,
    ExchangeState,
    ExchStage,
    Game,
    Setup,
    deal_elder,
    deal_part,
)

if TYPE_CHECKING:
    import random

    from .state import State

__all__ = ["apply", "sample", "shown_blank", "start_deal"]

CARDS_DEALT: Final = 24  # twelve to each player; the rest is the stock
_RANGES: Final = {32: range(32), 36: range(36)}
_NO_ARGUMENTS: Final = {n: ((),) * n for n in _RANGES}
_BITS: Final = tuple(1 << i for i in range(64))
_new: Final = tuple.__new__
_new_object: Final = object.__new__  # a global: quicker than the attribute
_set: Final = object.__setattr__
_OTHER: Final = (Player.B, Player.A)
_EXCHANGE: Final = Phase.EXCHANGE
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


# by packet: the elder's and the dealer's cards of a pack in deal order
_DEALT: Final = {
    p: (itemgetter(*elder), itemgetter(*dealer))
    for p, (elder, dealer) in ((p, _positions(p)) for p in (1, 2, 3, 4, 6))
}
# The last deal drawn by sample(), with the ruleset tables it was drawn for and what
# apply() needs of it (the elder's cards, the dealer's, the stock's indices): a sampled
# deal is valid by construction, and checking it again would cost as much as drawing it.
# One entry, replaced whole; a deal made or changed elsewhere is another object.
_sampled: tuple[Deal | None, object, int, int, tuple[int, ...]] = (None, None, 0, 0, ())


def sample(state: State, rng: random.Random) -> Deal:
    """A uniformly random order of the pack, in the ruleset's usual packets."""
    global _sampled
    rand = rng.random
    tables = state._ctx.tables
    cards_in_pack = tables.pack
    # sorting by independent uniform keys gives a uniform permutation, and is
    # about twice as fast as shuffle() in pure Python
    # (starmap calls rng.random once per card in C, in the same order as a loop would)
    keys = list(starmap(rand, _NO_ARGUMENTS[len(cards_in_pack)]))
    pick = itemgetter(*sorted(_RANGES[len(keys)], key=keys.__getitem__))
    action = _new_object(Deal)
    _set(action, "pack", pick(cards_in_pack))
    packet = state._ctx.ruleset.packet
    _set(action, "packet", packet)
    # what apply needs of it, worked out now from the positions (see apply)
    bits = pick(tables.pack_bits)
    elder_at, dealer_at = _DEALT[packet]
    _sampled = (
        action,
        tables,
        sum(elder_at(bits)),
        sum(dealer_at(bits)),
        pick(tables.pack_indices)[CARDS_DEALT:],
    )
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
    last = _sampled
    if action is last[0] and state._ctx.tables is last[1]:
        # drawn by sample() for this ruleset's pack: a valid deal, worked out already
        elder_cards, dealer_cards, stock = last[2], last[3], last[4]
    else:
        elder_cards, dealer_cards, stock = _read_deal(state, action)
    # start_deal sets every field but these
    new = _new_object(type(state))
    new._ctx = state._ctx
    new._scores = state._scores
    new._history = (state._history, action)
    start_deal(new, elder_cards, dealer_cards, stock)
    return new


def _read_deal(state: State, action: Deal) -> tuple[int, int, tuple[int, ...]]:
    """A user's deal, checked: the elder's and the dealer's cards, and the stock."""
    rules = state._ctx.ruleset
    pack = action.pack
    masks = _check_pack(state, pack)
    packet = action.packet
    if packet not in rules.packets:
        raise IllegalActionError(
            f"deal: {rules.name} is dealt in packets of {' or '.join(map(str, rules.packets))}"
            f" (got {packet!r}; R-DL-4)"
        )
    elder_at, dealer_at = _DEALT[packet]
    return sum(elder_at(masks)), sum(dealer_at(masks)), tuple(map(_index_of, pack[CARDS_DEALT:]))


def start_deal(new: State, elder_cards: int, younger_cards: int, stock: tuple[int, ...]) -> None:
    """Set up a new state for a fresh deal (the dealer is already set): every field but
    the history, from the context and the scores."""
    # the context's fields unpacked at once: quicker than reading them one by one
    rules, tables, game, dealer, _setup, result, _exch, _decl = new._ctx
    elder = _OTHER[dealer]
    if elder == 0:
        dealt = (elder_cards, younger_cards)
        hands = elder_cards | younger_cards << HAND_BITS
    else:
        dealt = (younger_cards, elder_cards)
        hands = younger_cards | elder_cards << HAND_BITS
    # is_blank, written out: no court card (R-CB-1)
    blank = (not elder_cards & COURTS_MASK, not younger_cards & COURTS_MASK)
    if elder != 0:
        blank = (blank[1], blank[0])
    prefix = tuple(accumulate(map(_BITS.__getitem__, stock), or_, initial=0))
    # records made whole with tuple.__new__ (a named tuple's own constructor is Python
    # code, and this runs for every deal)
    first_dealer, deal_number, sheet, auto, single, origin, target, games, resumed = game
    game = _new(
        Game, (first_dealer, deal_number + 1, sheet, auto, single, origin, target, games, resumed)
    )
    setup = _new(Setup, (dealt, stock, blank, prefix, elder))
    new._ctx = _new(
        Context,
        (
            rules,
            tables,
            game,
            dealer,
            setup,
            result,
            _FRESH_EXCHANGE[blank[elder]],
            NO_DECLARATIONS,
        ),
    )
    new._hands = hands
    new._events = None
    new._scores = deal_part(new._scores)
    new._race = FRESH_RACE
    new._lead = -1
    new._tricks = play.NO_TRICKS
    new._phase = _EXCHANGE
    new._to_move = elder
    if blank[0] or blank[1]:
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
