"""Positions of random games for the sampler's tests: states in the play."""

from __future__ import annotations

import random

import piquet as pq
from piquet.search.sampling import Declarations


def play_positions(
    name: str, mode: Declarations, count: int, seed: int, phase: pq.Phase = pq.Phase.PLAY
) -> list[pq.State]:
    """``count`` states in the play (or ``phase``) of random games of preset ``name``,
    across deals (so that a deal's start has a history of its own), a player to move."""
    rng = random.Random(seed)
    found: list[pq.State] = []
    while len(found) < count:
        state = pq.new_game(pq.RULESETS[name], declarations=mode)
        while not state.is_over and len(found) < count:
            if state.to_move is pq.CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if state.phase is phase and rng.random() < 0.2:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def blanche_position(
    ruleset: pq.Ruleset, holder: str, seed: int, mode: Declarations = "auto"
) -> pq.State:
    """A state in the play of a game (automatic declarations, unless ``mode``) whose
    ``holder`` ("elder" or "younger") was dealt a carte blanche (R-CB-1), the younger
    to play."""
    rng = random.Random(seed)
    start = pq.new_game(ruleset, declarations=mode)
    courts = (pq.Rank.KING, pq.Rank.QUEEN, pq.Rank.JACK)
    while True:
        state = start.apply(start.sample_chance(rng))
        player = state.elder if holder == "elder" else state.younger
        if not any(card.rank in courts for card in state.hand(player)):
            break
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.apply(state.legal_actions()[0])  # the elder leads
