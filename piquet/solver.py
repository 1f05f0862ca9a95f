"""An exact solver of the play, for a state in the play phase with every card known.

:func:`solve` searches the rest of the deal under best play by both (alpha-beta with a
transposition table keyed on the cards left, the leader, the tricks won and the state of
the pique) and returns the deal score of the player to move minus the opponent's at the
end of the deal, counting every rule of the ruleset: the lead and win points or the
counters, the last trick, the cards, capot, a pique still open, and a race's target that
stops the deal the moment a player reaches it. Cards held by one player that no card left
in play separates, and that score alike, are one move: the search plays the highest.

The search is MTD(f) (zero-window alpha-beta searches converging on the value) with one
node per trick. Its table keys a position by each suit's cards left in rank order, as
whose each is and whether it is a counter where counters score apart, the suits in any
order (there are no trumps): positions that differ only by the ranks of cards already
played, or by a permutation of the suits, share an entry. Once no pique can be made and
no race's target reached, the search is a negamax from the leader's side, and a position
is cut at once when the most (or least) the rest of the deal can bring cannot reach the
window: the points each trick can bring as its leader keeps or loses the lead, the last
trick, the cards or capot for every count of tricks still possible, the counters each
player holds where they are the points, and the tricks each player is sure of (the
leader's masters, which he can cash first; a trick for each suit whose master the
follower holds while the leader holds a card of it).

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
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from .actions import Play
from .cards import CARD_BY_INDEX, SUIT_BITS, SUIT_SHIFT
from .engine import Phase, State
from .rules import LeadAndWin, Ruleset, WinnerTakesCounters
from .rules.combinations import COUNTERS_MASK
from .search.native import kernel
from .words import Player, Precedence, Reason

__all__ = ["Solution", "SolverError", "solve"]

_COUNTERS9: Final = 0b111110000  # A K Q J 10 within a suit's nine bits
_HIGH_HALF: Final = SUIT_BITS << 9  # A's nine bits of a suit, beside B's
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


@attrs.frozen(eq=False)  # one per ruleset (cached), compared by identity
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
    flat_trick_points: tuple[int, ...]  # by lead << 6 | follow: an index beats a tuple key


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
    flat = [0] * (64 * 64)
    for (i, j), points in trick.items():
        flat[i << 6 | j] = points
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
        tuple(flat),
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


def solve(state: State, *, every_value: bool = False) -> Solution:
    """The exact value of the rest of the deal and the optimal plays (see the module).

    ``every_value``: also the exact value of every legal play (``Solution.values``; by
    default it holds the best plays' values only). A search bot that averages values over
    sampled worlds wants them all; they cost about a third more time.

    >>> import random
    >>> import piquet as pq
    >>> rng = random.Random(2)
    >>> state = pq.new_game(pq.AU_CENT_36, declarations="auto")
    >>> while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > 5:
    ...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> solution = solve(state, every_value=True)
    >>> solution.value == max(solution.values.values())
    True
    >>> all(solution.values[play] == solution.value for play in solution.best)
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a piquet.State, not {type(state).__name__}")
    if state.phase is not Phase.PLAY:
        raise SolverError(f"solve: the state is in the {state.phase.value} phase, not the play")
    mover = state.to_move
    assert isinstance(mover, Player)
    search = _Search(state)
    lead = state.trick[0].index if state.trick else -1
    hands = (state.hand(Player.A).mask, state.hand(Player.B).mask)
    sign = 1 if mover == 0 else -1
    plays = [p for p in state.legal_actions() if isinstance(p, Play)]
    # equivalent cards (a run in one hand that nothing left in play separates, scoring
    # alike) have one value: search the highest of each run only
    in_play = hands[0] | hands[1] | (1 << lead if lead >= 0 else 0)
    classes = search.rules.classes
    same_as: dict[Play, Play] = {}
    for play in plays:
        index = play.card.index
        base = index & _SUIT_BASE
        runs = _representatives(
            (hands[mover] >> base) & SUIT_BITS,
            (in_play >> base) & SUIT_BITS,
            base,
            classes,
            (lead - base) if lead >= 0 and lead & _SUIT_BASE == base else -1,
        )
        top = min(r for r in runs if r >= index)
        same_as[play] = _PLAYS[top]

    def move_value(play: Play, alpha: int, beta: int) -> int:
        # the mover's side: negate the window for B, who minimises A's value
        value = search.root_move(hands, mover, lead, play.card.index, sign, alpha, beta)
        return value

    best_value = _mtdf(lambda a, b: search.root(hands, mover, lead, sign, a, b), 0)
    values: dict[Play, int] = {}
    best: list[Play] = []
    for play in plays:
        if same_as[play] in values:
            if values[same_as[play]] == best_value:
                best.append(play)
            if every_value or values[same_as[play]] == best_value:
                values[play] = values[same_as[play]]
            continue
        if play is not same_as[play]:
            # a lower card of a run: its value is the run's top card's
            value = values[same_as[play]] = (
                _mtdf(functools.partial(move_value, same_as[play]), best_value)
                if every_value
                else (
                    best_value
                    if move_value(same_as[play], best_value - 1, best_value) >= best_value
                    else best_value - 1
                )
            )
            if value == best_value:
                best.append(play)
            if every_value or value == best_value:
                values[play] = value
            continue
        if every_value:
            value = _mtdf(functools.partial(move_value, play), best_value)
            values[play] = value
            if value == best_value:
                best.append(play)
        elif move_value(play, best_value - 1, best_value) >= best_value:
            best.append(play)
            values[play] = best_value
        else:
            values[play] = best_value - 1  # a bound only: dropped below
    now = state.deal_scores
    base = now[mover] - now[mover.other]
    if not every_value:
        values = {p: v for p, v in values.items() if v == best_value}
    return Solution(
        value=base + best_value,
        best=tuple(best),
        values={p: base + v for p, v in values.items()},
        nodes=search.nodes + search.fast_nodes(),
    )


def _mtdf(search: Callable[[int, int], int], guess: int) -> int:
    """The exact value by zero-window searches converging on it (MTD(f), Plaat 1996):
    ``search(alpha, beta)`` is a fail-soft alpha-beta search from the mover's side.
    Away from the guess the tests step by 1, 2, 4... then halve the interval left, so a
    value far from the guess costs a few tests, not one per point."""
    low, high = -_INF, _INF
    beta = guess
    step = 1
    while True:
        value = search(beta - 1, beta)
        if value < beta:
            high = value
        else:
            low = value
        if low >= high:
            return value
        if high == _INF:
            beta = low + step
            step *= 2
        elif low == -_INF:
            beta = high + 1 - step
            step *= 2
        else:
            beta = (low + high + 1) // 2


_INF: Final = 10**6
_PLAYS: Final = {c.index: Play(c) for c in CARD_BY_INDEX if c is not None}


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
        self.target: int | None = target
        # the most one player can score in a trick, and in the last trick besides
        self.per_trick = max(rules.lead_points) + max(rules.trick_points.values())
        self.last_most = max(rules.last_points)
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.fast, self.fast_nodes = _fast_search(rules)
        self.lead_points = rules.lead_points
        self.trick_points = rules.flat_trick_points

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
        if self._enter(winner, self.trick_points[lead << 6 | follow], True, state):
            return True
        won_by = tricks_a if winner == 0 else 12 - left - tricks_a
        if (
            rules.cards_toward_pique
            and won_by == 7
            and self._enter(winner, rules.cards, True, state)
        ):
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
            elif (
                count > 6
                and not rules.cards_toward_pique
                and self._enter(p, rules.cards, False, state)
            ):
                return True
        return True

    # ---------------------------------------------------------------- search

    def root(
        self, hands: tuple[int, int], mover: Player, lead: int, sign: int, alpha: int, beta: int
    ) -> int:
        """The position's value from the mover's side, in the window (alpha, beta)."""
        state = [int(self.pique_open), self.elder_count, 0, 0]
        hand_a, hand_b = hands
        low, high = (alpha, beta) if sign > 0 else (-beta, -alpha)
        if lead < 0:
            value = self._trick(hand_a, hand_b, int(mover), self.tricks[0], state, low, high)
        else:
            value = self._answer(hand_a, hand_b, int(mover), lead, self.tricks[0], state, low, high)
        return sign * value

    def root_move(
        self,
        hands: tuple[int, int],
        mover: Player,
        lead: int,
        card: int,
        sign: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value of playing ``card`` now, from the mover's side, in the window."""
        state = [int(self.pique_open), self.elder_count, 0, 0]
        hand_a, hand_b = hands
        player = int(mover)
        low, high = (alpha, beta) if sign > 0 else (-beta, -alpha)
        if lead < 0:
            value = self._after_lead(hand_a, hand_b, player, card, self.tricks[0], state, low, high)
        else:
            value = self._after_follow(
                hand_a, hand_b, player, lead, card, self.tricks[0], state, low, high
            )
        return sign * value

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
        if not state[0] and self.target is None:
            points = self.lead_points[lead]
            gained = points if leader == 0 else -points
            return gained + self._answer(
                hand_a, hand_b, 1 - leader, lead, tricks_a, state, alpha - gained, beta - gained
            )
        state = state[:]
        before = state[2] - state[3]
        if self._enter(leader, self.lead_points[lead], True, state):
            return state[2] - state[3] - before
        gained = state[2] - state[3] - before
        return gained + self._answer(
            hand_a, hand_b, 1 - leader, lead, tricks_a, state, alpha - gained, beta - gained
        )

    def _answer(
        self,
        hand_a: int,
        hand_b: int,
        follower: int,
        lead: int,
        tricks_a: int,
        state: list[int],
        alpha: int,
        beta: int,
    ) -> int:
        """The value (A minus B, from here on) with ``follower`` to answer ``lead``."""
        hand = hand_b if follower else hand_a
        base = lead & _SUIT_BASE
        suit = (hand >> base) & SUIT_BITS
        in_play = hand_a | hand_b
        classes = self.rules.classes
        if suit:
            answers = _answers(suit, (in_play >> base) & SUIT_BITS, base, classes, lead - base)
        else:
            answers = _all_representatives(hand, in_play, classes)
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
        return best

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
            points = self.trick_points[lead << 6 | card]
            rules = self.rules
            if rules.cards_toward_pique and rules.cards:
                won_by = tricks_a if winner == 0 else 12 - left - tricks_a
                if won_by == 7:
                    points += rules.cards
            gained = points if winner == 0 else -points
            if left == 1:
                return gained + self._last(hand_a, hand_b, winner, tricks_a, state)
            return gained + self._trick(
                hand_a, hand_b, winner, tricks_a, state, alpha - gained, beta - gained
            )
        after = state[:]
        before = after[2] - after[3]
        stop = self._trick_end(winner, lead, card, won, tricks_a, left, after)
        gained = after[2] - after[3] - before
        if stop:
            return gained
        if left == 1:
            return gained + self._last(hand_a, hand_b, winner, tricks_a, after)
        return gained + self._trick(
            hand_a, hand_b, winner, tricks_a, after, alpha - gained, beta - gained
        )

    def _no_pique(self, hand_a: int, state: list[int]) -> bool:
        """Whether the elder's count can no longer reach the pique (R-PR-3) in the rest
        of the deal, even scoring every point: then the pique is as good as closed."""
        rules = self.rules
        most = hand_a.bit_count() * self.per_trick + self.last_most
        if rules.cards_toward_pique:
            most += rules.cards
        return state[1] + most < rules.threshold

    def _out_of_reach(self, hand_a: int, tricks_a: int, state: list[int]) -> bool:
        """Whether neither player can reach the race's target in the rest of the deal
        (nor the pique be made): then nothing stops the deal early, and the fast path,
        which does not follow the scores, gives the exact value."""
        target = self.target
        assert target is not None
        rules = self.rules
        left = hand_a.bit_count()
        tricks_b = 12 - left - tricks_a
        for player, others in ((0, tricks_b), (1, tricks_a)):
            most = (
                left * self.per_trick
                + self.last_most
                + (rules.capot if others == 0 else rules.cards)
            )
            if self.scores[player] + state[2 + player] + most >= target:
                return False
        return True

    def _last(self, hand_a: int, hand_b: int, leader: int, tricks_a: int, state: list[int]) -> int:
        """The value (A minus B) of the last trick, where nobody has a choice."""
        self.nodes += 1
        after = state[:]
        before = after[2] - after[3]
        lead = (hand_a if leader == 0 else hand_b).bit_length() - 1
        follow = (hand_b if leader == 0 else hand_a).bit_length() - 1
        if not self._enter(leader, self.lead_points[lead], True, after):
            won = follow & _SUIT_BASE == lead & _SUIT_BASE and follow > lead
            winner = 1 - leader if won else leader
            self._trick_end(winner, lead, follow, won, tricks_a + (winner == 0), 0, after)
        return after[2] - after[3] - before

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
        if (
            hand_a.bit_count() > 1
            and (not state[0] or self._no_pique(hand_a, state))
            and (self.target is None or self._out_of_reach(hand_a, tricks_a, state))
        ):
            if leader == 0:
                return self.fast(hand_a, hand_b, tricks_a, beta)
            left = hand_a.bit_count()
            # every search is a zero-window test (alpha = beta - 1): B's is at -alpha
            return -self.fast(hand_b, hand_a, 12 - left - tricks_a, -alpha)
        self.nodes += 1
        key: tuple[int, ...] = (hand_a, hand_b, leader, tricks_a, state[0], state[1])
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
        moves = _leads(hand, hand_a | hand_b, self.rules.classes)
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


@functools.lru_cache(maxsize=1 << 16)
def _answers(mine: int, in_play: int, base: int, classes: bool, table: int) -> tuple[int, ...]:
    """The follower's cards of the suit led, best guesses first: the lowest card that
    wins, then the lowest card, then the others."""
    cards = _representatives(mine, in_play, base, classes, table)
    lead = base + table
    winners = [c for c in cards if c > lead]
    first = [winners[-1]] if winners else []
    if cards[-1] not in first:
        first.append(cards[-1])
    return (*first, *(c for c in cards if c not in first))


def _leads(hand: int, in_play: int, classes: bool) -> tuple[int, ...]:
    """The leader's cards, best guesses first: masters (the highest card left of a
    suit), then the lowest of each suit, then the others."""
    s0 = _suit_leads(hand & SUIT_BITS, in_play & SUIT_BITS, 0, classes)
    s1 = _suit_leads((hand >> 16) & SUIT_BITS, (in_play >> 16) & SUIT_BITS, 16, classes)
    s2 = _suit_leads((hand >> 32) & SUIT_BITS, (in_play >> 32) & SUIT_BITS, 32, classes)
    s3 = _suit_leads(hand >> 48, in_play >> 48, 48, classes)
    return (
        s0[0] + s1[0] + s2[0] + s3[0] + s0[1] + s1[1] + s2[1] + s3[1]
        + s0[2] + s1[2] + s2[2] + s3[2]
    )  # fmt: skip


@functools.lru_cache(maxsize=1 << 16)
def _suit_leads(
    mine: int, in_play: int, base: int, classes: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """One suit's leads: (its master, its lowest card, the others)."""
    if not mine:
        return (), (), ()
    cards = _representatives(mine, in_play, base, classes, -1)
    master: tuple[int, ...] = ()
    if mine.bit_length() == in_play.bit_length():
        master, cards = (cards[0],), cards[1:]
    if not cards:
        return master, (), ()
    return master, (cards[-1],), cards[:-1]


@functools.lru_cache(maxsize=64)
def _trick_classes(rules: _Rules) -> tuple[int, ...]:
    """By ``tricks_a * 13 + tricks_left``: a number that is equal for two counts of
    tricks won when every way the rest could go brings the same cards or capot (once A
    has seven tricks, eight or nine change nothing). Where the cards count toward the
    pique they are scored at the seventh trick: the count itself then."""
    out = [0] * (13 * 13)
    seen: dict[tuple[int, ...], int] = {}
    for won in range(13):
        for left in range(13 - won):
            if rules.cards_toward_pique:
                out[won * 13 + left] = won
                continue

            def cards(count: int) -> int:
                return rules.capot if count == 12 else rules.cards if count > 6 else 0

            outcome = tuple(cards(won + x) - cards(12 - won - x) for x in range(left + 1))
            out[won * 13 + left] = seen.setdefault(outcome, len(seen) + 100)
    return tuple(out)


@functools.lru_cache(maxsize=1 << 16)
def _suit_code(classes: bool, mine: int, theirs: int) -> int:
    """A suit's cards left, high to low, each as whose it is (and, where counters score
    apart, whether it is one), in base 4 after a leading 1: equal codes play alike."""
    code = 1
    both = mine | theirs
    for b in range(8, -1, -1):
        if both >> b & 1:
            digit = (2 if theirs >> b & 1 else 0) + ((_COUNTERS9 >> b & 1) if classes else 0)
            code = code * 4 + digit
    return code


def _all_representatives(hand: int, in_play: int, classes: bool) -> tuple[int, ...]:
    """Every card of the hand, one per run of equivalent cards, suit by suit."""
    return (
        _representatives(hand & SUIT_BITS, in_play & SUIT_BITS, 0, classes, -1)
        + _representatives((hand >> 16) & SUIT_BITS, (in_play >> 16) & SUIT_BITS, 16, classes, -1)
        + _representatives((hand >> 32) & SUIT_BITS, (in_play >> 32) & SUIT_BITS, 32, classes, -1)
        + _representatives(hand >> 48, in_play >> 48, 48, classes, -1)
    )


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


_FastSearch = Callable[[int, int, int, int], int]


def _fast_search(rules: _Rules) -> tuple[_FastSearch, Callable[[], int]]:
    """The search once no pique is open and no race target is near, as a function of
    (the leader's cards, the follower's, the leader's tricks won, beta) testing whether
    the value of the rest of the deal for the leader (his points minus the other's)
    reaches beta, fail-soft: a value >= beta is a lower bound of it, a value < beta an
    upper bound (every search of the solver is such a zero-window test); and a function
    counting the positions it searched.

    Seen from the leader, a position does not depend on which player he is, so the
    search is a negamax over tricks: one frame a trick (the lead, then the answers), the
    scores from flat tables, the last two tricks valued directly. Its transposition
    table keys a position by each suit's cards left, high to low, as whose each is (and,
    where counters score apart, whether it is one), the suits sorted (no trumps), with
    the count of tricks reduced to the class of outcomes it leads to.

    Where the compiled kernel runs (:mod:`piquet.search.native`), this search is its
    ``Search`` over the ruleset's tables (:func:`_native_tables`): the same search in C."""
    native = kernel("_csolve")
    if native is not None:
        compiled = native.Search(_native_tables(rules))
        return compiled.fast, compiled.nodes
    tables = _fast_tables(rules)
    net, follower_wins, end, last_points = (
        tables.net,
        tables.follower_wins,
        tables.end,
        rules.last_points,
    )
    seventh = rules.cards if rules.cards_toward_pique else 0
    trick_class = _trick_classes(rules)
    lower, upper = tables.lower, tables.upper
    suit0, suit1, suit2, suit3 = (
        _suit_table(suit, rules.classes, tables.counted) for suit in range(4)
    )
    fill0, fill1, fill2, fill3 = (
        functools.partial(_fill_suit, table, suit, rules.classes, tables.counted)
        for suit, table in enumerate((suit0, suit1, suit2, suit3))
    )
    table: dict[tuple[int, ...], tuple[int, int, _Move]] = {}
    get = table.get
    nodes = 0

    def last(mine: int, theirs: int, won: int) -> int:
        index = (mine.bit_length() - 1) << 6 | (theirs.bit_length() - 1)
        if follower_wins[index]:
            count = 12 - won
            value = net[index] - last_points[theirs.bit_length() - 1] - end[count]
            return value - seventh if count == 7 else value
        count = won + 1
        value = net[index] + last_points[mine.bit_length() - 1] + end[count]
        return value + seventh if count == 7 else value

    def two(mine: int, theirs: int, won: int) -> int:
        high = mine.bit_length() - 1
        low = (mine ^ 1 << high).bit_length() - 1
        their_high = theirs.bit_length() - 1
        their_low = (theirs ^ 1 << their_high).bit_length() - 1
        other = 10 - won
        best = -_INF
        for lead, keep in ((high, low), (low, high)):
            base = lead & _SUIT_BASE
            follows_high = their_high & _SUIT_BASE == base
            answers: tuple[tuple[int, int], ...]
            if follows_high != (their_low & _SUIT_BASE == base):
                answers = ((their_high, their_low),) if follows_high else ((their_low, their_high),)
            else:
                answers = ((their_high, their_low), (their_low, their_high))
            worst = _INF
            for card, rest in answers:
                index = lead << 6 | card
                if follower_wins[index]:
                    count = other + 1
                    value = net[index] - last(1 << rest, 1 << keep, count)
                    if count == 7:
                        value -= seventh
                else:
                    count = won + 1
                    value = net[index] + last(1 << keep, 1 << rest, count)
                    if count == 7:
                        value += seventh
                if value < worst:
                    worst = value
            if worst > best:
                best = worst
        return best

    def fast(mine: int, theirs: int, won: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        left = mine.bit_count()
        if left == 2:
            return two(mine, theirs, won)
        p = (mine & SUIT_BITS) << 9 | theirs & SUIT_BITS
        e = suit0[p]
        k0, m0, l0, o0, f0, r0 = e if e is not None else fill0(p)
        p = (mine >> 7 & _HIGH_HALF) | (theirs >> 16 & SUIT_BITS)
        e = suit1[p]
        k1, m1, l1, o1, f1, r1 = e if e is not None else fill1(p)
        p = (mine >> 23 & _HIGH_HALF) | (theirs >> 32 & SUIT_BITS)
        e = suit2[p]
        k2, m2, l2, o2, f2, r2 = e if e is not None else fill2(p)
        p = (mine >> 39 & _HIGH_HALF) | (theirs >> 48)
        e = suit3[p]
        k3, m3, l3, o3, f3, r3 = e if e is not None else fill3(p)
        # the low byte: sure tricks (the follower's by 16s); then the counters of each
        total = k0 + k1 + k2 + k3
        at = (won * 13 + left) << 24 | total & 0xFFFF00
        bound = upper[at | (total & 0xFF) >> 4]
        if bound < beta:
            return bound
        bound = lower[at | total & 15]
        if bound >= beta:
            return bound
        # no trumps: the suits are interchangeable, so their order is not in the key
        key = (*sorted((k0, k1, k2, k3)), trick_class[won * 13 + left])
        entry = get(key)
        first = None
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high < beta:
                return high
        moves = (*m0, *m1, *m2, *m3, *l0, *l1, *l2, *l3, *o0, *o1, *o2, *o3)
        if first is not None and moves[0] is not first and first in moves:
            at = moves.index(first)
            moves = (first, *moves[:at], *moves[at + 1 :])
        discards = None
        other = 12 - left - won
        best = -_INF
        best_move = moves[0]
        for move in moves:
            lead, answers = move
            rest = mine ^ 1 << lead
            if answers is None:
                if discards is None:
                    discards = (*f0, *f1, *f2, *f3, *r0, *r1, *r2, *r3)
                answers = discards
            worst = _INF
            row = lead << 6
            for card in answers:
                index = row | card
                if follower_wins[index]:
                    count = other + 1
                    points = net[index] - seventh if count == 7 else net[index]
                    if left == 3:
                        value = points - two(theirs ^ 1 << card, rest, count)
                    else:
                        value = points - fast(theirs ^ 1 << card, rest, count, points - beta + 1)
                else:
                    count = won + 1
                    points = net[index] + seventh if count == 7 else net[index]
                    if left == 3:
                        value = points + two(rest, theirs ^ 1 << card, count)
                    else:
                        value = points + fast(rest, theirs ^ 1 << card, count, beta - points)
                if value < worst:
                    worst = value
                    if value < beta:
                        break
            if worst > best:
                best = worst
                best_move = move
                if best >= beta:
                    break
        # fail-soft: at least best if it reached beta, else at most best
        if entry is not None:
            low, high = entry[0], entry[1]
        else:
            low, high = -_INF, _INF
        if best >= beta:
            low = best
        else:
            high = best
        table[key] = (low, high, best_move)
        return best

    def searched() -> int:
        return nodes

    return fast, searched


@functools.lru_cache(maxsize=64)
def _native_tables(rules: _Rules) -> object:
    """The ruleset's tables for the compiled fast search, made once per ruleset: the
    flat tables as numbers, and what bounds the rest of a deal (:class:`_Shape`); the
    kernel makes its suit entries and bounds from them as :func:`_suit_entry` and
    :class:`_Bounds` do (tests/test_native_solver.py checks every one)."""
    native = kernel("_csolve")
    assert native is not None
    tables = _fast_tables(rules)
    shape = tables.lower.shape
    return native.Tables(
        net=tables.net,
        follower_wins=tables.follower_wins,
        end=tables.end,
        last_points=rules.last_points,
        trick_class=_trick_classes(rules),
        seventh=shape.seventh,
        kept=(min(shape.kept), max(shape.kept)),
        lost=(min(shape.lost), max(shape.lost)),
        last=(min(shape.last), max(shape.last)),
        counters={"exact": 2, "bounded": 1, "": 0}[shape.counters],
        classes=rules.classes,
        counted=tables.counted,
    )


@attrs.frozen(eq=False)
class _FastTables:
    net: tuple[int, ...]  # by lead << 6 | follow: the leader's points minus the follower's
    follower_wins: tuple[bool, ...]  # by lead << 6 | follow
    end: tuple[int, ...]  # by a player's tricks at the end: his net points for cards, capot
    lower: _Bounds  # the least the leader can make of the rest (see _Bounds)
    upper: _Bounds  # the most
    counted: bool  # whether the bounds use the counters each player holds


@functools.lru_cache(maxsize=64)
def _fast_tables(rules: _Rules) -> _FastTables:
    indices = [c.index for c in CARD_BY_INDEX if c is not None]
    net = [0] * (64 * 64)
    wins = [False] * (64 * 64)
    for lead in indices:
        for follow in indices:
            if lead != follow:
                taken = follow & _SUIT_BASE == lead & _SUIT_BASE and follow > lead
                points = rules.trick_points[(lead, follow)]
                net[lead << 6 | follow] = rules.lead_points[lead] + (-points if taken else points)
                wins[lead << 6 | follow] = taken
    already = rules.cards if rules.cards_toward_pique else 0

    def cards(count: int) -> int:
        if count == 12:
            return rules.capot - already
        return rules.cards if count > 6 and not rules.cards_toward_pique else 0

    end = tuple(cards(count) - cards(12 - count) for count in range(13))
    pairs = [(lead, follow) for lead in indices for follow in indices if lead != follow]
    # the counters a trick holds bound its points (winner takes the counters: they are
    # its points, seen from its winner); where they do not, the bounds leave them out
    exact = all(
        (-net[i << 6 | j] if wins[i << 6 | j] else net[i << 6 | j]) == _counters(i, j)
        for i, j in pairs
    )
    bounded = all(abs(net[i << 6 | j]) <= _counters(i, j) for i, j in pairs)
    shape = _Shape(
        # a trick's points (the leader's net) when its leader wins it, and when he loses it
        kept=[net[i << 6 | j] for i, j in pairs if not wins[i << 6 | j]],
        lost=[net[i << 6 | j] for i, j in pairs if wins[i << 6 | j]],
        last=[rules.last_points[i] for i in indices],
        end=end,
        seventh=rules.cards if rules.cards_toward_pique else 0,
        counters="exact" if exact else "bounded" if bounded else "",
    )
    return _FastTables(
        tuple(net),
        tuple(wins),
        end,
        _Bounds(shape, False),
        _Bounds(shape, True),
        bool(shape.counters),
    )


def _counters(lead: int, follow: int) -> int:
    mask: int = COUNTERS_MASK
    return (mask >> lead & 1) + (mask >> follow & 1)


@attrs.frozen(eq=False)
class _Shape:
    """What bounds the points of the rest of a deal (see :class:`_Bounds`)."""

    kept: list[int]
    lost: list[int]
    last: list[int]
    end: tuple[int, ...]
    seventh: int
    counters: str  # "exact": a trick's points are its counters, for its winner;
    # "bounded": no more than its counters, either way; "": no relation


class _Bounds(dict[int, int]):
    """The least (or the most) the leader can make of the rest of the deal (his points
    minus the other's), by (his tricks won * 13 + tricks left) << 24 | his counters << 16
    | the follower's counters << 8 | sure tricks. For the least, the sure tricks are
    his (he leads and wins them first); for the most, the follower's. The bound is over
    every count x of tricks he may win, of the most or least the tricks can bring
    (following who leads each, and the counters where they decide the points), the last
    trick, the cards or capot, and the cards at the seventh trick. Filled as met."""

    def __init__(self, shape: _Shape, most: bool) -> None:
        super().__init__()
        self.shape = shape
        self.most = most
        self.sums = _trick_sums(shape.kept, shape.lost, shape.last)

    def __missing__(self, key: int) -> int:
        # every count of sure tricks at once: the rest is the same for them all
        shape = self.shape
        won, left = divmod(key >> 24, 13)
        mine, theirs = key >> 16 & 0xFF, key >> 8 & 0xFF
        other = 12 - left - won
        # the seventh trick may fall to either
        sevenths = shape.seventh if won < 7 <= won + left or other < 7 <= other + left else 0
        most, least = self.sums
        counters = mine + theirs
        exact = shape.counters == "exact"
        values = []
        if self.most:
            found = []
            for x in range(left + 1):
                last = max(shape.last) if x else -min(shape.last)
                points = most[left * 13 + x]
                if exact:
                    points = min(points, 2 * (min(x, mine) + min(x, theirs)) - counters + last)
                elif shape.counters:
                    points = min(points, counters + last)
                found.append(points + shape.end[won + x] + sevenths)
            # the follower sure to win that many: the leader wins left - sure at most
            values = [max(found[: left - min(sure, left) + 1]) for sure in range(16)]
        else:
            kept, last_least = min(shape.kept), min(shape.last)
            floors = []
            for x in range(left + 1):
                last = last_least if x == left else -max(shape.last)
                if exact:
                    taken = max(0, mine - (left - x)) + max(0, theirs - (left - x))
                    floors.append(2 * taken - counters + last)
                elif shape.counters:
                    floors.append(-counters + last)
                else:
                    floors.append(-_INF)
            for sure in range(min(left, 15) + 1):
                # he leads and wins his sure tricks first, then x - sure more
                values.append(
                    min(
                        max(
                            sure * kept
                            + (least[(left - sure) * 13 + x - sure] if sure < left else last_least),
                            floors[x],
                        )
                        + shape.end[won + x]
                        - sevenths
                        for x in range(sure, left + 1)
                    )
                )
            values += [values[-1]] * (16 - len(values))
        start = key & ~0xFF
        for sure, value in enumerate(values):
            self[start | sure] = value
        return values[key & 0xFF]


def _trick_sums(kept: list[int], lost: list[int], last: list[int]) -> tuple[list[int], list[int]]:
    """By tricks * 13 + x: the most and the least a player on lead can score (his points
    minus the other's) in that many tricks winning x of them, from the points a trick
    can bring its leader when he wins it (``kept``) and when he loses it (``lost``), and
    the last trick's points for its winner: each trick's points follow who leads it, and
    the winner of a trick leads the next."""
    tables = []
    for pick, other in ((max, min), (min, max)):
        # a trick's points for the player, as he or the other leads and he wins or not
        mine_won, mine_lost = pick(kept), pick(lost)
        theirs_won, theirs_lost = -other(lost), -other(kept)
        last_won, last_lost = pick(last), -other(last)
        # by (tricks, x, whether he leads): the best sum; absent where impossible
        best: dict[tuple[int, int, bool], int] = {(0, 0, True): 0, (0, 0, False): 0}
        for tricks in range(1, 13):
            end = tricks == 1
            for x in range(tricks + 1):
                for leads in (True, False):
                    options = []
                    if x and (tricks - 1, x - 1, True) in best:
                        points = mine_won if leads else theirs_won
                        options.append(
                            points + (last_won if end else 0) + best[tricks - 1, x - 1, True]
                        )
                    if x < tricks and (tricks - 1, x, False) in best:
                        points = mine_lost if leads else theirs_lost
                        options.append(
                            points + (last_lost if end else 0) + best[tricks - 1, x, False]
                        )
                    if options:
                        best[tricks, x, leads] = pick(options)
        tables.append([best.get((t, x, True), 0) for t in range(13) for x in range(13)])
    return tables[0], tables[1]


def _sure_tricks(mine: int, theirs: int) -> int:
    """In a suit (each player's nine bits): the tricks the leader is sure to win in it
    by leading his masters (all his cards if the follower has no more cards of the suit
    than he has masters: the follower has to play them), plus 16 for each trick the
    follower is sure to win in it: as many as he holds masters, up to the leader's
    cards of the suit. Summed over the suits, the follower's count holds: he keeps
    those masters, wins with one when their suit is led and, on lead, cashes them all
    (the leader has to follow); whenever he must throw on a suit he is void of, the
    leader holds at least as many cards of those suits as he has masters left, and the
    card led besides, so he has a card besides his masters to throw."""
    count = 0
    for b in range(8, -1, -1):
        if mine >> b & 1:
            count += 1
        elif theirs >> b & 1:
            break
    if theirs.bit_count() <= count:
        # his masters draw all the follower's cards of the suit: the rest are masters
        return mine.bit_count()
    if not mine:
        return count
    masters = 0
    for b in range(8, -1, -1):
        if theirs >> b & 1:
            masters += 1
        elif mine >> b & 1:
            break
    return count + 16 * min(masters, mine.bit_count())


_Move = tuple[int, tuple[int, ...] | None]  # a lead, and the answers (None: a discard)


_SuitEntry = tuple[
    int, tuple[_Move, ...], tuple[_Move, ...], tuple[_Move, ...], tuple[int, ...], tuple[int, ...]
]


@functools.lru_cache(maxsize=16)
def _suit_table(suit: int, classes: bool, counted: bool) -> list[_SuitEntry | None]:
    """What the fast search needs of one suit, by the leader's nine bits << 9 | the
    follower's (None until met, then :func:`_fill_suit`'s)."""
    return [None] * (1 << 18)


def _fill_suit(
    table: list[_SuitEntry | None], suit: int, classes: bool, counted: bool, pair: int
) -> _SuitEntry:
    """One suit's entry: its code (the cards left, high to low, as whose each is and,
    where counters score apart, whether it is one: equal codes play alike) << 24 | the
    leader's counters << 16 | the follower's << 8 | the sure tricks (see
    :func:`_sure_tricks`); the leader's leads, one per run of equivalent cards, in three
    groups (the master, the lowest card, the others), each with the follower's answers
    in likely order (None: he has none of the suit); and the follower's cards, one per
    run, to throw when void of a suit led (his lowest, then the others, low to high: the
    lowest of each suit are tried first)."""
    code, groups, throws = _suit_entry(classes, counted, pair)
    base = suit * SUIT_SHIFT
    moves = tuple(
        tuple(
            (base + lead, None if answers is None else tuple(base + card for card in answers))
            for lead, answers in group
        )
        for group in groups
    )
    found = table[pair] = (
        code,
        moves[0],
        moves[1],
        moves[2],
        tuple(base + c for c in throws[:1]),
        tuple(base + c for c in throws[1:]),
    )
    return found


@functools.lru_cache(maxsize=1 << 15)
def _suit_entry(
    classes: bool, counted: bool, pair: int
) -> tuple[int, tuple[tuple[_Move, ...], ...], tuple[int, ...]]:
    """:func:`_fill_suit`'s entry with the cards as bits within the suit, for any suit."""
    mine, theirs = pair >> 9, pair & SUIT_BITS
    in_play = mine | theirs
    groups = tuple(
        tuple(
            (lead, _answers(theirs, in_play, 0, classes, lead) if theirs else None)
            for lead in group
        )
        for group in _suit_leads(mine, in_play, 0, classes)
    )
    code = _suit_code(classes, mine, theirs) << 24 | _sure_tricks(mine, theirs)
    if counted:
        code |= (mine & _COUNTERS9).bit_count() << 16 | (theirs & _COUNTERS9).bit_count() << 8
    throws = tuple(reversed(_representatives(theirs, in_play, 0, classes, -1)))
    return code, groups, throws
