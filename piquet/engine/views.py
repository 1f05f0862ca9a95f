"""What a state tells: its read-only public face, one property or method a fact.

:class:`StateViews` is the base of :class:`~piquet.engine.state.State` holding no field of
its own: every view here reads the state's fields (see state.py) or asks the module of
the phase that keeps the fact (:mod:`.exchange`, :mod:`.heard`, :mod:`.play`,
:mod:`.ledger`). The state itself, its fields, its identity and the dispatch of
actions, are in :mod:`.state`.

>>> import random
>>> import piquet as pq
>>> start = pq.new_game(pq.RUBICON)
>>> state = start.apply(start.sample_chance(random.Random(2)))
>>> isinstance(state, StateViews), len(state.hand(state.elder)), len(state.stock)
(True, 12, 8)
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, cast

from ..actions import Action, LeftCards
from ..cards import CARD_BY_INDEX, EMPTY, Card, CardSet, trusted_cardset
from ..words import Chance, Phase, Player, Result, Resumed, ScoreEvent, Spoken, Trick
from . import deal, exchange, heard, ledger, play
from .memo import remembered
from .parts import Context, Origin, RaceCount, hand_of, score_pair

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .state import State

__all__ = ["StateViews"]

_PHASE_OVER: Final = Phase.OVER
_OTHER: Final = (Player.B, Player.A)


def _whole(view: StateViews) -> State:
    """``view`` as the :class:`~piquet.engine.state.State` it is (State is this class's
    only direct subclass), for the phase modules' functions, which take a State."""
    return cast("State", view)


