"""The package's face: every public name is there, and the tools' names (matches,
analysis) are imported the first time they are asked for, not by ``import piquet``."""

from __future__ import annotations

import subprocess
import sys

import pytest

import piquet as pq

LAZY = ("Analysis", "analyse", "MatchResult", "match", "TournamentResult", "tournament")


def test_every_public_name_is_there_and_listed_by_dir() -> None:
    for name in pq.__all__:
        assert getattr(pq, name) is not None, name
    assert set(pq.__all__) <= set(dir(pq))
    assert set(LAZY) <= set(pq.__all__)


def test_the_lazy_names_are_the_modules_own() -> None:
    from piquet.analysis import analyse
    from piquet.matches.match import MatchResult, match
    from piquet.matches.tournament import tournament

    assert pq.analyse is analyse and pq.match is match and pq.tournament is tournament
    assert pq.MatchResult is MatchResult


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        pq.no_such_name  # noqa: B018


def test_import_piquet_does_not_import_the_bots_until_a_tool_is_asked_for() -> None:
    code = (
        "import sys, piquet as pq\n"
        "before = sorted(m for m in sys.modules if m.startswith(('piquet.bots', "
        "'piquet.matches', 'piquet.analysis')))\n"
        "pq.match\n"
        "print(before, 'piquet.bots' in sys.modules, 'piquet.matches.match' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["[]", "True", "True"], run.stdout + run.stderr
