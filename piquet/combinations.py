"""Finding combinations in card-set masks (an alias module): the functions now live in
:mod:`piquet.rules.combinations`.

>>> import piquet.combinations, piquet.rules.combinations
>>> piquet.combinations.cards_of is piquet.rules.combinations.cards_of
True
"""

from __future__ import annotations

from .rules.combinations import (
    COUNT9,
    COUNTER_BITS9,
    COUNTERS_MASK,
    COURTS_MASK,
    PIPS9,
    RUNS9,
    TOP_N9,
    cards_of,
    counters_in,
    is_blank,
    is_suited_run,
    point_of_suit,
    rank_of_bit,
    run_key,
    sequence_score,
    sets_in,
    sub_runs,
    suit_masks,
    suit_top_claims,
    suited_runs,
)

__all__ = [
    "COUNT9",
    "COUNTERS_MASK",
    "COUNTER_BITS9",
    "COURTS_MASK",
    "PIPS9",
    "RUNS9",
    "TOP_N9",
    "cards_of",
    "counters_in",
    "is_blank",
    "is_suited_run",
    "point_of_suit",
    "rank_of_bit",
    "run_key",
    "sequence_score",
    "sets_in",
    "sub_runs",
    "suit_masks",
    "suit_top_claims",
    "suited_runs",
]
