"""The rules: the :class:`~piquet.Ruleset`, one module per chapter, the presets, and the
protocols a house ruleset implements.

==========================  ===========================================================
module                      what it holds
==========================  ===========================================================
:mod:`.ruleset`             :class:`~piquet.Ruleset`: every rule of a variant, and ``evolve``
:mod:`.protocols`           what the engine asks each strategy, and when
:mod:`.options`             the house options of RULES.md section 9, declared once
:mod:`.point`               the point, by length or by value (the Ruff)
:mod:`.sequences`           sequences, in one suit or in any
:mod:`.sets`                trios and quatorzes
:mod:`.tricks`              trick scoring: lead and win, or the winner takes the counters
:mod:`.game`                the end of the game: a partie, or a race
:mod:`.blanks`              what two cartes blanches do
:mod:`.combinations`        finding combinations in card-set bit masks (for the above)
:mod:`.words`               the spoken names of numbers, ranks and sequences
:mod:`.presets`             the presets of RULES.md section 9
==========================  ===========================================================

>>> import piquet as pq
>>> from piquet import rules
>>> rules.RUBICON is pq.RUBICON and isinstance(pq.RUBICON.tricks, rules.TrickScorer)
True
"""

from __future__ import annotations

from .blanks import TwoBlanks
from .game import Partie, Race
from .options import HOUSE_OPTIONS, HouseOption, option_field
from .point import PointByLength, PointByValue
from .presets import (
    AU_CENT,
    AU_CENT_36,
    AU_CENT_101,
    CARTE_ROUGE,
    COTTON_1674,
    COTTON_1995,
    RUBICON,
    RULESETS,
    find_ruleset,
)
from .protocols import (
    CategoryRule,
    Decomposition,
    GameRule,
    TrickScorer,
    card_at,
    card_set,
    decomposition_of,
    say_word,
    word_ends,
)
from .ruleset import Ruleset
from .sequences import MixedSequences, SuitedSequences
from .sets import Sets
from .tricks import LeadAndWin, WinnerTakesCounters

__all__ = [
    "AU_CENT",
    "AU_CENT_36",
    "AU_CENT_101",
    "CARTE_ROUGE",
    "COTTON_1674",
    "COTTON_1995",
    "HOUSE_OPTIONS",
    "RUBICON",
    "RULESETS",
    "CategoryRule",
    "Decomposition",
    "GameRule",
    "HouseOption",
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
    "card_at",
    "card_set",
    "decomposition_of",
    "find_ruleset",
    "option_field",
    "say_word",
    "word_ends",
]
