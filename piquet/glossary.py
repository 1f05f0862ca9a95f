"""The game's words, explained where a told game first meets them.

A newcomer reading ``python -m piquet demo`` or playing ``python -m piquet play`` meets
elder, tierce, quatorze, pique and "making 41" with no one to ask. :class:`Explainer`
reads the lines of a narration and, the first time a term appears, adds a short line
that says what it means (with its rule id). The docs' glossary page says more.

>>> import piquet as pq
>>> explainer = Explainer(pq.RUBICON, width=60)
>>> print(*explainer.explain(['  A: "Point of five."', '  B: "Equal."']), sep="\\n")
  A: "Point of five."
      (point: the most cards of one suit; the longer wins,
       equal lengths compare their pips, and the winner
       scores one a card, R-DE-2)
  B: "Equal."
      (equal: the younger holds as much so far; the elder
       says what decides next, and at the last word neither
       scores, R-DE-1a)
>>> explainer.explain(['  A: "Point of four."'])  # said once, explained once
['  A: "Point of four."']
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from typing import Final

from .rules import Ruleset

__all__ = ["TERMS", "Explainer"]

TERMS: Final[dict[str, str]] = {
    "elder": "the elder hand, the non-dealer: he discards first, calls first and leads "
    "first, R-DL-1",
    "partie": "a game of six deals; the higher total wins, and a loser under 100 is "
    "rubiconed, R-GM-1",
    "race": "deals go on until a player reaches the target; he wins at once, R-GM-2",
    "point": "the most cards of one suit; the longer wins, equal lengths compare their "
    "pips, and the winner scores one a card, R-DE-2",
    "ruff": "the suit of highest pip value (ace 11, court cards and tens 10); it scores "
    "one for every ten, R-DE-2a",
    "making": "what the cards of a point add up to: ace 11, king, queen, knave and ten "
    "10, the others their number, R-CA-2",
    "tierce": "a sequence of three cards in one suit, scoring 3, R-DE-3",
    "quart": "a sequence of four, scoring 4, R-DE-3",
    "quint": "a sequence of five, scoring 15, R-DE-3",
    "sixième": "a sequence of six, scoring 16, R-DE-3",
    "septième": "a sequence of seven, scoring 17, R-DE-3",
    "huitième": "a sequence of eight, scoring 18, R-DE-3",
    "major": "a sequence headed by the ace, R-DE-3",
    "trio": "three of a rank, ten or better, scoring 3, R-DE-4",
    "quatorze": "four of a rank, ten or better, scoring 14; any quatorze beats any trio, R-DE-4",
    "good": "the younger concedes the call: the elder scores it, R-DE-1a",
    "not good": "the younger holds better, and scores his own, R-DE-1a",
    "equal": "the younger holds as much so far; the elder says what decides next, "
    "and at the last word neither scores, R-DE-1a",
    "no": "a player calls nothing in the category: he has nothing, or sinks it, R-DE-1",
    "carte blanche": "a hand dealt with no king, queen or knave: 10 at once, and it "
    "saves its holder from pique and repique, R-CB-1",
    "carte rouge": "every card of the hand in a scoring combination: a bonus, R-DE-8",
    "pique": "30 more to the elder who reaches 30 in hand and play before the younger "
    "scores anything, R-PR-3",
    "repique": "60 more to a player who reaches 30 in hand alone before the other scores "
    "anything, R-PR-2",
    "capot": "all twelve tricks: 40 for the cards instead of 10, R-PL-4",
    "the cards": "more than six tricks: 10, R-PL-4",
    "last trick": "the winner of the twelfth trick scores a little more, R-PL-2",
    "rubiconed": "a loser under 100: the winner scores both totals and 100, R-GM-1",
}
"""The terms, as they appear in a narration (lower case), and what they mean."""

_RANKS: Final = r"(?:aces|kings|queens|knaves|tens|nines|eights|sevens|sixes)"
_SPELLED: Final = {  # terms found by other words than their own
    "trio": rf"three {_RANKS}",
    "quatorze": rf"four {_RANKS}",
    "no": r"no (?:point|sequence|trio or quatorze)",
}

_LEAD_AND_WIN: Final = (
    "the leader scores a point for the card he leads, even when he loses the trick, and "
    "the follower one for a trick he wins: the bracket counts them, R-PL-2"
)
_COUNTERS: Final = (
    "the winner of a trick scores one for each ace, king, queen, knave and ten in it: "
    "the bracket counts them, R-PL-3"
)
_INDENT: Final = "      "


class Explainer:
    """Adds, after the first line that uses a term, a line saying what it means.

    ``width`` wraps the explanations (indented under the line they explain).
    """

    def __init__(self, ruleset: Ruleset, width: int = 88) -> None:
        self.width = width
        self.told: set[str] = set()
        self.terms = dict(TERMS)
        # how the play scores, asked of the ruleset: does leading an ace score?
        ace_of_spades = 8
        self.terms["leads"] = (
            _LEAD_AND_WIN if ruleset.tricks.lead_points(ace_of_spades) else _COUNTERS
        )
        spelled = {term: _SPELLED.get(term, re.escape(term)) for term in self.terms}
        self._terms = {}  # a pattern's group name: its term
        parts = []
        for number, term in enumerate(sorted(spelled, key=len, reverse=True)):
            self._terms[f"t{number}"] = term
            parts.append(f"(?P<t{number}>{spelled[term]})")
        self._pattern = re.compile(r"\b(?:" + "|".join(parts) + r")\b", re.IGNORECASE)

    def explain(self, lines: Iterable[str]) -> list[str]:
        """The lines, each followed by the explanation of terms it is first to use."""
        out: list[str] = []
        for line in lines:
            out.append(line)
            for match in self._pattern.finditer(line):
                term = self._terms[str(match.lastgroup)]
                if term in self.told:
                    continue
                self.told.add(term)
                text = f"({term}: {self.terms[term]})"
                out += textwrap.wrap(
                    text, self.width, initial_indent=_INDENT, subsequent_indent=_INDENT + " "
                )
        return out
