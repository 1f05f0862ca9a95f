"""The partie's outlook: what a deal's outcome is worth before the partie's last deal.

A partie of six deals is settled on its totals at the end (R-GM-1): the winner scores
the bonus and the difference, and the loser's total again when he stays under the
rubicon. A deal point is then worth more or less than a point: behind by eighty with
one deal to come, a player has more to gain from a deal that may win the partie or save
the rubicon than from a safe one. :class:`Outlook` values the totals after a deal by
the partie's expected settlement over the deals still to come, each drawn from deals
the heuristic bot played against itself under the same rules (the player elder and
younger in turn), so that a bot may play, and discard, to the score, as the books
advise in the last deals (Cavendish, "The Laws of Piquet", 1882, on the score).

A race to a target (R-GM-2), whose winner depends on the order of the points, is
valued by the margin, as by :func:`~piquet.search.worlds.partie_value`; so is the last
deal, valued by the settlement itself.

>>> import random
>>> import piquet as pq
>>> outlook = Outlook.of(pq.RUBICON)
>>> state = pq.new_game()
>>> state = state.apply(state.sample_chance(random.Random(0)))  # the first deal of six
>>> outlook.value(state, pq.Player.A, 60) > 60  # sixty up, five deals to come
True
>>> from piquet.search.worlds import partie_value
>>> partie_value(state, pq.Player.A, 60)  # every point a point
60.0
"""

from __future__ import annotations

import random
from functools import lru_cache

import attrs

from ..engine import State, new_game
from ..rules import Ruleset
from ..rules.protocols import GameRule
from ..search.worlds import partie_value, totals_after_deal
from ..words import CHANCE, Player
from .heuristic import HeuristicBot

__all__ = ["DEALS_PLAYED", "FUTURES", "Outlook"]

#: Deals the heuristic bot plays against itself to learn what a deal brings: about half
#: a second of CPU, once a ruleset in a process.
DEALS_PLAYED = 160
#: Futures drawn for each number of deals to come: the same ones for every score, so
#: that two outcomes of a deal are compared on the same futures.
FUTURES = 256
#: Expected settlements kept, by totals and deals to come, before the store is emptied.
_KNOWN_MAX = 1 << 16


@attrs.frozen
class Outlook:
    """The partie's expected settlement after a deal, from sampled deals to come.

    ``deal_points`` are the (elder's, younger's) points of sampled deals; ``game`` the
    rules of the partie's end.

    >>> import piquet as pq
    >>> outlook = Outlook(pq.RUBICON.game, ((30, 10),))  # the elder always 30 to 10
    >>> outlook.expected((60, 50), deals_left=1, elder_next=True)  # 90 to 60: a rubicon
    250.0
    >>> outlook.expected((60, 50), deals_left=1, elder_next=False)  # 70 to 80
    -250.0
    """

    game: GameRule
    deal_points: tuple[tuple[int, int], ...] = attrs.field()
    seed: int = 0
    _expected: dict[tuple[int, int, int, bool], float] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    _futures: dict[tuple[int, bool], list[tuple[int, int]]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )

    @deal_points.validator
    def _check_points(self, attribute: object, value: tuple[tuple[int, int], ...]) -> None:
        if not value:
            raise ValueError("an outlook needs at least one deal's points")

    @staticmethod
    def of(ruleset: Ruleset) -> Outlook:
        """The outlook of ``ruleset``, from :data:`DEALS_PLAYED` deals of the heuristic
        bot against itself (made once a ruleset)."""
        global _last
        last = _last  # one tuple, replaced whole; a ruleset hashes slowly, so the last
        if last[0] is ruleset:  # one met is known by identity
            return last[1]
        made = _simulated(ruleset)
        _last = (ruleset, made)
        return made

    def value(self, state: State, player: Player, margin: float) -> float:
        """What the deal of ``state`` ending with ``player`` ahead by ``margin`` deal
        points is worth to him in points of the partie: the settlement's expectation
        over the deals to come, or, in the last deal, the settlement itself."""
        rules = state.ruleset.game
        if rules.target is not None:
            return float(margin)
        deals_left = _deals_left(rules, state.deal_number)
        if deals_left is None:
            return partie_value(state, player, margin)
        final = totals_after_deal(state, player, margin)
        # The elder alternates: the next deal's elder is this one's younger.
        return self.expected(final, deals_left, elder_next=state.younger is player)

    def expected(self, totals: tuple[int, int], deals_left: int, elder_next: bool) -> float:
        """The expected settlement, for the first of ``totals`` (the player's; the
        opponent's second), after ``deals_left`` more deals, the player elder in the
        next when ``elder_next``."""
        key = (totals[0], totals[1], deals_left, elder_next)
        known = self._expected.get(key)
        if known is not None:
            return known
        mine, theirs = totals
        settle = self.game.settle
        total = 0
        for gained, lost in self.futures(deals_left, elder_next):
            # Indexed (player, opponent): "Player.A" below is the player.
            winner, points = settle((mine + gained, theirs + lost), None)
            if winner is not None:
                total += points if winner is Player.A else -points
        value = total / FUTURES
        if len(self._expected) >= _KNOWN_MAX:
            self._expected.clear()
        self._expected[key] = value
        return value

    def futures(self, deals_left: int, elder_next: bool) -> list[tuple[int, int]]:
        """:data:`FUTURES` draws of the points (the player's, the opponent's) of the next
        ``deals_left`` deals, drawn once from a fixed seed."""
        key = (deals_left, elder_next)
        drawn = self._futures.get(key)
        if drawn is None:
            rng = random.Random(f"{self.seed} {deals_left} {elder_next}")
            drawn = []
            for _ in range(FUTURES):
                gained = lost = 0
                elder = elder_next
                for _deal in range(deals_left):
                    points_of_elder, points_of_younger = rng.choice(self.deal_points)
                    gained += points_of_elder if elder else points_of_younger
                    lost += points_of_younger if elder else points_of_elder
                    elder = not elder
                drawn.append((gained, lost))
            self._futures[key] = drawn
        return drawn


def _deals_left(rules: GameRule, deals_played: int) -> int | None:
    """The deals still to come in a partie of fixed length after ``deals_played`` (the
    one under way counted played), the scores untied; None when this deal is the last."""
    if rules.over_after_deal(deals_played, (1, 0)):
        return None
    for left in range(1, 64):
        if rules.over_after_deal(deals_played + left, (1, 0)):
            return left
    return None


@lru_cache(maxsize=8)
def _simulated(ruleset: Ruleset) -> Outlook:
    """Each deal's points, (the elder's, the younger's), of the first deals of
    :data:`DEALS_PLAYED` parties of the heuristic bot against itself, from a fixed seed."""
    bot = HeuristicBot()
    rng = random.Random(0)
    points: list[tuple[int, int]] = []
    for _ in range(DEALS_PLAYED):
        state = new_game(ruleset)
        state = state.apply(state.sample_chance(rng))
        elder, younger = state.elder, state.younger
        while state.to_move is not CHANCE and not state.is_over:
            mover = state.to_move
            assert isinstance(mover, Player)
            state = state.apply(bot.choose(state.observation(mover)))
        points.append((state.scores[elder], state.scores[younger]))
    return Outlook(ruleset.game, tuple(points))


_last: tuple[Ruleset, Outlook] | tuple[None, None] = (None, None)
