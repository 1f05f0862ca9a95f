"""Samples dealt again instead of replayed: with automatic declarations, a placement
whose declarations come out as the observer saw them gives a state that differs from an
earlier sample of the same plan only in its cards (:mod:`piquet.engine.redeal`).

A sample's declarations are known by its resolution (:func:`~piquet.engine.redeal.
auto_resolution`). What the observer sees of it, beside the words (which the sampler
checks first), is its :func:`~piquet.engine.redeal.seen_of_resolution`; with the
cartes blanches dealt (:func:`~piquet.engine.deal.blanches`), that is the whole of what
his observation reads from the hidden cards (a carte rouge too follows: see
``seen_of_resolution``). The
first placement of each such key is replayed through the engine and its observation
checked, as every placement was; the verdict is kept under the key, with the replayed
state as the template of the others, which are dealt again from it
(:class:`~piquet.engine.redeal.Redeal`). Replaying a deal and reading its observation
back took over two thirds of a sample; a redeal takes a few microseconds. The samples
are the same: each placement is kept or dropped as the replay would, and its state is
the replay's (the tests build both on many placements of every preset and compare
them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Literal

from ..actions import Deal
from ..engine import State
from ..engine.auto_declarations import Resolution
from ..engine.category_table import ELDER_WINS, YOUNGER_WINS
from ..engine.combination_tables import tables_of
from ..engine.deal import blanches_of
from ..engine.redeal import Redeal, Seen, auto_resolution, seen_of_resolution
from ..words import Player
from ._plan import Plan
from .native import state_builder

__all__ = ["redealt"]

_A: Final = Player.A

Replay = Callable[[Plan, State, dict[Player, int], random.Random], State | None]
"""The replay of a placement through the engine (``_replay._replay``)."""

#: a key whose placements are always replayed (its first sample's actions can not be
#: dealt again: an elder's carte blanche, whose count comes first)
_REPLAY: Final = "replay"
# the keys kept a plan (a few dozen are met in a thousand samples)
_KEPT: Final = 1 << 12


def redealt(
    plan: Plan,
    deal: Deal,
    dealt: int,
    hand: int,
    discard: int,
    duels: tuple[int, ...] | None,
    rng: random.Random,
    replay: Replay,
) -> State | None:
    """The sample of a placement dealt by ``deal`` (from the plan's start), the opponent
    dealt ``dealt``, holding ``hand`` after the exchange (his cards played included)
    and having discarded ``discard``: dealt again from the template of its key, or
    replayed (``replay``) when its key is new. ``duels``: the fields of its duels when
    the kernel gave them (its resolution is then remembered by them), else None."""
    observation = plan.observation
    observer = observation.player
    opponent = observer.other
    if duels is None:
        resolution = _resolution(plan, hand)
        seen = seen_of_resolution(resolution)
    else:
        resolution, seen = _resolved(plan, duels, hand)
    own_dealt = observation.dealt_hand.mask
    dealt_a, dealt_b = (own_dealt, dealt) if observer is _A else (dealt, own_dealt)
    key = (seen, blanches_of(dealt_a, dealt_b))
    memo = plan.redeals
    template = memo.get(key)
    if template is None or template is _REPLAY:
        state = plan.start.apply(deal)
        found = replay(plan, state, {observer: observation.discard.mask, opponent: discard}, rng)
        if template is None and len(memo) < _KEPT:
            memo[key] = _template_of(plan, found)
        return found
    if template is False:
        return None
    assert isinstance(template, Redeal)
    return template.dealt(deal, opponent, hand & ~plan.opponent_played, discard, resolution)


def _resolution(plan: Plan, hand: int) -> Resolution:
    """The resolution between the opponent's ``hand`` and the observer's, by the engine."""
    if plan.observer_elder:
        return auto_resolution(plan.observation.ruleset, plan.own_held, hand)
    return auto_resolution(plan.observation.ruleset, hand, plan.own_held)


def _resolved(plan: Plan, duels: tuple[int, ...], hand: int) -> tuple[Resolution, Seen]:
    """The resolution of the opponent's ``hand`` and what is seen of it, remembered by
    what decides them: the duels' fields (who wins each category, both hands' best)
    and, in each category the opponent wins, the cards that decide his combinations
    (:meth:`~piquet.engine.category_table.CategoryTable.deciding_cards`; the observer's
    are the plan's, and a loser's others are no part of it). The resolution and its key
    were a sixth of a warm sample; most samples find them here."""
    opponent_wins = YOUNGER_WINS if plan.observer_elder else ELDER_WINS
    key: tuple[object, ...] = duels
    if opponent_wins in (duels[0], duels[3], duels[6]):
        point, sequences, sets = tables_of(plan.observation.ruleset)
        key = (
            duels,
            point.deciding_cards(hand) if duels[0] == opponent_wins else 0,
            sequences.deciding_cards(hand) if duels[3] == opponent_wins else 0,
            sets.deciding_cards(hand) if duels[6] == opponent_wins else 0,
        )
    known = plan.resolved
    resolved = known.get(key)
    if resolved is None:
        resolution = _resolution(plan, hand)
        resolved = resolution, seen_of_resolution(resolution)
        if len(known) < _KEPT:
            known[key] = resolved
    return resolved


def _template_of(plan: Plan, found: State | None) -> Redeal | Literal[False, "replay"]:
    """What a key's first placement leaves for the others: False when it was dropped, the
    state dealt again from when kept, or :data:`_REPLAY`."""
    if found is None:
        return False
    try:
        return Redeal(plan.start, found, state_builder())
    except ValueError:
        return _REPLAY
