"""The summaries of ``match`` and ``tournament``: rich tables when the ``cli`` extra is
installed, plain text otherwise (the same cells either way).

rich is imported only here, when a summary is printed. Its console writes no colour
and no control codes when the output is not a terminal (a pipe, a file, a log) or when
``NO_COLOR`` is set; off a terminal the tables are laid out at their natural width, not
folded to 80 columns.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from ..matches.match import MatchResult
from ..matches.tournament import TournamentResult

__all__ = ["print_summary"]


def print_summary(result: MatchResult | TournamentResult) -> None:
    """Print ``result``'s summary on standard output."""
    summary = result.summary_tables()
    try:
        rich: Any = {
            name: importlib.import_module(f"rich.{name}") for name in ("box", "console", "table")
        }
        text: Any = importlib.import_module("rich.text").Text
    except ImportError:
        print(summary.plain())
        return
    out = sys.stdout
    terminal = bool(getattr(out, "isatty", lambda: False)())
    console = rich["console"].Console(
        file=out,
        markup=False,
        highlight=False,
        emoji=False,
        width=None if terminal else 10_000,
    )
    for line in summary.lines:
        console.print(text(line.rstrip()))
    for table in summary.tables:
        console.print()
        laid_out = rich["table"].Table(box=rich["box"].SIMPLE_HEAD, show_edge=False)
        for number, header in enumerate(table.headers):
            laid_out.add_column(
                text(header), justify="left" if number == 0 else "right", no_wrap=not terminal
            )
        for row in table.rows:
            laid_out.add_row(*(text(cell) for cell in row))
        console.print(laid_out)
