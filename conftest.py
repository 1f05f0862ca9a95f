"""Collection rules for the whole repository (pytest reads this file first).

The core tests need only the ``test`` extra. A test that needs another extra carries
its marker (``rl``, ``dask``, ``plot``, ``cli``, registered in pyproject.toml); when the
extra is not installed, the test is *deselected*, not skipped, and the doctests of the
package's modules that import the extra are not collected (pytest imports a module to
collect its doctests). The summary says, in one line per extra, what was left out and
which nox session runs it, so a plain ``python -m pytest`` passes without the extras
and hides nothing.

A test that runs a program other than Python carries its marker too (``node``: the
Node.js reference bot of the protocol); when the program is not on the PATH, the test is
deselected, and the summary says so, naming the nox session that requires it.

The tests marked ``slow`` are deselected too, unless ``--run-slow`` is given or ``-m``
names them: ``nox -s slow`` runs them, and the extras' sessions and ``nox -s coverage``
pass ``--run-slow``.

``--require-extras rl,cli`` (the nox sessions pass it) turns a missing extra into an
error: the extras named must be installed, and no test that ``-m`` selected may be left
out for an extra the session did not install.

The tests marked ``native`` compare the compiled kernel (``piquet.search._c*``) with the
pure-Python path; ``pytest.mark.native("_csolve")`` names the kernel module a test needs
(without a name: every one). Where it is not built, or ``PIQUET_NATIVE=0`` switches it
off, they are deselected too, and the summary says how to build it.

The tests run in pytest-xdist's workers (``-n auto`` in pyproject.toml): the workers
collect and deselect, and each sends the controller its counts of what it left out,
which the controller's summary writes as one process would
(tests/test_summary_of_left_out_tests.py).

This lives at the root, not in tests/conftest.py: a conftest's hooks reach only the
files under its own directory, and the doctest modules are under piquet/.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

# The extras whose tests are marked, the modules each one provides, and the nox session
# that installs it and runs its tests.
EXTRAS: dict[str, tuple[str, ...]] = {
    "rl": ("numpy", "pettingzoo", "gymnasium", "pyspiel"),
    "dask": ("distributed",),
    "plot": ("matplotlib",),
    "cli": ("rich", "tqdm"),
}
SESSIONS = {"rl": "adapters", "dask": "dask", "plot": "plot", "cli": "cli"}

# The programs (not Python packages) whose tests are marked, what each one is, and the
# nox session that requires it (CI runs it: a missing program is an error there).
TOOLS: dict[str, str] = {"node": "Node.js"}

# The package's modules that import an extra when imported (their doctests need it).
_PACKAGE = Path(__file__).resolve().parent / "piquet"
DOCTEST_MODULES: dict[Path, str] = {
    _PACKAGE / "encoding" / "__init__.py": "rl",
    _PACKAGE / "encoding" / "_action_ids.py": "rl",
    _PACKAGE / "encoding" / "_observation_tensor.py": "rl",
    _PACKAGE / "adapters" / "pettingzoo.py": "rl",
    _PACKAGE / "adapters" / "gymnasium.py": "rl",
    _PACKAGE / "adapters" / "openspiel.py": "rl",
    _PACKAGE / "adapters" / "_openspiel_observer.py": "rl",  # imports numpy and pyspiel
    _PACKAGE / "adapters" / "bench.py": "rl",  # imports piquet.encoding
    _PACKAGE / "adapters" / "_floors.py": "rl",  # imports numpy
    _PACKAGE / "adapters" / "_tensors.py": "rl",  # imports numpy
    _PACKAGE / "adapters" / "vector.py": "rl",
    _PACKAGE / "bots" / "policy.py": "rl",  # its doctests use numpy
}

# A test file that needs an extra all through says so in one module-level line,
# ``pytestmark = pytest.mark.rl``, and imports the extra at its top: when the extra is
# missing, the file is not imported (it could not be) and its tests are counted as a file.
_FILE_MARK = re.compile(r"^pytestmark = (.*)$", re.MULTILINE)
_MARK_NAME = re.compile(r"pytest\.mark\.(\w+)")

_MISSING = pytest.StashKey[frozenset[str]]()
_IGNORED = pytest.StashKey[dict[tuple[str, str], list[Path]]]()
_DESELECTED = pytest.StashKey[dict[str, int]]()
_SLOW = pytest.StashKey[int]()
_NATIVE = pytest.StashKey[int]()
BUILD_NATIVE = (
    "pip install -e . where a C compiler is present builds it; PIQUET_NATIVE=0 switches it off"
)
_REQUIRED = pytest.StashKey[frozenset[str]]()
_MISSING_TOOLS = pytest.StashKey[frozenset[str]]()


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # pragma: no cover - a broken parent package
        return False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="run the tests marked slow too (deselected unless -m names them; nox -s slow)",
    )
    parser.addoption(
        "--require-extras",
        default="",
        metavar="EXTRAS",
        help="comma-separated extras (rl,dask,plot,cli) that must be installed; no "
        "test selected by -m may then be left out for a missing extra",
    )
    parser.addoption(
        "--require-tools",
        default="",
        metavar="PROGRAMS",
        help="comma-separated programs (node) that must be on the PATH; no test selected "
        "by -m may then be left out for a missing program",
    )


def pytest_configure(config: pytest.Config) -> None:
    missing = frozenset(
        extra for extra, modules in EXTRAS.items() if not all(map(_installed, modules))
    )
    required = {name.strip() for name in config.getoption("require_extras").split(",")} - {""}
    if unknown := required - EXTRAS.keys():
        raise pytest.UsageError(f"--require-extras: unknown extra {sorted(unknown)}")
    if absent := required & missing:
        raise pytest.UsageError(
            f"--require-extras: {sorted(absent)} not installed "
            f"(pip install -e '.[{','.join(sorted(absent))}]')"
        )
    config.stash[_MISSING] = missing
    tools = {name.strip() for name in config.getoption("require_tools").split(",")} - {""}
    if unknown := tools - TOOLS.keys():
        raise pytest.UsageError(f"--require-tools: unknown program {sorted(unknown)}")
    absent_tools = frozenset(name for name in TOOLS if shutil.which(name) is None)
    if absent := tools & absent_tools:
        raise pytest.UsageError(f"--require-tools: {sorted(absent)} not on the PATH")
    config.stash[_MISSING_TOOLS] = absent_tools
    _check_named_files(config, missing)
    config.stash[_REQUIRED] = frozenset(required)
    config.stash[_IGNORED] = {}
    config.stash[_DESELECTED] = {}
    config.stash[_SLOW] = 0
    config.stash[_NATIVE] = 0


def _file_extras(path: Path) -> list[str]:
    """The extras a test file's module-level ``pytestmark`` line names."""
    if not (path.name.startswith("test_") and path.suffix == ".py"):
        return []
    found = _FILE_MARK.search(path.read_text(encoding="utf-8"))
    return [] if found is None else [m for m in _MARK_NAME.findall(found[1]) if m in EXTRAS]


