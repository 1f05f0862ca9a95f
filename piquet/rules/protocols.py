"""The protocols a house ruleset implements: what the engine asks each strategy, and when.

A :class:`~piquet.Ruleset` holds five strategy objects: ``point``, ``sequences`` and
``sets`` are :class:`CategoryRule`\\ s, ``tricks`` is a :class:`TrickScorer`, ``game`` is a
:class:`GameRule`. The engine never asks which variant it plays; it calls these hooks.
A strategy of your own is any object with these methods (it need not inherit from
anything; a frozen attrs class is the easiest, and can be stored in game records once
registered with :func:`piquet.records.register_strategy`).

Every hook must be a pure function of its arguments and of the strategy's fields: the
engine may call a hook ahead of time and keep the answer (it compiles the trick scores
of every pair of cards once per ruleset, for instance), or call it again for the same
arguments. "When it is called" below says when the answer is used.

**Cards as bits.** For speed the hooks take cards as integers:

- a *card* is its bit index, :attr:`Card.index <piquet.Card.index>`:
  ``suit * 16 + (rank - 6)`` with the suits S H D C numbered 0 to 3 and the ranks 6 to 14
  (the six of spades is 0, the ace of spades 8, the ace of hearts 24);
- a *hand*, *claim* or *combination* is a card-set bit mask,
  :attr:`CardSet.mask <piquet.CardSet.mask>`: the sum of ``1 << index`` over its cards.

:func:`card_at` and :func:`card_set` turn them back into cards to read them, and
:meth:`Ruleset.claims <piquet.Ruleset.claims>`, :meth:`~piquet.Ruleset.best_claims`,
:meth:`~piquet.Ruleset.claim_key` and :meth:`~piquet.Ruleset.claim_score` ask a
ruleset's category rules with card sets.

>>> import piquet as pq
>>> card_at(pq.Card.parse("AH").index), card_set(pq.cards("AH KH").mask)
(Card.parse('AH'), CardSet.parse('AH KH'))
>>> isinstance(pq.RUBICON.point, CategoryRule) and isinstance(pq.RUBICON.game, GameRule)
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

from ..cards import CARD_BY_INDEX, Card, CardSet
from ..words import Category, Player, Reason

__all__ = [
    "CategoryRule",
    "Decomposition",
    "GameRule",
    "TrickScorer",
    "card_at",
    "card_set",
    "decomposition_of",
    "say_word",
    "word_ends",
]


def card_at(index: int) -> Card:
    """The card of a bit index (:attr:`Card.index <piquet.Card.index>`)."""
    card = CARD_BY_INDEX[index] if 0 <= index < len(CARD_BY_INDEX) else None
    if card is None:
        raise ValueError(f"not a card index: {index!r}")
    return card


def card_set(mask: int) -> CardSet:
    """The card set of a bit mask (:attr:`CardSet.mask <piquet.CardSet.mask>`)."""
    return CardSet.from_mask(mask)


class Decomposition(enum.Enum):
    """How a category's claims and combinations of any cards follow from those of their
    parts: the optional ``decomposition`` attribute of a :class:`CategoryRule`.

    A rule that declares one is compiled, once per ruleset, into lookup tables indexed by
    the cards of one suit (nine bits) or of one rank (four bits): the engine asks the rule
    only about the cards of one part at a time, and puts a hand's answers together from
    the parts' (automatic declarations then take some 40 % less time). A rule without the
    attribute, or with None, is asked about every hand. Either way the results must be the
    same, so a rule declares a decomposition only when all of this holds, for every card
    mask ``cards`` (a hand, or any other cards):

    ``PER_SUIT``
        Every claim and combination lies in one suit.
        ``claims(cards)`` is the concatenation, in suit order S H D C, of ``claims`` of
        the cards of each suit alone; ``combinations(cards)`` is the concatenation, in
        the same order, of ``combinations`` of each suit's cards alone, then sorted by
        :meth:`~CategoryRule.key`, best first, by a stable sort (equal keys stay in suit
        order); ``further(cards, claim)`` is ``[c for c in combinations(cards) if not c &
        claim]``. Suited sequences are such a rule.
    ``BEST_SUIT``
        The same for ``claims``; but ``combinations(cards)`` is at most one combination:
        the first combination of the suit whose first combination has the highest key
        (the first such suit in suit order on equal keys), and ``further`` is always
        empty. The point is such a rule.
    ``PER_RANK``
        As ``PER_SUIT``, with the ranks, from the highest (ace) down, in place of the
        suits. Sets are such a rule.

    In all three, ``is_claim(claim, hand)`` is ``claim in claims(hand)`` (as the protocol
    already says), and the other hooks are pure functions of their arguments. The tables
    are filled as the engine meets each suit's (or rank's) cards, so a new ruleset costs
    nothing to start.

    >>> import piquet as pq
    >>> pq.RUBICON.point.decomposition, pq.RUBICON.sets.decomposition
    (<Decomposition.BEST_SUIT: 'best suit'>, <Decomposition.PER_RANK: 'per rank'>)
    >>> rule = pq.RUBICON.sequences  # the hand's combinations are its suits', best first
    >>> hand = pq.cards("JS 10S 9S AH KH QH JH 8D 7D AC KC QC")
    >>> [card_set(c) for c in rule.combinations(hand.mask)]
    [CardSet.parse('AH KH QH JH'), CardSet.parse('AC KC QC'), CardSet.parse('JS 10S 9S')]
    >>> [card_set(c) for c in rule.combinations(pq.cards("AC KC QC").mask)]
    [CardSet.parse('AC KC QC')]
    >>> print(decomposition_of(pq.COTTON_1995.sequences))  # sequences of any suits
    None
    """

    PER_SUIT = "per suit"
    BEST_SUIT = "best suit"
    PER_RANK = "per rank"


def decomposition_of(rule: object) -> Decomposition | None:
    """The :class:`Decomposition` a category rule declares, or None when it declares none
    (a ValueError if its ``decomposition`` attribute is something else).

    >>> import piquet as pq
    >>> decomposition_of(pq.RUBICON.sequences), decomposition_of(pq.COTTON_1995.sequences)
    (<Decomposition.PER_SUIT: 'per suit'>, None)
    """
    declared = getattr(rule, "decomposition", None)
    if declared is None or isinstance(declared, Decomposition):
        return declared
    raise ValueError(
        f"decomposition: {type(rule).__name__}.decomposition must be a Decomposition or "
        f"None (got {declared!r})"
    )


def word_ends(rule: object, key_length: int) -> tuple[int, ...]:
    """Where each word of a call ends in the claim's key (R-DE-1a): the elder says a
    claim's key a word at a time, the younger answering each.

    A rule may say how many of the key's fields each word names, in an optional
    attribute ``word_sizes`` (the point by length: ``(1, 1)``, its number of cards and
    then its value; sets: ``(2,)``, size and rank in one word); without it each field of
    the key is a word of its own. The sizes must add up to the key's length.

    >>> import piquet as pq
    >>> word_ends(pq.RUBICON.point, 2), word_ends(pq.RUBICON.sets, 2)
    ((1, 2), (2,))
    """
    sizes = getattr(rule, "word_sizes", None)
    if sizes is None:
        return tuple(range(1, key_length + 1))
    ends = []
    total = 0
    for size in sizes:
        total += size
        ends.append(total)
    if total != key_length or any(size < 1 for size in sizes):
        raise ValueError(
            f"word_sizes: {type(rule).__name__}.word_sizes {tuple(sizes)!r} must be positive "
            f"and add up to the length of its keys ({key_length})"
        )
    return tuple(ends)


def say_word(rule: CategoryRule, claim: int, word: int) -> str:
    """The words of the ``word``-th word of a call (from 0): the rule's optional
    ``say(claim, word)``; without it, its :meth:`~CategoryRule.spoken` words for the
    first, and ``making`` and the key's fields for each later one.

    >>> import piquet as pq
    >>> claim = pq.cards("AH KH QH JH 8H").mask
    >>> say_word(pq.RUBICON.point, claim, 0), say_word(pq.RUBICON.point, claim, 1)
    ('point of five', 'making 49')
    """
    say = getattr(rule, "say", None)
    if say is not None:
        return str(say(claim, word))
    if word == 0:
        return rule.spoken(claim, None)
    key = rule.key(claim)
    ends = word_ends(rule, len(key))
    return "making " + " ".join(map(str, key[ends[word - 1] : ends[word]]))


@runtime_checkable
class CategoryRule(Protocol):
    """How one declaration category finds, ranks, scores and names claims (R-DE-1..6).

    The ``point``, ``sequences`` and ``sets`` fields of a ruleset each hold one. A *claim*
    is the cards a player calls (a card-set mask); a *hand* is the caller's twelve cards
    (after the exchange).

    Besides the methods below, a rule may declare how it decomposes into suits or ranks,
    in an attribute ``decomposition`` (a :class:`Decomposition`; optional, so not a
    member of the protocol): the engine then compiles it into tables once per ruleset
    instead of asking it about every hand. Read it with :func:`decomposition_of`.

    With declarations played, a call is said a word at a time (R-DE-1a): each word names
    some of the key's fields, and the younger answers each. A rule may say how the key
    splits into words (an attribute ``word_sizes``, see :func:`word_ends`) and what each
    word sounds like (a method ``say(claim, word) -> str``, see :func:`say_word`); both
    are optional.
    """

    category: ClassVar[Category]
    """The category it rules (:attr:`Category.POINT <piquet.Category.POINT>` for the
    ``point`` field, and so on); the ruleset checks it."""

    def claims(self, hand: int) -> Sequence[int]:
        """Every claim the hand supports, in a fixed order.

        Called when the engine lists a declaration turn's legal actions: each claim
        becomes a :class:`~piquet.Call`. The younger answering an elder's call gets only
        those whose :meth:`key` is at least the call's.
        """
        ...

    def is_claim(self, claim: int, hand: int) -> bool:
        """Whether ``claim`` is a well-formed claim that ``hand`` supports (R-DE-1).

        Called when a :class:`~piquet.Call` is applied: the engine refuses a claim the
        hand does not support.
        """
        ...

    def key(self, claim: int) -> tuple[int, ...]:
        """The claim's rank: a higher key wins the category, equal keys tie (no one
        scores).

        Called to compare the younger's answer with the elder's call, to order
        combinations, to bound what a winner may add after a "good" (R-DE-5) and to
        decide whether a call is good against the cards.
        """
        ...

    def score(self, claim: int) -> int:
        """Points the claim scores when it wins the category.

        Called for the winning call and for every further combination the winner
        reckons.
        """
        ...

    def combinations(self, hand: int) -> Sequence[int]:
        """The hand's disjoint scoring combinations, best first.

        Called by automatic declarations (``declarations="auto"``: the first is the
        call, the others are reckoned), by carte rouge (is every card in a scoring
        combination?) and, given every card the caller cannot see, to decide whether a
        call is good against the cards.
        """
        ...

    def further(self, hand: int, claim: int) -> Sequence[int]:
        """What the winner of the category may reckon besides his call ``claim``, best
        first: the hand's other combinations, disjoint from it (R-DE-5); none for the
        point.

        Called when a player wins the category, to list his :class:`~piquet.Reckon`
        actions.
        """
        ...

    def spoken(self, claim: int, versus: int | None) -> str:
        """The words of a call (``"point of five"``, ``"quart major"``): all a losing call
        reveals (R-DE-6).

        Called when a call is made or answered; ``versus`` is the other player's claim
        when both called (the point names its value only between equal lengths), else
        None.
        """
        ...


@runtime_checkable
class TrickScorer(Protocol):
    """How the play scores (R-PL-2, R-PL-3). The ``tricks`` field of a ruleset.

    Cards are bit indices (:attr:`Card.index <piquet.Card.index>`). The points go to the
    ledger in the order played (precedence class 5) and count toward pique and repique and
    toward a race's target as they are scored.
    """

    @property
    def last_trick(self) -> int:
        """Extra points for the last trick: the ``last_trick`` option, as shown to players."""
        ...

    def lead_points(self, card: int) -> int:
        """Points for leading ``card``, scored by the leader the moment he leads it
        (before the trick is complete)."""
        ...

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        """Points to the winner of a trick and their reason (``Reason.WIN`` or
        ``Reason.COUNTERS``), scored when the follower's card ``follow`` completes it.
        ``follower_won``: the follower took the trick."""
        ...

    def last_trick_points(self, winning_card: int) -> int:
        """Extra points to the winner of the twelfth trick, scored after
        :meth:`trick_points`; ``winning_card`` is the card that took it."""
        ...


@runtime_checkable
class GameRule(Protocol):
    """When a game ends and what it is worth (R-GM-1, R-GM-2). The ``game`` field.

    A worked example, a house rule ending the game once a player leads by 50 (or after
    ten deals), is in the documentation: :doc:`/rulesets/house`.
    """

    @property
    def target(self) -> int | None:
        """A score that ends the game the moment a player reaches it (a race), or None.

        Read when a game starts; the engine then checks it after every score in ledger
        order, and the first player to reach it wins at once, mid-deal.
        """
        ...

    @property
    def games_to_win(self) -> int:
        """Game points that win the partie (a double game counts two); 1 for a single
        game. Read when a game is settled: while no one has this many, the next game
        starts from nought."""
        ...

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        """True when the game ends after this many complete deals.

        The engine calls it after each complete deal, in order (``deals_played`` 1, 2,
        ...), with the game's totals, until it returns True: a call for deal ``n`` means
        the game went on after deal ``n - 1``. Not called once a target ended the game.
        """
        ...

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        """The winner (None: drawn) and the points he wins, when the game ends.

        ``scores`` are the final totals; ``first_to_target`` is the player who reached
        :attr:`target` (None when :meth:`over_after_deal` ended the game).
        """
        ...
