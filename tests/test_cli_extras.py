"""Every optional extra, when missing, says which extra to install (simulated by
``sys.modules[name] = None``, which makes ``import name`` fail)."""

from __future__ import annotations

import importlib
import runpy
import sys
from pathlib import Path

import pytest

from piquet._extras import missing_extra, require

ROOT = Path(__file__).resolve().parent.parent


def fresh_import(monkeypatch: pytest.MonkeyPatch, module: str, *missing: str) -> None:
    """Import ``module`` anew with the modules ``missing`` made unimportable."""
    for name in missing:
        monkeypatch.setitem(sys.modules, name, None)
    if module in sys.modules:
        monkeypatch.delitem(sys.modules, module)
    importlib.import_module(module)


@pytest.mark.parametrize(
    ("module", "missing", "message"),
    [
        ("piquet.encoding", "numpy", "piquet.encoding needs numpy: pip install 'piquet[rl]'"),
        (
            "piquet.adapters.gymnasium",
            "gymnasium",
            "piquet.adapters.gymnasium needs gymnasium: pip install 'piquet[gymnasium]'",
        ),
        pytest.param(  # with numpy there, the framework is what is missing
            "piquet.adapters.pettingzoo",
            "pettingzoo",
            "piquet.adapters.pettingzoo needs pettingzoo: pip install 'piquet[pettingzoo]'",
            marks=pytest.mark.rl,
        ),
        pytest.param(
            "piquet.adapters.openspiel",
            "pyspiel",
            "piquet.adapters.openspiel needs pyspiel: pip install 'piquet[openspiel]'",
            marks=pytest.mark.rl,
        ),
    ],
)
def test_a_missing_extra_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, missing: str, message: str
) -> None:
    with pytest.raises(ModuleNotFoundError) as error:
        fresh_import(monkeypatch, module, missing)
    assert str(error.value) == message


@pytest.mark.rl  # the example imports numpy before pyspiel
def test_the_openspiel_example_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(
        ModuleNotFoundError, match=r"needs pyspiel: pip install 'piquet\[openspiel\]'"
    ):
        runpy.run_path(str(ROOT / "examples" / "openspiel_ismcts.py"), run_name="not_main")


def test_plotting_without_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import piquet as pq

    result = pq.match("greedy", "random", games=2)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(
        ModuleNotFoundError, match=r"needs matplotlib: pip install 'piquet\[plot\]'"
    ):
        result.plot("/tmp/never-drawn.png")


def test_the_command_line_names_the_extras(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from piquet.cli import main

    for name in ("matplotlib", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(SystemExit):
        main(["match", "--games", "2", "--plot", "/tmp/x.png"])
    assert "--plot needs matplotlib: pip install 'piquet[plot]'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["match", "--games", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert "pip install 'piquet[dask]'" in capsys.readouterr().err


def test_an_import_error_of_piquet_itself_is_not_blamed_on_an_extra() -> None:
    with pytest.raises(ImportError) as error, missing_extra("x", "rl"):
        from piquet import no_such_name  # type: ignore[attr-defined]  # noqa: F401
    assert "pip install" not in str(error.value)


def test_require_imports_what_is_there() -> None:
    assert require("json", "cli").__name__ == "json"


def test_the_benchs_adapters_section_says_what_is_missing_and_measures_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from piquet.cli import main

    monkeypatch.setitem(sys.modules, "numpy", None)
    for name in ("piquet.encoding", "piquet.adapters.bench"):
        # imported anew: out of sys.modules, and off its package (``from piquet import
        # encoding`` reads the package's attribute first)
        package, _, module = name.rpartition(".")
        if name in sys.modules:
            monkeypatch.delitem(sys.modules, name)
        if package in sys.modules:
            monkeypatch.delattr(sys.modules[package], module, raising=False)
    assert main(["bench", "--only", "adapters", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "== adapters: agent steps of rubicon, random deals, auto declarations",
        "   not measured: piquet.encoding needs numpy: pip install 'piquet[rl]'",
    ]
