"""Benchmarks in one place: ``python -m piquet bench``.

Each section measures one part of the package and prints its figures; given a floor
(``--floor FILE``, a reference loop of random deals with no API, see
:mod:`piquet.benchmarks.common`) it prints every figure as a ratio to one floor deal
measured in the same run:

* ``engine``: random deals through the public API, one ``apply``, one
  ``legal_actions``, an observation, equality, a rollout, memory
  (:mod:`piquet.benchmarks.engine`);
* ``search``: the solver on whole deals, the sampler in the play, a rollout of the
  play, a PIMC bot's card and discard, on the pure-Python path and with the compiled
  kernel (:mod:`piquet.benchmarks.search`);
* ``matches``: the match runner against the same games played one by one
  (:mod:`piquet.benchmarks.matches`);
* ``adapters``: a step of each RL adapter, of the engine, and of each framework on an
  environment that does nothing (:mod:`piquet.benchmarks.adapters`; it needs the
  ``rl`` extra, and says so without it).

A section is a function ``section(options)``, named in :data:`SECTIONS`; another
part's benchmark joins the command with one line there.

>>> list(SECTIONS)
['engine', 'search', 'matches', 'adapters']
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from .common import Options

__all__ = ["SECTIONS", "Options", "run"]

#: The sections of ``python -m piquet bench``, in the order they run: each a
#: ``"module:function"`` whose function takes the :class:`Options`.
SECTIONS: dict[str, str] = {
    "engine": "piquet.benchmarks.engine:section",
    "search": "piquet.benchmarks.search:section",
    "matches": "piquet.benchmarks.matches:section",
    "adapters": "piquet.benchmarks.adapters:section",
}


def run(options: Options, only: Sequence[str] | None = None) -> int:
    """Run the sections named in ``only`` (every section when None), in the order of
    :data:`SECTIONS`; returns 0. ValueError names a section that does not exist."""
    names = list(SECTIONS) if only is None else list(only)
    unknown = [name for name in names if name not in SECTIONS]
    if unknown:
        raise ValueError(
            f"no benchmark section {unknown[0]!r}; the sections are {', '.join(SECTIONS)}"
        )
    for name in SECTIONS:
        if name in names:
            module, function = SECTIONS[name].split(":")
            getattr(importlib.import_module(module), function)(options)
    return 0
