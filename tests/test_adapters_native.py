"""The compiled kernel of the adapters' play rows (piquet.search._cplay) gives the pure
path's masks and tensors, and the batch the same steps, value for value."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import piquet as pq  # noqa: E402
from piquet import encoding  # noqa: E402
from piquet.adapters._tensors import TensorMaker  # noqa: E402
from piquet.adapters.vector import PiquetBatch, PiquetVectorEnv  # noqa: E402

pytestmark = [pytest.mark.rl, pytest.mark.native("_cplay")]

PRESETS = sorted(pq.RULESETS)


def _states(ruleset: str, declarations: str, seed: int) -> list[pq.State]:
    rng = random.Random(seed)
    state = pq.new_game(pq.find_ruleset(ruleset), declarations=declarations)
    states = [state]
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize("declarations", ["auto", "played"])
@pytest.mark.parametrize("ruleset", PRESETS)
def test_the_kernels_play_tensor_and_mask_equal_the_encodings_at_every_step(
    paths: Callable[[bool], None], ruleset: str, declarations: str
) -> None:
    paths(True)
    makers = {player: TensorMaker() for player in pq.Player}
    assert all(maker._fast is not None for maker in makers.values())
    plays = 0
    for seed in range(2):
        for state in _states(ruleset, declarations, seed):
            mask = np.ones(encoding.NUM_ACTIONS, np.bool_)
            makers[pq.Player.A].mask_into(state, mask)
            assert (mask == encoding.legal_mask(state).astype(bool)).all()
            plays += state.phase is pq.Phase.PLAY
            for player in pq.Player:
                expected = encoding.observation_tensor(state.observation(player))
                got = makers[player].tensor(state, player)
                assert (got == expected).all(), (state, player, np.flatnonzero(got != expected))
    assert plays > 40


def _run_batch(ruleset: str, declarations: str, steps: int) -> list[tuple[np.ndarray, ...]]:
    batch = PiquetBatch(6, ruleset=ruleset, declarations=declarations, scope="deal", seed=3)
    observations, masks = batch.reset()
    rng = np.random.default_rng(5)
    seen = [(observations.copy(), masks.copy())]
    for step in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        if step % 37 == 36:
            actions[step % 6] = 4179  # an illegal id now and then: the game ends
        observations, masks, rewards, dones = batch.step(actions)
        seen.append((observations.copy(), masks.copy(), rewards.copy(), dones.copy()))
    return seen


@pytest.mark.parametrize("declarations", ["auto", "played"])
@pytest.mark.parametrize("ruleset", PRESETS)
def test_the_batch_steps_alike_with_the_kernel_and_without(
    paths: Callable[[bool], None], ruleset: str, declarations: str
) -> None:
    paths(True)
    fast = _run_batch(ruleset, declarations, 120)
    paths(False)
    pure = _run_batch(ruleset, declarations, 120)
    assert len(fast) == len(pure)
    for step, (a, b) in enumerate(zip(fast, pure, strict=True)):
        for x, y in zip(a, b, strict=True):
            assert x.dtype == y.dtype and (x == y).all(), step
    assert sum(int(s[3].sum()) for s in fast[1:]) > 6  # deals ended, some by illegal ids


def test_the_vector_env_steps_alike_with_the_kernel_and_without(
    paths: Callable[[bool], None],
) -> None:
    def run() -> list[tuple[np.ndarray, ...]]:
        env = PiquetVectorEnv(4, scope="deal")
        observations, infos = env.reset(seed=9)
        rng = np.random.default_rng(1)
        seen = [(observations, infos["action_mask"])]
        for _ in range(80):
            masks = env.action_masks()
            actions = np.array(
                [rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks]
            )
            observations, rewards, done, _, infos = env.step(actions)
            seen.append((observations, rewards, done, infos["action_mask"]))
        return seen

    paths(True)
    fast = run()
    paths(False)
    pure = run()
    for a, b in zip(fast, pure, strict=True):
        for x, y in zip(a, b, strict=True):
            assert (x == y).all()
