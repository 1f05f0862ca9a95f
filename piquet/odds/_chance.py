"""What a chance is here, and how the books state it.

A chance is exact, a :class:`~fractions.Fraction`, or sampled, an :class:`Estimate` with
its 95% interval where there are too many cases to count; :func:`odds_text` states
either in the words of the books ("3 to 1 against").
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

import attrs

_Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# --------------------------------------------------------------------------- odds_text


def odds_text(p: Fraction | float | Estimate) -> str:
    """A chance in the words of the books: ``"3 to 1 against"``, ``"5 to 2 on"``.

    The odds are the likelier outcome to the less likely, given in small whole numbers
    as Hoyle and Cavendish give them:

    * the nearest of the whole numbers to one (``"18 to 1"``, ``"1,791 to 1"``) and of
      the ratios in halves, thirds and quarters whose larger term is at most 30
      (``"5 to 4"``, ``"5 to 2"``, ``"17 to 3"``); on a tie, the whole number;
    * when that nearest ratio is evens but the chance is not exactly a half, the nearest
      ratio whose smaller term is at most 30 (``"29 to 28"``), so the side is kept.

    ``"evens"`` for exactly a half (or closer to it than 31 to 30 can say),
    ``"certain"`` and ``"impossible"`` for 1 and 0. An :class:`Estimate` gives the
    odds of its best estimate.

    >>> from fractions import Fraction
    >>> odds_text(Fraction(1, 4)), odds_text(Fraction(232, 323)), odds_text(0.5)
    ('3 to 1 against', '5 to 2 on', 'evens')
    >>> odds_text(Fraction(29, 57)), odds_text(Fraction(17, 38))
    ('29 to 28 on', '5 to 4 against')
    """
    if isinstance(p, Estimate):
        p = p.probability
    chance = p if isinstance(p, Fraction) else Fraction(p)
    if not 0 <= chance <= 1:
        raise ValueError(f"p: a chance must be from 0 to 1 (got {p!r})")
    if chance == 0:
        return "impossible"
    if chance == 1:
        return "certain"
    if chance * 2 == 1:
        return "evens"
    side = "on" if chance * 2 > 1 else "against"
    ratio = max(chance, 1 - chance) / min(chance, 1 - chance)
    nearest = _nearest_book_ratio(ratio)
    if nearest == 1:
        nearest = ratio.limit_denominator(30)
        if nearest == 1:
            return "evens"
    return f"{nearest.numerator:,} to {nearest.denominator:,} {side}"


def _nearest_book_ratio(ratio: Fraction) -> Fraction:
    """The nearest to ``ratio`` (>= 1) of n/1 and of a/b, b in 2..4, a <= 30; ties to n/1."""
    whole = math.floor(ratio)
    candidates = [Fraction(whole), Fraction(whole + 1)]
    for denominator in (2, 3, 4):
        low = math.floor(ratio * denominator)
        for numerator in (low, low + 1):
            if denominator <= numerator <= 30:
                candidates.append(Fraction(numerator, denominator))
    return min(candidates, key=lambda c: (abs(c - ratio), c.denominator))


# --------------------------------------------------------------------------- Estimate


@attrs.frozen
class Estimate:
    """A chance estimated by sampling, with its 95% interval (Wilson score interval).

    ``hits`` of ``samples`` sampled cases were favourable; ``probability`` is
    ``hits / samples`` and ``low``, ``high`` bound the true chance with 95% confidence.

    >>> e = Estimate.from_counts(250, 1000)
    >>> e.probability, round(e.low, 3), round(e.high, 3), 0.25 in e
    (0.25, 0.224, 0.278, True)
    """

    hits: int
    samples: int
    probability: float
    low: float
    high: float

    @classmethod
    def from_counts(cls, hits: int, samples: int) -> Estimate:
        """The estimate of ``hits`` favourable cases in ``samples``."""
        if samples < 1 or not 0 <= hits <= samples:
            raise ValueError(f"hits, samples: need 0 <= hits <= samples, samples >= 1 "
                             f"(got {hits}, {samples})")  # fmt: skip
        p = hits / samples
        z2 = _Z95 * _Z95
        centre = (p + z2 / (2 * samples)) / (1 + z2 / samples)
        half = (_Z95 * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples))) / (
            1 + z2 / samples
        )
        low = 0.0 if hits == 0 else max(0.0, centre - half)
        high = 1.0 if hits == samples else min(1.0, centre + half)
        return cls(hits, samples, p, low, high)

    def __float__(self) -> float:
        return self.probability

    def __contains__(self, value: object) -> bool:
        return isinstance(value, (int, float, Fraction)) and self.low <= value <= self.high

    def __str__(self) -> str:
        return (
            f"{self.probability:.4f} (95% interval {self.low:.4f} to {self.high:.4f}, "
            f"{self.samples:,} samples)"
        )


Chance = Fraction | Estimate
"""An exact chance, or an estimate with its interval where counting is not feasible."""
