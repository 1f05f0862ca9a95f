"""The child processes a test starts: when one has started, and that none is left behind
(Linux ``/proc``)."""

from __future__ import annotations

import os
import select
import subprocess
from pathlib import Path

import pytest

needs_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="counts child processes in /proc (Linux)"
)


def children(marker: str) -> list[tuple[int, str]]:
    """This process's children, running or zombie, whose command line holds ``marker``:
    each one's pid and state letter (``R``, ``S``, ``Z`` ...)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # ended while we looked
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == os.getpid() and marker in command:
            found.append((int(entry.name), state))
    return found


def first_line_of_stderr(process: subprocess.Popen[str], timeout: float = 60) -> str:
    """Wait for the first line ``process`` writes on its standard error (a pipe), such as
    the progress line a match writes once it has started: a fixed sleep before a signal
    is too short on a loaded machine, where importing the package alone can take
    seconds, and the signal then interrupts the import, not the match."""
    assert process.stderr is not None
    ready, _, _ = select.select([process.stderr], [], [], timeout)
    assert ready, f"no line on stderr in {timeout} s"
    return process.stderr.readline()
