"""The intervals of matches and tournaments: Wilson's for a share of wins, Student's t for
a mean of points, and the quantiles they need (Student's t and the normal).

The mean of a few independent units (the duplicate pairs of a match) has a Student's t
interval, ``mean ± t(n-1) · s / sqrt(n)``, not a normal one: with two pairs the normal
``z = 1.96`` is about 6.5 times too narrow, since ``t(1) = 12.706``.

:func:`t_quantile` takes the quantile from SciPy (``scipy.stats.t.ppf``) when SciPy is
installed, and otherwise from :func:`t_quantile_pure`, which needs only the standard
library: for whole degrees of freedom up to 1,000 it inverts the exact t distribution
(the finite series of Abramowitz and Stegun, 26.7.3 and 26.7.4) by bisection; beyond,
the Cornish–Fisher expansion about the normal quantile (A&S 26.7.5), whose error there
is below 1e-9.

>>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 9), 3)
(12.706, 2.262)
"""

from __future__ import annotations

import functools
import importlib
import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Final

from .games import MatchError

__all__ = [
    "Z95",
    "mean_interval",
    "t_quantile",
    "t_quantile_pure",
    "t_two_sided_mass",
    "wilson_interval",
]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval (0.975)."""

_SERIES_LIMIT: Final = 1000
"""The most degrees of freedom :func:`t_quantile_pure` inverts the exact series for."""


def t_two_sided_mass(t: float, df: int) -> float:
    """``P(|T| < t)`` for Student's t with ``df`` (whole, >= 1) degrees of freedom, ``t >= 0``,
    by the finite series of Abramowitz and Stegun, 26.7.3 (odd ``df``) and 26.7.4 (even).

    >>> round(t_two_sided_mass(12.7062047, 1), 6)
    0.95
    """
    theta = math.atan(t / math.sqrt(df))
    sin, cos2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2 == 0:  # sin θ (1 + cos²θ/2 + 1·3 cos⁴θ/(2·4) + ...), df/2 terms
        term = total = 1.0
        for k in range(1, df // 2):
            term *= cos2 * (2 * k - 1) / (2 * k)
            total += term
        return sin * total
    if df == 1:
        return 2 * theta / math.pi
    # 2/π (θ + sin θ cos θ (1 + 2/3 cos²θ + 2·4/(3·5) cos⁴θ + ...)), (df-1)/2 terms
    term = total = 1.0
    for k in range(1, (df - 1) // 2):
        term *= cos2 * (2 * k) / (2 * k + 1)
        total += term
    return 2 / math.pi * (theta + sin * math.sqrt(cos2) * total)


@functools.lru_cache(maxsize=256)
def t_quantile_pure(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``0.5 <= p < 1``,
    ``df`` a whole number >= 1), with the standard library alone.

    >>> [round(t_quantile_pure(0.975, df), 3) for df in (1, 2, 3, 9, 30)]
    [12.706, 4.303, 3.182, 2.262, 2.042]
    """
    if not 0.5 <= p < 1:
        raise ValueError(f"t_quantile: p must be in [0.5, 1) (got {p!r})")
    if df < 1 or df != int(df):
        raise ValueError(f"t_quantile: df must be a whole number >= 1 (got {df!r})")
    df = int(df)
    if p == 0.5:
        return 0.0
    if df > _SERIES_LIMIT:
        return _cornish_fisher(p, df)
    mass = 2 * p - 1  # the two-sided mass within ±t
    low, high = 0.0, 1.0
    while t_two_sided_mass(high, df) < mass:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if t_two_sided_mass(middle, df) < mass:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _cornish_fisher(p: float, df: int) -> float:
    """The t quantile as a series in 1/df about the normal quantile (A&S 26.7.5)."""
    x = NormalDist().inv_cdf(p)
    x2 = x * x
    g1 = x * (x2 + 1) / 4
    g2 = x * ((5 * x2 + 16) * x2 + 3) / 96
    g3 = x * (((3 * x2 + 19) * x2 + 17) * x2 - 15) / 384
    g4 = x * ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945) / 92160
    return x + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom: SciPy's
    ``scipy.stats.t.ppf`` when SciPy is installed, :func:`t_quantile_pure` otherwise.

    >>> round(t_quantile(0.975, 2), 3)
    4.303
    """
    try:
        scipy_stats = importlib.import_module("scipy.stats")
    except ImportError:
        return t_quantile_pure(p, df)
    return float(scipy_stats.t.ppf(p, df))


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays within [0, 1] and does not
    collapse to a point when every trial succeeds.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise MatchError(
            f"wilson_interval: need 0 <= successes <= trials (got {successes}, {trials})"
        )
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``values`` and its Student's t interval: ``(mean, low, high)``.

    The values are taken as independent draws (in a match: duplicate pairs, or games in
    plain play), and the interval is ``mean ± t · s / sqrt(n)``, with ``s`` the sample
    standard deviation and ``t`` the ``(1 + confidence) / 2`` quantile of Student's t with
    ``n - 1`` degrees of freedom (:func:`~piquet.matches.intervals.t_quantile`): from few
    units it is as wide as it should be, where the normal ``z = 1.96`` is not (from two
    units, ``t = 12.706``). With fewer than two values the interval is unknown (NaN).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, -0.484, 4.484]
    """
    if not 0 < confidence < 1:
        raise MatchError(f"mean_interval: confidence must be between 0 and 1 (got {confidence!r})")
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile((1 + confidence) / 2, n - 1) * math.sqrt(variance / n)
    return mean, mean - half, mean + half
