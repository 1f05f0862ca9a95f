"""Progress: ``progress=True/False`` in matches, and a plain-text line on standard
error when neither rich nor tqdm is installed."""

from __future__ import annotations

import io
import types

import pytest

import piquet as pq
from piquet._progress import ProgressLine
from piquet.cli import _play, main
from piquet.play.match import MatchError


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
