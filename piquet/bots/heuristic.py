"""A bot that discards, declares and plays by the advice of the old treatises.

The rules of thumb come from two sources kept in the project's seeds: the hints "taken
from Hoyle" in *Hoyle's Games Modernized* (1909), and the "Hints to Players" of the
article *Piquet* in the *Encyclopaedia Britannica*, ninth edition (written from
Cavendish). Each rule below cites its source as [Hoyle] or [EB9].

>>> import random
>>> import piquet as pq
>>> from piquet.bots import HeuristicBot, make, play_game
>>> final = play_game(pq.RUBICON, [HeuristicBot(), make("greedy")], random.Random(3))
>>> final.is_over
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from math import comb

import attrs

from ..actions import (
    Action,
    Call,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from ..cards import Card, CardSet, Rank, Suit
from ..observation import Observation
from ..words import Category
from .base import no_options
from .helpers import unseen_cards

__all__ = ["HeuristicBot", "Plan", "plan_for"]


class Plan(enum.Enum):
    """How the score of the game shapes a deal's discard and play.

    [Hoyle]: "In some positions you must regulate your discard according to the score."
    [EB9]: "The discard is further affected in the last hand of a partie by the state of
    the score."
    """

    NORMAL = "normal"
    """Nothing special: the usual balance of the point, the combinations and the cards."""
    FEW_POINTS = "few points"
    """A race nearly won: "if you only want a few points ... devote all your attention to
    what counts first, namely, the point and sequences" [Hoyle]."""
    SAFE = "safe"
    """Well ahead in the last deal: "make a safe discard, i.e., one which is likely to win
    the cards or to keep your adversary back" [EB9]."""
    DESPERATE = "desperate"
    """Far behind at the end: "your only chance is a desperate discard, in order to keep
    cards which may possibly give you a pique or a repique" [EB9]."""
    SINK = "sink"
    """Losing the last deal below the rubicon, where every point the loser scores is
    added to the winner's: "it is his interest to score as few points as possible"
    [Hoyle]."""


#: Points of lead (or deficit) in the last deal that make the discard safe (or desperate).
CLEAR_LEAD = 40
#: Points from the target of a race that count as "only a few points" [Hoyle].
FEW = 15


def plan_for(observation: Observation) -> Plan:
    """The plan the score calls for, from the game rule's own description of its end.

    >>> import piquet as pq
    >>> plan_for(pq.new_game().observation(pq.Player.A))
    <Plan.NORMAL: 'normal'>
    """
    game = observation.ruleset.game
    me = observation.player
    mine, theirs = observation.scores[me], observation.scores[me.other]
    target = game.target
    if target is not None:
        if target - theirs <= FEW and target - mine > 3 * FEW:
            return Plan.DESPERATE
        if target - mine <= FEW:
            return Plan.FEW_POINTS
        return Plan.NORMAL
    # Scores (0, 1) are not tied: the question is only whether this is the last deal.
    if not game.over_after_deal(observation.deal_number, (0, 1)):
        return Plan.NORMAL
    lead = mine - theirs
    rubicon = getattr(game, "rubicon", 0)
    if lead <= -2 * CLEAR_LEAD and mine + CLEAR_LEAD < rubicon:
        return Plan.SINK
    if lead >= CLEAR_LEAD:
        return Plan.SAFE
    if lead <= -CLEAR_LEAD:
        return Plan.DESPERATE
    return Plan.NORMAL


# The weight of trick-making against combinations, by plan.
_TRICK_WEIGHT = {
    Plan.NORMAL: 1.0,
    Plan.FEW_POINTS: 0.8,
    Plan.SAFE: 1.5,
    Plan.DESPERATE: 0.6,
    Plan.SINK: 1.0,
}
_COMBINATION_WEIGHT = {
    Plan.NORMAL: 1.0,
    Plan.FEW_POINTS: 1.6,
    Plan.SAFE: 0.7,
    Plan.DESPERATE: 1.6,
    Plan.SINK: 1.0,
}
_LOW_TRICK_VALUE = {Rank.TEN: 1.5, Rank.NINE: 1.0, Rank.EIGHT: 0.7, Rank.SEVEN: 0.5, Rank.SIX: 0.3}


