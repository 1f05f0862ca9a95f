"""The protocol's JSON: observations round-trip exactly and hide what the player may not
know; message lines are read or refused with a clear error; events tell only what the
observation shows."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest

import piquet as pq
from conftest import scaled
from piquet.protocol import (
    ProtocolError,
    decode_line,
    encode,
    messages_between,
    observation_from_json,
    observation_to_json,
)

MODES = ("played", "auto")


def observations(ruleset: pq.Ruleset, mode: str, seed: int) -> Iterator[pq.Observation]:
    """Both players' observations of every state of a random game."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=mode)  # type: ignore[arg-type]
    while True:
        for player in pq.Player:
            yield state.observation(player)
        if state.is_over:
            return
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_observation_json_round_trips_for_every_preset_and_mode(name: str, mode: str) -> None:
    ruleset = pq.RULESETS[name]
    every = scaled(9, 3)  # every third state's observations in CI
    for seen in itertools.islice(observations(ruleset, mode, seed=len(name)), 0, None, every):
        data = observation_to_json(seen)
        text = json.dumps(data)  # JSON-ready: plain data only
        back = observation_from_json(json.loads(text))
        assert back == seen
        assert tuple(back.legal_actions) == tuple(seen.legal_actions)
        short = observation_to_json(seen, ruleset=False, legal_actions=False)
        again = observation_from_json(short, ruleset=ruleset, legal_actions=data["legal_actions"])
        assert again == seen


def test_equal_observations_give_equal_json() -> None:
    """Two states the player cannot tell apart give the same JSON: a world sampled from
    his observation, with the opponent's cards placed anew."""
    rng = random.Random(4)
    checked = 0
    for seen in observations(pq.RUBICON, "played", seed=3):
        if seen.phase is not pq.Phase.PLAY:
            continue
        world = seen.sample_state(rng)
        other = world.observation(seen.player)
        assert other == seen
        assert observation_to_json(other) == observation_to_json(seen)
        checked += 1
    assert checked > 10


def test_observation_json_never_shows_the_opponents_hidden_cards() -> None:
    for seen in observations(pq.RUBICON, "played", seed=5):
        text = json.dumps(observation_to_json(seen))
        known = seen.hand | seen.opponent_known | seen.opponent_shown | seen.seen_stock
        known |= seen.discard | seen.dealt_hand
        for trick in seen.tricks:
            known |= pq.cards([trick.lead, trick.follow])
        known |= pq.cards(seen.trick)
        for event in seen.events:
            known |= event.cards
        for spoken in seen.spoken:
            known |= spoken.shown or pq.CardSet()
            known |= spoken.claimed or pq.CardSet()
        mentioned = {
            card
            for card in pq.pack(seen.ruleset.pack_size)
            if f'"{card}' in text or f" {card}" in text
        }
        assert mentioned <= set(known), sorted(map(str, set(mentioned) - set(known)))


def test_observation_json_writes_cards_players_and_spoken_words_as_text() -> None:
    for seen in observations(pq.RUBICON, "played", seed=1):
        if seen.phase is pq.Phase.PLAY and seen.spoken:
            break
    data = observation_to_json(seen)
    assert data["player"] in ("A", "B") and data["phase"] == "play"
    assert pq.cards(data["hand"]) == seen.hand
    assert set(data["spoken"][0]) == {"player", "verb", "category", "words", "shown", "claimed"}
    assert all(isinstance(text, str) for text in data["legal_actions"])


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("player", "C", 'observation.player: expected "A" or "B"'),
        ("hand", "ZZ", "observation.hand"),
        ("taken", [1], "observation.taken: expected a pair"),
        ("spoken", [{"verb": "shout"}], "observation.spoken[0].verb"),
        ("deal_number", True, "observation.deal_number: expected a whole number"),
        ("legal_actions", ["shuffle"], "observation.legal_actions"),
    ],
)
def test_bad_observation_json_is_refused_naming_the_field(
    field: str, value: object, message: str
) -> None:
    data = observation_to_json(pq.new_game().observation(pq.Player.A))
    data[field] = value
    with pytest.raises(ProtocolError, match=message.replace("[", r"\[").replace("]", r"\]")):
        observation_from_json(data)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("hello", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"id": 1}', 'no "type" string'),
        ('{"type": 3}', 'no "type" string'),
        ("x" * 500, "not JSON: 'xxxx"),
    ],
)
def test_malformed_lines_are_refused_with_a_short_excerpt(line: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message) as caught:
        decode_line(line)
    assert len(str(caught.value)) < 100


def test_a_message_is_one_line_of_json() -> None:
    line = encode({"type": "event", "action": "play AS", "note": "a\nb"})
    assert line.endswith("\n") and line.count("\n") == 1
    assert decode_line(line)["note"] == "a\nb"


def test_events_tell_the_opponents_plays_and_answers_but_not_his_discard() -> None:
    """From B's seat across a played deal: A's exchange as a count, his words, his
    cards played; never the cards A discarded."""
    rng = random.Random(7)
    state = pq.new_game(pq.RUBICON)
    told: list[dict[str, object]] = []
    last = None
    discarded = pq.CardSet()
    while state.deal_number <= 1 and not state.is_over:
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.to_move is pq.Player.B:
            seen = state.observation(pq.Player.B)
            told += messages_between(last, seen, game=1)
            last = seen
        action = rng.choice(state.legal_actions())
        if state.to_move is pq.Player.A and isinstance(action, pq.Exchange):
            discarded = action.discard
        state = state.apply(action)
    kinds = [m["type"] for m in told]
    assert kinds[:2] == ["new_game", "new_deal"]
    events = [m for m in told if m["type"] == "event"]
    assert all(m["player"] == "A" for m in events)
    assert any("exchange" in m for m in events)
    assert any(str(m.get("action", "")).startswith("play ") for m in events)
    assert any("spoken" in m for m in events)
    text = json.dumps(events)
    assert discarded and not any(str(card) in text for card in discarded - _played(state))


def _played(state: pq.State) -> pq.CardSet:
    played = pq.CardSet()
    for trick in state.tricks:
        played |= pq.cards([trick.lead, trick.follow])
    return played | pq.cards(state.trick)
