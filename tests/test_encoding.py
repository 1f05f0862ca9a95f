"""The fixed action space and the observation tensor of piquet.encoding."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import piquet as pq
from piquet import encoding

pytestmark = pytest.mark.rl

MODES = ("auto", "played")


def walk(ruleset: pq.Ruleset, declarations: str, seed: int, deals: int) -> list[pq.State]:
    """The states of a random game, up to the end of its ``deals``-th deal."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    states = [state]
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            if state.deal_number >= deals:
                break
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def check_state(state: pq.State, kinds: Counter[str]) -> None:
    legal = list(state.legal_actions())
    mask = encoding.legal_mask(state)
    assert mask.shape == (encoding.NUM_ACTIONS,) and mask.dtype == np.bool_
    ids = [encoding.encode(state, action) for action in legal]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    assert sorted(ids) == list(np.flatnonzero(mask)) == list(encoding.legal_ids(state))
    for action, action_id in zip(legal, ids, strict=True):
        assert encoding.decode(state, action_id) == action
        kinds[type(action).__name__] += 1


@pytest.mark.parametrize("declarations", MODES)
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_round_trip_and_mask_on_random_games(name: str, declarations: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(2):
        for state in walk(pq.RULESETS[name], declarations, seed, deals=2):
            check_state(state, kinds)
    assert kinds["Exchange"] > 0 and kinds["Play"] > 0
    if declarations == "played":
        assert kinds["Call"] + kinds["Pass"] > 0
    else:
        assert kinds["Call"] == kinds["Pass"] == kinds["Good"] == 0


def test_every_declaration_kind_is_reached() -> None:
    kinds: Counter[str] = Counter()
    for name in sorted(pq.RULESETS):
        for seed in range(4):
            for state in walk(pq.RULESETS[name], "played", 100 + seed, deals=3):
                check_state(state, kinds)
    for kind in ("Call", "Pass", "Good", "Equal", "Reckon", "Leave", "Exchange", "Play"):
        assert kinds[kind] > 0, kind


BLANK_DEAL = {
    "elder": "AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D",
    "younger": "KS QS JS KH QH JH KD QD JD KC QC JC",
    "stock": "9D 8D 7D AC 10C 9C 8C 7C",
}


def test_carte_blanche_count_and_the_exchange_that_follows() -> None:
    state = pq.new_deal(pq.RUBICON, **BLANK_DEAL)  # type: ignore[arg-type]
    kinds: Counter[str] = Counter()
    check_state(state, kinds)
    assert kinds == {"ExchangeCount": 5}
    assert encoding.encode(state, pq.ExchangeCount(3)) == encoding.COUNT_BASE + 2
    state = state.apply(pq.ExchangeCount(3))
    check_state(state, kinds)  # the younger commits his discard first
    state = state.apply(pq.Exchange("KS"))
    mask = encoding.legal_mask(state)
    assert int(mask.sum()) == 220  # exactly three of twelve
    check_state(state, kinds)


def test_a_call_is_a_subset_of_the_hand_in_the_current_category() -> None:
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
        younger="10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D",
        stock="AC KC QC JC 10C 9C 8C 7C",
    )
    state = state.apply(pq.Exchange("JH"))
    state = state.apply(pq.Exchange("7D"))
    assert encoding.decode(state, encoding.LEAVE_BASE + 1) == pq.Leave("look")
    state = state.apply(pq.Leave("look"))
    assert state.phase is pq.Phase.DECLARATION
    call = next(a for a in state.legal_actions() if isinstance(a, pq.Call))
    action_id = encoding.encode(state, call)
    assert encoding.SUBSET_BASE <= action_id < encoding.COUNT_BASE
    assert encoding.decode(state, action_id) == call
    with pytest.raises(encoding.EncodingError, match="current category is point"):
        encoding.encode(state, pq.Call("set", "AS AH AC"))
    with pytest.raises(encoding.EncodingError, match="not cards of the mover's hand"):
        encoding.encode(state, pq.Call("point", "AD KD"))


