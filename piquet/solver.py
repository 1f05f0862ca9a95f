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
    B's), with a transposition table at the start of each trick."""

    def __init__(self, state: State) -> None:
        ruleset = state.ruleset
        self.rules = _rules(ruleset)
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
                + max(ruleset.tricks.last_trick, 10)
                + (ruleset.pique if self.pique_open else 0)
            )
            if max(scores) + most >= target:
                self.target = target
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    # ---------------------------------------------------------------- scoring

    def _enter(
        self, player: int, points: int, play_class: bool, pique: tuple[bool, int], got: list[int]
    ) -> tuple[tuple[bool, int], bool]:
        """Score an entry (R-PR-3 for the pique, R-GM-2 for a race); True when the deal
        stops on it."""
        if points <= 0:
            return pique, False
        got[player] += points
        bonus = 0
        is_open, count = pique
        if is_open:
            if player != self.elder:
                pique = (False, 0)
            elif play_class:
                count += points
                if count >= self.rules.threshold:
                    bonus = self.rules.pique
                    pique = (False, 0)
                else:
                    pique = (True, count)
        target = self.target
        if target is not None and self.scores[player] + got[player] >= target:
            return pique, True
        if bonus:
            got[player] += bonus
            if target is not None and self.scores[player] + got[player] >= target:
                return pique, True
        return pique, False

    # ---------------------------------------------------------------- search

    def root_move(self, hands: list[int], mover: Player, lead: int, card: int) -> int:
        """The value of playing ``card`` now, from the mover's side."""
        pique = (self.pique_open, self.elder_count)
        value = self._move(
            hands[0], hands[1], int(mover), lead, card, self.tricks, pique, (0, 0), -_INF, _INF
        )
        return value if mover == 0 else -value

    def _move(
        self,
        hand_a: int,
        hand_b: int,
        player: int,
        lead: int,
        card: int,
        tricks: tuple[int, int],
        pique: tuple[bool, int],
        acc: tuple[int, int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) after ``player`` plays ``card``."""
        rules = self.rules
        bit = 1 << card
        if player == 0:
            hand_a &= ~bit
        else:
            hand_b &= ~bit
        got = [acc[0], acc[1]]
        if lead < 0:
            pique, over = self._enter(player, rules.lead_points[card], True, pique, got)
            if over:
                return (got[0] - acc[0]) - (got[1] - acc[1])
            gained = (got[0] - acc[0]) - (got[1] - acc[1])
            rest = self._node(
                hand_a,
                hand_b,
                1 - player,
                card,
                tricks,
                pique,
                (got[0], got[1]),
                alpha - gained,
                beta - gained,
            )
            return gained + rest
        won = card & _SUIT_BASE == lead & _SUIT_BASE and card > lead
        winner = player if won else 1 - player
        won_tricks = [tricks[0], tricks[1]]
        won_tricks[winner] += 1
        done = won_tricks[0] + won_tricks[1] == 12
        pique, over = self._enter(winner, rules.trick_points[(lead, card)], True, pique, got)
        if not over and rules.cards_toward_pique and won_tricks[winner] == 7 and rules.cards:
            pique, over = self._enter(winner, rules.cards, True, pique, got)
        if not over and done:
            pique, over = self._enter(
                winner, rules.last_points[card if won else lead], True, pique, got
            )
            for p in (0, 1):
                if over:
                    break
                if won_tricks[p] == 12:
                    already = rules.cards if rules.cards_toward_pique else 0
                    pique, over = self._enter(p, rules.capot - already, False, pique, got)
                elif won_tricks[p] > 6 and not rules.cards_toward_pique:
                    pique, over = self._enter(p, rules.cards, False, pique, got)
        gained = (got[0] - acc[0]) - (got[1] - acc[1])
        if over or done:
            return gained
        rest = self._node(
            hand_a,
            hand_b,
            winner,
            -1,
            (won_tricks[0], won_tricks[1]),
            pique,
            (got[0], got[1]),
            alpha - gained,
            beta - gained,
        )
        return gained + rest

    def _node(
        self,
        hand_a: int,
        hand_b: int,
        player: int,
        lead: int,
        tricks: tuple[int, int],
        pique: tuple[bool, int],
        acc: tuple[int, int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) with ``player`` to play."""
        self.nodes += 1
        key: tuple[int, ...] | None = None
        if lead < 0:
            key = (
                hand_a,
                hand_b,
                player,
                tricks[0],
                pique[0],
                pique[1],
                *(acc if self.target is not None else ()),
            )
            bounds = self.table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, high)
        hand = hand_a if player == 0 else hand_b
        moves = self._moves(hand, hand_a | hand_b, lead)
        start_alpha, start_beta = alpha, beta
        if player == 0:
            best = -_INF
            for card in moves:
                value = self._move(hand_a, hand_b, 0, lead, card, tricks, pique, acc, alpha, beta)
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for card in moves:
                value = self._move(hand_a, hand_b, 1, lead, card, tricks, pique, acc, alpha, beta)
                if value < best:
                    best = value
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if key is not None:
            low, high = self.table.get(key, (-_INF, _INF))
            if best <= start_alpha:
                high = min(high, best)
            elif best >= start_beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _moves(self, hand: int, in_play: int, lead: int) -> tuple[int, ...]:
        """The legal cards, one per run of equivalent cards (the highest), high first."""
        if lead >= 0:
            base = lead & _SUIT_BASE
            suit = (hand >> base) & SUIT_BITS
            if suit:
                return _representatives(
                    suit, (in_play >> base) & SUIT_BITS, base, self.rules.classes, lead - base
                )
        out: tuple[int, ...] = ()
        for base in (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT):
            suit = (hand >> base) & SUIT_BITS
            if suit:
                table_lead = lead - base if lead >= 0 and lead & _SUIT_BASE == base else -1
                out += _representatives(
                    suit, (in_play >> base) & SUIT_BITS, base, self.rules.classes, table_lead
                )
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
