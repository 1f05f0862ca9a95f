"""The declarations: point, sequences, sets, each with a call and its answers (R-DE).

In each category the elder calls a claim or passes; the younger hears the call a word at
a time and answers each word "good", "equal" or with a better claim of his own, as
:mod:`.dialogue` says (R-DE-1a). The winner scores his call and may reckon his further
combinations (R-DE-5); a tie scores nothing (R-DE-1). With ``declarations="auto"``
every category is resolved at once with the best calls and no sinking.

What was said is kept as masks (:class:`.parts.Said`); :mod:`.heard` makes the words,
and says who has seen which cards, when they are read.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import Action, Call, Equal, Good, Pass, Reckon
from ..cards import trusted_cardset
from ..rules.protocols import say_word
from ..words import Category, IllegalActionError, Phase, Player
from . import auto_declarations, dialogue
from .combination_tables import (
    KEY,
    CategoryTable,
    Tables,
    tables_of,
)
from .declared_scores import (
    check_rouge,
    next_category,
    say,
    score_combination,
    set_record,
    win_category,
)
from .parts import (
    CATEGORIES,
    HAND_BITS,
    HAND_MASK,
    NO_DECLARATIONS,
    NOT_GOOD_WORD,
    STATE_CLASS,
    TIE_WORD,
    Context,
    Declarations,
    DeclStage,
    ExchangeState,
    Said,
    SaidFields,
    hand_of,
    set_class,
)

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .state import State

__all__ = ["ACTIONS", "apply", "begin", "legal_actions", "reckoning"]

ACTIONS: Final = frozenset((Call, Pass, Good, Equal, Reckon))
_new: Final = tuple.__new__
# the stages as constants: an Enum member read from its class costs a lookup each time
_ELDER: Final = DeclStage.ELDER
_ANSWER: Final = DeclStage.ANSWER
_AFTER_PASS: Final = DeclStage.AFTER_PASS
_EXTRAS: Final = DeclStage.EXTRAS
_DONE: Final = DeclStage.DONE
_OVER: Final = Phase.OVER
_OTHER: Final = (Player.B, Player.A)  # Player.other is a property: a call each time


def begin(new: State, exch: ExchangeState | None = None) -> None:
    """The declarations begin, with the exchange's last record ``exch`` (None: the
    record as it is), set in the same new context as the declarations' own."""
    ctx = new._ctx
    if exch is None:
        exch = ctx.exch
    if new._PHASE is _OVER:
        new._ctx = _new(Context, (*ctx[:6], exch, ctx.decl))
        return
    new._to_move = _OTHER[ctx.dealer]
    if ctx.game.auto:
        # resolved at once: the state goes on to the play (or the game ends) before
        # anyone sees it, so it never takes the declarations' class
        auto_declarations.declare(new, ctx, exch)
    else:
        set_class(new, STATE_CLASS["declaration"])  # new._phase = DECLARATION, quicker
        new._ctx = _new(Context, (*ctx[:6], exch, NO_DECLARATIONS))


# ----------------------------------------------------------------- records

# A word's record and its context are made by .declared_scores (say, set_record), which
# also scores a category won and goes on to the next.
_CATEGORY_AT: Final = (*CATEGORIES, None)  # by the record's category index


def _next_state(state: State, action: Any) -> State:
    new = state._clone()
    new._history = (state._history, action)
    return new


# ----------------------------------------------------------------- legal actions


def _subset_unions(combos: tuple[int, ...]) -> list[int]:
    """Unions of every subset of the combinations, all of them first, none last."""
    out = []
    for size in range(len(combos), -1, -1):
        for chosen in itertools.combinations(combos, size):
            out.append(sum(chosen))
    return out


_GOOD: Final = tuple(Good(category) for category in CATEGORIES)

# The last ruleset's tables, read inline by every word (a call of tables_of costs more
# than the word's own lookups); one tuple, replaced whole, so that a thread reads a pair
# that belongs together.
_last_tables: tuple[Any, Tables] = (None, ())  # type: ignore[assignment]


def _tables(rules: Ruleset) -> Tables:
    global _last_tables
    tables = tables_of(rules)
    _last_tables = (rules, tables)
    return tables


