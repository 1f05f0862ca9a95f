"""The deal and carte blanche (R-DL, R-CB-1, R-CB-3).

The pack is dealt in packets to the elder first; the rest is the stock. A hand dealt
without a court card is a carte blanche, announced and scored at once, before the
exchange; it is shown later in the exchange (R-CB-2, see :func:`shown_blank`).
"""

from __future__ import annotations

from functools import partial
from itertools import accumulate, starmap
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Final

from ..actions import Deal
from ..cards import CARD_BY_INDEX, EMPTY, Card, CardSet, cards_of, mask_of, trusted_cardset
from ..rules import TwoBlanks
from ..rules.combinations import COURTS_MASK
from ..words import IllegalActionError, Phase, Player, Precedence, Reason
from . import exchange, ledger, play
from .parts import (
    FRESH_RACE,
    HAND_BITS,
    NO_DECLARATIONS,
    STATE_CLASS,
    TOTALS_SHIFT,
    Context,
    ExchangeState,
    ExchStage,
    Game,
    Setup,
    deal_elder,
)

if TYPE_CHECKING:
    import random

    from .state import State

__all__ = [
    "apply",
    "arranged",
    "assembled",
    "blanches",
    "blanches_of",
    "dealt_places",
    "sample",
    "setup_of",
    "shown_blank",
    "start_deal",
]

CARDS_DEALT: Final = 24  # twelve to each player; the rest is the stock
_NO_ARGUMENTS: Final = {n: ((),) * n for n in (32, 36)}
_BITS: Final = tuple(1 << i for i in range(64))
_new: Final = tuple.__new__
_new_object: Final = object.__new__  # a global: quicker than the attribute
# a frozen class's slots, written past its __setattr__: their own setters are quicker
# than object.__setattr__
_set_pack: Final = Deal.__dict__["pack"].__set__
_set_packet: Final = Deal.__dict__["packet"].__set__
_A: Final = Player.A
_B: Final = Player.B
_NO_TRICKS: Final = play.NO_TRICKS
_EXCHANGE: Final = Phase.EXCHANGE
_index_of: Final = attrgetter("index")
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
_ELDER_DEALT: Final = {p: elder for p, (elder, _dealer) in _DEALT.items()}
# The last game record _next_game made, and the one it was made from.
# (None: nothing yet, and no game record is None)
_last_game: tuple[Game | None, Game] | tuple[None, None] = (None, None)
# The last deal drawn by sample(), with the ruleset tables it was drawn for and what
# apply() needs of it (the elder's cards, the dealer's, the stock's indices and the
# prefix masks of the stock): a sampled deal is valid by construction, and checking it
# again would cost as much as drawing it. One entry, replaced whole; a deal made or
# changed elsewhere is another object.
_sampled: tuple[Deal | None, object, int, int, tuple[int, ...], tuple[int, ...]] = (
    None,
    None,
    0,
    0,
    (),
    (),
)


def sample(state: State, rng: random.Random) -> Deal:
    """A uniformly random order of the pack, in the ruleset's usual packets."""
    global _sampled
    tables = state._ctx.tables
    indices = tables.pack_indices
    # Sorting by independent uniform keys gives a uniform permutation, and is about twice
    # as fast as shuffle() in pure Python. The cards' bit indices are sorted, each by the
    # key drawn for it in the pack's order: the key function is called once per card, in
    # that order, before any comparison, and next() (given the card as a default it never
    # returns) draws the key with rng.random, all in C.
    order = sorted(indices, key=partial(next, starmap(rng.random, _NO_ARGUMENTS[len(indices)])))
    pick = itemgetter(*order)
    action = _new_object(Deal)
    _set_pack(action, pick(CARD_BY_INDEX))
    packet = state._ctx.ruleset.packet
    _set_packet(action, packet)
    # what apply needs of it, worked out now from the positions (see apply): the dealer
    # holds what is neither the elder's nor in the stock
    bits = pick(_BITS)
    elder = sum(_ELDER_DEALT[packet](bits))
    # the stock's cards are distinct bits: their sums are their unions
    prefix = (0, *accumulate(bits[CARDS_DEALT:]))
    _sampled = (
        action,
        tables,
        elder,
        tables.pack_mask ^ elder ^ prefix[-1],
        tuple(order[CARDS_DEALT:]),
        prefix,
    )
    return action


