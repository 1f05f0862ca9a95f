"""The state itself: its fields, its read-only properties and the dispatch of actions.

No phase's rules live here: :meth:`State.apply` and :meth:`State.legal_actions` hand the
state to the module of its phase (:mod:`.deal`, :mod:`.exchange`, :mod:`.declarations`,
:mod:`.play`), which builds the next state.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state.to_move is pq.CHANCE
True
>>> state = state.apply(state.sample_chance(random.Random(7)))
>>> state.phase, state.to_move, len(state.hand(pq.Player.A))
(<Phase.EXCHANGE: 'exchange'>, <Player.A: 0>, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from ..actions import (
    Action,
    Call,
    Deal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    Pass,
    Reckon,
)
from ..actions import Play as PlayAction
from ..cards import excerpt
from ..words import (
    CHANCE,
    IllegalActionError,
    Phase,
    Player,
)
from . import deal, declarations, exchange, ledger, play
from .parts import (
    STATE_CLASS,
    Declarations,
    ExchangeState,
    Origin,
    pack_scores,
    set_class,
    with_stages,
)
from .tables import tables_for
from .views import StateViews

if TYPE_CHECKING:
    import random

    from ..observation import Observation

__all__ = ["Origin", "State"]


_ACTION_KINDS: Final = frozenset(
    (Deal, ExchangeCount, Exchange, Leave, Call, Pass, Good, Reckon, PlayAction)
)
_PHASE_PLAY: Final = Phase.PLAY
# piquet.observation.observe, imported at the first observation: an import statement
# at every call would cost about 1.5 µs, a sixth of an observation
_OBSERVE: Callable[[State, Player], Observation] | None = None


def _observe_function() -> Callable[[State, Player], Observation]:
    global _OBSERVE
    from ..observation import observe

    _OBSERVE = observe
    return observe


_PHASE_EXCHANGE: Final = Phase.EXCHANGE
_PHASE_DECLARATION: Final = Phase.DECLARATION
_PHASE_DEAL: Final = Phase.DEAL
_EXCHANGE_ACTIONS: Final = exchange.ACTIONS
_DECLARATION_ACTIONS: Final = declarations.ACTIONS


def _assign_class(state: State, cls: type[State]) -> None:
    """The guard of ``state.__class__``: a state's phase changes only by its actions (the
    engine itself sets it with :data:`.parts.set_class`)."""
    raise TypeError(
        "a state's class is its phase, which only its actions change: "
        "use state.apply(action) for the next state"
    )


class State(StateViews):
    """A position of the game. Immutable: :meth:`apply` returns a new state.

    Build one with :func:`~piquet.new_game` or :func:`~piquet.new_deal`. Public
    attributes are read-only properties; everything else is private.

    Two states are equal when they decide the rest of the game alike: the same ruleset,
    the same position (phase, mover, hands, stock, the trick, the tricks won, where the
    exchange and the declarations stand) and the same scores and race for pique and
    repique, with the same number of deals and games played. How they were reached is
    not compared (as chess programs compare positions, not move lists): two states
    reached by different actions may be equal while their :attr:`history`, :attr:`events`
    or :attr:`spoken` differ. Hashing agrees with equality, is cached, and costs the same
    at any point of a game.

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game()
    >>> dealt = start.apply(start.sample_chance(random.Random(1)))
    >>> start.phase, dealt.phase
    (<Phase.DEAL: 'deal'>, <Phase.EXCHANGE: 'exchange'>)
    """

    __slots__ = (
        "_ctx",
        "_events",
        "_hands",
        "_hash",
        "_history",
        "_lead",
        "_race",
        "_scores",
        "_to_move",
        "_tricks",
    )

    _hash: int  # set on first use (the other fields are declared in StateViews)

    def __init__(self) -> None:
        raise TypeError("use piquet.new_game() or piquet.new_deal() to make a state")

    def _set_phase(self, phase: Phase) -> None:
        # keyed by the phase's value: an Enum member's own __hash__ is Python code
        set_class(self, STATE_CLASS[phase._value_])

    if TYPE_CHECKING:

        @property
        def _phase(self) -> Phase: ...

        @_phase.setter
        def _phase(self, phase: Phase) -> None: ...

    else:  # read in C (see phase below)
        _phase = property(attrgetter("_PHASE"), _set_phase)
        # Read as type(state), in C; assigned only by the engine (see set_class): a state
        # whose class were changed from outside would jump to another phase.
        __class__ = property(type, _assign_class)

    def _clone(self) -> State:
        new = type(self)()  # the phase's class (see phases.py)
        new._ctx = self._ctx
        new._to_move = self._to_move
        new._hands = self._hands
        new._lead = self._lead
        new._tricks = self._tricks
        new._scores = self._scores
        new._events = self._events
        new._race = self._race
        new._history = self._history
        return new

    # The exchange's and the declarations' records live in the context, which the play
    # does not change: a state of the play is two slots smaller for it.

    @property
    def _exch(self) -> ExchangeState | None:
        return self._ctx.exch

    @_exch.setter
    def _exch(self, exch: ExchangeState | None) -> None:
        ctx = self._ctx
        self._ctx = with_stages(ctx, exch, ctx.decl)

    @property
    def _decl(self) -> Declarations:
        return self._ctx.decl

    @_decl.setter
    def _decl(self, decl: Declarations) -> None:
        ctx = self._ctx
        self._ctx = with_stages(ctx, ctx.exch, decl)

    def observation(self, player: Player) -> Observation:
        """What ``player`` may know of this state, and nothing more."""
        observe = _OBSERVE
        if observe is None:
            observe = _observe_function()
        return observe(self, player)

    def to_json(self) -> str:
        """This state as JSON; :meth:`from_json` reads it back exactly."""
        from ..records import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(text: str) -> State:
        """Read a state written by :meth:`to_json`, replaying and checking every action."""
        from ..records import state_from_json

        state: State = state_from_json(text)
        return state

    # ------------------------------------------------------------ value semantics

    def _key(self) -> tuple[Any, ...]:
        """What decides the rest of the game (see the class docstring)."""
        ctx = self._ctx
        game = ctx.game
        decl = self._decl
        return (
            ctx.dealer,
            ctx.setup,
            ctx.result,
            game.auto,
            game.single,
            len(game.sheet),
            tuple((g.winner, g.points) for g in game.games),
            self._PHASE,
            self._to_move,
            self._hands,
            self._exch,
            decl.category,
            decl.stage,
            decl.claim,
            decl.extras,
            decl.scored,
            decl.rouge,
            self._lead,
            self._tricks,
            self._scores,
            self._race,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, State):
            return NotImplemented
        try:
            if self._hash != other._hash:  # both cached: a quick answer
                return False
        except AttributeError:
            pass
        mine, theirs = self._ctx.ruleset, other._ctx.ruleset
        return self._key() == other._key() and (mine is theirs or mine == theirs)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = hash((self._ctx.tables.ruleset_hash, self._key()))
            return self._hash

    def __copy__(self) -> State:
        return self  # immutable

    def __deepcopy__(self, memo: object) -> State:
        return self

    def __getstate__(self) -> dict[str, Any]:
        fields = {name: getattr(self, name) for name in State.__slots__ if name != "_hash"}
        fields["_phase"] = self._PHASE
        fields["_history"] = self.history  # flat: linked lists pickle recursively
        fields["_events"] = self.events
        # the tables are rebuilt from the ruleset: they would be most of the pickle
        fields["_ctx"] = self._ctx._replace(tables=None)  # type: ignore[arg-type]
        return fields

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # pickled as a State whatever its phase's class (__setstate__ sets the class)
        return (object.__new__, (State,), self.__getstate__())

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name in ("_history", "_events"):
            node: tuple[Any, Any] | None = None
            for item in fields.pop(name):
                node = (node, item)
            setattr(self, name, node)
        ctx = fields.pop("_ctx")
        setup = ctx.setup
        if setup is not None and setup.elder is None:  # pickled before the setup kept it
            # between deals (phase DEAL) the next deal's dealer is in the context already
            elder = ctx.dealer if fields["_phase"] is Phase.DEAL else ctx.dealer.other
            ctx = ctx._replace(setup=setup._replace(elder=elder))
        tables = tables_for(ctx.ruleset)
        # one ruleset object for equal rulesets: equality then short-cuts on identity
        self._ctx = ctx._replace(ruleset=tables.ruleset, tables=tables)
        if isinstance(fields["_scores"], tuple):  # pickled before the scores were one int
            fields["_scores"] = pack_scores(*fields["_scores"])
        for name, value in fields.items():
            setattr(self, name, value)
        # the ledger was written out whole: the play's next entries are left out again
        ledger.reopen(self)

    def __str__(self) -> str:
        """The position as text, both hands face up (:func:`piquet.render.render_state`)."""
        from ..render import render_state

        return render_state(self)

    def __repr__(self) -> str:
        return (
            f"<State {self.ruleset.name} deal {self.deal_number} {self._PHASE.value} "
            f"to_move={self._to_move} scores={self.scores}>"
        )

    # ------------------------------------------------------------ chance, actions

    def sample_chance(self, rng: random.Random) -> Deal:
        """A uniformly random deal at a chance node, drawn from ``rng``."""
        if self._to_move is not CHANCE:
            raise IllegalActionError("not a chance node: nothing to sample")
        return deal.sample(self, rng)

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action, in canonical order, without duplicates.

        At a chance node the outcomes are the orders of the pack, too many to list: the
        sequence is empty there; use :meth:`sample_chance` or give a :class:`~piquet.Deal`.
        The elder's discards are built lazily, on indexing or iteration.
        """
        # the phase's own class calls its module straight away; this is for a call
        # through the class, State.legal_actions(state)
        phase = self._PHASE
        if phase is _PHASE_PLAY:
            return play.legal_actions(self)
        if phase is _PHASE_EXCHANGE:
            return exchange.legal_actions(self)
        if phase is _PHASE_DECLARATION:
            return declarations.legal_actions(self)
        return ()

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises :class:`~piquet.IllegalActionError` saying why.

        ``self`` is never changed.
        """
        # the phase's own class calls its module first; this is for a deal, for what
        # is refused, and for a call through the class, State.apply(state, action)
        kind = type(action)
        phase = self._PHASE
        if phase is _PHASE_DEAL and kind is Deal:
            return deal.apply(self, action)  # type: ignore[arg-type]
        if phase is _PHASE_PLAY and kind is PlayAction:
            return play.apply(self, action)
        if phase is _PHASE_EXCHANGE and kind in _EXCHANGE_ACTIONS:
            return exchange.apply(self, action)  # type: ignore[arg-type]
        if phase is _PHASE_DECLARATION and kind in _DECLARATION_ACTIONS:
            return declarations.apply(self, action)
        if kind not in _ACTION_KINDS:
            raise IllegalActionError(f"not an action: {excerpt(action)}")
        if phase is Phase.OVER:
            raise IllegalActionError(f"{action}: the game is over")
        expecting = "expecting a deal" if self._to_move is CHANCE else f"{self._to_move} to move"
        raise IllegalActionError(f"{action}: not legal in the {phase.value} phase ({expecting})")

    def rollout(self, rng: random.Random) -> State:
        """Play uniformly random legal actions to the end of the current deal.

        The same distribution as choosing ``rng.choice(state.legal_actions())`` at every
        decision and ``state.sample_chance(rng)`` at a chance node, through the public
        API, but faster: the play is run inside the engine. A state at a chance node is
        dealt first. Returns the state at the end of the deal (a chance node, or over).

        >>> import random
        >>> import piquet as pq
        >>> end = pq.new_game(pq.RUBICON).rollout(random.Random(3))
        >>> end.to_move is pq.CHANCE, end.deal_number, len(end.score_sheet)
        (True, 1, 1)
        """
        return play.rollout(self, rng)


# One class per phase (engine/phases.py) fills in parts.STATE_CLASS; imported last,
# since it subclasses State.

from . import phases  # noqa: E402, F401
