"""The game state, kept under its old module name: see :mod:`piquet.engine`.

>>> import piquet as pq
>>> from piquet.state import State, new_game
>>> State is pq.State and new_game is pq.new_game
True
"""

from __future__ import annotations

from .engine import (
    IllegalActionError,
    Origin,
    Phase,
    Result,
    Resumed,
    Spoken,
    State,
    cut,
    new_deal,
    new_game,
    resume_game,
)

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
