"""The ledger's words, kept under their old module name: see :mod:`piquet.words`.

>>> import piquet as pq
>>> from piquet.ledger import ScoreEvent
>>> ScoreEvent is pq.ScoreEvent
True
"""

from __future__ import annotations

from .words import CHANCE, Category, Chance, Player, Precedence, Reason, ScoreEvent

__all__ = ["CHANCE", "Category", "Chance", "Player", "Precedence", "Reason", "ScoreEvent"]
