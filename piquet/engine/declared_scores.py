"""The declarations' scores besides the winning call: the further combinations the winner
reckons (R-DE-5) and carte rouge (R-DE-8), for :mod:`.declarations`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import trusted_cardset
from ..words import Player, Reason
from . import ledger
from .combination_tables import ENTRIES, KEY, MASK, POINTS, CategoryTable, Combo
from .parts import hand_of

if TYPE_CHECKING:
    from .state import State

__all__ = ["check_rouge", "restricted", "score_combination"]


def score_combination(new: State, player: Player, combo: Combo) -> bool:
    if new._ctx.ruleset.carte_rouge is not None:  # carte rouge needs the cards scored
        decl = new._decl
        scored = decl.scored
        mask = combo[MASK]
        scored = (scored[0] | mask, scored[1]) if player == 0 else (scored[0], scored[1] | mask)
        new._decl = decl._replace(scored=scored)
    points = combo[POINTS]
    return points > 0 and ledger.score_entry(new, player, points, combo[ENTRIES][player])


def check_rouge(new: State, player: Player, table: CategoryTable) -> bool:
    """Carte rouge, ranked right after the category that completed it (R-DE-8)."""
    rules = new._ctx.ruleset
    if rules.carte_rouge is None:
        return False
    decl = new._decl
    if decl.rouge[player]:
        return False
    if hand_of(new._hands, player) & ~decl.scored[player]:
        return False
    rouge = (True, decl.rouge[1]) if player == 0 else (decl.rouge[0], True)
    new._decl = decl._replace(rouge=rouge)
    counts = player != new._ctx.dealer or rules.younger_carte_rouge_makes_bonus
    return ledger.score(
        new,
        player,
        rules.carte_rouge,
        table.precedence,
        Reason.CARTE_ROUGE,
        trusted_cardset(hand_of(new._hands, player)),
        counts=counts,
    )


def restricted(
    new: State,
    player: Player,
    table: CategoryTable,
    claim: int,
    restrict: tuple[int, ...] | None,
    extras: Sequence[int],
) -> tuple[int, ...]:
    """What the winner of the category may reckon of his further combinations
    ``extras`` (R-DE-5): with an answer of "good" (``restrict``, the claim's key), only
    what is no better than the claim, unless the claim is good against the cards."""
    if restrict is not None and not _good_against_the_cards(new, player, table, claim):
        extras = [c for c in extras if table.info(c)[KEY] <= restrict]
    return tuple(extras)


def _good_against_the_cards(new: State, player: Player, table: CategoryTable, claim: int) -> bool:
    """Nothing the opponent could hold, given the caller's hand and discard, beats it."""
    unseen = new._ctx.tables.pack_mask & ~hand_of(new._hands, player)
    if new._exch is not None:
        unseen &= ~new._exch.discards[player]
    best = table.combos(unseen)  # best first
    return not best or best[0][KEY] <= table.info(claim)[KEY]
