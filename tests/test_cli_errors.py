"""The command line's argument types and shared options refuse bad values in one line;
missing extras and an unreachable scheduler are named; an interrupt exits with 130;
perft refuses what it cannot count."""

from __future__ import annotations

import argparse
import types
from pathlib import Path
from typing import NoReturn

import pytest

import piquet as pq
from piquet import cli
from piquet.cli import _play, main
from piquet.cli import perft as cli_perft
from piquet.perft import divide, position


class Failed(Exception):
    """What the ``fail`` callback of the shared options raises in these tests."""


def fail(message: str) -> NoReturn:
    raise Failed(message)


def common(**changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "ruleset": "rubicon",
        "games": 2,
        "plain": False,
        "jobs": 1,
        "plot": None,
        "out": None,
        "scheduler": None,
    }
    values.update(changes)
    return argparse.Namespace(**values)


@pytest.mark.parametrize(
    ("text", "parse", "message"),
    [
        ("soon", cli.positive_seconds, "seconds must be a number above 0, not 'soon'"),
        ("three", cli.positive_int, "expected a whole number of at least 1, not 'three'"),
        ("2.5", cli.positive_int, "expected a whole number of at least 1, not '2.5'"),
    ],
)
def test_argument_types_refuse_words(text: str, parse: object, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        parse(text)  # type: ignore[operator]


def test_an_unreadable_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "floor.py"
    path.write_text("def simulate(n, rng): pass\n")
    monkeypatch.setattr(cli.os, "access", lambda *args: False)
    with pytest.raises(argparse.ArgumentTypeError, match=r"cannot read '.*floor\.py'"):
        cli.readable_file(str(path))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"games": 0}, r"--games: must be at least 1 \(got 0\)"),
        ({"games": 3}, "--games: duplicate play needs an even number"),
        ({"jobs": 0}, r"--jobs: must be at least 1 \(got 0\)"),
    ],
)
def test_the_shared_options_refuse_bad_values(changes: dict[str, object], message: str) -> None:
    with pytest.raises(Failed, match=message):
        _play.check_common(common(**changes), fail)


def test_an_odd_number_of_games_is_fine_without_duplicate_pairs() -> None:
    _play.check_common(common(games=3, plain=True, ruleset="RUBICON"), fail)


def without(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    """Make ``importlib.import_module(missing)`` fail, as when the extra is not installed."""
    real = _play.importlib.import_module

    def import_module(name: str, package: str | None = None) -> types.ModuleType:
        if name == missing:
            raise ImportError(f"No module named {name!r}")
        return real(name, package)

    monkeypatch.setattr(_play.importlib, "import_module", import_module)


def test_a_plot_without_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "matplotlib")
    with pytest.raises(Failed, match=r"--plot needs matplotlib: pip install 'piquet\[plot\]'"):
        _play.check_common(common(plot="games.png"), fail)


def test_a_scheduler_without_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "distributed")
    with (
        pytest.raises(Failed, match=r"--scheduler needs dask.distributed: .*piquet\[dask\]"),
        _play.executor_for(common(scheduler="tcp://127.0.0.1:8786"), fail),
    ):
        pass


def test_an_unreachable_scheduler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(address: str, timeout: float) -> NoReturn:
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    fake = types.SimpleNamespace(Client=refuse)
    monkeypatch.setattr(_play.importlib, "import_module", lambda name: fake)
    with (
        pytest.raises(Failed, match=r"--scheduler: cannot reach 'tcp://10\.0\.0\.9:8786'"),
        _play.executor_for(common(scheduler="tcp://10.0.0.9:8786"), fail),
    ):
        pass


def test_a_plain_progress_line_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    from piquet._progress import ProgressLine

    without(monkeypatch, "tqdm")
    with _play.progress_bar(quiet=False) as update:
        assert isinstance(update, ProgressLine)


@pytest.mark.cli
def test_a_progress_bar_never_updated_is_never_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    with _play.progress_bar(quiet=False) as update:
        assert update is not None
    assert capsys.readouterr().err == ""


def test_an_interrupt_exits_with_130_and_a_newline(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_perft, "run", interrupted)
    assert main(["perft"]) == 130
    assert capsys.readouterr() == ("", "\n")


@pytest.mark.parametrize("depth", [0, 1.5])
def test_divide_refuses_a_depth_below_one(depth: object) -> None:
    with pytest.raises(ValueError, match=f"divide: depth must be an int >= 1, not {depth}"):
        divide(position(pq.RUBICON), depth)  # type: ignore[arg-type]


def test_divide_refuses_a_chance_node() -> None:
    with pytest.raises(ValueError, match="divide: a chance node cannot be expanded"):
        divide(pq.new_game(), 1)


def test_position_refuses_an_unknown_phase() -> None:
    with pytest.raises(ValueError, match="phase must be one of exchange, declaration, play, not"):
        position(pq.RUBICON, phase="deal")  # type: ignore[arg-type]


def test_position_says_when_the_phase_is_never_reached() -> None:
    # automatic declarations skip the declaration phase
    with pytest.raises(ValueError, match="seed 1 never reaches the declaration phase"):
        position(pq.RUBICON, phase="declaration", declarations="auto")
