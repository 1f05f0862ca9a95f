"""The rulesets of RULES.md section 9.

>>> import piquet as pq
>>> pq.find_ruleset("RUBICON") is pq.RUBICON
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .ruleset import Partie, Ruleset

__all__ = ["RUBICON", "RULESETS", "find_ruleset"]

RUBICON: Final = Ruleset(
    name="rubicon",
    description="Rubicon piquet by Cavendish's laws: a partie of six deals, rubicon at 100.",
    game=Partie(),
)
"""Rubicon piquet (Cavendish): the default."""

RULESETS: Final[Mapping[str, Ruleset]] = MappingProxyType({r.name: r for r in (RUBICON,)})
"""Every preset, by name."""


def find_ruleset(name: str) -> Ruleset:
    """The preset of that name, case-insensitive; KeyError lists the names."""
    key = name.strip().lower().replace("-", "_") if isinstance(name, str) else name
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"no ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None
