"""pq.bots.from_policy: a policy of (tensor, mask) as a bot that plays pq.match."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import piquet as pq
from piquet import encoding
from piquet.bots import PolicyBot, PolicyError, from_policy, play_game

pytestmark = pytest.mark.rl

Array = npt.NDArray[Any]


def dealt() -> pq.Observation:
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(4)))
    return state.observation(state.elder)


def first_legal(tensor: Array, mask: Array) -> int:
    return int(np.flatnonzero(mask)[0])


def test_the_policy_gets_the_observations_tensor_and_mask() -> None:
    seen: list[tuple[Array, Array]] = []

    def spy(tensor: Array, mask: Array) -> int:
        seen.append((tensor, mask))
        return first_legal(tensor, mask)

    observation = dealt()
    action = from_policy(spy).choose(observation)
    ((tensor, mask),) = seen
    assert tensor.shape == (encoding.OBSERVATION_SIZE,) and tensor.dtype == np.float32
    assert mask.shape == (encoding.NUM_ACTIONS,) and mask.dtype == np.bool_
    assert np.array_equal(tensor, encoding.observation_tensor(observation))
    assert np.array_equal(mask, encoding.legal_mask(observation))
    assert action == observation.legal_actions[0]


@pytest.mark.parametrize(
    "answer",
    [lambda ids: int(ids[-1]), lambda ids: np.int64(ids[-1]), lambda ids: np.array(ids[-1])],
    ids=["int", "numpy-int", "0-d-array"],
)
def test_an_id_in_any_integer_form_is_played(answer: Any) -> None:
    observation = dealt()
    bot = from_policy(lambda tensor, mask: answer(np.flatnonzero(mask)))
    assert bot.choose(observation) == encoding.decode(
        observation, int(encoding.legal_ids(observation)[-1])
    )


def test_scores_play_the_best_legal_id_whatever_the_illegal_ids_hold() -> None:
    observation = dealt()
    ids = encoding.legal_ids(observation)
    best = int(ids[7])

    def scores(tensor: Array, mask: Array) -> Array:
        out = np.full(encoding.NUM_ACTIONS, np.nan)  # illegal ids: garbage
        out[mask] = 0.0
        out[best] = 1.0
        out[0] = 99.0  # play AS: not legal in the exchange
        return out

    assert bot_choice(from_policy(scores), observation) == best


def bot_choice(bot: PolicyBot, observation: pq.Observation) -> int:
    return encoding.encode(observation, bot.choose(observation))


def test_sampling_follows_the_logits_and_the_probabilities_and_the_seed() -> None:
    observation = dealt()
    ids = encoding.legal_ids(observation)
    favoured, other = int(ids[3]), int(ids[5])

    def logits(tensor: Array, mask: Array) -> Array:
        out = np.where(mask, -np.inf, 0.0)  # only two legal ids may be drawn
        out[favoured], out[other] = np.log(3.0), 0.0
        return out

    def probabilities(tensor: Array, mask: Array) -> Array:
        return np.exp(logits(tensor, mask))

    for sample, policy in (("logits", logits), ("probabilities", probabilities)):
        bot = from_policy(policy, sample=sample, seed=1)  # type: ignore[arg-type]
        drawn = [bot_choice(bot, observation) for _ in range(400)]
        assert set(drawn) == {favoured, other}
        assert 0.65 < drawn.count(favoured) / len(drawn) < 0.85  # 3 : 1
        twin = from_policy(policy, sample=sample, seed=1)  # type: ignore[arg-type]
        assert [bot_choice(twin, observation) for _ in range(400)] == drawn


def test_a_policy_bot_plays_a_match_against_the_random_bot() -> None:
    bot = from_policy(first_legal, name="first")
    result = pq.match(bot, "random", games=4, seed=2)
    assert len(result.games) == 4 and result.a == "PolicyBot"
    assert all(game.forfeit is None for game in result.games)


def test_a_registered_policy_plays_a_match_by_name_each_game_seeded() -> None:
    def uniform(tensor: Array, mask: Array) -> Array:
        return np.where(mask, 0.0, -np.inf)

    pq.bots.register(
        "uniform-policy",
        lambda seed, **options: from_policy(uniform, name="uniform", sample="logits", seed=seed),
    )
    try:
        first = pq.match("uniform-policy", "random", games=4, seed=3)
        again = pq.match("uniform-policy", "random", games=4, seed=3)
    finally:
        pq.bots.unregister("uniform-policy")
    assert first.a == "uniform-policy"
    assert first.outcomes() == again.outcomes()


def test_play_game_with_two_policy_bots_ends() -> None:
    bots = [from_policy(first_legal), from_policy(lambda t, m: int(np.flatnonzero(m)[-1]))]
    assert play_game(pq.AU_CENT, bots, random.Random(1)).is_over


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (None, r"returned None; expected an action id \(an int\) or a numpy array of 4180"),
        ("AS", r"returned 'AS'; expected an action id"),
        (True, r"returned True; expected an action id"),
        (3.0, r"returned 3.0; expected"),
        (np.zeros(10), r"array of shape \(10,\); expected an action id or 4180 scores"),
        (np.array(["a"] * 4180), r"returned array\(\['a'"),
        (0, r"chose id 0 \(play AS\), not legal here"),
        (-1, r"chose id -1 \(no id\), not legal here"),
        (5000, r"chose id 5000 \(no id\), not legal here"),
        (np.full(4180, np.nan), r"scores of legal ids hold NaN"),
    ],
    ids=[
        "none",
        "text",
        "bool",
        "float",
        "short",
        "strings",
        "illegal",
        "negative",
        "beyond",
        "nan",
    ],
)
def test_a_policy_answer_that_plays_nothing_is_a_policy_error(answer: Any, message: str) -> None:
    bot = from_policy(lambda tensor, mask: answer, name="broken")
    with pytest.raises(PolicyError, match="^broken: .*" + message):
        bot.choose(dealt())


def test_sampled_scores_that_draw_nothing_are_policy_errors() -> None:
    observation = dealt()
    minus = from_policy(lambda t, m: np.full(4180, -np.inf), sample="logits")
    with pytest.raises(PolicyError, match="no legal id has a finite logit"):
        minus.choose(observation)
    for bad in (np.zeros(4180), np.full(4180, -1.0), np.full(4180, np.inf)):
        bot = from_policy(lambda t, m, bad=bad: bad, sample="probabilities")
        with pytest.raises(PolicyError, match="must be finite, non-negative and not all zero"):
            bot.choose(observation)


def test_a_bot_asked_out_of_turn_or_with_no_observation_says_so() -> None:
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(4)))
    bot = from_policy(first_legal, name="p")
    with pytest.raises(PolicyError, match=rf"^p: {state.elder.other} is not to move"):
        bot.choose(state.observation(state.elder.other))
    with pytest.raises(TypeError, match=r"^p: expected an Observation, got "):
        bot.choose(state)  # type: ignore[arg-type]


def test_from_policy_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="policy must be callable, got 3"):
        from_policy(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="name must be a non-empty str"):
        from_policy(first_legal, name="")
    with pytest.raises(ValueError, match="sample must be None, 'logits' or 'probabilities'"):
        from_policy(first_legal, sample="greedy")  # type: ignore[arg-type]


def test_a_policy_that_spoils_its_mask_still_cannot_play_an_illegal_id() -> None:
    def spoiler(tensor: Array, mask: Array) -> int:
        mask[:] = True
        return 0  # play AS: not legal in the exchange

    with pytest.raises(PolicyError, match="chose id 0 \\(play AS\\), not legal here"):
        from_policy(spoiler, name="spoiler").choose(dealt())
