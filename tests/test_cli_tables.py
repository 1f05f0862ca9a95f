"""The command line's match and tournament summaries: rich tables with the ``cli`` extra,
the plain text of ``summary()`` without it, the same figures either way."""

from __future__ import annotations

import sys

import pytest

import piquet as pq
from piquet.cli import main


def without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make rich unimportable, as when the ``cli`` extra is not installed."""
    for name in [name for name in sys.modules if name == "rich" or name.startswith("rich.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "rich", None)


def timeless(text: str) -> list[str]:
    """The lines of a summary but its thinking times, which differ between runs."""
    return [line for line in text.splitlines() if "ms per decision" not in line]


def assert_laid_out(out: str, result: pq.MatchResult | pq.TournamentResult) -> None:
    """Every row of every table of the summary is one line of ``out``, its cells in order,
    under a rule of box-drawing characters; no control codes off a terminal."""
    summary = result.summary_tables()
    lines = out.splitlines()
    assert lines[0] == summary.lines[0]
    assert "\x1b[" not in out
    for table in summary.tables:
        header = [line for line in lines if line.split() == " ".join(table.headers).split()]
        assert header, table.headers
        assert set(lines[lines.index(header[0]) + 1]) == {"─"}
        for row in table.rows:
            if row[0] != "ms per decision":
                assert any(line.split() == " ".join(row).split() for line in lines), row


@pytest.mark.cli
def test_the_match_summary_is_a_rich_table_with_the_same_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["match", "--games", "4", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert_laid_out(out, pq.match("greedy", "random", games=4, seed=3))
    assert out != pq.match("greedy", "random", games=4, seed=3).summary() + "\n"


@pytest.mark.cli
def test_the_tournament_summary_is_two_rich_tables_with_the_same_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = ["greedy", "random", "heuristic"]
    assert main(["tournament", "--bots", *bots, "--games", "2", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert_laid_out(out, pq.tournament(bots, games=2, seed=1))


@pytest.mark.cli
def test_a_bot_name_like_rich_markup_is_printed_as_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = pq.match(pq.bots.GreedyBot(), "random", games=2, seed=1)
    named = pq.MatchResult(
        a="[bold]x[/bold]",
        b=result.b,
        ruleset=result.ruleset,
        seed=1,
        duplicate=True,
        planned=2,
        games=result.games,
    )
    from piquet.cli._tables import print_summary

    print_summary(named)
    assert "[bold]x[/bold] v random" in capsys.readouterr().out


def test_without_rich_the_match_summary_is_the_plain_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    without_rich(monkeypatch)
    assert main(["match", "--games", "4", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert timeless(out) == timeless(pq.match("greedy", "random", games=4, seed=3).summary())
    assert "─" not in out


def test_without_rich_the_tournament_summary_is_the_plain_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    without_rich(monkeypatch)
    bots = ["greedy", "random", "heuristic"]
    assert main(["tournament", "--bots", *bots, "--games", "2", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out == pq.tournament(bots, games=2, seed=1).summary() + "\n"
