"""Collection rules for the whole repository (pytest reads this file first).

The doctests of modules that need an optional dependency are skipped when it is
missing, so that a plain ``python -m pytest`` passes without the extras. This lives at
the root, not in tests/conftest.py: a conftest's ``collect_ignore`` reaches only the
files under its own directory, and these modules are under piquet/.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent / "piquet"
_OPTIONAL_MODULES = {
    "encoding.py": ("numpy",),
    "adapters/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    "adapters/gymnasium.py": ("numpy", "gymnasium"),
    "adapters/openspiel.py": ("numpy", "pyspiel"),
    "adapters/bench.py": ("numpy",),
}
collect_ignore = [
    str(_PACKAGE / module)
    for module, needs in _OPTIONAL_MODULES.items()
    if any(importlib.util.find_spec(name) is None for name in needs)
]
# the coverage-guided fuzzer runs by itself (nox -s fuzz), and needs atheris
collect_ignore.append(str(Path(__file__).resolve().parent / "tests" / "fuzz" / "loaders.py"))
