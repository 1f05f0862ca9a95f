"""Every field of an observation is the state's own view of that field (the observation
is assembled positionally, for speed: this pins each value to its name)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence

import piquet as pq
from piquet.words import CHANCE


def _expected(state: pq.State, player: pq.Player) -> dict[str, object]:
    opponent = player.other
    return {
        "player": player,
        "ruleset": state.ruleset,
        "phase": state.phase,
        "to_move": state.to_move,
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "hand": state.hand(player),
        "dealt_hand": state.dealt_hand(player),
        "discard": state.discard(player),
        "taken": state.taken,
        "seen_stock": state.seen_stock(player),
        "stock_size": len(state.stock),
        "opponent_hand_size": len(state.hand(opponent)),
        "opponent_shown": state.shown_blank(opponent),
        "opponent_known": state.known_to_opponent(opponent),
        "left_cards": state.left_cards,
        "spoken": state.spoken_to(player),
        "tricks": state.tricks,
        "trick": state.trick,
        "events": state.events_seen_by(player),
        "deal_scores": state.deal_scores,
        "scores": state.scores,
        "score_sheet": state.score_sheet,
        "games": state.games,
        "auto_declarations": state.auto_declarations,
        "legal_actions": state.legal_actions() if state.to_move is player else (),
        "result": state.result,
    }


def _ends(actions: Sequence[pq.Action]) -> tuple[int, list[pq.Action]]:
    return len(actions), [*actions[:3], *actions[-3:]]


def test_each_field_holds_the_states_view_of_it() -> None:
    rng = random.Random(11)
    state = pq.new_game(pq.RUBICON, declarations="played")
    checked = 0
    while not state.is_over:
        for player in (pq.Player.A, pq.Player.B):
            seen = state.observation(player)
            for name, value in _expected(state, player).items():
                if name == "legal_actions":  # the elder's lazy discards do not compare
                    assert _ends(seen.legal_actions) == _ends(value)  # type: ignore[arg-type]
                    continue
                assert getattr(seen, name) == value, name
            checked += 1
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def _branching_states(seed: int, declarations: str) -> list[pq.State]:
    """States of three deals, with a sibling branch at every decision, as a search reads
    them."""
    rng = random.Random(seed)
    out: list[pq.State] = []
    state = pq.new_game(pq.RUBICON, declarations=declarations)
    for _ in range(3):
        state = state.apply(state.sample_chance(rng))
        while state.to_move is not CHANCE and state.to_move is not None:
            actions = state.legal_actions()
            out += [state, state.apply(actions[-1])]
            state = state.apply(rng.choice(actions))
        out.append(state)
    return out


def test_observations_read_in_any_order_agree_with_fresh_ones() -> None:
    # a pickled copy shares no object with the original, so nothing the engine keeps
    # for the original's deal serves its copy: its observation is worked out afresh
    states = _branching_states(21, "played") + _branching_states(22, "auto")
    assert len(states) > 200
    fresh = {
        (id(state), player): pickle.loads(pickle.dumps(state)).observation(player)
        for state in states
        for player in (pq.Player.A, pq.Player.B)
    }
    random.Random(23).shuffle(states)
    for state in states * 2:
        for player in (pq.Player.A, pq.Player.B):
            seen, expected = state.observation(player), fresh[id(state), player]
            assert seen == expected
            assert _ends(seen.legal_actions) == _ends(expected.legal_actions)
