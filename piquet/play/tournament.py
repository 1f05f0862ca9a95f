"""Round-robin tournaments: every pair of bots plays a match, and Bradley–Terry ratings
with intervals, on the Elo scale, sum them up.

>>> import piquet as pq
>>> result = pq.tournament(["greedy", "random"], games=4, seed=1)
>>> [rating.name for rating in result.ratings]
['greedy', 'random']
>>> result.ratings[0].elo > 0 > result.ratings[1].elo
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path

import attrs

from ..presets import RUBICON
from ..ruleset import Ruleset
from .match import (
    BotSpec,
    GameRecord,
    MatchError,
    MatchInterrupted,
    MatchResult,
    Progress,
    _batches,
    _Interrupted,
    _Job,
    bot_label,
    check_bot,
    check_run,
    default_batch,
    derive_seed,
    run_jobs,
)

__all__ = ["Rating", "TournamentResult", "bradley_terry", "tournament"]

#: Elo points per unit of Bradley–Terry log-strength: a 400-point gap is odds of 10 to 1.
ELO_PER_NATURAL_LOG = 400 / math.log(10)

#: z for a two-sided 95% interval.
_Z95 = 1.959963984540054


@attrs.frozen
class Rating:
    """A bot's Bradley–Terry rating on the Elo scale (the field's mean is 0), with its
    95% interval, and its share of all the points it played for."""

    name: str
    elo: float
    low: float
    high: float
    score: float


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix, by Gauss–Jordan elimination."""
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [value / lead for value in work[col]]
        for row in range(size):
            if row != col and work[row][col]:
                factor = work[row][col]
                work[row] = [a - factor * b for a, b in zip(work[row], work[col], strict=True)]
    return [row[size:] for row in work]


def bradley_terry(
    size: int, results: Sequence[tuple[int, int, float, int]], *, prior: float = 1.0
) -> tuple[list[float], list[float]]:
    """Fit Bradley–Terry strengths to ``results``: ``(i, j, score of i, games)`` tuples.

    Returns the log-strengths (mean 0) and their standard errors. ``prior`` adds that
    many drawn games to every pair that played, so that a clean sweep gives a large but
    finite rating. A draw counts as half a win to each side.

    >>> theta, errors = bradley_terry(2, [(0, 1, 75.0, 100)], prior=0)
    >>> round(theta[0] - theta[1], 4), round(math.log(3), 4)  # 3 to 1 odds
    (1.0986, 1.0986)
    """
    played = [[0.0] * size for _ in range(size)]
    wins = [0.0] * size
    for i, j, score, games in results:
        if i == j or games <= 0:
            continue
        played[i][j] += games
        played[j][i] += games
        wins[i] += score
        wins[j] += games - score
    for i in range(size):
        for j in range(size):
            if i != j and played[i][j]:
                played[i][j] += prior
                wins[i] += prior / 2
    strength = [1.0] * size
    for _ in range(10_000):  # the MM iteration of Hunter (2004): each step raises the likelihood
        new = []
        for i in range(size):
            rate = sum(
                played[i][j] / (strength[i] + strength[j]) for j in range(size) if played[i][j]
            )
            new.append(wins[i] / rate if rate and wins[i] else strength[i] * 1e-3)
        centre = math.exp(math.fsum(math.log(s) for s in new) / size)
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and played[i][j]:
                weight = played[i][j] * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
                information[i][j] -= weight
                information[i][i] += weight
    # the information is singular along (1, ..., 1), the direction the mean-0 constraint
    # removes: its pseudo-inverse is inv(I + J/n) - J/n
    shifted = [[value + 1 / size for value in row] for row in information]
    try:
        inverse = _invert(shifted)
        errors = [math.sqrt(max(0.0, inverse[i][i] - 1 / size)) for i in range(size)]
    except ZeroDivisionError:  # a bot that played no one
        errors = [math.inf] * size
    return theta, errors


