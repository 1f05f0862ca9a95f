"""What the states of one stretch of a deal share, worked out once for all of them; and
what a ruleset's words are, made once for the last ruleset read (:class:`PerRuleset`).

Every state of a deal's play shares one context (:class:`.parts.Context`), and what
depends only on it (the stock left, the cards a player saw in it, the cards shown in the
declarations) is the same for all of them. An observation reads those facts at every
decision; this memo keeps them for the last context asked about, and for no other, so
it holds nothing alive but that one context.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON, declarations="auto").rollout(random.Random(1))
>>> remembered(state._ctx, "answer", lambda: 42), remembered(state._ctx, "answer", list)
(42, 42)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from .parts import Context

__all__ = ["PerRuleset", "remembered"]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# (the context, its memo); replaced whole, so a reader never sees one without the other
_last: tuple[Context | None, dict[Hashable, Any]] = (None, {})


def remembered(ctx: Context, key: Hashable, make: Callable[[], T]) -> T:
    """``make()`` for ``ctx``, made once while ``ctx`` is the last context asked about."""
    global _last
    last = _last
    if last[0] is ctx:
        memo = last[1]
        try:
            value: T = memo[key]
        except KeyError:
            value = memo[key] = make()
        return value
    value = make()
    _last = (ctx, {key: value})
    return value


class PerRuleset(Generic[K, V]):
    """A memo of what is made from a ruleset and a key, for the last ruleset read: the
    same few records are said deal after deal, and a search reads the same dialogue
    again and again. The ruleset and its memo are one tuple, replaced whole, so that a
    thread reads a pair that belongs together; past ``limit`` entries the memo starts
    afresh (a long-lived process meets ever new keys).

    >>> import piquet as pq
    >>> words: PerRuleset[str, int] = PerRuleset()
    >>> words.of(pq.RUBICON)["quint"] = 15
    >>> words.of(pq.RUBICON).get("quint"), words.of(pq.COTTON_1674).get("quint")
    (15, None)
    """

    __slots__ = ("_box", "_limit")

    def __init__(self, limit: int = 4096) -> None:
        self._box: tuple[object, dict[K, V]] = (None, {})
        self._limit = limit

    def of(self, rules: object) -> dict[K, V]:
        """The memo of ``rules`` (a fresh one when another ruleset was read last)."""
        box = self._box
        if box[0] is not rules:
            box = self._box = (rules, {})
        memo = box[1]
        if len(memo) >= self._limit:
            memo.clear()
        return memo
