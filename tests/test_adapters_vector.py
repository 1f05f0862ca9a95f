"""The batch API and the Gymnasium vector env: the single environments' rules, N at once."""

from __future__ import annotations

import numpy as np
import pytest

import piquet as pq
from piquet import encoding
from piquet.adapters import worst_reward
from piquet.adapters.vector import PiquetBatch, PiquetVectorEnv

pytestmark = pytest.mark.rl


def _random_ids(rng, masks):  # type: ignore[no-untyped-def]
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@pytest.mark.parametrize("declarations", ["auto", "played"])
def test_the_batch_shows_each_movers_tensor_and_mask_and_settles_zero_sum(declarations) -> None:  # type: ignore[no-untyped-def]
    batch = PiquetBatch(3, declarations=declarations, scope="deal", seed=5)
    observations, masks = batch.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        for i, state in enumerate(batch.states):
            mover = state.to_move
            assert batch.to_move[i] == mover
            assert (observations[i] == encoding.observation_tensor(state.observation(mover))).all()
            assert (masks[i] == encoding.legal_mask(state)).all()
        observations, masks, rewards, dones = batch.step(_random_ids(rng, masks))
        assert (rewards.sum(axis=1) == 0).all() and (rewards[~dones] == 0).all()
        ended += int(dones.sum())
    assert ended > 3


def test_an_illegal_id_ends_that_game_only_zero_sum_and_never_pays() -> None:
    batch = PiquetBatch(2, scope="deal", seed=0)
    _, masks = batch.reset()
    legal = int(np.flatnonzero(masks[1])[0])
    mover = int(batch.to_move[0])
    _, _, rewards, dones = batch.step([encoding.PLAY_BASE, legal])  # a play in the exchange
    assert dones.tolist() == [True, False] and batch.illegal.tolist() == [True, False]
    penalty = worst_reward(pq.RUBICON, "deal", "settlement")
    assert rewards[0, mover] == penalty and rewards[0, 1 - mover] == -penalty
    assert batch.states[0].deal_number == 1 and batch.states[0].phase is pq.Phase.EXCHANGE


def test_the_same_seeds_play_the_same_games() -> None:
    def run():  # type: ignore[no-untyped-def]
        batch = PiquetBatch(2, seed=[3, 9])
        _, masks = batch.reset()
        for _ in range(40):
            _, masks, _, _ = batch.step([int(np.flatnonzero(row)[-1]) for row in masks])
        return [state.history for state in batch.states]

    assert run() == run()


def test_the_actions_are_one_int_per_game() -> None:
    batch = PiquetBatch(2)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step([0, 0])
    batch.reset(seed=0)
    with pytest.raises(ValueError, match="one int id per game, 2 in all"):
        batch.step([0])
    with pytest.raises(ValueError, match="one int id per game"):
        batch.step([0.5, 1.0])
    with pytest.raises(ValueError, match="number of games"):
        PiquetBatch(0)


def test_the_vector_env_against_a_bot_autoresets_at_the_next_step() -> None:
    env = PiquetVectorEnv(4, opponent="greedy", scope="deal", seat="A")
    assert env.observation_space.shape == (4, 490) and env.action_space.shape == (4,)
    observations, infos = env.reset(seed=2)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(120):
        for i, episode in enumerate(env._episodes):
            state = episode.state
            seen = encoding.observation_tensor(state.observation(pq.Player.A))
            assert (observations[i] == seen).all()
            if not episode.over:
                assert (infos["action_mask"][i] == encoding.legal_mask(state)).all()
        was_done = env._done.copy()
        observations, rewards, terminated, truncated, infos = env.step(
            _random_ids(rng, infos["action_mask"])
        )
        assert not truncated.any()
        assert not terminated[was_done].any() and (rewards[was_done] == 0).all()
        finished += int(terminated.sum())
    assert finished > 4
    assert (env.action_masks() == infos["action_mask"].astype(bool)).all()


def test_the_vector_env_forfeits_an_illegal_action() -> None:
    env = PiquetVectorEnv(2, scope="deal", seat="A", reward="win")
    _, infos = env.reset(seed=0)
    legal = int(np.flatnonzero(infos["action_mask"][1])[0])
    _, rewards, terminated, _, infos = env.step([encoding.PLAY_BASE, legal])
    assert rewards.tolist() == [-1.0, 0.0] and terminated.tolist() == [True, False]
    assert infos["illegal_action"].tolist() == [True, False]


def test_make_vec_finds_the_vector_env() -> None:
    import gymnasium

    from piquet.adapters.gymnasium import ENV_ID

    envs = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", scope="deal"
    )
    assert isinstance(envs, PiquetVectorEnv) and envs.num_envs == 3
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (3, 490) and infos["action_mask"].shape == (3, 4180)
