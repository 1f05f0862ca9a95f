"""Many games run as units of work: batches of a match's game numbers, played
serially, on the runner's own process pool, or on any :class:`~concurrent.futures.Executor`
(a Dask cluster's among them), made as they are played so that a billion games cost no
more to start than two.

>>> list(game_batches(5, 2))
[range(0, 2), range(2, 4), range(4, 5)]
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, TypeAlias

import attrs

from ..rules import Ruleset
from .games import GameRecord, play_one

__all__ = [
    "IN_FLIGHT_ON_EXECUTOR",
    "IN_FLIGHT_PER_WORKER",
    "JobsInterrupted",
    "MatchJob",
    "Progress",
    "batch_count",
    "cpu_count",
    "game_batches",
    "run_jobs",
    "worker_count",
]

#: A progress callback: ``progress(games_finished, games_planned)``, after each game.
Progress: TypeAlias = Callable[[int, int], None]


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
