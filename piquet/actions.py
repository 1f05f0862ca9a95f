"""Actions: frozen, hashable values, each with a short text form (the notation).

>>> import piquet as pq
>>> action = pq.parse_action("call point AH KH QH JH 8H")
>>> action == pq.Call(pq.Category.POINT, pq.cards("AH KH QH JH 8H")), str(action)
(True, 'call point AH KH QH JH 8H')
>>> pq.parse_action("play 10h")
Play(card=Card.parse('10H'))
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Final, Union

import attrs

from .cards import MAX_CARDS, Card, CardSet, cards, excerpt
from .words import Category

__all__ = [
    "Action",
    "Call",
    "Deal",
    "Equal",
    "Exchange",
    "ExchangeCount",
    "Good",
    "Leave",
    "LeftCards",
    "Pass",
    "Play",
    "Reckon",
    "parse_action",
]


MAX_ACTION_TEXT: Final = 500
"""The longest action text :func:`parse_action` reads: the longest action, a deal of 36
cards, takes about 150 characters."""


def _to_cardset(value: CardSet | str | Iterable[Card | str]) -> CardSet:
    return cards(value)


def _to_category(value: Category | str) -> Category:
    try:
        return Category(value)
    except ValueError:
        raise ValueError(
            f"bad category {excerpt(value)}: expected point, sequence or set"
        ) from None


def _to_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    return Card.parse(value)


def _to_pack(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    # the size is checked before any card is read: a pack holds at most 36 cards
    if isinstance(value, str):
        if len(value) > MAX_ACTION_TEXT:
            raise ValueError(f"a pack's text is too long ({len(value)} characters)")
        value = value.replace(",", " ").split()
    elif not isinstance(value, (tuple, list)):
        if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
            raise TypeError(f"a pack is cards or card texts, not {type(value).__name__}")
        value = tuple(itertools.islice(value, MAX_CARDS + 1))
    if len(value) > MAX_CARDS:
        raise ValueError(f"a pack holds at most {MAX_CARDS} cards (got {len(value)} or more)")
    return tuple(_to_card(c) for c in value)


def _small_number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    # an int, not a bool nor a float (2.0 would deal, and be written "deal 2.0")
    if type(value) is not int or not 0 <= value <= MAX_CARDS:
        raise ValueError(
            f"{attribute.name}: expected a whole number from 0 to {MAX_CARDS}, not {excerpt(value)}"
        )


def _to_left(value: LeftCards | str) -> LeftCards:
    try:
        return LeftCards(value)
    except ValueError:
        known = ", ".join(choice.value for choice in LeftCards)
        raise ValueError(f"bad choice {excerpt(value)}: expected one of {known}") from None


@attrs.frozen
class Deal:
    """Chance: the whole pack in order, top card first, dealt in packets (R-DL-4).

    Packets of ``packet`` cards go alternately to the elder (first) and the dealer until
    each has twelve; the rest is the stock, top card first.

    >>> import piquet as pq
    >>> str(Deal(["AS", "KS"], packet=3)), Deal(pq.pack()).packet
    ('deal 3 AS KS', 2)
    """

    pack: tuple[Card, ...] = attrs.field(converter=_to_pack)
    packet: int = attrs.field(default=2, validator=_small_number)

    def __str__(self) -> str:
        return f"deal {self.packet} " + " ".join(str(c) for c in self.pack)


@attrs.frozen
class ExchangeCount:
    """The elder with carte blanche states how many cards he will exchange (R-CB-2).

    >>> str(ExchangeCount(3))
    'count 3'
    """

    count: int = attrs.field(validator=_small_number)

    def __str__(self) -> str:
        return f"count {self.count}"


@attrs.frozen
class Exchange:
    """Discard these cards and take as many from the top of the stock (R-EX-1, R-EX-3).

    >>> str(Exchange("7S 8S"))
    'discard 8S 7S'
    """

    discard: CardSet = attrs.field(converter=_to_cardset)

    def __str__(self) -> str:
        return f"discard {self.discard}"


class LeftCards(enum.Enum):
    """What the younger does with stock cards he leaves (R-EX-4).

    >>> LeftCards("look") is LeftCards.LOOK
    True
    """

    UNSEEN = "unseen"
    """Nobody sees them."""
    LOOK = "look"
    """He looks at them; the elder may see them once he has led his first card."""
    EXPOSE = "expose"
    """Both players see them at once."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Leave:
    """The younger's choice about the stock cards he left (R-EX-4).

    >>> str(Leave(LeftCards.EXPOSE))
    'leave expose'
    """

    choice: LeftCards = attrs.field(converter=_to_left)

    def __str__(self) -> str:
        return f"leave {self.choice}"


@attrs.frozen
class Call:
    """A declaration: the cards claimed in a category (R-DE-1).

    A point: the highest cards of one suit; a sequence: its cards; a set: its 3 or 4.

    >>> str(Call("point", "QH AH KH"))
    'call point AH KH QH'
    """

    category: Category = attrs.field(converter=_to_category)
    cards: CardSet = attrs.field(converter=_to_cardset)

    def __str__(self) -> str:
        return f"call {self.category} {self.cards}"


