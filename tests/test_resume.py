"""resume_game: a game taken up after some deals plays on exactly as the original."""

from __future__ import annotations

import random

import pytest

import piquet as pq


def _at_deal(ruleset: pq.Ruleset, seed: int, deal: int) -> pq.State | None:
    rng = random.Random(seed)
    state = pq.new_game(ruleset)
    while not state.is_over and not (state.to_move is pq.CHANCE and state.deal_number >= deal):
        move = state.sample_chance(rng) if state.to_move is pq.CHANCE else None
        state = state.apply(move if move is not None else rng.choice(state.legal_actions()))
    return None if state.is_over else state


@pytest.mark.parametrize("name", ["rubicon", "au_cent", "au_cent_101", "cotton_1674"])
def test_a_resumed_game_plays_on_as_the_original_and_round_trips(name: str) -> None:
    ruleset = pq.RULESETS[name]
    checked = 0
    for seed in range(12):
        original = _at_deal(ruleset, seed, 3)
        if original is None:
            continue
        resumed = pq.resume_game(
            ruleset,
            dealer=original.dealer,
            score_sheet=original.score_sheet,
            games=original.games,
            deal_number=original.deal_number,
        )
        assert (resumed.scores, resumed.deal_number) == (original.scores, original.deal_number)
        rng = random.Random(seed)
        while not original.is_over:
            chance = original.to_move is pq.CHANCE
            action = original.sample_chance(rng) if chance else rng.choice(original.legal_actions())
            original, resumed = original.apply(action), resumed.apply(action)
        assert resumed.result == original.result
        assert resumed.score_sheet == original.score_sheet
        assert pq.loads(pq.dumps(resumed)).result == resumed.result
        assert pq.State.from_json(resumed.to_json()).result == resumed.result
        checked += 1
    assert checked >= 6


def test_resume_refuses_a_finished_game_and_bad_rows() -> None:
    with pytest.raises(ValueError, match="over after 6 deals"):
        pq.resume_game(pq.RUBICON, score_sheet=[(30, 12)] * 6)
    with pytest.raises(ValueError, match="pair of scores"):
        pq.resume_game(pq.RUBICON, score_sheet=[(30, -1)])
    with pytest.raises(ValueError, match="single game"):
        pq.resume_game(pq.RUBICON, games=[pq.Result(pq.Player.A, (150, 80), 330)])
    with pytest.raises(ValueError, match="deal_number"):
        pq.resume_game(pq.RUBICON, score_sheet=[(30, 12)], deal_number=0)
