"""The checks of what a match or a tournament is asked to play: bots, counts of games and
workers, seeds, batches, the progress callback. Each raises
:class:`~piquet.matches.games.MatchError` naming the argument and quoting the bad value.

>>> check_seed_and_batch(7, None, 64)
(7, 2)
>>> check_run(3, True, 1, None)
Traceback (most recent call last):
...
piquet.matches.games.MatchError: games: duplicate play needs an even number of games (got 3)
"""

from __future__ import annotations

import numbers
from concurrent.futures import Executor
from typing import TypeGuard

from ..bots import make, names
from ..cards import excerpt
from .games import MatchError, parse_bot
from .jobs import Progress

__all__ = [
    "check_bot",
    "check_run",
    "check_seed_and_batch",
    "default_batch",
    "progress_of",
]


def check_bot(spec: object, role: str) -> None:
    """Raise :class:`MatchError` unless ``spec`` names a known bot (with options it
    takes) or is a bot."""
    if isinstance(spec, str):
        name, options = parse_bot(spec)
        if name not in names() and name != "exec":
            raise MatchError(
                f"{role}: unknown bot {excerpt(name)}; known bots: {', '.join(names())}"
            )
        if options:
            try:
                make(name, seed=0, **options)
            except (TypeError, ValueError) as error:
                raise MatchError(f"{role}: {excerpt(spec)}: {error}") from None
    elif not callable(getattr(spec, "choose", None)):
        raise MatchError(f"{role}: expected a bot name or a bot with choose(), got {excerpt(spec)}")


def progress_of(progress: Progress | bool | None) -> Progress | None:
    """The progress callback for a ``progress`` argument: True gives a plain progress
    line on standard error, False and None give none, a callable is kept.

    >>> progress_of(False) is None and progress_of(None) is None
    True
    >>> progress_of(1)
    Traceback (most recent call last):
    ...
    piquet.matches.games.MatchError: progress: expected True, False, None or a callable ...
    """
    if progress is None or progress is False:
        return None
    if progress is True:
        from .._progress import ProgressLine

        return ProgressLine()
    if not callable(progress):
        raise MatchError(
            "progress: expected True, False, None or a callable progress(done, total), "
            f"got {excerpt(progress)}"
        )
    return progress


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
        raise MatchError(f"games: must be a positive whole number (got {excerpt(games)})")
    if duplicate and games % 2:
        raise MatchError(f"games: duplicate play needs an even number of games (got {games})")
    if not _whole(jobs) or jobs < 1:
        raise MatchError(f"jobs: must be a positive whole number (got {excerpt(jobs)})")
    if executor is not None and not isinstance(executor, Executor):
        raise MatchError(
            f"executor: expected a concurrent.futures.Executor, got {excerpt(executor)}"
        )


def check_seed_and_batch(seed: object, batch: object, games: int) -> tuple[int, int]:
    """The seed as an int and the games per unit of work (:func:`default_batch` when
    ``batch`` is None), or :class:`MatchError`."""
    if not _whole(seed):
        raise MatchError(f"seed: must be a whole number (got {excerpt(seed)})")
    if batch is None:
        return int(seed), default_batch(games)
    if not _whole(batch) or batch < 1:
        raise MatchError(f"batch: must be a positive whole number (got {excerpt(batch)})")
    return int(seed), int(batch)


def default_batch(games: int) -> int:
    """Games per unit of work: few enough to balance the workers and show progress,
    enough that sending the work costs little next to playing it."""
    return max(1, min(8, games // 32))
