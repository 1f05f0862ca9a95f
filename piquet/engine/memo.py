"""What the states of one stretch of a deal share, worked out once for all of them.

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
from typing import Any, TypeVar

from .parts import Context

__all__ = ["remembered"]

T = TypeVar("T")

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
