"""The speed benchmark's floor calibration (``piquet bench --floor``), its refusals,
and the fallbacks of what it reports about the machine."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import piquet as pq
from piquet.benchmarks import engine as bench
from piquet.benchmarks import matches as play_bench
from piquet.cli import main

FLOOR = "def simulate(n, rng):\n    for _ in range(n):\n        rng.random()\n"


@pytest.fixture
def floor(tmp_path: Path) -> Path:
    path = tmp_path / "floor.py"
    path.write_text(FLOOR)
    return path


def test_calibrate_prints_every_figure_as_a_ratio_to_one_floor_deal(
    floor: Path, capsys: pytest.CaptureFixture[str], frozen_heap: None
) -> None:
    bench.calibrate(str(floor), rounds=1, ruleset=pq.RUBICON)
    out = capsys.readouterr().out
    assert re.search(r"^round 1: floor +[\d.]+ us/deal; auto +[\d.]+x, played +[\d.]+x$", out, re.M)
    assert "ratios to one floor deal (median of 1 rounds, in turns with the floor):" in out
    for label, _ in bench.FIGURES:
        assert re.search(rf"^  {re.escape(label)} *: +[\d.]+ floor deals$", out, re.M), label
    assert re.search(r"^  floor deal: median [\d.]+ us$", out, re.M)


def test_calibrate_refuses_a_file_python_cannot_load(tmp_path: Path) -> None:
    text = tmp_path / "floor.txt"
    text.write_text(FLOOR)
    with pytest.raises(ValueError, match=r"cannot load a floor simulator from '.*floor\.txt'"):
        bench.calibrate(str(text), rounds=1)


def test_the_bench_command_refuses_a_floor_that_is_not_a_python_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "floor.txt"
    text.write_text(FLOOR)
    assert main(["bench", "--floor", str(text)]) == 2
    err = capsys.readouterr().err
    assert "--floor: cannot load" in err and "as a Python module" in err
    assert err.count("\n") == 1


def test_the_bench_command_hands_a_good_floor_to_the_bench(
    floor: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(bench, "main", lambda **kwargs: calls.append(kwargs) or 0)
    assert main(["bench", "--only", "engine", "--floor", str(floor), "--seconds", "0.5"]) == 0
    assert calls == [{"seconds": 0.5, "ruleset": pq.RUBICON, "floor": str(floor)}]


def test_cpu_name_falls_back_when_proc_cpuinfo_cannot_be_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unreadable(*args: object, **kwargs: object) -> io.StringIO:
        raise OSError("no /proc here")

    monkeypatch.setattr(bench, "open", unreadable, raising=False)
    monkeypatch.setattr(bench.platform, "processor", lambda: "")
    monkeypatch.setattr(bench.platform, "machine", lambda: "riscv64")
    assert bench.cpu_name() == "riscv64"


def test_cpu_name_falls_back_when_proc_cpuinfo_names_no_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        bench, "open", lambda *a, **k: io.StringIO("processor\t: 0\n"), raising=False
    )
    monkeypatch.setattr(bench.platform, "processor", lambda: "an arm core")
    assert bench.cpu_name() == "an arm core"


def test_the_runner_bench_reports_an_unknown_load_where_there_is_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_load() -> tuple[float, float, float]:
        raise OSError("getloadavg unavailable")

    monkeypatch.setattr(play_bench.os, "getloadavg", no_load)
    assert play_bench._load() == "unknown"


def test_the_runner_bench_skips_dask_when_it_is_not_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> object:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(play_bench.importlib, "import_module", missing)
    assert play_bench._dask(2) is None


def test_the_bench_command_runs_only_the_sections_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import piquet.benchmarks as benchmarks

    ran: list[tuple[str, Any]] = []
    for name in benchmarks.SECTIONS:
        module = f"piquet.benchmarks.{name}"
        monkeypatch.setattr(
            f"{module}.section", lambda options, name=name: ran.append((name, options))
        )
    assert main(["bench", "--only", "matches,engine", "--games", "3"]) == 0
    assert [name for name, _ in ran] == ["engine", "matches"]  # in the sections' order
    assert ran[0][1].games == 3 and ran[0][1].ruleset is pq.RUBICON
    ran.clear()
    assert main(["bench"]) == 0
    assert [name for name, _ in ran] == list(benchmarks.SECTIONS)


@pytest.mark.parametrize(
    ("only", "message"),
    [
        ("engine,nope", "--only: no benchmark section 'nope'; the sections are engine, search"),
        (",", "--only: name at least one section of engine, search, matches, adapters"),
    ],
)
def test_the_bench_command_refuses_an_unknown_section(
    only: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "--only", only]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_running_an_unknown_section_is_a_value_error() -> None:
    from piquet.benchmarks import Options, run

    with pytest.raises(ValueError, match="no benchmark section 'perft'"):
        run(Options(), ["perft"])


def test_the_search_section_prints_every_figure_as_a_ratio_on_each_path(
    floor: Path, capsys: pytest.CaptureFixture[str], frozen_heap: None
) -> None:
    from piquet.benchmarks import Options, search

    options = Options(floor=str(floor), deals=1, positions=1, decisions=1)
    search.section(options)
    out = capsys.readouterr().out
    built = search.kernel_built()
    assert f"kernel: {'built' if built else 'not built'}" in out
    assert re.search(
        r"ratios to one floor deal measured in the same process, right before and after "
        r"each figure \(pure [\d.]+-[\d.]+ us",
        out,
    )
    for _, label, unit, _ in search.FIGURES:
        cell = rf"[\d.]+ {unit} +[\d.]+ floor deals"
        assert re.search(rf"^   {re.escape(label)} +{cell}", out, re.M), label
        if built:
            assert re.search(rf"^   {re.escape(label)} +{cell} +{cell}  x[\d.]+$", out, re.M)
    if not built:
        assert "kernel: not built (the pure path only)" in out


def test_each_search_figure_is_compared_with_the_floor_of_its_own_moment(
    floor: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A floor measured before the first figure, then after each: a figure's floor is
    the mean of the two around it (figures stubbed: only the floors' order is tested)."""
    from piquet.benchmarks import Options, search

    floors = iter([1.0 + 2 * i for i in range(len(search.FIGURES) + 1)])
    monkeypatch.setattr(search, "floor_seconds", lambda run, seed: next(floors))
    for name in ("_solve_seconds", "_sample_seconds", "_rollout_seconds", "_pimc_seconds"):
        monkeypatch.setattr(search, name, lambda *args, **kwargs: 0.5)
    figures = search.path_figures(Options(floor=str(floor), deals=1, positions=1, decisions=1))
    keys = [key for key, *_ in search.FIGURES]
    assert [figures["floor:" + key] for key in keys] == [2.0 + 2 * i for i in range(len(keys))]
    assert figures["floor"] == 1.0 + len(keys)  # the mean of the floors
    assert all(figures[key] == 0.5 for key in keys)


