"""The solver's search in the compiled kernel (``piquet.search._csolve``): the ruleset's
tables as the kernel reads them, made once per ruleset."""

from __future__ import annotations

import functools

from ._fast_tables import fast_tables
from ._solver_rules import PlayRules, trick_classes
from .native import kernel


@functools.lru_cache(maxsize=64)
def native_tables(rules: PlayRules) -> object:
    """The ruleset's tables for the compiled search: the flat tables as numbers, and
    what bounds the rest of a deal (:class:`~piquet.search._fast_tables.Shape`); the
    kernel makes its suit entries and bounds from them as the pure search does
    (tests/test_native_solver.py checks every one against it)."""
    native = kernel("_csolve")
    assert native is not None
    tables = fast_tables(rules)
    shape = tables.lower.shape
    return native.Tables(
        net=tables.net,
        follower_wins=tables.follower_wins,
        end=tables.end,
        last_points=rules.last_points,
        trick_class=trick_classes(rules),
        seventh=shape.seventh,
        kept=(min(shape.kept), max(shape.kept)),
        lost=(min(shape.lost), max(shape.lost)),
        last=(min(shape.last), max(shape.last)),
        counters={"exact": 2, "bounded": 1, "": 0}[shape.counters],
        classes=rules.classes,
        counted=tables.counted,
    )
