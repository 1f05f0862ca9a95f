"""An exact solver of the play, for a state in the play phase with every card known.

:func:`solve` searches the rest of the deal under best play by both (alpha-beta with a
transposition table keyed on the cards left, the leader, the tricks won and the state of
the pique) and returns the deal score of the player to move minus the opponent's at the
end of the deal, counting every rule of the ruleset: the lead and win points or the
counters, the last trick, the cards, capot, a pique still open, and a race's target that
stops the deal the moment a player reaches it. Cards held by one player that no card left
in play separates, and that score alike, are one move: the search plays the highest.

Use it on a sampled state (:func:`piquet.sampling.sample_state`) for a search bot, or on
a laid-down hand.

>>> import piquet as pq
>>> from piquet.solver import solve
>>> state = pq.new_deal(
...     pq.RUBICON,
...     declarations="auto",
...     elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
...     younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
...     stock="7H 9D 8D 7D 10C 9C 8C 7C",
... )
>>> state = state.apply(pq.Exchange("9S AD KD AC QH")).apply(pq.Exchange("8H"))
>>> state = state.apply(pq.Leave("unseen"))
>>> solution = solve(state)
>>> solution.value, len(solution.best) >= 1, solution.best[0] in state.legal_actions()
(32, True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

import attrs

from .actions import Play
from .cards import CARD_BY_INDEX, SUIT_BITS, SUIT_SHIFT
from .ledger import Player, Precedence, Reason
from .ruleset import LeadAndWin, Ruleset, WinnerTakesCounters
from .state import Phase, State

__all__ = ["Solution", "SolverError", "solve"]

_COUNTERS9: Final = 0b111110000  # A K Q J 10 within a suit's nine bits
_SUIT_BASE: Final = 3 * SUIT_SHIFT  # index & _SUIT_BASE: the first bit of the card's suit


class SolverError(ValueError):
    """The state cannot be solved (not in the play phase); the message says why."""


@attrs.frozen
class Solution:
    """The outcome of the rest of the deal under best play by both.

    ``value``: the deal score of the player to move minus the opponent's at the end of
    the deal (or when a race's target stops it); ``best``: the optimal actions, in
    canonical order; ``values``: every legal action's value, for the player to move.
    """

    value: int
    best: tuple[Play, ...]
    values: Mapping[Play, int] = attrs.field(eq=False)
    nodes: int = attrs.field(default=0, eq=False)
    """Positions searched (a measure of the work done)."""


@attrs.frozen
class _Rules:
    """The ruleset's play scoring, as tables over card bit indices."""

    lead_points: tuple[int, ...]
    trick_points: dict[tuple[int, int], int]  # (lead, follow) -> points to the winner
    last_points: tuple[int, ...]  # by winning card
    cards: int
    capot: int
    cards_toward_pique: bool
    threshold: int
    pique: int
    classes: bool  # whether counters and low cards score differently


@functools.lru_cache(maxsize=64)
def _rules(ruleset: Ruleset) -> _Rules:
    scorer = ruleset.tricks
    indices = [c.index for c in CARD_BY_INDEX if c is not None]
    lead = [0] * (4 * SUIT_SHIFT)
    last = [0] * (4 * SUIT_SHIFT)
    for i in indices:
        lead[i] = scorer.lead_points(i)
        last[i] = scorer.last_trick_points(i)
    trick: dict[tuple[int, int], int] = {}
    for i in indices:
        for j in indices:
            if i != j:
                won = j & _SUIT_BASE == i & _SUIT_BASE and j > i
                trick[(i, j)] = scorer.trick_points(i, j, won)[0]
    # both scorers score a card by whether it is a counter; where every card counts
    # alike (lead and win, low cards counting) any run of cards is one move
    classes = not (isinstance(scorer, LeadAndWin) and scorer.low_cards_count)
    if not isinstance(scorer, LeadAndWin | WinnerTakesCounters):
        raise SolverError(f"solve: no equivalence of cards known for {type(scorer).__name__}")
    return _Rules(
        tuple(lead),
        trick,
        tuple(last),
        ruleset.cards,
        ruleset.capot,
        ruleset.cards_count_toward_pique,
        ruleset.bonus_threshold,
        ruleset.pique,
        classes,
    )


def _pique_state(state: State) -> tuple[bool, int]:
    """Whether the elder may still make a pique in the play, and his count toward it."""
    elder, younger = state.elder, state.dealer
    count = 0
    for event in state.events:
        if event.reason in (Reason.PIQUE, Reason.REPIQUE) or event.player == younger:
            return False, 0
        if event.player == elder and event.precedence <= Precedence.PLAY:
            count += event.points
    return True, count


def solve(state: State) -> Solution:
    """The exact value of the rest of the deal and the optimal plays (see the module).

    >>> import random
    >>> import piquet as pq
    >>> rng = random.Random(2)
    >>> state = pq.new_game(pq.AU_CENT_36, declarations="auto")
    >>> while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > 5:
    ...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> solution = solve(state)
    >>> best = max(solution.values.values())
    >>> solution.value == best, set(solution.best) <= set(state.legal_actions())
    (True, True)
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a piquet.State, not {type(state).__name__}")
    if state.phase is not Phase.PLAY:
        raise SolverError(f"solve: the state is in the {state.phase.value} phase, not the play")
    mover = state.to_move
    assert isinstance(mover, Player)
    search = _Search(state)
    values: dict[Play, int] = {}
    lead = state.trick[0].index if state.trick else -1
    hands = [state.hand(Player.A).mask, state.hand(Player.B).mask]
    for play in state.legal_actions():
        assert isinstance(play, Play)
        values[play] = search.root_move(hands, mover, lead, play.card.index)
    best_value = max(values.values())
    now = state.deal_scores
    base = now[mover] - now[mover.other]
    return Solution(
        value=base + best_value,
        best=tuple(p for p, v in values.items() if v == best_value),
        values={p: base + v for p, v in values.items()},
        nodes=search.nodes,
    )


_INF: Final = 10**6


class _Search:
    """Alpha-beta over bit masks, from player A's side (A maximises A's points minus
    B's), one node per trick: the leader's card, then the follower's answer. A
    transposition table at the start of each trick holds bounds and the best lead,
    which is tried first when the position comes again."""

    def __init__(self, state: State) -> None:
        ruleset = state.ruleset
        rules = self.rules = _rules(ruleset)
        self.elder = int(state.elder)
        self.pique_open, self.elder_count = _pique_state(state)
        tricks = state.tricks_won
        self.tricks = (tricks[0], tricks[1])
        target = ruleset.game.target
        scores = state.scores
        self.scores = (scores[0], scores[1])
        self.target: int | None = None
        if target is not None:
            tricks_left = 12 - tricks[0] - tricks[1]
            most = (
                tricks_left * 20
                + ruleset.capot
                + ruleset.cards
                + max(rules.last_points)
                + (ruleset.pique if self.pique_open else 0)
            )
            if max(scores) + most >= target:
                self.target = target
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.lead_points = rules.lead_points
        self.trick_points = rules.trick_points

    # ---------------------------------------------------------------- scoring

    def _enter(self, player: int, points: int, play_class: bool, state: list[int]) -> bool:
        """Score an entry on ``state`` = [pique open, elder's count, A's points, B's
        points] (R-PR-3 for the pique, R-GM-2 for a race); True when the deal stops."""
        if points <= 0:
            return False
        state[2 + player] += points
        bonus = 0
        if state[0]:
            if player != self.elder:
                state[0] = 0
                state[1] = 0
            elif play_class:
                state[1] += points
                if state[1] >= self.rules.threshold:
                    bonus = self.rules.pique
                    state[0] = 0
                    state[1] = 0
        target = self.target
        if target is not None and self.scores[player] + state[2 + player] >= target:
            return True
        if bonus:
            state[2 + player] += bonus
            if target is not None and self.scores[player] + state[2 + player] >= target:
                return True
        return False

    def _trick_end(
        self,
        winner: int,
        lead: int,
        follow: int,
        won: bool,
        tricks_a: int,
        left: int,
        state: list[int],
    ) -> bool:
        """Score a trick just won (and the end of the deal after the last); True when the
        deal stops (a race's target, or the last trick)."""
        rules = self.rules
        if self._enter(winner, self.trick_points[(lead, follow)], True, state):
            return True
        won_by = tricks_a if winner == 0 else 12 - left - tricks_a
        if rules.cards_toward_pique and won_by == 7 and rules.cards:
            if self._enter(winner, rules.cards, True, state):
                return True
        if left:
            return False
        if self._enter(winner, rules.last_points[follow if won else lead], True, state):
            return True
        for p, count in ((0, tricks_a), (1, 12 - tricks_a)):
            if count == 12:
                already = rules.cards if rules.cards_toward_pique else 0
                if self._enter(p, rules.capot - already, False, state):
                    return True
            elif count > 6 and not rules.cards_toward_pique:
                if self._enter(p, rules.cards, False, state):
                    return True
        return True

    # ---------------------------------------------------------------- search

    def root_move(self, hands: list[int], mover: Player, lead: int, card: int) -> int:
        """The value of playing ``card`` now, from the mover's side."""
        state = [int(self.pique_open), self.elder_count, 0, 0]
        hand_a, hand_b = hands
        player = int(mover)
        tricks_a = self.tricks[0]
        if lead < 0:
            value = self._after_lead(hand_a, hand_b, player, card, tricks_a, state, -_INF, _INF)
        else:
            value = self._after_follow(
                hand_a, hand_b, 1 - player, lead, card, tricks_a, state, -_INF, _INF
            )
        return value if player == 0 else -value

    def _after_lead(
        self,
        hand_a: int,
        hand_b: int,
        leader: int,
        lead: int,
        tricks_a: int,
        state: list[int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) of ``leader`` leading ``lead``."""
        bit = 1 << lead
        if leader == 0:
            hand_a ^= bit
        else:
            hand_b ^= bit
        state = state[:]
        before = state[2] - state[3]
        if self._enter(leader, self.lead_points[lead], True, state):
            return state[2] - state[3] - before
        gained = state[2] - state[3] - before
        follower = 1 - leader
        hand = hand_b if follower else hand_a
        base = lead & _SUIT_BASE
        suit = (hand >> base) & SUIT_BITS
        in_play = hand_a | hand_b
        classes = self.rules.classes
        if suit:
            answers = _representatives(
                suit, (in_play >> base) & SUIT_BITS, base, classes, lead - base
            )
        else:
            answers = _all_representatives(hand, in_play, classes)
        alpha -= gained
        beta -= gained
        if follower == 0:
            best = -_INF
            for card in answers:
                value = self._after_follow(
                    hand_a, hand_b, 0, lead, card, tricks_a, state, alpha, beta
                )
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for card in answers:
                value = self._after_follow(
                    hand_a, hand_b, 1, lead, card, tricks_a, state, alpha, beta
                )
                if value < best:
                    best = value
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        return gained + best

    def _after_follow(
        self,
        hand_a: int,
        hand_b: int,
        follower: int,
        lead: int,
        card: int,
        tricks_a: int,
        state: list[int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) of ``follower`` playing ``card`` to ``lead``
        (already taken from the leader's hand and scored)."""
        bit = 1 << card
        if follower == 0:
            hand_a ^= bit
        else:
            hand_b ^= bit
        won = card & _SUIT_BASE == lead & _SUIT_BASE and card > lead
        winner = follower if won else 1 - follower
        if winner == 0:
            tricks_a += 1
        left = hand_a.bit_count()
        fast = not state[0] and self.target is None and left
        if fast:
            # the common case: no pique to watch, no race target, not the last trick
            points = self.trick_points[(lead, card)]
            rules = self.rules
            if rules.cards_toward_pique and rules.cards:
                won_by = tricks_a if winner == 0 else 12 - left - tricks_a
                if won_by == 7:
                    points += rules.cards
            gained = points if winner == 0 else -points
            return gained + self._trick(
                hand_a, hand_b, winner, tricks_a, state, alpha - gained, beta - gained
            )
        after = state[:]
        before = after[2] - after[3]
        stop = self._trick_end(winner, lead, card, won, tricks_a, left, after)
        gained = after[2] - after[3] - before
        if stop:
            return gained
        return gained + self._trick(
            hand_a, hand_b, winner, tricks_a, after, alpha - gained, beta - gained
        )

    def _trick(
        self,
        hand_a: int,
        hand_b: int,
        leader: int,
        tricks_a: int,
        state: list[int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) at the start of a trick."""
        self.nodes += 1
        key = (hand_a, hand_b, leader, tricks_a, state[0], state[1])
        if self.target is not None:
            key += (state[2], state[3])
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        hand = hand_a if leader == 0 else hand_b
        moves = _all_representatives(hand, hand_a | hand_b, self.rules.classes)
        if first in moves:
            moves = (first, *(m for m in moves if m != first))
        start_alpha, start_beta = alpha, beta
        best_move = moves[0]
        if leader == 0:
            best = -_INF
            for card in moves:
                value = self._after_lead(hand_a, hand_b, 0, card, tricks_a, state, alpha, beta)
                if value > best:
                    best = value
                    best_move = card
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for card in moves:
                value = self._after_lead(hand_a, hand_b, 1, card, tricks_a, state, alpha, beta)
                if value < best:
                    best = value
                    best_move = card
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        low, high = (entry[0], entry[1]) if entry is not None else (-_INF, _INF)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_move)
        return best


def _all_representatives(hand: int, in_play: int, classes: bool) -> tuple[int, ...]:
    """Every card of the hand, one per run of equivalent cards, suit by suit."""
    out: tuple[int, ...] = ()
    for base in (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT):
        suit = (hand >> base) & SUIT_BITS
        if suit:
            out += _representatives(suit, (in_play >> base) & SUIT_BITS, base, classes, -1)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _representatives(
    mine: int, in_play: int, base: int, classes: bool, table: int
) -> tuple[int, ...]:
    """The highest card of each run of ``mine`` that no other card in play (or the card
    on the table) interrupts and, where counters score apart, of one scoring class."""
    others = (in_play & ~mine) | ((1 << table) if table >= 0 else 0)
    out: list[int] = []
    previous_mine = False
    previous_class = -1
    for b in range(8, -1, -1):
        if mine >> b & 1:
            card_class = (_COUNTERS9 >> b & 1) if classes else 0
            if not (previous_mine and card_class == previous_class):
                out.append(base + b)
            previous_mine = True
            previous_class = card_class
        elif others >> b & 1:
            previous_mine = False
    return tuple(out)
