"""The ledger: every score in precedence order, and the race for pique and repique (R-PR).

Scores are entered as they are made, in the order of R-PR-1 (the phases come in that
order). While neither bonus is settled, each entry is followed (R-PR-2..4): a player who
reaches the threshold before his opponent has any entry makes a repique with the points
of the hand, a pique (the elder only) with the play. Once a bonus is made, or both
players have entries, the race is settled and costs nothing more.

These functions work on a new state being built by a phase (never on a state already
handed out): they return True when the game ended on the entry.

The play's own entries (the points of a card led and of a trick, from the trick tables)
are a pure function of the cards played. Once the race is settled, and when nothing else
can follow from them (no target, no cards toward pique: ``RulesTables.usual``), the play
adds their points to the scores and leaves the entries out: the ledger holds an *open
stretch* instead (see :func:`reopen`), which :func:`events` writes out from the cards
when the ledger is read. The next entry written closes the stretch at the cards played
so far.

The ledger is a linked list, newest first, of nodes ``(previous, entry)``, ``(previous,
[first, last read])`` (an open stretch: the play's entries from the deal's ``first`` card
on; the list keeps the last ledger written out from it) and ``(previous, first, end)``
(a closed stretch: up to the ``end``-th card, excluded).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..cards import EMPTY, SUIT_SHIFT, CardSet
from ..words import Phase, Player, Precedence, Reason, ScoreEvent
from . import end
from .parts import SCORE_GAIN, cards_played, deal_elder, score_pair

if TYPE_CHECKING:
    from .state import State

__all__ = ["events", "play_entry", "reopen", "score", "score_entries", "score_entry"]

_PIQUE: Final = Reason.PIQUE
_REPIQUE: Final = Reason.REPIQUE
_new_tuple: Final = tuple.__new__
_PLAY: Final = Phase.PLAY
_OTHER: Final = (Player.B, Player.A)
_SLOTS: Final = 4 * SUIT_SHIFT
_SET: Final = Precedence.SET
_PLAY_CLASS: Final = Precedence.PLAY


def score(
    new: State,
    player: Player,
    points: int,
    precedence: Precedence,
    reason: Reason,
    shown: CardSet = EMPTY,
    counts: bool = True,
) -> bool:
    """Enter a score; ``counts`` False keeps it out of the race (a younger's carte rouge
    where the ruleset says so). True when the game ends on it."""
    if points <= 0:
        return False
    # tuple.__new__ skips the named tuple's Python-level constructor
    entry = _new_tuple(ScoreEvent, (player, points, precedence, reason, shown))
    return score_entry(new, player, points, entry, counts)


def score_entry(
    new: State, player: Player, points: int, entry: ScoreEvent, counts: bool = True
) -> bool:
    """Enter a ready-made ledger entry of ``points`` for ``player``."""
    events = new._events
    if events is not None and type(events[1]) is list:
        # an open stretch of the play ends with the cards played so far
        events = (events[0], events[1][0], cards_played(new._tricks, new._lead))
    new._events = (events, entry)
    new._scores += points * SCORE_GAIN[player]
    if new._race is not None:
        reason = entry.reason
        if reason is not _PIQUE and reason is not _REPIQUE:
            precedence = entry.precedence
            bonus = _follow_race(new, player, points, precedence, counts)
            if bonus is not None:
                if _reached_target(new, player):
                    return True
                return score(new, player, bonus[1], precedence, bonus[0])
    return new._ctx.tables.target is not None and _reached_target(new, player)


def score_entries(new: State, entries: Sequence[ScoreEvent]) -> bool:
    """Enter ready-made entries of the hand (point, sequences, sets: they count toward
    repique), each for its own player, in order, as :func:`score_entry` would one by one;
    True when the game ends on one."""
    if not entries:
        return False
    if new._ctx.tables.target is not None:
        return any(score_entry(new, entry.player, entry.points, entry) for entry in entries)
    events = new._events
    if events is not None and type(events[1]) is list:
        events = (events[0], events[1][0], cards_played(new._tricks, new._lead))
    race = new._race
    scores = new._scores
    # the race followed in locals, written back at the end (or before a repique)
    for entry in entries:
        player, points = entry[0], entry[1]  # a ScoreEvent's player and points
        events = (events, entry)
        scores += points * SCORE_GAIN[player]
        if race is None:
            continue
        # _follow_race for an entry of the hand, written out: it counts toward repique
        counted, entered = race
        if entered[1 - player]:  # both have entries now: settled
            race = None
            continue
        count = counted[player] + points
        rules = new._ctx.ruleset
        if count >= rules.bonus_threshold:
            new._race = None
            new._events = events
            new._scores = scores
            if score(new, player, rules.repique, entry.precedence, _REPIQUE):
                return True
            events, scores, race = new._events, new._scores, None
        elif player == 0:
            race = ((count, counted[1]), (True, entered[1]))
        else:
            race = ((counted[0], count), (entered[0], True))
    new._events = events
    new._scores = scores
    new._race = race
    return False


def play_entry(new: State, player: Player, points: int, entry: ScoreEvent) -> bool:
    """Enter one of the play's own entries (a card led, a trick: class PLAY, toward
    pique for the elder) while the race is open, with no target (no game can end on it):
    as :func:`score_entry` would, the race followed in place. True when the game ended.

    While the race is open no stretch of the play is open (:func:`reopen` waits for it
    to be settled), so the entry goes on the ledger as it is."""
    race = new._race
    if race is None or new._ctx.tables.target is not None:
        return score_entry(new, player, points, entry)
    new._events = (new._events, entry)
    new._scores += points * SCORE_GAIN[player]
    counted, entered = race
    if entered[1 - player]:  # both have entries now: settled, with no bonus
        new._race = None
        return False
    if player is _OTHER[new._ctx.dealer]:  # the elder's play counts toward pique
        count = counted[player] + points
        rules = new._ctx.ruleset
        if count >= rules.bonus_threshold:
            new._race = None
            return score(new, player, rules.pique, _PLAY_CLASS, _PIQUE)
        counted = (count, counted[1]) if player == 0 else (counted[0], count)
    entered = (True, entered[1]) if player == 0 else (entered[0], True)
    new._race = (counted, entered)
    return False


def _reached_target(new: State, player: Player) -> bool:
    target = new._ctx.game.target
    if target is not None and score_pair(new._scores, deal=False)[player] >= target:
        end.finish_game(new, first_to_target=player)
        return True
    return False


def _follow_race(
    new: State, player: Player, points: int, precedence: Precedence, counts: bool
) -> tuple[Reason, int] | None:
    """One entry of the race (R-PR-2..4); the bonus it makes, if any."""
    race = new._race
    assert race is not None
    rules = new._ctx.ruleset
    counted, entered = race
    opponent_entered = entered[1 - player]
    bonus = None
    count = counted[player]
    if precedence <= _SET:
        if counts:
            count += points
            if not opponent_entered and count >= rules.bonus_threshold:
                bonus = (_REPIQUE, rules.repique)
    elif player is _OTHER[new._ctx.dealer] and precedence is _PLAY_CLASS:
        count += points
        if not opponent_entered and count >= rules.bonus_threshold:
            bonus = (_PIQUE, rules.pique)
    counted = (count, counted[1]) if player == 0 else (counted[0], count)
    entered = (True, entered[1]) if player == 0 else (entered[0], True)
    settled = bonus is not None or (entered[0] and entered[1])
    new._race = None if settled else (counted, entered)
    return bonus


def reopen(new: State) -> None:
    """Open a stretch of the play's own entries, from the next card on, once the race is
    settled in the play (see the module's docstring), unless one is open."""
    if new._race is None and new._PHASE is _PLAY and new._ctx.tables.usual:
        events = new._events
        if events is None or type(events[1]) is not list:
            new._events = (events, [cards_played(new._tricks, new._lead), None])


def events(state: State) -> tuple[ScoreEvent, ...]:
    """The ledger of ``state``'s deal, in order, with the play's entries written out.

    An open stretch keeps the last ledger written out from it: a state one card further
    (its child) adds only its card's entry."""
    node = state._events
    if node is None:
        return ()
    stretch = node[1]
    if type(stretch) is not list:  # no stretch open
        return _written_out(state, node)
    history: Any = state._history
    last = stretch[1]
    if last is not None:
        if last[0] is history:
            return last[1]  # type: ignore[no-any-return]
        if last[0] is history[0] and state._PHASE is _PLAY:
            # the child of the state read last: its card's entry, if it scores
            tables = state._ctx.tables
            index = history[1].card.index
            if state._lead >= 0:  # a lead: the follower is to move
                scoring = tables.lead[index]
                player = _OTHER[state._to_move]  # type: ignore[index]
            else:  # a trick: its winner leads the next
                scoring = tables.trick[history[0][1].card.index * _SLOTS + index][1]
                player = state._to_move  # type: ignore[assignment]
            before: tuple[ScoreEvent, ...] = last[1]
            found = before if scoring is None else (*before, scoring[1][player])
            stretch[1] = (history, found)
            return found
    found = _written_out(state, node)
    stretch[1] = (history, found)
    return found


def _written_out(state: State, node: Any) -> tuple[ScoreEvent, ...]:
    items: list[Any] = []
    stretches = False
    while node is not None:
        item = node[1]
        if type(item) is list:
            items.append((item[0], cards_played(state._tricks, state._lead)))
            stretches = True
        elif type(item) is int:
            items.append((item, node[2]))
            stretches = True
        else:
            items.append(item)
        node = node[0]
    items.reverse()
    if not stretches:
        return tuple(items)
    cards = _cards_of_the_deal(state, cards_played(state._tricks, state._lead))
    out: list[ScoreEvent] = []
    for item in items:
        if type(item) is tuple:
            out += _play_entries(state, cards, item[0], item[1])
        else:
            out.append(item)
    return tuple(out)


def _cards_of_the_deal(state: State, played: int) -> list[int]:
    """The indices of the cards played in the deal, in order (the newest actions)."""
    cards: list[int] = []
    node: Any = state._history
    for _ in range(played):
        cards.append(node[1].card.index)
        node = node[0]
    cards.reverse()
    return cards


def _play_entries(state: State, cards: list[int], first: int, end: int) -> list[ScoreEvent]:
    """The play's own entries of the cards from ``first`` to ``end`` (excluded)."""
    tables = state._ctx.tables
    out: list[ScoreEvent] = []
    leader = deal_elder(state._ctx)
    for i in range(0, end, 2):
        lead = cards[i]
        if i >= first:
            scoring = tables.lead[lead]
            if scoring is not None:
                out.append(scoring[1][leader])
        if i + 1 == end:
            break
        won, scoring = tables.trick[lead * _SLOTS + cards[i + 1]]  # type: ignore[misc]
        if won:
            leader = _OTHER[leader]
        if i + 1 >= first and scoring is not None:
            out.append(scoring[1][leader])
    return out
