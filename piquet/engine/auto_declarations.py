"""The automatic declarations (``declarations="auto"``): every category resolved at once
with both players' best calls and no sinking (R-DE).

Each category's table (:mod:`.combination_tables`) says in one call who wins it
(:meth:`~.category_table.CategoryTable.duel`, from both hands' suits), with the winner's
combinations and their ledger entries ready-made; what was said is read back from the
resolution when asked (:mod:`.heard`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..cards import _from_mask
from ..words import Category, Player, Reason, ScoreEvent
from . import ledger, play
from .combination_tables import ENTRIES, MASK, POINTS, CategoryTable, Combo, tables_of
from .parts import CATEGORIES, Context, Declarations, DeclStage, ExchangeState, hand_of

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from .state import State

__all__ = ["Resolution", "declare"]

_new: Final = tuple.__new__
ALL_RESOLVED: Final = len(CATEGORIES)
_DONE: Final = DeclStage.DONE
_OTHER: Final = (Player.B, Player.A)  # Player.other is a property: a call each time
_A: Final = Player.A
_suit_fields: Final = struct.Struct("<8H").unpack  # both hands' bytes: their suits' bits


Resolution = tuple[Category, "Player | None", int, int, Sequence[int]]
"""How automatic declarations resolved a category: (category, winner, elder's best,
younger's best, the winner's combinations)."""


Won = list[tuple[CategoryTable, Player, tuple[Combo, ...]]]
"""The categories won: the table, the winner and his combinations, in category order."""


def declare(new: State, ctx: Context, exch: ExchangeState | None) -> None:
    """Every category resolved with the best calls and no sinking.

    The combinations come from the ruleset's compiled tables
    (:mod:`.combination_tables`), with their ledger entries ready-made."""
    # the context's fields unpacked at once: quicker than slicing it to rebuild it
    rules, tables, game, younger, setup, result, _exch, _decl = ctx
    elder = _OTHER[younger]
    rouge_points = rules.carte_rouge
    won: Won | None = None if rouge_points is None else []
    resolved, entries = _resolve(new, rules, elder, younger, won)
    # all resolved at once: what was said is read back from the resolution when asked
    decl = _new(
        Declarations,
        (ALL_RESOLVED, _DONE, 0, (), (), (0, 0), (False, False), [], (resolved, elder)),
    )
    new._ctx = _new(Context, (rules, tables, game, younger, setup, result, exch, decl))
    if won is None:  # no carte rouge: nothing to follow a category's scores
        if ledger.score_entries(new, entries):
            return
    elif _auto_rouge(new, rouge_points, won):  # type: ignore[arg-type]
        return
    play.begin(new)


def _resolve(
    new: State, rules: Ruleset, elder: Player, younger: Player, won: Won | None
) -> tuple[tuple[Resolution, ...], list[ScoreEvent]]:
    """How each category resolves with both players' best calls, and the winners' ledger
    entries in order; what is won goes into ``won`` too, unless it is None."""
    # both hands' suits at once, as 16-bit fields: player A's four, then B's
    if elder is _A:
        e0, e1, e2, e3, y0, y1, y2, y3 = _suit_fields(new._hands.to_bytes(16, "little"))
    else:
        y0, y1, y2, y3, e0, e1, e2, e3 = _suit_fields(new._hands.to_bytes(16, "little"))
    winners = (None, elder, younger)  # by the duel's outcome: NOBODY, ELDER_WINS, ...
    resolved: list[Resolution] = []
    entries: list[ScoreEvent] = []
    for table in tables_of(rules):
        outcome, best_e, best_y, own = table.duel(e0, e1, e2, e3, y0, y1, y2, y3)
        if not outcome:
            resolved.append((table.category, None, best_e, best_y, ()))
            continue
        winner = winners[outcome]
        if len(own) == 1:
            combo = own[0]
            resolved.append((table.category, winner, best_e, best_y, (combo[MASK],)))
            if combo[POINTS] > 0:
                entries.append(combo[ENTRIES][winner])  # type: ignore[index]
        else:
            masks = tuple([combo[MASK] for combo in own])
            resolved.append((table.category, winner, best_e, best_y, masks))
            entries += [combo[ENTRIES][winner] for combo in own if combo[POINTS] > 0]  # type: ignore[index]
        if won is not None:
            won.append((table, winner, own))  # type: ignore[arg-type]
    return tuple(resolved), entries


def _auto_rouge(new: State, rouge_points: int, won: Won) -> bool:
    """The categories' scores with carte rouge, which ranks right after the category that
    completes it (R-DE-8); the cards scored and the rouges are kept in the record once,
    at the end. True when the game ended."""
    scored, rouge = [0, 0], [False, False]
    ended = False
    for table, winner, own in won:
        for combo in own:
            scored[winner] |= combo[MASK]
            points = combo[POINTS]
            if points > 0 and ledger.score_entry(new, winner, points, combo[ENTRIES][winner]):
                ended = True
                break
        if ended:
            break
        hand = hand_of(new._hands, winner)
        if not rouge[winner] and not hand & ~scored[winner]:
            rouge[winner] = True
            counts = winner != new._ctx.dealer or new._ctx.ruleset.younger_carte_rouge_makes_bonus
            shown = _from_mask(hand)
            reason = Reason.CARTE_ROUGE
            if ledger.score(new, winner, rouge_points, table.precedence, reason, shown, counts):
                ended = True
                break
    new._decl = new._decl._replace(scored=(scored[0], scored[1]), rouge=(rouge[0], rouge[1]))
    return ended
