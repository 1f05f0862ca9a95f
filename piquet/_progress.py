"""A plain-text progress line on standard error, for when rich and tqdm are absent.

On a terminal the line is rewritten in place; elsewhere (a log, a pipe) a line is
written at most every tenth of the work, so a log stays short.

>>> import io
>>> out = io.StringIO()
>>> line = ProgressLine("game", out)
>>> for done in range(0, 5):
...     line(done, 4)
>>> print(out.getvalue(), end="")
0/4 games
1/4 games
2/4 games
3/4 games
4/4 games, done
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressLine"]


class ProgressLine:
    """A callable ``progress(done, total)`` that shows ``done/total`` units, the time
    spent and, once under way, an estimate of the time left."""

    def __init__(self, unit: str = "game", stream: TextIO | None = None) -> None:
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.shown = -1
        self.in_place = bool(getattr(self.stream, "isatty", lambda: False)())
        self.last = 0.0
        self.open = False  # a line in place not yet ended

    def text(self, done: int, total: int) -> str:
        spent = time.perf_counter() - self.start
        words = f"{done}/{total} {self.unit}s"
        if done >= total:
            return f"{words}, done" + (f" in {spent:.0f} s" if spent >= 1 else "")
        if done and spent >= 1:
            left = spent / done * (total - done)
            words += f", {spent:.0f} s spent, about {left:.0f} s left"
        return words

    def __call__(self, done: int, total: int) -> None:
        if self.in_place:
            now = time.perf_counter()
            if done < total and done and now - self.last < 0.1:
                return  # at most ten redraws a second
            self.last = now
            end = "\n" if done >= total else ""
            self.stream.write(f"\r{self.text(done, total)}\033[K{end}")
            self.open = not end
        else:
            step = max(1, total // 10)
            if done != total and done // step == self.shown // step and self.shown >= 0:
                return
            self.stream.write(self.text(done, total) + "\n")
        self.shown = done
        self.stream.flush()

    def close(self) -> None:
        """End an unfinished line in place (after an interruption)."""
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False
