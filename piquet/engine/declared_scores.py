"""How a category of the declarations is won and scored, for :mod:`.declarations`: the
winning call's score, the further combinations the winner reckons (R-DE-5), carte rouge
(R-DE-8), then on to the next category or to the play; and the declarations' record of
what was said, one a word.

The played declarations make one record a word (tuple.__new__: a named tuple's own
constructor is Python code, and slower), and one context to hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..cards import trusted_cardset
from ..words import Player, Reason
from . import ledger, play
from .combination_tables import ENTRIES, KEY, MASK, POINTS, CategoryTable, Combo
from .parts import (
    CATEGORIES,
    HAND_BITS,
    HAND_MASK,
    Context,
    Declarations,
    DeclStage,
    SaidFields,
    hand_of,
)

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "check_rouge",
    "good_against_the_cards",
    "next_category",
    "restricted",
    "say",
    "score_combination",
    "set_record",
    "win_category",
]

_new: Final = tuple.__new__
ALL_RESOLVED: Final = len(CATEGORIES)
_ELDER: Final = DeclStage.ELDER
_EXTRAS: Final = DeclStage.EXTRAS
_DONE: Final = DeclStage.DONE
_OTHER: Final = (Player.B, Player.A)


def set_record(new: State, decl: Declarations) -> None:
    """Give ``new`` the declarations' record ``decl``, in a new context."""
    ctx = new._ctx
    new._ctx = _new(Context, (*ctx[:7], decl))


def say(
    decl: Declarations,
    said: tuple[SaidFields, ...],
    stage: DeclStage | None = None,
    claim: int | None = None,
) -> Declarations:
    """``decl`` with a new record of what was said (and a new box for its words), and
    the new stage and claim if given."""
    return _new(
        Declarations,
        (
            decl.category,
            decl.stage if stage is None else stage,
            decl.claim if claim is None else claim,
            decl.extras,
            said,
            decl.scored,
            decl.rouge,
            [],
            decl.auto,
            0,
        ),
    )


def win_category(
    new: State,
    player: Player,
    table: CategoryTable,
    combo: Combo,
    restrict: tuple[int, ...] | None,
    decl: Declarations,
    said: tuple[SaidFields, ...],
) -> None:
    """Score the winning call (``combo``), then offer the further combinations (R-DE-5).

    ``decl``: the declarations' record before the word, ``said``: what was said with
    it; ``new`` gets its new record once (each record set on a state makes a new
    context)."""
    claim = combo[MASK]
    if new._ctx.ruleset.carte_rouge is not None:
        _win_rouge(new, player, table, claim, restrict, say(decl, said))
        return
    # score_entries: the ledger's entry of the hand written out (no call to follow the race)
    if combo[POINTS] > 0 and ledger.score_entries(new, (combo[ENTRIES][player],)):
        set_record(new, say(decl, said))  # the game ended on it: what was said stays
        return
    if not table.reckons:  # the point: nothing further to reckon
        next_category(new, decl, said)
        return
    hands = new._hands
    further = table.further(hands >> HAND_BITS if player else hands & HAND_MASK, claim)
    extras = restricted(new, player, table, claim, restrict, further) if further else ()
    if extras:
        record: tuple[Any, ...] = (
            decl.category,
            _EXTRAS,
            claim,
            extras,
            said,
            decl.scored,
            decl.rouge,
            [],
            None,
            0,
        )
        set_record(new, _new(Declarations, record))
        new._to_move = player
        return
    next_category(new, decl, said)


def _win_rouge(
    new: State,
    player: Player,
    table: CategoryTable,
    claim: int,
    restrict: tuple[int, ...] | None,
    decl: Declarations,
) -> None:
    """:func:`win_category` with carte rouge, which follows the cards scored in the
    record: ``decl`` is set before the score."""
    new._decl = decl
    if score_combination(new, player, table.info(claim)):
        return
    decl = new._decl
    further = table.further(hand_of(new._hands, player), claim)
    extras = restricted(new, player, table, claim, restrict, further) if further else ()
    if extras:
        new._decl = decl._replace(stage=_EXTRAS, extras=extras, claim=claim)
        new._to_move = player
        return
    if not check_rouge(new, player, table):
        next_category(new, new._decl)


def next_category(
    new: State, decl: Declarations, said: tuple[SaidFields, ...] | None = None
) -> None:
    """On to the next category, or to the play; ``said``: what was said, if it changed
    since ``decl`` was made (then with a new box for its words)."""
    index, _stage, _claim, _extras, before, scored, rouge, heard, _auto, _word = decl
    index += 1
    done = index >= ALL_RESOLVED
    record = (
        ALL_RESOLVED if done else index,
        _DONE if done else _ELDER,
        0,
        (),
        before if said is None else said,
        scored,
        rouge,
        heard if said is None else [],
        None,
        0,
    )
    rules, tables, game, younger, setup, result, exch, _decl = new._ctx
    new._ctx = _new(
        Context, (rules, tables, game, younger, setup, result, exch, _new(Declarations, record))
    )
    if done:
        play.begin(new)
    else:
        new._to_move = _OTHER[younger]


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
    return good_against_the_cards(table, unseen, claim)


def good_against_the_cards(table: CategoryTable, unseen: int, claim: int) -> bool:
    """Whether ``claim`` is good against the cards (Cavendish, law 49): no combination
    of ``unseen``, the cards the caller neither holds nor discarded, beats it. A
    sampler asks it of hands it deals again (the only read of a caller's whole hand
    in a dialogue without carte rouge).

    >>> import piquet as pq
    >>> from piquet.engine.combination_tables import tables_of
    >>> sets = tables_of(pq.RUBICON)[2]
    >>> aces = pq.cards("AS AH AD AC").mask
    >>> good_against_the_cards(sets, pq.cards("KS KH KD KC").mask, aces)
    True
    >>> good_against_the_cards(sets, pq.cards("KS KH KD KC").mask, pq.cards("QS QH QD").mask)
    False
    """
    best = table.combos(unseen)  # best first
    return not best or best[0][KEY] <= table.info(claim)[KEY]
