"""``python -m piquet show``: a saved game told for the table, from a seat, or one deal."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import piquet as pq
from piquet.bots import make, play_game
from piquet.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def final() -> pq.State:
    return play_game(pq.RUBICON, [make("greedy"), make("random", seed=1)], random.Random(1))


@pytest.fixture
def record(tmp_path: Path, final: pq.State) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(pq.dumps(final))
    return path


def _show(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_show_tells_the_whole_game(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _show(capsys, str(record))
    assert status == 0
    assert out.startswith("Rubicon piquet, a partie of six deals. B deals first.")
    assert out.count("Deal ") >= 6 and "Score sheet" in out


def test_show_as_a_player_hides_the_opponents_cards(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = _show(capsys, str(record), "--seat", "a")
    assert "  B holds twelve cards." in out
    assert "  A holds twelve cards." not in out
    lines = out.splitlines()
    b_discards = [line for line in lines if line.startswith("  B discards")]
    assert b_discards and all(re.fullmatch(r"  B discards \w+\.", x) for x in b_discards)
    assert not any(line.startswith("  B took") and "holds" in line for line in lines)
    assert not any("(B holds better" in line for line in lines)


def test_show_one_deal(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _show(capsys, str(record), "--deal", "3")
    deals = [line for line in out.splitlines() if line.startswith("Deal ")]
    assert deals == ["Deal 3: B deals, A is elder."]


def test_show_a_line_of_a_match_file(
    tmp_path: Path, final: pq.State, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.jsonl"
    line = {"a": "greedy", "b": "random", "seats": {"A": "b", "B": "a"}, "record": pq.dumps(final)}
    path.write_text(json.dumps({"record": pq.dumps(pq.new_game())}) + "\n" + json.dumps(line))
    _, out, _ = _show(capsys, str(path), "--game", "2")
    assert out.splitlines()[0] == (
        "Rubicon piquet, a partie of six deals: A (random) against B (greedy). B deals first."
    )


@pytest.mark.parametrize(
    ("content", "args", "complaint"),
    [
        ("", [], "is empty"),
        ("hello\n", [], "neither a game record nor JSON"),
        ('{"x": 1}\n', [], "holds no game record under 'record'"),
        ('{"record": "x"}\n', ["--game", "2"], "has 1 game(s), not 2"),
        ('[Piquet "1"]\n[Ruleset "whist"]\n', [], "unknown ruleset 'whist'"),
        ('[Piquet "1"]\n[Ruleset "rubicon"]\n', ["--deal", "2"], "the game has 0 deal(s)"),
    ],
)
def test_a_bad_record_is_one_line_and_status_2(
    tmp_path: Path,
    content: str,
    args: list[str],
    complaint: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content)
    status, out, err = _show(capsys, str(path), *args)
    assert out == ""
    assert status == 2
    assert complaint in err and err.count("\n") == 1


def test_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _show(capsys, "/no/such/record")
    assert status == 2 and "cannot read '/no/such/record'" in err


def test_step_does_not_wait_without_a_terminal(record: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "piquet", "show", str(record), "--step"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "Score sheet" in done.stdout
    assert "(Enter" not in done.stdout


def test_step_waits_for_enter_on_a_terminal(record: Path) -> None:
    import pexpect

    if not hasattr(pexpect, "spawn"):  # Windows: no pseudo-terminals
        pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "piquet", "show", str(record), "--step", "--deal", "1"],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
    )
    child.expect_exact("A holds")
    child.expect_exact("(Enter: next; q: stop)")
    assert "A discards" not in child.before
    child.sendline("")
    child.expect_exact("A discards")
    child.expect_exact("(Enter: next; q: stop)")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_show_names_the_players_of_a_game_saved_by_play(
    tmp_path: Path, final: pq.State, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "saved.txt"
    path.write_text(pq.dumps(final) + "# piquet play: bot greedy, seat B\n")
    _, out, _ = _show(capsys, str(path))
    assert "A (greedy) against B (you)." in out.splitlines()[0]


def test_show_reads_standard_input(final: pq.State) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "piquet", "show", "-", "--deal", "1"],
        cwd=ROOT,
        input=pq.dumps(final),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "Deal 1: B deals, A is elder." in done.stdout
