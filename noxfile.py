"""Nox sessions for piquet: tests, lint, typecheck, docs and build.

Run ``nox`` for the default sessions, or ``nox -s tests -- -k exchange`` to pass
arguments through to pytest. Sessions use the interpreter nox runs under.
"""

from __future__ import annotations

import os
import shutil
import tarfile
import zipfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = [
    "tests",
    "adapters",
    "dask",
    "plot",
    "cli",
    "slow",
    "node",
    "pure",
    "lint",
    "typecheck",
    "docs",
    "build",
]
nox.options.reuse_existing_virtualenvs = False

ROOT = Path(__file__).parent
LINT_PATHS = ["piquet", "tests", "examples", "noxfile.py", "conftest.py"]
# Every extra whose tests carry its marker (conftest.py deselects them without it).
EXTRAS = ["rl", "dask", "plot", "cli"]


@nox.session
def tests(session: nox.Session) -> None:
    """Run the core test suite, as the README's test command does: only the ``test``
    extra installed; the tests of the other extras are deselected, and the summary names
    the session that runs them (arguments after ``--`` go to pytest)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


def _marked_tests(session: nox.Session, extra: str) -> None:
    """Install an extra and run the tests marked with it, all of them: with
    ``--require-extras`` a test marked for this extra that needs another one too is an
    error, not a test left out."""
    session.install("-e", f".[test,{extra}]")
    required = f"--require-extras={extra}"
    session.run("pytest", "-m", extra, required, "--run-slow", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """Run the tests marked ``slow`` (the README's test command deselects them); those
    that need an extra too run in that extra's session."""
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "slow", *session.posargs)


