"""The game record: a header, then every action with who made it, one a line, and the
comments of the actions between braces, as a chess PGN file writes them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ..actions import Deal
from ..cards import excerpt
from ..rules import RULESETS
from ..words import CHANCE
from ._errors import RecordError, read_json
from ._replay import apply_all, header_of, replay, resumed_from_dict, start_from
from ._rulesets import ruleset_from_dict, ruleset_to_dict


def dumps(state: Any, comments: Mapping[int, str] | None = None) -> str:
    """The game record of ``state``: a header, then every action with who made it.

    ``comments`` maps the index of an action in ``state.history`` to a comment, written
    after the action between braces, as a chess PGN file writes them; a comment is one
    line without braces. :func:`read_comments` reads them back.

    >>> import random
    >>> import piquet as pq
    >>> print(pq.dumps(pq.new_game(pq.RUBICON)).splitlines()[0])
    [Piquet "1"]
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> pq.dumps(state, {0: "a fair deal"}).splitlines()[-1].endswith(" {a fair deal}")
    True
    """
    notes = _checked_comments(state, comments)
    head = header_of(state)
    lines = ['[Piquet "1"]']
    preset = RULESETS.get(state.ruleset.name)
    if preset == state.ruleset:
        lines.append(f'[Ruleset "{state.ruleset.name}"]')
    else:
        lines.append(f"[RulesetData {_one_line_json(head['ruleset'])}]")
    lines.append(f'[Declarations "{head["declarations"]}"]')
    lines.append(f'[Dealer "{head["dealer"]}"]')
    if "resume" in head:
        lines.append(f"[Resume {json.dumps(head['resume'])}]")
    for key in ("elder", "younger", "stock"):
        if "origin" in head:
            lines.append(f'[{key.capitalize()} "{head["origin"][key]}"]')
    result = state.result
    if result is not None:
        winner = "drawn" if result.winner is None else result.winner.name
        lines.append(f'[Result "{winner} {result.points} ({result.scores[0]}-{result.scores[1]})"]')
    for index, (before, action) in enumerate(replay(state)):
        mover = before.to_move
        who = "chance" if mover is CHANCE else str(mover)
        if isinstance(action, Deal):
            lines.append("")
            lines.append(f"# deal {before.deal_number + 1}, dealer {before.dealer}")
        note = notes.get(index)
        lines.append(f"{who}: {action}" + ("" if note is None else f" {{{note}}}"))
    return "\n".join(lines) + "\n"


def _checked_comments(state: Any, comments: Mapping[int, str] | None) -> dict[int, str]:
    """The comments of :func:`dumps`, checked: each at the index of an action, one line
    of text without braces."""
    if comments is None:
        return {}
    moves = len(state.history)
    for index, text in comments.items():
        if type(index) is not int or not 0 <= index < moves:
            raise ValueError(f"comment at {excerpt(index)}: the game has actions 0 to {moves - 1}")
        if not isinstance(text, str):
            raise TypeError(f"comment at {index}: expected text, not {type(text).__name__}")
        if "{" in text or "}" in text or len(text.splitlines()) > 1 or "\n" in text:
            raise ValueError(f"comment at {index}: one line without braces, not {excerpt(text)}")
    return {index: text.strip() for index, text in comments.items()}


def read_comments(text: str) -> dict[int, str]:
    """The comments of a game record, by the index of their action in the game's
    history (as :func:`dumps` takes them); the record is read, not replayed, so
    :func:`loads` may still refuse it.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> read_comments(pq.dumps(state, {0: "a fair deal"}))
    {0: 'a fair deal'}
    """
    if not isinstance(text, str):
        raise TypeError(f"expected record text, not {type(text).__name__}")
    return _parse_record(text)[4]


def _one_line_json(data: Any) -> str:
    """JSON on one line of a record: JSON escapes the ASCII line breaks, and these the
    other characters that end a line for :meth:`str.splitlines`."""
    text = json.dumps(data, ensure_ascii=False)
    for char in _LINE_BREAKS:
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


_LINE_BREAKS: Final = ("\x85", "\u2028", "\u2029")


def loads(text: str) -> Any:
    """Read a game record written by :func:`dumps`, replaying every action.

    Raises :class:`RecordError` (a ValueError) saying which line is wrong.

    >>> import piquet as pq
    >>> pq.loads(pq.dumps(pq.new_game())) == pq.new_game()
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"expected record text, not {type(text).__name__}")
    header, actions, line_numbers, result_text, _ = _parse_record(text)
    if "ruleset" not in header:
        raise RecordError("the record names no ruleset")
    start = start_from(header, "header")
    state = apply_all(start, actions, lambda i: f"line {line_numbers[i]}")
    if result_text is not None:
        result = state.result
        actual = (
            None
            if result is None
            else f"{'drawn' if result.winner is None else result.winner.name} {result.points} "
            f"({result.scores[0]}-{result.scores[1]})"
        )
        if actual != result_text:
            raise RecordError(
                f"Result header {excerpt(result_text)} does not match the replayed game ({actual})"
            )
    return state