def _check_named_files(config: pytest.Config, missing: frozenset[str]) -> None:
    """A file named on the command line is collected whatever pytest_ignore_collect says:
    one that needs a missing extra is a usage error naming it, not an ImportError."""
    for arg in config.args:
        path = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if not path.is_file():
            continue
        doctests = DOCTEST_MODULES.get(path)
        for extra in [doctests] if doctests else _file_extras(path):
            if extra in missing:
                raise pytest.UsageError(
                    f"{arg} needs the {extra!r} extra: pip install -e '.[{extra}]'"
                )


# the coverage-guided fuzzer runs by itself (nox -s fuzz), and needs atheris
_FUZZER = Path(__file__).resolve().parent / "tests" / "fuzz" / "loaders.py"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.is_dir():
        return None
    if collection_path.resolve() == _FUZZER:
        return True
    doctests = DOCTEST_MODULES.get(collection_path.resolve())
    needs = [doctests] if doctests else _file_extras(collection_path)
    absent = [extra for extra in needs if extra in config.stash[_MISSING]]
    if not absent:
        return None
    if config.stash[_REQUIRED] & set(needs):  # marked for this run, and cannot run
        raise pytest.UsageError(f"{collection_path.name} needs the {absent[0]!r} extra too")
    if _asked_for(config, collection_path.resolve()):  # not a sibling of a file named
        kind = "modules" if doctests else "files"
        config.stash[_IGNORED].setdefault((absent[0], kind), []).append(collection_path)
    return True


