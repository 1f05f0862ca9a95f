"""Positions of random games for the sampler's tests: states in the play, and what a
player has played in them."""

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


def first_lead_positions(name: str, mode: Declarations, count: int, seed: int) -> list[pq.State]:
    """``count`` states of random first deals of preset ``name`` where the elder is to
    lead the first trick: before it, the younger's combinations are heard but not yet
    shown (R-DE-7)."""
    rng = random.Random(seed)
    found: list[pq.State] = []
    while len(found) < count:
        state = pq.new_game(pq.RULESETS[name], declarations=mode)
        while state.phase is not pq.Phase.PLAY and not state.is_over:
            if state.to_move is pq.CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is pq.Phase.PLAY and state.deal_number == 1:
            found.append(state)
    return found


def played_by(state: pq.State, player: pq.Player) -> int:
    """The mask of the cards ``player`` has played this deal (its history replayed)."""
    replayed = pq.new_game(state.ruleset)
    played = 0
    for action in state.history:
        if isinstance(action, pq.Deal):
            played = 0
        if isinstance(action, pq.Play) and replayed.to_move == player:
            played |= action.card.mask
        replayed = replayed.apply(action)
    assert replayed == state
    return played
