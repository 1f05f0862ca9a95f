"""Matches and tournaments against absurd arguments: a billion games start at once and
stop cleanly, the work is made as it is played, an absurd ``jobs`` is capped, and bad
counts, seeds and batches are named."""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest
from processes import first_line_of_stderr

import piquet as pq
from piquet.matches import jobs as jobs_module
from piquet.matches.jobs import worker_count
from piquet.matches.match import MatchError, MatchInterrupted

ROOT = Path(__file__).resolve().parent.parent

BILLION = 10**9


# ----------------------------------------------------------------- the work is lazy


def test_the_batches_of_a_billion_games_are_made_one_at_a_time() -> None:
    start = time.perf_counter()
    batches = jobs_module.game_batches(BILLION, 8)
    first = list(itertools.islice(batches, 3))
    assert time.perf_counter() - start < 1.0  # making a billion games' batches: hours
    assert first == [range(0, 8), range(8, 16), range(16, 24)]
    assert jobs_module.batch_count(BILLION, 8) == BILLION // 8
    last = list(jobs_module.game_batches(10, 4))
    assert last == [range(0, 4), range(4, 8), range(8, 10)]


def test_a_batch_of_a_billion_games_is_a_range_not_a_tuple() -> None:
    (batch,) = jobs_module.game_batches(BILLION, BILLION)
    assert batch == range(BILLION) and sys.getsizeof(batch) < 100


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python limited to 1 GiB of address space (where the system
    allows it), so that work built up front fails with MemoryError, not the machine."""
    prelude = textwrap.dedent(
        """
        import resource, sys, time
        try:
            resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        except (ValueError, OSError):
            pass
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


BILLION_GAMES = """
import piquet as pq
from piquet.matches.match import MatchInterrupted

def stop_after(count):
    def progress(done, total):
        assert total == {total}
        if done >= count:
            raise KeyboardInterrupt
    return progress

started = time.perf_counter()
try:
    {call}
except MatchInterrupted as stop:
    partial = stop.partial
else:
    sys.exit("not interrupted")
seconds = time.perf_counter() - started
matches = getattr(partial, "matches", [partial])
games = [game for each in matches for game in each.games]
# this process's own peak (VmHWM): ru_maxrss would carry over the peak of the pytest
# process it was forked from, whatever exec did since
try:
    with open("/proc/self/status") as status:
        peak = next(line for line in status if line.startswith("VmHWM:"))
    memory = int(peak.split()[1]) // 1024
except OSError:
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # MB on Linux
print(len(games), round(seconds, 2), memory)
"""


@pytest.mark.parametrize(
    ("call", "total"),
    [
        ('pq.match("random", "random", games=10**9, progress=stop_after(3))', 10**9),
        ('pq.match("random", "random", games=10**9, batch=10**9, progress=stop_after(3))', 10**9),
        ('pq.tournament(["random", "greedy"], games=10**9, progress=stop_after(3))', 10**9),
        ('pq.match("random", "random", games=10**9, jobs=2, progress=stop_after(1))', 10**9),
        ('pq.tournament(["random", "greedy", "heuristic"], games=10**9, jobs=2, '
         "progress=stop_after(1))", 3 * 10**9),
    ],
    ids=["match", "match-one-batch", "tournament", "match-pool", "tournament-pool"],
)  # fmt: skip
def test_a_billion_games_start_at_once_and_stop_cleanly(call: str, total: int) -> None:
    done = run_python(BILLION_GAMES.format(call=call, total=total))
    assert done.returncode == 0, done.stderr[-2000:]
    games, seconds, megabytes = done.stdout.split()
    assert int(games) >= 1
    assert float(seconds) < 20
    assert int(megabytes) < 400


# ----------------------------------------------------------------- workers


def test_workers_are_capped_by_the_units_of_work_and_the_cpus() -> None:
    cpus = jobs_module.cpu_count()
    assert worker_count(10**6, 2) == min(2, cpus)
    assert worker_count(10**6, 10**9) == cpus
    assert worker_count(1, 100) == 1
    assert worker_count(3, 1) == 1
    assert worker_count(2, 0) == 1


class RecordingPool(concurrent.futures.ProcessPoolExecutor):
    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers: int | None = None, *args: object, **kwargs: object) -> None:
        RecordingPool.sizes.append(max_workers or 0)
        super().__init__(max_workers, *args, **kwargs)  # type: ignore[arg-type]


def test_a_million_jobs_for_two_games_make_at_most_two_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    RecordingPool.sizes = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", RecordingPool)
    start = time.perf_counter()
    pooled = pq.match("greedy", "random", games=2, seed=4, jobs=10**6)
    assert time.perf_counter() - start < 30
    assert all(size <= 2 for size in RecordingPool.sizes)
    assert pooled.records == pq.match("greedy", "random", games=2, seed=4).records
    played = pq.tournament(["greedy", "random"], games=2, seed=4, jobs=10**6)
    assert all(size <= 2 for size in RecordingPool.sizes)
    serial = pq.tournament(["greedy", "random"], games=2, seed=4)
    assert [m.records for m in played.matches] == [m.records for m in serial.matches]


