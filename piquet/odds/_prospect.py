"""One player's exchange as he sees it before taking in (:class:`Prospect`): the chances
of what his final hand will hold, and of the opponent's holding better, counted case by
case or, where the cases are too many, sampled."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Final, Literal

import attrs

from ..cards import EMPTY, CardSet, Rank, Suit, pack
from ..rules import RUBICON, CategoryRule, Ruleset
from ._chance import Chance, Estimate
from ._counting import HAND_SIZE, take_in

_CONTEST_COST: Final = 8
"""About how many of one's own cases a case of the opponent's count costs."""


Role = Literal["elder", "younger"]

_Event = Callable[[int], bool]
_Contest = Callable[[int, int], bool]


def _best_key(rule: CategoryRule, hand: int) -> tuple[int, ...]:
    """The key of the best combination of a category in a hand; ``()`` for none, which
    every real key beats."""
    return max((rule.key(c) for c in rule.combinations(hand)), default=())


def _times(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The product of two polynomials given by their coefficients."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _check_role(instance: object, attribute: object, value: object) -> None:
    if value not in ("elder", "younger"):
        raise ValueError(f"role: 'elder' or 'younger' (got {value!r})")


def _card_set(value: object) -> CardSet:
    if isinstance(value, str):
        return CardSet.parse(value)
    if isinstance(value, CardSet):
        return value
    raise ValueError(f"cards: a CardSet or card text like 'AS KH' (got {value!r})")


@attrs.frozen
class Prospect:
    """What a player may hold after his exchange, as he sees it before taking in.

    ``hand`` is the twelve cards dealt him, ``discard`` the cards he will put out (and
    take as many), ``role`` ``"elder"`` or ``"younger"``, ``ruleset`` the rules
    (the pack, the elder's maximum, the stock left to the younger, and the point,
    sequence and set rules that judge the hand). ``seen`` are cards he has seen that he
    will not take in (a card of the stock exposed, say). ``elder_takes``: for the
    younger, how many cards the elder took (his maximum unless given), which leaves the
    younger his share of the stock.

    Every chance is exact (a :class:`~fractions.Fraction`) when the cards he may take
    in number at most ``exact_limit`` cases; otherwise it is sampled ``samples`` times
    from ``seed`` and returned as an :class:`Estimate`. The chances about the opponent
    (:meth:`opponent_better`) take his final twelve cards to be any twelve of those
    the player cannot account for, all equally likely: the books' "what is against
    you", not a model of the opponent's discarding.

    Hoyle's case (*Hoyle's Games Modernized*, 1909): ace, king, queen and seven of hearts
    and two other queens.
    Keeping the queens, it is three to one against the fourth queen; keeping the seven
    of hearts instead, it is five to two on another heart:

    >>> from piquet import Rank, Suit, cards
    >>> from piquet.odds import odds_text
    >>> hand = cards("AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S")
    >>> odds_text(Prospect(hand, discard=cards("7H 9C 8C 7C 7S"), role="elder")
    ...           .quatorze(Rank.QUEEN))
    '3 to 1 against'
    >>> keep_hearts = Prospect(hand, discard=cards("QD 9C 8C 7C 7S"), role="elder")
    >>> keep_hearts.take_in(keep_hearts.unseen.suit(Suit.HEARTS))
    Fraction(232, 323)
    >>> keep_hearts.point(5)  # five cards of a suit or more, hearts or another suit
    Fraction(11899, 15504)
    """

    hand: CardSet = attrs.field(converter=_card_set)
    discard: CardSet = attrs.field(converter=_card_set)
    role: Role = attrs.field(validator=_check_role)
    ruleset: Ruleset = attrs.field(default=RUBICON)
    seen: CardSet = attrs.field(default=EMPTY, converter=_card_set)
    elder_takes: int | None = attrs.field(default=None)
    exact_limit: int = attrs.field(default=400_000)
    samples: int = attrs.field(default=20_000)
    seed: int = attrs.field(default=0)

    def __attrs_post_init__(self) -> None:
        ruleset = self.ruleset
        if not isinstance(ruleset, Ruleset):
            raise ValueError(f"ruleset: a Ruleset (got {ruleset!r})")
        full = CardSet(pack(ruleset.pack_size))
        for name, value in (("hand", self.hand), ("discard", self.discard), ("seen", self.seen)):
            if not value <= full:
                raise ValueError(f"{name}: {value - full} not in the {ruleset.pack_size}-card pack")
        if len(self.hand) != HAND_SIZE:
            raise ValueError(f"hand: a dealt hand has {HAND_SIZE} cards (got {len(self.hand)})")
        if not self.discard <= self.hand:
            raise ValueError(f"discard: {self.discard - self.hand} not in the hand")
        if not self.seen.isdisjoint(self.hand):
            raise ValueError(f"seen: {self.seen & self.hand} are in the hand")
        low, high = self.discard_range
        if not low <= len(self.discard) <= high:
            raise ValueError(
                f"discard: the {self.role} discards from {low} to {high} cards "
                f"under {ruleset.name} (got {len(self.discard)})"
            )
        if self.taking > len(self.unseen):
            raise ValueError(
                f"seen: only {len(self.unseen)} unseen cards left to take {self.taking} from"
            )
        for name in ("exact_limit", "samples"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name}: must be a whole number >= 1 (got {value!r})")

    @property
    def discard_range(self) -> tuple[int, int]:
        """The fewest and most cards this player may discard under the ruleset."""
        ruleset = self.ruleset
        if self.role == "elder":
            if self.elder_takes is not None:
                raise ValueError("elder_takes: only for the younger")
            return ruleset.elder_min, ruleset.elder_max
        elder = ruleset.elder_max if self.elder_takes is None else self.elder_takes
        if (
            not isinstance(elder, int)
            or isinstance(elder, bool)
            or not ruleset.elder_min <= elder <= ruleset.elder_max
        ):
            raise ValueError(
                f"elder_takes: from {ruleset.elder_min} to {ruleset.elder_max} (got {elder!r})"
            )
        return ruleset.younger_min, ruleset.stock_size - elder

    @property
    def taking(self) -> int:
        """How many cards he takes in: as many as he discards."""
        return len(self.discard)

    @property
    def kept(self) -> CardSet:
        """The cards of his hand he keeps."""
        return self.hand - self.discard

    @property
    def unseen(self) -> CardSet:
        """The cards he may take in: the pack less his hand and the cards he has seen."""
        return CardSet(pack(self.ruleset.pack_size)) - self.hand - self.seen

    @property
    def cases(self) -> int:
        """How many sets of cards he may take in, all equally likely."""
        return math.comb(len(self.unseen), self.taking)

    def take_in(self, wanted: CardSet, at_least: int = 1) -> Fraction:
        """The chance of taking in at least ``at_least`` of ``wanted`` (see :func:`take_in`)."""
        return take_in(wanted, taking=self.taking, unseen=self.unseen, at_least=at_least)

    def point(self, at_least: int) -> Chance:
        """The chance his final hand's point is at least ``at_least`` in the ruleset's
        measure: cards for the point by length, pips for the Ruff."""
        rule = self.ruleset.point
        return self._chance(lambda hand: _best_key(rule, hand) >= (at_least,))

    def sequence(self, at_least: int) -> Chance:
        """The chance his final hand holds a sequence of at least ``at_least`` cards
        (suited or of mixed suits, as the ruleset counts them)."""
        rule = self.ruleset.sequences
        return self._chance(lambda hand: _best_key(rule, hand) >= (at_least,))

    def quatorze(self, rank: Rank | None = None) -> Chance:
        """The chance his final hand holds a quatorze (of ``rank``, or of any rank that
        scores as a set)."""
        return self._set_chance(rank, 4)

    def trio(self, rank: Rank) -> Chance:
        """The chance his final hand holds at least three of ``rank`` (a trio, or a
        quatorze, which he may call as a trio)."""
        return self._set_chance(rank, 3)

    def opponent_better(self, category: Literal["point", "sequence", "set"]) -> Chance:
        """The chance the opponent ends with a better point, sequence or set than his
        final hand's best (equal is not better): the opponent's twelve cards are any
        twelve of the cards outside the player's final hand and discard.

        Exact when the category lies within a suit (the point, suited sequences) or a
        rank (sets): the opponent's best is then the best of his suits (or ranks), and
        the hands of his that beat nothing are counted suit by suit. Each case costs a
        count of its own, so this counts up to an eighth of ``exact_limit`` cases (the
        elder's 15,504 and the younger's 1,140 with 32 cards, the younger's 42,504 with
        36) and samples beyond. Sequences of mixed suits are sampled unless there are
        few enough cases to go through.

        >>> from piquet import cards
        >>> from piquet.odds import odds_text
        >>> prospect = Prospect(cards("AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S"),
        ...                     discard=cards("7H 9C 8C 7C 7S"), role="elder")
        >>> better = prospect.opponent_better("set")
        >>> better, odds_text(better)
        (Fraction(792143, 2351440), '2 to 1 against')
        """
        rule = self._rule(category)
        parts = self._parts(category, rule)
        if parts is not None and self.cases <= self.exact_limit // _CONTEST_COST:
            return self._contest_by_parts(rule, parts)
        return self._contest(lambda mine, theirs: _best_key(rule, theirs) > _best_key(rule, mine))

    def _parts(self, category: str, rule: CategoryRule) -> list[int] | None:
        """The suits or ranks whose best combinations make the hand's best, or None.

        A point is one suit (R-DE-2) and a set one rank (R-DE-4); a sequence is one suit
        when the rule refuses a run of mixed suits (``is_claim``), as suited sequences do.
        """
        suits = [CardSet(pack(36)).suit(suit).mask for suit in Suit]
        if category == "set":
            return [CardSet(pack(36)).ranks(rank).mask for rank in Rank]
        if category == "sequence":
            mixed_run = CardSet.parse("AS KH QD").mask
            return None if rule.is_claim(mixed_run, mixed_run) else suits
        return suits

    def _contest_by_parts(self, rule: CategoryRule, parts: Sequence[int]) -> Fraction:
        """Count, for each set he may take in, the opponent's hands whose every suit (or
        rank) is no better than the player's best: a product of one polynomial per
        part, the coefficient of x^k counting the part's subsets of k cards."""
        kept, out = self.kept.mask, self.discard.mask
        full = CardSet(pack(self.ruleset.pack_size)).mask
        best_of: dict[int, tuple[int, ...]] = {}
        theirs = math.comb(len(self.unseen) + len(self.seen) - self.taking, HAND_SIZE)
        not_better = 0
        for draw in self._draws():
            mine = kept | draw
            limit = _best_key(rule, mine)
            pool = full & ~mine & ~out
            counts = [1]
            for part in parts:
                cards_in = pool & part
                by_size = [0] * (cards_in.bit_count() + 1)
                sub = cards_in
                while True:
                    key = best_of.get(sub)
                    if key is None:
                        key = best_of[sub] = _best_key(rule, sub)
                    if key <= limit:
                        by_size[sub.bit_count()] += 1
                    if not sub:
                        break
                    sub = (sub - 1) & cards_in
                counts = _times(counts, by_size)
            not_better += counts[HAND_SIZE] if len(counts) > HAND_SIZE else 0
        return 1 - Fraction(not_better, self.cases * theirs)

    def ladder(self, category: Literal["point", "sequence", "set"]) -> dict[int, Chance]:
        """For each value his best combination of a category may reach, the chance it
        reaches at least that value: the first term of the ruleset's key (cards or pips
        of the point, cards of a sequence; for sets, 0 for a trio and 1 for a quatorze).
        Lower values are certain; values not listed above the last are impossible. One
        pass over the cases answers every threshold.

        >>> from piquet import cards
        >>> from piquet.odds import odds_text
        >>> prospect = Prospect(cards("AH KH QH JH 9S 8S 7S 9D 8D 7C 8C 10C"),
        ...                     discard=cards("9D 8D 7C 8C 10C"), role="elder")
        >>> for length, chance in prospect.ladder("sequence").items():
        ...     print(length, chance, odds_text(chance))
        4 1 certain
        5 1519/5168 7 to 3 against
        6 317/5168 15 to 1 against
        7 1/102 101 to 1 against
        8 1/912 911 to 1 against
        """
        rule = self._rule(category)
        tally: dict[int, int] = {}

        def best(hand: int) -> int:
            key = _best_key(rule, hand)
            return key[0] if key else -1

        kept = self.kept.mask
        exact = self.cases <= self.exact_limit
        if exact:
            for draw in self._draws():
                value = best(kept | draw)
                tally[value] = tally.get(value, 0) + 1
        else:
            rng = random.Random(self.seed)
            masks = [card.mask for card in self.unseen]
            for _ in range(self.samples):
                value = best(kept | sum(rng.sample(masks, self.taking)))
                tally[value] = tally.get(value, 0) + 1
        out: dict[int, Chance] = {}
        reached = 0
        for value in sorted(tally, reverse=True):
            reached += tally[value]
            if value >= 0:
                total = self.cases if exact else self.samples
                out[value] = (
                    Fraction(reached, total) if exact else Estimate.from_counts(reached, total)
                )
        return dict(sorted(out.items()))

    def _rule(self, category: str) -> CategoryRule:
        rules = {
            "point": self.ruleset.point,
            "sequence": self.ruleset.sequences,
            "set": self.ruleset.sets,
        }
        if category not in rules:
            raise ValueError(f"category: 'point', 'sequence' or 'set' (got {category!r})")
        return rules[category]

    # ------------------------------------------------------------------ counting

    def _set_chance(self, rank: Rank | None, size: int) -> Chance:
        rule = self.ruleset.sets
        of_rank = -1  # every rank
        if rank is not None:
            of_rank = CardSet(pack(36)).ranks(Rank(rank)).mask
            if not rule.is_claim(of_rank, of_rank):
                raise ValueError(f"rank: {Rank(rank).name.lower()}s do not score as a set here")

        def holds(hand: int) -> bool:
            return any(
                combo.bit_count() >= size and combo & of_rank for combo in rule.combinations(hand)
            )

        return self._chance(holds)

    def _draws(self) -> Iterator[int]:
        """Every set of cards he may take in, as a mask."""
        masks = [card.mask for card in self.unseen]
        for combo in itertools.combinations(masks, self.taking):
            yield sum(combo)

    def _chance(self, event: _Event) -> Chance:
        kept = self.kept.mask
        if self.cases <= self.exact_limit:
            hits = sum(1 for draw in self._draws() if event(kept | draw))
            return Fraction(hits, self.cases)
        rng = random.Random(self.seed)
        masks = [card.mask for card in self.unseen]
        hits = 0
        for _ in range(self.samples):
            if event(kept | sum(rng.sample(masks, self.taking))):
                hits += 1
        return Estimate.from_counts(hits, self.samples)

    def _contest(self, event: _Contest) -> Chance:
        kept, out = self.kept.mask, self.discard.mask
        full = CardSet(pack(self.ruleset.pack_size)).mask
        others = len(self.unseen) + len(self.seen) - self.taking
        theirs = math.comb(others, HAND_SIZE)
        if self.cases * theirs <= self.exact_limit:
            hits = 0
            for draw in self._draws():
                mine = kept | draw
                rest = [card.mask for card in CardSet.from_mask(full & ~mine & ~out)]
                for combo in itertools.combinations(rest, HAND_SIZE):
                    hits += event(mine, sum(combo))
            return Fraction(hits, self.cases * theirs)
        rng = random.Random(self.seed)
        masks = [card.mask for card in self.unseen]
        seen = [card.mask for card in self.seen]
        hits = 0
        for _ in range(self.samples):
            shuffled = rng.sample(masks, len(masks))
            mine = kept | sum(shuffled[: self.taking])
            pool = shuffled[self.taking :] + seen
            if event(mine, sum(rng.sample(pool, HAND_SIZE))):
                hits += 1
        return Estimate.from_counts(hits, self.samples)
