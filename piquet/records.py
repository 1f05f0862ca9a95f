"""Records: a state as JSON, and the game record, a readable replayable text.

Both store the ruleset, how the game started and every action; reading one replays
every action through the rules, so a record can never yield a state that breaks them.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(5)))
>>> pq.State.from_json(state.to_json()) == state
True
>>> pq.loads(pq.dumps(state)) == state
True
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, Literal

import attrs

from .actions import Action, Deal, parse_action
from .cards import Rank, excerpt
from .engine import IllegalActionError, State, new_deal, new_game, resume_game
from .rules import (
    RULESETS,
    LeadAndWin,
    MixedSequences,
    Partie,
    PointByLength,
    PointByValue,
    Race,
    Ruleset,
    Sets,
    SuitedSequences,
    TwoBlanks,
    WinnerTakesCounters,
)
from .words import CHANCE, Player, Result, Resumed

__all__ = [
    "RecordError",
    "dumps",
    "loads",
    "read_comments",
    "register_strategy",
    "replay",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "start_of",
]

FORMAT: Final = "piquet-state"
VERSION: Final = 1
MAX_DEPTH: Final = 16
"""The deepest nesting of JSON a record is read with (a state's JSON nests four deep)."""
MAX_DIGITS: Final = 15
"""The most digits a number of a record's JSON may have (a score has at most seven)."""


class RecordError(ValueError):
    """A record that is malformed, or whose actions break the rules.

    >>> import piquet as pq
    >>> pq.loads("hello")
    Traceback (most recent call last):
    ...
    piquet.records.RecordError: not a piquet game record: it must begin with [Piquet "1"]
    """


_STRATEGIES: dict[str, type] = {}


def register_strategy(cls: type) -> type:
    """Let records store a strategy class of your own (an attrs class); usable as a
    decorator. The library's own strategies are registered already."""
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__}: only attrs classes can be stored in a record")
    _STRATEGIES[cls.__name__] = cls
    return cls


# The library's strategies. A record stores a strategy by its class name alone (never
# a module path), so records written when these lived in other modules read the same.
for _strategy in (
    LeadAndWin,
    MixedSequences,
    Partie,
    PointByLength,
    PointByValue,
    Race,
    Sets,
    SuitedSequences,
    WinnerTakesCounters,
):
    register_strategy(_strategy)


