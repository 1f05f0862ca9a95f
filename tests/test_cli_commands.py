"""Commands of the command line run in-process: perft --divide, search-bench on the
rulesets asked, and perft's report of a position with no stock left."""

from __future__ import annotations

import re

import pytest

import piquet as pq
from piquet.cli import main
from piquet.perft import position, report


def test_perft_divide_prints_the_count_under_each_first_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["perft", "--divide", "--depth", "1", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    state = position(pq.RUBICON, seed=2)
    assert lines == [f"{action}: 1" for action in map(str, state.legal_actions())]


def test_search_bench_measures_each_ruleset_asked(
    capsys: pytest.CaptureFixture[str], frozen_heap: None
) -> None:
    argv = ["search-bench", "--deals", "1", "--positions", "1"]
    assert main([*argv, "--ruleset", "au_cent", "--ruleset", "carte_rouge"]) == 0
    out = capsys.readouterr().out
    for name in ("au_cent", "carte_rouge"):
        assert re.search(rf"^sample {name} \(auto declarations\): \d+ us a sample", out, re.M)
        assert re.search(rf"^solve {name}, 12 tricks left: mean [\d.]+ ms", out, re.M)
    assert "rubicon" not in out


def test_report_leaves_out_an_empty_stock() -> None:
    state = position(pq.RUBICON, seed=1, phase="exchange")
    while state.stock:
        legal = state.legal_actions()
        state = state.apply(max(legal, key=lambda a: len(getattr(a, "discard", ()))))
    lines: list[str] = []
    assert report(state, 1, out=lines.append) == 0
    assert not any(line.startswith("  stock:") for line in lines)
    assert lines[-1].split()[:2] == ["1", f"{len(state.legal_actions()):,}"]