def test_one_batch_with_many_jobs_runs_serially_and_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    RecordingPool.sizes = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", RecordingPool)
    pooled = pq.match("greedy", "random", games=4, seed=2, jobs=8, batch=4)
    assert RecordingPool.sizes == []  # one unit of work: no pool at all
    assert pooled.outcomes() == pq.match("greedy", "random", games=4, seed=2).outcomes()


def test_the_work_in_flight_on_an_executor_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs_module, "IN_FLIGHT_ON_EXECUTOR", 6)
    in_flight: set[object] = set()
    most = [0]

    class Counting(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def,override]
            future = super().submit(fn, *args, **kwargs)
            in_flight.add(future)
            most[0] = max(most[0], len(in_flight))
            future.add_done_callback(in_flight.discard)
            return future

    def stop_after(done: int, total: int) -> None:
        if done >= 60:
            raise KeyboardInterrupt

    with Counting(2) as threads, pytest.raises(MatchInterrupted) as stopped:
        pq.match("random", "random", games=BILLION, executor=threads, batch=1, progress=stop_after)
    assert len(stopped.value.partial.games) == 60
    # a future is discarded from in_flight just after its waiter wakes: the two
    # threads may each have one finished that the set still holds
    assert most[0] <= 6 + 2


# ----------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -2}, "games: must be a positive whole number"),
        ({"games": 2.0}, "games: must be a positive whole number"),
        ({"games": "2"}, "games: must be a positive whole number"),
        ({"games": True}, "games: must be a positive whole number"),
        ({"games": None}, "games: must be a positive whole number"),
        ({"games": math.inf}, "games: must be a positive whole number"),
        ({"games": math.nan}, "games: must be a positive whole number"),
        ({"games": "x" * 1000}, r"\(got 'x+'\.\.\. \(1000 characters\)\)"),
        ({"jobs": 1.5}, "jobs: must be a positive whole number"),
        ({"jobs": True}, "jobs: must be a positive whole number"),
        ({"jobs": "4"}, "jobs: must be a positive whole number"),
        ({"jobs": -(10**6)}, "jobs: must be a positive whole number"),
        ({"seed": "x"}, "seed: must be a whole number"),
        ({"seed": 1.5}, "seed: must be a whole number"),
        ({"seed": None}, "seed: must be a whole number"),
        ({"seed": True}, "seed: must be a whole number"),
        ({"batch": 0}, "batch: must be a positive whole number"),
        ({"batch": 2.5}, "batch: must be a positive whole number"),
        ({"batch": True}, "batch: must be a positive whole number"),
    ],
)
def test_bad_counts_seeds_and_batches_are_named(kwargs: dict[str, object], message: str) -> None:
    for run in (
        lambda: pq.match("random", "random", **kwargs),  # type: ignore[arg-type]
        lambda: pq.tournament(["random", "greedy"], **kwargs),  # type: ignore[arg-type]
    ):
        with pytest.raises(MatchError, match=message) as caught:
            run()
        assert len(str(caught.value)) < 200


@pytest.mark.rl
def test_numpy_integers_count_as_whole_numbers() -> None:
    import numpy as np

    played = pq.match("greedy", "random", games=np.int64(2), seed=np.int64(3), batch=np.int8(1))
    assert played.outcomes() == pq.match("greedy", "random", games=2, seed=3).outcomes()
    assert played.seed == 3 and type(played.seed) is int


def test_a_tournament_needs_a_list_of_bots() -> None:
    with pytest.raises(MatchError, match="bots: a list of bots, not str"):
        pq.tournament("random", games=2)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="bots: a list of bots, not int"):
        pq.tournament(3, games=2)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="ruleset: expected a Ruleset"):
        pq.tournament(["random", "greedy"], games=2, ruleset="rubicon")  # type: ignore[arg-type]


def limit_memory() -> None:  # pragma: no cover - runs in the child process
    import contextlib
    import resource

    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child: POSIX")
@pytest.mark.parametrize("command", ["match", "tournament"])
def test_the_command_line_plays_a_billion_games_until_interrupted(
    tmp_path: Path, command: str, interruptible: Callable[..., subprocess.Popen[str]]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = [command, "--games", str(BILLION), "--out", str(out)]
    process = interruptible(
        [sys.executable, "-m", "piquet", *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit_memory,
    )
    assert first_line_of_stderr(process).startswith(f"0/{BILLION} games")  # started
    time.sleep(0.5)  # playing a few games (one process: a game takes milliseconds)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr[-2000:]
    assert "interrupted: keeping the" in stderr and "wrote" in stdout
    assert 0 < len(out.read_text().splitlines()) < 10_000
