"""The JSON of the piquet protocol: observations, rulesets, results and message lines.

Cards are written as text (``"AS 10H"``), players as ``"A"``/``"B"``, actions in the
notation of :func:`piquet.parse_action`. :func:`observation_to_json` writes every field
of an :class:`~piquet.Observation`, which holds exactly what its player may know, and
:func:`observation_from_json` reads it back to an equal observation.

>>> import piquet as pq
>>> from piquet.protocol import observation_from_json, observation_to_json
>>> seen = pq.new_game().observation(pq.Player.A)
>>> data = observation_to_json(seen)
>>> data["player"], data["phase"], data["to_move"], data["hand"]
('A', 'deal', 'chance', '')
>>> observation_from_json(data) == seen
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from ..actions import Action, LeftCards, parse_action
from ..cards import Card, CardSet, cards
from ..observation import Observation
from ..records import ruleset_from_dict, ruleset_to_dict
from ..rules import Ruleset
from ..words import (
    CHANCE,
    Category,
    Chance,
    Phase,
    Player,
    Precedence,
    Reason,
    Result,
    ScoreEvent,
    Spoken,
    Trick,
)

__all__ = [
    "PROTOCOL",
    "PROTOCOL_NAME",
    "ProtocolError",
    "decode_line",
    "encode",
    "observation_from_json",
    "observation_to_json",
    "result_from_json",
    "result_to_json",
    "ruleset_from_json",
    "ruleset_to_json",
    "short",
]

#: The version of the protocol this package speaks.
PROTOCOL: Final = 1

#: The protocol's name, as the specification calls it.
PROTOCOL_NAME: Final = "piquet-protocol 1"

#: The longest line either side need accept, in characters.
MAX_LINE: Final = 1 << 20


class ProtocolError(ValueError):
    """A line or a message that does not follow the piquet protocol; the message says
    what is wrong, quoting at most 60 characters of it."""


def short(value: object, limit: int = 60) -> str:
    """``repr(value)`` of at most ``limit`` characters, "..." when cut.

    >>> short("x" * 100)[-5:]
    'xx...'
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ----------------------------------------------------------------- lines


def encode(message: Mapping[str, Any]) -> str:
    """One message as one line of JSON, with its newline.

    >>> encode({"type": "ping", "id": 1})
    '{"type":"ping","id":1}\\n'
    """
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"


