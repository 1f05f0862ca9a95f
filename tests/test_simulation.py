"""Random simulation harness (in the style of OpenSpiel's): every ruleset, many seeded
random games, the same checks at every step."""

from __future__ import annotations

import random

import pytest

import piquet as pq
from conftest import scaled
from piquet.observation import tricks_of

GAMES_PER_RULESET = scaled(2, 6)


def _snapshot(state: pq.State) -> tuple[object, ...]:
    return (
        state.phase,
        state.to_move,
        state.hand(pq.Player.A),
        state.hand(pq.Player.B),
        state.discard(pq.Player.A),
        state.discard(pq.Player.B),
        state.stock,
        state.scores,
        state.deal_scores,
        state.events,
        state.history,
        state.spoken,
    )


def _check_cards(state: pq.State) -> None:
    """Every card is in exactly one place: a hand, a discard, the stock, or played."""
    if state.deal_number == 0:
        return
    tricks, pending = tricks_of(state)
    played = [c for t in tricks for c in (t.lead, t.follow)] + list(pending)
    places = [
        *state.hand(pq.Player.A),
        *state.hand(pq.Player.B),
        *state.discard(pq.Player.A),
        *state.discard(pq.Player.B),
        *state.stock,
        *played,
    ]
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) == set(pq.pack(state.ruleset.pack_size)), "a card is missing"


def _check_legal(state: pq.State, rng: random.Random) -> None:
    legal = state.legal_actions()
    if state.is_over or state.to_move is pq.CHANCE:
        assert len(legal) == 0
        return
    assert len(legal) > 0, f"no legal action in {state!r}"
    if len(legal) <= 400:
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for action in legal:
            assert pq.parse_action(str(action)) == action
    else:  # the elder's lazy discards: spot-check indexing against iteration
        listed = list(legal)
        assert len(listed) == len(legal) == len(set(listed))
        for i in rng.sample(range(len(legal)), 5):
            assert legal[i] == listed[i]


def _simulate(ruleset: pq.Ruleset, seed: int, declarations: str) -> pq.State:
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    steps = 0
    while not state.is_over:
        _check_legal(state, rng)
        _check_cards(state)
        before = _snapshot(state)
        if state.to_move is pq.CHANCE:
            action: pq.Action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        after = state.apply(action)
        assert _snapshot(state) == before, "apply changed its input"
        assert after.scores[0] >= state.scores[0] and after.scores[1] >= state.scores[1]
        if rng.random() < 0.02:
            assert pq.State.from_json(after.to_json()) == after
        state = after
        steps += 1
        assert steps < 5000, "the game does not end"
    _check_cards(state)
    assert state.result is not None
    assert pq.loads(pq.dumps(state)) == state
    assert pq.State.from_json(state.to_json()) == state
    return state


@pytest.mark.parametrize("name", sorted(pq.RULESETS))
@pytest.mark.parametrize("declarations", ["auto", "played"])
def test_random_games_keep_every_invariant(name: str, declarations: str) -> None:
    ruleset = pq.RULESETS[name]
    for seed in range(GAMES_PER_RULESET):
        final = _simulate(ruleset, seed, declarations)
        assert final.result is not None
        assert final.result.scores == final.scores