@attrs.frozen
class TournamentResult:
    """The matches of a round robin, in the order of the pairs, and the ratings."""

    bots: tuple[str, ...]
    ruleset: str
    seed: int
    games: int
    """Games per pair of bots."""
    duplicate: bool
    matches: tuple[MatchResult, ...]

    @property
    def ratings(self) -> tuple[Rating, ...]:
        """Every bot's rating, best first."""
        index = {name: i for i, name in enumerate(self.bots)}
        results = []
        points = [0.0] * len(self.bots)
        played = [0] * len(self.bots)
        for played_match in self.matches:
            i, j = index[played_match.a], index[played_match.b]
            score = sum(game.a_score for game in played_match.games)
            count = len(played_match.games)
            results.append((i, j, score, count))
            points[i] += score
            points[j] += count - score
            played[i] += count
            played[j] += count
        theta, errors = bradley_terry(len(self.bots), results)
        ratings = [
            Rating(
                name=name,
                elo=theta[i] * ELO_PER_NATURAL_LOG,
                low=(theta[i] - _Z95 * errors[i]) * ELO_PER_NATURAL_LOG,
                high=(theta[i] + _Z95 * errors[i]) * ELO_PER_NATURAL_LOG,
                score=points[i] / played[i] if played[i] else math.nan,
            )
            for i, name in enumerate(self.bots)
        ]
        return tuple(sorted(ratings, key=lambda r: -r.elo))

    @property
    def interrupted(self) -> bool:
        """True when the tournament stopped before all its games were played."""
        return any(played.interrupted for played in self.matches)

    def match_of(self, a: str, b: str) -> MatchResult:
        """The match between two bots, ``a`` as its bot *a*, whichever order it was played."""
        for played in self.matches:
            if (played.a, played.b) == (a, b):
                return played
        for played in self.matches:
            if (played.a, played.b) == (b, a):
                return attrs.evolve(
                    played,
                    a=b,
                    b=a,
                    games=tuple(
                        attrs.evolve(
                            game,
                            a_seat=game.a_seat.other,
                            highlights=game.highlights[::-1],
                            decisions=game.decisions[::-1],
                            seconds=game.seconds[::-1],
                        )
                        for game in played.games
                    ),
                )
        raise MatchError(f"no match between {a!r} and {b!r}")

    def summary(self) -> str:
        """The ratings, and the cross table of each row bot's share against each column.

        >>> import piquet as pq
        >>> print(pq.tournament(["greedy", "random"], games=2, seed=1).summary())
        ... # doctest: +ELLIPSIS
        round robin of 2 bots, rubicon, 2 games a pair (duplicate), seed 1
        ...
        """
        mode = "duplicate" if self.duplicate else "seats alternate"
        played = sum(len(m.games) for m in self.matches)
        planned = sum(m.planned for m in self.matches)
        count = f"{self.games} games a pair" + (
            f", {played} of {planned} played" if played < planned else ""
        )
        width = max(8, *(len(name) for name in self.bots))
        lines = [
            f"round robin of {len(self.bots)} bots, {self.ruleset}, {count} ({mode}), "
            f"seed {self.seed}",
            "",
            f"  {'bot':<{width}}  {'elo':>6}  {'95% interval':>15}  {'score':>6}",
        ]
        for rating in self.ratings:
            interval = f"{rating.low:+.0f} to {rating.high:+.0f}"
            lines.append(
                f"  {rating.name:<{width}}  {rating.elo:>+6.0f}  {interval:>15}  "
                f"{100 * rating.score:>5.1f}%"
            )
        order = [rating.name for rating in self.ratings]
        lines += ["", "  " + " " * width + "".join(f"  {name:>{width}}" for name in order)]
        for row in order:
            cells = []
            for column in order:
                if row == column:
                    cells.append(f"  {'':>{width}}")
                    continue
                rate = self.match_of(row, column).win_rate
                text = "-" if math.isnan(rate) else f"{100 * rate:.1f}%"
                cells.append(f"  {text:>{width}}")
            lines.append(f"  {row:<{width}}" + "".join(cells))
        return "\n".join(line.rstrip() for line in lines)

    def to_lines(self) -> Iterator[str]:
        """Every game of every match as JSON lines (see :meth:`MatchResult.to_lines`)."""
        for played in self.matches:
            yield from played.to_lines()

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_lines` to ``path``."""
        with open(path, "w", encoding="utf-8") as out:
            for line in self.to_lines():
                out.write(line + "\n")

    def plot(self, path: str | Path) -> None:
        """Draw the ratings with their intervals (needs matplotlib: the ``plot`` extra)."""
        from ._plot import plot_tournament

        plot_tournament(self, path)


def tournament(
    bots: Sequence[BotSpec],
    *,
    ruleset: Ruleset = RUBICON,
    games: int = 100,
    seed: int = 0,
    duplicate: bool = True,
    executor: Executor | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    batch: int | None = None,
) -> TournamentResult:
    """A round robin: each pair of ``bots`` plays a match of ``games`` games, as
    :func:`piquet.match` plays it, all on the same executor. The match between the i-th
    and j-th bots (i < j, the i-th as bot *a*) is seeded from ``seed``, i and j.

    A KeyboardInterrupt stops it with :class:`~piquet.play.match.MatchInterrupted`,
    whose ``partial`` is the tournament so far.

    >>> import piquet as pq
    >>> pq.tournament(["greedy"], games=2)
    Traceback (most recent call last):
    ...
    piquet.play.match.MatchError: bots: a tournament needs at least two bots (got 1)
    """
    if len(bots) < 2:
        raise MatchError(f"bots: a tournament needs at least two bots (got {len(bots)})")
    for number, bot in enumerate(bots, 1):
        check_bot(bot, f"bot {number}")
    labels = tuple(bot_label(bot) for bot in bots)
    if len(set(labels)) != len(labels):
        raise MatchError(f"bots: each bot must have its own name (got {', '.join(labels)})")
    check_run(games, duplicate, jobs, executor)
    size = default_batch(games) if batch is None else batch
    if size < 1:
        raise MatchError(f"batch: must be at least 1 (got {size})")
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    seeds = [derive_seed(seed, "pair", i, j) for i, j in pairs]
    work = [
        _Job(key, ruleset, bots[i], bots[j], seeds[key], duplicate, chunk)
        for key, (i, j) in enumerate(pairs)
        for chunk in _batches(range(games), size)
    ]

    def result_of(finished: dict[int, list[GameRecord]]) -> TournamentResult:
        return TournamentResult(
            bots=labels,
            ruleset=ruleset.name,
            seed=seed,
            games=games,
            duplicate=duplicate,
            matches=tuple(
                MatchResult(
                    a=labels[i],
                    b=labels[j],
                    ruleset=ruleset.name,
                    seed=seeds[key],
                    duplicate=duplicate,
                    planned=games,
                    games=tuple(finished[key]),
                )
                for key, (i, j) in enumerate(pairs)
            ),
        )

    try:
        finished = run_jobs(work, executor=executor, workers=jobs, progress=progress)
    except _Interrupted as stop:
        raise MatchInterrupted(result_of(stop.finished)) from None
    return result_of(finished)
