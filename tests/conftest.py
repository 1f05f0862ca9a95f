"""Shared helpers for the test suite."""

from __future__ import annotations

from collections.abc import Iterable

import piquet as pq


def play_out(state: pq.State, actions: Iterable[str]) -> pq.State:
    """Apply actions given in their text form, checking each is listed as legal."""
    for text in actions:
        action = pq.parse_action(text)
        legal = state.legal_actions()
        assert action in legal, f"{text!r} not legal; legal: {[str(a) for a in legal][:20]}"
        state = state.apply(action)
    return state
