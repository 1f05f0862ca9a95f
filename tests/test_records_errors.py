"""Every way a record or a state's JSON is refused: a RecordError naming what is wrong
and where, quoting at most a short excerpt of the input."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import piquet as pq
from piquet.records import RecordError, register_strategy, ruleset_from_dict, ruleset_to_dict

ELDER = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
YOUNGER = "10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D"
STOCK = "AC KC QC JC 10C 9C 8C 7C"
HEAD = '[Piquet "1"]\n[Ruleset "rubicon"]\n[Declarations "played"]\n[Dealer "B"]\n'
ORIGIN = f'[Elder "{ELDER}"]\n[Younger "{YOUNGER}"]\n[Stock "{STOCK}"]\n'


def _record(*lines: str, head: str = HEAD + ORIGIN) -> str:
    return head + "".join(f"{line}\n" for line in lines)


def _state_json(**changes: Any) -> str:
    state = pq.new_deal(pq.RUBICON, elder=ELDER, younger=YOUNGER, stock=STOCK)
    data = json.loads(state.apply(pq.parse_action("discard 9S KH QH")).to_json())
    for key, value in changes.items():
        if value is _DELETE:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


_DELETE = object()


def test_the_records_used_here_are_valid() -> None:
    assert pq.loads(_record("A: discard 9S KH QH")).phase is pq.Phase.EXCHANGE
    assert pq.State.from_json(_state_json()).to_move is pq.Player.B


# ----------------------------------------------------------------- game records

RECORDS = [
    ("hello", r"not a piquet game record: it must begin with \[Piquet \"1\"\]"),
    ("", r"must begin with \[Piquet"),
    ('[Piquet "1"]\n[Dealer "A"]\n', r"the record names no ruleset"),
    ('[Piquet "2"]\n', r"must begin with"),
    (_record("A discard 9S KH QH"), r"^line 8: expected 'player: action', got 'A discard"),
    (HEAD + "[Elder AS]\n", r"^line 5: header values are quoted: '\[Elder AS\]'"),
    (HEAD + "[Elder\n", r"^line 5: bad header '\[Elder'"),
    (HEAD + '[Colour "red"]\n', r"^line 5: unknown header 'Colour'"),
    ('[Piquet "1"]\n[Ruleset "whist"]\n', r"^line 2: unknown ruleset 'whist'"),
    ('[Piquet "1"]\n[Piquet "2"]\n[Ruleset "rubicon"]\n', r"^line 2: unsupported record version"),
    ('[Piquet "1"]\n[RulesetData {"name": }]\n', r"^line 2: RulesetData: not JSON: Expecting"),
    ('[Piquet "1"]\n[RulesetData [1]]\n', r"^line 2: RulesetData: ruleset: expected an object"),
    ('[Piquet "1"]\n[RulesetData {}]\n', r"^line 2: RulesetData: ruleset: .*'name'"),
    (HEAD.replace('"played"', '"maybe"'), r"^header: declarations must be 'played' or 'auto'"),
    (HEAD.replace('[Dealer "B"]', '[Dealer "C"]'), r"^header: dealer must be 'A' or 'B', not 'C'"),
    (HEAD + "[Resume [1]]\n", r"^line 5: Resume: resume must hold deal, sheet and games"),
    (HEAD + '[Resume {"deal": 1, "sheet": [], "games": [], "x": 1}]\n', r"and only them"),
    (HEAD + '[Resume {"deal": -1, "sheet": [], "games": []}]\n', r"^line 5: Resume: resume deal"),
    (
        HEAD + '[Resume {"deal": 1, "sheet": [[1]], "games": []}]\n',
        r"^line 5: Resume: resume sheet",
    ),
    (HEAD + '[Resume {"deal": 1, "sheet": [], "games": [["C", 1, 2, 3]]}]\n', r"resume games"),
    (HEAD + '[Resume {"deal": 0, "sheet": [[30, 12]], "games": []}]\n', r"^header: deal_number"),
    (
        HEAD + '[Resume {"deal": 6, "sheet": [[30,12],[30,12],[30,12],[30,12],[30,12],[30,12]]'
        ', "games": []}]\n',
        r"^header: score_sheet: the game is over after 6 deals",
    ),
    (HEAD + "[Resume " + "[" * 5000 + "]\n", r"^line 5: Resume: JSON nested too deeply"),
    (HEAD + '[Resume {"deal": ' + "9" * 5000 + "}]\n", r"^line 5: Resume: not JSON: a number"),
    (HEAD + '[Resume {"deal": NaN}]\n', r"^line 5: Resume: not JSON: NaN is not a number"),
    (_record(head=HEAD + '[Elder "AS"]\n'), r"^header: "),
    (_record(head=HEAD + ORIGIN.replace("KS QS", "KS KS")), r"card 'KS' appears twice"),
    (_record(head=HEAD + ORIGIN.replace("9S 8S", "9S")), r"^header: .*(12|twelve)"),
    (_record("A: shuffle"), r"^line 8: bad action 'shuffle': unknown verb 'shuffle'"),
    (_record("B: discard 9S KH QH"), r"^line 8: 'discard 9S KH QH' is marked B but A is to move"),
    (_record("A: discard 10H"), r"^line 8: .*10H"),
    (_record("A: discard 9S KH QH", "B: play AC"), r"^line 9: play AC: not legal in the exchange"),
    (_record("A: " + "deal 2 " + "AS " * 100), r"^line 8: bad action 'deal 2 AS AS.*: a pack"),
    (_record("A: " + "x" * 10_000), r"^line 8: bad action 'xxxx.*too long"),
    (_record("A: discard 9S KH QH", '[Result "A 1 (1-0)"]'), r"^Result header 'A 1 \(1-0\)'"),
]


@pytest.mark.parametrize(("text", "message"), RECORDS)
def test_loads_refuses_a_bad_record_naming_what_and_where(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        pq.loads(text)
    assert len(str(error.value)) < 400


def test_loads_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError, match="expected record text, not bytes"):
        pq.loads(b'[Piquet "1"]')  # type: ignore[arg-type]


def test_a_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)


# ----------------------------------------------------------------- the state's JSON

STATES = [
    ("{", r"^not JSON: Expecting"),
    ("[" * 100_000, r"^JSON nested too deeply"),
    ('{"a": ' * 20 + "1" + "}" * 20, r"^JSON nested too deeply"),
    ('{"version": ' + "9" * 5000 + "}", r"^not JSON: a number of 5000 digits"),
    ('{"version": Infinity}', r"^not JSON: Infinity is not a number"),
    ("[]", r"^not a piquet state: the 'format' must be 'piquet-state'"),
    (_state_json(format="chess"), r"^not a piquet state"),
    (_state_json(version=2), r"^unsupported version 2"),
    (_state_json(version="x" * 10_000), r"^unsupported version 'xxx.*\(10000 characters\)"),
    (_state_json(colour="red"), r"^state: unknown fields \['colour'\]"),
    (_state_json(actions="discard 9S"), r"^actions: expected a list of action texts"),
    (_state_json(actions=[1]), r"^actions: expected a list of action texts"),
    (_state_json(actions=["discard AC"]), r"^action 1: .*AC"),
    (_state_json(actions=["discard 9S KH QH", "play AS"]), r"^action 2: play AS: not legal"),
    (_state_json(summary={"phase": "play"}), r"^summary: does not match"),
    (_state_json(ruleset=_DELETE), r"^header: ruleset: expected an object"),
    (_state_json(dealer=None), r"^header: dealer must be 'A' or 'B', not None"),
    (_state_json(origin="AS"), r"^header: origin must be an object"),
    (_state_json(origin={"elder": 5}), r"^header: "),
]


@pytest.mark.parametrize(("text", "message"), STATES)
def test_from_json_refuses_a_bad_state_naming_what_and_where(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        pq.State.from_json(text)
    assert len(str(error.value)) < 400


def test_from_json_refuses_bytes_that_are_not_utf8() -> None:
    with pytest.raises(RecordError, match=r"^not JSON"):
        pq.State.from_json(b'{"format": "\xff"}')


def test_from_json_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError, match="expected JSON text, not int"):
        pq.State.from_json(5)  # type: ignore[arg-type]


# ----------------------------------------------------------------- rulesets


def _ruleset(**changes: Any) -> dict[str, Any]:
    data = ruleset_to_dict(pq.RUBICON)
    data.update(changes)
    return data


RULESETS = [
    ("rubicon", r"^ruleset: expected an object"),
    (_ruleset(colour="red"), r"^ruleset: unknown fields \['colour'\]"),
    (_ruleset(**{f"x{i}": 1 for i in range(10_000)}), r"^ruleset: unknown fields \[.*\.\.\."),
    (_ruleset(point=5), r"^ruleset.point: expected a strategy object with a 'type'"),
    (_ruleset(point={"fours_score_less": True}), r"^ruleset.point: expected a strategy"),
    (_ruleset(point={"type": "Bezique"}), r"^ruleset.point: unknown strategy 'Bezique'"),
    (_ruleset(point={"type": "PointByLength", "ruff": 1}), r"PointByLength has no option 'ruff'"),
    (_ruleset(sets={"type": "Sets", "lowest": 15}), r"^ruleset.sets: .*15"),
    (_ruleset(sets={"type": "Sets", "lowest": [6]}), r"^ruleset.sets: "),
    (_ruleset(game={"type": "Partie", "deals": 0}), r"^ruleset.game: deals: must be a whole"),
    (_ruleset(game={"type": "Partie", "deals": 10**9}), r"^ruleset.game: deals: must be at most"),
    (_ruleset(point={"type": "Sets"}), r"^ruleset: point: must be a rule for the point"),
    (_ruleset(two_blanks="sometimes"), r"^ruleset.two_blanks: bad value 'sometimes'"),
    (_ruleset(two_blanks=[1]), r"^ruleset.two_blanks: bad value \[1\]"),
    (_ruleset(pack_size=52), r"^ruleset: pack_size: must be 32 or 36 \(got 52\)"),
    (_ruleset(capot=10**7), r"^ruleset: capot: must be at most 1000"),
    (_ruleset(name=""), r"^ruleset: name: must be a non-empty string"),
    (_ruleset(name="x" * 10_000), r"^ruleset: name: at most 80 characters \(got 10000"),
    (_ruleset(title=["a list"]), r"^ruleset: title: must be a string \(got \['a list'\]\)"),
    (_ruleset(description="a\u2028b"), r"^ruleset: description: no line breaks"),
    (_ruleset(packets="x" * 10_000), r"^ruleset: packets: .*\.\.\."),
    (_ruleset(name=None), r"^ruleset: name: must be a non-empty string \(got None\)"),
]


@pytest.mark.parametrize(("data", "message"), RULESETS)
def test_ruleset_from_dict_refuses_a_bad_ruleset_naming_the_field(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        ruleset_from_dict(data)
    assert len(str(error.value)) < 400


def test_a_record_with_a_bad_ruleset_names_the_field() -> None:
    data = json.dumps(_ruleset(cards=-1))
    with pytest.raises(RecordError, match=r"^line 2: RulesetData: ruleset: cards: must be a whole"):
        pq.loads(f'[Piquet "1"]\n[RulesetData {data}]\n')


def test_a_strategy_not_registered_cannot_be_written() -> None:
    @attrs.frozen
    class Unregistered(type(pq.RUBICON.tricks)):  # type: ignore[misc]
        pass

    ruleset = attrs.evolve(pq.RUBICON, name="odd")
    object.__setattr__(ruleset, "tricks", Unregistered())
    with pytest.raises(RecordError, match=r"cannot store strategy Unregistered: register it"):
        pq.dumps(pq.new_game(ruleset))


def test_only_attrs_classes_can_be_registered() -> None:
    with pytest.raises(TypeError, match="int: only attrs classes can be stored"):
        register_strategy(int)


def test_no_message_repeats_a_long_input_whole() -> None:
    huge = "Q" * 1_000_000
    for attempt in (
        lambda: pq.loads(_record(f"A: discard {huge}")),
        lambda: pq.loads(HEAD + f'[Ruleset "{huge}"]\n'),
        lambda: pq.loads(HEAD + f"[{huge}]\n"),
        lambda: pq.loads(HEAD + huge + "\n"),
        lambda: pq.State.from_json(_state_json(dealer=huge)),
        lambda: pq.State.from_json(_state_json(declarations=[huge])),
        lambda: ruleset_from_dict(_ruleset(point={"type": huge})),
        lambda: ruleset_from_dict(_ruleset(point={"type": "PointByLength", huge: 1})),
    ):
        with pytest.raises(RecordError) as error:
            attempt()
        assert len(str(error.value)) < 300, str(error.value)[:300]
        assert re.search(r"Q{20}", str(error.value))  # an excerpt is still quoted