def decode_line(line: str) -> dict[str, Any]:
    """The message of one line; a :class:`ProtocolError` when it is not a JSON object
    with a string ``"type"``.

    >>> decode_line('{"type": "pong", "id": 3}')
    {'type': 'pong', 'id': 3}
    >>> decode_line("hello")
    Traceback (most recent call last):
    ...
    piquet.protocol.codec.ProtocolError: not JSON: 'hello'
    """
    if len(line) > MAX_LINE:
        raise ProtocolError(f"line too long ({len(line)} characters): {short(line)}")
    try:
        message = json.loads(line)
    except ValueError:
        raise ProtocolError(f"not JSON: {short(line.strip())}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"not a JSON object: {short(line.strip())}")
    if not isinstance(message.get("type"), str):
        raise ProtocolError(f'no "type" string: {short(line.strip())}')
    return message


# ----------------------------------------------------------------- small values


def ruleset_to_json(ruleset: Ruleset) -> dict[str, Any]:
    """A ruleset as written in a game record's ``RulesetData`` header."""
    return ruleset_to_dict(ruleset)


def ruleset_from_json(data: Any) -> Ruleset:
    """Read :func:`ruleset_to_json`; a ValueError (a record error) saying what is wrong."""
    return ruleset_from_dict(data)


def _player(value: Any, where: str) -> Player:
    if value == "A":
        return Player.A
    if value == "B":
        return Player.B
    raise ProtocolError(f'{where}: expected "A" or "B", got {short(value)}')


def _cards(value: Any, where: str) -> CardSet:
    if not isinstance(value, str):
        raise ProtocolError(f"{where}: expected cards as text, got {short(value)}")
    try:
        return cards(value)
    except ValueError as error:
        raise ProtocolError(f"{where}: {error}") from None


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise ProtocolError(f"{where}: expected a card as text, got {short(value)}")
    try:
        return Card.parse(value)
    except ValueError as error:
        raise ProtocolError(f"{where}: {error}") from None


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{where}: expected a whole number, got {short(value)}")
    return value


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(f"{where}: expected a pair of numbers, got {short(value)}")
    return _int(value[0], where), _int(value[1], where)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError(f"{where}: expected a list, got {short(value)}")
    return value


def result_to_json(result: Result) -> dict[str, Any]:
    """A game's result: ``{"winner": "A" | "B" | null, "scores": [a, b], "points": n}``."""
    winner = None if result.winner is None else result.winner.name
    return {"winner": winner, "scores": list(result.scores), "points": result.points}


def result_from_json(data: Any, where: str = "result") -> Result:
    """Read :func:`result_to_json`."""
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: expected an object, got {short(data)}")
    winner = data.get("winner")
    return Result(
        None if winner is None else _player(winner, f"{where}.winner"),
        _pair(data.get("scores"), f"{where}.scores"),
        _int(data.get("points"), f"{where}.points"),
    )


def spoken_to_json(spoken: Spoken) -> dict[str, Any]:
    """One utterance: player, verb, category, words, and the cards shown and claimed
    (text, or null where unknown)."""
    return {
        "player": spoken.player.name,
        "verb": spoken.verb,
        "category": spoken.category.value,
        "words": spoken.words,
        "shown": None if spoken.shown is None else str(spoken.shown),
        "claimed": None if spoken.claimed is None else str(spoken.claimed),
    }


_VERBS: Final = ("call", "equal", "good", "pass", "reckon")


def spoken_from_json(data: Any, where: str) -> Spoken:
    """Read :func:`spoken_to_json`."""
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: expected an object, got {short(data)}")
    verb, words = data.get("verb"), data.get("words")
    if verb not in _VERBS:
        raise ProtocolError(f"{where}.verb: expected one of {', '.join(_VERBS)}")
    if not isinstance(words, str):
        raise ProtocolError(f"{where}.words: expected text, got {short(words)}")
    shown, claimed = data.get("shown"), data.get("claimed")
    return Spoken(
        _player(data.get("player"), f"{where}.player"),
        verb,
        _category(data.get("category"), f"{where}.category"),
        words,
        None if shown is None else _cards(shown, f"{where}.shown"),
        None if claimed is None else _cards(claimed, f"{where}.claimed"),
    )


def _category(value: Any, where: str) -> Category:
    try:
        return Category(value)
    except ValueError:
        raise ProtocolError(
            f"{where}: expected point, sequence or set, got {short(value)}"
        ) from None


def _event_to_json(event: ScoreEvent) -> dict[str, Any]:
    return {
        "player": event.player.name,
        "points": event.points,
        "precedence": event.precedence.name.lower(),
        "reason": event.reason.value,
        "cards": str(event.cards),
    }


def _event_from_json(data: Any, where: str) -> ScoreEvent:
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: expected an object, got {short(data)}")
    precedence = data.get("precedence")
    try:
        level = Precedence[str(precedence).upper()]
        reason = Reason(data.get("reason"))
    except (KeyError, ValueError):
        raise ProtocolError(f"{where}: bad precedence or reason in {short(data)}") from None
    return ScoreEvent(
        _player(data.get("player"), f"{where}.player"),
        _int(data.get("points"), f"{where}.points"),
        level,
        reason,
        _cards(data.get("cards", ""), f"{where}.cards"),
    )


def _trick_to_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader.name,
        "lead": str(trick.lead),
        "follow": str(trick.follow),
        "winner": trick.winner.name,
    }


def _trick_from_json(data: Any, where: str) -> Trick:
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: expected an object, got {short(data)}")
    return Trick(
        _player(data.get("leader"), f"{where}.leader"),
        _card(data.get("lead"), f"{where}.lead"),
        _card(data.get("follow"), f"{where}.follow"),
        _player(data.get("winner"), f"{where}.winner"),
    )


# ----------------------------------------------------------------- observations


def observation_to_json(
    observation: Observation, *, ruleset: bool = True, legal_actions: bool = True
) -> dict[str, Any]:
    """Every field of ``observation`` as JSON-ready data: what its player may know, and
    nothing more. ``ruleset=False`` leaves out the ruleset (the protocol sends it once,
    in ``hello``); ``legal_actions=False`` leaves out the legal actions (``decide`` sends
    them beside the observation).

    >>> import piquet as pq
    >>> data = observation_to_json(pq.new_game(pq.AU_CENT).observation(pq.Player.B))
    >>> data["ruleset"]["name"], data["scores"], data["result"]
    ('au_cent', [0, 0], None)
    """
    o = observation
    to_move = o.to_move
    data: dict[str, Any] = {"player": o.player.name}
    if ruleset:
        data["ruleset"] = ruleset_to_json(o.ruleset)
    data.update(
        phase=o.phase.value,
        to_move=None if to_move is None else ("chance" if to_move is CHANCE else to_move.name),
        dealer=o.dealer.name,
        deal_number=o.deal_number,
        hand=str(o.hand),
        dealt_hand=str(o.dealt_hand),
        discard=str(o.discard),
        taken=list(o.taken),
        seen_stock=str(o.seen_stock),
        stock_size=o.stock_size,
        opponent_hand_size=o.opponent_hand_size,
        opponent_shown=str(o.opponent_shown),
        opponent_known=str(o.opponent_known),
        left_cards=None if o.left_cards is None else o.left_cards.value,
        spoken=[spoken_to_json(s) for s in o.spoken],
        tricks=[_trick_to_json(t) for t in o.tricks],
        trick=[str(c) for c in o.trick],
        events=[_event_to_json(e) for e in o.events],
        deal_scores=list(o.deal_scores),
        scores=list(o.scores),
        score_sheet=[list(pair) for pair in o.score_sheet],
        games=[result_to_json(r) for r in o.games],
        auto_declarations=o.auto_declarations,
        result=None if o.result is None else result_to_json(o.result),
    )
    if legal_actions:
        data["legal_actions"] = [str(a) for a in o.legal_actions]
    return data


