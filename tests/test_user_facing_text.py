"""User-facing text cites the real works, never the project's working files.

The docs, the README, the examples and the package's own text (docstrings, messages,
ruleset descriptions) name the books and articles the rules come from (Cavendish,
*The Laws of Piquet*; Cotton, *The Compleat Gamester*; ...), never the numbered source
documents the project started from ("seed 003") nor paths into the project's shared
folder. The tests themselves, written for contributors, may.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A working file's name where a reader should find a work's author and title.
FORBIDDEN = re.compile(
    r"seeds?[ _]?00\d|\.\./shared|\bshared/bench\b|\bseeds/|\bsources/", re.IGNORECASE
)

DOC_SUFFIXES = {".rst", ".py", ".inc", ".txt"}


def user_facing_files(root: Path) -> Iterator[Path]:
    """The docs' sources, the README, the examples and the package's modules."""
    docs = root / "docs"
    for path in sorted(docs.rglob("*")):
        if path.is_file() and path.suffix in DOC_SUFFIXES and "_build" not in path.parts:
            yield path
    yield root / "README.md"
    # the examples' sources, not the bytecode Python caches beside them
    examples = (root / "examples").rglob("*")
    yield from sorted(p for p in examples if p.is_file() and "__pycache__" not in p.parts)
    yield from sorted((root / "piquet").rglob("*.py"))


def citations_of_working_files(path: Path) -> list[str]:
    """Each line of ``path`` that names a working file, as ``path:line: text``."""
    text = path.read_text(encoding="utf-8")
    return [
        f"{path}:{number}: {line.strip()[:80]}"
        for number, line in enumerate(text.splitlines(), start=1)
        if FORBIDDEN.search(line)
    ]


def test_user_facing_text_cites_works_not_working_files() -> None:
    files = list(user_facing_files(ROOT))
    assert len(files) > 50  # the docs, the README, the examples and the package
    found = [hit for path in files for hit in citations_of_working_files(path)]
    assert found == [], "cite the work (author, title, year), not the file:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "line",
    [
        "piquet au cent (Hoyle, seed 000): a race to 100",
        "Seed 003's options",
        "the worked deals of seeds 000 and 002",
        "e.g. ../shared/bench/floor.py",
        "python -m piquet bench --floor shared/bench/floor.py",
        "(``sources/cotton-1674-picket.txt``)",
        "see ../shared/seeds/002_e200a61fb7620417.txt",
    ],
)
def test_a_citation_of_a_working_file_is_found(line: str, tmp_path: Path) -> None:
    path = tmp_path / "page.rst"
    path.write_text(f"Some text.\n{line}\n", encoding="utf-8")
    assert citations_of_working_files(path) == [f"{path}:2: {line}"]


@pytest.mark.parametrize(
    "line",
    [
        "Cavendish, *The Laws of Piquet* (1882), law 46",
        "greedy v random, rubicon, 20 games (duplicate), seed 7",
        "The same seed gives the same deal.",
        "``python -m piquet match greedy random --seed 0``",
        "state.sample_chance(random.Random(2005))",
    ],
)
def test_a_citation_of_a_work_or_a_random_seed_passes(line: str, tmp_path: Path) -> None:
    path = tmp_path / "page.rst"
    path.write_text(line + "\n", encoding="utf-8")
    assert citations_of_working_files(path) == []
