"""piquet: the rules engine for Piquet in all its historical forms.

>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state.to_move is pq.CHANCE
True
"""

import importlib
from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Call,
    Deal,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
    parse_action,
)
from .cards import Card, CardSet, Rank, Suit, cards, pack
from .engine import State, cut, new_deal, new_game, resume_game
from .observation import Observation
from .records import RecordError, dumps, loads
from .render import render_observation, render_score_sheet, render_state
from .rules import (
    AU_CENT,
    AU_CENT_36,
    AU_CENT_101,
    CARTE_ROUGE,
    COTTON_1674,
    COTTON_1995,
    RUBICON,
    RULESETS,
    LeadAndWin,
    MixedSequences,
    Partie,
    PointByLength,
    PointByValue,
    Race,
    Ruleset,
    Sets,
    SuitedSequences,
    TwoBlanks,
    WinnerTakesCounters,
    find_ruleset,
)
from .search.native import native_available
from .words import (
    CHANCE,
    Category,
    Chance,
    IllegalActionError,
    Phase,
    Player,
    Precedence,
    Reason,
    Result,
    ScoreEvent,
    Spoken,
    Trick,
)

if TYPE_CHECKING:
    from .analysis.analyse import Analysis, analyse
    from .matches.match import MatchResult, match
    from .matches.tournament import TournamentResult, tournament

__version__ = "0.2.0"

# The names of the layers above the engine (bots, matches, analysis) are imported when
# first used: a program that only plays the rules does not pay for the bots (a third of
# ``import piquet``, about 0.1 s).
_LAZY = {
    "Analysis": "analysis",
    "analyse": "analysis",
    "MatchResult": "matches.match",
    "match": "matches.match",
    "TournamentResult": "matches.tournament",
    "tournament": "matches.tournament",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'piquet' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found at once next time
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "AU_CENT",
    "AU_CENT_36",
    "AU_CENT_101",
    "CARTE_ROUGE",
    "CHANCE",
    "COTTON_1674",
    "COTTON_1995",
    "RUBICON",
    "RULESETS",
    "Action",
    "Analysis",
    "Call",
    "Card",
    "CardSet",
    "Category",
    "Chance",
    "Deal",
    "Equal",
    "Exchange",
    "ExchangeCount",
    "Good",
    "IllegalActionError",
    "LeadAndWin",
    "Leave",
    "LeftCards",
    "MatchResult",
    "MixedSequences",
    "Observation",
    "Partie",
    "Pass",
    "Phase",
    "Play",
    "Player",
    "PointByLength",
    "PointByValue",
    "Precedence",
    "Race",
    "Rank",
    "Reason",
    "Reckon",
    "RecordError",
    "Result",
    "Ruleset",
    "ScoreEvent",
    "Sets",
    "Spoken",
    "State",
    "Suit",
    "SuitedSequences",
    "TournamentResult",
    "Trick",
    "TwoBlanks",
    "WinnerTakesCounters",
    "__version__",
    "analyse",
    "cards",
    "cut",
    "dumps",
    "find_ruleset",
    "loads",
    "match",
    "native_available",
    "new_deal",
    "new_game",
    "pack",
    "parse_action",
    "render_observation",
    "render_score_sheet",
    "render_state",
    "resume_game",
    "tournament",
]


def _draw_in_notebooks() -> None:
    """Under a running IPython shell, register the notebook display
    (:func:`piquet.notebook.register_formatters`); elsewhere, import nothing more."""
    import sys

    ipython = sys.modules.get("IPython")
    get_ipython = getattr(ipython, "get_ipython", None)
    if callable(get_ipython) and get_ipython() is not None:
        from .notebook import register_formatters

        register_formatters()


_draw_in_notebooks()
