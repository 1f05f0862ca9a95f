"""The package's modules use one another only by public names."""

from __future__ import annotations

import ast
import importlib.util
import pathlib

import pytest

import piquet

PACKAGE = pathlib.Path(piquet.__file__).parent


def _imported_private_names() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {alias.name}")
    return found


def test_no_module_imports_another_modules_private_names():
    assert _imported_private_names() == []


@pytest.mark.parametrize(
    "name", ["state", "ruleset", "presets", "combinations", "ledger", "sampling", "solver"]
)
def test_the_old_alias_modules_are_gone(name):
    assert importlib.util.find_spec(f"piquet.{name}") is None


def test_the_worlds_moved_to_the_search_package():
    assert importlib.util.find_spec("piquet.bots.worlds") is None
    assert importlib.util.find_spec("piquet.search.worlds") is not None
