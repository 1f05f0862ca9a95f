"""Matches between two bots: seats swapped, deals duplicated, intervals given.

A match plays ``games`` games between bot *a* and bot *b*. Seats alternate, so each bot
is the first elder in half the games. With ``duplicate=True`` (the default) the games
go in pairs that share every deal: in the second game of a pair the bots exchange seats,
so each bot holds, in turn, exactly the cards its opponent held. Luck of the cards then
cancels within the pair, and the interval on the result narrows (see :doc:`/matches`).

Every game's chance comes from a seed derived from the match seed and the game's number
alone, and each bot is made afresh for each game with its own derived seed, so a match
gives the same games whatever runs it: one process, a process pool, or a Dask cluster.
Work is sent to an executor as bot names and seeds, never as states.

>>> import piquet as pq
>>> result = pq.match("greedy", "random", games=4, seed=1)
>>> result.score
(4, 0, 0)
>>> [game.a_seat for game in result.games]
[<Player.A: 0>, <Player.B: 1>, <Player.A: 0>, <Player.B: 1>]
>>> result.games[0].seed == result.games[1].seed  # a duplicate pair shares its deals
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from ..cards import excerpt
from ..engine import Result
from ..rules import RUBICON, Ruleset
from ._summary import Summary, SummaryTable
from .arguments import check_bot, check_run, check_seed_and_batch, progress_of
from .games import (
    HIGHLIGHTS,
    BotSpec,
    GameRecord,
    MatchError,
    bot_label,
    forfeit_points,
    parse_bot,
)
from .intervals import mean_interval, wilson_interval
from .jobs import (
    JobsInterrupted,
    MatchJob,
    Progress,
    batch_count,
    game_batches,
    run_jobs,
)

__all__ = [
    "HIGHLIGHTS",
    "GameRecord",
    "MatchError",
    "MatchInterrupted",
    "MatchResult",
    "forfeit_points",
    "match",
    "mean_interval",
    "parse_bot",
    "wilson_interval",
]

# ----------------------------------------------------------------- the result


@attrs.frozen
class MatchResult:
    """The games of a match and what they show.

    ``games`` are in the order of their numbers. A match stopped early
    (:class:`MatchInterrupted`) holds the games it finished: ``len(games) < planned``.
    """

    a: str
    """Bot *a*'s name."""
    b: str
    """Bot *b*'s name."""
    ruleset: str
    """The ruleset's name."""
    seed: int
    duplicate: bool
    planned: int
    """The number of games asked for."""
    games: tuple[GameRecord, ...]

    # ------------------------------------------------------------ outcome

    @property
    def score(self) -> tuple[int, int, int]:
        """``(wins of a, wins of b, draws)``."""
        winners = [game.winner for game in self.games]
        return winners.count("a"), winners.count("b"), winners.count(None)

    @property
    def win_rate(self) -> float:
        """Bot *a*'s share of the games, a draw counting half (NaN with no games)."""
        if not self.games:
            return math.nan
        a_wins, _, draws = self.score
        return (a_wins + draws / 2) / len(self.games)

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson score 95% interval of :attr:`win_rate` (:func:`wilson_interval`).

        It treats games as independent; in duplicate play the two games of a pair are
        negatively correlated, so this interval is then on the safe (wide) side.
        """
        a_wins, _, draws = self.score
        return wilson_interval(a_wins + draws / 2, len(self.games))

    def _units(self, value: Callable[[GameRecord], float]) -> list[float]:
        """Independent units: a duplicate pair's mean, or a single game."""
        if not self.duplicate:
            return [value(game) for game in self.games]
        pairs: dict[int, list[float]] = {}
        for game in self.games:
            pairs.setdefault(game.number // 2, []).append(value(game))
        return [math.fsum(v) / len(v) for v in pairs.values()]

    @property
    def mean_points(self) -> float:
        """What bot *a* won per game on average (negative: it lost)."""
        return mean_interval([game.a_points for game in self.games])[0]

    @property
    def points_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean_points`, from independent units (duplicate
        pairs in duplicate play, single games otherwise): Student's t with one degree
        of freedom fewer than the units (:func:`mean_interval`). NaN with fewer than
        two units."""
        _, low, high = mean_interval(self._units(lambda game: game.a_points))
        return low, high

    @property
    def score_interval(self) -> tuple[float, float]:
        """A Student's t 95% interval of :attr:`win_rate` over independent units (pairs
        in duplicate play; :func:`mean_interval`), the interval that shows what
        duplicate play gains. NaN with fewer than two units."""
        _, low, high = mean_interval(self._units(lambda game: game.a_score))
        return low, high

    # ------------------------------------------------------------ details

    @property
    def deals(self) -> int:
        """Deals played in all."""
        return sum(game.deals for game in self.games)

    def rates(self) -> dict[str, tuple[float, float]]:
        """Per bot ``(a, b)``: the share of deals in which it scored a pique, a repique,
        a capot, a carte blanche; and ``"rubiconed loser"``, the share of games whose
        loser was that bot and ended under the rubicon.

        >>> import piquet as pq
        >>> sorted(pq.match("greedy", "random", games=2, seed=3).rates())
        ['capot', 'carte blanche', 'pique', 'repique', 'rubiconed loser']
        """
        deals = self.deals or 1
        games = len(self.games) or 1
        out: dict[str, tuple[float, float]] = {}
        for i, reason in enumerate(HIGHLIGHTS):
            out[str(reason)] = (
                sum(game.highlights[0][i] for game in self.games) / deals,
                sum(game.highlights[1][i] for game in self.games) / deals,
            )
        out["rubiconed loser"] = (
            sum(1 for g in self.games if g.rubiconed and g.winner == "b") / games,
            sum(1 for g in self.games if g.rubiconed and g.winner == "a") / games,
        )
        return out

    @property
    def seconds_per_decision(self) -> tuple[float, float]:
        """Per bot, the mean time it took to choose an action, in seconds."""
        out = []
        for i in (0, 1):
            count = sum(game.decisions[i] for game in self.games)
            spent = math.fsum(game.seconds[i] for game in self.games)
            out.append(spent / count if count else math.nan)
        return out[0], out[1]

    @property
    def records(self) -> tuple[str, ...]:
        """Every game as a game record (:func:`piquet.dumps` text), in order."""
        return tuple(game.record for game in self.games)

    @property
    def interrupted(self) -> bool:
        """True when the match stopped before all its games were played."""
        return len(self.games) < self.planned

    def outcomes(self) -> tuple[tuple[int, int, Result, int], ...]:
        """What must not depend on how the match was run: per game its number, chance
        seed, result and a's seat. Thinking times naturally differ between runs."""
        return tuple((g.number, g.seed, g.result, int(g.a_seat)) for g in self.games)

    def summary(self) -> str:
        """A readable table of the match.

        >>> import piquet as pq
        >>> print(pq.match("greedy", "random", games=2, seed=3).summary())  # doctest: +ELLIPSIS
        greedy v random, rubicon, 2 games (duplicate), seed 3
        ...
        """
        return self.summary_tables().plain()

    def summary_tables(self) -> Summary:
        """What :meth:`summary` prints, as data: its lines and its table's cells (the
        command line lays them out with rich when the ``cli`` extra is installed)."""
        a_wins, b_wins, draws = self.score
        games = len(self.games)
        played = f"{games} games" if not self.interrupted else f"{games} of {self.planned} games"
        mode = "duplicate" if self.duplicate else "seats alternate"
        width = max(len(self.a), len(self.b), 8)
        low, high = self.win_interval
        p_low, p_high = self.points_interval
        lines = (
            f"{self.a} v {self.b}, {self.ruleset}, {played} ({mode}), seed {self.seed}",
            f"  score          {a_wins} - {b_wins}, {draws} drawn",
            *_forfeits(self.games),
            f"  {self.a} wins      {_pct(self.win_rate)}  (95%: {_pct(low)} to {_pct(high)})",
            f"  points/game    {_num(self.mean_points)}  ({self._points_text(p_low, p_high)})",
        )
        rows = []
        for name, (rate_a, rate_b) in self.rates().items():
            label = name if name != "rubiconed loser" else "rubiconed (game)"
            rows.append((label, _pct(rate_a), _pct(rate_b)))
        ms_a, ms_b = (s * 1000 for s in self.seconds_per_decision)
        rows.append(("ms per decision", f"{ms_a:.3f}", f"{ms_b:.3f}"))
        table = SummaryTable(
            ("per deal", self.a, self.b), tuple(rows), widths=(16, width, width), gaps=("", "  ")
        )
        return Summary(lines, (table,))

    def _points_text(self, low: float, high: float) -> str:
        """The points interval as the summary prints it, or why there is none."""
        if math.isnan(low):
            return f"95%: needs 2 or more {'pairs' if self.duplicate else 'games'}"
        return f"95%: {_num(low)} to {_num(high)}"

    # ------------------------------------------------------------ saving

    def to_lines(self, **extra: Any) -> Iterator[str]:
        """The match as JSON lines: one game per line, each with the match's context
        (bot names, ruleset, seed, duplicate, planned, and ``extra``) and the game record
        in ``record``."""
        context = {
            **extra,
            "a": self.a,
            "b": self.b,
            "ruleset": self.ruleset,
            "match_seed": self.seed,
            "duplicate": self.duplicate,
            "planned": self.planned,
        }
        for game in self.games:
            yield json.dumps(game.to_json(**context), separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_lines` to ``path``."""
        with open(path, "w", encoding="utf-8") as out:
            for line in self.to_lines():
                out.write(line + "\n")

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> MatchResult:
        """Read a match from :meth:`to_lines`; blank lines are skipped.

        >>> import piquet as pq
        >>> played = pq.match("greedy", "random", games=2, seed=3)
        >>> MatchResult.from_lines(played.to_lines()).outcomes() == played.outcomes()
        True
        """
        games: list[GameRecord] = []
        context: dict[str, Any] | None = None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as error:
                raise MatchError(f"line {number}: not JSON: {error}") from None
            if not isinstance(data, dict):
                raise MatchError(f"line {number}: expected a JSON object")
            try:
                here = {
                    key: data[key]
                    for key in ("a", "b", "ruleset", "match_seed", "duplicate", "planned")
                }
            except KeyError as error:
                raise MatchError(f"line {number}: missing field {error}") from None
            if context is None:
                context = here
            elif here != context:
                raise MatchError(f"line {number}: a game of another match ({here})")
            try:
                games.append(GameRecord.from_json(data))
            except MatchError as error:
                raise MatchError(f"line {number}: {error}") from None
        if context is None:
            raise MatchError("no games to read")
        return cls(
            a=str(context["a"]),
            b=str(context["b"]),
            ruleset=str(context["ruleset"]),
            seed=int(context["match_seed"]),
            duplicate=bool(context["duplicate"]),
            planned=int(context["planned"]),
            games=tuple(sorted(games, key=lambda g: g.number)),
        )

    @classmethod
    def load(cls, path: str | Path) -> MatchResult:
        """Read a match saved by :meth:`save`."""
        with open(path, encoding="utf-8") as lines:
            return cls.from_lines(lines)

    def plot(self, path: str | Path) -> None:
        """Draw the distribution of what *a* won per game (needs matplotlib: the ``plot``
        extra)."""
        from ._plot import plot_match

        plot_match(self, path)


def _forfeits(games: Sequence[GameRecord]) -> list[str]:
    """The summary's line of games lost by forfeit, when there are any."""
    lost = [sum(g.forfeit is not None and g.forfeit[0] == bot for g in games) for bot in "ab"]
    return [f"  forfeits       {lost[0]} - {lost[1]}"] if any(lost) else []


def _pct(value: float) -> str:
    return "-" if math.isnan(value) else f"{100 * value:.1f}%"


def _num(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:+.1f}"


class MatchInterrupted(KeyboardInterrupt):
    """A match or tournament stopped by KeyboardInterrupt; ``partial`` (a
    :class:`MatchResult` or a :class:`~piquet.matches.tournament.TournamentResult`) holds the
    games it finished.

    A KeyboardInterrupt still: code that does not catch it stops as before.
    """

    def __init__(self, partial: Any) -> None:
        super().__init__("interrupted: partial holds the games finished")
        self.partial = partial


# ----------------------------------------------------------------- the entry point


def match(
    bot_a: BotSpec,
    bot_b: BotSpec,
    *,
    ruleset: Ruleset = RUBICON,
    games: int = 100,
    seed: int = 0,
    duplicate: bool = True,
    executor: Executor | None = None,
    jobs: int = 1,
    progress: Progress | bool | None = None,
    batch: int | None = None,
) -> MatchResult:
    """Play ``games`` games of ``ruleset`` between two bots and measure them.

    Bots are names :func:`piquet.bots.make` knows, with options if any as
    ``"name:key=value,..."`` (see :func:`parse_bot`; each game gets a fresh bot, seeded
    from ``seed`` and the game's number), or bot objects (used as they are: the results
    are then reproducible only when run serially, and an executor needs them picklable).

    The games run one after the other, or on ``executor`` (any
    :class:`concurrent.futures.Executor`, e.g. a Dask client's ``get_executor()``), or,
    with ``jobs > 1`` and no executor, on a pool of up to ``jobs`` processes: no more
    than the batches of games nor than the CPUs (:func:`os.cpu_count`, see
    :func:`~piquet.matches.jobs.worker_count`), so an absurd ``jobs`` is capped, not
    obeyed (``jobs`` is ignored when an executor is given). The work is made as it is
    played, a few batches per worker in flight (at most
    :data:`~piquet.matches.jobs.IN_FLIGHT_ON_EXECUTOR` on an executor given), so any
    count of games starts at once. Whatever runs them, the same seed gives the same
    games. ``progress=True`` shows a plain progress line on standard
    error (False or None: none); a callable ``progress(finished, planned)`` is called
    at the start, then after each game when run serially, after each batch of ``batch``
    games otherwise.
    A KeyboardInterrupt, from the keyboard or from ``progress``, stops the match: it
    raises :class:`MatchInterrupted`, whose ``partial`` holds the games finished.

    >>> import piquet as pq
    >>> result = pq.match("greedy", "greedy", games=2, seed=3)
    >>> result.score[0] + result.score[1] + result.score[2]
    2
    >>> pq.match("greedy", "nobody", games=2)
    Traceback (most recent call last):
    ...
    piquet.matches.games.MatchError: bot b: unknown bot 'nobody'; known bots: ...
    """
    check_bot(bot_a, "bot a")
    check_bot(bot_b, "bot b")
    check_run(games, duplicate, jobs, executor)
    progress = progress_of(progress)
    if not isinstance(ruleset, Ruleset):
        raise MatchError(f"ruleset: expected a Ruleset, got {excerpt(ruleset)}")
    games = int(games)
    seed, size = check_seed_and_batch(seed, batch, games)
    work = (
        MatchJob(0, ruleset, bot_a, bot_b, seed, duplicate, chunk)
        for chunk in game_batches(games, size)
    )

    def result_of(played: list[GameRecord]) -> MatchResult:
        return MatchResult(
            a=bot_label(bot_a),
            b=bot_label(bot_b),
            ruleset=ruleset.name,
            seed=seed,
            duplicate=duplicate,
            planned=games,
            games=tuple(played),
        )

    try:
        finished = run_jobs(
            work,
            keys=[0],
            total=games,
            units=batch_count(games, size),
            executor=executor,
            workers=int(jobs),
            progress=progress,
        )
    except JobsInterrupted as stop:
        raise MatchInterrupted(result_of(stop.finished[0])) from None
    return result_of(finished[0])
