"""Tables compiled once per ruleset, so that the play loop only looks things up.

The ruleset's trick scorer is asked once for every card led and every pair of cards
(it is a pure function of them), and the answers are kept with their ledger entries
already built. A ruleset is a frozen value, so the tables are cached by it.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from ..cards import FULL_MASK, PACK_32_MASK, SUIT_SHIFT, Card, trusted_cardset
from ..rules import Ruleset
from ..words import Player, Precedence, Reason, ScoreEvent
from .parts import SCORE_GAIN, TRICK_WON

__all__ = ["SUIT_BASE", "SUIT_INDICES", "RulesTables", "follower_wins", "tables_for"]

SUIT_BASE: Final = 3 * SUIT_SHIFT
"""``index & SUIT_BASE`` is the first bit of a card's suit slot."""

SUIT_INDICES: Final = tuple(
    tuple(tuple(s * SUIT_SHIFT + b for b in range(8, -1, -1) if m >> b & 1) for m in range(512))
    for s in range(4)
)
"""``SUIT_INDICES[suit][cards of that suit]``: their bit indices in canonical order."""


_SLOTS: Final = 4 * SUIT_SHIFT
_PACK_MASKS: Final = {32: PACK_32_MASK, 36: FULL_MASK}

#: (points, (the entry for player A, the entry for player B)), or None when it scores nothing
Scoring = tuple[int, tuple[ScoreEvent, ScoreEvent]] | None


def follower_wins(lead: int, follow: int) -> bool:
    """Who wins a trick (R-PL-2): the follower, with a higher card of the suit led."""
    return follow > lead and follow & SUIT_BASE == lead & SUIT_BASE


@attrs.frozen(eq=False, repr=False)
class RulesTables:
    """What the engine looks up for a ruleset. A slotted class rather than a named
    tuple: reading a field of a slotted object is the interpreter's quickest attribute
    read, and the play reads several at every card."""

    def __repr__(self) -> str:
        return f"<RulesTables of {self.ruleset.name}>"

    ruleset: Ruleset  # the first of the equal rulesets these tables were made for
    ruleset_hash: int  # the ruleset's hash, which its class does not keep
    target: int | None  # the race's target score, or None
    quiet_play: bool  # no score in the play but the trick scorer's (no cards toward pique)
    pack_mask: int  # every card of the ruleset's pack
    pack: tuple[Card, ...]  # the pack in canonical order
    pack_bits: tuple[int, ...]  # each card's bit, in the pack's order
    pack_indices: tuple[int, ...]  # each card's bit index, in the pack's order
    lead: tuple[Scoring, ...]  # by the index of the card led
    trick: tuple[tuple[bool, Scoring] | None, ...]  # by lead * 64 + follow
    last: tuple[Scoring, ...]  # the last trick, by the index of the winning card
    # The play's usual card, looked up whole. ``usual``: no target and no cards toward
    # pique, so that once the race is settled a card's entry is all that follows from it
    # (and the entry is left to the ledger to write out when read, see ledger.events).
    usual: bool
    lead_gain: tuple[tuple[int, ...], ...]  # per leader, by card led: the scores' increase
    # per follower, by lead * 64 + follow: (the trick's winner, the scores' increase, the
    # tricks' increase)
    follow: tuple[tuple[tuple[Player, int, int] | None, ...], ...]
    cards: Scoring  # the cards after the last trick (R-PL-4), unless scored with the seventh
    capot: Scoring  # capot, less the cards when they were scored with the seventh trick


def _entries(points: int, reason: Reason, precedence: Precedence = Precedence.PLAY) -> Scoring:
    if points <= 0:
        return None
    return (
        points,
        (
            ScoreEvent(Player.A, points, precedence, reason),
            ScoreEvent(Player.B, points, precedence, reason),
        ),
    )


@functools.lru_cache(maxsize=64)
def tables_for(ruleset: Ruleset) -> RulesTables:
    """The tables of ``ruleset``, built on first use."""
    pack_mask = _PACK_MASKS[ruleset.pack_size]
    pack = tuple(trusted_cardset(pack_mask))
    scorer = ruleset.tricks
    in_pack = [i for i in range(_SLOTS) if pack_mask >> i & 1]
    lead: list[Scoring] = [None] * _SLOTS
    last: list[Scoring] = [None] * _SLOTS
    trick: list[tuple[bool, Scoring] | None] = [None] * (_SLOTS * _SLOTS)
    for i in in_pack:
        lead[i] = _entries(scorer.lead_points(i), Reason.LEAD)
        last[i] = _entries(scorer.last_trick_points(i), Reason.LAST_TRICK)
        for j in in_pack:
            if i != j:
                won = follower_wins(i, j)
                points, reason = scorer.trick_points(i, j, won)
                trick[i * _SLOTS + j] = (won, _entries(points, reason))
    lead_gain = tuple(
        tuple(0 if s is None else s[0] * SCORE_GAIN[player] for s in lead) for player in Player
    )
    follow = tuple(_follow_table(trick, follower) for follower in Player)
    return RulesTables(
        ruleset,
        hash(ruleset),
        ruleset.game.target,
        not ruleset.cards_count_toward_pique,
        pack_mask,
        pack,
        tuple(card.mask for card in pack),
        tuple(card.index for card in pack),
        tuple(lead),
        tuple(trick),
        tuple(last),
        ruleset.game.target is None and not ruleset.cards_count_toward_pique,
        lead_gain,
        follow,
        _entries(ruleset.cards, Reason.CARDS, Precedence.CARDS),
        _entries(
            ruleset.capot - (ruleset.cards if ruleset.cards_count_toward_pique else 0),
            Reason.CAPOT,
            Precedence.CARDS,
        ),
    )


def _follow_table(
    trick: list[tuple[bool, Scoring] | None], follower: Player
) -> tuple[tuple[Player, int, int] | None, ...]:
    leader = Player(1 - follower)
    out: list[tuple[Player, int, int] | None] = []
    for cell in trick:
        if cell is None:
            out.append(None)
            continue
        won, scoring = cell
        winner = follower if won else leader
        gain = 0 if scoring is None else scoring[0] * SCORE_GAIN[winner]
        out.append((winner, gain, TRICK_WON[winner]))
    return tuple(out)
