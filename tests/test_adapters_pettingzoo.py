"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import piquet as pq
from piquet import encoding
from piquet.adapters import pettingzoo as pz

pytestmark = pytest.mark.rl


# The observation is a dict of the tensor and the action mask, as in PettingZoo's own
# classic games (chess, Leduc hold'em ...), which api_test exempts by name from these two
# warnings; ours it cannot know by name.
@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning:pettingzoo.test.api_test"
)
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning:pettingzoo.test.api_test"
)
@pytest.mark.parametrize(
    ("ruleset", "declarations", "scope", "reward"),
    [
        ("rubicon", "played", "game", "settlement"),
        ("rubicon", "auto", "deal", "win"),
        ("cotton_1995", "played", "deal", "settlement"),
        ("au_cent_36", "auto", "game", "win"),
    ],
)
def test_pettingzoo_api_test(ruleset: str, declarations: str, scope: str, reward: str) -> None:
    env = pz.env(ruleset=ruleset, declarations=declarations, scope=scope, reward=reward)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("scope", ["game", "deal"])
def test_pettingzoo_seed_test(scope: str) -> None:
    seed_test(lambda: pz.env(declarations="played", scope=scope), num_cycles=300)


def play(env, seed: int) -> dict[str, float]:  # type: ignore[no-untyped-def]
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        other = pz.AGENTS[1 - pz.AGENTS.index(agent)]
        assert not env.observe(other)["action_mask"].any()
        env.step(env.action_space(agent).sample(mask))
    return totals


def test_game_rewards_are_the_settlement_and_zero_sum() -> None:
    env = pz.env(declarations="played")
    totals = play(env, seed=5)
    result = env.unwrapped.state_now.result
    assert result is not None
    assert totals["player_0"] == -totals["player_1"]
    expected = 0 if result.winner is None else result.points
    assert abs(totals["player_0"]) == expected
    if result.winner is pq.Player.A:
        assert totals["player_0"] > 0


def test_deal_scope_ends_after_one_deal_with_the_win_reward() -> None:
    env = pz.env(scope="deal", reward="win")
    totals = play(env, seed=9)
    state = env.unwrapped.state_now
    assert state.deal_number == 1 and state.phase is pq.Phase.DEAL
    margin = state.deal_scores[pq.Player.A] - state.deal_scores[pq.Player.B]
    assert totals["player_0"] == (margin > 0) - (margin < 0) == -totals["player_1"]


@pytest.mark.parametrize("reward", ["settlement", "win"])
def test_an_illegal_action_ends_the_episode_zero_sum_and_never_pays(reward) -> None:  # type: ignore[no-untyped-def]
    env = pz.env(reward=reward, scope="deal")
    env.reset(seed=0)
    mover = env.agent_selection
    other = pz.AGENTS[1 - pz.AGENTS.index(mover)]
    env.step(encoding.PLAY_BASE)  # a play in the exchange
    assert all(env.terminations.values())
    penalty = env.rewards[mover]
    assert env.rewards == {mover: penalty, other: -penalty}
    assert env.infos[mover]["illegal_action"] and env.infos[other]["illegal_action"]
    assert not env.observe(mover)["action_mask"].any()
    # no legal play ends worse for its author than the penalty
    worst = min(min(play(pz.env(reward=reward, scope="deal"), seed).values()) for seed in range(40))
    assert penalty < worst if reward == "settlement" else penalty == -1.0 <= worst


def test_the_illegal_reward_is_an_option() -> None:
    env = pz.env(illegal_reward=-5)
    env.reset(seed=0)
    mover = env.agent_selection
    env.step(encoding.PLAY_BASE)
    assert env.rewards[mover] == -5.0 and sum(env.rewards.values()) == 0.0
    with pytest.raises(ValueError, match="illegal_reward"):
        pz.env(illegal_reward="a lot")


@pytest.mark.parametrize("mode", ["human", "ansi"])
def test_pettingzoo_render_test(mode, capsys) -> None:  # type: ignore[no-untyped-def]
    render_test(lambda render_mode=None: pz.env(scope="deal", render_mode=render_mode))
    env = pz.env(scope="deal", render_mode=mode)
    env.reset(seed=3)
    shown = env.render()
    text = capsys.readouterr().out if mode == "human" else shown
    assert "rubicon" in text and "holds" in text


def test_a_house_ruleset_goes_as_an_object_or_as_its_json() -> None:
    from piquet.adapters import ruleset_json

    house = pq.RUBICON.evolve(last_trick=20)
    for given in (house, ruleset_json(house)):
        env = pz.env(ruleset=given, scope="deal")
        env.reset(seed=1)
        assert env.unwrapped.ruleset == house
    with pytest.raises(ValueError, match="ruleset: not JSON"):
        pz.env(ruleset="{not json")
    with pytest.raises(ValueError, match="ruleset"):
        pz.env(ruleset='{"colour": "red"}')


def test_bad_options_are_named() -> None:
    with pytest.raises(ValueError, match="scope: one of game, deal"):
        pz.env(scope="match")
    with pytest.raises(ValueError, match="ruleset"):
        pz.env(ruleset="snap")
    with pytest.raises(ValueError, match="reward: one of settlement, win"):
        pz.env(reward="money")


def test_render_ansi_shows_the_state() -> None:
    env = pz.env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "rubicon" in text and "holds" in text


NOT_IDS = [float("inf"), float("nan"), None, "3", 3.5, 2.0, True, -1, encoding.NUM_ACTIONS, [1]]


def snapshot(env):  # type: ignore[no-untyped-def]
    seen = [
        (o["observation"].tolist(), o["action_mask"].tolist()) for o in map(env.observe, pz.AGENTS)
    ]
    last = env.last()
    return (env.unwrapped.state_now, env.agent_selection, dict(env.rewards), last[1:4], seen)


@pytest.mark.parametrize("make", [pz.env, pz.raw_env], ids=["env", "raw_env"])
@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_an_action_outside_the_space_is_refused_and_changes_nothing(make, action) -> None:  # type: ignore[no-untyped-def]
    env = make()
    env.reset(seed=0)
    before = snapshot(env)
    with pytest.raises(pz.InvalidActionError, match=r"^step") as caught:
        env.step(action)
    assert isinstance(caught.value, ValueError)
    assert snapshot(env) == before
    env.step(np.int64(np.flatnonzero(env.last()[0]["action_mask"])[0]))  # numpy ints are ids
    assert not any(env.terminations.values())


def test_an_illegal_id_on_the_raw_env_raises_and_changes_nothing() -> None:
    env = pz.raw_env()
    env.reset(seed=0)
    env.rewards["player_0"] = 2.0  # a reward not yet collected must stay
    env._accumulate_rewards()
    before = snapshot(env)
    with pytest.raises(pq.IllegalActionError):
        env.step(encoding.PLAY_BASE)  # a play in the exchange
    assert snapshot(env) == before and env.last()[1] == 2.0


def test_a_done_agent_steps_with_none_only() -> None:
    env = pz.env()
    env.reset(seed=0)
    env.step(encoding.PLAY_BASE)  # illegal: ends the episode
    with pytest.raises(pz.InvalidActionError, match="only action is None"):
        env.step(0)
    env.step(None)
