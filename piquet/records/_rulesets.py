"""A ruleset as plain data, its strategies stored by class name, and read back with every
field validated."""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from ..cards import Rank, excerpt
from ..rules import (
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
from ._errors import RecordError, short_message

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
        raise RecordError(f"ruleset.{field}: {short_message(exc)}") from None


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
        raise RecordError(f"ruleset: {short_message(exc)}") from None
