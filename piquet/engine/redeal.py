"""A deal dealt again from other cards, its actions kept: what a sampler of the cards a
player cannot see builds instead of replaying them.

With automatic declarations, the actions of a deal after the cards are dealt (the
discards, the cards played) change nothing but cards, once the declarations come out
the same as far as anyone sees: the words said, the cards shown and the combinations
scored. Two deals whose declarations agree so, played with the same actions but for
the discards, reach states that differ only in their cards: the deal's setup, the
discards, the hands, the record of how each category was resolved and the history's
deal and exchanges. The scores, the ledger, the race, the tricks and who moves next
are the same. :class:`Redeal` makes such a state from another (its template) in a few
tuples, where a replay of the deal's actions through :meth:`~piquet.engine.State.apply`
and a check of the result took a sampler over a hundred microseconds a sample.

With declarations played the same holds of two deals whose dialogues are the same
actions (the same calls, of the same cards, and the same answers), each legal with its
own hands and leaving the same records: the words, the cards shown, the scores. It
holds too of dialogues alike but for the cards of calls that nobody saw and nothing
read beyond their words (a call that lost, said in the same words): :meth:`Redeal.dealt`
then puts the new deal's claims in their place (``claims``). Which placements do so is
again the caller's to know (the sampler's ``_dialogues`` module).

Whether the declarations agree is the caller's to know: :func:`auto_resolution` gives a
deal's resolution, :func:`seen_of_resolution` the part of it that anyone sees, and
:func:`.deal.blanches` the cartes blanches.

>>> import random
>>> import piquet as pq
>>> from piquet.engine.deal import arranged
>>> start = pq.new_game(pq.RUBICON, declarations="auto")
>>> state = start.apply(start.sample_chance(random.Random(4)))
>>> while state.phase is not pq.Phase.PLAY:
...     state = state.apply(state.legal_actions()[0])
>>> again = Redeal(start, state)
>>> deal = state.history[0]
>>> a = pq.Player.A
>>> hand, discard = state.hand(a).mask, state.discard(a).mask
>>> same = again.dealt(deal, a, hand, discard, resolution_of(state))
>>> same == state, same.history == state.history, same.events == state.events
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..actions import Action, Call, Deal, Equal, Exchange, Good, Leave, Pass, Play, Reckon
from ..cards import trusted_cardset
from ..words import Category, Phase, Player, ScoreEvent
from .auto_declarations import Resolution
from .category_table import ELDER_WINS, ENTRIES, MASK, NOBODY
from .combination_tables import Tables, duels, suit_fields, tables_of
from .deal import setup_of
from .parts import (
    CATEGORIES,
    CATEGORY_INDEX,
    HAND_BITS,
    HAND_MASK,
    HAND_SHIFT,
    Context,
    Declarations,
    ExchangeState,
    SaidFields,
    deal_elder,
)

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .state import State

__all__ = [
    "Build",
    "Redeal",
    "Seen",
    "Shape",
    "auto_resolution",
    "resolution_of",
    "seen_of_resolution",
]

Seen = tuple[tuple[int, ...], ...]
"""What anyone sees of a resolution besides its words (:func:`seen_of_resolution`)."""

_new: Final = tuple.__new__
_new_object: Final = object.__new__
# a frozen class's slot written past its __setattr__ and converter, as deal.py makes
# its Deal: an Exchange of a trusted card set, made for every sample dealt again
_set_discard: Final = Exchange.__dict__["discard"].__set__
_A: Final = Player.A
# a combination's mask, read in C: a list comprehension's frame cost a seventh of a key
_mask_of: Final = itemgetter(MASK)
# the actions a deal may be dealt again over: none of them reads a card that the new
# deal may move (an exchange's discard is replaced, a Leave names no card of a hand)
_KINDS: Final = frozenset((Deal, Exchange, Leave, Play))
# with declarations played, the words too: the caller knows that each is legal and
# leaves the same record with the new hands (a call names its own cards)
_WORDS: Final = frozenset((Call, Equal, Good, Pass, Reckon))


def auto_resolution(rules: Ruleset, elder_hand: int, younger_hand: int) -> Resolution:
    """How automatic declarations resolve the point, the sequences and the sets between
    the elder's hand and the younger's after the exchange (masks): each category's duel,
    as the engine keeps it in the declarations' record."""
    fields = suit_fields((elder_hand | younger_hand << HAND_BITS).to_bytes(16, "little"))
    return duels(tables_of(rules), fields)


