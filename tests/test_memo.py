"""The views kept per deal (engine/memo.py) agree with the views worked out afresh,
whatever order states of different deals and branches are read in."""

from __future__ import annotations

import random

import piquet as pq
from piquet.engine import exchange, heard, play
from piquet.engine.parts import hand_of
from piquet.words import CHANCE


def _states(seed: int, declarations: str) -> list[pq.State]:
    rng = random.Random(seed)
    out: list[pq.State] = []
    state = pq.new_game(pq.RUBICON, declarations=declarations)
    for _ in range(3):
        state = state.apply(state.sample_chance(rng))
        while state.to_move is not CHANCE and state.to_move is not None:
            out.append(state)
            actions = state.legal_actions()
            # a sibling branch too, as a search reads them
            out.append(state.apply(actions[-1]))
            state = state.apply(rng.choice(actions))
        out.append(state)
    return out


def _fresh(state: pq.State, player: pq.Player) -> tuple[object, ...]:
    node = state._history
    if state.phase is pq.Phase.PLAY and state._lead >= 0:
        node = node[0]  # type: ignore[index]
    tricks = play._read_tricks(state, node) if state._ctx.setup is not None else ()
    hand = hand_of(state._hands, player)
    opponent_hand = hand_of(state._hands, player.other)
    known = heard.shown_by(state, player.other) | exchange.known_taken(state, player)
    return (
        tricks if sum(state.tricks_won) else (),
        exchange.seen_mask(state, player) & ~hand,
        known & opponent_hand,
        exchange.stock_left(state),
    )


def test_kept_views_agree_with_fresh_ones_in_any_order() -> None:
    states = _states(5, "played") + _states(6, "auto")
    assert len(states) > 200
    random.Random(7).shuffle(states)
    for state in states * 2:
        for player in (pq.Player.A, pq.Player.B):
            kept = (
                state.tricks,
                state.seen_stock(player).mask,
                state.known_to_opponent(player.other).mask,
                state.stock,
            )
            assert kept == _fresh(state, player)


def test_tricks_in_play_order_are_read_one_at_a_time_and_agree() -> None:
    for state in _states(8, "auto"):
        if state.phase is pq.Phase.PLAY or state.tricks_won != (0, 0):
            assert len(state.tricks) == sum(state.tricks_won)
            assert state.tricks == _fresh(state, pq.Player.A)[0]
