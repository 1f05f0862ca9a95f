"""The OpenSpiel game python_piquet passes OpenSpiel's own simulation test."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import piquet as pq
from piquet import encoding
from piquet.adapters import openspiel

pytestmark = pytest.mark.rl


@pytest.mark.parametrize(
    "params",
    [
        {"scope": "deal"},
        {"scope": "deal", "declarations": "played", "ruleset": "cotton_1995"},
        {"scope": "deal", "declarations": "played", "ruleset": "au_cent_36"},
        {"declarations": "auto"},
    ],
)
def test_random_sim_test(params: dict[str, str]) -> None:
    game = pyspiel.load_game("python_piquet", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def dealt(game: pyspiel.Game, seed: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(rng.choice(outcomes))
    return state


def test_the_deal_is_card_by_card_and_goes_out_in_packets() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal"})
    state = game.new_initial_state()
    cards = []
    for position in range(32):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 32 - position
        outcomes = state.chance_outcomes()
        card = outcomes[position % len(outcomes)][0]
        cards.append(encoding.CARDS[card])
        state.apply_action(card)
    expected = pq.new_game(declarations="auto").apply(pq.Deal(cards))
    assert state.piquet == expected
    elder = state.piquet.elder
    assert state.piquet.hand(elder) == pq.CardSet(
        cards[0:2] + cards[4:6] + cards[8:10] + cards[12:14] + cards[16:18] + cards[20:22]
    )


def test_strings_tensors_and_serialisation() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "game", "declarations": "played"})
    rng = random.Random(4)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            player = state.current_player()
            assert len(state.observation_tensor(player)) == encoding.OBSERVATION_SIZE
            tensor = state.information_state_tensor(player)
            assert len(tensor) == openspiel.INFORMATION_STATE_SIZE
            assert np.array_equal(
                np.asarray(state.observation_tensor(player), dtype=np.float32),
                encoding.observation_tensor(state.piquet.observation(pq.Player(player))),
            )
            text = state.information_state_string(player)
            assert text.endswith(state.observation_string(player))
            legal = state.legal_actions()
            assert legal == sorted(
                encoding.encode(state.piquet, a) for a in state.piquet.legal_actions()
            )
            state.apply_action(rng.choice(legal))
        steps += 1
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.piquet == state.piquet
    assert state.deal_moves > 0  # reached a later deal
    # perfect recall: the earlier deals are in the information state
    later = state.information_state_string(0)
    between_deals = state.piquet.to_move is pq.CHANCE or state.piquet.is_over
    assert later.count("player A") == state.piquet.deal_number + between_deals


@pytest.mark.parametrize("declarations", ["auto", "played"])
def test_the_resampler_keeps_the_information_state(declarations: str) -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal", "declarations": declarations})
    rng = random.Random(11)
    changed = 0
    for seed in range(3):
        state = dealt(game, seed)
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            sample = openspiel.resampler(state, player, rng=rng)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.legal_actions() == state.legal_actions()
            them = pq.Player(player).other
            changed += sample.piquet.hand(them) != state.piquet.hand(them)
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0


def test_bad_parameters_are_named() -> None:
    with pytest.raises(ValueError, match="scope: one of game, deal"):
        pyspiel.load_game("python_piquet", {"scope": "match"})
    with pytest.raises(ValueError, match="ruleset: one of rubicon"):
        pyspiel.load_game("python_piquet", {"ruleset": "snap"})


def test_the_ismcts_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    try:
        import openspiel_ismcts
    finally:
        sys.path.pop(0)
    openspiel_ismcts.main(["--deals", "1", "--simulations", "5"])
    out = capsys.readouterr().out
    for name in pq.bots.names():
        assert f"vs {name}" in out


def test_ismcts_plays_played_declarations_with_consistent_action_sets() -> None:
    """Equal information states give equal legal actions, so OpenSpiel's ISMCTS plays the
    declaration dialogue without ``allow_inconsistent_action_sets`` (R-DE-1a)."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_piquet", {"scope": "deal", "declarations": "played"})
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3)),
        uct_c=40.0,
        max_simulations=12,
        max_world_samples=4,
        random_state=np.random.RandomState(3),
        allow_inconsistent_action_sets=False,
    )
    rng = random.Random(3)
    declared = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            declared += state.piquet.phase is pq.Phase.DECLARATION
            state.apply_action(searcher.step(state))
        assert sum(state.returns()) == 0
    assert declared > 0


