"""What one player may know of a state, read in one pass for :mod:`piquet.observation`.

An observation gathers some twenty facts; read one public view at a time, each works
out again where the deal stands and who may see what. Here the facts that every state
of a stretch of a deal shares (see :mod:`.memo`) are worked out once per player, and
the rest are read straight from the state's fields.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON, declarations="auto").rollout(random.Random(1))
>>> seen = seen_by(state, pq.Player.A)
>>> seen == tuple(state.observation(pq.Player.A)[:-1]) + (seen[-1],)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import CARD_BY_INDEX, EMPTY, trusted_cardset
from ..words import Player
from . import deal, exchange, heard, play
from .memo import remembered
from .parts import hand_of, score_pair

if TYPE_CHECKING:
    from .state import State

__all__ = ["hidden_facts", "seen_by"]


def _of_the_stretch(state: State, player: Player, opponent: Player) -> tuple[Any, ...]:
    """What ``player`` knows that every state sharing this one's context shares (with
    whether the elder has led, which R-DE-7 and R-EX-4 wait for)."""
    ctx = state._ctx
    game = ctx.game
    setup = ctx.setup
    exch = ctx.exch
    return (
        ctx.ruleset,
        ctx.dealer,
        game.deal_number,
        EMPTY if setup is None else trusted_cardset(setup.dealt[player]),
        EMPTY if exch is None else trusted_cardset(exch.discards[player]),
        exchange.taken(state),
        exchange.seen_mask(state, player),
        len(exchange.stock_left(state)),
        deal.shown_blank(state, opponent),
        heard.shown_by(state, opponent) | exchange.known_taken(state, player),
        None if exch is None else exch.left,
        heard.spoken(state, player),
        game.sheet,
        game.games,
        game.auto,
        ctx.result,
    )


def seen_by(state: State, player: Player) -> tuple[Any, ...]:
    """The fields of ``player``'s :class:`~piquet.Observation` of ``state``, in their
    order (tests/test_observation_fields.py pins each to the state's own view)."""
    opponent = Player.B if player is Player.A else Player.A
    lead = state._lead
    led = lead >= 0 or state._tricks != 0
    (
        ruleset,
        dealer,
        deal_number,
        dealt,
        discard,
        taken,
        seen,
        stock_size,
        shown,
        known,
        left,
        spoken,
        sheet,
        games,
        auto,
        result,
    ) = remembered(
        state._ctx, ("seen by", player, led), lambda: _of_the_stretch(state, player, opponent)
    )
    hands = state._hands
    mine = hand_of(hands, player)
    theirs = hand_of(hands, opponent)
    scores = state._scores
    to_move = state._to_move
    return (
        player,
        ruleset,
        state._phase,
        to_move,
        dealer,
        deal_number,
        trusted_cardset(mine),
        dealt,
        discard,
        taken,
        trusted_cardset(seen & ~mine),
        stock_size,
        theirs.bit_count(),
        shown,
        trusted_cardset(known & theirs),
        left,
        spoken,
        play.tricks(state),
        () if lead < 0 else (CARD_BY_INDEX[lead],),
        # R-DE-7 hides nothing once the elder has led
        state.events if led else heard.events_seen_by(state, player),
        score_pair(scores, deal=True),
        score_pair(scores, deal=False),
        sheet,
        games,
        auto,
        result,
        state.legal_actions() if to_move is player else (),
    )


def hidden_facts(state: State) -> tuple[Any, ...]:
    """The facts of ``state``'s deal that the cards decide and an observation reads, as
    the state keeps them: everything said in the declarations (every claim, shown or
    not), how automatic declarations resolved, the cartes blanches dealt (R-CB-1, shown
    by R-CB-2), and the cards of each player's scored combinations and his cartes
    rouges (R-DE-8). The words heard, the ledger and the scores follow from these and
    the course of the deal: two states of the same course in the play (the same deal's
    actions, the cards a player cannot see aside) alike in these give that player the
    same observation, which is what a sampler of those cards needs to know (the tests
    check it against the observations themselves). The scored cards and the rouges
    follow from the rest, and are kept as a margin. Hashable, and cheap: no word made.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON).rollout(random.Random(1))
    >>> said, resolved, blanches, scored, rouges = hidden_facts(state)
    >>> len(said) == len(state.spoken), resolved, rouges
    (True, None, (False, False))
    """
    ctx = state._ctx
    decl = ctx.decl
    blanches = (0, 0) if ctx.setup is None else deal.blanches(state)
    return (decl.said, decl.auto, blanches, decl.scored, decl.rouge)
