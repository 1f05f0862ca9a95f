"""A summary as data: the lines above the tables, and the tables' cells.

:meth:`~piquet.matches.match.MatchResult.summary` and
:meth:`~piquet.matches.tournament.TournamentResult.summary` print it as plain text; the
command line lays the same cells out with rich when the ``cli`` extra is installed, so
both show the same figures.

>>> table = SummaryTable(("bot", "elo"), (("greedy", "+264"),), widths=(8, 6), gaps=("  ",))
>>> print(Summary(("a title",), (table,)).plain())
a title
<BLANKLINE>
  bot          elo
  greedy      +264
"""

from __future__ import annotations

import attrs

__all__ = ["Summary", "SummaryTable"]


@attrs.frozen
class SummaryTable:
    """A table's header and rows of text cells; the first column is a label (left
    aligned), the others figures (right aligned). ``widths`` and ``gaps`` (between
    neighbouring columns) lay it out as plain text."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[int, ...]
    gaps: tuple[str, ...]

    def plain(self) -> list[str]:
        """The table as lines of plain text, each indented by two spaces."""
        lines = []
        for row in (self.headers, *self.rows):
            text = f"  {row[0]:<{self.widths[0]}}"
            for gap, width, cell in zip(self.gaps, self.widths[1:], row[1:], strict=True):
                text += f"{gap}{cell:>{width}}"
            lines.append(text.rstrip())
        return lines


@attrs.frozen
class Summary:
    """The lines above the tables (the first is the title), then the tables, each
    preceded by a blank line."""

    lines: tuple[str, ...]
    tables: tuple[SummaryTable, ...]

    def plain(self) -> str:
        """The whole summary as plain text."""
        out = [line.rstrip() for line in self.lines]
        for table in self.tables:
            out += ["", *table.plain()]
        return "\n".join(out)