def arranged(state: State, elder_cards: int, dealer_cards: int, stock: tuple[Card, ...]) -> Deal:
    """The deal, in the ruleset's packets, that gives the elder ``elder_cards`` and the
    dealer ``dealer_cards`` (card-set masks, each hand's cards in its places of the pack
    in the order a card set lists them) and leaves ``stock``, top card first: what a
    sampler deals once it has placed the cards it cannot see. Checked by masks (twelve
    cards each, the ruleset's pack, no card twice); :func:`apply` then takes it as it
    takes a deal drawn by :func:`sample`, without reading it again.

    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> pack = pq.pack()
    >>> elder, dealer = pq.CardSet(pack[:12]), pq.CardSet(pack[12:24])
    >>> action = arranged(state, elder.mask, dealer.mask, pack[24:])
    >>> dealt = state.apply(action)
    >>> dealt.hand(state.elder) == elder, dealt.stock == pack[24:]
    (True, True)
    >>> state.apply(pq.Deal(action.pack, packet=action.packet)) == dealt
    True
    """
    global _sampled
    tables = state._ctx.tables
    bits = tuple(map(mask_of, stock))
    stock_cards = sum(bits)
    if (
        elder_cards.bit_count() != CARDS_DEALT // 2
        or dealer_cards.bit_count() != CARDS_DEALT // 2
        or elder_cards | dealer_cards | stock_cards != tables.pack_mask
        or CARDS_DEALT + len(stock) != state._ctx.ruleset.pack_size
        or stock_cards.bit_count() != len(stock)
    ):
        raise ValueError("arranged: twelve cards each and the rest of the ruleset's pack")
    packet = state._ctx.ruleset.packet
    dealt = _IN_DEAL_ORDER[packet](cards_of(elder_cards) + cards_of(dealer_cards))
    action = _new_object(Deal)
    _set_pack(action, (*dealt, *stock))
    _set_packet(action, packet)
    indices = tuple(map(_index_of, stock))
    _sampled = (action, tables, elder_cards, dealer_cards, indices, (0, *accumulate(bits)))
    return action


def assembled(
    state: State,
    pack: tuple[Card, ...],
    elder_cards: int,
    dealer_cards: int,
    stock: tuple[int, ...],
    prefix: tuple[int, ...],
) -> Deal:
    """The deal of :func:`arranged` made from its parts, which the caller has made and
    checked as :func:`arranged` makes and checks them: the ``pack`` in order, the masks
    of the hands, the stock's bit indices and the masks of its top cards (``prefix``,
    from none). What the sampler's kernel deals from (``deal_parts``): listing and
    ordering the cards in Python was a sixth of a sample with automatic declarations.

    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> pack = pq.pack()
    >>> elder, dealer = pq.CardSet(pack[:12]).mask, pq.CardSet(pack[12:24]).mask
    >>> deal = arranged(state, elder, dealer, pack[24:])
    >>> stock = tuple(card.index for card in pack[24:])
    >>> prefix = (0, *accumulate(card.mask for card in pack[24:]))
    >>> again = assembled(state, deal.pack, elder, dealer, stock, prefix)
    >>> again == deal and state.apply(again) == state.apply(deal)
    True
    """
    global _sampled
    action = _new_object(Deal)
    _set_pack(action, pack)
    _set_packet(action, state._ctx.ruleset.packet)
    _sampled = (action, state._ctx.tables, elder_cards, dealer_cards, stock, prefix)
    return action