@attrs.frozen
class Pass:
    """The elder calls nothing in a category, or the younger calls nothing after a pass.

    >>> str(Pass("set"))
    'pass set'
    """

    category: Category = attrs.field(converter=_to_category)

    def __str__(self) -> str:
        return f"pass {self.category}"


@attrs.frozen
class Good:
    """The younger concedes the elder's call (R-DE-1).

    >>> str(Good("sequence"))
    'good sequence'
    """

    category: Category = attrs.field(converter=_to_category)

    def __str__(self) -> str:
        return f"good {self.category}"


@attrs.frozen
class Equal:
    """The younger answers "equal" to the elder's word, holding a claim that says the
    same words so far; the elder then says his next word (R-DE-1a).

    At a call's last word the younger answers "equal" by calling his claim (a
    :class:`Call` that ties, shown by both); this word is for the words before it: the
    number of cards of a point, when the elder will say next what they make (Cavendish,
    Laws of Piquet, law 46: "equal" bars him from then counting more cards).

    >>> str(Equal("point"))
    'equal point'
    """

    category: Category = attrs.field(converter=_to_category)

    def __str__(self) -> str:
        return f"equal {self.category}"


@attrs.frozen
class Reckon:
    """The winner of a category reckons these further combinations (R-DE-5).

    ``cards`` is the union of the combinations he scores besides his call; the empty
    set sinks them all.

    >>> str(Reckon("set", "KS KH KD")), str(Reckon("set"))
    ('reckon set KS KH KD', 'reckon set')
    """

    category: Category = attrs.field(converter=_to_category)
    cards: CardSet = attrs.field(converter=_to_cardset, default=CardSet())

    def __str__(self) -> str:
        return f"reckon {self.category} {self.cards}".rstrip()


@attrs.frozen
class Play:
    """Play a card to the trick (R-PL-1).

    >>> Play("KH") == parse_action("play kh")
    True
    """

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Union[Deal, ExchangeCount, Exchange, Leave, Call, Pass, Good, Equal, Reckon, Play]  # noqa: UP007
"""Any action."""

ACTION_TYPES: Final = (Deal, ExchangeCount, Exchange, Leave, Call, Pass, Good, Equal, Reckon, Play)


def parse_action(text: str) -> Action:
    """Read an action from its text form; raises ValueError saying what is wrong.

    >>> parse_action("discard 7S 8S 9H")
    Exchange(discard=CardSet.parse('8S 7S 9H'))
    >>> parse_action("deal 3 AS")
    Deal(pack=(Card.parse('AS'),), packet=3)
    >>> parse_action("shuffle")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad action 'shuffle': unknown verb 'shuffle' (expected one of: call, count, ...)
    """
    if not isinstance(text, str):
        raise TypeError(f"action text must be a str, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise ValueError(
            f"bad action {excerpt(text)}: too long (at most {MAX_ACTION_TEXT} characters)"
        )
    words = text.split()
    if not words:
        raise ValueError("bad action '': empty text")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "play" and len(rest) == 1:
            return Play(Card.parse(rest[0]))
        if verb == "discard":
            return Exchange(cards(" ".join(rest)))
        if verb == "call" and rest:
            return Call(_to_category(rest[0].lower()), cards(" ".join(rest[1:])))
        if verb == "reckon" and rest:
            return Reckon(_to_category(rest[0].lower()), cards(" ".join(rest[1:])))
        if verb in _ANSWERS and len(rest) == 1:
            return _ANSWERS[verb](_to_category(rest[0].lower()))
        if verb == "leave" and len(rest) == 1:
            return Leave(rest[0].lower())
        if verb == "count" and len(rest) == 1:
            return ExchangeCount(_number(rest[0]))
        if verb == "deal" and rest:
            return Deal(rest[1:], packet=_number(rest[0]))
    except ValueError as exc:
        raise ValueError(f"bad action {excerpt(text)}: {exc}") from None
    if verb not in _VERBS:
        raise ValueError(
            f"bad action {excerpt(text)}: unknown verb {excerpt(verb)}"
            f" (expected one of: {', '.join(_VERBS)})"
        )
    raise ValueError(f"bad action {excerpt(text)}: wrong number of words for {verb!r}")


def _number(word: str) -> int:
    """A count in an action's text: ASCII digits only (``int`` would also take ``1_0``,
    ``+3`` or other scripts' digits, which the action would not write back)."""
    if not (word.isascii() and word.isdigit() and len(word) <= 3):
        raise ValueError(f"expected a small whole number, not {excerpt(word)}")
    return int(word)


_ANSWERS: Final[dict[str, type[Pass | Good | Equal]]] = {"pass": Pass, "good": Good, "equal": Equal}
_VERBS: Final = (
    "call", "count", "deal", "discard", "equal", "good", "leave", "pass", "play", "reckon",
)  # fmt: skip
