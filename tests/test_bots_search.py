"""The search bots: on positions whose best move is known by brute force, they find it
when every card is known (an oracle sampler), and they keep their budgets."""

from __future__ import annotations

import random
import sys

import attrs
import pytest
from ruleset_helpers import deal_of
from seed_data import SEED_002, SEED_002_EXCHANGE, SEED_002_PLAY

import piquet as pq
from conftest import play_out
from piquet.bots import ISMCTSBot, PIMCBot, make
from piquet.bots.rollouts import candidate_discards, rollout
from piquet.search.worlds import is_deal_over, reward


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
    monkeypatch.setitem(sys.modules, "piquet.search.sampling", None)  # import fails
    monkeypatch.setitem(sys.modules, "piquet.search.solver", None)
    state = _endgame(18)
    observation = state.observation(pq.Player.B)
    with pytest.raises(RuntimeError, match=r"needs piquet\.search\.sampling\.sample_state"):
        ISMCTSBot().choose(observation)
    with pytest.raises(RuntimeError, match=r"needs piquet\.search\.solver\.solve"):
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
    from piquet.search.solver import solve
    from piquet.search.worlds import solved_reward

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
    """No oracle: worlds drawn by piquet.search.sampling, the declaration mode learned from the
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


def _last_deal_play() -> pq.State:
    """A Rubicon partie between heuristic bots, at the first card of its sixth and last
    deal."""
    bots = [make("heuristic"), make("heuristic")]
    state = pq.new_game(pq.RUBICON)
    rng = random.Random(5)
    while not (state.deal_number == 6 and state.phase is pq.Phase.PLAY):
        mover = state.to_move
        if mover is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            assert isinstance(mover, pq.Player)
            state = state.apply(bots[mover].choose(state.observation(mover)))
    return state


def test_partie_value_is_deal_points_before_the_last_deal() -> None:
    from piquet.search.worlds import partie_value

    state = _endgame(4)
    for margin in (-30, 0, 17):
        assert partie_value(state, pq.Player.A, margin) == margin
        assert partie_value(state, pq.Player.B, margin) == margin


def test_partie_value_in_the_last_deal_is_the_game_won_or_lost() -> None:
    """In the deal that ends the partie the value is what the partie settles at: the
    bonus (100) and the difference of the totals, won or lost; a tie goes on to extra
    deals, so there a deal point is still a point."""
    from piquet.search.worlds import partie_value

    state = _last_deal_play()
    assert min(state.scores) >= 100  # nobody rubiconed: the partie is worth lead + 100
    for player in pq.Player:
        now = state.deal_scores
        before = (state.scores[player] - state.scores[player.other]) - (
            now[player] - now[player.other]
        )
        for lead in (1, 20, 45):
            assert partie_value(state, player, lead - before) == lead + 100
            assert partie_value(state, player, -lead - before) == -lead - 100
        assert partie_value(state, player, -before) == -before  # tied: extra deals


def test_partie_value_counts_the_rubicon() -> None:
    """A loser who stays under the rubicon gives the winner his own total as well."""
    from piquet.search.worlds import partie_value

    state = _endgame(4)
    rubicon = attrs.evolve(state.ruleset, game=attrs.evolve(state.ruleset.game, deals=1))
    last = pq.new_game(rubicon, declarations="auto").apply(deal_of(**SEED_002))
    last = play_out(last, SEED_002_EXCHANGE + SEED_002_PLAY[:4])
    assert max(last.scores) < 100 and last.ruleset.game.deals == 1
    for player in pq.Player:
        now = last.deal_scores
        rest = 30 - (now[player] - now[player.other])  # to come, for the player ending 30 up
        low = last.scores[player.other] + max(-rest, 0)
        assert low < 100
        assert partie_value(last, player, 30) == (low + 30) + low + 100


def test_pimc_spends_the_kernel_s_speed_on_more_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    from piquet.bots import pimc
    from piquet.search import native

    pure, fast = (
        PIMCBot(random.Random(1), budget="pure"),
        PIMCBot(random.Random(1), budget="native"),
    )
    for cards in range(12, 0, -1):
        assert fast.play_worlds(cards) > pure.play_worlds(cards)
    assert fast.exchange_budget() == pimc.NATIVE_EXCHANGE_WORLDS > pure.exchange_budget() == 6
    assert PIMCBot(random.Random(1), budget="native", exchange_worlds=3).exchange_budget() == 3
    for switch, budget in (("0", pure), ("1", fast)):
        with monkeypatch.context() as patch:
            patch.setenv(native.ENV_VAR, switch)
            native.kernel.cache_clear()
            auto = PIMCBot(random.Random(1))
            expected = budget if native.native_available() else pure
            assert auto.play_worlds(12) == expected.play_worlds(12)
            assert auto.exchange_budget() == expected.exchange_budget()
        native.kernel.cache_clear()
    with pytest.raises(ValueError, match="budget must be"):
        PIMCBot(random.Random(1), budget="fast")


def test_pimc_weighs_more_worlds_as_the_solver_gets_cheaper() -> None:
    from piquet.bots.pimc import ENDGAME_WORLDS, PLAY_WORLDS

    bot = PIMCBot(random.Random(1), budget="pure")
    counts = [bot.play_worlds(cards) for cards in range(12, 0, -1)]
    assert counts == sorted(counts) and counts[0] == PLAY_WORLDS[12]
    assert counts[-1] == ENDGAME_WORLDS
    assert PIMCBot(random.Random(1), worlds=5).play_worlds(12) == 5
    state = _endgame(4)
    bot = PIMCBot(random.Random(1), budget="pure", sampler=lambda o, r, s=state: s)
    bot.choose(state.observation(state.to_move))  # type: ignore[arg-type]
    assert bot.last_worlds == PLAY_WORLDS[10]


def test_pimc_weighs_one_world_when_nothing_is_hidden() -> None:
    from piquet.bots.helpers import unseen_cards
    from piquet.bots.pimc import _nothing_hidden

    state = _endgame(18)
    observation = state.observation(pq.Player.B)
    assert not _nothing_hidden(observation)  # the elder's discard is unseen
    known = observation._replace(opponent_hand_size=len(unseen_cards(observation)))
    assert _nothing_hidden(known)


def test_without_evidence_the_search_bots_play_the_heuristics_choice() -> None:
    """One ISMCTS iteration tries the heuristic's choice first; a PIMC tie margin wider
    than any deal makes every value a tie."""
    heuristic = make("heuristic")
    for plays in (0, 5, 12):
        state = _endgame(plays)
        me = state.to_move
        assert isinstance(me, pq.Player)
        observation = state.observation(me)
        advised = heuristic.choose(observation)
        ismcts = ISMCTSBot(random.Random(1), iterations=1, sampler=lambda o, r, s=state: s)
        assert ismcts.choose(observation) == advised
        pimc = PIMCBot(random.Random(1), worlds=2, tie_margin=1000, sampler=lambda o, r, s=state: s)
        assert pimc.choose(observation) == advised


def test_ismcts_reuses_each_world_for_several_iterations() -> None:
    state = _endgame(0)
    drawn: list[int] = []

    def sampler(observation: pq.Observation, rng: random.Random) -> pq.State:
        drawn.append(1)
        return state

    bot = ISMCTSBot(random.Random(1), iterations=12, reuse=4, sampler=sampler)
    bot.choose(state.observation(state.elder))
    assert bot.last_iterations == 12 and len(drawn) == 3


@pytest.mark.parametrize(
    ("bot", "option", "message"),
    [
        (ISMCTSBot, {"reuse": 0}, "reuse must be at least 1"),
        (ISMCTSBot, {"heuristic_bias": -1.0}, "heuristic_bias must be 0 or more"),
        (ISMCTSBot, {"exchange": "tree"}, "exchange must be 'pimc' or 'search'"),
        (ISMCTSBot, {"exchange_worlds": 0}, "exchange_worlds must be at least 1"),
        (ISMCTSBot, {"discards": 0}, "discards must be at least 1"),
        (ISMCTSBot, {"solve_below": -1}, "solve_below must be 0 or more"),
        (PIMCBot, {"tie_margin": -1.0}, "tie_margin must be 0 or more"),
        (PIMCBot, {"worlds": 0}, "worlds must be at least 1"),
    ],
)
def test_bad_search_options_are_refused(bot: type, option: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bot(random.Random(1), **option)


def test_ismcts_discards_as_pimc_does_by_default() -> None:
    """With ``exchange="pimc"`` the discard is PIMC's (candidate discards over
    ``exchange_worlds`` worlds each), no tree is grown; with ``"search"`` the tree
    branches on the candidate discards."""
    state = pq.new_game(pq.RUBICON, declarations="auto").apply(deal_of(**SEED_002))
    observation = state.observation(state.elder)
    assert isinstance(observation.legal_actions[0], pq.Exchange)
    drawn: list[int] = []

    def sampler(observation: pq.Observation, rng: random.Random) -> pq.State:
        drawn.append(1)
        return state

    ismcts = ISMCTSBot(random.Random(1), exchange_worlds=3, sampler=sampler)
    pimc = PIMCBot(random.Random(1), exchange_worlds=3, sampler=lambda o, r: state)
    chosen = ismcts.choose(observation)
    assert chosen == pimc.choose(observation)
    assert ismcts.last_iterations == 0 and len(drawn) == 3
    searched = ISMCTSBot(random.Random(1), iterations=12, exchange="search", sampler=sampler)
    assert searched.choose(observation) in candidate_discards(observation, 6)
    assert searched.last_iterations == 12


@pytest.mark.parametrize(("solve_below", "solved"), [(8, 10), (0, 0)])
def test_ismcts_values_leaves_by_the_solver_from_solve_below_cards(
    solve_below: int, solved: int
) -> None:
    """Eight cards in hand: with ``solve_below=8`` every iteration's leaf is solved
    exactly; with 0, none is (play-outs instead)."""
    from piquet.search.solver import solve

    state = _endgame(8)
    me = state.to_move
    assert isinstance(me, pq.Player) and len(state.hand(me)) == 8
    calls: list[int] = []

    def counted(state: pq.State, **options: object) -> object:
        calls.append(1)
        return solve(state, **options)  # type: ignore[arg-type]

    bot = ISMCTSBot(
        random.Random(1),
        iterations=10,
        solve_below=solve_below,
        sampler=lambda o, r: state,
        solver=counted,
    )
    assert bot.choose(state.observation(me)) in state.legal_actions()
    assert len(calls) == solved
