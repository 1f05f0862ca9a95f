"""Five levels of play, from a beginner to the strongest bot: ``make("level1")`` to
``make("level5")``.

========  ===================================================  =======================
level     who                                                  CPU time a decision
========  ===================================================  =======================
level1    a beginner (:class:`BeginnerBot`)                    under 0.1 ms
level2    a sound club player: the heuristic bot               about 0.1 ms
level3    a good player who counts the cards at the end        about 1.4 ms
level4    an expert: the strong bot, two worlds                about 4 ms
level5    the strongest: the strong bot                        about 20 ms
========  ===================================================  =======================

The times are CPU time on one core of a loaded 2-core server with the compiled search
kernel, which makes levels 3 to 5 faster, never different (on the pure path level 5
takes about 110 ms, a discard about a second). On the ladder (see the bots page) each
level beats the one below with 95% confidence.

Level 3 plays the heuristic bot's discard and its first four cards; from eight cards in
hand down, when a player can count what is left, it searches every card in one world
drawn from what it has seen. Level 4 searches every card in two worlds and weighs two
discards in two; it plays as well as the PIMC bot of November 2026 (``pimc-2026.11``)
at a sixth of its time.

The beginner makes the mistakes the books warn against (Cavendish, "The Laws of
Piquet", 1882, the chapter on discarding): he keeps a long suit of low cards for the
point and throws high cards to do it; younger hand, he throws the small card that
guards a king or a queen; he keeps low cards of a rank he holds three of, hoping for a
quatorze of tens or knaves, at the cost of cards that would win tricks. Otherwise he
plays like the heuristic bot.

>>> from piquet.bots import make
>>> type(make("level1")).__name__, type(make("level5", seed=1)).__name__
('BeginnerBot', 'StrongBot')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..actions import Action, Exchange
from ..cards import Card, CardSet, Rank
from ..observation import Observation
from .base import Bot, Preset, no_options
from .heuristic import HeuristicBot
from .strong import StrongBot

__all__ = ["COUNTS_FROM", "LEVELS", "BeginnerBot", "level_factory"]

#: How much more the beginner values a card of his longest suit when it holds no king
#: or ace (a long low suit he keeps whole for the point).
LONG_LOW_SUIT = 12.0
#: How much less the beginner, younger hand, values the small card guarding a king or a
#: queen (he throws it, leaving the honour bare).
BROKEN_GUARD = 9.0
#: Cards in hand from which level 3 searches its cards, the heuristic bot playing the
#: first four: between the heuristic bot and level 4 on the ladder, about as far from
#: each (+28 and +34 points a partie in 50 duplicate pairs each; 6 cards was nearer the
#: heuristic bot, +23 and +47).
COUNTS_FROM = 8
#: How much more the beginner values a ten or a knave of a rank he holds three of (he
#: keeps them for a quatorze).
LOW_QUATORZE = 12.0


@attrs.define
class BeginnerBot(HeuristicBot):
    """The heuristic bot with a beginner's discard: keeps a long low suit, breaks the
    guards of his kings and queens younger hand, and goes for low quatorzes.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> BeginnerBot().choose(state.observation(state.elder)) in state.legal_actions()
    True
    """

    def discard_order(self, observation: Observation) -> list[tuple[Card, float]]:
        """The hand in the order the beginner would throw it, with its keep values: the
        heuristic bot's, bent by his mistakes once, on the hand as dealt to him."""
        order = HeuristicBot().discard_order(observation)
        cards = [card for card, _ in order]
        elder = observation.player == observation.elder
        bent = beginner_values(cards, [value for _, value in order], elder)
        ranked = sorted(range(len(cards)), key=bent.__getitem__)
        return [(cards[i], bent[i]) for i in ranked]

    def _discard(self, observation: Observation, legal: Sequence[Action]) -> Action:
        # He takes in every card he may: what he keeps, he keeps at the cost of others.
        high = legal[-1]
        assert isinstance(high, Exchange)
        order = self.discard_order(observation)
        return Exchange(CardSet(card for card, _ in order[: len(high.discard)]))


def beginner_values(hand: Sequence[Card], values: Sequence[float], elder: bool) -> list[float]:
    """The heuristic's keep ``values`` of ``hand`` bent by the beginner's mistakes."""
    by_suit: dict[Any, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    longest = max(by_suit.values(), key=len)
    low_suit = len(longest) >= 4 and all(c.rank < Rank.KING for c in longest)
    counts: dict[Rank, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    bent: list[float] = []
    for card, value in zip(hand, values, strict=True):
        suit = by_suit[card.suit]
        if low_suit and suit is longest:
            value += LONG_LOW_SUIT
        if not elder and card.rank < Rank.QUEEN and _guards(suit, card):
            value -= BROKEN_GUARD
        if card.rank in (Rank.TEN, Rank.JACK) and counts[card.rank] >= 3:
            value += LOW_QUATORZE
        bent.append(value)
    return bent


def _guards(suit: Sequence[Card], card: Card) -> bool:
    """True when ``card`` is a small card guarding a king or a queen (no ace above)."""
    ranks = {c.rank for c in suit}
    return Rank.ACE not in ranks and bool(ranks & {Rank.KING, Rank.QUEEN})


def _beginner(seed: int | None, **options: Any) -> BeginnerBot:
    no_options("level1", dict(options))
    return BeginnerBot()


def _club(seed: int | None, **options: Any) -> HeuristicBot:
    no_options("level2", dict(options))
    return HeuristicBot()


#: The levels' factories, weakest first: ``LEVELS["level1"](seed)`` is the beginner.
LEVELS: dict[str, Callable[..., Bot]] = {
    "level1": _beginner,
    "level2": _club,
    "level3": Preset(
        "level3",
        StrongBot,
        {"worlds": 1, "exchange_worlds": 1, "discards": 1, "search_below": COUNTS_FROM},
    ),
    "level4": Preset("level4", StrongBot, {"worlds": 2, "exchange_worlds": 2, "discards": 2}),
    "level5": Preset("level5", StrongBot),
}


def level_factory(name: str) -> Callable[..., Bot]:
    """The factory of level ``name`` (``"level1"`` to ``"level5"``).

    >>> level_factory("level2")(None).__class__.__name__
    'HeuristicBot'
    """
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}") from None
