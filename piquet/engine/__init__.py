"""The engine: one immutable state, and one module per phase, in the order of a deal.

===========================  ===================================================================
module                       what it owns
===========================  ===================================================================
:mod:`.start`                new_game, new_deal, resume_game, the cut
:mod:`.state`                the State: its fields, read-only properties, dispatch; no rules
:mod:`.deal`                 the deal, carte blanche (R-DL, R-CB-1, R-CB-3)
:mod:`.exchange`             the exchange, carte blanche's count, the cards left (R-EX, R-CB-2)
:mod:`.declarations`         point, sequences, sets (R-DE)
:mod:`.declared_scores`      a category's further combinations and carte rouge (R-DE-5, R-DE-8)
:mod:`.auto_declarations`    the declarations resolved at once (``declarations="auto"``)
:mod:`.heard`                what was said, who has seen which cards (R-DE-6, R-DE-7)
:mod:`.play`                 the tricks (R-PL); :meth:`State.rollout`
:mod:`.ledger`               the scores in precedence order, pique and repique (R-PR)
:mod:`.end`                  the end of a deal and of a game (R-GM)
:mod:`.parts`                the records a state is made of
:mod:`.tables`               tables compiled once per ruleset
:mod:`.combination_tables`   the declaration categories compiled once per ruleset
:mod:`.category_table`       the interface a category is read through; the generic table
:mod:`.suit_tables`          the point and sequences, by a suit's nine bits
:mod:`.rank_tables`          the sets, by which suits hold a rank
===========================  ===================================================================

See the architecture page of the documentation for the whole picture.

>>> import piquet as pq
>>> from piquet.engine import State, new_game
>>> State is pq.State and new_game is pq.new_game
True
"""

from __future__ import annotations

from ..words import IllegalActionError, Phase, Result, Resumed, Spoken
from .parts import Origin
from .start import cut, new_deal, new_game, resume_game
from .state import State

__all__ = [
    "IllegalActionError",
    "Origin",
    "Phase",
    "Result",
    "Resumed",
    "Spoken",
    "State",
    "cut",
    "new_deal",
    "new_game",
    "resume_game",
]
