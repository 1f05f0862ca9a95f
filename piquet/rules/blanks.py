"""Carte blanche: what two blanks in one deal do (R-CB-3).

The score for a blank is the ruleset's ``carte_blanche`` field; the engine finds a blank
with :func:`piquet.rules.combinations.is_blank`.
"""

from __future__ import annotations

import enum

__all__ = ["TwoBlanks"]


class TwoBlanks(enum.Enum):
    """What two cartes blanches in one deal do (36-card packs only, R-CB-3).

    >>> import piquet as pq
    >>> pq.COTTON_1995.two_blanks
    <TwoBlanks.CANCEL: 'cancel'>
    """

    BOTH_SCORE = "both score"
    """Both score and both are protected (the Norwegian encyclopedia article *Piquet*)."""
    CANCEL = "cancel"
    """Neither scores (the 1995 reconstruction)."""
    YOUNGER_BARS = "younger bars"
    """The younger's blank bars the elder's, who scores nothing and is not protected (Cotton)."""