def observation_from_json(
    data: Any,
    *,
    ruleset: Ruleset | None = None,
    legal_actions: Sequence[str | Action] | None = None,
) -> Observation:
    """Read :func:`observation_to_json` back; a :class:`ProtocolError` (or the ruleset's
    own ValueError) naming the field that is wrong. ``ruleset`` and ``legal_actions``
    stand in for the fields when the data leaves them out.

    >>> import piquet as pq
    >>> seen = pq.new_game(pq.AU_CENT).observation(pq.Player.B)
    >>> data = observation_to_json(seen, ruleset=False)
    >>> observation_from_json(data, ruleset=pq.AU_CENT) == seen
    True
    >>> observation_from_json({"player": "C"}, ruleset=pq.AU_CENT)
    Traceback (most recent call last):
    ...
    piquet.protocol.codec.ProtocolError: observation.player: expected "A" or "B", got 'C'
    """
    if not isinstance(data, dict):
        raise ProtocolError(f"observation: expected an object, got {short(data)}")
    w = "observation"
    player = _player(data.get("player"), f"{w}.player")
    if "ruleset" in data:
        rules = ruleset_from_json(data["ruleset"])
    elif ruleset is not None:
        rules = ruleset
    else:
        raise ProtocolError(f"{w}: no ruleset, and none given")
    texts = data.get("legal_actions", legal_actions or ())
    try:
        legal = tuple(a if not isinstance(a, str) else parse_action(a) for a in texts)
    except (TypeError, ValueError) as error:
        raise ProtocolError(f"{w}.legal_actions: {error}") from None
    g = data.get
    left = g("left_cards")
    result = g("result")
    try:
        phase = Phase(g("phase"))
        left_cards = None if left is None else LeftCards(left)
    except ValueError:
        raise ProtocolError(f"{w}: bad phase or left_cards in {short(data)}") from None
    return Observation(
        player=player,
        ruleset=rules,
        phase=phase,
        to_move=_to_move(g("to_move"), f"{w}.to_move"),
        dealer=_player(g("dealer"), f"{w}.dealer"),
        deal_number=_int(g("deal_number"), f"{w}.deal_number"),
        hand=_cards(g("hand"), f"{w}.hand"),
        dealt_hand=_cards(g("dealt_hand"), f"{w}.dealt_hand"),
        discard=_cards(g("discard"), f"{w}.discard"),
        taken=_pair(g("taken"), f"{w}.taken"),
        seen_stock=_cards(g("seen_stock"), f"{w}.seen_stock"),
        stock_size=_int(g("stock_size"), f"{w}.stock_size"),
        opponent_hand_size=_int(g("opponent_hand_size"), f"{w}.opponent_hand_size"),
        opponent_shown=_cards(g("opponent_shown"), f"{w}.opponent_shown"),
        opponent_known=_cards(g("opponent_known"), f"{w}.opponent_known"),
        left_cards=left_cards,
        spoken=tuple(
            spoken_from_json(s, f"{w}.spoken[{i}]")
            for i, s in enumerate(_list(g("spoken"), f"{w}.spoken"))
        ),
        tricks=tuple(
            _trick_from_json(t, f"{w}.tricks[{i}]")
            for i, t in enumerate(_list(g("tricks"), f"{w}.tricks"))
        ),
        trick=tuple(_card(c, f"{w}.trick") for c in _list(g("trick"), f"{w}.trick")),
        events=tuple(
            _event_from_json(e, f"{w}.events[{i}]")
            for i, e in enumerate(_list(g("events"), f"{w}.events"))
        ),
        deal_scores=_pair(g("deal_scores"), f"{w}.deal_scores"),
        scores=_pair(g("scores"), f"{w}.scores"),
        score_sheet=tuple(
            _pair(p, f"{w}.score_sheet") for p in _list(g("score_sheet"), f"{w}.score_sheet")
        ),
        games=tuple(
            result_from_json(r, f"{w}.games[{i}]")
            for i, r in enumerate(_list(g("games"), f"{w}.games"))
        ),
        auto_declarations=_bool(g("auto_declarations"), f"{w}.auto_declarations"),
        result=None if result is None else result_from_json(result, f"{w}.result"),
        legal_actions=legal,
    )


def _to_move(value: Any, where: str) -> Player | Literal[Chance.CHANCE] | None:
    if value is None:
        return None
    if value == "chance":
        return CHANCE
    return _player(value, where)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError(f"{where}: expected true or false, got {short(value)}")
    return value
