"""Shared helpers for the test suite, and the Hypothesis profiles."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from hypothesis import settings

import piquet as pq
from piquet.search import native


def play_out(state: pq.State, actions: Iterable[str]) -> pq.State:
    """Apply actions given in their text form, checking each is listed as legal."""
    for text in actions:
        action = pq.parse_action(text)
        legal = state.legal_actions()
        assert action in legal, f"{text!r} not legal; legal: {[str(a) for a in legal][:20]}"
        state = state.apply(action)
    return state


def hear_sigint() -> None:  # pragma: no cover - runs in the child process
    """In a child about to be interrupted: SIGINT back to its default. A job a
    non-interactive shell starts with ``&`` ignores SIGINT, its children inherit that,
    and Python then installs no KeyboardInterrupt handler: the child would play on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def paths(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """Switch between the compiled kernel (True) and the pure path (False), both ways
    the variable ``PIQUET_NATIVE`` asks (the choice made again after the test)."""

    def use(kernel: bool) -> None:
        monkeypatch.setenv(native.ENV_VAR, "1" if kernel else "0")
        native.kernel.cache_clear()

    yield use
    monkeypatch.undo()  # the variable as it was, then the choice made again
    native.kernel.cache_clear()


@pytest.fixture
def frozen_heap() -> Iterator[None]:
    """What the session has made so far moved out of the collector's sight
    (:func:`gc.freeze`) for a bench's smoke test: a bench collects garbage before each
    figure (``benchmarks.common.settled_clock``), and in a whole run's heap each
    collection took about half a second, making a one-second test take eleven."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture
def interruptible() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """``interruptible(argv, **popen_options)``: a child process that hears SIGINT
    whatever this run was started from, killed at the end of the test if it still runs
    (a test that fails must not leave a billion games playing)."""
    children: list[subprocess.Popen[str]] = []

    def start(
        argv: list[str], *, preexec_fn: Callable[[], None] | None = None, **options: Any
    ) -> subprocess.Popen[str]:
        def before() -> None:  # pragma: no cover - runs in the child process
            hear_sigint()
            if preexec_fn is not None:
                preexec_fn()

        child = subprocess.Popen(argv, preexec_fn=before, **options)
        children.append(child)
        return child

    yield start
    for child in children:
        if child.poll() is None:
            child.kill()
            child.communicate()


# ----------------------------------------------------------------- Hypothesis profiles
#
# HYPOTHESIS_PROFILE=dev (the default) is quick, for the edit-test loop;
# HYPOTHESIS_PROFILE=ci is thorough and derandomized, so that a CI run is reproducible
# (the same examples every run; new ones come from changing the code). Neither has a
# deadline: a whole game drawn by a strategy takes milliseconds, but a loaded machine
# must not make a test flaky.

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: The thorough profile (CI's) also plays more of the seeded games that some tests loop
#: over; the quick one keeps the README's test command within its two minutes.
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "dev") == "ci"


def scaled(quick: int, thorough: int) -> int:
    """How many games (samples, states) a looping test covers: ``thorough`` under CI's
    profile, ``quick`` in the edit-test loop."""
    return thorough if THOROUGH else quick