def legal_actions(state: State) -> Sequence[Call | Pass | Good | Equal | Reckon]:
    """The calls of the hand (each :class:`~piquet.Call` made once per ruleset and claim,
    and shared), with "good" (and "equal") first for an answer and "pass" last for a
    first word."""
    decl = state._ctx.decl
    stage = decl.stage
    if stage is _DONE:
        return ()
    index = decl.category
    ctx = state._ctx
    last = _last_tables
    table = (last[1] if last[0] is ctx.ruleset else _tables(ctx.ruleset))[index]
    hands = state._hands
    hand = hands >> HAND_BITS if state._to_move else hands & HAND_MASK  # see apply
    if stage is _ANSWER:  # from the words heard of the elder's claim (R-DE-1a)
        return dialogue.answers(table, hand, table._info[decl.claim][KEY], decl.word, _GOOD[index])
    if stage is _EXTRAS:
        return tuple(map(table.reckonings.__getitem__, _subset_unions(decl.extras)))
    return table.calls_of(hand) + table.pass_alone


def reckoning(state: State) -> Category | None:
    """The category whose combinations the player to move reckons now (R-DE-5), else
    None: what his first legal word would say, with none made (a sampler's replay of a
    dialogue asks it at every word)."""
    decl = state._ctx.decl
    return _CATEGORY_AT[decl.category] if decl.stage is _EXTRAS else None


# ----------------------------------------------------------------- transition

# What was said is kept as plain tuples, the fields of :class:`.parts.Said` (a named
# tuple costs a thousand instructions more to make): :func:`.heard.said_of` makes the
# records when they are first read.
# the words that are the same every time, by player and category index
_PASSED: Final = tuple(
    tuple(Said(player, "pass", category, (), None, None) for category in CATEGORIES)
    for player in Player
)
# both passes, the elder's then the younger's, by the younger and the category index
_BOTH_PASS: Final = {
    younger: tuple(zip(_PASSED[younger.other], _PASSED[younger], strict=True)) for younger in Player
}
_GOOD_SAID: Final = tuple(
    tuple(Said(player, "good", category, (), None, None) for category in CATEGORIES)
    for player in Player
)


def apply(state: State, action: Action) -> State:
    """The state after ``action``, a word of the declarations (see :meth:`State.apply`)."""
    # written out by the word's kind, each refused for the same reason as ever: a field
    # of the action is read quicker at a line that sees one class (the interpreter leaves
    # a line that sees the four kinds generic)
    kind = type(action)
    decl = state._ctx.decl
    index = decl.category
    if kind is Pass:
        if action.category is not _CATEGORY_AT[index]:  # type: ignore[union-attr]
            raise _out_of_turn(action, index)
        stage = decl.stage
        if stage is _ELDER:  # the commonest first word: no table to read
            return _elder_speaks(state, action, _AFTER_PASS, decl.claim, decl)
        if stage is _AFTER_PASS:
            return _both_pass(state, action, decl)
        if stage is _EXTRAS:
            raise _must_reckon(state, action, index)
        raise IllegalActionError(
            f"{action}: answer the elder's call with 'good' or a call (R-DE-1)"
        )
    if kind is Call:
        if action.category is not _CATEGORY_AT[index]:  # type: ignore[union-attr]
            raise _out_of_turn(action, index)
        ctx = state._ctx
        last = _last_tables
        table = (last[1] if last[0] is ctx.ruleset else _tables(ctx.ruleset))[index]
        claim = action.cards.mask  # type: ignore[union-attr]
        hands = state._hands
        # the mover's hand (A's bits low, B's high), not read by a Player: slower
        if not table.is_claim(claim, hands >> HAND_BITS if state._to_move else hands & HAND_MASK):
            raise IllegalActionError(
                f"{action}: not a {table.category} that {state._to_move}'s hand supports (R-DE-1)"
            )
        stage = decl.stage
        if stage is _ELDER:
            return _elder_speaks(state, action, _ANSWER, claim, decl)
        if stage is _ANSWER:
            return _younger_answers(state, action, table, decl, claim)
        if stage is _AFTER_PASS:
            return _younger_after_pass(state, action, table, decl, claim)
        raise _must_reckon(state, action, index)
    if kind is Good:
        if action.category is not _CATEGORY_AT[index]:  # type: ignore[union-attr]
            raise _out_of_turn(action, index)
        stage = decl.stage
        if stage is _ANSWER:
            return _younger_concedes(state, action, decl)
        if stage is _ELDER:
            raise IllegalActionError(f"{action}: only the younger answers 'good' (R-DE-1)")
        if stage is _AFTER_PASS:
            raise IllegalActionError(f"{action}: the elder called nothing to concede (R-DE-1)")
        raise _must_reckon(state, action, index)
    if kind is Equal:
        if action.category is not _CATEGORY_AT[index]:  # type: ignore[union-attr]
            raise _out_of_turn(action, index)
        stage = decl.stage
        if stage is _ANSWER:
            return _younger_says_equal(state, action, decl)
        if stage is _EXTRAS:
            raise _must_reckon(state, action, index)
        raise IllegalActionError(f"{action}: only the younger answers 'equal' to a call (R-DE-1a)")
    if kind is Reckon:
        if action.category is not _CATEGORY_AT[index]:  # type: ignore[union-attr]
            raise _out_of_turn(action, index)
        if decl.stage is not _EXTRAS:
            raise IllegalActionError(f"{action}: nobody has won the {CATEGORIES[index]} yet")
        return _reckon(state, action, tables_of(state._ctx.ruleset)[index], decl)
    return _not_a_word(state, action)


