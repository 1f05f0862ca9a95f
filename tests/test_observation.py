"""An observation as a value: equality, hashing, pickling, and nothing hidden inside it."""

from __future__ import annotations

import gc
import pickle
import random
import types

import pytest

import piquet as pq
from piquet.words import CHANCE


def _game_states(seed: int, declarations: str = "played") -> list[pq.State]:
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations=declarations)
    states = [state]
    while not state.is_over and len(states) < 400:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _in_play(seed: int) -> pq.State:
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations="played")
    while state.phase is not pq.Phase.PLAY or len(state.tricks) < 3:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_legal_actions_take_no_part_in_equality_hash_or_repr() -> None:
    state = _in_play(1)
    seen = state.observation(state.to_move)  # type: ignore[arg-type]
    assert seen.legal_actions
    other = seen._replace(legal_actions=())
    assert other == seen and hash(other) == hash(seen)
    assert not other.__ne__(seen)
    assert repr(other) == repr(seen) and "legal_actions" not in repr(seen)
    changed = seen._replace(deal_number=seen.deal_number + 1)
    assert changed != seen and not changed.__eq__(seen)


def test_an_observation_equals_no_plain_tuple_and_has_no_order() -> None:
    seen = _in_play(2).observation(pq.Player.A)
    assert seen != tuple(seen) and tuple(seen) != seen
    assert seen != tuple(seen)[:-1]
    with pytest.raises(TypeError):
        seen < seen  # noqa: B015
    with pytest.raises(TypeError):
        seen >= seen  # noqa: B015


def test_the_repr_names_every_compared_field_in_order() -> None:
    seen = _in_play(3).observation(pq.Player.B)
    text = repr(seen)
    assert text.startswith("Observation(player=<Player.B: 1>, ruleset=Ruleset(")
    at = 0
    for name in pq.Observation._fields[1:-1]:  # each after the one before
        at = text.index(f"{name}={getattr(seen, name)!r}", at)
    assert text.endswith(f"result={seen.result!r})")


def test_equal_states_give_equal_observations_with_equal_hashes() -> None:
    for state in _game_states(4)[::7]:
        twin = pickle.loads(pickle.dumps(state))
        for player in pq.Player:
            one, two = state.observation(player), twin.observation(player)
            assert one == two and hash(one) == hash(two)
            assert len(one.legal_actions) == len(two.legal_actions)


def test_an_observation_pickles_to_an_equal_one() -> None:
    for state in _game_states(5)[::5]:
        for player in pq.Player:
            seen = state.observation(player)
            again = pickle.loads(pickle.dumps(seen))
            assert type(again) is pq.Observation
            assert again == seen and hash(again) == hash(seen) and repr(again) == repr(seen)
            assert list(again.legal_actions[:3]) == list(seen.legal_actions[:3])
            assert len(again.legal_actions) == len(seen.legal_actions)


_NOT_DATA = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through data (not through classes, modules or
    functions, which reach the whole program)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _NOT_DATA):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def _hidden_from(state: pq.State, player: pq.Player) -> int:
    """The mask of the cards ``player`` may not know the place of in ``state``."""
    seen = state.observation(player)
    opponent = state.hand(player.other) - seen.opponent_known - seen.opponent_shown
    unseen_stock = pq.CardSet(state.stock) - seen.seen_stock
    return opponent.mask | unseen_stock.mask


@pytest.mark.parametrize("seed", [6, 7])
def test_an_observation_holds_no_state_and_no_hidden_card(seed: int) -> None:
    checked = 0
    for state in _game_states(seed):
        if state.to_move is CHANCE or state.is_over:
            continue
        for player in pq.Player:
            hidden = _hidden_from(state, player)
            seen = state.observation(player)
            for obj in _reachable(seen):
                assert not isinstance(obj, pq.State), f"a State inside {player}'s observation"
                if isinstance(obj, pq.CardSet):
                    assert not obj.mask & hidden, f"hidden cards in {obj} at {state.phase}"
                elif isinstance(obj, pq.Card):
                    assert not pq.CardSet([obj]).mask & hidden, f"hidden {obj}"
            assert b"engine.state" not in pickle.dumps(seen)
            checked += bool(hidden)
    assert checked > 50  # positions where something was hidden from the observer


def test_a_hidden_card_would_be_found() -> None:
    state = _in_play(8)
    opponent_hand = state.hand(state.to_move.other)  # type: ignore[union-attr]
    seen = state.observation(state.to_move)  # type: ignore[arg-type]
    leaky = seen._replace(opponent_known=opponent_hand)
    found = [o for o in _reachable(leaky) if isinstance(o, pq.CardSet)]
    assert any(o.mask & _hidden_from(state, seen.player) for o in found)
    assert any(isinstance(o, pq.State) for o in _reachable((seen, state)))


def test_every_field_is_documented() -> None:
    for name in pq.Observation._fields:
        doc = getattr(pq.Observation, name).__doc__
        assert doc and not doc.startswith("Alias for field"), name


def test_a_bad_player_is_refused() -> None:
    with pytest.raises(ValueError, match=r"pq\.Player\.A or pq\.Player\.B"):
        pq.new_game().observation(0)  # type: ignore[arg-type]


@pytest.mark.parametrize("declarations", ["played", "auto"])
def test_the_hash_tells_apart_nearly_every_pair_of_a_game_s_observations(
    declarations: str,
) -> None:
    # the hash reads a few fields only: it must still spread a game's observations
    seen = {
        state.observation(player)
        for seed in (6, 7)
        for state in _game_states(seed, declarations)
        for player in pq.Player
    }
    hashes = {hash(one) for one in seen}
    assert len(seen) > 500
    assert len(hashes) >= 0.95 * len(seen)
