"""The summary's lines on the tests a run left out (the root conftest.py) are the same
whether the tests run in one process or in pytest-xdist's workers, which collect and
deselect while the controller writes the summary."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# a selection of slow tests only: the run deselects them all and runs nothing (status 5)
SELECTION = ["tests/test_native_solver.py", "-k", "kernel_bounds_are_the_pure_searchs_in_every"]


def _summary(workers: str) -> list[str]:
    args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", workers]
    run = subprocess.run([*args, *SELECTION], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 5, run.stdout[-2000:] + run.stderr[-2000:]  # no test ran
    return [
        line
        for line in run.stdout.splitlines()
        if re.match(r"deselected \d+ slow tests?|compiled kernel|'\w+' extra not installed", line)
    ]


def test_the_workers_summary_says_what_one_process_says() -> None:
    alone = _summary("0")
    assert any(re.match(r"deselected \d+ slow tests? \(pytest --run-slow", x) for x in alone)
    assert _summary("1") == alone  # one worker: the controller still writes the summary
