"""The solver's view of a ruleset: its play scoring as tables over card bit indices,
the state of the pique, the classes of trick counts, and the constants the solver's
modules share."""

from __future__ import annotations

import functools
from typing import Final

import attrs

from ..cards import CARD_BY_INDEX, SUIT_BITS, SUIT_SHIFT
from ..engine import State
from ..rules import LeadAndWin, Ruleset, WinnerTakesCounters
from ..words import Precedence, Reason

COUNTERS9: Final = 0b111110000  # A K Q J 10 within a suit's nine bits


HIGH_HALF: Final = SUIT_BITS << 9  # A's nine bits of a suit, beside B's


SUIT_BASE: Final = 3 * SUIT_SHIFT  # index & SUIT_BASE: the first bit of the card's suit


INF: Final = 10**6


class SolverError(ValueError):
    """The state cannot be solved (not in the play phase); the message says why."""


@attrs.frozen(eq=False)  # one per ruleset (cached), compared by identity
class PlayRules:
    """The ruleset's play scoring, as tables over card bit indices."""

    lead_points: tuple[int, ...]
    trick_points: dict[tuple[int, int], int]  # (lead, follow) -> points to the winner
    last_points: tuple[int, ...]  # by winning card
    cards: int
    capot: int
    cards_toward_pique: bool
    threshold: int
    pique: int
    classes: bool  # whether counters and low cards score differently
    flat_trick_points: tuple[int, ...]  # by lead << 6 | follow: an index beats a tuple key


@functools.lru_cache(maxsize=64)
def play_rules(ruleset: Ruleset) -> PlayRules:
    scorer = ruleset.tricks
    indices = [c.index for c in CARD_BY_INDEX if c is not None]
    lead = [0] * (4 * SUIT_SHIFT)
    last = [0] * (4 * SUIT_SHIFT)
    for i in indices:
        lead[i] = scorer.lead_points(i)
        last[i] = scorer.last_trick_points(i)
    trick: dict[tuple[int, int], int] = {}
    for i in indices:
        for j in indices:
            if i != j:
                won = j & SUIT_BASE == i & SUIT_BASE and j > i
                trick[(i, j)] = scorer.trick_points(i, j, won)[0]
    # both scorers score a card by whether it is a counter; where every card counts
    # alike (lead and win, low cards counting) any run of cards is one move
    classes = not (isinstance(scorer, LeadAndWin) and scorer.low_cards_count)
    if not isinstance(scorer, LeadAndWin | WinnerTakesCounters):
        raise SolverError(f"solve: no equivalence of cards known for {type(scorer).__name__}")
    flat = [0] * (64 * 64)
    for (i, j), points in trick.items():
        flat[i << 6 | j] = points
    return PlayRules(
        tuple(lead),
        trick,
        tuple(last),
        ruleset.cards,
        ruleset.capot,
        ruleset.cards_count_toward_pique,
        ruleset.bonus_threshold,
        ruleset.pique,
        classes,
        tuple(flat),
    )


def pique_state(state: State) -> tuple[bool, int]:
    """Whether the elder may still make a pique in the play, and his count toward it."""
    elder, younger = state.elder, state.dealer
    count = 0
    for event in state.events:
        if event.reason in (Reason.PIQUE, Reason.REPIQUE) or event.player == younger:
            return False, 0
        if event.player == elder and event.precedence <= Precedence.PLAY:
            count += event.points
    return True, count


@functools.lru_cache(maxsize=64)
def trick_classes(rules: PlayRules) -> tuple[int, ...]:
    """By ``tricks_a * 13 + tricks_left``: a number that is equal for two counts of
    tricks won when every way the rest could go brings the same cards or capot (once A
    has seven tricks, eight or nine change nothing). Where the cards count toward the
    pique they are scored at the seventh trick: the count itself then."""
    out = [0] * (13 * 13)
    seen: dict[tuple[int, ...], int] = {}
    for won in range(13):
        for left in range(13 - won):
            if rules.cards_toward_pique:
                out[won * 13 + left] = won
                continue

            def cards(count: int) -> int:
                return rules.capot if count == 12 else rules.cards if count > 6 else 0

            outcome = tuple(cards(won + x) - cards(12 - won - x) for x in range(left + 1))
            out[won * 13 + left] = seen.setdefault(outcome, len(seen) + 100)
    return tuple(out)
