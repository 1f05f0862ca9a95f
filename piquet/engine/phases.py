"""One class of state per phase: the phase is the state's class.

Each is a :class:`~piquet.engine.state.State` with no fields of its own, whose
``apply`` and ``legal_actions`` go straight to its phase's module (the play's and the
declarations' *are* their module's functions: a card or a word costs one Python call,
and their ``apply`` hands any other action back to State's); anything else goes to
State's own methods, which dispatch every phase and refuse what is not legal with the
reason. A phase module sets ``new._phase``, and the state changes class.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> type(state).__name__, isinstance(state, pq.State)
('_Dealing', True)
>>> type(state.apply(state.sample_chance(random.Random(1)))).__name__
'_Exchanging'
"""

from __future__ import annotations

from typing import Final

from ..words import Phase
from . import deal, declarations, exchange, play
from .parts import STATE_CLASS
from .state import State

__all__ = ["STATE_OF_PHASE"]


class _OfAPhase(State):
    """The base of the phases' classes: the engine makes a state by calling its phase's
    class, ``type(state)()``, with object's own __init__, quicker than
    ``object.__new__(cls)`` (a wrapper that builds its arguments twice). ``State()``
    itself still refuses."""

    __slots__ = ()
    __init__ = object.__init__


class _Dealing(_OfAPhase):
    """A :class:`State` at a chance node (a deal to come)."""

    __slots__ = ()
    _PHASE = Phase.DEAL
    # always a chance node: the draw and the deal are the deal module's own functions
    # (its apply hands any other action back to State's, which refuses it with the reason)
    sample_chance = deal.sample
    apply = deal.apply  # type: ignore[assignment]


class _Exchanging(_OfAPhase):
    """A :class:`State` in the exchange."""

    __slots__ = ()
    _PHASE = Phase.EXCHANGE

    # the exchange's own functions (its apply hands any other action back to State's)
    legal_actions = exchange.legal_actions
    apply = exchange.apply  # type: ignore[assignment]


class _Declaring(_OfAPhase):
    """A :class:`State` in the declarations."""

    __slots__ = ()
    _PHASE = Phase.DECLARATION

    # the declarations' own functions, with no call between (apply hands any other
    # action back to State.apply, which refuses it with the reason)
    legal_actions = declarations.legal_actions
    apply = declarations.apply


class _Playing(_OfAPhase):
    """A :class:`State` in the play."""

    __slots__ = ()
    _PHASE = Phase.PLAY
    # the hottest calls of the engine: the play's own functions, with no call between
    legal_actions = play.legal_actions
    apply = play.apply


class _Over(_OfAPhase):
    """A :class:`State` at the end of the game."""

    __slots__ = ()
    _PHASE = Phase.OVER


STATE_OF_PHASE: Final[dict[Phase, type[State]]] = {
    state_class._PHASE: state_class
    for state_class in (_Dealing, _Exchanging, _Declaring, _Playing, _Over)
}
STATE_CLASS.update((phase.value, state_class) for phase, state_class in STATE_OF_PHASE.items())