def seen_of_resolution(resolution: Resolution) -> Seen:
    """What anyone sees of a resolution besides its words: for each category who won,
    and the masks of the winner's best combination and of every combination he
    scores; on a tie, both best combinations. Two resolutions alike in this and in the
    words said give the same records and scores; the loser's best, heard only in words,
    is left out. A carte rouge (R-DE-8) follows too: it is made when a winner's scored
    combinations hold his whole hand, twelve cards after the exchange, and their cards
    are here."""
    seen: list[tuple[int, ...]] = []
    for outcome, best_elder, best_younger, own in resolution:
        if outcome == NOBODY:
            seen.append((outcome, best_elder, best_younger))
        else:
            best = best_elder if outcome == ELDER_WINS else best_younger
            seen.append((outcome, best, *map(_mask_of, own)))
    return tuple(seen)


def resolution_of(state: State) -> Resolution:
    """The resolution kept in the record of ``state``, a state past automatic
    declarations (as :func:`auto_resolution` gave it)."""
    auto = state._ctx.decl.auto
    if auto is None:
        raise ValueError("resolution_of: no automatic declarations resolved yet")
    resolution: Resolution = auto[0]
    return resolution


class Redeal:
    """A state of a deal past its exchanges, from which states of the same actions dealt
    from other cards are made (:meth:`dealt`).

    ``start`` is the state the deal was dealt from (its chance node) and ``template``
    the state after its actions: a deal, the exchanges, a Leave and cards played, no
    other kind, and with declarations played the words of the declarations (then the
    template may be in the declarations too). An elder's carte blanche is refused: his
    count comes first and, with it, the younger's discard (R-CB-2), in another order and
    record of the exchange. ``build`` puts a state together from its parts
    (:data:`Build`; by default :func:`_built`, in Python).

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game(pq.RUBICON, declarations="auto")
    >>> state = start.apply(start.sample_chance(random.Random(4)))
    >>> while state.phase is not pq.Phase.PLAY:
    ...     state = state.apply(state.legal_actions()[0])
    >>> a, deal = pq.Player.A, state.history[0]
    >>> hand, discard = state.hand(a).mask, state.discard(a).mask
    >>> def built(*parts):  # the default's way, counted
    ...     built.calls += 1
    ...     return _built(*parts)
    >>> built.calls = 0
    >>> again = Redeal(start, state, build=built)
    >>> again.dealt(deal, a, hand, discard, resolution_of(state)) == state, built.calls
    (True, 1)
    """

    __slots__ = (
        "_build",
        "_calls_at",
        "_decl_head",
        "_discards",
        "_entry_at",
        "_ledger",
        "_other_hand",
        "_replacements",
        "_said_at",
        "_shapes",
        "_start",
        "_template",
    )

    def __init__(self, start: State, template: State, build: Build | None = None) -> None:
        actions = _actions_since(start, template)
        if not actions or type(actions[0]) is not Deal:
            raise ValueError("Redeal: the actions of a deal")
        auto = template.auto_declarations
        kinds = _KINDS if auto else _KINDS | _WORDS
        phases = (Phase.PLAY,) if auto else (Phase.DECLARATION, Phase.PLAY)
        if template.phase not in phases or not {type(a) for a in actions} <= kinds:
            raise ValueError(
                "Redeal: a state of the play (or, with declarations played, of the "
                "declarations) reached by a deal, exchanges, words and cards played"
            )
        elder = deal_elder(template._ctx)
        exchanges = [at for at, action in enumerate(actions) if type(action) is Exchange]
        if len(exchanges) != 2:
            raise ValueError("Redeal: a deal whose exchanges were one each")
        self._start = start
        self._template = template
        self._build = _built if build is None else build
        # where each call of one claim lies among the actions and among the words said:
        # a deal dealt again with other claims replaces those alone (walking every word
        # and action for each was two fifths of such a redeal's time)
        calls_at: dict[tuple[Category, int], list[int]] = {}
        for at, action in enumerate(actions):
            if type(action) is Call:
                calls_at.setdefault((action.category, action.cards.mask), []).append(at)
        self._calls_at = calls_at
        said_at: dict[tuple[Category, int], list[int]] = {}
        for at, word in enumerate(template._ctx.decl.said):
            if word[1] == "call" and len(word[3]) == 1:
                said_at.setdefault((word[2], word[3][0]), []).append(at)
        self._said_at = said_at
        self._ledger: tuple[list[Any], dict[ScoreEvent, int]] | None = None
        # where a player's entry of a claim lies in the ledger's nodes, by the category,
        # the claim and the player, found once (hashing the entry is most of finding it)
        self._entry_at: dict[tuple[Category, int, Player], int | None] = {}
        self._replacements: dict[tuple[object, ...], Any] = {}
        # each player's hand left out of the template's two, for a new one to be put in
        self._other_hand = tuple(
            template._hands & ~(HAND_MASK << HAND_SHIFT[who]) for who in (_A, Player.B)
        )
        # each player's exchange is where the elder's is first (R-EX-1), as in every deal
        # without an elder's carte blanche (refused above, by its count)
        exchange_at = (exchanges[0], exchanges[1]) if elder is _A else (exchanges[1], exchanges[0])
        # the parts of the template's records that no deal dealt again changes, sliced
        # once (sliced for each deal, they were 2% of a sampler's warm sample with
        # automatic declarations: 142,700 to 140,300 instructions)
        ctx = template._ctx
        exch = ctx.exch
        decl = ctx.decl
        assert exch is not None
        self._discards = exch.discards
        self._decl_head: tuple[Any, ...] = decl[:7]
        cls = type(template)
        kept = tuple(getattr(template, name) for name in _KEPT_SLOTS)
        slots = tuple(getattr(cls, name) for name in (*_MADE_SLOTS, *_KEPT_SLOTS))
        self._shapes = tuple(
            Shape(
                *(cls, type(ctx), ctx[:4], ctx.result, type(exch), exch[:2], exch[3:]),
                *(type(decl), decl.word, kept, slots, start._history, tuple(actions), at),
            )
            for at in exchange_at
        )

    def dealt(
        self,
        deal: Deal,
        player: Player,
        hand: int,
        discard: int,
        resolution: Resolution | None,
        claims: Mapping[tuple[Category, int], int] | None = None,
    ) -> State:
        """The state the template's actions reach with ``deal`` (another deal from its
        start) in the place of its own, when ``player`` discards ``discard`` and is left
        holding ``hand`` (his opponent's discard and hand are the template's), the
        automatic declarations resolved as ``resolution`` (None with declarations
        played): the caller knows that these are the new deal's, and that what anyone
        sees of the declarations is as in the template. No state is made of the deal
        itself: its setup is all a state dealt again takes of it
        (:func:`~.deal.setup_of`; applying it took a fifth of a sample's time).

        ``claims`` (declarations played) maps a category and a claim the template's
        ``player`` called to the claim of the new hand called in its place: each such
        :class:`~piquet.Call` of the history, word said and pending call is replaced.
        The caller knows that the new claims say the same words, were shown to nobody
        and lead the dialogue alike.

        >>> import piquet as pq
        >>> from piquet.engine.deal import arranged
        >>> start = pq.new_game(pq.RUBICON)
        >>> elder_cards = pq.cards("AS KS QS JS AH KH QH JH 9D 8D 7D AC").mask
        >>> younger_cards = pq.cards("AD KD QD JD 10D 10S 9S 8S 7S 10H 9H 8H").mask
        >>> stock = tuple(pq.cards("7C KC QC JC 10C 9C 8C 7H"))
        >>> deal = arranged(start, elder_cards, younger_cards, stock)
        >>> def called(four):  # the elder's point of four, "not good" to the younger's five
        ...     state = start.apply(deal).apply(pq.Exchange("AC")).apply(pq.Exchange("8H"))
        ...     while state.phase is not pq.Phase.DECLARATION:
        ...         state = state.apply(state.legal_actions()[0])
        ...     state = state.apply(pq.Call("point", four))
        ...     return state.apply(pq.Call("point", "AD KD QD JD 10D"))
        >>> spades, hearts = called("AS KS QS JS"), called("AH KH QH JH")
        >>> a = spades.elder
        >>> swap = {(pq.Category.POINT, pq.cards("AS KS QS JS").mask): pq.cards("AH KH QH JH").mask}
        >>> again = Redeal(start, spades).dealt(
        ...     deal, a, spades.hand(a).mask, spades.discard(a).mask, None, swap
        ... )
        >>> again == hearts, again.history == hearts.history, again.history == spades.history
        (True, True, False)
        """
        template = self._template
        auto = template._ctx.decl.auto
        if resolution is not None:
            assert auto is not None, "a resolution for a deal of automatic declarations"
            auto = (resolution, auto[1])
        else:
            assert auto is None, "no resolution for a deal of automatic declarations"
        decl_head = self._decl_head
        calls: tuple[tuple[int, Call], ...] = ()
        events = template._events
        if claims:
            decl_head, calls, events = self._replaced(player, claims)
        both = self._discards
        exchange = _new_object(Exchange)
        _set_discard(exchange, trusted_cardset(discard))
        return self._build(
            self._shapes[player],
            deal,
            setup_of(self._start, deal),
            (discard, both[1]) if player is _A else (both[0], discard),
            self._other_hand[player] | hand << HAND_SHIFT[player],
            exchange,
            decl_head,
            auto,
            events,
            calls,
        )

    def _replaced(
        self, player: Player, claims: Mapping[tuple[Category, int], int]
    ) -> tuple[tuple[Any, ...], tuple[tuple[int, Call], ...], Any]:
        """What ``claims`` (``player``'s) replace of the template: the declarations' first
        fields, the calls by where they lie among the actions, and the ledger's nodes;
        remembered by the claims (the deals along one course call few others)."""
        key = (player, *claims.items())
        replaced = self._replacements.get(key)
        if replaced is None:
            template = self._template
            tables = tables_of(template._ctx.ruleset)
            calls = tuple(self._calls_replaced(tables, claims))
            replaced = (
                self._claims_replaced(self._decl_head, claims),
                calls,
                self._entries_replaced(tables, player, claims),
            )
            if len(self._replacements) < _REPLACEMENTS_KEPT:
                self._replacements[key] = replaced
        return replaced

    def _calls_replaced(
        self, tables: Tables, claims: Mapping[tuple[Category, int], int]
    ) -> Iterator[tuple[int, Call]]:
        """Where each :class:`~piquet.Call` of the template's actions of a claim of
        ``claims`` lies, and the call of the new claim that replaces it."""
        calls_at = self._calls_at
        for old, new_claim in claims.items():
            places = calls_at.get(old)
            if places:
                call = tables[CATEGORY_INDEX[old[0]]].calls[new_claim]
                for at in places:
                    yield at, call

    def _entries_replaced(
        self, tables: Tables, player: Player, claims: Mapping[tuple[Category, int], int]
    ) -> Any:
        """The template's ledger (its linked entries) with ``player``'s entry of each
        claim of ``claims`` that scored replaced by the new claim's (the same points:
        the caller knows); the nodes from the deepest replaced on made again, the
        earlier shared."""
        ledger = self._ledger
        if ledger is None:  # its nodes, newest first, and where each entry lies
            nodes = []
            node = self._template._events
            while node is not None:
                nodes.append(node)
                node = node[0]
            at = {n[1]: i for i, n in enumerate(nodes) if type(n[1]) is ScoreEvent}
            ledger = self._ledger = (nodes, at)
        nodes, at = ledger
        entry_at = self._entry_at
        replacing: dict[int, ScoreEvent] = {}
        for (category, old), new in claims.items():
            where = (category, old, player)
            found = entry_at.get(where, -1)
            if found == -1:
                table = tables[CATEGORY_INDEX[category]]
                found = entry_at[where] = at.get(table.info(old)[ENTRIES][player])
            if found is not None:
                table = tables[CATEGORY_INDEX[category]]
                replacing[found] = table.info(new)[ENTRIES][player]
        if not replacing:
            return self._template._events
        deepest = max(replacing)
        node = nodes[deepest][0]
        for i in range(deepest, -1, -1):
            made = nodes[i]
            node = (node, replacing.get(i, made[1]), *made[2:])
        return node

    def _claims_replaced(
        self, decl_head: tuple[Any, ...], claims: Mapping[tuple[Category, int], int]
    ) -> tuple[Any, ...]:
        """The declarations' first fields with the calls of ``claims`` replaced: the
        pending call and each call said."""
        said_at = self._said_at
        words: list[SaidFields] | None = None
        for old, new_claim in claims.items():
            places = said_at.get(old)
            if places:
                if words is None:
                    words = list(decl_head[4])
                for at in places:
                    word = words[at]
                    shown = new_claim if word[5] == old[1] else word[5]
                    words[at] = (word[0], word[1], word[2], (new_claim,), word[4], shown)
        category_at, claim = decl_head[0], decl_head[2]
        pending = (
            claims.get((CATEGORIES[category_at], claim)) if category_at < len(CATEGORIES) else None
        )
        if words is None and pending is None:
            return decl_head
        head = list(decl_head)
        if words is not None:
            head[4] = tuple(words)
        if pending is not None:
            head[2] = pending
        return tuple(head)


