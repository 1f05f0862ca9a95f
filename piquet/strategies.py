"""Hypothesis strategies for property-based tests of code that uses piquet.

Cards, card sets, hands, whole deals, rulesets (the presets and house variants of
them) and reachable states of any ruleset, each shrinking toward a small, readable
case: the canonical order of the pack, the presets' own options, the first legal action
at every turn. Needs the ``hypothesis`` extra: ``pip install 'piquet[hypothesis]'``.

>>> from hypothesis import given, settings
>>> import piquet as pq
>>> from piquet import strategies as pst
>>> @settings(max_examples=5, database=None)
... @given(pst.states(pq.RUBICON, phase=pq.Phase.PLAY))
... def test_no_hand_holds_more_than_twelve_cards(state):
...     assert all(len(state.hand(p)) <= 12 for p in pq.Player)
>>> test_no_hand_holds_more_than_twelve_cards()  # runs 5 examples, silent when it passes
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Final, Literal

try:
    from hypothesis import note, reject
    from hypothesis import strategies as st
except ImportError as _exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "piquet.strategies needs Hypothesis, which is not installed: "
        "pip install 'piquet[hypothesis]' (or pip install hypothesis)"
    ) from _exc


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
from .engine import Phase, State, new_deal, new_game
from .records import dumps
from .rules import HOUSE_OPTIONS, RULESETS, Ruleset
from .words import CHANCE, Category, Player

__all__ = [
    "any_actions",
    "card_sets",
    "cards",
    "deals",
    "hands",
    "legal_actions",
    "rulesets",
    "states",
]

Declarations = Literal["played", "auto"]

_PACK_SIZES: Final = (32, 36)
_HARD_LIMIT: Final = 5_000
"""Actions after which :func:`states` reports a game that never ends (an engine bug)."""


def _check_pack_size(pack_size: int) -> None:
    if pack_size not in _PACK_SIZES:
        raise ValueError(f"pack_size must be 32 or 36, not {pack_size!r}")


# ----------------------------------------------------------------- cards


def cards(pack_size: int = 32) -> st.SearchStrategy[Card]:
    """A card of a 32- or 36-card pack; shrinks toward the ace of spades.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.cards(36))
    ... def test_every_card_parses_back(card):
    ...     assert pq.Card.parse(str(card)) is card
    >>> test_every_card_parses_back()
    """
    _check_pack_size(pack_size)
    return st.sampled_from(pack(pack_size))


def card_sets(
    pack_size: int = 32,
    *,
    min_size: int = 0,
    max_size: int | None = None,
    within: CardSet | Iterable[Card] | None = None,
) -> st.SearchStrategy[CardSet]:
    """A :class:`~piquet.CardSet` of ``min_size`` to ``max_size`` cards of the pack (or of
    ``within``); shrinks toward fewer cards, high spades first.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.card_sets(min_size=1, max_size=5))
    ... def test_text_round_trip(cards):
    ...     assert pq.cards(str(cards)) == cards and 1 <= len(cards) <= 5
    >>> test_text_round_trip()
    """
    _check_pack_size(pack_size)
    pool = tuple(pack(pack_size)) if within is None else tuple(CardSet(within))
    if max_size is None:
        max_size = len(pool)
    if not 0 <= min_size <= max_size <= len(pool):
        raise ValueError(
            f"card_sets: need 0 <= min_size <= max_size <= {len(pool)} "
            f"(got min_size={min_size}, max_size={max_size})"
        )
    if not pool:
        return st.just(CardSet())
    return st.lists(st.sampled_from(pool), min_size=min_size, max_size=max_size, unique=True).map(
        CardSet
    )


def hands(
    pack_size: int = 32, *, within: CardSet | Iterable[Card] | None = None
) -> st.SearchStrategy[CardSet]:
    """A 12-card hand from the pack (or from ``within``); shrinks toward the top of
    the canonical order, ``AS KS QS JS 10S 9S 8S 7S AH KH QH JH``.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.hands(36))
    ... def test_a_hand_has_twelve_cards(hand):
    ...     assert len(hand) == 12
    >>> test_a_hand_has_twelve_cards()
    """
    return card_sets(pack_size, min_size=12, max_size=12, within=within)


def deals(ruleset: Ruleset | None = None, *, packet: int | None = None) -> st.SearchStrategy[Deal]:
    """A :class:`~piquet.Deal`: an order of the ruleset's whole pack, dealt in packets of
    ``packet`` cards, or of any size the ruleset allows (``ruleset.packets``) when None.
    Shrinks toward the canonical order, dealt in the ruleset's usual packets.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.deals(pq.RUBICON))
    ... def test_a_deal_gives_twelve_cards_each(deal):
    ...     state = pq.new_game(pq.RUBICON).apply(deal)
    ...     assert len(state.hand(pq.Player.A)) == len(state.hand(pq.Player.B)) == 12
    >>> test_a_deal_gives_twelve_cards_each()
    """
    rules = _default_ruleset(ruleset)
    if packet is None:
        sizes = [rules.packet, *(p for p in rules.packets if p != rules.packet)]
    elif packet in rules.packets:
        sizes = [packet]
    else:
        raise ValueError(
            f"deals: {rules.name} is dealt in packets of {rules.packets}, not {packet!r}"
        )
    return _deals(rules.pack_size, tuple(sizes))


@functools.lru_cache(maxsize=64)
def _deals(pack_size: int, sizes: tuple[int, ...]) -> st.SearchStrategy[Deal]:
    orders = st.permutations(pack(pack_size))
    if len(sizes) == 1:
        return orders.map(lambda order: Deal(order, packet=sizes[0]))
    return st.builds(Deal, orders, st.sampled_from(sizes))


# ----------------------------------------------------------------- rulesets


def _option_values(base: Ruleset) -> dict[str, st.SearchStrategy[Any]]:
    """The house options (:data:`piquet.rules.HOUSE_OPTIONS`) that ``base`` takes, each
    with the values its declaration draws for it."""
    options: dict[str, st.SearchStrategy[Any]] = {}
    for option in HOUSE_OPTIONS.values():
        values = option.draws(base) if option.takes(base) else ()
        if values:
            options[option.name] = st.sampled_from(values)
    return options


@st.composite
def _variant(draw: st.DrawFn, base: Ruleset) -> Ruleset:
    changes: dict[str, Any] = {}
    for key, values in _option_values(base).items():
        value = draw(st.one_of(st.none(), values.map(lambda v: (v,))))
        if value is not None:
            changes[key] = value[0]
    changes = {
        key: value for key, value in changes.items() if HOUSE_OPTIONS[key].current(base) != value
    }
    if not changes:
        return base
    return base.evolve(name=f"{base.name}+house", **changes)


def rulesets(
    presets: Iterable[Ruleset] | None = None, *, variations: bool = True
) -> st.SearchStrategy[Ruleset]:
    """A preset of :data:`piquet.RULESETS` (or of ``presets``), or with ``variations`` a
    house variant of one made with :meth:`~piquet.Ruleset.evolve`, changing any of the
    house options the preset takes (:data:`piquet.rules.HOUSE_OPTIONS`: carte rouge and
    its younger restriction, the cards toward pique, the last trick, low cards, points
    ending in 4, the younger's minimum, the lowest set, the target, the double game, games
    to win a partie of races, the deals of a partie and its extra deals, the rubicon and
    the bonus, two blanks), each drawn from the values its declaration gives. Shrinks
    toward the first preset, unchanged.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.rulesets())
    ... def test_every_variant_is_valid(ruleset):
    ...     assert ruleset.evolve() == ruleset and ruleset.stock_size in (8, 12)
    >>> test_every_variant_is_valid()
    """
    bases = list(RULESETS.values()) if presets is None else list(presets)
    if not bases or not all(isinstance(r, Ruleset) for r in bases):
        raise ValueError("rulesets: presets must be a non-empty collection of piquet.Ruleset")
    chosen = st.sampled_from(bases)
    if not variations:
        return chosen
    return chosen.flatmap(_variant)


def _default_ruleset(ruleset: Ruleset | None) -> Ruleset:
    if ruleset is None:
        return RULESETS["rubicon"]
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"expected a piquet.Ruleset, not {type(ruleset).__name__}")
    return ruleset


# ----------------------------------------------------------------- actions


def legal_actions(state: State) -> st.SearchStrategy[Action]:
    """One of the legal actions of ``state`` (a :class:`~piquet.Deal` at a chance node);
    shrinks toward the first legal action.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> start = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
    ...     younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
    ...     stock="7H 9D 8D 7D 10C 9C 8C 7C",
    ... )
    >>> @given(pst.legal_actions(start))
    ... def test_the_elder_discards_one_to_five(action):
    ...     assert 1 <= len(action.discard) <= 5
    >>> test_the_elder_discards_one_to_five()
    """
    if state.to_move is CHANCE:
        return deals(state.ruleset)
    legal = state.legal_actions()
    if not legal:
        raise ValueError(f"legal_actions: nothing is legal in {state!r}")
    return st.integers(0, len(legal) - 1).map(legal.__getitem__)


def any_actions(pack_size: int = 32) -> st.SearchStrategy[Action]:
    """Any well-formed action, legal or not (for checking that illegal ones are refused):
    plays, discards, counts, leaves, calls, passes, goods, reckonings and deals of any
    cards of the pack.

    >>> from hypothesis import given
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @given(pst.any_actions())
    ... def test_text_form_round_trip(action):
    ...     assert pq.parse_action(str(action)) == action
    >>> test_text_form_round_trip()
    """
    _check_pack_size(pack_size)
    return _any_actions(pack_size)


@functools.lru_cache(maxsize=4)
def _any_actions(pack_size: int) -> st.SearchStrategy[Action]:
    some = card_sets(pack_size, max_size=12)
    category = st.sampled_from(list(Category))
    return st.one_of(
        cards(pack_size).map(Play),
        some.map(Exchange),
        st.builds(Call, category, some),
        category.map(Pass),
        category.map(Good),
        category.map(Equal),
        st.builds(Reckon, category, some),
        st.integers(0, 13).map(ExchangeCount),
        st.sampled_from(list(LeftCards)).map(Leave),
        st.builds(Deal, st.permutations(pack(pack_size)), st.sampled_from([2, 3, 4, 1, 6, 12])),
    )


# ----------------------------------------------------------------- states


class _Record:
    """Shown for a failing example: the game record of the state, made only then."""

    def __init__(self, state: State) -> None:
        self._state = state

    def __repr__(self) -> str:
        return f"piquet.strategies.states() drew this game:\n{dumps(self._state)}"


def _step(draw: st.DrawFn, state: State) -> State:
    if state.to_move is CHANCE:
        return state.apply(draw(deals(state.ruleset)))
    legal = state.legal_actions()
    if not legal:  # pragma: no cover - an engine bug
        raise AssertionError(f"no legal action in {state!r}")
    return state.apply(legal[draw(st.integers(0, len(legal) - 1))])


def _start(draw: st.DrawFn, ruleset: Ruleset, declarations: Declarations, single: bool) -> State:
    dealer = draw(st.sampled_from([Player.B, Player.A]))
    if not single:
        return new_game(ruleset, dealer=dealer, declarations=declarations)
    dealt = new_game(ruleset, dealer=dealer).apply(draw(deals(ruleset)))
    return new_deal(
        ruleset,
        elder=dealt.hand(dealt.elder),
        younger=dealt.hand(dealt.younger),
        stock=dealt.stock,
        dealer=dealer,
        declarations=declarations,
    )


@st.composite
def _states(
    draw: st.DrawFn,
    ruleset: st.SearchStrategy[Ruleset],
    declarations: st.SearchStrategy[Declarations],
    phase: Phase | None,
    max_actions: int,
    single: bool,
) -> State:
    state = _start(draw, draw(ruleset), draw(declarations), single)
    wanted = draw(st.integers(0, max_actions))
    done = 0
    last_match: State | None = None
    while True:
        if phase is None or state.phase is phase:
            last_match = state
            if done >= wanted:
                break
        if state.is_over:
            break
        if done >= _HARD_LIMIT:
            raise AssertionError(f"states: the game is not over after {done} actions: {state!r}")
        state = _step(draw, state)
        done += 1
    if last_match is None:
        reject()  # the game ended before reaching the phase (e.g. a race won early)
    note(_Record(last_match))
    return last_match


def states(
    ruleset: Ruleset | st.SearchStrategy[Ruleset] | None = None,
    *,
    declarations: Declarations | None = None,
    phase: Phase | None = None,
    max_actions: int = 60,
    single_deal: bool = False,
) -> st.SearchStrategy[State]:
    """A reachable state: a game started with :func:`piquet.new_game` (or, with
    ``single_deal``, one deal started with :func:`piquet.new_deal`) and driven by drawn
    deals and drawn legal actions.

    ``ruleset`` is a ruleset, a strategy of them, or None for :func:`rulesets`;
    ``declarations`` is ``"played"``, ``"auto"``, or None for either. The state is in
    ``phase`` (any phase when None) after up to ``max_actions`` actions; reaching the
    phase may take more (``Phase.OVER`` plays the game to its end). Every choice is an
    index into ``legal_actions()``, so a failing example shrinks toward the first legal
    action at every turn, and toward the canonical order of the pack at every deal.
    The game record of the state is noted in Hypothesis's report of a failing example.

    >>> from hypothesis import given, settings
    >>> import piquet as pq
    >>> from piquet import strategies as pst
    >>> @settings(max_examples=10, database=None)
    ... @given(pst.states(pq.RUBICON, declarations="auto", phase=pq.Phase.OVER, single_deal=True))
    ... def test_a_deal_ends_with_twelve_tricks(state):
    ...     assert sum(state.tricks_won) == 12
    >>> test_a_deal_ends_with_twelve_tricks()
    """
    if ruleset is None:
        ruleset_strategy: st.SearchStrategy[Ruleset] = rulesets()
    elif isinstance(ruleset, Ruleset):
        ruleset_strategy = st.just(ruleset)
    elif isinstance(ruleset, st.SearchStrategy):
        ruleset_strategy = ruleset
    else:
        raise TypeError(f"states: ruleset must be a Ruleset or a strategy, not {ruleset!r}")
    if declarations is None:
        declarations_strategy: st.SearchStrategy[Declarations] = st.sampled_from(["played", "auto"])
    elif declarations in ("played", "auto"):
        declarations_strategy = st.just(declarations)
    else:
        raise ValueError(
            f"states: declarations must be 'played', 'auto' or None, not {declarations!r}"
        )
    if phase is not None and not isinstance(phase, Phase):
        raise TypeError(f"states: phase must be a piquet.Phase or None, not {phase!r}")
    if single_deal and phase is Phase.DEAL:
        raise ValueError("states: a single deal (new_deal) never reaches a chance node")
    if not isinstance(max_actions, int) or max_actions < 0:
        raise ValueError(f"states: max_actions must be an int >= 0, not {max_actions!r}")
    return _states(ruleset_strategy, declarations_strategy, phase, max_actions, single_deal)
