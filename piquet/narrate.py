"""A game told the way players speak it: calls, answers, the count, the score sheet.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import RandomBot, play_game
>>> bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2))]
>>> final = play_game(pq.RUBICON, bots, random.Random(3))
>>> lines = list(narrate(final))
>>> lines[0]
'Rubicon piquet: a partie of six deals. B deals first.'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import Call, Deal, Exchange, ExchangeCount, Good, Leave, LeftCards, Pass, Play, Reckon
from .ledger import Category, Reason, ScoreEvent
from .records import replay
from .ruleset import Partie, Race, number_word
from .state import State

__all__ = ["narrate", "score_sheet"]

_CATEGORY_WORDS = {
    Category.POINT: "point",
    Category.SEQUENCE: "sequence",
    Category.SET: "trio or quatorze",
}
_REASON_WORDS = {
    Reason.CARTE_BLANCHE: "carte blanche",
    Reason.CARTE_ROUGE: "carte rouge",
    Reason.CARDS: "the cards",
    Reason.CAPOT: "capot",
    Reason.PIQUE: "pique",
    Reason.REPIQUE: "repique",
    Reason.LAST_TRICK: "the last trick",
}


def _card(card: Any) -> str:
    return f"{card.rank}{card.suit.symbol}"


def _title(state: State) -> str:
    rules = state.ruleset
    game = rules.game
    name = rules.title or rules.name
    if isinstance(game, Partie):
        what = f"a partie of {number_word(game.deals)} deals"
    elif isinstance(game, Race):
        what = f"a race to {game.target}"
    else:
        what = "a game"
    return f"{name[0].upper()}{name[1:]}: {what}. {state.first_dealer} deals first."


def _say(event: ScoreEvent, total: int) -> str:
    reason = _REASON_WORDS.get(event.reason)
    if reason is not None:
        return f"    {event.player} scores {event.points} for {reason}: {total}."
    return f"    {event.player}: {total}."


def narrate(state: State) -> Iterator[str]:
    """Lines telling the game that led to ``state``, deal by deal."""
    yield _title(state)
    trick_line: list[str] = []
    previous: State | None = None
    for before, action in replay(state):
        after = before.apply(action)
        previous = after
        who = before.to_move
        if isinstance(action, Deal):
            yield ""
            yield f"Deal {after.deal_number}: {after.dealer} deals, {after.elder} is elder."
            for player in (after.elder, after.younger):
                yield f"  {player} holds {after.dealt_hand(player)}."
        elif isinstance(action, ExchangeCount):
            yield f"  {who}: Carte blanche. I shall exchange {number_word(action.count)}."
        elif isinstance(action, Exchange):
            n = len(action.discard)
            yield f"  {who} discards {number_word(n)}: {action.discard}."
        elif isinstance(action, Leave):
            left = after.stock
            shown = " ".join(_card(c) for c in left)
            if action.choice is LeftCards.UNSEEN:
                yield f"  {who} leaves {number_word(len(left))} unseen."
            elif action.choice is LeftCards.LOOK:
                yield f"  {who} looks at the {number_word(len(left))} he left."
            else:
                yield f"  {who} shows the {number_word(len(left))} he left: {shown}."
        elif isinstance(action, Call):
            said = after.spoken[-1] if after.spoken and after.spoken[-1].player == who else None
            words = said.words if said is not None else str(action.cards)
            yield f"  {who}: {words[0].upper()}{words[1:]}."
        elif isinstance(action, Good):
            yield f"  {who}: Good."
        elif isinstance(action, Pass):
            yield f"  {who}: No {_CATEGORY_WORDS[action.category]}."
        elif isinstance(action, Reckon):
            if action.cards:
                yield f"  {who}: And {after.spoken[-1].words}."
        elif isinstance(action, Play):
            trick_line.append(
                f"{who} {'leads' if not trick_line else 'plays'} {_card(action.card)}"
            )
        new_events = (
            after.events[len(before.events) :]
            if after.deal_number == before.deal_number
            else after.events
        )
        if isinstance(action, Play):
            if len(trick_line) == 2 or after.is_over or after.phase is not before.phase:
                a, b = after.deal_scores
                yield f"  {'; '.join(trick_line)}.   ({a} to {b})"
                trick_line = []
            for event in new_events:
                if event.reason in _REASON_WORDS:
                    yield _say(event, _deal_total(after, event))
        else:
            if (
                after.auto_declarations
                and before.phase is not after.phase
                and after.phase.value in ("play", "over")
            ):
                for said in after.spoken:
                    yield f"  {said.player}: {said.words[0].upper()}{said.words[1:]}."
            for event in new_events:
                yield _say(event, _deal_total(after, event))
        if (
            after.phase is not before.phase
            and after.phase.value in ("deal", "over")
            and not isinstance(action, Deal)
        ):
            a, b = after.deal_scores
            total_a, total_b = after.scores
            yield f"  Deal {after.deal_number}: A {a}, B {b}. Totals: A {total_a}, B {total_b}."
    if previous is not None and previous.result is not None:
        yield ""
        yield from score_sheet(previous)


def _deal_total(state: State, event: ScoreEvent) -> int:
    """The scorer's deal score up to and including ``event``."""
    total = 0
    for e in state.events:
        if e.player == event.player:
            total += e.points
        if e is event:
            break
    return total


def score_sheet(state: State) -> Iterator[str]:
    """The score sheet: each deal's scores, the totals and the result."""
    yield "Score sheet      A      B"
    for number, (a, b) in enumerate(state.score_sheet, start=1):
        yield f"  deal {number:<2}    {a:>5}  {b:>5}"
    a, b = state.scores
    yield f"  total      {a:>5}  {b:>5}"
    result = state.result
    if result is None:
        return
    if result.winner is None:
        yield "Drawn."
        return
    loser = result.scores[result.winner.other]
    game = state.ruleset.game
    note = ""
    if isinstance(game, Partie) and loser < game.rubicon:
        note = f" ({result.winner.other} is rubiconed)"
    elif isinstance(game, Race) and result.points == 2:
        note = " (a double game)"
    yield f"{result.winner} wins, {result.points} point{'s' if result.points != 1 else ''}{note}."
