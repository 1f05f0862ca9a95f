"""Optional extras: one message, naming the extra to install, when one is missing.

>>> import sys
>>> saved = sys.modules.get("numpy")
>>> sys.modules["numpy"] = None  # as if numpy were not installed
>>> try:
...     with missing_extra("piquet.encoding", "rl"):
...         import numpy
... except ModuleNotFoundError as error:
...     print(error)
piquet.encoding needs numpy: pip install 'piquet[rl]'
>>> if saved is None:
...     del sys.modules["numpy"]
... else:
...     sys.modules["numpy"] = saved
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from types import ModuleType

__all__ = ["message", "missing_extra", "require"]


def message(what: str, module: str, extra: str) -> str:
    """The one message for a missing extra.

    >>> message("--plot", "matplotlib", "plot")
    "--plot needs matplotlib: pip install 'piquet[plot]'"
    """
    return f"{what} needs {module}: pip install 'piquet[{extra}]'"


@contextlib.contextmanager
def missing_extra(what: str, extra: str) -> Iterator[None]:
    """Turn an ImportError raised inside the block into a ModuleNotFoundError saying
    that ``what`` needs the missing module and which extra of piquet brings it."""
    try:
        yield
    except ImportError as error:
        module = (error.name or "a module").partition(".")[0]
        if module == "piquet":  # a fault of piquet itself, not a missing extra
            raise
        raise ModuleNotFoundError(message(what, module, extra), name=error.name) from None


def require(module: str, extra: str, what: str | None = None) -> ModuleType:
    """Import ``module``, or raise a ModuleNotFoundError naming the extra that brings it.

    >>> require("json", "cli").__name__
    'json'
    >>> require("no_such_module_here", "plot", "drawing a plot")
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: drawing a plot needs no_such_module_here: pip install 'piquet[plot]'
    """
    with missing_extra(what or module, extra):
        return importlib.import_module(module)
    raise AssertionError("unreachable")  # pragma: no cover
