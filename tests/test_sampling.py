"""Sampling what a player cannot see (piquet.sampling): consistency and uniformity."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from piquet import strategies as pst
from piquet.sampling import SamplingError, infer_declarations, sample_state

PRESETS = st.sampled_from(list(pq.RULESETS.values()))
MODES = ("played", "auto")


def _check_consistent(state: pq.State, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    for player in pq.Player:
        seen = state.observation(player)
        for _ in range(3):
            world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
            assert world.observation(player) == seen
            assert world.ruleset == state.ruleset
            assert world.auto_declarations == (mode == "auto")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("phase", [pq.Phase.EXCHANGE, pq.Phase.PLAY, pq.Phase.OVER])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_sample_gives_the_same_observation(
    mode: str, phase: pq.Phase, data: st.DataObject, seed: int
) -> None:
    state = data.draw(pst.states(PRESETS, declarations=mode, phase=phase, max_actions=90))  # type: ignore[arg-type]
    _check_consistent(state, mode, seed)


@given(
    state=pst.states(PRESETS, declarations="played", phase=pq.Phase.DECLARATION), seed=st.integers()
)
def test_every_sample_gives_the_same_observation_in_the_declarations(
    state: pq.State, seed: int
) -> None:
    _check_consistent(state, "played", seed)


@settings(max_examples=10)
@given(state=pst.states(PRESETS, declarations="played", phase=pq.Phase.PLAY), seed=st.integers())
def test_house_variants_too(state: pq.State, seed: int) -> None:
    _check_consistent(state, "played", seed)


@given(state=pst.states(pst.rulesets(), phase=pq.Phase.PLAY), seed=st.integers())
def test_house_variants_in_either_mode(state: pq.State, seed: int) -> None:
    _check_consistent(state, "auto" if state.auto_declarations else "played", seed)


def test_before_any_deal_the_sample_is_the_game_itself() -> None:
    game = pq.resume_game(pq.RUBICON, dealer=pq.Player.A, score_sheet=[(30, 12)])
    seen = game.observation(pq.Player.B)
    assert sample_state(seen, random.Random(1), declarations="played") == game


def test_between_deals_it_says_why_it_cannot() -> None:
    rng = random.Random(2)
    state = pq.new_game(pq.RUBICON, declarations="auto")
    state = state.apply(state.sample_chance(rng))
    while state.to_move is not pq.CHANCE:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(SamplingError, match="between deals"):
        sample_state(state.observation(pq.Player.A), rng)


def test_bad_arguments_are_named() -> None:
    seen = pq.new_game().observation(pq.Player.A)
    with pytest.raises(TypeError, match=r"random\.Random"):
        sample_state(seen, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="declarations"):
        sample_state(seen, random.Random(), declarations="sometimes")  # type: ignore[arg-type]


def test_infer_declarations_sees_played_ones() -> None:
    rng = random.Random(4)
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(rng))
    while state.phase is not pq.Phase.DECLARATION:
        state = state.apply(state.legal_actions()[0])
    assert infer_declarations(state.observation(pq.Player.A)) == "played"


# ----------------------------------------------------------------- uniformity


def _late_position(seed: int, tricks_left: int) -> tuple[pq.State, list[pq.Action]]:
    """A deal of automatic declarations played to its last tricks, and its actions."""
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations="auto")
    actions: list[pq.Action] = [state.sample_chance(rng)]
    state = state.apply(actions[0])
    while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > tricks_left:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = state.apply(action)
    return state, actions


def _consistent_placements(
    state: pq.State, actions: list[pq.Action], player: pq.Player
) -> set[tuple[pq.CardSet, pq.CardSet]]:
    """Brute force: every (opponent's hand, opponent's discard) whose deal, replayed with
    the same actions, gives the player the same observation."""
    seen = state.observation(player)
    opponent = player.other
    hidden_hand = state.hand(opponent) - seen.opponent_known
    hidden_stock = pq.CardSet(state.stock) - seen.seen_stock
    discard = state.discard(opponent)
    hidden = sorted(hidden_hand | discard | hidden_stock)
    found = set()
    deal = actions[0]
    assert isinstance(deal, pq.Deal)
    for hand in itertools.combinations(hidden, len(hidden_hand)):
        rest = [c for c in hidden if c not in hand]
        for thrown in itertools.combinations(rest, len(discard)):
            left = [c for c in rest if c not in thrown]
            mapping = dict(
                zip(
                    [*hidden_hand, *discard, *hidden_stock],
                    [*hand, *thrown, *left],
                    strict=True,
                )
            )
            pack = tuple(mapping.get(c, c) for c in deal.pack)
            replay = pq.new_game(pq.RUBICON, declarations="auto").apply(pq.Deal(pack, deal.packet))
            try:
                for action in actions[1:]:
                    if isinstance(action, pq.Exchange) and replay.to_move == opponent:
                        action = pq.Exchange(pq.CardSet(mapping.get(c, c) for c in action.discard))
                    replay = replay.apply(action)
            except pq.IllegalActionError:
                continue
            if replay.observation(player) == seen:
                found.add((pq.CardSet(hand), pq.CardSet(thrown)))
    return found


def _chi_squared_critical(dof: int) -> float:
    """The 0.999 quantile of chi-squared (Wilson-Hilferty), a stable test threshold."""
    z = 3.090
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


@pytest.mark.parametrize("seed", [22, 27, 29, 31])
def test_samples_are_uniform_over_the_consistent_placements(seed: int) -> None:
    state, actions = _late_position(seed, tricks_left=4)
    player = state.to_move
    assert isinstance(player, pq.Player)
    consistent = _consistent_placements(state, actions, player)
    assert len(consistent) >= 10  # positions chosen to have something to be uniform over
    assert (
        state.hand(player.other) - state.observation(player).opponent_known,
        state.discard(player.other),
    ) in consistent
    seen = state.observation(player)
    rng = random.Random(seed)
    draws = 300 * len(consistent) if len(consistent) > 1 else 50
    counts: Counter[tuple[pq.CardSet, pq.CardSet]] = Counter()
    for _ in range(min(draws, 6000)):
        world = sample_state(seen, rng, declarations="auto")
        key = (
            world.hand(player.other) - seen.opponent_known,
            world.discard(player.other),
        )
        assert key in consistent
        counts[key] += 1
    total = sum(counts.values())
    expected = total / len(consistent)
    statistic = sum((counts[key] - expected) ** 2 / expected for key in consistent)
    assert statistic < _chi_squared_critical(len(consistent) - 1), (statistic, len(consistent))
