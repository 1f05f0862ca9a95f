"""examples/train_policy.py: its learner trains, its policy plays legal games through
pq.match, and its command saves a policy and prints the match with its interval. (The
full run, minutes long, is measured in docs/training.rst; these run it for seconds.)"""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import piquet as pq
from piquet import encoding

pytestmark = pytest.mark.rl

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_policy.py"


@pytest.fixture(scope="module")
def example() -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLE))


def test_a_short_training_updates_the_network_and_its_policy_plays_legal_games(
    example: dict[str, Any],
) -> None:
    untrained = example["Network"](np.random.default_rng(0)).params
    net, curve = example["train"](seconds=2.0, seed=0)
    assert len(curve) >= 1 and curve[-1][1] == 8 * len(curve)  # updates of 8 games each
    assert all(0.0 <= won <= 1.0 for _, _, won, _ in curve)
    assert not np.array_equal(net.params["W2"], untrained["W2"])
    bot = pq.bots.from_policy(net.policy, name="trained")
    result = pq.match(bot, "random", games=4, seed=5)  # an illegal choice would raise
    assert len(result.games) == 4 and all(game.forfeit is None for game in result.games)


def subset_observation() -> tuple[np.ndarray, np.ndarray]:
    import random

    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(8)))
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    x = encoding.observation_tensor(state, mover).astype(np.float64)
    return x, encoding.legal_ids(state)


def test_backward_is_the_gradient_of_the_logits_for_discards_and_plays(
    example: dict[str, Any],
) -> None:
    rng = np.random.default_rng(1)
    x, ids = subset_observation()
    plays = np.array([0, 5, 17, 30])
    for legal in (ids[::37], plays):  # some discards of the exchange; some cards
        out = rng.normal(size=example["OUTPUTS"])
        weights = rng.normal(size=len(legal))
        grad = example["backward"](weights, legal, x)
        for k in rng.choice(example["OUTPUTS"], 40, replace=False):
            step = np.zeros_like(out)
            step[k] = 1e-6
            change = weights @ (
                example["logits"](out + step, legal, x) - example["logits"](out - step, legal, x)
            )
            assert change / 2e-6 == pytest.approx(grad[k], abs=1e-6)


def test_the_logit_of_a_discard_is_its_cards_scores_plus_its_sizes(
    example: dict[str, Any],
) -> None:
    x, ids = subset_observation()
    out = np.zeros(example["OUTPUTS"])
    offset = example["OFFSET"]
    held = np.flatnonzero(x[encoding.field_slice("hand")])
    out[offset["discard"] + held[0]] = 1.0  # the first card of the hand
    out[offset["discard_size"] + 5] = 10.0
    z = example["logits"](out, ids, x)
    bits = ids - encoding.SUBSET_BASE
    expected = (bits & 1) + 10.0 * (np.array([bin(b).count("1") for b in bits]) == 5)
    assert np.array_equal(z, expected)


def test_the_command_trains_saves_and_reports_the_match_with_its_interval(
    example: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "policy.npz"
    status = example["main"](["--quick", "--out", str(saved)])
    out = capsys.readouterr().out
    assert status in (0, 1)  # after 5 s it may not yet beat the random bot surely
    assert out.startswith("trained ") and f"saved {saved}" in out
    assert "trained v random, rubicon, 10 games (duplicate)" in out
    verdict = out.strip().splitlines()[-1]
    assert ("does not beat" not in verdict) is (status == 0)
    assert "with 95% confidence (wins " in verdict and "95% interval" in verdict
    with np.load(saved) as arrays:
        assert arrays["W1"].shape == (64, encoding.OBSERVATION_SIZE)
        curve = arrays["curve"]
        assert curve.shape[1] == 4 and curve[-1, 1] == 8 * len(curve)
    # a saved policy plays again without training
    assert example["main"](["--load", str(saved), "--games", "2"]) in (0, 1)
    assert capsys.readouterr().out.startswith("trained v random, rubicon, 2 games")


def test_it_trains_against_any_bot_by_name(example: dict[str, Any]) -> None:
    _, curve = example["train"](seconds=1.0, seed=1, against="greedy")
    assert len(curve) >= 1 and all(0.0 <= won <= 1.0 for _, _, won, _ in curve)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        example["train"](seconds=1.0, against="nobody")
