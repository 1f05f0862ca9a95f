"""The end of a deal and of a game (the settlement, R-GM).

Once the last trick is scored (:mod:`.play`), the ruleset's game rule says whether the
game is over; if not, the next deal is a chance node with the other player dealing. A
partie of several games starts the next game at zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..words import CHANCE, Phase, Player, Result
from .parts import Context, Game, pack_scores

if TYPE_CHECKING:
    from .state import State

__all__ = ["end_deal", "finish_game", "game_points"]


def end_deal(new: State) -> None:
    """The deal is scored: end the game, or go to the next deal."""
    rules = new._ctx.ruleset
    ctx = new._ctx
    game = ctx.game
    if game.single:
        finish_game(new, first_to_target=None)
        return
    if rules.game.over_after_deal(len(game.sheet) + 1, new.scores):
        finish_game(new, first_to_target=None)
        return
    game = Game(
        game.first_dealer,
        game.deal_number,
        (*game.sheet, new.deal_scores),
        game.auto,
        game.single,
        game.origin,
        game.target,
        game.games,
        game.resumed,
    )
    new._ctx = Context(
        ctx.ruleset, ctx.tables, game, ctx.dealer.other, ctx.setup, ctx.result, ctx.exch, ctx.decl
    )
    new._phase = Phase.DEAL
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
            new._phase = Phase.DEAL
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
    new._phase = Phase.OVER
    new._to_move = None


def game_points(games: Iterable[Result]) -> tuple[int, int]:
    """Game points per player: a game counts its settled points (a double game, two)."""
    won = [0, 0]
    for game in games:
        if game.winner is not None:
            won[game.winner] += game.points
    return won[0], won[1]
