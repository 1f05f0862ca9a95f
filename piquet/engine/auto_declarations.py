"""The automatic declarations (``declarations="auto"``): every category resolved at once
with both players' best calls and no sinking (R-DE).

Each category's table (:mod:`.combination_tables`) says in one call who wins it
(:meth:`~.category_table.CategoryTable.duel`, from both hands' suits), with the winner's
combinations and their ledger entries ready-made; what was said is read back from the
resolution when asked (:mod:`.heard`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..cards import trusted_cardset
from ..words import Player, Reason, ScoreEvent
from . import ledger, play
from .combination_tables import (
    ELDER_WINS,
    ENTRIES,
    MASK,
    POINTS,
    CategoryTable,
    Combo,
    Duel,
    duels,
    suit_fields,
    tables_of,
)
from .parts import CATEGORIES, Context, Declarations, DeclStage, ExchangeState, hand_of

if TYPE_CHECKING:
    from .state import State

__all__ = ["Resolution", "declare"]

_new: Final = tuple.__new__
ALL_RESOLVED: Final = len(CATEGORIES)
_DONE: Final = DeclStage.DONE
_A: Final = Player.A
_B: Final = Player.B


Resolution = tuple[Duel, Duel, Duel]
"""How automatic declarations resolved the point, the sequences and the sets: each
category's :data:`~.category_table.Duel` (who won, the elder's best combination's mask,
the younger's, the winner's combinations), as its table returned it. What was said is
read back from it when asked (:func:`.heard.said_of`)."""


Won = list[tuple[CategoryTable, Player, tuple[Combo, ...]]]
"""The categories won: the table, the winner and his combinations, in category order."""


def declare(new: State, ctx: Context, exch: ExchangeState | None) -> None:
    """Every category resolved with the best calls and no sinking.

    The combinations come from the ruleset's compiled tables
    (:mod:`.combination_tables`), with their ledger entries ready-made. Written out in
    one function, the record kept as the tables' duels: this runs at every deal."""
    # the context's fields unpacked at once: quicker than slicing it to rebuild it
    rules, tables, game, younger, setup, result, _exch, _decl = ctx
    categories = tables_of(rules)
    # both hands' suits at once, as 16-bit fields: player A's four, then B's
    fields = suit_fields(new._hands.to_bytes(16, "little"))
    if younger:  # the elder is A
        elder = _A
    else:
        elder = _B
        fields = fields[4:] + fields[:4]
    resolved = duels(categories, fields)
    # all resolved at once: what was said is read back from the duels when asked
    decl = _new(
        Declarations,
        (ALL_RESOLVED, _DONE, 0, (), (), (0, 0), (False, False), [], (resolved, elder), 0),
    )
    new._ctx = _new(Context, (rules, tables, game, younger, setup, result, exch, decl))
    rouge_points = rules.carte_rouge
    if rouge_points is None:  # nothing to follow a category's scores
        # the winners' entries, in category order (a combination of no points has none)
        entries: list[ScoreEvent] = []
        for outcome, _best_e, _best_y, own in resolved:
            if outcome:
                winner = elder if outcome == ELDER_WINS else younger
                for combo in own:
                    if combo[POINTS] > 0:
                        entries.append(combo[ENTRIES][winner])
        if entries and ledger.score_entries(new, entries):
            return
    elif _auto_rouge(new, rouge_points, _won(resolved, categories, elder, younger)):
        return
    play.begin(new)


def _won(duels: Resolution, tables: Sequence[CategoryTable], elder: Player, younger: Player) -> Won:
    """The categories won, for carte rouge."""
    return [
        (table, elder if duel[0] == ELDER_WINS else younger, duel[3])
        for table, duel in zip(tables, duels, strict=True)
        if duel[0]
    ]


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
            shown = trusted_cardset(hand)
            reason = Reason.CARTE_ROUGE
            if ledger.score(new, winner, rouge_points, table.precedence, reason, shown, counts):
                ended = True
                break
    new._decl = new._decl._replace(scored=(scored[0], scored[1]), rouge=(rouge[0], rouge[1]))
    return ended