def test_bad_ids_and_actions_raise_clear_errors() -> None:
    state = pq.new_game()
    with pytest.raises(encoding.EncodingError, match="out of range"):
        encoding.decode(state, encoding.NUM_ACTIONS)
    with pytest.raises(encoding.EncodingError, match="out of range"):
        encoding.decode(state, -1)
    with pytest.raises(encoding.EncodingError, match="must be an int"):
        encoding.decode(state, True)
    with pytest.raises(encoding.EncodingError, match="no player to move"):
        encoding.decode(state, encoding.SUBSET_BASE)
    with pytest.raises(encoding.EncodingError, match="chance action"):
        encoding.encode(state, state.sample_chance(random.Random(0)))
    with pytest.raises(encoding.EncodingError, match="counts go from 1"):
        encoding.encode(state, pq.ExchangeCount(13))
    assert not encoding.legal_mask(state).any()


def test_describe_names_every_block() -> None:
    words = [encoding.describe(i).split()[0] for i in range(encoding.NUM_ACTIONS)]
    assert Counter(words) == {
        "play": 36,
        "hand": 4096,
        "count": 12,
        "leave": 3,
        "pass": 3,
        "good": 3,
        "reckon": 24,
        "equal": 3,
    }


# ----------------------------------------------------------------- observations


def test_observation_fields_tile_the_tensor() -> None:
    position = 0
    for name, size in encoding.OBSERVATION_FIELDS:
        assert encoding.field_slice(name) == slice(position, position + size)
        position += size
    assert position == encoding.OBSERVATION_SIZE == 490
    with pytest.raises(KeyError, match="no observation field"):
        encoding.field_slice("colour")


@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_tensor_shape_is_the_same_for_every_ruleset(name: str) -> None:
    for state in walk(pq.RULESETS[name], "played", 7, deals=1)[::5]:
        for player in pq.Player:
            tensor = encoding.observation_tensor(state.observation(player))
            assert tensor.shape == (encoding.OBSERVATION_SIZE,)
            assert tensor.dtype == np.float32
            seen = state.observation(player)
            hand = tensor[encoding.field_slice("hand")]
            assert [encoding.CARDS[i] for i in np.flatnonzero(hand)] == list(seen.hand)
            pack = tensor[encoding.field_slice("pack")]
            assert int(pack.sum()) == pq.RULESETS[name].pack_size


def test_tensor_reads_tricks_scores_and_spoken() -> None:
    states = walk(pq.RUBICON, "played", 3, deals=1)
    final = states[-1]
    for player in pq.Player:
        seen = final.observation(player)
        tensor = encoding.observation_tensor(seen)
        played = (
            tensor[encoding.field_slice("my_tricks")]
            + tensor[encoding.field_slice("opponent_tricks")]
        )
        assert int(played.sum()) == 24
        scores = tensor[encoding.field_slice("scores")]
        assert scores[0] * 100 == pytest.approx(seen.scores[player])
        assert scores[1] * 100 == pytest.approx(seen.scores[player.other])
        assert tensor[encoding.field_slice("spoken")].sum() == len(seen.spoken)
        won = tensor[encoding.field_slice("tricks_won")] * 12
        assert round(float(won.sum())) == 12


def _no_blank(hand: pq.CardSet) -> bool:
    return any(card.rank.is_court for card in hand)


