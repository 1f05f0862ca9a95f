"""A program spoken to in lines: started with pipes, read by threads, never left a zombie.

:class:`Child` starts a program in its own session (so that Ctrl-C in a terminal reaches
the runner, which then ends the program itself), reads its standard output line by line
into a queue on a thread, keeps the tail of its standard error on another thread (and
copies it to a file if asked), and waits for it whenever it ends: on :meth:`Child.stop`,
when the :class:`Child` is collected, or when the interpreter exits.

>>> import sys
>>> child = Child([sys.executable, "-c", "print(input().upper())"])
>>> child.send("hello\\n"), child.receive(5.0)
(True, 'HELLO')
>>> child.receive(5.0) is None  # the end of its output
True
>>> child.stop(); child.returncode
0
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Final

from .codec import MAX_LINE

__all__ = ["TIMEOUT", "Child"]

#: What :meth:`Child.receive` returns when no line came in time.
TIMEOUT: Final = "\x00timeout"

#: How many lines of standard error a child keeps.
STDERR_LINES: Final = 200


class Child:
    """A running program, its output read as lines (see the module's example)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cwd: str | Path | None = None,
        env: dict[str, str] | None = None,
        stderr_path: str | Path | None = None,
    ) -> None:
        self.argv = list(argv)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._stderr_file: IO[str] | None = (
            None if stderr_path is None else open(stderr_path, "a", encoding="utf-8")  # noqa: SIM115
        )
        self.popen = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            cwd=cwd,
            env=env,
            start_new_session=os.name == "posix",
        )
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._threads = (
            threading.Thread(target=_read_lines, args=(self.popen.stdout, self.lines), daemon=True),
            threading.Thread(
                target=_keep_tail,
                args=(self.popen.stderr, self.stderr, self._stderr_file),
                daemon=True,
            ),
        )
        for thread in self._threads:
            thread.start()
        self._finalizer = weakref.finalize(self, _end, self.popen, 0.0)

    @property
    def returncode(self) -> int | None:
        """The program's exit status once it has ended and been waited for, else None."""
        return self.popen.poll()

    def send(self, line: str) -> bool:
        """Write ``line`` (ending in a newline); False when the program no longer reads."""
        stdin = self.popen.stdin
        try:
            assert stdin is not None
            stdin.write(line)
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def receive(self, timeout: float) -> str | None:
        """The next line of output without its newline, None at the end of the output,
        or :data:`TIMEOUT` when none comes within ``timeout`` seconds."""
        try:
            line = self.lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return TIMEOUT
        if line is None:
            self.lines.put(None)  # the end stays the end
        return line

    def stderr_tail(self, lines: int = 5) -> str:
        """The last ``lines`` lines of the program's standard error, joined by " | "."""
        tail = list(self.stderr)[-lines:]
        return " | ".join(line.rstrip() for line in tail)

    def stop(self, grace: float = 1.0) -> None:
        """End the program: close its input, give it ``grace`` seconds to exit, then
        kill it; always wait for it (no zombie)."""
        self._finalizer.detach()
        _end(self.popen, grace)
        for thread in self._threads:
            thread.join(timeout=1.0)
        if self._stderr_file is not None:
            self._stderr_file.close()
            self._stderr_file = None

    def exited_within(self, seconds: float) -> bool:
        """Whether the program ends within ``seconds``, without ending it."""
        deadline = time.monotonic() + seconds
        while self.popen.poll() is None:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return True


def _end(popen: subprocess.Popen[str], grace: float) -> None:
    """Close ``popen``'s input, wait ``grace`` seconds, kill it, and wait for it."""
    if popen.stdin is not None:
        with contextlib.suppress(OSError):
            popen.stdin.close()
    try:
        popen.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        popen.kill()
        popen.wait()


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while True:  # drop the rest of an endless line, and say so
                    rest = stream.readline(MAX_LINE)
                    if not rest or rest.endswith("\n"):
                        break
                lines.put(line[:80] + "\x00...")  # not JSON: answered as malformed
                continue
            lines.put(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)


def _keep_tail(stream: IO[str], tail: collections.deque[str], copy: IO[str] | None) -> None:
    try:
        for line in stream:
            tail.append(line)
            if copy is not None and not copy.closed:
                copy.write(line)
                copy.flush()
    except (OSError, ValueError):
        pass
