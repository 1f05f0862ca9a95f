"""Any Python value fed as an action to the RL adapters: an int id of the action space
is taken (or, when illegal, handled as each framework says); anything else raises the
adapter's ``InvalidActionError`` (a ``ValueError``) and leaves the environment as it was."""

from __future__ import annotations

import math
import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet as pq
from piquet import encoding
from piquet.adapters import openspiel
from piquet.adapters import pettingzoo as pz
from piquet.adapters.gymnasium import InvalidActionError as GymActionError
from piquet.adapters.gymnasium import PiquetEnv

pytestmark = pytest.mark.rl

N = encoding.NUM_ACTIONS

actions = st.one_of(
    st.integers(0, N - 1),
    st.integers(-(2**70), 2**70),
    st.sampled_from([-1, N, 36, 2**63, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.inf, -math.inf, math.nan, 3.5, 2.0]),
    st.none(),
    st.booleans(),
    st.text(max_size=6),
    st.integers(0, N - 1).map(str),
    st.integers(-5, N + 5).map(np.int64),
    st.integers(0, 255).map(np.uint8),
    st.integers(0, N - 1).map(np.float32),
    st.booleans().map(np.bool_),
    st.integers(0, N - 1).map(np.array),
    st.lists(st.integers(0, N - 1), max_size=3),
    st.lists(st.integers(0, N - 1), min_size=1, max_size=3).map(np.array),
    st.just(object()),
)


def is_int_id(value: Any) -> bool:
    """Whether ``value`` is an int id of the action space (as the adapters must take)."""
    if isinstance(value, np.ndarray):
        if value.shape != ():
            return False
        value = value.item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return False
    return 0 <= int(value) < N


def advance(legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def legal_for(env: Any, action: Any) -> bool:
    """Whether the int id ``action`` is legal for the mover of a PettingZoo env."""
    mask = encoding.legal_mask(env.unwrapped.state_now)
    return bool(mask[int(np.asarray(action))])


# ----------------------------------------------------------------- Gymnasium


def gym_snapshot(env: PiquetEnv) -> tuple[Any, ...]:
    return (env.state_now, env.player, tuple(env.action_masks()))


@given(action=actions, steps=st.integers(0, 6), seed=st.integers(0, 3))
def test_gymnasium_takes_an_int_id_and_refuses_anything_else_unchanged(
    action: Any, steps: int, seed: int
) -> None:
    env = PiquetEnv(opponent="random", declarations="played", scope="deal")
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        _, _, terminated, _, _ = env.step(advance(np.flatnonzero(env.action_masks()).tolist(), rng))
        if terminated:
            env.reset(seed=seed)
    before = gym_snapshot(env)
    try:
        _, _, terminated, _, info = env.step(action)
    except GymActionError as error:
        assert isinstance(error, ValueError) and str(error).startswith("PiquetEnv.step: ")
        assert not is_int_id(action)
        assert gym_snapshot(env) == before
        return
    assert is_int_id(action)
    assert info["illegal_action"] == (not before[2][int(np.asarray(action))])


# ----------------------------------------------------------------- PettingZoo


def pz_snapshot(env: Any) -> tuple[Any, ...]:
    observations = tuple(
        (tuple(o["observation"]), tuple(o["action_mask"])) for o in map(env.observe, env.agents)
    )
    return (
        env.unwrapped.state_now,
        env.agent_selection,
        dict(env.rewards),
        dict(env.terminations),
        dict(env.truncations),
        env.last()[1],
        observations,
    )


@pytest.mark.filterwarnings("ignore::UserWarning")
@given(action=actions, steps=st.integers(0, 6), wrapped=st.booleans())
def test_pettingzoo_takes_an_int_id_and_refuses_anything_else_unchanged(
    action: Any, steps: int, wrapped: bool
) -> None:
    env = pz.env(declarations="played") if wrapped else pz.raw_env(declarations="played")
    env.reset(seed=3)
    rng = random.Random(steps)
    for _ in range(steps):
        env.step(advance(np.flatnonzero(env.last()[0]["action_mask"]).tolist(), rng))
    before = pz_snapshot(env)
    legal = is_int_id(action) and legal_for(env, action)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            env.step(action)
        except pz.InvalidActionError as error:
            assert isinstance(error, ValueError) and str(error).startswith("step")
            assert not is_int_id(action)
            assert pz_snapshot(env) == before
            return
        except pq.IllegalActionError:  # the raw environment: an illegal id
            assert not wrapped and is_int_id(action) and not legal
            assert pz_snapshot(env) == before
            return
        except encoding.EncodingError:  # the raw environment: a meaningless id
            assert not wrapped and is_int_id(action) and not legal
            assert pz_snapshot(env) == before
            return
    assert is_int_id(action)
    if wrapped and not legal:
        assert all(env.terminations.values())


# ----------------------------------------------------------------- OpenSpiel


def os_snapshot(state: Any) -> tuple[Any, ...]:
    return (
        state.serialize(),
        str(state),
        tuple(state.history()),
        state.moves,
        state.dealing,
        state.deal_moves,
        state.piquet,
    )


@given(action=actions, dealt=st.integers(0, 40), seed=st.integers(0, 3))
def test_openspiel_takes_a_legal_id_and_refuses_anything_else_unchanged(
    action: Any, dealt: int, seed: int
) -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal", "declarations": "played"})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(dealt):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if state.is_chance_node():
        legal = {a for a, _ in state.chance_outcomes()}
    else:
        legal = set(state.legal_actions())
    before = os_snapshot(state)
    try:
        state.apply_action(action)
    except openspiel.InvalidActionError as error:
        assert isinstance(error, ValueError) and isinstance(error, pyspiel.SpielError)
        assert str(error).startswith("apply_action: ")
        assert not (is_int_id(action) and int(np.asarray(action)) in legal)
        assert os_snapshot(state) == before
        return
    assert is_int_id(action) and int(np.asarray(action)) in legal
    assert state.history()[-1] == int(np.asarray(action))
