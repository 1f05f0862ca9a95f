"""The single-agent Gymnasium environment passes Gymnasium's own checker."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import piquet as pq
from piquet import encoding
from piquet.adapters.gymnasium import ENV_ID, PiquetEnv
from piquet.bots import GreedyBot

pytestmark = pytest.mark.rl


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"declarations": "played", "opponent": "greedy"},
        {"scope": "deal", "reward": "win", "seat": "B", "ruleset": "cotton_1995"},
        {"ruleset": "au_cent_36", "render_mode": "ansi"},
        {"scope": "deal", "render_mode": "human"},
    ],
)
def test_gymnasium_check_env(options: dict[str, str]) -> None:
    # Made by its id, the environment has a spec: the checker then also makes it in each
    # of its render modes and checks those (it cannot without one, and warns).
    made = gymnasium.make(ENV_ID, disable_env_checker=True, **options)
    check_env(made.unwrapped, skip_render_check=False)


def test_made_by_id() -> None:
    env = gymnasium.make(ENV_ID, opponent="greedy", scope="deal")
    observation, info = env.reset(seed=1)
    assert observation.shape == (encoding.OBSERVATION_SIZE,)
    assert info["action_mask"].any()


def run(env: PiquetEnv, seed: int) -> tuple[float, dict[str, object]]:
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    total = 0.0
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert env.state_now.to_move == env.player
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation)
        total += reward
        if terminated or truncated:
            return total, info


def test_an_episode_against_a_bot_ends_with_the_settlement() -> None:
    env = PiquetEnv(opponent="greedy", declarations="played")
    total, info = run(env, seed=3)
    result = env.state_now.result
    assert result is not None and info["illegal_action"] is False
    if result.winner is None:
        assert total == 0
    else:
        assert total == (result.points if result.winner == env.player else -result.points)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(0)


def test_seats_and_seeds_are_reproducible() -> None:
    env = PiquetEnv(scope="deal")
    first = [run(env, seed)[0] for seed in range(4)]
    again = [run(env, seed)[0] for seed in range(4)]
    assert first == again
    seats = {PiquetEnv(seat="B").reset(seed=s)[1]["player"] for s in range(3)}
    assert seats == {"B"}


def test_an_illegal_action_forfeits_the_episode() -> None:
    env = PiquetEnv(illegal_reward=-5.0, seat="A")
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(encoding.PLAY_BASE)
    assert truncated is False
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)
    assert not info["action_mask"].any()


def test_any_bot_object_can_be_the_opponent() -> None:
    env = PiquetEnv(opponent=GreedyBot(), scope="deal")
    total, _ = run(env, seed=2)
    assert isinstance(total, float)


def test_bad_options_are_named() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        PiquetEnv(opponent="nobody")
    with pytest.raises(ValueError, match="seat: one of A, B, random"):
        PiquetEnv(seat="C")  # type: ignore[arg-type]


NOT_IDS = [float("inf"), float("nan"), None, "3", 3.5, 2.0, True, False, -1, encoding.NUM_ACTIONS]


@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_an_action_outside_the_space_is_refused_and_changes_nothing(action: object) -> None:
    env = PiquetEnv(seat="A")
    env.reset(seed=0)
    state, mask = env.state_now, env.action_masks()
    with pytest.raises(ValueError, match=r"^PiquetEnv\.step: ") as caught:
        env.step(action)  # type: ignore[arg-type]
    assert isinstance(caught.value, gymnasium.error.InvalidAction)
    assert env.state_now is state and np.array_equal(env.action_masks(), mask)
    legal = int(np.flatnonzero(mask)[0])
    _, _, _, _, info = env.step(np.int64(legal))  # numpy ints are ids; not forfeited
    assert info["illegal_action"] is False


def test_a_zero_dimensional_int_array_is_an_id() -> None:
    env = PiquetEnv(seat="A")
    env.reset(seed=0)
    legal = np.array(int(np.flatnonzero(env.action_masks())[0]))
    assert env.step(legal)[4]["illegal_action"] is False


@pytest.mark.parametrize("reward", ["settlement", "win"])
def test_by_default_forfeiting_never_pays(reward: str) -> None:
    env = PiquetEnv(scope="deal", seat="A", opponent="greedy", reward=reward)
    worst = 0.0
    for seed in range(30):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, value, done, _, info = env.step(int(legal[seed % len(legal)]))
        worst = min(worst, value)
    env.reset(seed=0)
    _, penalty, done, _, info = env.step(encoding.PLAY_BASE)  # a play in the exchange
    assert done and info["illegal_action"]
    assert penalty < worst if reward == "settlement" else penalty == -1.0 <= worst


def test_render_human_prints_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    env = PiquetEnv(render_mode="human", seat="A", scope="deal")
    env.reset(seed=4)
    assert "holds" in capsys.readouterr().out
    env.step(int(env.action_masks().argmax()))
    assert env.render() is None and "rubicon" in capsys.readouterr().out


def test_a_house_ruleset_goes_as_an_object_or_as_its_json() -> None:
    from piquet.adapters import ruleset_json

    house = pq.AU_CENT.evolve(target=101)
    for given in (house, ruleset_json(house)):
        made = gymnasium.make(ENV_ID, ruleset=given, scope="deal")
        made.reset(seed=0)
        assert made.unwrapped.ruleset == house