# the claims' replacements remembered a redeal (a course's deals call a few others)
_REPLACEMENTS_KEPT: Final = 1 << 8


class Shape(NamedTuple):
    """What every state a :class:`Redeal` makes for one player takes of its template,
    made once: the records' classes and fixed fields, the state's fields kept, and the
    template's actions (what :data:`Build` puts a state together from)."""

    state: type[State]
    context: type[Context]
    head: tuple[Any, ...]
    """The context's first four fields."""
    result: Any
    exchange: type[ExchangeState]
    exch_head: tuple[Any, ...]
    """The exchange's fields before the discards."""
    exch_tail: tuple[Any, ...]
    """And after them."""
    declarations: type[Declarations]
    word: int
    """The declarations' last field."""
    kept: tuple[Any, ...]
    """The template's fields of :data:`_KEPT_SLOTS`, as they are."""
    slots: tuple[Any, ...]
    """The state's slot descriptors, of :data:`_MADE_SLOTS` then :data:`_KEPT_SLOTS`
    (the kernel sets the slots through them)."""
    history: Any
    """The start's history."""
    actions: tuple[Action, ...]
    """The template's actions since the start, oldest first."""
    exchange_at: int
    """Where the player's exchange lies among them."""


# the state's slots made for each deal, in this order, and those taken from the template
_MADE_SLOTS: Final = ("_ctx", "_hands", "_events", "_history")
_KEPT_SLOTS: Final = ("_to_move", "_lead", "_tricks", "_scores", "_race")