def _asked_for(config: pytest.Config, path: Path) -> bool:
    """Whether the command line's paths (or testpaths) include the file."""
    for arg in config.args:
        asked = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if asked == path or asked in path.parents:
            return True
    return False


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark the doctests of a module that imports an extra (before -m chooses)."""
    extra = DOCTEST_MODULES.get(item.path.resolve())
    if extra is not None:
        item.add_marker(extra)


@pytest.hookimpl(trylast=True)  # after -m and -k have made their choice
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = config.stash[_MISSING]
    missing_tools = config.stash[_MISSING_TOOLS]
    deselected_by_extra = config.stash[_DESELECTED]
    run_slow = config.getoption("run_slow") or "slow" in (config.option.markexpr or "")
    kept: list[pytest.Item] = []
    left_out: list[pytest.Item] = []
    slow: list[pytest.Item] = []
    unbuilt: list[pytest.Item] = []
    for item in items:
        if not run_slow and item.get_closest_marker("slow") is not None:
            slow.append(item)
            continue
        if not _native_built(item):
            unbuilt.append(item)
            continue
        needs = sorted({mark.name for mark in item.iter_markers() if mark.name in EXTRAS})
        absent = [name for name in needs if name in missing]
        absent += sorted(mark.name for mark in item.iter_markers() if mark.name in missing_tools)
        if absent:
            deselected_by_extra[absent[0]] = deselected_by_extra.get(absent[0], 0) + 1
            left_out.append(item)
        else:
            kept.append(item)
    if left_out and (config.getoption("require_extras") or config.getoption("require_tools")):
        names = ", ".join(item.nodeid for item in left_out[:5])
        raise pytest.UsageError(
            f"{len(left_out)} selected tests need an extra or a program this run lacks: {names} ..."
        )
    if left_out or slow or unbuilt:
        items[:] = kept
        config.hook.pytest_deselected(items=left_out + slow + unbuilt)
    config.stash[_SLOW] = len(slow)
    config.stash[_NATIVE] = len(unbuilt)


def _native_built(item: pytest.Item) -> bool:
    """False for a test marked ``native`` whose kernel module is not built (or is
    switched off by ``PIQUET_NATIVE=0``)."""
    mark = item.get_closest_marker("native")
    if mark is None:
        return True
    from piquet.search.native import KERNELS, kernel

    return all(kernel(name) is not None for name in (mark.args or KERNELS))


def _left_out(config: pytest.Config) -> dict[str, int]:
    """What this run left out, as counts a worker can send to the controller: ``slow``,
    ``native``, an extra's or a program's name for its deselected tests, and
    ``<extra>:files`` or ``<extra>:modules`` for the files it did not collect."""
    counts = {"slow": config.stash.get(_SLOW, 0), "native": config.stash.get(_NATIVE, 0)}
    counts.update(config.stash.get(_DESELECTED, {}))
    for (extra, kind), paths in config.stash.get(_IGNORED, {}).items():
        counts[f"{extra}:{kind}"] = len(paths)
    return counts


# With pytest-xdist (the test extra's `-n auto`) the workers collect and deselect, and the
# controller writes the summary: each worker sends its counts when it ends (they are the
# same for every worker, which collects the whole suite).
_FROM_WORKERS = pytest.StashKey[dict[str, int]]()


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["piquet_left_out"] = _left_out(session.config)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's, called on the controller
def pytest_testnodedown(node: Any, error: object) -> None:
    counts = getattr(node, "workeroutput", {}).get("piquet_left_out")
    if counts is not None:
        node.config.stash[_FROM_WORKERS] = counts


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    config = terminalreporter.config
    counts = config.stash.get(_FROM_WORKERS, None) or _left_out(config)
    if slow := counts.get("slow", 0):
        terminalreporter.write_line(
            f"deselected {_count(slow, 'slow test')} (pytest --run-slow runs them); "
            "nox -s slow runs them"
        )
    if unbuilt := counts.get("native", 0):
        terminalreporter.write_line(
            f"compiled kernel not built or switched off: deselected "
            f"{_count(unbuilt, 'test')} marked native ({BUILD_NATIVE})"
        )
    for extra in EXTRAS:
        tests = counts.get(extra, 0)
        files = counts.get(f"{extra}:files", 0)
        modules = counts.get(f"{extra}:modules", 0)
        what = [f"deselected {_count(tests, 'test')}"] if tests else []
        if files or modules:
            kinds = [f"the tests of {_count(files, 'file')}"] if files else []
            kinds += [f"the doctests of {_count(modules, 'module')}"] if modules else []
            what.append("left out " + " and ".join(kinds))
        if what:
            terminalreporter.write_line(
                f"{extra!r} extra not installed (pip install -e '.[{extra}]'): "
                f"{', '.join(what)}; nox -s {SESSIONS[extra]} runs them"
            )
    for tool, what in TOOLS.items():
        if tests := counts.get(tool, 0):
            terminalreporter.write_line(
                f"{tool!r} ({what}) not on the PATH: deselected {_count(tests, 'test')}; "
                f"nox -s {tool} runs them"
            )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
