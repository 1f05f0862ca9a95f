"""The error a record is refused with, and the guards of the text a record is read from:
JSON read with bounds, and a library's message cut short."""

from __future__ import annotations

import json
from typing import Any, Final

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

    # Tracebacks and pickles name the class where it is imported from, not this module.
    __module__ = "piquet.records"


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


def short_message(exc: BaseException, limit: int = 200) -> str:
    """An error's message, cut short: a library's own messages may quote a whole value."""
    message = str(exc)
    return message if len(message) <= limit else f"{message[:limit]}... (cut)"
