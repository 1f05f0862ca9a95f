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

import ast
import hashlib
import itertools
import json
import math
import numbers
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any, TypeAlias, TypeGuard

import attrs

from ..bots import Bot, Forfeit, make, names
from ..engine import IllegalActionError, Result, State, new_game
from ..records import dumps
from ..rules import RUBICON, Ruleset
from ..words import CHANCE, Player, Reason
from ._summary import Summary, SummaryTable
from .intervals import Z95, t_quantile

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

#: A bot in a match: a name :func:`piquet.bots.make` knows, or a bot object.
BotSpec: TypeAlias = "str | Bot"

#: A progress callback: ``progress(games_finished, games_planned)``, after each game.
Progress: TypeAlias = Callable[[int, int], None]

#: The notable scores a match counts, per bot and per deal.
HIGHLIGHTS: tuple[Reason, ...] = (
    Reason.PIQUE,
    Reason.REPIQUE,
    Reason.CAPOT,
    Reason.CARTE_BLANCHE,
)


class MatchError(ValueError):
    """Bad arguments to :func:`match` or :func:`~piquet.tournament.tournament`, or a bad
    saved match."""


# ----------------------------------------------------------------- statistics


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays within [0, 1] and does not
    collapse to a point when every trial succeeds.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise MatchError(
            f"wilson_interval: need 0 <= successes <= trials (got {successes}, {trials})"
        )
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``values`` and its Student's t interval: ``(mean, low, high)``.

    The values are taken as independent draws (in a match: duplicate pairs, or games in
    plain play), and the interval is ``mean ± t · s / sqrt(n)``, with ``s`` the sample
    standard deviation and ``t`` the ``(1 + confidence) / 2`` quantile of Student's t with
    ``n - 1`` degrees of freedom (:func:`~piquet.matches.intervals.t_quantile`): from few
    units it is as wide as it should be, where the normal ``z = 1.96`` is not (from two
    units, ``t = 12.706``). With fewer than two values the interval is unknown (NaN).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, -0.484, 4.484]
    """
    if not 0 < confidence < 1:
        raise MatchError(f"mean_interval: confidence must be between 0 and 1 (got {confidence!r})")
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile((1 + confidence) / 2, n - 1) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


# ----------------------------------------------------------------- one game


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts (a match seed, a game number, a role), stable across
    processes, machines and Python versions (unlike :func:`hash`).

    >>> derive_seed(7, "deals", 0) == derive_seed(7, "deals", 0) != derive_seed(7, "deals", 1)
    True
    """
    text = "\x1f".join(repr(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@attrs.frozen
class GameRecord:
    """One finished game of a match, as the bots saw it: who sat where, who won, the
    notable scores and the thinking time of each bot, and the game record itself.

    Pairs are ``(a, b)``: indexed by bot, not by seat.
    """

    number: int
    """The game's number in its match, from 0."""
    seed: int
    """The seed of the game's chance (every deal); the two games of a duplicate pair share it."""
    a_seat: Player
    """The seat bot *a* played; bot *b* had the other."""
    result: Result
    """The result, by seat."""
    deals: int
    """How many deals the game took."""
    highlights: tuple[tuple[int, ...], tuple[int, ...]]
    """Per bot, how many deals it scored each of :data:`HIGHLIGHTS` in."""
    rubiconed: bool
    """True when the loser ended under the rubicon (rulesets with a rubicon only)."""
    decisions: tuple[int, int]
    """Per bot, how many actions it chose."""
    seconds: tuple[float, float]
    """Per bot, the time it spent choosing, in seconds."""
    record: str = attrs.field(repr=False)
    """The game record, :func:`piquet.dumps` text: :func:`piquet.loads` replays it."""
    forfeit: tuple[str, str, str] | None = None
    """``(bot, kind, reason)`` when bot ``"a"`` or ``"b"`` forfeited the game (see
    :class:`piquet.bots.Forfeit`): it lost, as heavily as the rules allow
    (:func:`forfeit_points`), and ``record`` ends where it failed."""
    stderr: tuple[str, str] = ("", "")
    """Per bot, what its program wrote on standard error during this game (its last
    lines; bots that are programs, :func:`piquet.bots.external`), else ``""``."""

    @property
    def winner(self) -> str | None:
        """``"a"`` or ``"b"``, the bot that won, or None for a draw."""
        if self.result.winner is None:
            return None
        return "a" if self.result.winner is self.a_seat else "b"

    @property
    def a_points(self) -> int:
        """What bot *a* won (positive) or lost (negative) in this game."""
        if self.result.winner is None:
            return 0
        return self.result.points if self.result.winner is self.a_seat else -self.result.points

    @property
    def a_score(self) -> float:
        """1 when *a* won, 0 when it lost, ½ for a draw."""
        return {"a": 1.0, "b": 0.0, None: 0.5}[self.winner]

    def to_json(self, **context: Any) -> dict[str, Any]:
        """This game as one JSON object; ``context`` (bot names ``a`` and ``b``, match
        seed...) is added. ``seats`` maps each seat to its bot's name, ``record`` is the
        game record."""
        names = (context.get("a", "a"), context.get("b", "b"))
        seats = {self.a_seat.name: names[0], self.a_seat.other.name: names[1]}
        result = self.result
        return {
            **context,
            "game": self.number,
            "seed": self.seed,
            "seats": seats,
            "a_seat": self.a_seat.name,
            "result": {
                "winner": None if result.winner is None else result.winner.name,
                "scores": list(result.scores),
                "points": result.points,
            },
            "deals": self.deals,
            "highlights": {
                str(reason): [self.highlights[0][i], self.highlights[1][i]]
                for i, reason in enumerate(HIGHLIGHTS)
            },
            "rubiconed": self.rubiconed,
            "decisions": list(self.decisions),
            "seconds": list(self.seconds),
            "record": self.record,
            **(
                {}
                if self.forfeit is None
                else {"forfeit": dict(zip(_FORFEIT, self.forfeit, strict=True))}
            ),
            **({} if not any(self.stderr) else {"stderr": list(self.stderr)}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read what :meth:`to_json` wrote; raises :class:`MatchError` saying what is wrong."""
        try:
            a_seat = Player[data["a_seat"]]
            result = data["result"]
            winner = None if result["winner"] is None else Player[result["winner"]]
            highlights = data["highlights"]
            return cls(
                number=int(data["game"]),
                seed=int(data["seed"]),
                a_seat=a_seat,
                result=Result(
                    winner,
                    (int(result["scores"][0]), int(result["scores"][1])),
                    int(result["points"]),
                ),
                deals=int(data["deals"]),
                highlights=(
                    tuple(int(highlights[str(r)][0]) for r in HIGHLIGHTS),
                    tuple(int(highlights[str(r)][1]) for r in HIGHLIGHTS),
                ),
                rubiconed=bool(data["rubiconed"]),
                decisions=(int(data["decisions"][0]), int(data["decisions"][1])),
                seconds=(float(data["seconds"][0]), float(data["seconds"][1])),
                record=str(data["record"]),
                forfeit=None
                if data.get("forfeit") is None
                else tuple(str(data["forfeit"][key]) for key in _FORFEIT),  # type: ignore[arg-type]
                stderr=(str(data["stderr"][0]), str(data["stderr"][1]))
                if "stderr" in data
                else ("", ""),
            )
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise MatchError(f"not a saved game: {type(error).__name__}: {error}") from None


_FORFEIT = ("by", "kind", "reason")


def parse_bot(text: str) -> tuple[str, dict[str, Any]]:
    """A bot's name and options from ``"name"`` or ``"name:key=value,key=value"``.

    Values are Python literals (numbers, strings, True/False/None); anything else is
    taken as a string. The whole text is the bot's name in tables, so one bot with
    different options can meet itself.

    >>> parse_bot("pimc:samples=50,greedy=True,policy=fast")
    ('pimc', {'samples': 50, 'greedy': True, 'policy': 'fast'})
    >>> parse_bot("random")
    ('random', {})
    >>> parse_bot("pimc:samples")
    Traceback (most recent call last):
    ...
    piquet.matches.match.MatchError: bot 'pimc:samples': options are key=value, got 'samples'
    >>> parse_bot("exec:./mybot --level 3")  # a program speaking the piquet protocol
    ('exec', {'command': './mybot --level 3'})
    """
    if text.strip()[:5].lower() == "exec:":
        return "exec", {"command": text.strip()[5:].strip()}
    name, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip().isidentifier():
            raise MatchError(f"bot {_short(text)}: options are key=value, got {_short(item)}")
        try:
            options[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            options[key.strip()] = value.strip()
    return name.strip().lower(), options


def _bot_for(spec: BotSpec, seed: int) -> Bot:
    if not isinstance(spec, str):
        return spec
    name, options = parse_bot(spec)
    return make(name, seed=seed, **options)


def play_one(
    ruleset: Ruleset,
    bot_a: BotSpec,
    bot_b: BotSpec,
    match_seed: int,
    number: int,
    duplicate: bool,
) -> GameRecord:
    """Play game ``number`` of a match: everything about it follows from these arguments.

    >>> import piquet as pq
    >>> first = play_one(pq.RUBICON, "greedy", "random", 5, 0, True)
    >>> again = play_one(pq.RUBICON, "greedy", "random", 5, 0, True)
    >>> first == attrs.evolve(again, seconds=first.seconds)
    True
    """
    game_seed = derive_seed(match_seed, "deals", number // 2 if duplicate else number)
    a_seat = Player.A if number % 2 == 0 else Player.B
    bots: list[Bot] = [None, None]  # type: ignore[list-item]
    bots[a_seat] = _bot_for(bot_a, derive_seed(match_seed, "a", number))
    bots[a_seat.other] = _bot_for(bot_b, derive_seed(match_seed, "b", number))
    chance = random.Random(game_seed)
    clock = time.perf_counter
    thinking = [0.0, 0.0]
    decisions = [0, 0]
    counts = [[0] * len(HIGHLIGHTS), [0] * len(HIGHLIGHTS)]  # by seat
    deals = 0

    def tally() -> None:
        seen: list[set[Reason]] = [set(), set()]
        for event in state.events:
            if event.reason in HIGHLIGHTS:
                seen[event.player].add(event.reason)
        for seat in Player:
            for reason in seen[seat]:
                counts[seat][HIGHLIGHTS.index(reason)] += 1

    state = new_game(ruleset)
    forfeit: tuple[str, str, str] | None = None
    try:
        while not state.is_over:
            mover = state.to_move
            if mover is CHANCE:
                if deals:
                    tally()
                deals += 1
                state = state.apply(state.sample_chance(chance))
                continue
            assert isinstance(mover, Player)
            observation = state.observation(mover)
            start = clock()
            try:
                action = bots[mover].choose(observation)
            except Forfeit as error:  # the game is lost; the match goes on
                forfeit = ("a" if mover is a_seat else "b", error.kind, error.reason)
                break
            finally:
                thinking[mover] += clock() - start
            decisions[mover] += 1
            try:
                state = state.apply(action)
            except IllegalActionError as error:
                role = "a" if mover is a_seat else "b"
                spec = bot_a if role == "a" else bot_b
                raise MatchError(
                    f"game {number}: bot {role} ({bot_label(spec)}) chose {action}: {error}"
                ) from None
    finally:
        _finish(bots, state, (bot_a, bot_b) if a_seat is Player.A else (bot_b, bot_a))
    tally()
    result = state.result
    rubicon = getattr(ruleset.game, "rubicon", None)
    if forfeit is not None:
        loser = a_seat if forfeit[0] == "a" else a_seat.other
        result = Result(loser.other, state.scores, forfeit_points(state, loser))
    assert result is not None
    rubiconed = (
        result.winner is not None
        and isinstance(rubicon, int)
        and (forfeit is not None or result.scores[result.winner.other] < rubicon)
    )
    b_seat = a_seat.other
    said = [_stderr_of(bots[seat]) for seat in Player]
    return GameRecord(
        number=number,
        seed=game_seed,
        a_seat=a_seat,
        result=result,
        deals=deals,
        highlights=(tuple(counts[a_seat]), tuple(counts[b_seat])),
        rubiconed=rubiconed,
        decisions=(decisions[a_seat], decisions[b_seat]),
        seconds=(thinking[a_seat], thinking[b_seat]),
        record=dumps(state),
        forfeit=forfeit,
        stderr=(said[a_seat], said[b_seat]),
    )


def forfeit_points(state: State, loser: Player) -> int:
    """What the opponent of a bot that forfeits ``state``'s game wins: the game is
    settled by the ruleset as if the opponent had scored both players' points and the
    forfeiter none. A forfeit is never cheaper than playing on: in a partie the
    forfeiter is rubiconed (both totals and the game's bonus, 100, to the opponent,
    whatever the forfeiter had scored), in a race he loses a double game; in a partie
    of several games, the opponent is credited with the game points won so far, this
    game's, and at least those that win the partie.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> forfeit_points(state, pq.Player.A)  # nothing scored: the game's bonus
    100
    >>> while state.scores == (0, 0) or state.to_move is pq.CHANCE:
    ...     state = state.apply(
    ...         state.sample_chance(random.Random(1)) if state.to_move is pq.CHANCE
    ...         else state.legal_actions()[0])
    >>> forfeit_points(state, pq.Player.B) == sum(state.scores) + 100
    True
    """
    rule = state.ruleset.game
    winner = loser.other
    total = state.scores[0] + state.scores[1]
    # a lead of one point more when nobody has scored, taken off again (a tie is no win)
    lead = 0 if total else 1
    taken = [0, 0]
    taken[winner] = total + lead
    won_by, points = rule.settle((taken[0], taken[1]), winner if rule.target is not None else None)
    points = max(points - lead, 0) if won_by is winner else 0
    needed = rule.games_to_win
    if needed > 1:
        earlier = [0, 0]
        for game in state.games:
            if game.winner is not None:
                earlier[game.winner] += game.points
        points = max(earlier[winner] + points, needed)
    return points


def _stderr_of(bot: Bot) -> str:
    """What a program bot wrote on standard error in its last game (else "")."""
    said = getattr(bot, "stderr", "")
    return said if isinstance(said, str) else ""


def _finish(bots: list[Bot], state: Any, specs: tuple[BotSpec, BotSpec]) -> None:
    """Tell each bot that has ``game_over`` how the game ended; close those made here."""
    for seat in Player:
        over = getattr(bots[seat], "game_over", None)
        if state.is_over and callable(over):
            over(state.observation(seat))
        close = getattr(bots[seat], "close", None)
        if isinstance(specs[seat], str) and callable(close):
            close()


@attrs.frozen
class MatchJob:
    """A batch of games of one match: all a worker needs, and small to send (its games'
    numbers are a ``range``, whatever the batch's size)."""

    key: int
    ruleset: Ruleset
    bot_a: Any
    bot_b: Any
    seed: int
    duplicate: bool
    numbers: range


def _play_job(job: MatchJob) -> list[GameRecord]:
    return [
        play_one(job.ruleset, job.bot_a, job.bot_b, job.seed, number, job.duplicate)
        for number in job.numbers
    ]


class JobsInterrupted(Exception):
    """:func:`run_jobs` stopped by KeyboardInterrupt; ``finished`` holds the games each
    match (by its key) finished, in order. :func:`match` and the tournament turn it into
    :class:`MatchInterrupted`."""

    def __init__(self, finished: dict[int, list[GameRecord]]) -> None:
        super().__init__("interrupted")
        self.finished = finished


def game_batches(games: int, size: int) -> Iterator[range]:
    """The numbers ``0..games - 1`` in ranges of ``size``, made one at a time: the work
    of a billion games costs no more to start than that of two."""
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


def batch_count(games: int, size: int) -> int:
    """How many batches :func:`game_batches` makes."""
    return -(-games // size)


#: Units of work in flight per worker of the runner's own pool: enough to keep each
#: busy, few enough that the work is made as it is played, not all up front.
IN_FLIGHT_PER_WORKER = 4

#: Units of work in flight on an executor the caller gives (whose size is unknown).
IN_FLIGHT_ON_EXECUTOR = 256


def cpu_count() -> int:
    """The CPUs this process may run on: the affinity mask where the system has one,
    else :func:`os.cpu_count` (1 when unknown)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def worker_count(jobs: int, units: int) -> int:
    """The processes of the runner's own pool when ``jobs`` are asked for ``units``
    units of work: no more than the units (a pool of 40 for 2 games would idle), nor
    than the CPUs (:func:`cpu_count`: an absurd ``jobs`` is capped, not obeyed), nor
    than ``jobs``; at least 1.

    >>> worker_count(10**6, 2) <= 2
    True
    """
    return max(1, min(jobs, units, cpu_count()))


def run_jobs(
    jobs: Iterable[MatchJob],
    *,
    keys: Iterable[int],
    total: int,
    units: int,
    executor: Executor | None,
    workers: int,
    progress: Progress | None,
) -> dict[int, list[GameRecord]]:
    """Play every job, serially or on an executor; the games of each job key, in order.

    ``jobs`` is consumed as it is played (a generator of ``units`` jobs, ``total``
    games in all), never built up front: on an executor, a bounded number of jobs are
    in flight at a time. With no executor, ``workers`` above 1 asks for a process pool
    of :func:`worker_count` processes; when that is 1 the jobs run serially.
    ``progress(finished, total)`` is called once before the first game, then after each
    game (serially) or each job (on an executor).

    On KeyboardInterrupt (from the keyboard, or raised by ``progress``) the games
    finished so far are kept: :class:`JobsInterrupted` carries them.
    """
    finished: dict[int, list[GameRecord]] = {key: [] for key in keys}
    owned: Executor | None = None
    window = IN_FLIGHT_ON_EXECUTOR
    if executor is None and worker_count(workers, units) > 1:
        from concurrent.futures import ProcessPoolExecutor  # multiprocessing: slow to import

        size = worker_count(workers, units)
        executor = owned = ProcessPoolExecutor(size)
        window = IN_FLIGHT_PER_WORKER * size
    try:
        if progress is not None:
            progress(0, total)
        if executor is None:
            _run_serially(jobs, finished, total, progress)
        else:
            _run_on(executor, jobs, finished, total, progress, window)
    except KeyboardInterrupt:
        if owned is not None:
            owned.shutdown(wait=False, cancel_futures=True)
            owned = None
        raise JobsInterrupted(_in_order(finished)) from None
    finally:
        if owned is not None:
            owned.shutdown()
    return _in_order(finished)


def _run_serially(
    jobs: Iterable[MatchJob],
    finished: dict[int, list[GameRecord]],
    total: int,
    progress: Progress | None,
) -> None:
    done = 0
    for job in jobs:
        for number in job.numbers:
            finished[job.key].append(
                play_one(job.ruleset, job.bot_a, job.bot_b, job.seed, number, job.duplicate)
            )
            done += 1
            if progress is not None:
                progress(done, total)


def _run_on(
    executor: Executor,
    jobs: Iterable[MatchJob],
    finished: dict[int, list[GameRecord]],
    total: int,
    progress: Progress | None,
    window: int,
) -> None:
    """At most ``window`` jobs in flight; a new one is sent as each finishes."""
    work = iter(jobs)
    pending: dict[Future[list[GameRecord]], MatchJob] = {}
    done = 0
    try:
        while True:
            for job in itertools.islice(work, window - len(pending)):
                pending[executor.submit(_play_job, job)] = job
            if not pending:
                return
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                games = future.result()
                finished[pending.pop(future).key].extend(games)
                done += len(games)
                if progress is not None:
                    progress(done, total)
    except BaseException:  # stopped, or a game failed: start no more
        for future in pending:
            future.cancel()
        raise


def _in_order(finished: dict[int, list[GameRecord]]) -> dict[int, list[GameRecord]]:
    return {key: sorted(games, key=lambda g: g.number) for key, games in finished.items()}


def bot_label(spec: BotSpec) -> str:
    """The name a bot goes by in tables and saved games."""
    return spec if isinstance(spec, str) else type(spec).__name__


def check_bot(spec: object, role: str) -> None:
    """Raise :class:`MatchError` unless ``spec`` names a known bot (with options it
    takes) or is a bot."""
    if isinstance(spec, str):
        name, options = parse_bot(spec)
        if name not in names() and name != "exec":
            raise MatchError(
                f"{role}: unknown bot {_short(name)}; known bots: {', '.join(names())}"
            )
        if options:
            try:
                make(name, seed=0, **options)
            except (TypeError, ValueError) as error:
                raise MatchError(f"{role}: {_short(spec)}: {error}") from None
    elif not callable(getattr(spec, "choose", None)):
        raise MatchError(f"{role}: expected a bot name or a bot with choose(), got {_short(spec)}")


def progress_of(progress: Progress | bool | None) -> Progress | None:
    """The progress callback for a ``progress`` argument: True gives a plain progress
    line on standard error, False and None give none, a callable is kept.

    >>> progress_of(False) is None and progress_of(None) is None
    True
    >>> progress_of(1)
    Traceback (most recent call last):
    ...
    piquet.matches.match.MatchError: progress: expected True, False, None or a callable ...
    """
    if progress is None or progress is False:
        return None
    if progress is True:
        from .._progress import ProgressLine

        return ProgressLine()
    if not callable(progress):
        raise MatchError(
            "progress: expected True, False, None or a callable progress(done, total), "
            f"got {_short(progress)}"
        )
    return progress


def _short(value: object) -> str:
    """``repr(value)``, at most 60 characters ("..." when cut)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an int or a numpy integer), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_run(games: int, duplicate: bool, jobs: int, executor: object) -> None:
    """Raise :class:`MatchError` on a bad count of games or workers.

    Any positive count of games is taken: the work is made as it is played, so a
    billion games start at once (and stop cleanly on KeyboardInterrupt). Any positive
    ``jobs`` is taken too, and capped when the pool is made (see :func:`worker_count`).
    """
    if not _whole(games) or games < 1:
        raise MatchError(f"games: must be a positive whole number (got {_short(games)})")
    if duplicate and games % 2:
        raise MatchError(f"games: duplicate play needs an even number of games (got {games})")
    if not _whole(jobs) or jobs < 1:
        raise MatchError(f"jobs: must be a positive whole number (got {_short(jobs)})")
    if executor is not None and not isinstance(executor, Executor):
        raise MatchError(
            f"executor: expected a concurrent.futures.Executor, got {_short(executor)}"
        )


def check_seed_and_batch(seed: object, batch: object, games: int) -> tuple[int, int]:
    """The seed as an int and the games per unit of work (:func:`default_batch` when
    ``batch`` is None), or :class:`MatchError`."""
    if not _whole(seed):
        raise MatchError(f"seed: must be a whole number (got {_short(seed)})")
    if batch is None:
        return int(seed), default_batch(games)
    if not _whole(batch) or batch < 1:
        raise MatchError(f"batch: must be a positive whole number (got {_short(batch)})")
    return int(seed), int(batch)


def default_batch(games: int) -> int:
    """Games per unit of work: few enough to balance the workers and show progress,
    enough that sending the work costs little next to playing it."""
    return max(1, min(8, games // 32))


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
    :func:`worker_count`), so an absurd ``jobs`` is capped, not obeyed (``jobs`` is
    ignored when an executor is given). The work is made as it is played, a few
    batches per worker in flight (at most :data:`IN_FLIGHT_ON_EXECUTOR` on an executor
    given), so any count of games starts at once. Whatever runs them, the same seed
    gives the same games. ``progress=True`` shows a plain progress line on standard
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
    piquet.matches.match.MatchError: bot b: unknown bot 'nobody'; known bots: ...
    """
    check_bot(bot_a, "bot a")
    check_bot(bot_b, "bot b")
    check_run(games, duplicate, jobs, executor)
    progress = progress_of(progress)
    if not isinstance(ruleset, Ruleset):
        raise MatchError(f"ruleset: expected a Ruleset, got {_short(ruleset)}")
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
