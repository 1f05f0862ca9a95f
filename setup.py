"""The compiled kernel of piquet.search, the one thing pyproject.toml cannot declare.

Every ``piquet/search/_c*.c`` is built as the extension ``piquet.search._c*`` (C through
the CPython API: a C compiler is all it needs). Where no compiler works the build says so
and installs the pure-Python package, which gives the same results, only slower;
``piquet.native_available()`` tells which path runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
SOURCES = sorted((HERE / "piquet" / "search").glob("_c*.c"))
HEADERS = sorted((HERE / "piquet" / "search").glob("_c*.h"))
NO_COMPILER = "piquet: no C compiler, installing the pure-Python package"


def _flags() -> list[str]:
    # the compiler's own C standard (C11 or later today: Python's headers need no less)
    return ["/O2"] if sys.platform == "win32" else ["-O3"]


class OptionalBuildExt(build_ext):
    """Builds the kernel where a compiler works; otherwise installs the package without
    it, and says so (the pure path gives the same results)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all: distutils' own error classes
            self._pure(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler failed
            self._pure(error)

    def _pure(self, error: Exception) -> None:
        message = f"{NO_COMPILER} ({type(error).__name__}: {error})"
        print(message, file=sys.stderr)
        self.warn(message)


setup(
    ext_modules=[
        Extension(
            f"piquet.search.{source.stem}",
            [str(source.relative_to(HERE))],
            depends=[str(header.relative_to(HERE)) for header in HEADERS],
            extra_compile_args=_flags(),
            optional=True,
        )
        for source in SOURCES
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
