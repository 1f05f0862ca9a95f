"""The speed benchmark's floor calibration (``piquet bench --floor``), its refusals,
and the fallbacks of what it reports about the machine."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import piquet as pq
from piquet import bench
from piquet.cli import main
from piquet.matches import bench as play_bench

FLOOR = "def simulate(n, rng):\n    for _ in range(n):\n        rng.random()\n"


@pytest.fixture
def floor(tmp_path: Path) -> Path:
    path = tmp_path / "floor.py"
    path.write_text(FLOOR)
    return path


def test_calibrate_prints_every_figure_as_a_ratio_to_one_floor_deal(
    floor: Path, capsys: pytest.CaptureFixture[str]
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
    assert main(["bench", "--floor", str(floor), "--seconds", "0.5"]) == 0
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