def test_loading_by_string_pickling_cloning_and_serialising() -> None:
    import pickle

    game = pyspiel.load_game("python_piquet(scope=deal,declarations=played)")
    assert game.get_parameters() == {
        "declarations": "played",
        "ruleset": "rubicon",
        "scope": "deal",
    }
    state = dealt(game, 5)
    rng = random.Random(5)
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    for copy in (
        pickle.loads(pickle.dumps(state)),
        state.clone(),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert copy.history() == state.history()
        assert copy.piquet == state.piquet
        assert copy.information_state_string(0) == state.information_state_string(0)
    assert pickle.loads(pickle.dumps(game)) == game


def test_resample_from_infostate_is_what_ismcts_calls() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal"})
    state = dealt(game, 8)
    state.apply_action(state.legal_actions()[-1])  # the elder discards
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert isinstance(sample, openspiel.PiquetState)
    assert sample.information_state_string(player) == state.information_state_string(player)


def snapshot(state: pyspiel.State) -> tuple[object, ...]:
    return (state.serialize(), str(state), state.moves, state.dealing, state.piquet)


NOT_IDS = [float("inf"), float("nan"), None, "3", 3.5, 2.0, True, -1, [1]]


@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_an_action_that_is_no_int_id_is_refused_and_changes_nothing(action: object) -> None:
    state = pyspiel.load_game("python_piquet", {"scope": "deal"}).new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    for s in (state, dealt(pyspiel.load_game("python_piquet", {"scope": "deal"}), 1)):
        before = snapshot(s)
        for apply in (s.apply_action, s.apply_action_with_legality_check):
            with pytest.raises(openspiel.InvalidActionError, match=r"^apply_action: ") as caught:
                apply(action)
            assert isinstance(caught.value, ValueError)
            assert isinstance(caught.value, pyspiel.SpielError)
            assert snapshot(s) == before


def test_a_chance_outcome_must_be_a_card_left_in_the_pack() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal"})  # 32 cards: no sixes
    state = game.new_initial_state()
    first = state.chance_outcomes()[0][0]
    state.apply_action(np.int64(first))  # numpy ints are ids
    six = encoding.card_id(pq.Card.parse("6S"))
    before = snapshot(state)
    for outcome, why in [
        (first, "dealt already"),
        (six, "not in the pack"),
        (36, "not in the pack"),
    ]:
        with pytest.raises(openspiel.InvalidActionError, match=why):
            state.apply_action(outcome)
        assert snapshot(state) == before
    rest = [a for a, _ in state.chance_outcomes()]
    assert first not in rest and six not in rest and len(rest) == 31


def test_an_illegal_player_action_is_refused_and_changes_nothing() -> None:
    state = dealt(pyspiel.load_game("python_piquet", {"scope": "deal"}), 2)
    before = snapshot(state)
    for action in (encoding.PLAY_BASE, encoding.NUM_ACTIONS - 1):
        assert action not in state.legal_actions()
        with pytest.raises(openspiel.InvalidActionError, match=f"action {action}"):
            state.apply_action(action)
        assert snapshot(state) == before


def test_no_action_after_the_end() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal"})
    state = dealt(game, 3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    before = snapshot(state)
    with pytest.raises(openspiel.InvalidActionError, match="after the end"):
        state.apply_action(0)  # would deal the next deal's first card
    assert snapshot(state) == before


def test_a_house_ruleset_is_a_json_parameter() -> None:
    from piquet.adapters import ruleset_json

    house = pq.RUBICON.evolve(last_trick=20)
    game = pyspiel.load_game("python_piquet", {"ruleset": ruleset_json(house), "scope": "deal"})
    assert game.ruleset == house and game.new_initial_state().piquet.ruleset == house
    assert pyspiel.load_game(str(game)).ruleset == house  # the game string holds it
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="ruleset"):
        pyspiel.load_game("python_piquet", {"ruleset": '{"colour": "red"}'})


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_the_observer_names_its_fields(perfect_recall: bool) -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal"})
    state = dealt(game, 5)
    obs_type = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
    observer = game.make_py_observer(obs_type)
    observer.set_from(state, 0)
    expected = encoding.observation_tensor(state.piquet.observation(pq.Player.A))
    names = [name for name, _ in encoding.OBSERVATION_FIELDS]
    assert list(observer.dict)[: len(names)] == names
    for name in names:
        field = observer.dict[name]
        assert np.shares_memory(field, observer.tensor)
        assert (field == expected[encoding.field_slice(name)]).all()
    assert float(observer.dict["hand"].sum()) == 12.0
    assert float(observer.dict["stock_size"][0]) == pytest.approx(8 / 12)
    assert ("tricks" in observer.dict) is perfect_recall


def test_the_observation_tensor_at_every_step_equals_the_encodings() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "game"})
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for player in (0, 1):
            expected = encoding.observation_tensor(state.piquet.observation(pq.Player(player)))
            assert state.observation_tensor(player) == pytest.approx(expected.tolist(), abs=0)
        assert state.legal_actions() == encoding.legal_ids(state.piquet).tolist()
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_python_tensors_are_pyspiels_own() -> None:
    game = pyspiel.load_game("python_piquet", {"scope": "deal", "declarations": "played"})
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for player in (0, 1):
            for method in ("observation_tensor", "information_state_tensor"):
                ours = getattr(state, method)(player)
                assert ours == getattr(pyspiel.State, method)(state, player)
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError, match="player 2"):
        state.observation_tensor(2)
