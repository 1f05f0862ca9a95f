"""The declarations: point, sequences, sets, each with a call and an answer (R-DE).

In each category the elder calls his best claim or passes; the younger answers "good",
or calls at least as much. The winner scores his call and may reckon his further
combinations (R-DE-5); a tie scores nothing (R-DE-1). With ``declarations="auto"``
every category is resolved at once with the best calls and no sinking.

What was said is kept as masks (:class:`.parts.Said`); :mod:`.heard` makes the words,
and says who has seen which cards, when they are read.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, overload

from ..actions import Call, Good, Pass, Reckon
from ..cards import _from_mask
from ..words import Category, IllegalActionError, Phase, Player, Reason
from . import ledger, play
from .combination_tables import ENTRIES, KEY, MASK, POINTS, CategoryTable, Combo, tables_of
from .parts import (
    CATEGORIES,
    NO_DECLARATIONS,
    Declarations,
    DeclStage,
    Said,
    hand_of,
)

if TYPE_CHECKING:
    from .state import State

__all__ = ["ACTIONS", "Resolution", "apply", "begin", "legal_actions", "say"]

ACTIONS: Final = frozenset((Call, Pass, Good, Reckon))
_new: Final = tuple.__new__
ALL_RESOLVED: Final = len(CATEGORIES)


def begin(new: State) -> None:
    if new._phase is Phase.OVER:
        return
    new._phase = Phase.DECLARATION
    new._to_move = new._ctx.dealer.other
    if new._ctx.game.auto:
        _auto_declare(new)
    else:
        new._decl = NO_DECLARATIONS


def _call(category: Category, claim: int) -> Call:
    action = object.__new__(Call)
    object.__setattr__(action, "category", category)
    object.__setattr__(action, "cards", _from_mask(claim))
    return action


# ----------------------------------------------------------------- automatic


Resolution = tuple[Category, "Player | None", int, int, Sequence[int]]
"""How automatic declarations resolved a category: (category, winner, elder's best,
younger's best, the winner's combinations)."""


def _auto_declare(new: State) -> None:
    """Every category resolved with the best calls and no sinking.

    The combinations come from the ruleset's compiled tables
    (:mod:`.combination_tables`), with their ledger entries ready-made."""
    ctx = new._ctx
    rules = ctx.ruleset
    younger = ctx.dealer
    elder = younger.other
    hands = new._hands
    hand_e, hand_y = hand_of(hands, elder), hand_of(hands, younger)
    resolved: list[Resolution] = []
    won: list[tuple[CategoryTable, Player, tuple[Combo, ...]]] = []
    for table in tables_of(rules):
        combos_e, combos_y = table.combos(hand_e), table.combos(hand_y)
        best_e = combos_e[0][MASK] if combos_e else 0
        best_y = combos_y[0][MASK] if combos_y else 0
        winner: Player | None = None
        if combos_e and combos_y:
            key_e, key_y = combos_e[0][KEY], combos_y[0][KEY]
            if key_e != key_y:
                winner = elder if key_e > key_y else younger
        elif best_e or best_y:
            winner = elder if best_e else younger
        if winner is None:
            resolved.append((table.category, None, best_e, best_y, ()))
            continue
        own = combos_e if winner is elder else combos_y
        masks = (own[0][MASK],) if len(own) == 1 else tuple([combo[MASK] for combo in own])
        resolved.append((table.category, winner, best_e, best_y, masks))
        won.append((table, winner, own))
    # all resolved at once: what was said is read back from the resolution when asked
    new._decl = _new(
        Declarations,
        (
            ALL_RESOLVED,
            DeclStage.DONE,
            0,
            (),
            (),
            (0, 0),
            (False, False),
            [],
            (tuple(resolved), elder),
        ),
    )
    if rules.carte_rouge is None:  # nothing to follow a category's scores
        score_entry = ledger.score_entry
        for _table, winner, own in won:
            for combo in own:
                points = combo[POINTS]
                if points > 0 and score_entry(new, winner, points, combo[ENTRIES][winner]):
                    return
    else:
        for table, winner, own in won:
            for combo in own:
                if _score_combination(new, winner, combo):
                    return
            if _check_rouge(new, winner, table):
                return
    play.begin(new)


# ----------------------------------------------------------------- scoring


def _score_combination(new: State, player: Player, combo: Combo) -> bool:
    if new._ctx.ruleset.carte_rouge is not None:  # carte rouge needs the cards scored
        decl = new._decl
        scored = decl.scored
        mask = combo[MASK]
        scored = (scored[0] | mask, scored[1]) if player == 0 else (scored[0], scored[1] | mask)
        new._decl = decl._replace(scored=scored)
    points = combo[POINTS]
    return points > 0 and ledger.score_entry(new, player, points, combo[ENTRIES][player])


def _check_rouge(new: State, player: Player, table: CategoryTable) -> bool:
    """Carte rouge, ranked right after the category that completed it (R-DE-8)."""
    rules = new._ctx.ruleset
    decl = new._decl
    if rules.carte_rouge is None or decl.rouge[player]:
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
        _from_mask(hand_of(new._hands, player)),
        counts=counts,
    )


# ----------------------------------------------------------------- legal actions


def _subset_unions(combos: tuple[int, ...]) -> list[int]:
    """Unions of every subset of the combinations, all of them first, none last."""
    out = []
    for size in range(len(combos), -1, -1):
        for chosen in itertools.combinations(combos, size):
            out.append(sum(chosen))
    return out


_GOOD: Final = tuple(Good(category) for category in CATEGORIES)
_PASS: Final = tuple(Pass(category) for category in CATEGORIES)


class _Calls(Sequence[Call | Pass | Good]):
    """The calls of a hand, kept as masks: a :class:`~piquet.Call` is made only for the
    items read. ``Good`` comes first (an answer), ``Pass`` last (a first word)."""

    __slots__ = ("_category", "_claims", "_first", "_last", "_len")

    def __init__(
        self,
        category: Category,
        claims: Sequence[int],
        first: tuple[Good, ...] = (),
        last: tuple[Pass, ...] = (),
    ) -> None:
        self._category = category
        self._claims = claims
        self._first = first
        self._last = last
        self._len = len(first) + len(claims) + len(last)  # read at every random.choice

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Call | Pass | Good: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Call | Pass | Good]: ...
    def __getitem__(self, index: int | slice) -> Call | Pass | Good | Sequence[Call | Pass | Good]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("declaration index out of range")
        first = self._first
        if index < len(first):
            return first[index]
        index -= len(first)
        claims = self._claims
        if index < len(claims):
            return _call(self._category, claims[index])
        return self._last[index - len(claims)]

    def __iter__(self) -> Iterator[Call | Pass | Good]:
        yield from self._first
        for claim in self._claims:
            yield _call(self._category, claim)
        yield from self._last

    def __contains__(self, action: object) -> bool:
        if type(action) is Call:
            return action.category is self._category and action.cards.mask in self._claims
        return action in self._first or action in self._last

    def __eq__(self, other: object) -> bool:
        # compares as the tuple of its items would (with a tuple, list or another one)
        if isinstance(other, (tuple, list, _Calls)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def legal_actions(state: State) -> Sequence[Call | Pass | Good | Reckon]:
    decl = state._decl
    stage = decl.stage
    if stage is DeclStage.DONE:
        return ()
    index = decl.category
    table = tables_of(state._ctx.ruleset)[index]
    hand = hand_of(state._hands, state._to_move)  # type: ignore[arg-type]
    if stage is DeclStage.ANSWER:
        claims = table.answers(hand, table.info(decl.claim)[KEY])
        return _Calls(table.category, claims, first=_GOOD[index : index + 1])
    if stage is DeclStage.EXTRAS:
        return tuple(Reckon(table.category, _from_mask(m)) for m in _subset_unions(decl.extras))
    return _Calls(table.category, table.claims(hand), last=_PASS[index : index + 1])


# ----------------------------------------------------------------- transition


def apply(state: State, action: Call | Pass | Good | Reckon) -> State:
    decl = state._decl
    index = decl.category
    category = CATEGORIES[index] if index < ALL_RESOLVED else None
    if action.category is not category:
        raise IllegalActionError(
            f"{action}: declarations go point, sequence, set; now {category} (R-DE)"
        )
    table = tables_of(state._ctx.ruleset)[index]
    player: Player = state._to_move  # type: ignore[assignment]
    kind = type(action)
    if kind is Call and not table.is_claim(
        action.cards.mask,  # type: ignore[union-attr]
        hand_of(state._hands, player),
    ):
        raise IllegalActionError(
            f"{action}: not a {category} that {player}'s hand supports (R-DE-1)"
        )
    stage = decl.stage
    if stage is DeclStage.EXTRAS:
        return _reckon(state, action, table)
    if kind is Reckon:
        raise IllegalActionError(f"{action}: nobody has won the {category} yet")
    if stage is DeclStage.ELDER:
        return _elder_speaks(state, action, table.category)
    if stage is DeclStage.AFTER_PASS:
        return _younger_after_pass(state, action, table)
    return _younger_answers(state, action, table)


def _said(
    player: Player,
    verb: str,
    category: Category,
    claims: tuple[int, ...],
    versus: int | None,
    shown: int | None,
) -> Said:
    # tuple.__new__: the named tuple's own constructor is Python code, and slower
    return _new(Said, (player, verb, category, claims, versus, shown))


def _reckon(state: State, action: Any, table: CategoryTable) -> State:
    decl = state._decl
    category = table.category
    player: Player = state._to_move  # type: ignore[assignment]
    if type(action) is not Reckon:
        raise IllegalActionError(
            f"{action}: {player} won the {category} and must say which further "
            "combinations he reckons (R-DE-5)"
        )
    chosen = action.cards.mask
    picks = [m for m in decl.extras if m & chosen]
    if sum(picks) != chosen or any(m & chosen != m for m in picks):
        described = ", ".join(str(_from_mask(m)) for m in decl.extras)
        raise IllegalActionError(
            f"{action}: may reckon only whole combinations of {described} (R-DE-5)"
        )
    new = _next_state(state, action)
    if picks:
        said = _said(player, "reckon", category, tuple(picks), None, chosen)
        new._decl = say(decl, (*decl.said, said))
    for combo in picks:
        if _score_combination(new, player, table.info(combo)):
            return new
    if not _check_rouge(new, player, table):
        _next_category(new)
    return new


def _next_state(state: State, action: Any) -> State:
    new = state._clone()
    new._history = (state._history, action)
    return new


def _elder_speaks(state: State, action: Any, category: Category) -> State:
    decl = state._decl
    elder = state._ctx.dealer.other
    kind = type(action)
    if kind is Good:
        raise IllegalActionError(f"{action}: only the younger answers 'good' (R-DE-1)")
    new = _next_state(state, action)
    if kind is Pass:
        said = _said(elder, "pass", category, (), None, None)
        new._decl = say(decl, (*decl.said, said), stage=DeclStage.AFTER_PASS)
    else:
        claim = action.cards.mask
        said = _said(elder, "call", category, (claim,), None, None)
        new._decl = say(decl, (*decl.said, said), stage=DeclStage.ANSWER, claim=claim)
    new._to_move = elder.other
    return new


def _younger_after_pass(state: State, action: Any, table: CategoryTable) -> State:
    decl = state._decl
    category = table.category
    younger = state._ctx.dealer
    kind = type(action)
    if kind is Good:
        raise IllegalActionError(f"{action}: the elder called nothing to concede (R-DE-1)")
    new = _next_state(state, action)
    if kind is Pass:
        new._decl = say(decl, (*decl.said, _said(younger, "pass", category, (), None, None)))
        _next_category(new)
        return new
    claim = action.cards.mask
    said = _said(younger, "call", category, (claim,), None, claim)
    new._decl = say(decl, (*decl.said, said))
    _win_category(new, younger, table, claim, restrict=None)
    return new


def _younger_answers(state: State, action: Any, table: CategoryTable) -> State:
    decl = state._decl
    category = table.category
    younger = state._ctx.dealer
    elder = younger.other
    kind = type(action)
    elder_claim = decl.claim
    before = decl.said[:-1]
    if kind is Pass:
        raise IllegalActionError(
            f"{action}: answer the elder's call with 'good' or a call (R-DE-1)"
        )
    key_e = table.info(elder_claim)[KEY]
    if kind is Good:
        new = _next_state(state, action)
        new._decl = say(
            decl,
            (
                *before,
                _said(elder, "call", category, (elder_claim,), None, elder_claim),
                _said(younger, "good", category, (), None, None),
            ),
        )
        _win_category(new, elder, table, elder_claim, restrict=key_e)
        return new
    claim = action.cards.mask
    key_y = table.info(claim)[KEY]
    if key_y < key_e:
        words = table.rule.spoken(elder_claim, None)
        raise IllegalActionError(
            f"{action}: does not rank with the elder's {words}; answer 'good' or call "
            "at least as much (R-DE-1)"
        )
    tie = key_y == key_e  # equal: neither scores, both are shown (R-DE-6)
    new = _next_state(state, action)
    new._decl = say(
        decl,
        (
            *before,
            _said(elder, "call", category, (elder_claim,), claim, elder_claim if tie else None),
            _said(younger, "call", category, (claim,), elder_claim, claim),
        ),
    )
    if tie:
        _next_category(new)
    else:
        _win_category(new, younger, table, claim, restrict=None)
    return new


def _win_category(
    new: State,
    player: Player,
    table: CategoryTable,
    claim: int,
    restrict: tuple[int, ...] | None,
) -> None:
    """Score the winning call, then offer the further combinations (R-DE-5)."""
    if _score_combination(new, player, table.info(claim)):
        return
    extras = table.further(hand_of(new._hands, player), claim)
    if extras and restrict is not None and not _good_against_the_cards(new, player, table, claim):
        extras = [c for c in extras if table.info(c)[KEY] <= restrict]
    if extras:
        new._decl = new._decl._replace(stage=DeclStage.EXTRAS, extras=tuple(extras), claim=claim)
        new._to_move = player
        return
    if not _check_rouge(new, player, table):
        _next_category(new)


def _good_against_the_cards(new: State, player: Player, table: CategoryTable, claim: int) -> bool:
    """Nothing the opponent could hold, given the caller's hand and discard, beats it."""
    unseen = new._ctx.tables.pack_mask & ~hand_of(new._hands, player)
    if new._exch is not None:
        unseen &= ~new._exch.discards[player]
    key = table.info(claim)[KEY]
    return all(combo[KEY] <= key for combo in table.combos(unseen))


def _next_category(new: State) -> None:
    decl = new._decl
    index = decl.category + 1
    done = index >= ALL_RESOLVED
    new._decl = _new(
        Declarations,
        (
            ALL_RESOLVED if done else index,
            DeclStage.DONE if done else DeclStage.ELDER,
            0,
            (),
            decl.said,
            decl.scored,
            decl.rouge,
            decl.heard,
            None,
        ),
    )
    if done:
        play.begin(new)
    else:
        new._to_move = new._ctx.dealer.other


def say(
    decl: Declarations,
    said: tuple[Said, ...],
    stage: DeclStage | None = None,
    claim: int | None = None,
) -> Declarations:
    """``decl`` with a new record of what was said (and a new box for its words), and
    the new stage and claim if given."""
    # tuple.__new__, not _replace: this runs at every word of the declarations
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
        ),
    )
