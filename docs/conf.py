"""Sphinx configuration for the piquet documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))  # the house-options directive

project = "piquet"
author = "the piquet developers"
copyright = "2026, the piquet developers"

try:
    from importlib.metadata import version as _version

    release = _version("piquet")
except Exception:  # the package is not installed (e.g. a bare sphinx-build)
    release = "0.2.0"
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "house_options",
]
# No sphinx.ext.intersphinx: CI has no network access beyond the package index.

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]

html_theme = "furo"
html_title = "piquet"

autodoc_typehints = "description"
autodoc_member_order = "bysource"

napoleon_google_docstring = False
napoleon_numpy_docstring = False

doctest_global_setup = "import piquet as pq"

nitpicky = False
