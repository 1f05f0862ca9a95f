"""Invariants of every reachable state, shared by the property and stateful tests.

Each ``check_*`` function asserts one family of rules about a single state; the other
helpers walk a game's history.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import piquet as pq
from piquet.records import start_of

A, B = pq.Player.A, pq.Player.B
BONUSES = (pq.Reason.PIQUE, pq.Reason.REPIQUE)


def path_of(state: pq.State) -> list[pq.State]:
    """Every state from the start of the game (or deal) to ``state``, in order."""
    states = [start_of(state)]
    for action in state.history:
        states.append(states[-1].apply(action))
    assert states[-1] == state
    return states


def deal_actions(state: pq.State) -> tuple[pq.Action, ...]:
    """The actions of the current (or last) deal, after its Deal."""
    history = state.history
    for i in range(len(history) - 1, -1, -1):
        if isinstance(history[i], pq.Deal):
            return history[i + 1 :]
    return history


def played_cards(state: pq.State) -> list[pq.Card]:
    return [a.card for a in deal_actions(state) if isinstance(a, pq.Play)]


def whole_pack(ruleset: pq.Ruleset) -> pq.CardSet:
    return pq.CardSet(pq.pack(ruleset.pack_size))


def is_blank(hand: pq.CardSet) -> bool:
    return not any(card.rank.is_court for card in hand)


def snapshot(state: pq.State) -> tuple[Any, ...]:
    """Everything public about a state, and the values of its private slots."""
    seen = [state.observation(p) for p in pq.Player]
    observations = tuple((o, tuple(o.legal_actions[:5])) for o in seen)
    public = (
        state.phase,
        state.to_move,
        state.dealer,
        state.deal_number,
        tuple(state.hand(p) for p in pq.Player),
        tuple(state.dealt_hand(p) for p in pq.Player),
        tuple(state.discard(p) for p in pq.Player),
        state.stock,
        state.scores,
        state.deal_scores,
        state.events,
        state.score_sheet,
        state.tricks_won,
        state.trick,
        state.history,
        state.spoken,
        state.left_cards,
        state.result,
        tuple(state.legal_actions()[:5]),
        len(state.legal_actions()),
        observations,
    )
    # the cached hash is set on first use, and is no part of the position
    private = tuple(getattr(state, name) for name in pq.State.__slots__ if name != "_hash")
    return public, private


def elder_of_events(state: pq.State) -> pq.Player:
    """The elder of the deal whose ledger ``state.events`` (and tricks) are. At a chance
    node between deals the events are the last deal's, but the dealer has already passed
    to the last deal's elder: ``state.elder`` is the elder of the deal to come."""
    return state.dealer if state.to_move is pq.CHANCE else state.elder


def ledger_bonuses(state: pq.State) -> Iterator[tuple[int, pq.Player, pq.Reason]]:
    """The pique and repique that R-PR-1..4 call for, from the other entries of the
    ledger: (index of the entry that made it, player, reason)."""
    rules = state.ruleset
    elder = elder_of_events(state)
    younger = elder.other
    counted = {A: 0, B: 0}
    entered = {A: False, B: False}
    settled = False
    for index, event in enumerate(state.events):
        if event.reason in BONUSES:
            settled = True
            continue
        if settled:
            continue
        player = event.player
        hand_entry = event.precedence <= pq.Precedence.SET
        counts = False
        if hand_entry:
            counts = not (
                event.reason is pq.Reason.CARTE_ROUGE
                and player is younger
                and not rules.younger_carte_rouge_makes_bonus
            )
        elif player is elder:
            counts = event.precedence is pq.Precedence.PLAY or (
                event.reason is pq.Reason.CARDS and rules.cards_count_toward_pique
            )
        if counts:
            counted[player] += event.points
            if not entered[player.other] and counted[player] >= rules.bonus_threshold:
                yield index, player, pq.Reason.REPIQUE if hand_entry else pq.Reason.PIQUE
                settled = True
        entered[player] = True
        if entered[A] and entered[B]:
            settled = True