@given(
    name=st.sampled_from(sorted(pq.RULESETS)),
    data=st.data(),
)
def test_a_tensor_never_depends_on_the_opponents_hidden_cards(
    name: str, data: st.DataObject
) -> None:
    ruleset = pq.RULESETS[name]
    cards = data.draw(st.permutations(pq.pack(ruleset.pack_size)), label="pack")
    elder, younger, stock = cards[:12], cards[12:24], cards[24:]
    # the younger's hand and the stock are hidden from the elder: shuffle them
    hidden = data.draw(st.permutations(younger + stock), label="hidden")
    other_younger, other_stock = hidden[:12], hidden[12:]
    assume(_no_blank(pq.CardSet(younger)) and _no_blank(pq.CardSet(other_younger)))
    assume(_no_blank(pq.CardSet(elder)))
    first = pq.new_deal(ruleset, elder=elder, younger=younger, stock=stock)
    second = pq.new_deal(ruleset, elder=elder, younger=other_younger, stock=other_stock)
    player = first.elder
    assert first.observation(player) == second.observation(player)
    assert np.array_equal(
        encoding.observation_tensor(first.observation(player)),
        encoding.observation_tensor(second.observation(player)),
    )
    # after the elder takes in, he has seen his portion of the stock (R-EX-2); the
    # younger's hand and the rest of the stock stay hidden
    count = data.draw(st.integers(ruleset.elder_min, ruleset.elder_max), label="count")
    discard = pq.Exchange(pq.CardSet(elder[:count]))
    portion = stock[: ruleset.elder_max]
    rest = data.draw(st.permutations(younger + stock[ruleset.elder_max :]), label="rest")
    third = pq.new_deal(ruleset, elder=elder, younger=rest[:12], stock=(*portion, *rest[12:]))
    assume(_no_blank(pq.CardSet(rest[:12])))
    after_first = first.apply(discard)
    after_third = third.apply(discard)
    assert after_first.observation(player) == after_third.observation(player)
    assert np.array_equal(
        encoding.observation_tensor(after_first.observation(player)),
        encoding.observation_tensor(after_third.observation(player)),
    )
    # while the observer's own cards do show
    if elder != other_younger:
        swapped = pq.new_deal(ruleset, elder=other_younger, younger=elder, stock=other_stock)
        if swapped.observation(player).hand != first.observation(player).hand:
            assert not np.array_equal(
                encoding.observation_tensor(first.observation(player)),
                encoding.observation_tensor(swapped.observation(player)),
            )


@given(name=st.sampled_from(sorted(pq.RULESETS)), seed=st.integers(0, 2**32 - 1))
def test_equal_observations_give_equal_tensors(name: str, seed: int) -> None:
    states = walk(pq.RULESETS[name], "played", seed, deals=1)
    rng = random.Random(seed)
    state = states[rng.randrange(len(states))]
    player = pq.Player(rng.randrange(2))
    # a state rebuilt from its record is a different object with equal observations
    again = pq.State.from_json(state.to_json())
    seen, seen_again = state.observation(player), again.observation(player)
    assert seen == seen_again
    assert np.array_equal(
        encoding.observation_tensor(seen), encoding.observation_tensor(seen_again)
    )


@given(name=st.sampled_from(sorted(pq.RULESETS)), data=st.data())
def test_the_younger_tensor_never_depends_on_the_elders_hidden_cards(
    name: str, data: st.DataObject
) -> None:
    ruleset = pq.RULESETS[name]
    cards = data.draw(st.permutations(pq.pack(ruleset.pack_size)), label="pack")
    elder, younger, stock = cards[:12], cards[12:24], cards[24:]
    hidden = data.draw(st.permutations(elder + stock), label="hidden")
    assume(all(_no_blank(pq.CardSet(h)) for h in (elder, younger, hidden[:12])))
    first = pq.new_deal(ruleset, elder=elder, younger=younger, stock=stock)
    second = pq.new_deal(ruleset, elder=hidden[:12], younger=younger, stock=hidden[12:])
    player = first.elder.other
    seen, seen_other = first.observation(player), second.observation(player)
    assert seen == seen_other
    assert np.array_equal(
        encoding.observation_tensor(seen), encoding.observation_tensor(seen_other)
    )
    # the elder is to move, and the younger's tensor says it is the opponent's turn
    assert list(encoding.observation_tensor(seen)[encoding.field_slice("to_move")]) == [
        0.0,
        1.0,
        0.0,
        0.0,
    ]