@nox.session
def pure(session: nox.Session) -> None:
    """Run the core test suite on the pure-Python path: the compiled kernel switched off
    (``PIQUET_NATIVE=0``); the tests that compare the two paths are deselected."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs, env={"PIQUET_NATIVE": "0"})


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
        "-n",
        "0",  # in this process: pytest-xdist's workers would not print the statistics
        *session.posargs,
        env={"PIQUET_FUZZ_EXAMPLES": examples},
    )
    # then coverage-guided (atheris): PIQUET_FUZZ_RUNS inputs, a million unless set
    runs = os.environ.get("PIQUET_FUZZ_RUNS", "1000000")
    corpus = session.create_tmp() + "/corpus"
    session.run("python", "tests/fuzz/loaders.py", f"-runs={runs}", "-max_len=4096", corpus)


@nox.session
def adapters(session: nox.Session) -> None:
    """Run the tests marked ``rl``: the encoding, the PettingZoo, Gymnasium and OpenSpiel
    adapters and their doctests, with every framework installed."""
    _marked_tests(session, "rl")


@nox.session
def dask(session: nox.Session) -> None:
    """Run the tests marked ``dask``: matches on a dask.distributed cluster."""
    _marked_tests(session, "dask")


@nox.session
def plot(session: nox.Session) -> None:
    """Run the tests marked ``plot``: the pictures of matches and tournaments."""
    _marked_tests(session, "plot")


@nox.session
def cli(session: nox.Session) -> None:
    """Run the tests marked ``cli``: ``piquet play`` (rich) and the progress bars (tqdm)."""
    _marked_tests(session, "cli")


@nox.session
def node(session: nox.Session) -> None:
    """Run the tests marked ``node``: the protocol's Node.js reference bot, in matches and
    the tournament with faults (fails when ``node`` is not on the PATH)."""
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "node", "--require-tools=node", "--run-slow", *session.posargs)


@nox.session
def coverage(session: nox.Session) -> None:
    """Run the whole suite under branch coverage and hold it at the floor.

    The settings are in pyproject.toml ([tool.coverage.*]): branch coverage of the
    package, subprocesses (the command-line tests) measured too, and the floor
    (``fail_under``) the report checks. Arguments after ``--`` go to pytest.
    """
    session.install("-e", f".[test,{','.join(EXTRAS)}]", "coverage")
    session.run("coverage", "erase")
    required = f"--require-extras={','.join(EXTRAS)}"  # every test runs: none left out
    # Interrupting a child process with SIGINT while coverage measures it (subprocesses
    # are patched) leaves the child hanging: those two tests run in the README's command.
    interrupted = [
        "--deselect=tests/test_match.py::test_cli_sigint_keeps_games",
        "--deselect=tests/test_hostile_match.py::"
        "test_the_command_line_plays_a_billion_games_until_interrupted",
    ]
    # The differential tests of the kernel on 10,000 positions of every preset run
    # in `nox -s slow` (their smaller samples here cover the same code): under coverage's
    # tracing the pure path would take half an hour.
    differential = [
        "--deselect=tests/test_native_solver.py::"
        "test_compiled_solver_matches_the_pure_solver_on_ten_thousand_positions",
        "--deselect=tests/test_native_sampling.py::"
        "test_the_kernel_s_rollout_is_the_pure_rollout_on_ten_thousand_positions",
        "--deselect=tests/test_native_sampling.py::"
        "test_the_kernel_s_samples_are_the_pure_samples_on_ten_thousand_positions",
    ]
    pytest = ["pytest", "-p", "no:cacheprovider", required, "--run-slow", *interrupted]
    pytest += differential
    session.run("coverage", "run", "-m", *pytest, *session.posargs)
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
    """Build the sdist and wheel, check their metadata, and check what they hold: the
    kernel's C sources in the sdist (never a built module), the built kernel in the
    wheel (this machine has a C compiler)."""
    session.install("build", "twine")
    shutil.rmtree(ROOT / "dist", ignore_errors=True)
    session.run("python", "-m", "build")
    dists = sorted(str(p) for p in (ROOT / "dist").iterdir())
    session.run("twine", "check", "--strict", *dists)
    search = ROOT / "piquet" / "search"
    sources = sorted(p.name for p in search.glob("_c*.c"))
    headers = sorted(p.name for p in search.glob("_c*.h"))  # the sources' parts, included
    (sdist,) = (ROOT / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for source in sources + headers:
        if not any(name.endswith(f"/piquet/search/{source}") for name in names):
            session.error(f"{sdist.name} lacks piquet/search/{source}")
    for needed in ("setup.py", "MANIFEST.in", "tests/test_native_solver.py", "conftest.py"):
        if not any(name.endswith("/" + needed) for name in names):
            session.error(f"{sdist.name} lacks {needed}")
    if built := [name for name in names if name.endswith((".so", ".pyd"))]:
        session.error(f"{sdist.name} holds built modules: {built}")
    (wheel,) = (ROOT / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    for source in sources:
        stem = source.removesuffix(".c")
        if not any(
            name.startswith(f"piquet/search/{stem}.") and name.endswith((".so", ".pyd"))
            for name in names
        ):
            session.error(f"{wheel.name} lacks the built kernel piquet/search/{stem}")
    counts = f"{len(sources)} kernel sources, {len(headers)} parts"
    session.log(f"{sdist.name}: {counts}; {wheel.name}: built")


@nox.session
def nocompiler(session: nox.Session) -> None:
    """Install from the sdist where no C compiler works (``CC=false``): the build says
    so, installs the pure-Python package, and it imports and solves."""
    session.install("build")
    out = Path(session.create_tmp()) / "sdist"
    shutil.rmtree(out, ignore_errors=True)
    session.run("python", "-m", "build", "--sdist", "--outdir", str(out))
    (sdist,) = out.glob("*.tar.gz")
    env = {"CC": "false", "CXX": "false", "LDSHARED": "false"}
    log = session.run(
        "python", "-m", "pip", "install", "-v", "--no-cache-dir", str(sdist), env=env, silent=True
    )
    if "piquet: no C compiler, installing the pure-Python package" not in str(log):
        session.error("the build did not say it installed the pure-Python package")
    check = (
        "import piquet\n"
        "from piquet.search.native import kernel\n"
        "assert kernel('_csolve') is None and not piquet.native_available()\n"
        "print('pure package installed:', piquet.__file__)\n"
    )
    # from the session's directory, not the repository's: the installed package
    session.chdir(session.create_tmp())
    session.run("python", "-c", check)
    session.run("python", "-m", "piquet", "--version")