def dealt_places(packet: int) -> tuple[int, ...]:
    """For each of the pack's first 24 places, dealt in packets of ``packet``, which of
    the dealt cards lies there: of the elder's twelve (0 to 11) then the dealer's (12 to
    23), each hand listed as a card set lists it.

    >>> dealt_places(4)[:8]  # four to the elder, four to the dealer
    (0, 1, 2, 3, 12, 13, 14, 15)
    """
    return _DEALT_PLACES[packet]


def _deal_order(packet: int) -> tuple[int, ...]:
    """The dealt cards in the pack's order, from the elder's twelve then the dealer's."""
    elder_at, dealer_at = _positions(packet)
    hand_of_place = {place: k for k, place in enumerate((*elder_at, *dealer_at))}
    return tuple(hand_of_place[place] for place in range(CARDS_DEALT))


# by packet: where the dealt cards lie (see dealt_places), and an itemgetter putting
# them in the pack's order
_DEALT_PLACES: Final = {p: _deal_order(p) for p in (1, 2, 3, 4, 6)}
_IN_DEAL_ORDER: Final = {p: itemgetter(*places) for p, places in _DEALT_PLACES.items()}


def _check_pack(state: State, pack: tuple[Card, ...]) -> list[int]:
    """The cards' masks, in order, once the pack is checked to be the ruleset's."""
    rules = state._ctx.ruleset
    try:
        masks = list(map(mask_of, pack))
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
        missing = trusted_cardset(expected & ~mask)
        extra = trusted_cardset(mask & ~expected)
        raise IllegalActionError(
            f"deal: the pack must be the {rules.pack_size} cards of the ruleset"
            + (f"; missing {missing}" if missing else "")
            + (f"; not in this pack: {extra}" if extra else "")
        )
    return masks


def apply(state: State, action: Deal) -> State:
    """The state after ``action``, a deal (see :meth:`State.apply`); any other action is
    refused by the state's own dispatch, with the reason."""
    if type(action) is not Deal:
        from .state import State  # here: state.py imports this module

        return State.apply(state, action)
    last = _sampled
    if action is last[0] and state._ctx.tables is last[1]:
        # drawn by sample() for this ruleset's pack: a valid deal, worked out already
        elder_cards, dealer_cards, stock, prefix = last[2], last[3], last[4], last[5]
    else:
        elder_cards, dealer_cards, stock = _read_deal(state, action)
        prefix = None
    # start_deal sets every field but these; the new state is of the exchange's class at
    # once (changing a state's class costs more than making it)
    new = STATE_CLASS["exchange"]()
    new._ctx = state._ctx
    new._scores = state._scores
    new._history = (state._history, action)
    start_deal(new, elder_cards, dealer_cards, stock, prefix)
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


def start_deal(
    new: State,
    elder_cards: int,
    younger_cards: int,
    stock: tuple[int, ...],
    prefix: tuple[int, ...] | None = None,
) -> None:
    """Set up a new state for a fresh deal (the dealer is already set): every field but
    the history, from the context and the scores. ``prefix``: the masks of the stock's
    top cards (see :class:`~.parts.Setup`), when worked out already."""
    ctx = new._ctx
    setup = _setup(ctx[3], elder_cards, younger_cards, stock, prefix)
    dealt, blank = setup.dealt, setup.blank
    elder = _A if ctx[3] else _B  # the dealer's opponent
    new._hands = dealt[0] | dealt[1] << HAND_BITS
    # records made whole with tuple.__new__ (a named tuple's own constructor is Python
    # code, and this runs for every deal)
    new._ctx = _new(
        Context,
        (
            ctx[0],
            ctx[1],
            _next_game(ctx[2]),
            ctx[3],
            setup,
            ctx[5],
            _FRESH_EXCHANGE[blank[elder]],
            NO_DECLARATIONS,
        ),
    )
    new._events = None
    new._scores = new._scores >> TOTALS_SHIFT << TOTALS_SHIFT  # parts.deal_part, inlined
    new._race = FRESH_RACE
    new._lead = -1
    new._tricks = _NO_TRICKS
    new._to_move = elder
    if new._PHASE is not _EXCHANGE:  # a new_deal state, made as a plain State
        new._phase = _EXCHANGE
    if blank[0] or blank[1]:
        _score_blanks(new, elder, blank)


