"""The solver's search in the compiled kernel (``piquet.search._csolve``): the ruleset's
tables as the kernel reads them, made once per ruleset."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, cast

from ..engine import State
from ._fast_tables import fast_tables
from ._solver_rules import PlayRules, pique_state, play_rules, trick_classes
from .native import kernel

if TYPE_CHECKING:
    from ._search import Search


def native_search(state: State) -> Search:
    """The compiled twin of :class:`~piquet.search._search.Search` for ``state`` (the
    kernel must be available): the same ``root``, ``root_move``, ``rules``, ``nodes``
    and ``fast_nodes``, the same values."""
    native = kernel("_csolve")
    assert native is not None
    ruleset = state.ruleset
    rules = play_rules(ruleset)
    pique_open, elder_count = pique_state(state)
    scores = state.scores
    search = native.Search(
        native_tables(rules),
        rules=rules,
        elder=int(state.elder),
        pique_open=pique_open,
        elder_count=elder_count,
        tricks_a=state.tricks_won[0],
        target=ruleset.game.target,
        scores=(scores[0], scores[1]),
    )
    return cast("Search", search)


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
        lead_points=rules.lead_points,
        trick_points=rules.flat_trick_points,
        cards=rules.cards,
        capot=rules.capot,
        cards_toward_pique=rules.cards_toward_pique,
        threshold=rules.threshold,
        pique=rules.pique,
        # the most one player can score in a trick, and in the last trick besides
        per_trick=max(rules.lead_points) + max(rules.trick_points.values()),
        last_most=max(rules.last_points),
    )
