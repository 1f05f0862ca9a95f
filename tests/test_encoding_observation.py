"""piquet.encoding from a player's Observation: the same ids, mask and tensor as from the
state it came from, so a bot (which sees only its observation) can use a trained policy."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from piquet import encoding
from piquet import strategies as pst

pytestmark = pytest.mark.rl


def mover_observation(state: pq.State) -> pq.Observation | None:
    mover = state.to_move
    return state.observation(mover) if isinstance(mover, pq.Player) else None


@settings(max_examples=60)
@given(pst.states(max_actions=120))
def test_mask_ids_and_actions_from_the_movers_observation_equal_the_states(
    state: pq.State,
) -> None:
    seen = mover_observation(state)
    if seen is None:
        return
    mask = encoding.legal_mask(seen)
    assert np.array_equal(mask, encoding.legal_mask(state))
    assert np.array_equal(encoding.legal_ids(seen), encoding.legal_ids(state))
    for action in list(state.legal_actions())[:200]:
        action_id = encoding.encode(seen, action)
        assert action_id == encoding.encode(state, action)
        assert encoding.decode(seen, action_id) == encoding.decode(state, action_id) == action


@settings(max_examples=60)
@given(pst.states(max_actions=120), st.sampled_from([pq.Player.A, pq.Player.B]))
def test_tensor_of_an_observation_equals_the_tensor_of_its_state(
    state: pq.State, player: pq.Player
) -> None:
    seen = state.observation(player)
    tensor = encoding.observation_tensor(seen)
    assert np.array_equal(tensor, encoding.observation_tensor(state, player))
    assert np.array_equal(tensor, encoding.observation_tensor(seen, player))


@settings(max_examples=40)
@given(pst.states(max_actions=120))
def test_the_waiting_players_observation_has_an_empty_mask(state: pq.State) -> None:
    mover = state.to_move
    waiting = [p for p in (pq.Player.A, pq.Player.B) if p is not mover]
    for player in waiting:
        seen = state.observation(player)
        assert not encoding.legal_mask(seen).any()
        assert encoding.legal_ids(seen).size == 0


def test_equal_observations_from_different_states_give_equal_masks_and_tensors() -> None:
    # the opponent's cards differ, what the elder sees does not
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(5)))
    seen = state.observation(state.elder)
    other = seen.sample_state(random.Random(6))
    assert other.hand(state.elder.other) != state.hand(state.elder.other)
    again = other.observation(state.elder)
    assert again == seen
    assert np.array_equal(encoding.legal_mask(again), encoding.legal_mask(seen))
    assert np.array_equal(encoding.observation_tensor(again), encoding.observation_tensor(seen))


def dealt() -> pq.State:
    state = pq.new_game(pq.RUBICON)
    return state.apply(state.sample_chance(random.Random(3)))


def test_hand_subset_ids_need_the_movers_own_observation() -> None:
    state = dealt()
    waiting = state.observation(state.elder.other)
    with pytest.raises(encoding.EncodingError, match="is to move: the ids of his hand"):
        encoding.decode(waiting, encoding.SUBSET_BASE + 1)
    with pytest.raises(encoding.EncodingError, match="is to move"):
        encoding.encode(waiting, state.legal_actions()[0])
    # a card's id needs no hand
    assert str(encoding.decode(waiting, 0)) == "play AS"


@pytest.mark.parametrize("function", [encoding.legal_mask, encoding.legal_ids])
@pytest.mark.parametrize("bad", [None, [1, 2], "x" * 100, 42], ids=["none", "list", "text", "int"])
def test_mask_of_something_else_is_a_type_error_naming_what_it_expected(
    function: object, bad: object
) -> None:
    with pytest.raises(TypeError, match="expected a State or an Observation, got ") as caught:
        function(bad)  # type: ignore[operator]
    assert len(str(caught.value)) < 120


def test_encode_and_decode_of_something_else_are_type_errors() -> None:
    with pytest.raises(TypeError, match=r"^encode: expected a State or an Observation, got \{\}"):
        encoding.encode({}, pq.Play(pq.Card.parse("AS")))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^decode: expected a State or an Observation, got 3"):
        encoding.decode(3, 0)  # type: ignore[arg-type]


def test_tensor_of_a_state_needs_a_player_and_of_an_observation_its_own() -> None:
    state = dealt()
    with pytest.raises(TypeError, match="a State needs the player who observes"):
        encoding.observation_tensor(state)
    with pytest.raises(TypeError, match=r"player must be pq\.Player\.A or pq\.Player\.B, got 'A'"):
        encoding.observation_tensor(state, "A")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the observation is A's, not B's"):
        encoding.observation_tensor(state.observation(pq.Player.A), pq.Player.B)
    with pytest.raises(TypeError, match="observation_tensor: expected a State or an Observation"):
        encoding.observation_tensor([0.0] * 490)  # type: ignore[arg-type]
