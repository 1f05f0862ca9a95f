"""The score sheet as text (:func:`render_score_sheet`): a row per deal, both players'
scores, the totals and, once the game is over, the settlement in words, which
:func:`~piquet.render.render_state` writes too. With what the text views share: their
width, the phases of a deal in progress, and how they name the players and count things.

>>> import piquet as pq
>>> print(render_score_sheet([(98, 13)], names={pq.Player.A: "North", pq.Player.B: "South"}))
Score sheet      North  South
  deal 1            98     13
  total             98     13
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Union

from .cards import excerpt
from .engine import Phase, State
from .engine.end import game_points
from .observation import Observation
from .rules import Partie, Race, Ruleset
from .words import Player, Reason, Result

__all__ = ["WIDTH", "Sheet", "render_score_sheet"]

WIDTH = 80
"""The longest line written, in characters."""

IN_DEAL = frozenset({Phase.EXCHANGE, Phase.DECLARATION, Phase.PLAY})
"""The phases of a deal in progress."""
LETTERS: Mapping[Player, str] = {Player.A: "A", Player.B: "B"}
"""The players' names where none are given."""
QUIET = frozenset({Reason.LEAD, Reason.WIN, Reason.COUNTERS})
"""The scores of the play made at every trick, which the text views fold into the
deal's running score instead of giving each a line."""
_NAME_MAX = 24  # a longer name is cut in the score sheet's heading

Sheet = Union[State, Observation, Iterable[tuple[int, int]]]  # noqa: UP007 (Python 3.10)
"""What :func:`render_score_sheet` reads: a state, an observation, or the rows alone."""


def render_score_sheet(state_or_sheet: Sheet, names: Mapping[Player, str] | None = None) -> str:
    """The score sheet as a table: a row per deal, both players' scores, the totals and,
    once the game is over, the settlement ("rubiconed" where the loser is).

    Give a state or an observation (the deal in progress is a row of its own, marked
    "now", so that the rows add up to the totals), or the rows alone (a sequence of
    pairs, such as ``state.score_sheet``). ``names`` heads the columns and names the
    winner (``{pq.Player.A: "North", pq.Player.B: "South"}``); by default A and B.

    >>> import piquet as pq
    >>> state = pq.resume_game(pq.RUBICON, score_sheet=[(28, 23), (12, 40), (30, 0)])
    >>> print(render_score_sheet(state))
    Score sheet          A      B
      deal 1            28     23
      deal 2            12     40
      deal 3            30      0
      total             70     63
    >>> print(render_score_sheet([(98, 13)], names={pq.Player.A: "North", pq.Player.B: "South"}))
    Score sheet      North  South
      deal 1            98     13
      total             98     13
    """
    return "\n".join(_sheet_lines(state_or_sheet, names))


def count(n: int, what: str = "card") -> str:
    """``n`` things in words: "1 card", "3 cards"."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def settlement(
    result: Result,
    ruleset: Ruleset,
    single: bool,
    games: Sequence[Result],
    name: Mapping[Player, str],
) -> str:
    """The result in words, the rubicon settlement worked out."""
    winner = result.winner
    if winner is None:
        return "Drawn."
    loser = winner.other
    high, low = result.scores[winner], result.scores[loser]
    points = count(result.points, "point")
    game = ruleset.game
    if single:
        return f"{name[winner]} wins the deal by {points}."
    if isinstance(game, Partie):
        if low < game.rubicon and result.points == high + low + game.bonus:
            return (
                f"{name[winner]} wins {high} + {low} + {game.bonus} = {points}; "
                f"{name[loser]} is rubiconed."
            )
        if result.points == high - low + game.bonus:
            return f"{name[winner]} wins {high} - {low} + {game.bonus} = {points}."
        return f"{name[winner]} wins {points}."
    if isinstance(game, Race) and game.games_to_win > 1 and games:
        won = game_points(games)
        return f"{name[winner]} wins the partie, {won[winner]} game points to {won[loser]}."
    if isinstance(game, Race) and result.points == 2:
        return (
            f"{name[winner]} wins a double game, {high} to {low} "
            f"({name[loser]} under {game.double_below})."
        )
    return f"{name[winner]} wins the game, {high} to {low}."


# ------------------------------------------------------------------ the score sheet


def _names(names: Mapping[Player, str] | None) -> dict[Player, str]:
    out = dict(LETTERS)
    if names is None:
        return out
    if not isinstance(names, Mapping):
        raise ValueError(f"names: a mapping of pq.Player to a name (got {excerpt(names)})")
    for player, name in names.items():
        if player is not Player.A and player is not Player.B:
            raise ValueError(f"names: keys are pq.Player.A and pq.Player.B (got {excerpt(player)})")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"names: the name of {player} is not a text (got {excerpt(name)})")
        name = " ".join(name.split())
        out[player] = name if len(name) <= _NAME_MAX else name[: _NAME_MAX - 3] + "..."
    return out


def _rows(sheet: object) -> list[tuple[int, int]]:
    """The rows of a score sheet given alone, checked."""
    if isinstance(sheet, (str, bytes)) or not isinstance(sheet, Iterable):
        raise ValueError(
            f"render_score_sheet: a State, an Observation or rows of two scores "
            f"(got {excerpt(sheet)})"
        )
    rows = []
    for number, row in enumerate(sheet, start=1):
        if (
            not isinstance(row, tuple)
            or len(row) != 2
            or not all(type(value) is int for value in row)
        ):
            raise ValueError(f"score sheet, deal {number}: not a pair of scores: {excerpt(row)}")
        rows.append((row[0], row[1]))
    return rows


def _sheet_lines(source: object, names: Mapping[Player, str] | None) -> list[str]:
    name = _names(names)
    labelled: list[tuple[str, tuple[int, int]]]
    if isinstance(source, (State, Observation)):
        # the sheet holds the last deals dealt (a resumed game's, or this game's of a
        # partie of several games): numbered as the state numbers them
        sheet = source.score_sheet
        now = source.phase in IN_DEAL
        first = source.deal_number - len(sheet) - (1 if now else 0) + 1
        labelled = [(f"deal {n}", row) for n, row in enumerate(sheet, start=first)]
        if now:
            labelled.append((f"deal {source.deal_number} (now)", source.deal_scores))
        totals = source.scores
        result, ruleset, games = source.result, source.ruleset, source.games
        single = isinstance(source, State) and source.origin is not None
    else:
        rows = _rows(source)
        labelled = [(f"deal {n}", row) for n, row in enumerate(rows, start=1)]
        totals = (sum(row[0] for row in rows), sum(row[1] for row in rows))
        result, ruleset, games, single = None, None, (), False
    width = max(5, len(name[Player.A]), len(name[Player.B]), *(len(str(t)) for t in totals))

    def line(label: str, a: object, b: object) -> str:
        return f"{label:<15}  {a!s:>{width}}  {b!s:>{width}}".rstrip()

    lines = []
    if ruleset is not None:
        previous = games[:-1] if result is not None else games
        for number, game in enumerate(previous, start=1):
            told = f"Game {number}: {settlement(game, ruleset, False, (), name)}"
            lines += textwrap.wrap(told, WIDTH, subsequent_indent="  ", break_on_hyphens=False)
    lines.append(line("Score sheet", name[Player.A], name[Player.B]))
    lines += [line(f"  {label}", a, b) for label, (a, b) in labelled]
    lines.append(line("  total", *totals))
    if result is not None and ruleset is not None:
        told = settlement(result, ruleset, single, games, name)
        lines += textwrap.wrap(told, WIDTH, subsequent_indent="  ", break_on_hyphens=False)
    return lines
