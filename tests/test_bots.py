"""Bots: the protocol, the registry, and every bot through every preset and house rule,
never choosing an action that is not legal."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import piquet as pq
from piquet.bots import (
    Bot,
    GreedyBot,
    HeuristicBot,
    ISMCTSBot,
    PIMCBot,
    RandomBot,
    make,
    names,
    play_game,
    register,
    unregister,
)

HOUSE = {
    "rubicon+rouge+younger_min_0": pq.RUBICON.evolve(
        name="house", carte_rouge=20, younger_min=0, cards_count_toward_pique=True
    ),
    "rubicon+four_deals+two_blanks_cancel": pq.RUBICON.evolve(
        name="house", deals=4, two_blanks=pq.TwoBlanks.CANCEL
    ),
    "au_cent+last_trick_10": pq.AU_CENT.evolve(name="house", last_trick=10),
    "short_race": pq.RUBICON.evolve(name="house", game=pq.Race(target=60)),
}
RULESETS = {**pq.RULESETS, **HOUSE}


class Oracle:
    """A sampler that returns the true state: it lets the search bots be tested before
    (and apart from) the sampler, and checks they use what a sampler gives them."""

    def __init__(self) -> None:
        self.state: pq.State | None = None

    def __call__(self, observation: pq.Observation, rng: random.Random) -> pq.State:
        assert self.state is not None
        assert self.state.observation(observation.player) == observation
        return self.state


def _cheap(name: str, oracle: Oracle, seed: int) -> Bot:
    options: dict[str, object] = {}
    if name == "pimc":
        options = {"worlds": 2, "exchange_worlds": 1, "discards": 2, "evaluator": "rollout"}
    elif name == "ismcts":
        options = {"iterations": 6}
    if name in ("pimc", "ismcts"):
        options["sampler"] = oracle
    return make(name, seed=seed, **options)


def play_checked(
    ruleset: pq.Ruleset,
    bots: list[Bot],
    oracle: Oracle,
    seed: int,
    declarations: str = "played",
    max_deals: int | None = None,
) -> tuple[pq.State, int]:
    """Play bots through a game, asserting every action chosen is legal; returns the
    last state and the number of decisions."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    decisions = 0
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            if max_deals is not None and state.deal_number >= max_deals:
                break
            state = state.apply(state.sample_chance(rng))
            continue
        mover = state.to_move
        assert isinstance(mover, pq.Player)
        observation = state.observation(mover)
        oracle.state = state
        action = bots[mover].choose(observation)
        assert action in observation.legal_actions, f"{bots[mover]!r} chose {action}"
        assert state.is_legal(action)
        state = state.apply(action)
        decisions += 1
    return state, decisions


@pytest.mark.parametrize("declarations", ["played", "auto"])
@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
def test_simple_bots_play_every_ruleset(name: str, ruleset: pq.Ruleset, declarations: str) -> None:
    oracle = Oracle()
    bots = [make(name, seed=1), make("random", seed=2)]
    final, decisions = play_checked(ruleset, bots, oracle, seed=3, declarations=declarations)
    assert final.is_over and decisions > 20
    bots.reverse()
    final, _ = play_checked(ruleset, bots, oracle, seed=4, declarations=declarations)
    assert final.is_over


@pytest.mark.slow
@pytest.mark.parametrize("declarations", ["played", "auto"])
@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_search_bots_play_every_ruleset(name: str, ruleset: pq.Ruleset, declarations: str) -> None:
    """Two deals each (a whole game would take long at any budget), both seats."""
    oracle = Oracle()
    bots = [_cheap(name, oracle, 1), _cheap("heuristic", oracle, 2)]
    state, decisions = play_checked(ruleset, bots, oracle, 5, declarations, max_deals=2)
    assert decisions > 20 and (state.is_over or state.deal_number == 2)
    bots.reverse()
    play_checked(ruleset, bots, oracle, 6, declarations, max_deals=1)


def test_every_registered_bot_is_a_bot() -> None:
    from piquet.bots import BeginnerBot, ReferencePIMCBot, StrongBot

    levels = tuple(f"level{n}" for n in range(1, 6))
    assert names() == (
        "greedy",
        "heuristic",
        "ismcts",
        *levels,
        "pimc",
        "pimc-2026.11",
        "random",
        "strong",
    )
    kinds = {
        "random": RandomBot,
        "greedy": GreedyBot,
        "heuristic": HeuristicBot,
        "pimc": PIMCBot,
        "ismcts": ISMCTSBot,
        "strong": StrongBot,
        "pimc-2026.11": ReferencePIMCBot,
        "level1": BeginnerBot,
        "level2": HeuristicBot,
        "level3": StrongBot,
        "level4": StrongBot,
        "level5": StrongBot,
    }
    for name in names():
        bot = make(name, seed=1)
        assert isinstance(bot, Bot) and isinstance(bot, kinds[name])
    assert isinstance(make("HEURISTIC"), HeuristicBot)