def _parse_record(
    text: str,
) -> tuple[dict[str, Any], list[tuple[str, str | None]], list[int], str | None, dict[int, str]]:
    """A record's headers, its actions with who made them and their line numbers, its
    result line, and the comments of its actions, read but not yet replayed."""
    header: dict[str, Any] = {}
    actions: list[tuple[str, str | None]] = []
    line_numbers: list[int] = []
    comments: dict[int, str] = {}
    result_text = None
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first != '[Piquet "1"]':
        raise RecordError('not a piquet game record: it must begin with [Piquet "1"]')
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            result = _read_header(line, number, header)
            if result is not None:
                result_text = result
            continue
        who, sep, action = line.partition(":")
        if not sep:
            raise RecordError(f"line {number}: expected 'player: action', got {excerpt(line)}")
        action, brace, comment = action.partition("{")
        if brace:
            if not comment.endswith("}") or "{" in comment or "}" in comment[:-1]:
                raise RecordError(
                    f"line {number}: a comment is one {{...}} at the end of the line,"
                    f" not {excerpt(brace + comment)}"
                )
            comments[len(actions)] = comment[:-1].strip()
        actions.append((action.strip(), who.strip()))
        line_numbers.append(number)
    return header, actions, line_numbers, result_text, comments


def _read_header(line: str, number: int, header: dict[str, Any]) -> str | None:
    """Read one header line into ``header``; the text of a Result header."""
    if not line.endswith("]") or " " not in line:
        raise RecordError(f"line {number}: bad header {excerpt(line)}")
    key, _, value = line[1:-1].partition(" ")
    if key in ("RulesetData", "Resume"):
        where = f"line {number}: {key}"
        data = read_json(value, where)
        # checked here to name the line; read again with the rest of the header
        if key == "Resume":
            resumed_from_dict(data, where)
        else:
            try:
                ruleset_from_dict(data)
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
        header["ruleset" if key == "RulesetData" else "resume"] = data
        return None
    if not (len(value) >= 2 and value[0] == value[-1] == '"'):
        raise RecordError(f"line {number}: header values are quoted: {excerpt(line)}")
    value = value[1:-1]
    if key == "Piquet":
        if value != "1":
            raise RecordError(f"line {number}: unsupported record version {excerpt(value)}")
    elif key == "Ruleset":
        try:
            header["ruleset"] = ruleset_to_dict(RULESETS[value])
        except KeyError:
            raise RecordError(f"line {number}: unknown ruleset {excerpt(value)}") from None
    elif key == "Declarations":
        header["declarations"] = value
    elif key == "Dealer":
        header["dealer"] = value
    elif key in ("Elder", "Younger", "Stock"):
        header.setdefault("origin", {})[key.lower()] = value
    elif key == "Result":
        return value
    else:
        raise RecordError(f"line {number}: unknown header {excerpt(key)}")
    return None
