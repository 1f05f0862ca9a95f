"""The messages a bot is told between its decisions: the new game and deal, and the
other side's actions, read from what its observations show.

A runner sees its player's observation only when he is to move (and at the end of the
game), so it tells him what changed since the last one, in the order it happened: the
opponent's exchange (how many cards, never which), his choice about left cards, a carte
blanche shown, his words in the declarations, his cards played. What the observation
does not show is never told: an opponent's discard, or the cards behind his calls.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(1)))
>>> [m["type"] for m in messages_between(None, state.observation(pq.Player.A), game=1)]
['new_game', 'new_deal']
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..observation import Observation
from ..words import Player
from .codec import spoken_to_json

__all__ = ["is_new_game", "messages_between", "plays_of"]


def is_new_game(before: Observation | None, after: Observation) -> bool:
    """Whether ``after`` cannot follow ``before`` in one game: a new game has begun."""
    if before is None:
        return True
    if after.deal_number != before.deal_number:
        return after.deal_number < before.deal_number or len(after.score_sheet) < len(
            before.score_sheet
        )
    return (
        len(after.spoken) < len(before.spoken)
        or len(after.tricks) < len(before.tricks)
        or sum(after.taken) < sum(before.taken)
        or after.games != before.games
    )


def plays_of(observation: Observation) -> list[tuple[Player, Card]]:
    """The cards played in the deal so far, in order, with who played each."""
    played: list[tuple[Player, Card]] = []
    for trick in observation.tricks:
        played.append((trick.leader, trick.lead))
        played.append((trick.leader.other, trick.follow))
    if observation.trick:
        to_move = observation.to_move
        leader = to_move.other if isinstance(to_move, Player) else observation.player.other
        played.append((leader, observation.trick[0]))
    return played


def messages_between(
    before: Observation | None, after: Observation, *, game: int
) -> list[dict[str, Any]]:
    """The ``new_game``, ``new_deal`` and ``event`` messages that take a player from
    ``before`` (None at the start of a game) to ``after``; ``game`` numbers the game."""
    messages: list[dict[str, Any]] = []
    if is_new_game(before, after):
        before = None
        messages.append(
            {
                "type": "new_game",
                "game": game,
                "seat": after.player.name,
                "dealer": _first_dealer(after).name,
                "declarations": "auto" if after.auto_declarations else "played",
            }
        )
    if after.deal_number == 0:
        return messages
    if before is None or before.deal_number != after.deal_number:
        before = None
        messages.append({"type": "new_deal", "deal": after.deal_number, "elder": after.elder.name})
    messages.extend(_events(before, after))
    return messages


def _first_dealer(observation: Observation) -> Player:
    """The first deal's dealer: the dealer alternates every deal (R-DL-5)."""
    deals = max(observation.deal_number, 1) - 1
    return observation.dealer if deals % 2 == 0 else observation.dealer.other


def _events(before: Observation | None, after: Observation) -> list[dict[str, Any]]:
    opponent = after.player.other
    name = opponent.name
    events: list[dict[str, Any]] = []
    if after.taken[opponent] > (before.taken[opponent] if before else 0):
        events.append({"type": "event", "player": name, "exchange": after.taken[opponent]})
    left = after.left_cards
    if (
        left is not None
        and opponent is after.dealer
        and (before is None or before.left_cards is None)
    ):
        events.append({"type": "event", "player": name, "action": f"leave {left.value}"})
    if after.opponent_shown and not (before and before.opponent_shown):
        events.append({"type": "event", "player": name, "shown": str(after.opponent_shown)})
    for spoken in after.spoken[len(before.spoken) if before else 0 :]:
        if spoken.player is opponent:
            event: dict[str, Any] = {"type": "event", "player": name}
            if spoken.verb in ("good", "equal", "pass"):
                event["action"] = f"{spoken.verb} {spoken.category.value}"
            event["spoken"] = spoken_to_json(spoken)
            events.append(event)
    old = len(plays_of(before)) if before else 0
    for player, card in plays_of(after)[old:]:
        if player is opponent:
            events.append({"type": "event", "player": name, "action": f"play {card}"})
    return events