def test_make_refuses_unknown_bots_and_options() -> None:
    with pytest.raises(ValueError, match="unknown bot 'deep blue'; known bots: greedy"):
        make("deep blue")
    with pytest.raises(ValueError, match="bot 'heuristic' has no option 'depth'; it takes none"):
        make("heuristic", depth=3)
    with pytest.raises(ValueError, match="bot 'ismcts' has no option 'depth'; its options: it"):
        make("ismcts", depth=3)
    with pytest.raises(ValueError, match="bot 'pimc' has no option 'depth'; its options: wor"):
        make("pimc", depth=3)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("ismcts", {"iterations": 0}, "iterations must be at least 1"),
        ("ismcts", {"time_limit": 0}, "time_limit must be positive"),
        ("ismcts", {"rollout": "smart"}, "rollout must be 'random' or 'heuristic'"),
        ("pimc", {"worlds": 0}, "worlds must be at least 1"),
        ("pimc", {"evaluator": "oracle"}, "evaluator must be 'solver' or 'rollout'"),
        ("pimc", {"time_limit": -1.0}, "time_limit must be positive"),
    ],
)
def test_search_bots_refuse_bad_budgets(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make(name, seed=1, **options)


def test_register_checks_names_and_replaces() -> None:
    with pytest.raises(ValueError, match="lower case"):
        register("Cautious", lambda seed, **options: GreedyBot())
    with pytest.raises(ValueError, match="non-empty"):
        register("", lambda seed, **options: GreedyBot())
    factory: Callable[..., Bot] = lambda seed, **options: RandomBot(random.Random(seed))  # noqa: E731
    register("coin", factory)
    try:
        assert "coin" in names()
        a, b = make("coin", seed=7), make("coin", seed=7)
        observation = _first_decision(pq.RUBICON)
        assert a.choose(observation) == b.choose(observation)
    finally:
        unregister("coin")
    assert "coin" not in names()


def _first_decision(ruleset: pq.Ruleset, seed: int = 0) -> pq.Observation:
    state = pq.new_game(ruleset)
    state = state.apply(state.sample_chance(random.Random(seed)))
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    return state.observation(mover)


def test_bots_refuse_an_observation_with_nothing_to_choose() -> None:
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(0)))
    waiting = state.observation(state.dealer)  # the elder discards first
    for bot in (HeuristicBot(), ISMCTSBot(), PIMCBot()):
        with pytest.raises(ValueError, match="nothing to choose"):
            bot.choose(waiting)


def test_seeded_bots_repeat_their_games() -> None:
    def game(seed: int) -> str:
        oracle = Oracle()
        bots = [_cheap("ismcts", oracle, seed), _cheap("pimc", oracle, seed + 1)]
        state, _ = play_checked(pq.RUBICON, bots, oracle, seed=9, max_deals=1)
        return " ".join(str(a) for a in state.history)

    assert game(1) == game(1)


def test_play_game_needs_two_bots() -> None:
    with pytest.raises(ValueError, match="two bots, got 1"):
        play_game(pq.RUBICON, [GreedyBot()], random.Random(0))


def test_the_ladder_script_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/ladder.py, on a few games and with a cheap bot on top."""
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "examples" / "ladder.py"
    module = runpy.run_path(str(script))
    arguments = ["--games", "2", "--search-games", "2", "--top", "greedy", "--cpu-games", "1"]
    assert module["main"](arguments) == 0
    out = capsys.readouterr().out
    assert out.startswith(".. list-table::")
    for row in ("greedy v random", "heuristic v greedy", "greedy v heuristic", "greedy v greedy"):
        assert f"   * - {row}\n" in out
    assert "rubicon, seed 1; Python 3." in out
    assert "greedy: " in out and " ms of CPU a decision (v heuristic)" in out


def test_the_oracle_bound_sees_the_deal_it_is_told(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/oracle_bound.py: the oracle's worlds are the true state where it sees
    it, a state consistent with its observation elsewhere; the script prints its rates."""
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "examples" / "oracle_bound.py"
    module = runpy.run_path(str(script))
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(4)))
    seen = state.observation(state.elder)
    for sees in ("all", "play"):
        truth = module["Truth"](sees)
        truth.state = state
        world = truth(seen, random.Random(0))
        assert world.observation(state.elder) == seen
        assert (world is state) == (sees == "all")
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    truth = module["Truth"]("play")
    truth.state = state
    assert truth(state.observation(state.elder), random.Random(0)) is state
    assert module["main"](["--pairs", "2", "--lower", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("strong, seeing every card, v random: 4 parties (pairs 1000 to 1001)")
    assert "Student-t on the pairs" in out and "points a partie +" in out


def test_the_example_bot_registers_and_plays_a_match() -> None:
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "examples" / "my_first_bot.py"
    module = runpy.run_path(str(script))
    try:
        result = module["main"](games=4, seed=2)
        assert len(result.games) == 4 and result.a == "long-suit"
        observation = _first_decision(pq.RUBICON)
        assert make("long-suit").choose(observation) in observation.legal_actions
    finally:
        unregister("long-suit")