Build = Callable[
    [Shape, Deal, Any, tuple[int, int], int, Exchange, tuple[Any, ...], Any, Any, Any], "State"
]
"""How :meth:`Redeal.dealt` puts a state together from a :class:`Shape` and the new
deal's parts (the deal, its setup, both discards, the hands, the player's exchange, the
declarations' first seven fields, their resolution, the ledger, and the calls replaced
by where they lie): :func:`_built` here; a caller may pass the same made faster (the
sampler's kernel: ``piquet.search._csample.redealt``)."""


def _built(
    shape: Shape,
    deal: Deal,
    setup: Any,
    discards: tuple[int, int],
    hands: int,
    exchange: Exchange,
    decl_head: tuple[Any, ...],
    auto: Any,
    events: Any,
    calls: Any,
) -> State:
    """A state dealt again, from its shape and parts (see :data:`Build`): its records
    made whole with ``tuple.__new__`` (a named tuple's own constructor is Python code),
    each field set once."""
    exch = _new(shape.exchange, (*shape.exch_head, discards, *shape.exch_tail))
    # a fresh box for the words said: they are read back from the new resolution (or,
    # with declarations played, from the same record of what was said)
    decl = _new(shape.declarations, (*decl_head, [], auto, shape.word))
    actions = list(shape.actions)
    actions[0] = deal
    actions[shape.exchange_at] = exchange
    for at, call in calls:
        actions[at] = call
    new = _new_object(shape.state)
    new._ctx = _new(shape.context, (*shape.head, setup, shape.result, exch, decl))
    new._hands = hands
    new._events = events
    new._history = _linked(shape.history, actions)
    new._to_move, new._lead, new._tricks, new._scores, new._race = shape.kept
    return new


def _linked(history: Any, actions: list[Action]) -> Any:
    """``history`` with ``actions`` linked on, oldest first (each node the pair of the
    one before and an action)."""
    for action in actions:
        history = (history, action)
    return history


def _actions_since(start: State, state: State) -> list[Action]:
    """The actions from ``start`` to ``state``, oldest first (``start``'s history must be
    a part of ``state``'s)."""
    actions: list[Action] = []
    node = state._history
    while node is not None and node is not start._history:
        actions.append(node[1])
        node = node[0]
    if node is not start._history:
        raise ValueError("Redeal: the template does not follow from the start")
    actions.reverse()
    return actions
