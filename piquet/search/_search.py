"""The solver's full search: alpha-beta over bit masks from player A's side, one node
per trick, following the scores where the pique is open or a race's target near, and
handing over to the fast search (:mod:`piquet.search._fast`) once neither matters."""

from __future__ import annotations

from ..cards import SUIT_BITS
from ..engine import State
from ..words import Player
from ._fast import fast_search
from ._moves import all_representatives, answer_order, lead_order
from ._solver_rules import INF, SUIT_BASE, pique_state, play_rules


class Search:
    """Alpha-beta over bit masks, from player A's side (A maximises A's points minus
    B's), one node per trick: the leader's card, then the follower's answer. A
    transposition table at the start of each trick holds bounds and the best lead,
    which is tried first when the position comes again."""

    def __init__(self, state: State) -> None:
        ruleset = state.ruleset
        rules = self.rules = play_rules(ruleset)
        self.elder = int(state.elder)
        self.pique_open, self.elder_count = pique_state(state)
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
        self.fast, self.fast_nodes = fast_search(rules)
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
        base = lead & SUIT_BASE
        suit = (hand >> base) & SUIT_BITS
        in_play = hand_a | hand_b
        classes = self.rules.classes
        if suit:
            answers = answer_order(suit, (in_play >> base) & SUIT_BITS, base, classes, lead - base)
        else:
            answers = all_representatives(hand, in_play, classes)
        if follower == 0:
            best = -INF
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
            best = INF
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
        won = card & SUIT_BASE == lead & SUIT_BASE and card > lead
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
            won = follow & SUIT_BASE == lead & SUIT_BASE and follow > lead
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
        moves = lead_order(hand, hand_a | hand_b, self.rules.classes)
        if first in moves:
            moves = (first, *(m for m in moves if m != first))
        best, best_move = self._leads(hand_a, hand_b, leader, moves, tricks_a, state, alpha, beta)
        low, high = (entry[0], entry[1]) if entry is not None else (-INF, INF)
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_move)
        return best

    def _leads(
        self,
        hand_a: int,
        hand_b: int,
        leader: int,
        moves: tuple[int, ...],
        tricks_a: int,
        state: list[int],
        alpha: int,
        beta: int,
    ) -> tuple[int, int]:
        """The best of the leader's ``moves`` in the window (alpha, beta), fail-soft, and
        the card that made it."""
        best_move = moves[0]
        if leader == 0:
            best = -INF
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
            best = INF
            for card in moves:
                value = self._after_lead(hand_a, hand_b, 1, card, tricks_a, state, alpha, beta)
                if value < best:
                    best = value
                    best_move = card
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        return best, best_move
