"""Fuzz tests of every loader and parser: valid records, states' JSON, rulesets, action
and card texts, mutated by Hypothesis (characters flipped, inserted and deleted, lines
duplicated, dropped and swapped, tokens swapped, numbers changed, deep nesting, huge
numbers, odd Unicode).

Whatever the input, a loader either refuses it with an error of the ValueError family
and a short message, or returns a state whose every action replays legally from its
start, which writes and reads back equal, and whose cards are all accounted for. Only the
public API is used, so the tests keep working as the engine changes.

The default run is quick; ``PIQUET_FUZZ_EXAMPLES=100000`` (or ``nox -s fuzz``) runs as
many examples per test.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import piquet as pq

_EXAMPLES = os.environ.get("PIQUET_FUZZ_EXAMPLES")
FUZZ = settings(
    max_examples=int(_EXAMPLES) if _EXAMPLES else max(20, settings().max_examples),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None if _EXAMPLES else settings().database,
)
LONGEST_MESSAGE = 600

# ----------------------------------------------------------------- the valid inputs


def _play(state: pq.State, rng: random.Random, steps: int) -> pq.State:
    for _ in range(steps):
        if state.is_over:
            break
        chance = state.to_move is pq.CHANCE
        state = state.apply(
            state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        )
    return state


@functools.cache
def games() -> tuple[pq.State, ...]:
    """Games of every preset in both declaration modes, stopped anywhere in the first
    deals; a game played to its end; a deal of given cards; a resumed game; a house
    ruleset (written whole in a record)."""
    out = []
    for number, name in enumerate(sorted(pq.RULESETS)):
        for declarations in ("auto", "played"):
            rng = random.Random(number * 2 + (declarations == "auto"))
            start = pq.new_game(pq.RULESETS[name], declarations=declarations)
            out.append(_play(start, rng, rng.randrange(5, 120)))
    out.append(_play(pq.new_game(pq.RUBICON, declarations="auto"), random.Random(1), 10_000))
    pack = list(pq.pack(32))
    random.Random(2).shuffle(pack)
    deal = pq.new_deal(
        pq.RUBICON, elder=pq.cards(pack[:12]), younger=pq.cards(pack[12:24]), stock=pack[24:]
    )
    out.append(_play(deal, random.Random(3), 20))
    resumed = pq.resume_game(pq.AU_CENT, dealer=pq.Player.A, score_sheet=[(30, 12), (5, 40)])
    out.append(_play(resumed, random.Random(4), 40))
    house = pq.RUBICON.evolve(name="house ♠", title="À la maison", carte_rouge=20, last_trick=10)
    out.append(_play(pq.new_game(house), random.Random(5), 60))
    return tuple(out)


@functools.cache
def records() -> tuple[str, ...]:
    return tuple(pq.dumps(state) for state in games())


@functools.cache
def states_json() -> tuple[str, ...]:
    return tuple(state.to_json() for state in games())


@functools.cache
def rulesets_json() -> tuple[dict[str, Any], ...]:
    out = []
    for state in games():
        line = next(line for line in pq.dumps(state).splitlines() if "Ruleset" in line)
        if line.startswith("[RulesetData "):
            out.append(json.loads(line[len("[RulesetData ") : -1]))
        else:  # a preset: its data through the JSON of a state
            out.append(json.loads(state.to_json())["ruleset"])
    return tuple(out)


@functools.cache
def action_texts() -> tuple[str, ...]:
    return tuple(sorted({str(action) for state in games() for action in state.history}))


CARD_TEXTS = ("AS KS QS", "10h, 9H 8♥", "7D", "T♣ JC", "", "6S 6H 6D 6C", "AS KS QS JS 10S 9S")

# ----------------------------------------------------------------- the mutations

NASTY = (
    "[", "]", "{", "}", '"', ":", ",", " ", "\n", "\r\n", "\t", "\\", "#", "0", "-1",
    "\u2028", "\u2029", "\x85", "\x00", "\x1e", "\ufeff", "\u202e", "\ud800", "é", "ß",
    "♠", "♥", "10", "T", "AS", "10H", "play", "deal 2", "discard", "chance: ", "A: ", "B: ",
    '[Ruleset "rubicon"]', '[Dealer "A"]', "null", "true", "1e999", "NaN", "-0", "1.5",
    "9" * 30, "9" * 5000, "[" * 3000, '{"a": ' * 100, "AS " * 40,
)  # fmt: skip
SNIPPETS = st.one_of(st.sampled_from(NASTY), st.text(max_size=6))
NUMBERS = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from(["9" * 20, "9" * 5000, "1e999", "-0", "0x10", "1_0", "٣", "NaN"]),
)


def _position(data: st.DataObject, text: str, end: bool = True) -> int:
    return data.draw(st.integers(0, len(text) if end else max(0, len(text) - 1)))


def _flip(data: st.DataObject, text: str) -> str:
    if not text:
        return text
    i = _position(data, text, end=False)
    return (
        text[:i]
        + data.draw(st.one_of(st.characters(), st.sampled_from(NASTY[:28])))
        + text[i + 1 :]
    )


def _insert(data: st.DataObject, text: str) -> str:
    i = _position(data, text)
    return text[:i] + data.draw(SNIPPETS) + text[i:]


def _delete(data: st.DataObject, text: str) -> str:
    i = _position(data, text)
    return text[:i] + text[i + data.draw(st.integers(1, 12)) :]


def _lines(data: st.DataObject, text: str) -> str:
    lines = text.split("\n")
    i, j = (data.draw(st.integers(0, len(lines) - 1)) for _ in range(2))
    how = data.draw(st.sampled_from(("duplicate", "drop", "swap")))
    if how == "duplicate":
        lines.insert(j, lines[i])
    elif how == "drop":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _tokens(data: st.DataObject, text: str) -> str:
    parts = re.split(r"(\s+)", text)
    words = [k for k, part in enumerate(parts) if part and not part.isspace()]
    if len(words) < 2:
        return text
    i, j = (data.draw(st.sampled_from(words)) for _ in range(2))
    parts[i], parts[j] = parts[j], parts[i]
    return "".join(parts)


def _number(data: st.DataObject, text: str) -> str:
    found = list(re.finditer(r"\d+", text))
    if not found:
        return text
    match = data.draw(st.sampled_from(found))
    return text[: match.start()] + str(data.draw(NUMBERS)) + text[match.end() :]


def _nest(data: st.DataObject, text: str) -> str:
    i = _position(data, text)
    opening = data.draw(st.sampled_from(("[", '{"k": ', "[[{}]")))
    return text[:i] + opening * data.draw(st.sampled_from((1, 15, 17, 900, 100_000))) + text[i:]


MUTATIONS: tuple[Callable[[st.DataObject, str], str], ...] = (
    _flip, _insert, _delete, _lines, _tokens, _number, _nest,
)  # fmt: skip


def mutate(data: st.DataObject, text: str) -> str:
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        text = data.draw(st.sampled_from(MUTATIONS))(data, text)
    return text


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8),
        st.sampled_from([10**30, -1, 0, 36, 1000, 1001, "AS", "played", "A", "\u2028", "x" * 500]),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)  # fmt: skip


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*path, index))
    return out


def mutate_json(data: st.DataObject, value: Any) -> Any:
    """Change, drop or add a value anywhere in ``value`` (a copy)."""
    value = json.loads(json.dumps(value))
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(_paths(value)))
        if not path:
            value = data.draw(JSON_VALUES) if data.draw(st.booleans()) else value
            continue
        *above, last = path
        holder = value
        for key in above:
            holder = holder[key]
        how = data.draw(st.sampled_from(("change", "drop", "add")))
        if how == "change":
            holder[last] = data.draw(JSON_VALUES)
        elif how == "drop":
            del holder[last]
        elif isinstance(holder, dict):
            holder[data.draw(st.text(max_size=8))] = data.draw(JSON_VALUES)
        else:
            holder.insert(last, data.draw(JSON_VALUES))
    return value


# ----------------------------------------------------------------- the checks


def _short(error: BaseException) -> None:
    assert len(str(error)) < LONGEST_MESSAGE, str(error)[:LONGEST_MESSAGE]


def _accounted(state: pq.State) -> None:
    """Every card of the pack is in exactly one place during a deal."""
    if state.phase in (pq.Phase.DEAL, pq.Phase.OVER):
        return
    played = [card for trick in state.tricks for card in (trick.lead, trick.follow)]
    places = [
        state.hand(pq.Player.A),
        state.hand(pq.Player.B),
        pq.cards(state.stock),
        state.discard(pq.Player.A),
        state.discard(pq.Player.B),
        pq.cards(played + list(state.trick)),
    ]
    everywhere = pq.cards("")
    for place in places:
        everywhere |= place
    size = state.ruleset.pack_size
    assert sum(map(len, places)) == len(everywhere) == size
    assert len(played) == 2 * len(state.tricks)


def check_state(state: pq.State, record: str) -> None:
    """A state a loader accepted: it replays legally, round-trips, and adds up."""
    assert isinstance(state, pq.State)
    headers = [
        line.strip()
        for line in record.splitlines()
        if line.strip().startswith("[") and not line.strip().startswith("[Result ")
    ]
    current = pq.loads("\n".join(headers))
    for action in state.history:
        if current.to_move is not pq.CHANCE:
            assert action in current.legal_actions()
        current = current.apply(action)
        _accounted(current)
    assert current == state
    again = pq.loads(pq.dumps(state))
    assert again == state and again.history == state.history
    from_json = pq.State.from_json(state.to_json())
    assert from_json == state and from_json.history == state.history
    assert len(state.hand(pq.Player.A)) <= 12 and len(state.hand(pq.Player.B)) <= 12


def load_record(text: str) -> None:
    try:
        state = pq.loads(text)
    except ValueError as error:
        _short(error)
        return
    check_state(state, text)


def load_json(text: str) -> None:
    try:
        state = pq.State.from_json(text)
    except ValueError as error:
        _short(error)
        return
    check_state(state, pq.dumps(state))


# ----------------------------------------------------------------- the tests


def test_the_valid_inputs_load_and_cover_every_preset_and_mode() -> None:
    covered = {(s.ruleset.name, s.auto_declarations) for s in games()}
    assert {(name, auto) for name in pq.RULESETS for auto in (False, True)} <= covered
    assert any(s.is_over for s in games()) and any(s.origin for s in games())
    for text in records():
        check_state(pq.loads(text), text)
    for text in states_json():
        load_json(text)


@FUZZ
@given(st.data())
def test_a_mutated_record_is_refused_or_replays_legally(data: st.DataObject) -> None:
    load_record(mutate(data, data.draw(st.sampled_from(records()), label="record")))


@FUZZ
@given(st.data())
def test_a_mutated_states_json_text_is_refused_or_replays_legally(data: st.DataObject) -> None:
    load_json(mutate(data, data.draw(st.sampled_from(states_json()), label="json")))


@FUZZ
@given(st.data())
def test_a_states_json_with_values_changed_is_refused_or_replays_legally(
    data: st.DataObject,
) -> None:
    value = json.loads(data.draw(st.sampled_from(states_json()), label="json"))
    load_json(json.dumps(mutate_json(data, value)))


@FUZZ
@given(st.data())
def test_a_mutated_ruleset_is_refused_or_plays(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(rulesets_json()), label="ruleset")
    declarations = data.draw(st.sampled_from(("auto", "played")))
    value = mutate_json(data, base)
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    if data.draw(st.booleans()):
        text = mutate(data, text)
    record = f'[Piquet "1"]\n[RulesetData {text}]\n[Declarations "{declarations}"]\n'
    try:
        start = pq.loads(record)
    except ValueError as error:
        _short(error)
        return
    rules = start.ruleset
    assert hash(rules) == hash(pq.loads(pq.dumps(start)).ruleset)
    state = _play(start, random.Random(data.draw(st.integers(0, 99))), 80)
    check_state(state, pq.dumps(state))


@FUZZ
@given(st.data())
def test_a_mutated_action_text_is_refused_or_reads_back(data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        text = mutate(data, data.draw(st.sampled_from(action_texts()), label="action"))
    else:
        text = data.draw(st.text(max_size=40))
    try:
        action = pq.parse_action(text)
    except ValueError as error:
        _short(error)
        return
    assert pq.parse_action(str(action)) == action
    assert len(str(action)) < 200


@FUZZ
@given(st.data())
def test_a_mutated_card_text_is_refused_or_reads_back(data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        text = mutate(data, data.draw(st.sampled_from(CARD_TEXTS), label="cards"))
    else:
        text = data.draw(st.text(max_size=20))
    try:
        hand = pq.cards(text)
    except ValueError as error:
        _short(error)
    else:
        assert len(hand) <= 36 and pq.cards(str(hand)) == hand
    try:
        card = pq.Card.parse(text)
    except ValueError as error:
        _short(error)
    else:
        assert pq.Card.parse(str(card)) is card and pq.cards(text) == pq.cards([card])
