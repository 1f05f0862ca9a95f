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

import json
import math
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from ..cards import excerpt
from ..rules import RUBICON, Ruleset
from ._summary import Summary, SummaryTable
from .arguments import check_bot, check_run, check_seed_and_batch, progress_of
from .games import BotSpec, GameRecord, MatchError, bot_label, derive_seed
from .jobs import JobsInterrupted, MatchJob, Progress, batch_count, game_batches, run_jobs
from .match import MatchInterrupted, MatchResult

__all__ = ["Rating", "TournamentResult", "bradley_terry", "invert_matrix", "tournament"]

#: Elo points per unit of Bradley–Terry log-strength: a 400-point gap is odds of 10 to 1.
ELO_PER_NATURAL_LOG = 400 / math.log(10)

#: The most bots a round robin takes (half a million matches).
MAX_BOTS = 1000

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


def invert_matrix(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small square matrix, by Gauss–Jordan elimination with partial
    pivoting (pure Python; the matrices here are one row a bot).

    A matrix singular to working precision, whose best pivot is below ``1e-12`` of its
    largest entry, raises :class:`ZeroDivisionError` rather than giving an inverse of
    enormous, meaningless numbers.

    >>> [[round(value, 12) for value in row] for row in invert_matrix([[4.0, 7.0], [2.0, 6.0]])]
    [[0.6, -0.7], [-0.2, 0.4]]
    """
    size = len(matrix)
    if any(len(row) != size for row in matrix):
        raise ValueError(f"invert_matrix: a square matrix, not {size} rows of other lengths")
    scale = max((abs(value) for row in matrix for value in row), default=0.0)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) <= 1e-12 * scale:
            raise ZeroDivisionError("invert_matrix: the matrix is singular")
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

    Returns the log-strengths (mean 0) and their standard errors, NaN for a bot that
    played no game, infinite for all when groups of bots never met (no common scale).
    The errors are the large-sample ones of maximum likelihood: the square roots of the
    diagonal of the pseudo-inverse of the Fisher information (singular along the
    direction the mean-0 constraint removes), so a rating's 95% interval is
    ``theta ± 1.96 · error``, a normal (Wald) interval, as is usual for Bradley–Terry and
    Elo ratings. ``prior`` adds that many drawn games to every pair that played, so
    that a clean sweep gives a large but finite rating. A draw counts as half a win to
    each side.

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
    active = [i for i in range(size) if any(played[i])]
    if any(not wins[i] for i in active):
        raise MatchError("bradley_terry: a bot that scored nothing has no finite rating; prior > 0")
    strength = dict.fromkeys(active, 1.0)
    for _ in range(10_000):  # the MM iteration of Hunter (2004): each step raises the likelihood
        new = {
            i: wins[i]
            / sum(played[i][j] / (strength[i] + strength[j]) for j in active if played[i][j])
            for i in active
        }
        centre = math.exp(math.fsum(math.log(v) for v in new.values()) / len(active))
        change = max(abs(math.log(new[i] / centre / strength[i])) for i in active)
        strength = {i: v / centre for i, v in new.items()}
        if change < 1e-12:
            break
    theta = [math.log(strength[i]) if i in strength else math.nan for i in range(size)]
    count = len(active)
    information = [[0.0] * count for _ in range(count)]
    for row, i in enumerate(active):
        for column, j in enumerate(active):
            if i != j and played[i][j]:
                weight = played[i][j] * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
                information[row][column] -= weight
                information[row][row] += weight
    # the information is singular along (1, ..., 1), the direction the mean-0 constraint
    # removes: its pseudo-inverse is inv(I + J/n) - J/n
    shifted = [[value + 1 / count for value in row] for row in information]
    errors = [math.nan] * size
    try:
        inverse = invert_matrix(shifted)
        for row, i in enumerate(active):
            errors[i] = math.sqrt(max(0.0, inverse[row][row] - 1 / count))
    except ZeroDivisionError:  # groups of bots that never met: no common scale
        for i in active:
            errors[i] = math.inf
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
        return tuple(sorted(ratings, key=lambda r: (math.isnan(r.elo), -r.elo)))

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

    def forfeits(self) -> dict[str, int]:
        """Per bot, how many games it lost by forfeit (see
        :attr:`~piquet.matches.games.GameRecord.forfeit`); the summary's table shows
        them when there are any."""
        lost = dict.fromkeys(self.bots, 0)
        for played in self.matches:
            for game in played.games:
                if game.forfeit is not None:
                    lost[played.a if game.forfeit[0] == "a" else played.b] += 1
        return lost

    def summary(self) -> str:
        """The ratings, and the cross table of each row bot's share against each column.

        >>> import piquet as pq
        >>> print(pq.tournament(["greedy", "random"], games=2, seed=1).summary())
        ... # doctest: +ELLIPSIS
        round robin of 2 bots, rubicon, 2 games a pair (duplicate), seed 1
        ...
        """
        return self.summary_tables().plain()

    def summary_tables(self) -> Summary:
        """What :meth:`summary` prints, as data: its title and its two tables' cells (the
        command line lays them out with rich when the ``cli`` extra is installed)."""
        mode = "duplicate" if self.duplicate else "seats alternate"
        played = sum(len(m.games) for m in self.matches)
        planned = sum(m.planned for m in self.matches)
        count = f"{self.games} games a pair" + (
            f", {played} of {planned} played" if played < planned else ""
        )
        width = max(8, *(len(name) for name in self.bots))
        title = (
            f"round robin of {len(self.bots)} bots, {self.ruleset}, {count} ({mode}), "
            f"seed {self.seed}"
        )
        forfeits = self.forfeits()
        extra = ("forfeits",) if any(forfeits.values()) else ()
        ratings = SummaryTable(
            ("bot", "elo", "95% interval", "score", *extra),
            tuple(
                (
                    rating.name,
                    f"{rating.elo:+.0f}",
                    f"{rating.low:+.0f} to {rating.high:+.0f}",
                    f"{100 * rating.score:.1f}%",
                    *(str(forfeits[rating.name]) for _ in extra),
                )
                for rating in self.ratings
            ),
            widths=(width, 6, 15, 6, *(8 for _ in extra)),
            gaps=("  ",) * (3 + len(extra)),
        )
        order = [rating.name for rating in self.ratings]
        rows = []
        for row in order:
            cells = [row]
            for column in order:
                rate = math.nan if row == column else self.match_of(row, column).win_rate
                cells.append("" if row == column else _share(rate))
            rows.append(tuple(cells))
        cross = SummaryTable(
            ("", *order),
            tuple(rows),
            widths=(width,) * (len(order) + 1),
            gaps=("  ",) * len(order),
        )
        return Summary((title,), (ratings, cross))

    def to_lines(self) -> Iterator[str]:
        """Every game of every match as JSON lines (see :meth:`MatchResult.to_lines`),
        each line also naming its ``tournament``: the bots, the seed, the games a pair."""
        context = {"bots": list(self.bots), "seed": self.seed, "games": self.games}
        for played in self.matches:
            yield from played.to_lines(tournament=context)

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> TournamentResult:
        """Read a tournament from :meth:`to_lines`.

        >>> import piquet as pq
        >>> played = pq.tournament(["greedy", "random"], games=2, seed=1)
        >>> TournamentResult.from_lines(played.to_lines()) == played
        True
        """
        groups: dict[tuple[str, str], list[str]] = {}
        context: Any = None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                here = data["tournament"]
                pair = (str(data["a"]), str(data["b"]))
            except (json.JSONDecodeError, KeyError, TypeError) as error:
                raise MatchError(f"line {number}: not a tournament's game: {error}") from None
            if context is None:
                context = here
            elif here != context:
                raise MatchError(f"line {number}: a game of another tournament")
            groups.setdefault(pair, []).append(line)
        if context is None:
            raise MatchError("no games to read")
        matches = tuple(MatchResult.from_lines(group) for group in groups.values())
        try:
            bots = tuple(str(name) for name in context["bots"])
            return cls(
                bots=bots,
                ruleset=matches[0].ruleset,
                seed=int(context["seed"]),
                games=int(context["games"]),
                duplicate=matches[0].duplicate,
                matches=matches,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise MatchError(f"not a tournament: {error}") from None

    @classmethod
    def load(cls, path: str | Path) -> TournamentResult:
        """Read a tournament saved by :meth:`save`."""
        with open(path, encoding="utf-8") as lines:
            return cls.from_lines(lines)

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
    progress: Progress | bool | None = None,
    batch: int | None = None,
) -> TournamentResult:
    """A round robin: each pair of ``bots`` plays a match of ``games`` games, as
    :func:`piquet.match` plays it, all on the same executor (or pool: ``jobs`` is
    capped as there, by the batches of games and the CPUs, :func:`os.cpu_count`). The
    match between the i-th and j-th bots (i < j, the i-th as bot *a*) is seeded from
    ``seed``, i and j. The work is made as it is played, pair after pair, so any count
    of games starts at once.

    A KeyboardInterrupt stops it with :class:`~piquet.matches.match.MatchInterrupted`,
    whose ``partial`` is the tournament so far.

    >>> import piquet as pq
    >>> pq.tournament(["greedy"], games=2)
    Traceback (most recent call last):
    ...
    piquet.matches.games.MatchError: bots: a tournament needs 2 to 1,000 bots (got 1)
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise MatchError(f"bots: a list of bots, not {type(bots).__name__}")
    if not 2 <= len(bots) <= MAX_BOTS:
        raise MatchError(f"bots: a tournament needs 2 to {MAX_BOTS:,} bots (got {len(bots):,})")
    for number, bot in enumerate(bots, 1):
        check_bot(bot, f"bot {number}")
    labels = tuple(bot_label(bot) for bot in bots)
    if len(set(labels)) != len(labels):
        twice = sorted({label for label in labels if labels.count(label) > 1})
        raise MatchError(f"bots: each bot must have its own name ({excerpt(twice[0])} twice)")
    check_run(games, duplicate, jobs, executor)
    if not isinstance(ruleset, Ruleset):
        raise MatchError(f"ruleset: expected a Ruleset, got {type(ruleset).__name__}")
    games = int(games)
    seed, size = check_seed_and_batch(seed, batch, games)
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    seeds = [derive_seed(seed, "pair", i, j) for i, j in pairs]
    work = (
        MatchJob(key, ruleset, bots[i], bots[j], seeds[key], duplicate, chunk)
        for key, (i, j) in enumerate(pairs)
        for chunk in game_batches(games, size)
    )

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
        finished = run_jobs(
            work,
            keys=range(len(pairs)),
            total=games * len(pairs),
            units=batch_count(games, size) * len(pairs),
            executor=executor,
            workers=int(jobs),
            progress=progress_of(progress),
        )
    except JobsInterrupted as stop:
        raise MatchInterrupted(result_of(stop.finished)) from None
    return result_of(finished)


def _share(rate: float) -> str:
    return "-" if math.isnan(rate) else f"{100 * rate:.1f}%"
