"""The command line: bad arguments end in one line and status 2, help shows defaults,
a closed pipe ends quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import piquet as pq
from piquet.cli import main
from piquet.cli.demo import DEFAULT_BOTS

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,  # type: ignore[call-overload]
    )


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["bench", "--seconds", "nan"], "--seconds: seconds must be a number above 0, not 'nan'"),
        (["bench", "--seconds", "0"], "not '0'"),
        (["bench", "--seconds", "-1"], "not '-1'"),
        (["bench", "--seconds", "inf"], "not 'inf'"),
        (["bench", "--floor", "/missing.py"], "--floor: no such file: '/missing.py'"),
        (["perft", "--depth", "0"], "--depth: expected a whole number of at least 1, not '0'"),
        (["perft", "--depth", "-3"], "not '-3'"),
        (["demo", "--ruleset", "whist"], "no ruleset 'whist'; known: au_cent"),
        (["demo", "--a", "nobody"], "unknown bot 'nobody'; known bots: "),
        (["perft", "--ruleset", "nope"], "no ruleset 'nope'"),
        (["bench", "--ruleset", "nope"], "no ruleset 'nope'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_a_bad_argument_is_one_line_and_status_2(
    args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert complaint in err
    assert "Traceback" not in err


def test_a_floor_without_simulate_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    floor = tmp_path / "floor.py"
    floor.write_text("x = 1\n")
    assert main(["bench", "--floor", str(floor)]) == 2
    assert "defines no simulate(n, rng) function" in capsys.readouterr().err
    floor.write_text("this is not python\n")
    assert main(["bench", "--floor", str(floor)]) == 2
    err = capsys.readouterr().err
    assert "fails to load" in err and err.count("\n") == 1


def test_ruleset_names_ignore_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--ruleset", "RUBICON", "--depth", "1"]) == 0
    assert "depth" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"piquet {pq.__version__}\n"


@pytest.mark.parametrize("command", ["demo", "bench", "perft"])
def test_help_shows_defaults_in_plain_text(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "(default: rubicon)" in out
    assert "``" not in out and ":func:" not in out and ":class:" not in out


def test_demo_into_a_closed_pipe_ends_quietly() -> None:
    shell = f"{sys.executable} -m piquet demo | head -1"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {shell}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.startswith("Rubicon piquet")
    assert done.stdout.count("\n") == 1
    assert done.stderr == ""


def test_demo_runs_and_names_its_bots() -> None:
    done = run_cli("demo", "--seed", "2", "--symbols")
    assert done.returncode == 0
    bots = f"A ({DEFAULT_BOTS[0]}) against B ({DEFAULT_BOTS[1]})"
    assert bots in done.stdout.splitlines()[0]
    assert "♠" in done.stdout


def test_output_to_a_pipe_closed_at_once_ends_quietly() -> None:
    # the reader is gone before the first line is written: every write fails
    child = subprocess.Popen(
        [sys.executable, "-m", "piquet", "demo"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    error = child.stderr.read()
    child.wait(timeout=120)
    assert "BrokenPipeError" not in error and "Traceback" not in error
    assert error == ""
    assert child.returncode == 141


def test_the_demo_sample_in_the_docs_is_what_the_demo_prints() -> None:
    page = (ROOT / "docs" / "play.rst").read_text(encoding="utf-8")
    block = page.split("the score sheet closes the game::\n\n", 1)[1].split("\n\n\n", 1)[0]
    block = block.split("\n\nA player who", 1)[0]
    sample = [line[3:] for line in block.splitlines() if line.strip() not in ("", "...")]
    out = run_cli("demo", "--seed", "1").stdout.splitlines()
    assert len(sample) > 10
    position = 0
    for line in sample:
        position = out.index(line, position) + 1  # in order, each line as printed
