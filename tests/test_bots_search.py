"""The search bots: on positions whose best move is known by brute force, they find it
when every card is known (an oracle sampler), and they keep their budgets."""

from __future__ import annotations

import random
import sys

import pytest
from ruleset_helpers import deal_of
from seed_data import SEED_002, SEED_002_EXCHANGE, SEED_002_PLAY

import piquet as pq
from conftest import play_out
from piquet.bots import ISMCTSBot, PIMCBot, make
from piquet.bots.worlds import candidate_discards, is_deal_over, reward, rollout


def _minimax(state: pq.State, me: pq.Player) -> int:
    if is_deal_over(state):
        scores = state.deal_scores
        return scores[me] - scores[me.other]
    values = [_minimax(state.apply(a), me) for a in state.legal_actions()]
    return max(values) if state.to_move is me else min(values)


def _endgame(plays: int) -> pq.State:
    """The Britannica's worked deal as the first deal of a partie, ``plays`` cards in."""
    state = pq.new_game(pq.RUBICON, declarations="auto").apply(deal_of(**SEED_002))
    return play_out(state, SEED_002_EXCHANGE + SEED_002_PLAY[:plays])


@pytest.mark.parametrize("plays", [18, 19])
@pytest.mark.parametrize("name", ["ismcts", "pimc"])
def test_with_every_card_known_they_find_the_best_play(name: str, plays: int) -> None:
    state = _endgame(plays)
    me = state.to_move
    assert isinstance(me, pq.Player)
    values = {a: _minimax(state.apply(a), me) for a in state.legal_actions()}
    best = max(values.values())
    assert sorted(values.values()).count(best) == 1  # a position with one best play
    options = {"iterations": 200} if name == "ismcts" else {"worlds": 2, "evaluator": "rollout"}
    for seed in range(3):
        bot = make(name, seed=seed, sampler=lambda observation, rng: state, **options)
        assert values[bot.choose(state.observation(me))] == best


def test_ismcts_keeps_its_iteration_budget() -> None:
    state = _endgame(0)
    bot = ISMCTSBot(random.Random(1), iterations=37, sampler=lambda observation, rng: state)
    bot.choose(state.observation(state.elder))
    assert bot.last_iterations == 37


def test_a_time_limit_stops_the_search_early() -> None:
    """A tiny time limit: the first iteration (or world) always runs, few more do."""
    state = _endgame(0)
    ismcts = ISMCTSBot(
        random.Random(1), iterations=10**6, time_limit=1e-6, sampler=lambda o, r: state
    )
    ismcts.choose(state.observation(state.elder))
    assert 1 <= ismcts.last_iterations < 10**6
    pimc = PIMCBot(
        random.Random(1),
        worlds=10**6,
        time_limit=1e-6,
        evaluator="rollout",
        sampler=lambda o, r: state,
    )
    pimc.choose(state.observation(state.elder))
    assert 1 <= pimc.last_worlds < 10**6


def test_declarations_are_left_to_the_heuristic() -> None:
    state = pq.new_deal(pq.RUBICON, **SEED_002)
    state = play_out(state, SEED_002_EXCHANGE)
    assert state.phase is pq.Phase.DECLARATION
    observation = state.observation(state.elder)
    for bot in (ISMCTSBot(sampler=lambda o, r: state), PIMCBot(sampler=lambda o, r: state)):
        assert str(bot.choose(observation)) == "call point AH KH QH JH 8H"
    assert ISMCTSBot(sampler=lambda o, r: state).last_iterations == 0


def test_candidate_discards_are_legal_and_distinct() -> None:
    for seed in range(20):
        state = pq.new_game(pq.COTTON_1674)
        state = state.apply(state.sample_chance(random.Random(seed)))
        observation = state.observation(state.elder)
        found = candidate_discards(observation, 6)
        assert 1 <= len(found) <= 6 and len(set(found)) == len(found)
        assert all(action in observation.legal_actions for action in found)
    with pytest.raises(ValueError, match="at the player's discard"):
        candidate_discards(pq.new_game().observation(pq.Player.A))


def test_rollouts_end_the_deal_and_rewards_are_bounded() -> None:
    state = pq.new_game(pq.AU_CENT)
    state = state.apply(state.sample_chance(random.Random(2)))
    for policy in ("random", "heuristic"):
        end = rollout(state, random.Random(3), policy)
        assert is_deal_over(end) and not is_deal_over(state)
        assert -1.0 <= reward(end, pq.Player.A) == -reward(end, pq.Player.B) <= 1.0
    with pytest.raises(ValueError, match="rollout policy"):
        rollout(state, random.Random(3), "clever")


def test_without_the_search_tools_they_say_what_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "piquet.sampling", None)  # import fails
    monkeypatch.setitem(sys.modules, "piquet.solver", None)
    state = _endgame(18)
    observation = state.observation(pq.Player.B)
    with pytest.raises(RuntimeError, match=r"needs piquet\.sampling\.sample_state"):
        ISMCTSBot().choose(observation)
    with pytest.raises(RuntimeError, match=r"needs piquet\.solver\.solve"):
        PIMCBot(sampler=lambda o, r: state).choose(observation)


def test_last_deal_reward_is_mostly_the_outcome() -> None:
    final = pq.bots.play_game(
        pq.RUBICON, [make("heuristic"), make("random", seed=1)], random.Random(4)
    )
    assert final.result is not None and final.result.winner is pq.Player.A
    assert reward(final, pq.Player.A) >= 0.6 and reward(final, pq.Player.B) <= -0.6


def test_a_solved_leaf_rewards_as_a_played_out_best_line() -> None:
    """The exact solver's reward at a leaf equals the reward of the deal played out
    along a best line, found by brute force."""
    from piquet.bots.worlds import solved_reward
    from piquet.solver import solve

    state = _endgame(16)
    for player in pq.Player:
        line = state
        while not is_deal_over(line):
            mover = line.to_move
            assert isinstance(mover, pq.Player)
            line = max(
                (line.apply(a) for a in line.legal_actions()), key=lambda s: _minimax(s, mover)
            )
        assert solved_reward(state, player, solve) == pytest.approx(reward(line, player))
    race = pq.new_game(pq.AU_CENT, declarations="auto").apply(deal_of(**SEED_002))
    race = play_out(race, SEED_002_EXCHANGE + SEED_002_PLAY[:16])
    assert solved_reward(race, pq.Player.A, solve) is None  # a race: the order matters


@pytest.mark.parametrize("declarations", ["played", "auto"])
@pytest.mark.parametrize("name", ["ismcts", "pimc"])
def test_with_the_real_sampler_they_play_a_deal_in_either_mode(
    name: str, declarations: str
) -> None:
    """No oracle: worlds drawn by piquet.sampling, the declaration mode learned from the
    phases the bot is asked in (an observation does not say it)."""
    options = {"iterations": 4} if name == "ismcts" else {"worlds": 2, "exchange_worlds": 1}
    for seat in pq.Player:
        bots = [make("heuristic"), make("heuristic")]
        bots[seat] = make(name, seed=3, **options)
        state = pq.new_game(pq.RUBICON, declarations=declarations)  # type: ignore[arg-type]
        rng = random.Random(8)
        state = state.apply(state.sample_chance(rng))
        while not is_deal_over(state):
            mover = state.to_move
            assert isinstance(mover, pq.Player)
            observation = state.observation(mover)
            action = bots[mover].choose(observation)
            assert action in observation.legal_actions
            state = state.apply(action)
        learned = bots[seat].worlds_drawn.declarations  # type: ignore[attr-defined]
        assert learned == declarations