def _number(text: str) -> int:
    """JSON's integers, bounded before they are converted."""
    if len(text) > MAX_DIGITS + 1:  # the sign
        raise ValueError(f"a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a record holds")


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` nests more than ``limit`` deep (without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return False


def read_json(text: str | bytes, where: str = "") -> Any:
    """JSON text read for a record, a :class:`RecordError` naming ``where`` if it is not
    JSON, nests too deep or holds an absurd number."""
    at = f"{where}: " if where else ""
    try:
        data = json.loads(text, parse_int=_number, parse_constant=_no_constant)
    except RecursionError:
        raise RecordError(f"{at}JSON nested too deeply (at most {MAX_DEPTH})") from None
    except ValueError as exc:  # not JSON, a number refused, or bytes that are not UTF-8
        raise RecordError(f"{at}not JSON: {exc}") from None
    if isinstance(data, (dict, list)) and _deeper_than(data, MAX_DEPTH):
        raise RecordError(f"{at}JSON nested too deeply (at most {MAX_DEPTH})")
    return data


def _encode(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        name = type(value).__name__
        if _STRATEGIES.get(name) is not type(value):
            raise RecordError(
                f"cannot store strategy {name}: register it with piquet.records.register_strategy"
            )
        return {
            "type": name,
            **{f.name: _encode(getattr(value, f.name)) for f in attrs.fields(type(value))},  # type: ignore[arg-type]
        }
    return value


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """A ruleset as plain data (JSON-ready)."""
    return {f.name: _encode(getattr(ruleset, f.name)) for f in attrs.fields(Ruleset)}


def _decode_strategy(field: str, data: Any) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecordError(f"ruleset.{field}: expected a strategy object with a 'type'")
    cls = _STRATEGIES.get(data["type"])
    if cls is None:
        raise RecordError(f"ruleset.{field}: unknown strategy {excerpt(data['type'])}")
    kwargs = {k: v for k, v in data.items() if k != "type"}
    fields = {f.name: f for f in attrs.fields(cls)}
    for key in kwargs:
        if key not in fields:
            raise RecordError(f"ruleset.{field}: {cls.__name__} has no option {excerpt(key)}")
    try:
        if "lowest" in kwargs:
            kwargs["lowest"] = Rank(kwargs["lowest"])
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"ruleset.{field}: {_short(exc)}") from None


_STRATEGY_FIELDS: Final = ("point", "sequences", "sets", "tricks", "game")


def ruleset_from_dict(data: Any) -> Ruleset:
    """Read back :func:`ruleset_to_dict`, validating every field."""
    if not isinstance(data, dict):
        raise RecordError("ruleset: expected an object")
    known = {f.name for f in attrs.fields(Ruleset)}
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"ruleset: unknown fields {excerpt(sorted(map(str, unknown)))}")
    kwargs = dict(data)
    for field in _STRATEGY_FIELDS:
        if field in kwargs:
            kwargs[field] = _decode_strategy(field, kwargs[field])
    if "two_blanks" in kwargs:
        try:
            kwargs["two_blanks"] = TwoBlanks(kwargs["two_blanks"])
        except (TypeError, ValueError):
            raise RecordError(
                f"ruleset.two_blanks: bad value {excerpt(kwargs['two_blanks'])}"
            ) from None
    try:
        return Ruleset(**kwargs)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"ruleset: {_short(exc)}") from None


def _short(exc: BaseException, limit: int = 200) -> str:
    """An error's message, cut short: a library's own messages may quote a whole value."""
    message = str(exc)
    return message if len(message) <= limit else f"{message[:limit]}... (cut)"


# ----------------------------------------------------------------- replay


def start_of(state: State) -> State:
    """The state the game (or deal) of ``state`` started from."""
    declarations: Literal["played", "auto"] = "auto" if state.auto_declarations else "played"
    if state.resumed is not None:
        return _resume(state.ruleset, state.first_dealer, declarations, state.resumed)
    origin = state.origin
    if origin is None:
        return new_game(state.ruleset, dealer=state.first_dealer, declarations=declarations)
    return new_deal(
        state.ruleset,
        elder=origin.elder,
        younger=origin.younger,
        stock=origin.stock,
        dealer=state.first_dealer,
        declarations=declarations,
    )


def replay(state: Any) -> Iterator[tuple[Any, Action]]:
    """Every (state before, action) of the game so far, from its start."""
    current = start_of(state)
    for action in state.history:
        yield current, action
        current = current.apply(action)


def _apply_all(
    start: Any, actions: list[tuple[str, str | None]], where: Callable[[int], str]
) -> Any:
    state = start
    for number, (text, who) in enumerate(actions):
        try:
            action = parse_action(text)
        except ValueError as exc:
            raise RecordError(f"{where(number)}: {_short(exc)}") from None
        if who is not None:
            mover = state.to_move
            expected = "chance" if mover is CHANCE else str(mover)
            if who != expected:
                marked = who if who in ("A", "B", "chance") else excerpt(who)
                raise RecordError(
                    f"{where(number)}: {excerpt(text)} is marked {marked} but {expected} is to move"
                )
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where(number)}: {_short(exc)}") from None
    return state


def _resume(ruleset: Any, dealer: Player, declarations: Any, resumed: Any) -> State:
    return resume_game(
        ruleset,
        dealer=dealer,
        declarations=declarations,
        score_sheet=resumed.score_sheet,
        games=resumed.games,
        deal_number=resumed.deal_number,
    )


def _resumed_to_dict(resumed: Any) -> dict[str, Any]:
    return {
        "deal": resumed.deal_number,
        "sheet": [list(row) for row in resumed.score_sheet],
        "games": [
            [None if g.winner is None else g.winner.name, *g.scores, g.points]
            for g in resumed.games
        ],
    }


def _resumed_from_dict(data: Any, where: str) -> Any:
    if not isinstance(data, dict) or set(data) != {"deal", "sheet", "games"}:
        raise RecordError(f"{where}: resume must hold deal, sheet and games, and only them")
    deal, sheet, games = data["deal"], data["sheet"], data["games"]
    if not _is_count(deal):
        raise RecordError(f"{where}: resume deal: expected a whole number, not {excerpt(deal)}")
    if not isinstance(sheet, list) or not all(
        isinstance(row, list) and len(row) == 2 and all(map(_is_count, row)) for row in sheet
    ):
        raise RecordError(
            f"{where}: resume sheet: expected pairs of whole numbers, not {excerpt(sheet)}"
        )
    if not isinstance(games, list) or not all(
        isinstance(game, list)
        and len(game) == 4
        and game[0] in (None, "A", "B")
        and all(map(_is_count, game[1:]))
        for game in games
    ):
        raise RecordError(
            f"{where}: resume games: expected [winner or null, score, score, points]"
            f" for each game, not {excerpt(games)}"
        )
    return Resumed(
        deal,
        tuple((a, b) for a, b in sheet),
        tuple(Result(None if w is None else Player[w], (a, b), p) for w, a, b, p in games),
    )


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _start_from(data: dict[str, Any], where: str) -> Any:
    try:
        ruleset = ruleset_from_dict(data.get("ruleset"))
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    declarations = data.get("declarations", "played")
    if declarations not in ("played", "auto"):
        raise RecordError(
            f"{where}: declarations must be 'played' or 'auto', not {excerpt(declarations)}"
        )
    dealer_text = data.get("dealer", "B")
    if dealer_text not in ("A", "B"):
        raise RecordError(f"{where}: dealer must be 'A' or 'B', not {excerpt(dealer_text)}")
    dealer = Player[dealer_text]
    origin = data.get("origin")
    try:
        if "resume" in data:
            resumed = _resumed_from_dict(data["resume"], where)
            return _resume(ruleset, dealer, declarations, resumed)
        if origin is None:
            return new_game(ruleset, dealer=dealer, declarations=declarations)
        if not isinstance(origin, dict):
            raise RecordError(f"{where}: origin must be an object")
        return new_deal(
            ruleset,
            elder=origin.get("elder", ""),
            younger=origin.get("younger", ""),
            stock=origin.get("stock", ""),
            dealer=dealer,
            declarations=declarations,
        )
    except RecordError:
        raise
    except (TypeError, ValueError) as exc:
        raise RecordError(f"{where}: {_short(exc)}") from None


def _header(state: State) -> dict[str, Any]:
    head: dict[str, Any] = {
        "ruleset": ruleset_to_dict(state.ruleset),
        "declarations": "auto" if state.auto_declarations else "played",
        "dealer": state.first_dealer.name,
    }
    if state.resumed is not None:
        head["resume"] = _resumed_to_dict(state.resumed)
    origin = state.origin
    if origin is not None:
        head["origin"] = {
            "elder": str(origin.elder),
            "younger": str(origin.younger),
            "stock": " ".join(map(str, origin.stock)),
        }
    return head


def _summary(state: Any) -> dict[str, Any]:
    mover = state.to_move
    return {
        "phase": state.phase.value,
        "to_move": None if mover is None else ("chance" if mover is CHANCE else mover.name),
        "deal": state.deal_number,
        "scores": list(state.scores),
        "deal_scores": list(state.deal_scores),
        "hands": [str(state.hand(Player.A)), str(state.hand(Player.B))],
    }


def state_to_json(state: Any) -> str:
    """See :meth:`piquet.State.to_json`."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        **_header(state),
        "actions": [str(a) for a in state.history],
        "summary": _summary(state),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def state_from_json(text: str) -> Any:
    """See :meth:`piquet.State.from_json`."""
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"expected JSON text, not {type(text).__name__}")
    data = read_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a piquet state: the 'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"unsupported version {excerpt(data.get('version'))} (this library reads {VERSION})"
        )
    unknown = set(data) - _STATE_KEYS
    if unknown:
        raise RecordError(f"state: unknown fields {excerpt(sorted(unknown))}")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions: expected a list of action texts")
    start = _start_from(data, "header")
    state = _apply_all(start, [(a, None) for a in actions], lambda i: f"action {i + 1}")
    summary = data.get("summary")
    if summary is not None and summary != _summary(state):
        raise RecordError("summary: does not match the state the actions lead to (tampered?)")
    return state


_STATE_KEYS: Final = frozenset(
    ("format", "version", "ruleset", "declarations", "dealer", "resume", "origin", "actions")
) | {"summary"}

# ----------------------------------------------------------------- game record


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
    head = _header(state)
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
    start = _start_from(header, "header")
    state = _apply_all(start, actions, lambda i: f"line {line_numbers[i]}")
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
            _resumed_from_dict(data, where)
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
