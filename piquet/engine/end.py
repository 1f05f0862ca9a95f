"""The end of a deal and of a game (the settlement, R-GM).

Once the last trick is scored (:mod:`.play`), the ruleset's game rule says whether the
game is over; if not, the next deal is a chance node with the other player dealing. A
partie of several games starts the next game at zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..words import CHANCE, Phase, Player, Result
from .parts import (
    SCORE_BITS,
    SCORE_FIELD,
    STATE_CLASS,
    TOTALS_SHIFT,
    Context,
    Game,
    pack_scores,
    set_class,
)

if TYPE_CHECKING:
    from .state import State

__all__ = ["end_deal", "finish_game", "game_points"]

_new = tuple.__new__
_OTHER = (Player.B, Player.A)
_DEAL = Phase.DEAL
_OVER = Phase.OVER


def end_deal(new: State) -> None:
    """The deal is scored: end the game, or go to the next deal."""
    # the fields unpacked at once, the records made whole with tuple.__new__ (a named
    # tuple's own constructor is Python code, and this runs for every deal)
    rules, tables, game, dealer, setup, result, exch, decl = new._ctx
    first_dealer, deal_number, sheet, auto, single, origin, target, games, resumed = game
    if single:
        finish_game(new, first_to_target=None)
        return
    scores = new._scores
    # score_pair written out: the totals for the game, then the deal's
    totals = scores >> TOTALS_SHIFT
    if rules.game.over_after_deal(len(sheet) + 1, (totals & SCORE_FIELD, totals >> SCORE_BITS)):
        finish_game(new, first_to_target=None)
        return
    sheet = (*sheet, (scores & SCORE_FIELD, scores >> SCORE_BITS & SCORE_FIELD))
    fields = (first_dealer, deal_number, sheet, auto, single, origin, target, games, resumed)
    game = _new(Game, fields)
    # the game record and the next dealer; the rest of the context as it was
    new._ctx = _new(Context, (rules, tables, game, _OTHER[dealer], setup, result, exch, decl))
    set_class(new, STATE_CLASS["deal"])  # new._phase = DEAL, quicker
    new._to_move = CHANCE


def finish_game(new: State, first_to_target: Player | None) -> None:
    """Settle the game (R-GM-2); in a partie of several games, start the next one."""
    ctx = new._ctx
    rules = ctx.ruleset
    scores = new.scores
    deal_scores = new.deal_scores
    game = ctx.game
    if game.single and first_to_target is None:
        winner = None
        if deal_scores[0] != deal_scores[1]:
            winner = Player.A if deal_scores[0] > deal_scores[1] else Player.B
        points = abs(deal_scores[0] - deal_scores[1])
    else:
        winner, points = rules.game.settle(scores, first_to_target)
    needed = rules.game.games_to_win
    if needed > 1 and not game.single:
        games = (*game.games, Result(winner, scores, points))
        won = game_points(games)
        if winner is None or won[winner] < needed:
            # the next game of the partie: scores start again, dealing alternates
            new._ctx = ctx._replace(
                game=game._replace(sheet=(), games=games), dealer=ctx.dealer.other
            )
            new._scores = pack_scores(0, 0, deal_scores[0], deal_scores[1])
            new._phase = _DEAL
            new._to_move = CHANCE
            return
        new._ctx = ctx._replace(
            game=game._replace(sheet=(*game.sheet, deal_scores), games=games),
            result=Result(winner, scores, won[winner]),
        )
    else:
        new._ctx = ctx._replace(
            game=game._replace(sheet=(*game.sheet, deal_scores)),
            result=Result(winner, scores, points),
        )
    new._phase = _OVER
    new._to_move = None


def game_points(games: Iterable[Result]) -> tuple[int, int]:
    """Game points per player: a game counts its settled points (a double game, two)."""
    won = [0, 0]
    for game in games:
        if game.winner is not None:
            won[game.winner] += game.points
    return won[0], won[1]
