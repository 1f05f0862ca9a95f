"""Golden traces: fingerprints of every state of seeded random games, per deal.

Recorded once with the engine as it was before a rewrite, and replayed by
``tests/test_golden.py``: a rewrite is safe only while the same seeds give the same
fingerprints. A fingerprint covers what the rules decide and what each player may see:
phase, mover, hands, scores, the ledger, what was spoken, the tricks, the legal actions
and both observations. It leaves out representation (JSON layout, reprs), so a faithful
rewrite keeps it.

Regenerate on purpose only, in a commit of its own that says why::

    python tests/golden/record.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))

import piquet as pq  # noqa: E402

TRACES = HERE / "traces.json.gz"

#: (label, ruleset, declarations, number of games)
HOUSE = {
    "rubicon+rouge": pq.RUBICON.evolve(carte_rouge=20),
    "rubicon+cards_toward_pique": pq.RUBICON.evolve(cards_count_toward_pique=True),
    "au_cent+last_trick_10": pq.AU_CENT.evolve(last_trick=10),
}


def cases() -> Iterator[tuple[str, pq.Ruleset, str, int]]:
    for name, ruleset in sorted(pq.RULESETS.items()):
        for declarations in ("played", "auto"):
            yield f"{name}/{declarations}", ruleset, declarations, 16
    for label, ruleset in HOUSE.items():
        for declarations in ("played", "auto"):
            yield f"{label}/{declarations}", ruleset, declarations, 6


def _seen(obs: pq.Observation) -> str:
    return "|".join(
        (
            str(obs.hand),
            str(obs.discard),
            str(obs.seen_stock),
            str(obs.opponent_shown),
            str(obs.opponent_known),
            str(obs.opponent_hand_size),
            str(obs.stock_size),
            str(obs.taken),
            str(obs.left_cards),
            ";".join(map(str, obs.spoken)),
            ";".join(map(str, obs.tricks)),
            " ".join(map(str, obs.trick)),
            str(len(obs.legal_actions)),
        )
    )


def fingerprint(state: pq.State) -> str:
    """One line for one state: what the rules decided and what each player sees."""
    legal = state.legal_actions() if not state.is_over and state.to_move is not pq.CHANCE else ()
    parts = [
        state.phase.value,
        str(state.to_move),
        str(state.dealer),
        str(state.deal_number),
        str(state.hand(pq.Player.A)),
        str(state.hand(pq.Player.B)),
        str(state.scores),
        str(state.deal_scores),
        str(state.score_sheet),
        str(state.tricks_won),
        ";".join(f"{e.player}:{e.points}:{e.reason.name}" for e in state.events),
        ";".join(map(str, state.spoken)),
        str(state.result),
        str(len(legal)),
        hashlib.sha256(" ".join(map(str, legal)).encode()).hexdigest()[:12],
        _seen(state.observation(pq.Player.A)),
        _seen(state.observation(pq.Player.B)),
    ]
    return "\n".join(parts)


def play(ruleset: pq.Ruleset, declarations: str, seed: int) -> list[str]:
    """The digests of one seeded random game, one per deal (and one for the start)."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    digests: list[str] = []
    running = hashlib.sha256(fingerprint(state).encode())
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            digests.append(running.hexdigest()[:16])
            running = hashlib.sha256()
            action: pq.Action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        running.update(str(action).encode())
        running.update(fingerprint(state).encode())
    digests.append(running.hexdigest()[:16])
    return digests


def record() -> dict[str, list[list[str]]]:
    return {
        label: [play(ruleset, declarations, seed) for seed in range(games)]
        for label, ruleset, declarations, games in cases()
    }


if __name__ == "__main__":
    traces = record()
    TRACES.write_bytes(gzip.compress(json.dumps(traces, indent=0, sort_keys=True).encode(), 9))
    total = sum(len(games) for games in traces.values())
    print(f"{total} games of {len(traces)} cases written to {TRACES}")