def _out_of_turn(action: Any, index: int) -> IllegalActionError:
    return IllegalActionError(
        f"{action}: declarations go point, sequence, set; now {_CATEGORY_AT[index]} (R-DE)"
    )


def _must_reckon(state: State, action: Any, index: int) -> IllegalActionError:
    return IllegalActionError(
        f"{action}: {state._to_move} won the {CATEGORIES[index]} and must say which further "
        "combinations he reckons (R-DE-5)"
    )


def _not_a_word(state: State, action: Any) -> State:
    """The state's own dispatch, which refuses ``action`` with the reason."""
    from .state import State

    return State.apply(state, action)


def _reckon(state: State, action: Any, table: CategoryTable, decl: Declarations) -> State:
    category = table.category
    player: Player = state._to_move  # type: ignore[assignment]
    chosen = action.cards.mask
    picks = [m for m in decl.extras if m & chosen]
    if sum(picks) != chosen or any(m & chosen != m for m in picks):
        described = ", ".join(str(trusted_cardset(m)) for m in decl.extras)
        raise IllegalActionError(
            f"{action}: may reckon only whole combinations of {described} (R-DE-5)"
        )
    new = _next_state(state, action)
    # reckoning nothing further is said too, heard by him alone: his observation keeps
    # what he chose (the opponent hears nothing, as if he had nothing further)
    said = (player, "reckon", category, tuple(picks), None, chosen or None)
    set_record(new, say(decl, (*decl.said, said)))
    for combo in picks:
        if score_combination(new, player, table.info(combo)):
            return new
    if not check_rouge(new, player, table):
        next_category(new, new._ctx.decl)
    return new


def _elder_speaks(
    state: State, action: Any, stage: DeclStage, claim: int, decl: Declarations
) -> State:
    """The elder's first word, kept in the record's stage and claim (not in what was
    said) until the younger answers it: :func:`.heard.said_of` reads it from there."""
    new = state._clone()
    new._history = (state._history, action)
    # the records unpacked at once: quicker than reading their fields one by one
    rules, tables, game, younger, setup, result, exch, _decl = state._ctx
    index, _stage, _claim, extras, said, scored, rouge, _heard, auto, _word = decl
    record = _new(Declarations, (index, stage, claim, extras, said, scored, rouge, [], auto, 0))
    new._ctx = _new(Context, (rules, tables, game, younger, setup, result, exch, record))
    new._to_move = younger
    return new


def _both_pass(state: State, action: Any, decl: Declarations) -> State:
    new = state._clone()
    new._history = (state._history, action)
    # the elder's pass is said now (see _elder_speaks)
    next_category(new, decl, (*decl.said, *_BOTH_PASS[state._ctx.dealer][decl.category]))
    return new


