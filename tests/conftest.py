"""Shared helpers for the test suite, and the Hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterable

from hypothesis import settings

import piquet as pq


def play_out(state: pq.State, actions: Iterable[str]) -> pq.State:
    """Apply actions given in their text form, checking each is listed as legal."""
    for text in actions:
        action = pq.parse_action(text)
        legal = state.legal_actions()
        assert action in legal, f"{text!r} not legal; legal: {[str(a) for a in legal][:20]}"
        state = state.apply(action)
    return state


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
