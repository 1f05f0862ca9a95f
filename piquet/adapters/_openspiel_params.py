"""The parameters of the OpenSpiel game ``python_piquet`` (see
:mod:`piquet.adapters.openspiel`): their defaults, their check, and the ``ruleset``
parameter, a preset's name or a house ruleset's JSON, read once."""

from __future__ import annotations

import base64
from typing import Any, Final

from piquet import RULESETS, Ruleset

from ._episode import (
    DECLARATIONS,
    SCOPES,
    AdapterOptionError,
    check_choice,
    excerpt,
    ruleset_json,
    ruleset_of,
)

__all__ = ["DEFAULTS", "game_options", "ruleset_from_parameter", "ruleset_parameter"]

DEFAULTS: Final = {"ruleset": "rubicon", "declarations": "auto", "scope": "game"}


def game_options(params: dict[str, Any]) -> dict[str, str]:
    """The game's parameters as strings, checked, the ruleset as :func:`ruleset_parameter`
    gives it."""
    options = {key: str(value) for key, value in params.items()}
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise AdapterOptionError(
            f"unknown parameter {sorted(unknown)[0]!r}; known: {', '.join(DEFAULTS)}"
        )
    options["ruleset"] = ruleset_parameter(options["ruleset"])
    check_choice("declarations", options["declarations"], DECLARATIONS)
    check_choice("scope", options["scope"], SCOPES)
    return options


_RULESETS: dict[str, Ruleset] = {}
_PACKED: Final = "json64:"


def ruleset_parameter(value: str) -> str:
    """The game's ``ruleset`` parameter for a preset name, a ruleset's JSON or this
    parameter itself: a preset by its name, any other ruleset as ``json64:`` and its
    JSON in URL-safe base64 (OpenSpiel's game strings have no room for the commas and
    brackets of JSON), so that ``str(game)`` loads the same game again.

    >>> import piquet as pq
    >>> from piquet.adapters import ruleset_json
    >>> ruleset_parameter("Rubicon"), ruleset_parameter(ruleset_json(pq.RUBICON))
    ('rubicon', 'rubicon')
    >>> ruleset_parameter(ruleset_json(pq.RUBICON.evolve(last_trick=20)))[:7]
    'json64:'
    """
    if value.startswith(_PACKED):
        text = _unpack(value)
    elif value.lstrip().startswith("{"):
        text = value
    else:
        name = value.lower()
        check_choice("ruleset", name, tuple(RULESETS))
        return name
    ruleset = ruleset_of(text)
    if RULESETS.get(ruleset.name) == ruleset:
        return ruleset.name
    packed = base64.urlsafe_b64encode(ruleset_json(ruleset).encode()).decode().rstrip("=")
    _RULESETS[_PACKED + packed] = ruleset
    return _PACKED + packed


def _unpack(value: str) -> str:
    body = value[len(_PACKED) :]
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    except ValueError:
        raise AdapterOptionError(f"ruleset: not base64 JSON: {excerpt(value)}") from None


def ruleset_from_parameter(parameter: str) -> Ruleset:
    """The ruleset of a game parameter (see :func:`ruleset_parameter`), read once."""
    found = _RULESETS.get(parameter)
    if found is None:
        found = ruleset_of(_unpack(parameter) if parameter.startswith(_PACKED) else parameter)
        if len(_RULESETS) > 64:
            _RULESETS.clear()
        _RULESETS[parameter] = found
    return found