def _setup(
    dealer: Player,
    elder_cards: int,
    younger_cards: int,
    stock: tuple[int, ...],
    prefix: tuple[int, ...] | None,
) -> Setup:
    """The setup of a deal by ``dealer`` of these hands and stock (see :func:`start_deal`)."""
    # is_blank, written out: no court card (R-CB-1)
    elder_blank = not elder_cards & COURTS_MASK
    younger_blank = not younger_cards & COURTS_MASK
    if prefix is None:
        prefix = (0, *accumulate(map(_BITS.__getitem__, stock)))
    # records made whole with tuple.__new__ (a named tuple's own constructor is Python
    # code, and this runs for every deal)
    if dealer:  # the elder is A
        return _new(
            Setup, ((elder_cards, younger_cards), stock, (elder_blank, younger_blank), prefix, _A)
        )
    return _new(
        Setup, ((younger_cards, elder_cards), stock, (younger_blank, elder_blank), prefix, _B)
    )


def setup_of(state: State, action: Deal) -> Setup:
    """The setup that ``action``, a deal from ``state`` (a chance node before a deal),
    gives the deal (what :func:`apply` puts in the new state's context), with no state
    made: what a sampler dealing again from a template needs of a deal (see
    :class:`~.redeal.Redeal`).

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game(pq.RUBICON)
    >>> deal = start.sample_chance(random.Random(2))
    >>> setup_of(start, deal) == start.apply(deal)._ctx.setup
    True
    """
    last = _sampled
    if action is last[0] and state._ctx.tables is last[1]:  # drawn or arranged: see apply
        return _setup(state._ctx[3], last[2], last[3], last[4], last[5])
    elder_cards, dealer_cards, stock = _read_deal(state, action)
    return _setup(state._ctx[3], elder_cards, dealer_cards, stock, None)


def _next_game(game: Game) -> Game:
    """The game's record with one deal more (the last made is remembered: dealing again
    from one chance node, as searches and samplers do, makes it once)."""
    global _last_game
    last = _last_game
    if game is last[0]:
        return last[1]
    first_dealer, deal_number, sheet, auto, single, origin, target, games, resumed = game
    after = _new(
        Game, (first_dealer, deal_number + 1, sheet, auto, single, origin, target, games, resumed)
    )
    _last_game = (game, after)
    return after


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


def blanches(state: State) -> tuple[int, int]:
    """The cartes blanches of ``state``'s deal (R-CB-1): A's and B's dealt hand (a mask)
    where it had no court card, else 0 (a carte blanche is shown, R-CB-2: its cards are
    seen, not only that it was one).

    >>> import piquet as pq
    >>> blanches(pq.new_deal(elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
    ...                      younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
    ...                      stock="7H 9D 8D 7D 10C 9C 8C 7C"))
    (0, 0)
    """
    setup = state._ctx.setup
    if setup is None:
        raise ValueError("blanches: no deal yet")
    return blanches_of(*setup.dealt)


def blanches_of(a_dealt: int, b_dealt: int) -> tuple[int, int]:
    """:func:`blanches` of a deal dealing A and B these hands (masks), with no state:
    each hand where it holds no court card (R-CB-1), else 0.

    >>> from piquet import cards
    >>> blanches_of(cards("AS 10S 9S 8S 7S AH 10H 9H 8H AD 10D 9D").mask, cards("KS").mask)
    (1202609455390, 0)
    """
    return (
        0 if a_dealt & COURTS_MASK else a_dealt,
        0 if b_dealt & COURTS_MASK else b_dealt,
    )


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
    return trusted_cardset(setup.dealt[player]) if shown else EMPTY
