"""Progress: ``progress=True/False`` in matches, and a plain-text line on standard
error when neither rich nor tqdm is installed."""

from __future__ import annotations

import io
import types

import pytest

import piquet as pq
from piquet._progress import ProgressLine
from piquet.cli import _play, main
from piquet.matches.match import MatchError


@pytest.mark.parametrize("progress", [False, None])
def test_a_match_takes_false_or_none_for_no_progress(
    progress: bool | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(pq.match("greedy", "random", games=2, progress=progress).games) == 2
    assert capsys.readouterr().err == ""


def test_a_match_takes_true_for_a_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(pq.match("greedy", "random", games=4, progress=True).games) == 4
    assert "4/4 games, done" in capsys.readouterr().err


def test_a_tournament_takes_true_for_a_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    pq.tournament(["greedy", "random"], games=2, progress=True)
    assert "2/2 games, done" in capsys.readouterr().err


def test_a_progress_that_is_not_callable_is_a_match_error() -> None:
    with pytest.raises(MatchError, match="progress: expected True, False, None or a callable"):
        pq.match("greedy", "random", games=2, progress=3)  # type: ignore[arg-type]


def test_without_tqdm_match_shows_a_plain_progress_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = _play.importlib.import_module

    def import_module(name: str, package: str | None = None) -> types.ModuleType:
        if name == "tqdm":
            raise ImportError("No module named 'tqdm'")
        return real(name, package)

    monkeypatch.setattr(_play.importlib, "import_module", import_module)
    assert main(["match", "--games", "20"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("0/20 games\n2/20 games\n")
    assert err.count("\n") == 11 and "20/20 games, done" in err


def test_on_a_terminal_the_line_is_rewritten_in_place() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    line = ProgressLine("deal", out)
    line(0, 2)
    line(2, 2)
    assert out.getvalue() == "\r0/2 deals\033[K\r2/2 deals, done\033[K\n"


def test_odds_shows_its_progress_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    monkeypatch.setattr("sys.stderr", err)
    hand = "AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S"
    assert main(["odds", hand, "--discard", "7H 9C 8C 7C 7S", "--role", "elder"]) == 0
    assert "\r0/6 parts" in err.getvalue() and "6/6 parts, done" in err.getvalue()
    assert "chance of" in capsys.readouterr().out


def test_the_ladder_example_says_what_it_is_doing(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_example", path)
    assert spec is not None and spec.loader is not None
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    argv = ["--games", "2", "--search-games", "2", "--top", "greedy", "--cpu-games", "0"]
    assert ladder.main(argv) == 0
    err = capsys.readouterr().err
    assert err.startswith("match 1/4: greedy v random\n0/2 games\n")
    assert "2/2 games, done" in err
