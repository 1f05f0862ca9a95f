"""A house end-of-game rule of one's own (the GameRule protocol), plugged into a preset
with ``evolve`` and played through the engine: the engine asks it after every deal, in
order, and settles with it (docs/rulesets/house.rst works the same rule)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import piquet as pq
from piquet.rules import GameRule, option_field


@attrs.frozen
class LeadBy:
    """Over when a player leads by ``margin`` after a deal, or after ``deals`` deals; the
    leader wins the difference."""

    margin: int = 50
    deals: int = option_field("deals", 10)

    @property
    def target(self) -> int | None:
        return None

    @property
    def games_to_win(self) -> int:
        return 1

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        return abs(scores[0] - scores[1]) >= self.margin or deals_played >= self.deals

    def settle(
        self, scores: tuple[int, int], first_to_target: pq.Player | None
    ) -> tuple[pq.Player | None, int]:
        if scores[0] == scores[1]:
            return None, 0
        return (pq.Player.A if scores[0] > scores[1] else pq.Player.B), abs(scores[0] - scores[1])


def _play(ruleset: pq.Ruleset, seed: int) -> pq.State:
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations="auto")
    while not state.is_over:
        chance = state.to_move is pq.CHANCE
        state = state.apply(
            state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        )
    return state


def test_a_house_game_rule_is_a_game_rule_and_takes_the_deals_option() -> None:
    house = pq.RUBICON.evolve(name="lead by", game=LeadBy())
    assert isinstance(house.game, GameRule)
    assert house.evolve(deals=3).game == LeadBy(deals=3)
    with pytest.raises(ValueError, match=r"^deals: must be a whole number >= 1"):
        house.evolve(deals=0)
    with pytest.raises(ValueError, match=r"^rubicon: LeadBy \(game\) has no such option"):
        house.evolve(rubicon=50)


@pytest.mark.parametrize(("margin", "deals"), [(50, 10), (20, 4), (1000, 3)])
def test_the_engine_ends_the_game_at_the_first_deal_the_rule_says(margin: int, deals: int) -> None:
    house = pq.RUBICON.evolve(name="lead by", game=LeadBy(margin=margin, deals=deals))
    for seed in range(12):
        state = _play(house, seed)
        totals = list(
            itertools.accumulate(state.score_sheet, lambda s, d: (s[0] + d[0], s[1] + d[1]))
        )
        leads = [abs(a - b) for a, b in totals]
        assert 1 <= len(leads) <= deals
        assert all(lead < margin for lead in leads[:-1])  # asked after every deal
        assert leads[-1] >= margin or len(leads) == deals
        a, b = state.scores
        assert state.result == pq.Result(
            None if a == b else (pq.Player.A if a > b else pq.Player.B), (a, b), abs(a - b)
        )
