"""The odds at piquet: exact chances of taking in cards, and of what a hand will hold.

Everything here counts: every set of cards a player may take in from the cards he has
not seen is equally likely, so a chance is a number of favourable sets over the number
of sets, a :class:`~fractions.Fraction`. :func:`take_in` counts with binomial
coefficients; a :class:`Prospect` (a player's hand, his discard, his role and the
ruleset) enumerates the cards he may take in and asks the ruleset's own point, sequence
and set rules about each resulting hand. Where there are too many cases to enumerate,
it samples them and returns an :class:`Estimate` with its 95% interval instead.

>>> from piquet import cards
>>> chance = take_in(cards("QC"), taking=5, unseen=20)  # one named card, taking five
>>> chance, odds_text(chance)
(Fraction(1, 4), '3 to 1 against')
>>> odds_text(carte_blanche(32))  # in a named player's dealt hand
'1,791 to 1 against'
"""

# The type aliases Chance and Role are importable from here (the odds command's table
# takes a Chance) but are not in __all__, so ``import *`` leaves them out.
from ._chance import Chance as Chance
from ._chance import Estimate, odds_text
from ._counting import HAND_SIZE, carte_blanche, take_in
from ._prospect import Prospect
from ._prospect import Role as Role

__all__ = [
    "HAND_SIZE",
    "Estimate",
    "Prospect",
    "carte_blanche",
    "odds_text",
    "take_in",
]
