"""The rulesets of RULES.md section 9.

Each preset is one :class:`~piquet.Ruleset` value; all but Rubicon are built with
:meth:`~piquet.Ruleset.evolve`, so each states only how it differs.

>>> import piquet as pq
>>> pq.find_ruleset("RUBICON") is pq.RUBICON
True
>>> [r.name for r in pq.RULESETS.values()]
['rubicon', 'au_cent', 'au_cent_101', 'cotton_1674', 'cotton_1995', 'au_cent_36', 'carte_rouge']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .blanks import TwoBlanks
from .game import Partie, Race
from .point import PointByValue
from .ruleset import Ruleset
from .sequences import MixedSequences
from .tricks import LeadAndWin, WinnerTakesCounters

__all__ = [
    "AU_CENT",
    "AU_CENT_36",
    "AU_CENT_101",
    "CARTE_ROUGE",
    "COTTON_1674",
    "COTTON_1995",
    "RUBICON",
    "RULESETS",
    "find_ruleset",
]

RUBICON: Final = Ruleset(
    name="rubicon",
    title="Rubicon piquet",
    description="Rubicon piquet by Cavendish's laws: a partie of six deals, rubicon at 100.",
    game=Partie(),
)
"""Rubicon piquet (Cavendish): the default."""

AU_CENT: Final = RUBICON.evolve(
    name="au_cent",
    title="Piquet au cent",
    description=(
        "Piquet au cent (Hoyle's Games Modernized, 1909): a race to 100, scores counted in "
        "precedence order; 100 before the loser has 50 is a double game; the lower cut deals."
    ),
    game=Race(target=100, double_below=50),
    lower_cut_deals=True,
)
"""Piquet au cent (Hoyle's Games Modernized; Cavendish's Laws of Piquet au Cent): to 100."""

AU_CENT_101: Final = AU_CENT.evolve(
    name="au_cent_101",
    title="Piquet au cent to 101",
    description=(
        "Piquet au cent played to 101, as in later Hoyle and in France (Hoyle's Games "
        "Modernized, 1909)."
    ),
    target=101,
)
"""Piquet au cent, a race to 101."""

COTTON_1674: Final = RUBICON.evolve(
    name="cotton_1674",
    title="Cotton's Picket of 1674",
    description=(
        "Picket as Cotton gives it (The Compleat Gamester, 1674) with the 1651 text he "
        "abridged: 36 cards dealt by three (two to four allowed), the elder takes up to 8 "
        "of a stock of 12, the Ruff in tens, suited sequences to the neuvième, only A K Q J "
        "10 count in play, a set of 100, the younger's blank bars the elder's."
    ),
    pack_size=36,
    packet=3,
    packets=(2, 3, 4),
    elder_max=8,
    point=PointByValue(),
    tricks=LeadAndWin(low_cards_count=False, last_trick=1),
    game=Race(target=100, double_below=0),
    two_blanks=TwoBlanks.YOUNGER_BARS,
    lower_cut_deals=True,
)
"""Cotton's Picket (1674), read with the 1651 *Royall and Delightfull Game of Picquet*."""

COTTON_1995: Final = COTTON_1674.evolve(
    name="cotton_1995",
    title="Cotton's Picket, the 1995 reconstruction",
    description=(
        "The 1995 reconstruction of Cotton's Picket (du Coeur, Game Report: Picket): sequences "
        "of any suits, each card in one sequence only; the winner of a trick takes its "
        "counters; the last trick 2 if won with a ten or better, else 1; two blanks cancel; "
        "a set of 100."
    ),
    sequences=MixedSequences(),
    tricks=WinnerTakesCounters(last_trick=2, last_trick_low=1),
    two_blanks=TwoBlanks.CANCEL,
)
"""The 1995 reconstruction of Cotton's game (du Coeur, *Game Report: Picket*, 1995).

``evolve(target=121)`` as played.
"""

AU_CENT_36: Final = AU_CENT.evolve(
    name="au_cent_36",
    title="Piquet au cent with 36 cards",
    description=(
        "Classic piquet au cent with 36 cards (the Norwegian encyclopedia article Piquet): the "
        "elder takes up to 7 of a stock of 12, the winner of a trick takes its counters, "
        "nothing for the last trick, both blanks score; a race to 100."
    ),
    pack_size=36,
    elder_max=7,
    tricks=WinnerTakesCounters(last_trick=0, last_trick_low=0),
    two_blanks=TwoBlanks.BOTH_SCORE,
)
"""The 36-card "classic piquet" au cent of the Norwegian encyclopedia article *Piquet*."""

CARTE_ROUGE: Final = RUBICON.evolve(
    name="carte_rouge",
    title="Rubicon piquet with carte rouge",
    description=(
        "Rubicon piquet with carte rouge: 20 when all twelve cards score (as in the Norwegian "
        "encyclopedia article Piquet)."
    ),
    carte_rouge=20,
)
"""Rubicon piquet with carte rouge (R-DE-8) at 20."""

RULESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        r.name: r
        for r in (RUBICON, AU_CENT, AU_CENT_101, COTTON_1674, COTTON_1995, AU_CENT_36, CARTE_ROUGE)
    }
)
"""Every preset, by name."""


def find_ruleset(name: str) -> Ruleset:
    """The preset of that name, case-insensitive; KeyError lists the names.

    >>> import piquet as pq
    >>> pq.find_ruleset("Cotton-1674") is pq.COTTON_1674
    True
    """
    key = name.strip().lower().replace("-", "_") if isinstance(name, str) else name
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"no ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None
