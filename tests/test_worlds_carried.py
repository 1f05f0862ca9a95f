"""Worlds carried from one decision of a deal's play to the next (``Worlds(carry=True)``,
the strong and PIMC bots' ``carry_worlds``): each still gives the player's observation,
and they are as uniform as fresh samples."""

from __future__ import annotations

import collections
import random

import pytest

import piquet as pq
from piquet.bots import make
from piquet.search.sampling import sample_state
from piquet.search.worlds import Worlds


def _two_decisions(
    cards_left: int, seed: int, declarations: str = "auto"
) -> tuple[pq.Observation, pq.Observation]:
    """Two observations of one player in the play of one deal, with the cards played
    between them (the first once his hand holds ``cards_left`` cards)."""
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations=declarations)
    first: pq.Observation | None = None
    while True:
        mover = state.to_move
        if mover is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(mover, pq.Player)
        if state.phase is pq.Phase.PLAY and mover is pq.Player.A:
            if first is not None:
                return first, state.observation(mover)
            if len(state.hand(mover)) <= cards_left:
                first = state.observation(mover)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("declarations", ["auto", "played"])
def test_a_carried_world_gives_the_next_observation(declarations: str) -> None:
    first, second = _two_decisions(10, seed=3, declarations=declarations)
    worlds = Worlds(carry=True)
    rng = random.Random(1)
    for _ in range(20):
        assert worlds.draw(first, rng).observation(first.player) == first
    assert worlds.carried == 0
    drawn = [worlds.draw(second, rng) for _ in range(20)]
    assert 0 < worlds.carried <= 20  # some of the first twenty survive his card
    assert all(world.observation(second.player) == second for world in drawn)


def test_worlds_are_carried_only_within_the_play_of_one_deal() -> None:
    first, second = _two_decisions(10, seed=5)
    worlds = Worlds(carry=True)
    rng = random.Random(2)
    worlds.draw(first, rng)
    other_deal = pq.new_game(pq.RUBICON, declarations="auto")
    other_deal = other_deal.apply(other_deal.sample_chance(random.Random(9)))
    worlds.draw(other_deal.observation(other_deal.elder), rng)  # the exchange of a game
    worlds.draw(second, rng)
    assert worlds.carried == 0
    unchanged = Worlds()  # carry off: every world sampled afresh
    unchanged.draw(first, rng)
    unchanged.draw(second, rng)
    assert unchanged.carried == 0


def test_carried_worlds_place_the_hidden_cards_as_fresh_samples_do() -> None:
    """How often each unseen card is in the opponent's hand, over 1,000 worlds carried
    across his card and 1,000 fresh samples of the same observation: the same shares
    (a sampler kept to the first decision's worlds, or leaning toward the worlds in
    which his card was likeliest, would be off by more)."""
    first, second = _two_decisions(8, seed=3, declarations="played")
    opponent = second.player.other
    worlds = Worlds(carry=True)
    rng = random.Random(4)
    for _ in range(2000):
        worlds.draw(first, rng)
    carried = [worlds.draw(second, rng)]  # the carried ones come first
    carried += [worlds.draw(second, rng) for _ in range(worlds.carried - 1)]
    assert len(carried) >= 1000
    carried = carried[:1000]
    fresh = [sample_state(second, rng) for _ in range(1000)]

    def shares(states: list[pq.State]) -> collections.Counter[pq.Card]:
        return collections.Counter(card for world in states for card in world.hand(opponent))

    a, b = shares(carried), shares(fresh)
    unsure = [card for card in a | b if 50 < a[card] + b[card] < 1950]
    assert len(unsure) >= 6  # cards whose place is in doubt
    worst = max(abs(a[card] - b[card]) for card in unsure) / 1000
    assert worst < 0.07, (worst, sorted((str(c), a[c], b[c]) for c in unsure))


def test_the_strong_and_pimc_bots_carry_their_worlds_unless_told_not_to() -> None:
    first, second = _two_decisions(9, seed=7)
    carrying = make("strong", seed=1, worlds=6)
    fresh = make("strong", seed=1, worlds=6, carry_worlds=False)
    for bot in (carrying, fresh):
        for observation in (first, second):
            assert bot.choose(observation) in observation.legal_actions
    assert carrying.worlds_drawn.carried > 0
    assert fresh.worlds_drawn.carried == 0
    pimc = make("pimc", seed=1, worlds=6)
    reference = make("pimc-2026.11", seed=1, worlds=6)  # the fixed yardstick: as it was
    for bot in (pimc, reference):
        bot.choose(first)
        bot.choose(second)
    assert pimc.worlds_drawn.carried > 0
    assert reference.worlds_drawn.carried == 0