class StateViews:
    """The public read-only face of a :class:`~piquet.engine.state.State` (its base)."""

    __slots__ = ()

    # The state's fields, declared here for the views that read them; the slots are
    # State's. The phase is the state's class: one subclass per phase (engine/phases.py),
    # so that apply and legal_actions go straight to the phase's own functions, and a
    # state is a slot smaller. A phase module sets ``new._phase``.
    _PHASE: ClassVar[Phase]
    _ctx: Context
    _to_move: Player | Literal[Chance.CHANCE] | None
    _hands: int  # both hands in one int, see parts.hand_of
    _lead: int  # the index of the card led to the trick in progress, or -1
    _tricks: int  # tricks won, see play.tricks_won
    _scores: int  # totals for the game and for the deal, see parts.pack_scores
    _events: tuple[Any, ...] | None  # the deal's ledger, newest first, linked; see ledger
    _race: RaceCount | None  # None once pique and repique are settled
    _history: tuple[Any, Action] | None  # every action, newest first, linked

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played by."""
        return self._ctx.ruleset

    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase:
            """The current phase."""

        @property
        def to_move(self) -> Player | Literal[Chance.CHANCE] | None:
            """Who acts next, a player or :data:`piquet.CHANCE`; None when over."""

    else:  # read in C: a property whose getter is Python code costs twice as much,
        # and a random player reads to_move at every step
        phase = property(attrgetter("_PHASE"), doc="The current phase.")
        to_move = property(
            attrgetter("_to_move"),
            doc="Who acts next, a player or :data:`piquet.CHANCE`; None when over.",
        )

    @property
    def is_over(self) -> bool:
        """True when the game (or the single deal of :func:`~piquet.new_deal`) is over."""
        return self._PHASE is _PHASE_OVER

    @property
    def dealer(self) -> Player:
        """The dealer (younger hand) of the current deal; at the chance node between
        deals, of the deal to come (the finished deal's facts, such as :attr:`tricks`,
        keep their own roles)."""
        return self._ctx.dealer

    @property
    def elder(self) -> Player:
        """The elder hand of the current deal (the non-dealer); at the chance node
        between deals, of the deal to come."""
        return _OTHER[self._ctx.dealer]

    @property
    def younger(self) -> Player:
        """The younger hand of the current deal (the dealer)."""
        return self._ctx.dealer

    @property
    def first_dealer(self) -> Player:
        """The dealer of the game's first deal (of the first game of a partie)."""
        return self._ctx.game.first_dealer

    @property
    def deal_number(self) -> int:
        """The number of the current (or last) deal, from 1; 0 before the first."""
        return self._ctx.game.deal_number

    @property
    def auto_declarations(self) -> bool:
        """True when declarations are resolved automatically (``declarations="auto"``)."""
        return self._ctx.game.auto

    @property
    def origin(self) -> Origin | None:
        """The cards a :func:`~piquet.new_deal` state was made from; None otherwise."""
        origin = self._ctx.game.origin
        if origin is None:
            return None
        elder = self._ctx.game.first_dealer.other
        return Origin(
            trusted_cardset(origin.dealt[elder]),
            trusted_cardset(origin.dealt[elder.other]),
            tuple(CARD_BY_INDEX[i] for i in origin.stock),
        )

    @property
    def resumed(self) -> Resumed | None:
        """Where a :func:`~piquet.resume_game` state took the game up; None otherwise."""
        return self._ctx.game.resumed

    def hand(self, player: Player) -> CardSet:
        """The cards a player holds now."""
        return trusted_cardset(hand_of(self._hands, player))

    def dealt_hand(self, player: Player) -> CardSet:
        """The twelve cards a player was dealt this deal (empty before the deal)."""
        setup = self._ctx.setup
        return EMPTY if setup is None else trusted_cardset(setup.dealt[player])

    def discard(self, player: Player) -> CardSet:
        """The cards a player has discarded this deal."""
        exch = self._ctx.exch
        return EMPTY if exch is None else trusted_cardset(exch.discards[player])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        return remembered(self._ctx, "stock", lambda: exchange.stock_left(_whole(self)))

    @property
    def taken(self) -> tuple[int, int]:
        """How many stock cards each player has taken in this deal (R-EX)."""
        return exchange.taken(_whole(self))

    def seen_stock(self, player: Player) -> CardSet:
        """Stock cards ``player`` has seen but does not hold (R-EX-2, R-EX-4)."""
        led = play.elder_has_led(_whole(self))
        seen = remembered(
            self._ctx, ("seen", player, led), lambda: exchange.seen_mask(_whole(self), player)
        )
        return trusted_cardset(seen & ~hand_of(self._hands, player))

    def shown_blank(self, player: Player) -> CardSet:
        """``player``'s carte blanche once shown to the opponent (R-CB-2); else empty."""
        return deal.shown_blank(_whole(self), player)

    def known_to_opponent(self, player: Player) -> CardSet:
        """Cards ``player`` holds now that his opponent knows of: cards shown in the
        declarations (R-DE-6, R-DE-7), and stock cards the elder saw and the younger took."""
        led = play.elder_has_led(_whole(self))
        known = remembered(self._ctx, ("known", player, led), lambda: self._known(player))
        return trusted_cardset(known & hand_of(self._hands, player))

    def _known(self, player: Player) -> int:
        state = _whole(self)
        return heard.shown_by(state, player) | exchange.known_taken(state, player.other)

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's total for the game so far, indexed by :class:`~piquet.Player`."""
        return score_pair(self._scores, deal=False)

    @property
    def deal_scores(self) -> tuple[int, int]:
        """Each player's score in the current (or last) deal."""
        return score_pair(self._scores, deal=True)

    if TYPE_CHECKING:

        @property
        def events(self) -> tuple[ScoreEvent, ...]:
            """The ledger of the current (or last) deal, every score in precedence order."""

    else:  # the ledger's own reader, with no call in between
        events = property(
            ledger.events,
            doc="The ledger of the current (or last) deal, every score in precedence order.",
        )

    def events_seen_by(self, player: Player) -> tuple[ScoreEvent, ...]:
        """The ledger as ``player`` knows it: the younger's combinations are not shown
        to the elder before his first lead (R-DE-7)."""
        return heard.events_seen_by(_whole(self), player)

    @property
    def score_sheet(self) -> tuple[tuple[int, int], ...]:
        """The scores of every finished deal of the game, per player."""
        return self._ctx.game.sheet

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won in the current deal, per player."""
        return play.tricks_won(self._tricks)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of the current deal, in order."""
        return play.tricks(_whole(self))

    @property
    def trick(self) -> tuple[Card, ...]:
        """The card led to the trick in progress, if any."""
        if self._lead < 0:
            return ()
        return (CARD_BY_INDEX[self._lead],)

    @property
    def games(self) -> tuple[Result, ...]:
        """The games finished so far in a partie of several games (``games_to_win``)."""
        return self._ctx.game.games

    @property
    def result(self) -> Result | None:
        """None until the game is over."""
        return self._ctx.result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order."""
        out: list[Action] = []
        node = self._history
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return tuple(out)

    @property
    def spoken(self) -> tuple[Spoken, ...]:
        """Everything said in the declarations of the current deal, with the claim behind
        every word: what an onlooker who sees both hands knows (R-DE-1a, R-DE-6).
        :meth:`spoken_to` gives what one player heard and knows."""
        return heard.spoken(_whole(self), None)

    def spoken_to(self, player: Player) -> tuple[Spoken, ...]:
        """The declarations as ``player`` knows them: his own claims, the opponent's
        shown ones (the younger shows his after the elder's first lead, R-DE-7), and
        not the opponent's reckoning nothing further, which only he hears."""
        return heard.spoken(_whole(self), player)

    @property
    def left_cards(self) -> LeftCards | None:
        """What the younger chose to do with the stock cards he left, if he left any."""
        exch = self._ctx.exch
        return exch.left if exch is not None else None
