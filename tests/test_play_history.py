"""``play`` keeps the lines typed in a history file, from one session to the next: Up
recalls a line typed in an earlier game; a history file that cannot be read or written
is a warning, never the end of the game."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from piquet.cli._terminal import HISTORY_LENGTH, Reader, history_path

ROOT = Path(__file__).resolve().parent.parent
UP = "\x1b[A"


def spawn(history: str | None, **environ: str):  # type: ignore[no-untyped-def]
    """``python -m piquet play`` in a pseudo-terminal, with ``PIQUET_HISTORY=history``
    (None: not set)."""
    import pexpect

    env = dict(os.environ, NO_COLOR="1", COLUMNS="120", TERM="xterm")
    for name in ("PIQUET_HISTORY", "XDG_STATE_HOME"):
        env.pop(name, None)
    if history is not None:
        env["PIQUET_HISTORY"] = history
    env.update(environ)
    return pexpect.spawn(
        sys.executable,
        ["-m", "piquet", "play", "--seed", "3", "--bot", "random"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(50, 120),
    )


def quit_without_saving(child) -> None:  # type: ignore[no-untyped-def]
    import pexpect

    child.sendline("quit")
    child.expect_exact("Save the game? [y/N]")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.cli
def test_up_recalls_a_line_typed_in_an_earlier_game(tmp_path: Path) -> None:
    history = tmp_path / "state" / "history"  # its folder is made when first written
    first = spawn(str(history))
    first.expect_exact("Your move>")
    first.sendline("sheet")
    first.expect_exact("Your move>")
    quit_without_saving(first)
    assert "sheet" in history.read_text().split()

    second = spawn(str(history))
    second.expect_exact("Your move>")
    second.send(UP + UP)  # "quit" was typed last, "sheet" before it (not the "n")
    second.expect_exact("sheet")
    second.send("\r")
    second.expect_exact("Your move>")
    second.send(UP)  # and this session's own line comes first now
    second.expect_exact("sheet")
    second.send("\x15")  # erase the line
    quit_without_saving(second)


@pytest.mark.cli
def test_an_empty_piquet_history_keeps_no_file(tmp_path: Path) -> None:
    child = spawn("", HOME=str(tmp_path))
    child.expect_exact("Your move>")
    child.sendline("sheet")
    child.expect_exact("Your move>")
    quit_without_saving(child)
    assert list(tmp_path.iterdir()) == []  # no ~/.piquet_history, nor anything else


@pytest.mark.cli
def test_by_default_the_history_is_kept_in_the_home_directory(tmp_path: Path) -> None:
    child = spawn(None, HOME=str(tmp_path))
    child.expect_exact("Your move>")
    child.sendline("hand")
    child.expect_exact("Your move>")
    quit_without_saving(child)
    assert "hand" in (tmp_path / ".piquet_history").read_text().split()


@pytest.mark.cli
def test_an_unusable_history_file_is_a_warning_and_the_game_goes_on(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    child = spawn(str(blocked / "history"))
    child.expect_exact("Your move>")
    quit_without_saving(child)  # the exit status is 0 all the same
    assert "play: warning: cannot write the history file" in child.before


def test_a_history_file_that_cannot_be_read_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("readline", reason="line editing needs readline")
    reader = Reader(tmp_path)  # a folder: it exists and cannot be read
    assert reader.readline is not None
    assert f"warning: cannot read the history file {str(tmp_path)!r}" in capsys.readouterr().err


def test_the_history_file_keeps_the_last_lines(tmp_path: Path) -> None:
    readline = pytest.importorskip("readline", reason="line editing needs readline")
    path = tmp_path / "history"
    reader = Reader(path)
    readline.clear_history()
    for number in range(HISTORY_LENGTH + 5):
        readline.add_history(f"line {number}")
    reader.save()
    readline.clear_history()
    lines = [line for line in path.read_text().splitlines() if line.startswith("line")]
    assert len(lines) == HISTORY_LENGTH and lines[-1] == f"line {HISTORY_LENGTH + 4}"


def test_where_the_history_is_kept() -> None:
    assert history_path({"PIQUET_HISTORY": "~/h"}) == Path.home() / "h"
    assert history_path({"XDG_STATE_HOME": "/s"}) == Path("/s/piquet/history")
    assert history_path({}) == Path.home() / ".piquet_history"
