"""The engine replays the golden traces recorded before its rewrite (tests/golden)."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))

from record import TRACES, cases, play

GOLDEN: dict[str, list[list[str]]] = json.loads(gzip.decompress(TRACES.read_bytes()))


def test_the_traces_cover_every_case() -> None:
    assert sorted(GOLDEN) == sorted(label for label, *_ in cases())


@pytest.mark.parametrize(
    ("label", "ruleset", "declarations", "games"),
    # The presets' 16-game traces are slow (nox -s slow); the house rules' run every time.
    [case if case[3] < 16 else pytest.param(*case, marks=pytest.mark.slow) for case in cases()],
)
def test_seeded_games_replay_the_golden_trace(
    label: str, ruleset: object, declarations: str, games: int
) -> None:
    expected = GOLDEN[label]
    assert len(expected) == games
    for seed, digests in enumerate(expected):
        actual = play(ruleset, declarations, seed)  # type: ignore[arg-type]
        differs = next(
            (i for i, (a, b) in enumerate(zip(actual, digests, strict=False)) if a != b), None
        )
        assert differs is None and len(actual) == len(digests), (
            f"{label} seed {seed}: first differs at deal {differs} "
            f"({len(actual)} vs {len(digests)} deals)"
        )
