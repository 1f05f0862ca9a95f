"""The switch between the compiled kernel and the pure path (piquet.search.native), on
either path: an unknown module is an error naming the real ones, a module that cannot be
imported (not built, or built for another Python) is the pure path, not a crash, and
``PIQUET_NATIVE=0`` switches every module off."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

import piquet as pq
from piquet.search import native


@pytest.fixture(autouse=True)
def _fresh_choice() -> Iterator[None]:
    """Each test makes the choice afresh, and leaves none behind."""
    native.kernel.cache_clear()
    yield
    native.kernel.cache_clear()


def test_an_unknown_kernel_module_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"no kernel module '_cnope'.*'_csolve'"):
        native.kernel("_cnope")


def test_a_module_that_cannot_be_imported_is_the_pure_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(name: str) -> object:
        raise ImportError(f"{name}: undefined symbol (built for another Python)")

    monkeypatch.setenv(native.ENV_VAR, "1")
    monkeypatch.setattr(importlib, "import_module", broken)
    assert native.kernel("_csolve") is None
    assert native.native_available() is False
    assert pq.native_available() is False


@pytest.mark.parametrize("setting", ["0", " 0 "])
def test_piquet_native_0_switches_every_module_off(
    monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    monkeypatch.setenv(native.ENV_VAR, setting)
    assert not native.native_enabled()
    assert all(native.kernel(name) is None for name in native.KERNELS + native.ADAPTER_KERNELS)
    assert not pq.native_available()


@pytest.mark.parametrize("setting", ["1", "", "yes"])
def test_any_other_setting_leaves_the_kernel_on(
    monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    monkeypatch.setenv(native.ENV_VAR, setting)
    assert native.native_enabled()
