"""Which path search runs: the compiled kernel, or the pure-Python reference.

The kernel is a set of C extension modules (``piquet.search._csolve``,
``piquet.search._csample``) built when the package is installed where a C compiler is
present; without one the package installs pure and every search runs in Python, with
the same values, the same best moves and the same samples from the same random stream.
Setting the environment variable ``PIQUET_NATIVE=0`` before the first search switches
the kernel off (the test suite runs both ways).

>>> from piquet.search.native import native_available
>>> isinstance(native_available(), bool)
True
"""

from __future__ import annotations

import functools
import importlib
import os
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from ..engine.redeal import Build

#: The environment variable that switches the kernel off when set to ``0``.
ENV_VAR = "PIQUET_NATIVE"
#: The extension modules of the kernel, under ``piquet.search``.
KERNELS = ("_csolve", "_csample")
#: Extension modules of the RL adapters (``_cplay``: the play's masks and tensors),
#: loaded by :func:`kernel` alike but not required by :func:`native_available`.
ADAPTER_KERNELS = ("_cplay",)


def native_enabled() -> bool:
    """False when ``PIQUET_NATIVE=0`` asks for the pure-Python path."""
    return os.environ.get(ENV_VAR, "1").strip() != "0"


@functools.cache
def kernel(name: str) -> ModuleType | None:
    """The kernel's extension module ``name`` (one of :data:`KERNELS`), or None when it
    is not built or switched off. Cached: the choice is made once a process (tests
    that flip the variable call ``kernel.cache_clear()``)."""
    if name not in KERNELS and name not in ADAPTER_KERNELS:
        known = KERNELS + ADAPTER_KERNELS
        raise ValueError(f"no kernel module {name!r}; the kernel's modules are {known}")
    if not native_enabled():
        return None
    try:
        return importlib.import_module(f"piquet.search.{name}")
    except ImportError:
        return None


def native_available() -> bool:
    """True when every module of the compiled kernel is built and switched on."""
    return all(kernel(name) is not None for name in KERNELS)


def state_builder() -> Build | None:
    """The kernel's way to put a state dealt again together from its parts
    (:data:`~piquet.engine.redeal.Build`), or None where it is not built: the engine's
    own, in Python."""
    fast = kernel("_csample")
    return None if fast is None else cast("Build", fast.redealt)
