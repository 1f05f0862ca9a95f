"""The :class:`Ruleset`: every rule parameter of a variant, as fields and strategy objects.

The engine never asks which variant it plays; it asks the ruleset. A rule that behaves
differently between variants is a strategy object (a point rule, a sequence rule, a
trick scorer, an end-of-game rule: :mod:`piquet.rules.protocols`); a rule that differs by
a number is a field. The house options of RULES.md section 9 are declared once, in
:mod:`piquet.rules.options`.

>>> import piquet as pq
>>> house = pq.RUBICON.evolve(name="house", carte_rouge=20, last_trick=10)
>>> house.carte_rouge, house.tricks.last_trick
(20, 10)
>>> pq.RUBICON.evolve(elder_max=9)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: elder_max: the elder may take at most 7 cards from a stock of 8 after ... (got 9)
"""

from __future__ import annotations

import re
from typing import Any, Final

import attrs

from ..cards import CardSet, excerpt
from ..words import Category
from .blanks import TwoBlanks
from .combinations import cards_of
from .game import Partie
from .options import HOUSE_OPTIONS, flag, is_whole, option_field, validator, whole_number
from .point import PointByLength
from .protocols import CategoryRule, GameRule, TrickScorer, decomposition_of
from .sequences import SuitedSequences
from .sets import Sets
from .tricks import LeadAndWin

__all__ = ["Ruleset"]

_positive = validator(whole_number(0))

# The longest texts a ruleset takes: its name, its title and its description.
_TEXT_LIMITS: Final = (("name", 80), ("title", 200), ("description", 2000))
# Line breaks and control characters (the Unicode categories Cc, Zl and Zp, and lone
# surrogates): a ruleset's texts are single lines, written whole on a line of a record.
_NOT_IN_TEXT: Final = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _check_text(field: str, value: Any, limit: int) -> None:
    """A ruleset's text: a string of at most ``limit`` characters, on one line."""
    if not isinstance(value, str):
        raise ValueError(f"{field}: must be a string (got {excerpt(value)})")
    if len(value) > limit:
        raise ValueError(
            f"{field}: at most {limit} characters (got {len(value)}: {excerpt(value)})"
        )
    bad = _NOT_IN_TEXT.search(value)
    if bad is not None:
        raise ValueError(
            f"{field}: no line breaks or control characters (got {bad[0]!r} at "
            f"{bad.start()} in {excerpt(value)})"
        )


