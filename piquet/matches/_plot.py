"""Pictures of matches and tournaments, with matplotlib (the ``plot`` extra), imported
only when a picture is asked for."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .match import MatchResult
    from .tournament import TournamentResult


def _pyplot() -> Any:
    from .._extras import require

    matplotlib: Any = require("matplotlib", "plot", "drawing a plot")  # the optional extra
    matplotlib.use("Agg")  # files only: no display needed, none opened
    return importlib.import_module("matplotlib.pyplot")


def plot_match(result: MatchResult, path: str | Path) -> None:
    """A histogram of what bot *a* won per game, and, in duplicate play, per pair."""
    pyplot = _pyplot()
    panels = 2 if result.duplicate else 1
    figure, axes = pyplot.subplots(1, panels, figsize=(6 * panels, 4), squeeze=False)
    per_game = [game.a_points for game in result.games]
    axes[0][0].hist(per_game, bins=40, color="tab:blue")
    axes[0][0].set_title(f"{result.a} v {result.b}: points per game")
    axes[0][0].set_xlabel(f"points won by {result.a}")
    axes[0][0].set_ylabel("games")
    if result.duplicate:
        pairs: dict[int, int] = {}
        for game in result.games:
            pairs[game.number // 2] = pairs.get(game.number // 2, 0) + game.a_points
        axes[0][1].hist(list(pairs.values()), bins=40, color="tab:green")
        axes[0][1].set_title("per duplicate pair (same cards, seats exchanged)")
        axes[0][1].set_xlabel(f"points won by {result.a} over the pair")
        axes[0][1].set_ylabel("pairs")
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def plot_tournament(result: TournamentResult, path: str | Path) -> None:
    """The ratings with their 95% intervals, best at the top."""
    pyplot = _pyplot()
    ratings = list(reversed(result.ratings))
    figure, axis = pyplot.subplots(figsize=(6, 1 + 0.5 * len(ratings)))
    axis.errorbar(
        [r.elo for r in ratings],
        range(len(ratings)),
        xerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]],
        fmt="o",
        capsize=4,
    )
    axis.set_yticks(range(len(ratings)), [r.name for r in ratings])
    axis.axvline(0, color="grey", linewidth=0.5)
    axis.set_xlabel("Bradley–Terry rating, Elo scale (95% interval)")
    axis.set_title(f"{result.ruleset}, {result.games} games a pair")
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