def test_every_timed_section_of_the_search_bench_starts_from_a_settled_heap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The collector runs right before the clock of each timed loop is read (placement,
    whole samples, replays; the solves, once): a full collection owed by the setup is
    not charged to the figure."""
    import time

    from piquet.benchmarks import common, search

    events: list[str] = []
    real_clock = time.process_time

    def collect() -> int:
        events.append("collect")
        return 0

    def clock() -> float:
        events.append("clock")
        return real_clock()

    monkeypatch.setattr(common.gc, "collect", collect)
    monkeypatch.setattr(time, "process_time", clock)
    search.sampling_figures(positions=1, samples=1, seed=2)
    starts = [at for at, event in enumerate(events) if event == "collect"]
    assert len(starts) == 3
    assert all(events[at + 1] == "clock" for at in starts)
    events.clear()
    search.solving_figures(tricks_left=2, deals=2, warmup=0)
    assert events[events.index("collect") + 1] == "clock"
    assert events.count("collect") == 1  # before the solves, each too short for its own


def test_the_matches_section_prints_its_games_as_ratios(
    floor: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from piquet.benchmarks import Options, matches

    matches.section(Options(floor=str(floor), games=2))
    out = capsys.readouterr().out
    for name in ("one by one", "runner, serial", "runner, 2 processes"):
        assert re.search(
            rf"^   {name} +[\d.]+ ms CPU a game, +[\d.]+ ms wall; +\d+ / +\d+ floor", out, re.M
        )