@attrs.frozen
class Ruleset:
    """Every parameter of a variant. Build a house variant with :meth:`evolve`.

    >>> import piquet as pq
    >>> pq.RUBICON.pack_size, pq.RUBICON.stock_size, pq.RUBICON.elder_max
    (32, 8, 5)
    """

    name: str
    description: str = ""
    title: str = ""
    """A display name for people (``name`` is the key); empty: the name."""
    pack_size: int = attrs.field(default=32)
    packet: int = attrs.field(default=2)
    packets: tuple[int, ...] = attrs.field(default=(2, 3), converter=tuple)
    """The packet sizes a dealer may deal in (R-DL-4): two or three (Cavendish, law 9)."""
    elder_min: int = attrs.field(default=1, validator=_positive)
    elder_max: int = attrs.field(default=5, validator=_positive)
    younger_min: int = option_field("younger_min", 1)
    point: CategoryRule = attrs.field(factory=PointByLength)
    sequences: CategoryRule = attrs.field(factory=SuitedSequences)
    sets: CategoryRule = attrs.field(factory=Sets)
    tricks: TrickScorer = attrs.field(factory=LeadAndWin)
    game: GameRule = attrs.field(factory=Partie)
    carte_blanche: int = attrs.field(default=10, validator=_positive)
    two_blanks: TwoBlanks = option_field("two_blanks", TwoBlanks.BOTH_SCORE)  # noqa: RUF009
    carte_rouge: int | None = option_field("carte_rouge", None)
    younger_carte_rouge_makes_bonus: bool = option_field("younger_carte_rouge_makes_bonus", True)
    cards: int = attrs.field(default=10, validator=_positive)
    capot: int = attrs.field(default=40, validator=_positive)
    cards_count_toward_pique: bool = option_field("cards_count_toward_pique", False)
    pique: int = attrs.field(default=30, validator=_positive)
    repique: int = attrs.field(default=60, validator=_positive)
    bonus_threshold: int = attrs.field(default=30, validator=validator(whole_number(1)))
    lower_cut_deals: bool = attrs.field(default=False, validator=validator(flag))

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"name: must be a non-empty string (got {excerpt(self.name)})")
        for field, limit in _TEXT_LIMITS:
            _check_text(field, getattr(self, field), limit)
        if not is_whole(self.pack_size) or self.pack_size not in (32, 36):
            raise ValueError(f"pack_size: must be 32 or 36 (got {excerpt(self.pack_size)})")
        if not is_whole(self.packet) or self.packet not in (1, 2, 3, 4, 6):
            raise ValueError(
                f"packet: must divide 12: 1, 2, 3, 4 or 6 (got {excerpt(self.packet)})"
            )
        if (
            not self.packets
            or len(self.packets) > 5
            or any(not is_whole(p) or p not in (1, 2, 3, 4, 6) for p in self.packets)
        ):
            raise ValueError(
                f"packets: sizes dividing 12 (1, 2, 3, 4 or 6); got {excerpt(self.packets)}"
            )
        if self.packet not in self.packets:
            raise ValueError(f"packet: {self.packet} is not one of packets {self.packets}")
        stock = self.stock_size
        if self.elder_min < 1 or self.elder_min > self.elder_max:
            raise ValueError(
                f"elder_min: must be from 1 to elder_max ({self.elder_max}) (got {self.elder_min})"
            )
        if self.younger_min > stock:
            raise ValueError(
                f"younger_min: must be at most the stock of {stock} (got {self.younger_min})"
            )
        if self.elder_max + self.younger_min > stock:
            raise ValueError(
                f"elder_max: the elder may take at most {stock - self.younger_min} cards "
                f"from a stock of {stock} after the younger's minimum of {self.younger_min} "
                f"(got {self.elder_max})"
            )
        for field, proto in (
            ("point", CategoryRule),
            ("sequences", CategoryRule),
            ("sets", CategoryRule),
            ("tricks", TrickScorer),
            ("game", GameRule),
        ):
            if not isinstance(getattr(self, field), proto):
                raise ValueError(
                    f"{field}: {excerpt(getattr(self, field))} is not a {proto.__name__}"
                )
        for field, category in (
            ("point", Category.POINT),
            ("sequences", Category.SEQUENCE),
            ("sets", Category.SET),
        ):
            if getattr(self, field).category is not category:
                raise ValueError(f"{field}: must be a rule for the {category} category")
            try:
                decomposition_of(getattr(self, field))
            except ValueError as exc:
                raise ValueError(f"{field}: {exc}") from None

    @property
    def stock_size(self) -> int:
        """Cards left after the deal, 8 from 32 cards and 12 from 36 (R-DL-1)."""
        return self.pack_size - 24

    def category_rule(self, category: Category) -> CategoryRule:
        """The rule of one declaration category."""
        if category is Category.POINT:
            return self.point
        if category is Category.SEQUENCE:
            return self.sequences
        return self.sets

    # ----------------------------------------------------------- claims, by card sets

    def claims(self, category: Category, hand: CardSet | str) -> tuple[CardSet, ...]:
        """Every claim ``hand`` may call in ``category``, in the order of the legal
        :class:`~piquet.Call` actions: for a bot that weighs its calls.

        >>> import piquet as pq
        >>> hand = pq.cards("AS KS QS JS 9H 8H 7H AD AC KC QC 10D")
        >>> [str(c) for c in pq.RUBICON.claims(pq.Category.SEQUENCE, hand)][:3]
        ['AS KS QS JS', 'AS KS QS', 'KS QS JS']
        """
        rule = self.category_rule(category)
        return tuple(cards_of(claim) for claim in rule.claims(_card_set(hand).mask))

    def best_claims(self, category: Category, hand: CardSet | str) -> tuple[CardSet, ...]:
        """The scoring combinations ``hand`` holds in ``category``, best first: the first
        is the best call, the others what its winner reckons besides (R-DE-5). This is what
        ``declarations="auto"`` calls and scores. Empty: nothing to call.

        >>> import piquet as pq
        >>> hand = pq.cards("AS KS QS JS 9H 8H 7H AD AC KC QC 10D")
        >>> best = pq.RUBICON.best_claims(pq.Category.SEQUENCE, hand)
        >>> [str(c) for c in best]
        ['AS KS QS JS', 'AC KC QC', '9H 8H 7H']
        >>> pq.Call(pq.Category.SEQUENCE, best[0])  # the call a bot makes of it
        Call(category=<Category.SEQUENCE: 'sequence'>, cards=CardSet.parse('AS KS QS JS'))
        >>> pq.RUBICON.best_claims(pq.Category.SET, pq.cards("AS KH QD JC"))
        ()
        """
        rule = self.category_rule(category)
        return tuple(cards_of(claim) for claim in rule.combinations(_card_set(hand).mask))

    def claim_key(self, category: Category, cards: CardSet | str) -> tuple[int, ...]:
        """How a claim ranks in ``category``: of two claims the higher key wins, equal keys
        tie and neither scores (R-DE-2..4). A ValueError if the cards are not a claim.

        >>> import piquet as pq
        >>> key = pq.RUBICON.claim_key
        >>> key(pq.Category.POINT, "AH KH QH JH 8H"), key(pq.Category.POINT, "KS QS JS 10S 9S")
        ((5, 49), (5, 49))
        >>> key(pq.Category.SET, "10S 10H 10D 10C") > key(pq.Category.SET, "AS AH AD")
        True
        >>> key(pq.Category.SEQUENCE, "AS KS QH")
        Traceback (most recent call last):
        ...
        ValueError: cards: AS KS QH is not a sequence claim in rubicon
        """
        claim = _card_set(cards).mask
        rule = self.category_rule(category)
        if not rule.is_claim(claim, claim):
            raise ValueError(f"cards: {cards_of(claim)} is not a {category} claim in {self.name}")
        return rule.key(claim)

    def claim_score(self, category: Category, cards: CardSet | str) -> int:
        """The points a claim scores when it wins ``category``; a ValueError if the cards
        are not a claim.

        >>> import piquet as pq
        >>> pq.RUBICON.claim_score(pq.Category.SEQUENCE, "KS QS JS 10S 9S")
        15
        >>> pq.COTTON_1674.claim_score(pq.Category.POINT, "AH KH QH 9H")  # the Ruff: 40
        4
        """
        self.claim_key(category, cards)
        return self.category_rule(category).score(_card_set(cards).mask)

    def evolve(self, **changes: Any) -> Ruleset:
        """A copy with some rules changed, validated; raises ValueError naming a bad field.

        Besides the fields, every house option (:data:`piquet.rules.HOUSE_OPTIONS`) is
        accepted by name, also those that live in a strategy object (``last_trick``,
        ``low_cards_count``, ``fours_score_less``, ``target``, ``double_below``,
        ``deals``, ``rubicon`` ...): the strategy is rebuilt with it.

        >>> import piquet as pq
        >>> pq.AU_CENT.evolve(target=101).game.target
        101
        >>> pq.RUBICON.evolve(colour="red")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: unknown ruleset option 'colour'; known: bonus, bonus_threshold, capot, ...
        >>> pq.AU_CENT.evolve(target=0)
        Traceback (most recent call last):
        ...
        ValueError: target: must be a whole number >= 1 (got 0)
        >>> pq.RUBICON.evolve(target=100)
        Traceback (most recent call last):
        ...
        ValueError: target: Partie (game) has no such option
        """
        own = attrs.fields_dict(Ruleset)
        direct: dict[str, Any] = {}
        nested: dict[str, dict[str, Any]] = {}
        for key, value in changes.items():
            option = HOUSE_OPTIONS.get(key)
            if option is not None and option.holder is not None:
                nested.setdefault(option.holder, {})[key] = option.validate(value)
            elif key in own:
                direct[key] = value
            elif key == "stock_size":
                raise ValueError("stock_size: follows from pack_size; change pack_size instead")
            else:
                known = sorted({*own, *HOUSE_OPTIONS, "stock_size"})
                raise ValueError(
                    f"unknown ruleset option {excerpt(key)}; known: {', '.join(known)}"
                )
        for holder, options in nested.items():
            strategy = direct.get(holder, getattr(self, holder))
            kind = type(strategy)
            have = attrs.fields_dict(kind) if attrs.has(kind) else {}
            for key in options:
                if key not in have:
                    raise ValueError(f"{key}: {kind.__name__} ({holder}) has no such option")
            try:
                direct[holder] = attrs.evolve(strategy, **options)
            except (TypeError, ValueError) as exc:
                message = str(exc)
                if not message.startswith(tuple(f"{key}:" for key in options)):
                    message = f"{', '.join(options)}: {message}"
                raise ValueError(message) from None
        try:
            return attrs.evolve(self, **direct)
        except TypeError as exc:
            raise ValueError(f"bad ruleset option: {exc}") from None


def _card_set(cards: CardSet | str) -> CardSet:
    if isinstance(cards, CardSet):
        return cards
    if isinstance(cards, str):
        return CardSet.parse(cards)
    raise TypeError(f"cards: expected a CardSet or card text, not {type(cards).__name__}")