def check_bonuses(state: pq.State) -> None:
    """The bonuses in the ledger are exactly those the rules call for, each right after
    the entry that made it (unless that entry ended the game at once)."""
    rules = state.ruleset
    events = state.events
    made = [(i, e.player, e.reason) for i, e in enumerate(events) if e.reason in BONUSES]
    expected = list(ledger_bonuses(state))
    assert len(made) <= 1, f"pique and repique are exclusive (R-PR-3): {made}"
    if made:
        i, player, reason = made[0]
        assert expected, f"{reason} for {player} that the ledger does not earn: {events}"
        j, want_player, want_reason = expected[0]
        assert (i - 1, player, reason) == (j, want_player, want_reason), events
        assert events[i].points == (rules.repique if reason is pq.Reason.REPIQUE else rules.pique)
    elif expected:
        j, player, reason = expected[0]
        # only a race won by that very entry stops the bonus (R-GM-2)
        assert j == len(events) - 1 and race_won(state), f"{reason} for {player} missing: {events}"


def check_cards(state: pq.State) -> None:
    """Every card of the pack is in exactly one place (R-CA-1, R-DL-1, R-EX, R-PL)."""
    if state.deal_number == 0:
        assert all(not state.hand(p) and not state.discard(p) for p in pq.Player)
        assert state.stock == ()
        return
    stock = state.stock
    played = played_cards(state)
    places = [
        *(state.hand(p) for p in pq.Player),
        *(state.discard(p) for p in pq.Player),
        pq.CardSet(stock),
        pq.CardSet(played),
    ]
    assert len(set(stock)) == len(stock) and len(set(played)) == len(played)
    assert sum(len(place) for place in places) == state.ruleset.pack_size
    union = pq.CardSet()
    for place in places:
        union |= place
    assert union == whole_pack(state.ruleset)


def check_scores(state: pq.State) -> None:
    """A deal's score is the sum of its ledger; the game's the sum of its deals."""
    for p in pq.Player:
        assert state.deal_scores[p] == sum(e.points for e in state.events if e.player is p)
    assert all(e.points > 0 for e in state.events)
    finished = [sum(deal[p] for deal in state.score_sheet) for p in pq.Player]
    if state.phase in (pq.Phase.DEAL, pq.Phase.OVER):
        assert list(state.scores) == finished
    else:
        assert list(state.scores) == [finished[p] + state.deal_scores[p] for p in pq.Player]


def check_tricks(state: pq.State) -> None:
    """The finished tricks agree with the tricks won: the deal's elder leads the first,
    the winner of each leads the next, and the follower wins with a higher card of the
    suit led (R-PL-1, R-PL-2); also between deals, when the dealer has passed already."""
    leader = elder_of_events(state)
    won = {A: 0, B: 0}
    for trick in state.tricks:
        assert trick.leader is leader, f"{trick} not led by {leader}: {state.tricks}"
        follower_wins = trick.follow.suit is trick.lead.suit and trick.follow.rank > trick.lead.rank
        leader = trick.leader.other if follower_wins else trick.leader
        assert trick.winner is leader, f"{trick} won by {leader}"
        won[leader] += 1
    assert (won[A], won[B]) == state.tricks_won


def same_deal(before: pq.State, after: pq.State) -> bool:
    return after.deal_number == before.deal_number and before.deal_number > 0


def race_won(state: pq.State) -> bool:
    """The game ended the moment a player reached a race's target (R-GM-2)."""
    target = state.ruleset.game.target
    return state.is_over and target is not None and max(state.scores) >= target


def some_of(legal: Sequence[pq.Action], rng: random.Random, most: int = 60) -> list[pq.Action]:
    """All of a short list; of a long one (the elder's 1,585 discards) both ends and a
    random run from the middle."""
    if len(legal) <= most:
        return list(legal)
    third = most // 3
    start = rng.randrange(len(legal) - third)
    return [*legal[:third], *legal[start : start + third], *legal[-third:]]


def legal_deal(state: pq.State, deal: pq.Deal) -> bool:
    size = state.ruleset.pack_size
    return sorted(deal.pack) == sorted(pq.pack(size)) and deal.packet in state.ruleset.packets
