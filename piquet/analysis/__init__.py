"""Analysis of a game: where each player went wrong, and by how much.

``pq.analyse(game)`` values every decision of each player from that player's own
observation, never from the cards hidden from him, names the best alternative and the
points expected to be lost, marks the losses (``?!``, ``?``, ``??``) and sums them up
per player; see :func:`~piquet.analysis.analyse.analyse` and the thresholds in
:mod:`piquet.analysis.analyse`. ``python -m piquet analyse FILE`` does the same from the
command line.
"""

from .analyse import (
    BLUNDER,
    INACCURACY,
    MARKS,
    MISTAKE,
    PHASES,
    Analysis,
    DecisionReport,
    Hindsight,
    PlayerSummary,
    analyse,
    decision_report,
    mark_for,
)
from .valuation import (
    BotValuer,
    PIMCValuer,
    Valuer,
    candidate_actions,
    hindsight_values,
    phase_of,
)

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "PHASES",
    "Analysis",
    "BotValuer",
    "DecisionReport",
    "Hindsight",
    "PIMCValuer",
    "PlayerSummary",
    "Valuer",
    "analyse",
    "candidate_actions",
    "decision_report",
    "hindsight_values",
    "mark_for",
    "phase_of",
]