def _younger_after_pass(
    state: State, action: Any, table: CategoryTable, decl: Declarations, claim: int
) -> State:
    younger = state._ctx.dealer
    new = state._clone()
    new._history = (state._history, action)
    said = (
        *decl.said,
        _BOTH_PASS[younger][decl.category][0],  # the elder's pass (see _elder_speaks)
        (younger, "call", table.category, (claim,), 0, claim),
    )
    win_category(new, younger, table, table._info[claim], None, decl, said)
    return new


def _younger_concedes(state: State, action: Any, decl: Declarations) -> State:
    ctx = state._ctx
    index = decl.category
    last = _last_tables
    table = (last[1] if last[0] is ctx.ruleset else _tables(ctx.ruleset))[index]
    younger = ctx.dealer
    elder_claim = decl.claim
    combo_e = table._info[elder_claim]  # read directly: a call less
    new = state._clone()
    new._history = (state._history, action)
    said = (
        *decl.said,  # the elder's words are said with the answer (see _elder_speaks)
        *words_heard(_OTHER[younger], table.category, elder_claim, decl.word, elder_claim),
        _GOOD_SAID[younger][index],
    )
    win_category(new, _OTHER[younger], table, combo_e, combo_e[KEY], decl, said)
    return new


def _younger_answers(
    state: State, action: Any, table: CategoryTable, decl: Declarations, claim: int
) -> State:
    elder_claim = decl.claim
    info = table._info  # read directly: a call less
    combo_y = info[claim]
    word = decl.word
    verdict = dialogue.judge(table, combo_y[KEY], info[elder_claim][KEY], word)
    if verdict == dialogue.WORSE:
        raise IllegalActionError(
            f"{action}: not an answer to the elder's {_heard_words(table, elder_claim, word)};"
            " answer 'good', 'equal' or a claim better at the last word heard (R-DE-1a)"
        )
    tie = verdict == dialogue.TIE  # equal: neither scores, both are shown (R-DE-6)
    new = state._clone()
    new._history = (state._history, action)
    younger = state._ctx.dealer
    category = table.category
    said = (
        *decl.said,  # the elder's words are said with the answer (see _elder_speaks)
        *words_heard(_OTHER[younger], category, elder_claim, word, elder_claim if tie else None),
        (younger, "call", category, (claim,), TIE_WORD if tie else NOT_GOOD_WORD, claim),
    )
    if tie:
        next_category(new, decl, said)
    else:
        win_category(new, younger, table, combo_y, None, decl, said)
    return new


def _younger_says_equal(state: State, action: Any, decl: Declarations) -> State:
    """ "Equal": the elder says his next word, and the younger answers it (R-DE-1a)."""
    ctx = state._ctx
    table = tables_of(ctx.ruleset)[decl.category]
    key = table._info[decl.claim][KEY]
    word = decl.word
    younger = ctx.dealer
    if not dialogue.may_say_equal(table, hand_of(state._hands, younger), key, word):
        raise IllegalActionError(
            f"{action}: {younger} holds no claim that says the elder's "
            f"{_heard_words(table, decl.claim, word)} (R-DE-1a)"
        )
    new = state._clone()
    new._history = (state._history, action)
    set_record(new, decl._replace(heard=[], word=word + 1))
    return new


def _heard_words(table: CategoryTable, claim: int, word: int) -> str:
    """The words of the elder's claim said so far, as the younger heard them."""
    return ", ".join(say_word(table.rule, claim, w) for w in range(word + 1))


def words_heard(
    elder: Player, category: Any, claim: int, word: int, shown: int | None
) -> tuple[SaidFields, ...]:
    """What was said of the elder's ``claim`` up to its word ``word``: each word, with
    the younger's "equal" between (R-DE-1a); ``shown`` on the first word."""
    said: list[SaidFields] = [(elder, "call", category, (claim,), 0, shown)]
    younger = _OTHER[elder]
    for w in range(1, word + 1):
        said.append((younger, "equal", category, (), None, None))
        said.append((elder, "call", category, (claim,), w, None))
    return tuple(said)
