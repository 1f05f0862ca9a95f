"""What the declarations record beyond the golden traces' fingerprint: every ledger entry
with the cards it shows, and the cards each player scored in combinations and his carte
rouge (parts of a state's equality). The digests were recorded with the engine of main
at 6a93db7, before the declarations were compiled into tables (issue 8), for seeded
random games of every preset: the tables must reproduce them exactly. The digests of
played declarations were recorded again when the younger came to answer a call a word at
a time (R-DE-1a), which changes the random games; the automatic ones are unchanged."""

from __future__ import annotations

import hashlib
import random

import pytest

import piquet as pq

RECORDED = {
    ("au_cent", "auto"): "c4530e0773563a38",
    ("au_cent", "played"): "06522fb19516402c",
    ("au_cent_101", "auto"): "c4530e0773563a38",
    ("au_cent_101", "played"): "06522fb19516402c",
    ("au_cent_36", "auto"): "28b5066d7235e132",
    ("au_cent_36", "played"): "d4d468223ef689c8",
    ("carte_rouge", "auto"): "8d29edc65943a870",
    ("carte_rouge", "played"): "e99c393cbcb2fdb2",
    ("cotton_1674", "auto"): "ad6f3e41323be11d",
    ("cotton_1674", "played"): "ccd9ebe0e54ac916",
    ("cotton_1995", "auto"): "e7ddaaac1d06106b",
    ("cotton_1995", "played"): "b3d56a40cc88a564",
    ("rubicon", "auto"): "c4530e0773563a38",
    ("rubicon", "played"): "06522fb19516402c",
}


def digest(ruleset: pq.Ruleset, declarations: str, seeds: int = 6, deals: int = 2) -> str:
    """The digest of two random deals of six seeded games, state by state."""
    h = hashlib.sha256()
    for seed in range(seeds):
        rng = random.Random(seed)
        state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
        dealt = 0
        while not state.is_over:
            action: pq.Action
            if state.to_move is pq.CHANCE:
                if dealt == deals:
                    break
                dealt += 1
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
            decl = state._decl
            h.update(repr((str(action), decl.scored, decl.rouge)).encode())
            entries = [(e.player.name, e.points, e.reason.name, str(e.cards)) for e in state.events]
            h.update(repr(entries).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("name", "declarations"), sorted(RECORDED))
def test_the_declarations_record_what_they_recorded_before_the_tables(
    name: str, declarations: str
) -> None:
    assert digest(pq.find_ruleset(name), declarations) == RECORDED[(name, declarations)]
