"""Nox sessions for piquet: tests, lint, typecheck, docs and build.

Run ``nox`` for the default sessions, or ``nox -s tests -- -k exchange`` to pass
arguments through to pytest. Sessions use the interpreter nox runs under.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "adapters", "lint", "typecheck", "docs", "build"]
nox.options.reuse_existing_virtualenvs = False

ROOT = Path(__file__).parent
LINT_PATHS = ["piquet", "tests", "examples", "noxfile.py"]


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (arguments after ``--`` go to pytest)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Fuzz the loaders and parsers: the fuzz tests with many examples each
    (``PIQUET_FUZZ_EXAMPLES``, 20000 unless set; arguments after ``--`` go to pytest),
    then atheris's coverage-guided fuzzer on the same readers (``PIQUET_FUZZ_RUNS``
    inputs, a million unless set: tests/fuzz/loaders.py)."""
    session.install("-e", ".[test]", "atheris")
    examples = os.environ.get("PIQUET_FUZZ_EXAMPLES", "20000")
    session.run(
        "pytest",
        "tests/test_fuzz_records.py",
        "-p",
        "no:cacheprovider",
        "--hypothesis-show-statistics",
        *session.posargs,
        env={"PIQUET_FUZZ_EXAMPLES": examples},
    )
    # then coverage-guided (atheris): PIQUET_FUZZ_RUNS inputs, a million unless set
    runs = os.environ.get("PIQUET_FUZZ_RUNS", "1000000")
    corpus = session.create_tmp() + "/corpus"
    session.run("python", "tests/fuzz/loaders.py", f"-runs={runs}", "-max_len=4096", corpus)


@nox.session
def adapters(session: nox.Session) -> None:
    """Run the tests of the encoding and the RL adapters, with every framework installed."""
    session.install("-e", ".[test,rl]")
    session.run(
        "pytest",
        "tests/test_encoding.py",
        "tests/test_adapters_pettingzoo.py",
        "tests/test_adapters_gymnasium.py",
        "tests/test_adapters_openspiel.py",
        "piquet/encoding.py",
        "piquet/adapters",
        *session.posargs,
    )


@nox.session
def coverage(session: nox.Session) -> None:
    """Run the whole suite under branch coverage and hold it at the floor.

    The settings are in pyproject.toml ([tool.coverage.*]): branch coverage of the
    package, subprocesses (the command-line tests) measured too, and the floor
    (``fail_under``) the report checks. Arguments after ``--`` go to pytest.
    """
    session.install("-e", ".[test,rl]", "coverage")
    session.run("coverage", "erase")
    session.run("coverage", "run", "-m", "pytest", "-p", "no:cacheprovider", *session.posargs)
    session.run("coverage", "combine", "--quiet")
    session.run("coverage", "report", "--fail-under=95")


@nox.session
def lint(session: nox.Session) -> None:
    """Check style and formatting with ruff, and the layers with import-linter.

    ruff's SLF001 keeps a state's private fields inside the engine; the contract in
    pyproject.toml ([tool.importlinter]) keeps every import pointing down the layers.
    """
    session.install("ruff", "import-linter")
    session.run("ruff", "check", *LINT_PATHS)
    session.run("ruff", "format", "--check", *LINT_PATHS)
    session.install("-e", ".")  # lint-imports reads the installed package
    session.run("lint-imports")


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the package with mypy --strict."""
    session.install(".[hypothesis,cli,rl]", "mypy")
    session.run("mypy", "--strict", "piquet")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs and run their doctests, warnings as errors."""
    session.install(".[docs,rl]")
    common = ["-W", "--keep-going"]
    session.run("sphinx-build", *common, "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", *common, "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and wheel and check their metadata."""
    session.install("build", "twine")
    shutil.rmtree(ROOT / "dist", ignore_errors=True)
    session.run("python", "-m", "build")
    dists = sorted(str(p) for p in (ROOT / "dist").iterdir())
    session.run("twine", "check", "--strict", *dists)