def _suits(cards: Sequence[Card]) -> dict[Suit, list[Card]]:
    """The cards of each suit, high to low (the order CardSet iterates in)."""
    out: dict[Suit, list[Card]] = {}
    for card in cards:
        out.setdefault(card.suit, []).append(card)
    return out


def _run_length(ranks: set[int], rank: int) -> int:
    """The length of the run of adjacent ranks through ``rank``."""
    low = rank
    while low - 1 in ranks:
        low -= 1
    high = rank
    while high + 1 in ranks:
        high += 1
    return high - low + 1


@attrs.frozen
class _DiscardContext:
    elder: bool
    point_suit: Suit | None
    point_is_low: bool
    lowest_set: int
    tricks: float
    combinations: float


def _keep_values(hand: Sequence[Card], thrown: set[Suit], ctx: _DiscardContext) -> list[float]:
    """How much each card of ``hand`` is worth keeping, in the hand as it now stands."""
    suits = _suits(hand)
    rank_counts: dict[int, int] = {}
    for card in hand:
        rank_counts[card.rank] = rank_counts.get(card.rank, 0) + 1
    values: list[float] = []
    for card in hand:
        suit = suits[card.suit]
        n = len(suit)
        rank = int(card.rank)
        ranks = {int(c.rank) for c in suit}
        # Trick-making value. A card at the head of an unbroken run from the ace is
        # as good as an ace. [Hoyle]: "retain such cards as will be likely to favour your
        # winning 'the cards' ... Do not, therefore, throw out good trick-making cards."
        top = Rank.ACE
        while top in ranks and top > rank:
            top = Rank(top - 1)
        if top == rank:
            trick = 10.0
        elif card.rank is Rank.KING:
            # [EB9]: "the elder hand may freely unguard kings and queens"; the younger
            # keeps the guard, so his king is worth more guarded.
            trick = 6.0 + (2.0 if n >= 2 else 0.0 if ctx.elder else -1.0)
        elif card.rank is Rank.QUEEN:
            trick = 4.0 + (2.0 if n >= 3 else 0.0)
        elif card.rank is Rank.JACK:
            trick = 2.5 + (1.5 if n >= 4 else 0.0)
        else:
            trick = _LOW_TRICK_VALUE.get(card.rank, 0.3)
        value = trick * ctx.tricks
        combos = 0.0
        # [EB9]: "In most hands, and especially younger hand, it is essential to keep the
        # whole of your best suit for point"; but "especially elder hand, you should not
        # necessarily keep the longest suit for point, if that suit is composed of low
        # cards, and keeping it involves the discard of high cards from other suits."
        if card.suit is ctx.point_suit:
            combos += 1.5 if ctx.point_is_low and ctx.elder else (4.0 if ctx.elder else 5.0)
        # [EB9]: "It is better to keep cards in sequence than cards not in sequence";
        # [Hoyle]: "A sequence of four is especially valuable ... even a sequence of
        # three is not to be despised."
        run = _run_length(ranks, rank)
        combos += (0.0, 0.0, 1.0, 2.5, 4.0)[run] if run < 5 else 5.0
        # [Hoyle]: "you would keep any quatorze if you have it, even if low"; a trio
        # "should also be kept, if it can be done without detriment to the cards or the
        # point"; [EB9]: "it is seldom advisable to put out a high card for the sake of
        # keeping a trio of knaves or tens".
        same = rank_counts[rank]
        if rank >= ctx.lowest_set:
            if same == 4:
                combos += 8.0
            elif same == 3:
                combos += 3.0 if rank >= Rank.QUEEN else 1.0
            elif same == 2 and rank >= Rank.QUEEN:
                combos += 0.5
        value += combos * ctx.combinations
        if not ctx.elder:
            # [Hoyle]: "when you are younger hand, it is highly desirable to retain the
            # guard [to a king], and for this purpose it is considered further advisable
            # to keep a small card of a bad suit, that it may serve as a guard for a king
            # if you should take one in."
            if rank < Rank.QUEEN:
                guards = (1 if Rank.KING in ranks else 0) + (2 if Rank.QUEEN in ranks else 0)
                smaller = sum(1 for r in ranks if r < rank)
                if smaller < guards:
                    value += 4.0
                if n == 1 and rank <= Rank.NINE:
                    value += 2.0
        elif card.suit in thrown and trick < 10.0 and run < 2 and same < 3:
            # [EB9]: "Having made up your mind to discard from a given suit, you should
            # throw the whole of it, except (a) winning cards; (b) guards to kings or
            # queens, especially younger hand; or (c) cards which make up a quatorze or
            # trio."
            value -= 1.5
        values.append(value)
    return values


