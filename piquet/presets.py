"""The presets (an alias module): they now live in :mod:`piquet.rules.presets`.

>>> import piquet.presets, piquet.rules
>>> piquet.presets.RUBICON is piquet.rules.RUBICON
True
"""

from __future__ import annotations

from .rules.presets import (
    AU_CENT,
    AU_CENT_36,
    AU_CENT_101,
    CARTE_ROUGE,
    COTTON_1674,
    COTTON_1995,
    RUBICON,
    RULESETS,
    find_ruleset,
)

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
