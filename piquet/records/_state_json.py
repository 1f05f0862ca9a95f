"""A state as JSON: :meth:`piquet.State.to_json` and :meth:`piquet.State.from_json`."""

from __future__ import annotations

import json
from typing import Any, Final

from ..cards import excerpt
from ..words import CHANCE, Player
from ._errors import RecordError, read_json
from ._replay import apply_all, header_of, start_from

FORMAT: Final = "piquet-state"
VERSION: Final = 1


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
        **header_of(state),
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
    start = start_from(data, "header")
    state = apply_all(start, [(a, None) for a in actions], lambda i: f"action {i + 1}")
    summary = data.get("summary")
    if summary is not None and summary != _summary(state):
        raise RecordError("summary: does not match the state the actions lead to (tampered?)")
    return state


_STATE_KEYS: Final = frozenset(
    ("format", "version", "ruleset", "declarations", "dealer", "resume", "origin", "actions")
) | {"summary"}