#: The keep value above which a player would rather leave a stock card than throw this
#: one. [Hoyle]: the elder should "take all five of your cards, unless you have a chance
#: of a great score"; [EB9]: "As a rule, it is not advisable to leave any cards. The
#: younger hand is at less disadvantage in leaving a card than the elder."
LEAVE_ELDER = 11.0
LEAVE_YOUNGER = 8.0


@attrs.define
class HeuristicBot:
    """Discards, declares and plays by the rules of thumb of Hoyle and Cavendish.

    Discard: keep the point suit whole, keep trick-making cards and sequences, keep a
    quatorze, keep a trio only when it costs no high card; the elder may unguard kings
    and throw whole weak suits, the younger keeps guards and a small card of a weak suit;
    take in every card unless keeping is worth more; shape all of this to the score in the
    last deal of a partie or near the end of a race (see :class:`Plan`).

    Declarations: call the best combination of each category, and reckon every further
    one, except when losing below the rubicon (then sink them).

    Play: cash sure winners from the longest suit; when the trick matters (the seventh
    trick, the last, saving the capot) lead the card most likely to win; else drive out
    a higher card with the head of a sequence or lead low from the longest suit; follow
    by winning as cheaply as possible, else playing low; when unable to follow, throw the
    least useful card, keeping guards to kings and queens.

    It holds no state, and takes well under a millisecond a decision.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> print(state.hand(state.elder))
    KS 10S 8S 7S JH 8H 7H 10D 7D AC KC QC
    >>> HeuristicBot().choose(state.observation(state.elder))
    Exchange(discard=CardSet.parse('JH 8H 7H 10D 7D'))
    """

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"{observation.player} has nothing to choose: not his turn")
        first = legal[0]
        if isinstance(first, Play):
            return self._play(observation, legal)
        if isinstance(first, Exchange):
            return self._discard(observation, legal)
        if isinstance(first, ExchangeCount):
            # [Hoyle]: "It is considered desirable for you, if elder hand, to take all
            # five of your cards."
            return max(legal, key=lambda a: a.count if isinstance(a, ExchangeCount) else -1)
        if isinstance(first, Leave):
            # A younger hand "may look at any cards of his own portion of the stock he
            # leaves behind" [Hoyle]: what he learns is worth more to him than the
            # elder's later look at them.
            look = Leave(LeftCards.LOOK)
            return look if look in legal else first
        return self._declare(observation, legal)

    # ------------------------------------------------------------------ exchange

    def discard_order(self, observation: Observation) -> list[tuple[Card, float]]:
        """The hand in the order this bot would throw it, each card with its keep value
        at the moment it would go (the value it was worth in the hand that remained).

        >>> import random
        >>> import piquet as pq
        >>> state = pq.new_game()
        >>> state = state.apply(state.sample_chance(random.Random(0)))
        >>> order = HeuristicBot().discard_order(state.observation(state.elder))
        >>> [str(card) for card, value in order][:3]
        ['7D', '10D', '7H']
        """
        ctx = _context(observation)
        hand = list(observation.hand)
        order: list[tuple[Card, float]] = []
        thrown: set[Suit] = set()
        while hand:
            values = _keep_values(hand, thrown, ctx)
            i = min(range(len(hand)), key=values.__getitem__)
            card = hand.pop(i)
            thrown.add(card.suit)
            order.append((card, values[i]))
        return order

    def _discard(self, observation: Observation, legal: Sequence[Action]) -> Action:
        low, high = legal[0], legal[-1]
        assert isinstance(low, Exchange) and isinstance(high, Exchange)
        fewest, most = len(low.discard), len(high.discard)
        elder = observation.player == observation.elder
        threshold = LEAVE_ELDER if elder else LEAVE_YOUNGER
        hand = list(observation.hand)
        ctx = _context(observation)
        thrown: set[Suit] = set()
        out: list[Card] = []
        while len(out) < most:
            values = _keep_values(hand, thrown, ctx)
            i = min(range(len(hand)), key=values.__getitem__)
            if len(out) >= fewest and values[i] >= threshold:
                break
            card = hand.pop(i)
            thrown.add(card.suit)
            out.append(card)
        return Exchange(CardSet(out))

    # -------------------------------------------------------------- declarations

    def _declare(self, observation: Observation, legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            # Call the best: a call that is good scores, and an equal one stops the
            # opponent's (R-DE-1). Sinking to hide a holding ("a clever player will
            # sometimes refrain from claiming scoring-elements" [Hoyle]) is not tried: a
            # call's points are certain, what sinking hides is not.
            rule = observation.ruleset.category_rule(calls[0].category)
            return max(calls, key=lambda c: rule.key(c.cards.mask))
        equal = next((a for a in legal if isinstance(a, Equal)), None)
        if equal is not None:  # no better claim now: hear the elder's next word (R-DE-1a)
            return equal
        reckons = [a for a in legal if isinstance(a, Reckon)]
        if reckons:
            if plan_for(observation) is Plan.SINK:
                # [Hoyle]: below the rubicon the loser should "score as few points as
                # possible"; sinking further combinations gives the opponent nothing.
                return min(reckons, key=lambda r: len(r.cards))
            return max(reckons, key=lambda r: len(r.cards))
        for action in legal:
            if isinstance(action, (Good, Pass)):
                return action
        return legal[0]

    # ---------------------------------------------------------------------- play

    def _play(self, observation: Observation, legal: Sequence[Action]) -> Action:
        plays = [a.card for a in legal if isinstance(a, Play)]
        unseen = unseen_cards(observation)
        voids = _opponent_voids(observation)
        if observation.trick:
            return Play(self._follow(observation, plays, unseen))
        return Play(self._lead(observation, plays, unseen, voids))

    def _lead(
        self, observation: Observation, plays: list[Card], unseen: CardSet, voids: set[Suit]
    ) -> Card:
        hand = observation.hand
        by_suit = _suits(plays)
        # Sure winners: higher than every card of their suit the opponent may hold.
        winners: list[Card] = []
        for suit, cards in by_suit.items():
            if suit in voids:
                winners.extend(cards)
                continue
            high = max((int(c.rank) for c in unseen.suit(suit)), default=0)
            winners.extend(c for c in cards if c.rank > high)
        if winners:
            # Cash them from the longest suit first, "to establish and bring in your
            # suits" as at whist [Hoyle]; a winner led always takes the trick.
            return max(winners, key=lambda c: (len(by_suit[c.suit]), int(c.rank)))
        mine = sum(1 for t in observation.tricks if t.winner is observation.player)
        theirs = len(observation.tricks) - mine
        remaining = len(hand)
        # The trick matters: [Hoyle] "The most essential thing is to secure the seventh
        # trick"; "to gain a single trick and so save the capot"; the last trick counts
        # one more.
        critical = mine == 6 or (mine == 0 and theirs >= 6) or remaining == 1
        if critical:
            return max(plays, key=lambda c: _win_chance(c, unseen, observation.opponent_hand_size))
        # Drive out a higher card with the head of a sequence of two or more: the rest of
        # the sequence is then master.
        for cards in sorted(by_suit.values(), key=len, reverse=True):
            ranks = {int(c.rank) for c in cards}
            head = cards[0]
            if int(head.rank) - 1 in ranks and head.rank >= Rank.QUEEN:
                return head
        # Lead low from the longest suit that does not unguard a king or a queen
        # ([Hoyle]: "preserve guard to second-best cards").
        best: Card | None = None
        best_key: tuple[int, int] | None = None
        for cards in by_suit.values():
            low = cards[-1]
            guarded = _guards_needed(cards)
            spare = len(cards) - guarded - sum(1 for c in cards if c.rank >= Rank.QUEEN)
            key = (int(spare > 0), len(cards))
            if low.rank < Rank.QUEEN and (best_key is None or key > best_key):
                best, best_key = low, key
        if best is not None:
            return best
        return min(plays, key=lambda c: int(c.rank))

    def _follow(self, observation: Observation, plays: list[Card], unseen: CardSet) -> Card:
        lead = observation.trick[0]
        winners = [c for c in plays if c.suit is lead.suit and c.rank > lead.rank]
        if winners:
            # Win as cheaply as possible: the follower who wins scores one and leads.
            return min(winners, key=lambda c: int(c.rank))
        followers = [c for c in plays if c.suit is lead.suit]
        if followers:
            return followers[-1]
        # Unable to follow: throw the least useful card. Keep sure winners, and keep
        # "guard to second-best cards" [Hoyle]: the small card beside a king or queen.
        by_suit = _suits(plays)

        def throw_value(card: Card) -> tuple[float, int]:
            cards = by_suit[card.suit]
            high = max((int(c.rank) for c in unseen.suit(card.suit)), default=0)
            if card.rank > high:
                return (20.0 + len(cards), int(card.rank))
            guards = _guards_needed(cards)
            smaller = sum(1 for c in cards if c.rank < card.rank)
            value = float(int(card.rank)) / 2
            guarded_honour = card.rank >= Rank.QUEEN and len(cards) > (
                1 if card.rank is Rank.KING else 2
            )
            if guarded_honour or (card.rank < Rank.QUEEN and smaller < guards):
                value += 6.0
            return (value, -len(cards))

        return min(plays, key=throw_value)


def _context(observation: Observation) -> _DiscardContext:
    plan = plan_for(observation)
    best = _best_point(observation)
    point_suit = next(iter(best.cards)).suit if best is not None else None
    point_is_low = point_suit is not None and not any(
        c.rank >= Rank.KING for c in observation.hand.suit(point_suit)
    )
    return _DiscardContext(
        elder=observation.player == observation.elder,
        point_suit=point_suit,
        point_is_low=point_is_low,
        lowest_set=int(getattr(observation.ruleset.sets, "lowest", Rank.TEN)),
        tricks=_TRICK_WEIGHT[plan],
        combinations=_COMBINATION_WEIGHT[plan],
    )


def _best_point(observation: Observation) -> Call | None:
    rule = observation.ruleset.point
    claims = rule.claims(observation.hand.mask)
    if not claims:
        return None
    return Call(Category.POINT, CardSet.from_mask(max(claims, key=rule.key)))


def _guards_needed(cards: Sequence[Card]) -> int:
    """Small cards a suit needs to guard its king (one) or queen (two)."""
    ranks = {c.rank for c in cards}
    if Rank.ACE in ranks:
        return 0
    if Rank.KING in ranks:
        return 1
    return 2 if Rank.QUEEN in ranks else 0


def _opponent_voids(observation: Observation) -> set[Suit]:
    """Suits the opponent has shown out of: he did not follow a card led to him."""
    voids: set[Suit] = set()
    for trick in observation.tricks:
        if trick.leader is observation.player and trick.follow.suit is not trick.lead.suit:
            voids.add(trick.lead.suit)
    return voids


def _win_chance(card: Card, unseen: CardSet, opponent_cards: int) -> float:
    """The chance that ``card``, led, takes the trick: that the opponent holds none of
    the unseen cards of its suit above it, if his hand is a random draw from the unseen
    cards."""
    higher = sum(1 for c in unseen.suit(card.suit) if c.rank > card.rank)
    total = len(unseen)
    if opponent_cards > total:
        return 0.0
    return comb(total - higher, opponent_cards) / comb(total, opponent_cards)


def make_heuristic(seed: int | None, **options: object) -> HeuristicBot:
    """The factory behind ``make("heuristic")``; the heuristic bot has no randomness."""
    no_options("heuristic", dict(options))
    return HeuristicBot()
