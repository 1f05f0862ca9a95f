"""The README's example and the scripts in examples/ run and do what they say."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_example_plays_a_whole_partie(capsys: object) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has a Python example"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    state = namespace["state"]
    assert state.is_over and state.result is not None  # type: ignore[attr-defined]
    assert len(state.score_sheet) >= 6  # type: ignore[attr-defined]


def test_greedy_beats_random_under_every_ruleset() -> None:
    module = runpy.run_path(str(ROOT / "examples" / "greedy_vs_random.py"))
    wins = module["main"](games=6, seed=3)
    assert set(wins) == set(__import__("piquet").RULESETS)
    assert sum(wins.values()) > 3 * len(wins)  # better than a coin overall


def test_demo_command_narrates_a_partie() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "piquet", "demo", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert out.startswith(
        "Rubicon piquet, a partie of six deals: A (heuristic) against B (greedy)."
    )
    assert "Score sheet" in out and re.search(r"^(A|B) wins .*\d+ points", out, flags=re.M)


def test_the_readme_s_first_command_narrates_and_explains() -> None:
    """The quick start's command, as the README gives it (after its install steps)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"&& (python -m piquet demo[^\n`]*)", text)
    assert command, "the README's quick start runs the demo"
    args = command[1].split()[3:]
    out = subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert "--explain" in args
    assert "(elder: the elder hand, the non-dealer" in out  # explained where first met
    assert out.count("(elder:") == 1
    assert re.search(r"^(A|B) wins .*\d+ points", out, flags=re.M)


def test_bench_command_prints_its_figures() -> None:
    args = [sys.executable, "-m", "piquet", "bench", "--only", "engine", "--seconds", "0.05"]
    out = subprocess.run(args, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert re.search(r"auto declarations\s*:\s*\d+ deals/s", out)
    assert re.search(r"one apply \(a card played\)\s*:\s*[\d.]+ us", out)
    assert re.search(r"^python: \w+ \d+\.\d+", out, flags=re.M)
