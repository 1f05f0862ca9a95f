"""An analysis shown: as text, as rich text on a terminal, as HTML in a notebook.

Every view shows the same things: each player's summary (expected points lost a deal,
and where: discard, declarations, play; the marks), then the marked decisions, or every
decision with ``every=True``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .._extras import require

if TYPE_CHECKING:
    from .analyse import Analysis, DecisionReport

__all__ = ["decision_line", "html", "rich_renderable", "summary_lines", "text"]

_PHASE_WORDS = {"discard": "discard", "declaration": "declarations", "play": "play"}


def summary_lines(analysis: Analysis) -> list[str]:
    """The heading and each player's summary, as lines of text."""
    from .analyse import BLUNDER, INACCURACY, MISTAKE

    state = analysis.state
    decisions = len(analysis.decisions)
    view = "; with the hindsight view" if analysis.hindsight else ""
    lines = [
        f"Analysis of a game of {state.ruleset.name}: {decisions} decisions, seed "
        f"{analysis.seed}{view}",
        f"Marks: ?! inaccuracy, {INACCURACY:g} points or more expected lost; ? mistake, "
        f"{MISTAKE:g} or more; ?? blunder, {BLUNDER:g} or more",
    ]
    for player, summary in analysis.summary().items():
        where = ", ".join(f"{_PHASE_WORDS[p]} {v:.1f}" for p, v in summary.by_phase.items())
        marks = ", ".join(f"{m} {n}" for m, n in summary.marks.items())
        deals = ", ".join(f"{n}: {v:.1f}" for n, v in summary.by_deal.items())
        lines += [
            f"{player}: {summary.lost:.1f} points lost in {summary.decisions} decisions, "
            f"{summary.lost_a_deal:.1f} a deal ({where}); marks {marks}",
            f"  by deal: {deals}" if deals else "  no deal analysed",
        ]
    return lines


def _said(report: DecisionReport) -> str:
    """The comment without its mark, for a view that shows the mark on its own."""
    return report.comment().removeprefix(report.mark).strip()


def decision_line(report: DecisionReport) -> str:
    """One decision on a line: deal, player, action, mark and comment.

    >>> import piquet as pq
    >>> from piquet.analysis import DecisionReport
    >>> play = pq.parse_action
    >>> report = DecisionReport(
    ...     9, 1, pq.Player.A, "play", play("play 7S"), play("play AS"), 2.0, 6.0, ()
    ... )
    >>> decision_line(report)
    'deal 1  A  play 7S                   ?!  4.0 lost; best play AS (+6.0 against +2.0)'
    """
    return (
        f"deal {report.deal}  {report.player}  {report.action!s:25} "
        f"{report.mark:2}  {_said(report)}"
    )


def _shown(analysis: Analysis, every: bool) -> list[DecisionReport]:
    return [d for d in analysis.decisions if every or d.mark]


def text(analysis: Analysis, every: bool = False) -> str:
    """The analysis as plain text: the summary, then the marked decisions (every one
    with ``every``)."""
    shown = _shown(analysis, every)
    lines = [*summary_lines(analysis), ""]
    if shown:
        lines.append("Every decision:" if every else "Marked decisions:")
        lines += [decision_line(d) for d in shown]
    else:
        lines.append("No decision marked.")
    return "\n".join(lines)


def html(analysis: Analysis, every: bool = False) -> str:
    """The analysis as one HTML element: the summary and a table of the decisions
    shown (no scripts, no files)."""
    head = summary_lines(analysis)
    parts = ['<div class="pq-analysis" style="font-family:sans-serif;font-size:13px">']
    parts.append(f"<p><b>{escape(head[0])}</b><br/>{escape(head[1])}</p>")
    parts.append(
        '<table class="pq-analysis-summary"><tr><th>player</th><th>lost</th>'
        "<th>a deal</th><th>discard</th><th>declarations</th><th>play</th>"
        "<th>?!</th><th>?</th><th>??</th></tr>"
    )
    for player, s in analysis.summary().items():
        cells = [str(player), f"{s.lost:.1f}", f"{s.lost_a_deal:.1f}"]
        cells += [f"{s.by_phase[p]:.1f}" for p in _PHASE_WORDS]
        cells += [str(s.marks[m]) for m in ("?!", "?", "??")]
        parts.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    parts.append("</table>")
    shown = _shown(analysis, every)
    if shown:
        parts.append(
            '<table class="pq-analysis-decisions"><tr><th>deal</th><th>player</th>'
            "<th>played</th><th>mark</th><th>comment</th></tr>"
        )
        for d in shown:
            cells = [str(d.deal), str(d.player), str(d.action), d.mark, _said(d)]
            parts.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table>")
    else:
        parts.append("<p>No decision marked.</p>")
    parts.append("</div>")
    return "".join(parts)


_STYLES = {"??": "bold red", "?": "red", "?!": "yellow", "": ""}


def rich_renderable(analysis: Analysis, every: bool = False) -> Any:
    """The analysis as a :mod:`rich` renderable (the ``cli`` extra): the summary and a
    table of the decisions shown, marks in colour."""
    console = require("rich.console", "cli", "the rich view of an analysis")
    table_module = require("rich.table", "cli", "the rich view of an analysis")
    head = summary_lines(analysis)
    summary = table_module.Table(title=head[0], caption=head[1])
    for column in ("player", "lost", "a deal", "discard", "declarations", "play", "?!", "?", "??"):
        summary.add_column(column, justify="left" if column == "player" else "right")
    for player, s in analysis.summary().items():
        summary.add_row(
            str(player),
            f"{s.lost:.1f}",
            f"{s.lost_a_deal:.1f}",
            *(f"{s.by_phase[p]:.1f}" for p in _PHASE_WORDS),
            *(str(s.marks[m]) for m in ("?!", "?", "??")),
        )
    decisions = table_module.Table(title="Every decision" if every else "Marked decisions")
    for column in ("deal", "player", "played", "mark", "comment"):
        decisions.add_column(column)
    for d in _shown(analysis, every):
        style = _STYLES[d.mark]
        decisions.add_row(str(d.deal), str(d.player), str(d.action), d.mark, _said(d), style=style)
    return console.Group(summary, decisions)
