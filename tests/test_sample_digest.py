"""The samples themselves, pinned: a digest of the states ``sample_state`` draws from
fixed random streams, over every preset and both declaration modes, with each
observer. The sampler's shortcuts (answers remembered, states dealt again instead of
replayed, the kernel's placement and duels) must leave every sample as it was, on
either path; a change that alters a sample on purpose (another way of drawing) changes
this digest, and must say so in the CHANGELOG.
"""

from __future__ import annotations

import hashlib
import random

import piquet as pq
from piquet.search.sampling import Declarations, sample_state

#: made on 2026-11-29 from the sampler of before the shortcuts (commit a263e64), found
#: again after them on both paths (54379226ff800aad); made again on 2026-12-02, on both
#: paths, when the pilot of automatic declarations turned to the witnesses only where
#: fewer than 2 of its 16 draws are kept (another way of drawing, as uniform); made
#: again on 2026-12-02, on both paths, when a replay's choice of the opponent's unshown
#: call shuffled only the claims saying the words heard, not all his claims (a uniform
#: order of the candidates either way: another way of drawing, as uniform); made again
#: on 2026-12-02, on both paths, when the pilot of automatic declarations counted the
#: draws the words heard keep, not the draws replayed (the choice of plain draws or
#: witnesses: either is uniform); made again on 2026-12-03, on both paths, when a
#: placement whose hand holds no claim saying the opponent's unshown opening words was
#: dropped before it was dealt, not by the replay (the same placements kept, fewer
#: random numbers drawn for those dropped); made again on 2026-12-03, on both paths,
#: when the opponent's unshown answers that would not score as the ledger shows were
#: left out of a replay's choice (the same placements kept; a uniform order of the
#: answers that may be his either way)
PINNED = "b7e7b5ba5d77866c"


def sample_digest(per_mode: int = 6, samples: int = 2) -> str:
    digest = hashlib.sha256()
    for name in sorted(pq.RULESETS):
        modes: tuple[Declarations, ...] = ("auto", "played")
        for declarations in modes:
            rng = random.Random(f"{name} {declarations}")
            found = 0
            while found < per_mode:
                state = pq.new_game(pq.RULESETS[name], declarations=declarations)
                while not state.is_over and found < per_mode:
                    if state.to_move is pq.CHANCE:
                        state = state.apply(state.sample_chance(rng))
                        continue
                    if rng.random() < 0.12:
                        assert isinstance(state.to_move, pq.Player)
                        seen = state.observation(state.to_move)
                        for k in range(samples):
                            world = sample_state(seen, random.Random(found * 10 + k))
                            digest.update(world.to_json().encode())
                        found += 1
                    state = state.apply(rng.choice(state.legal_actions()))
    return digest.hexdigest()[:16]


def test_the_samples_are_the_pinned_samples() -> None:
    assert sample_digest() == PINNED
