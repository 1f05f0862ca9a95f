"""Rulesets (an alias module): the names now live in :mod:`piquet.rules`.

Kept so that ``from piquet.ruleset import Ruleset`` and game records go on working.

>>> import piquet.ruleset, piquet.rules
>>> piquet.ruleset.Ruleset is piquet.rules.Ruleset
True
"""

from __future__ import annotations

from .rules.blanks import TwoBlanks
from .rules.game import Partie, Race
from .rules.point import PointByLength, PointByValue
from .rules.protocols import CategoryRule, GameRule, TrickScorer
from .rules.ruleset import Ruleset
from .rules.sequences import MixedSequences, SuitedSequences
from .rules.sets import Sets
from .rules.tricks import LeadAndWin, WinnerTakesCounters
from .rules.words import number_word, rank_word

__all__ = [
    "CategoryRule",
    "GameRule",
    "LeadAndWin",
    "MixedSequences",
    "Partie",
    "PointByLength",
    "PointByValue",
    "Race",
    "Ruleset",
    "Sets",
    "SuitedSequences",
    "TrickScorer",
    "TwoBlanks",
    "WinnerTakesCounters",
    "number_word",
    "rank_word",
]
