"""The house options of RULES.md section 9, each declared once.

A house option is a rule the players may change by agreement (carte rouge, ten for the
last trick, a race to 121 ...). Each is one :class:`HouseOption` in :data:`HOUSE_OPTIONS`:
its name, where it lives (a field of the :class:`~piquet.Ruleset` itself, or of the
strategy object in one of its fields), the values it accepts, the values property-based
tests draw for it, a value the options tests set, and the rule it changes. Everything
else is derived from here:

- the fields that hold an option are made with :func:`option_field`, which validates with
  the declaration's check;
- :meth:`Ruleset.evolve <piquet.Ruleset.evolve>` routes an option to where it lives and
  validates it, naming it in the error;
- :func:`piquet.strategies.rulesets` draws house variants from every option;
- the options tests and the table in the documentation list every option.

>>> HOUSE_OPTIONS["last_trick"].where
'ruleset.tricks'
>>> HOUSE_OPTIONS["last_trick"].validate(-1)
Traceback (most recent call last):
...
ValueError: last_trick: must be a whole number >= 0 (got -1)
>>> import piquet as pq
>>> HOUSE_OPTIONS["target"].current(pq.AU_CENT_101), HOUSE_OPTIONS["target"].takes(pq.RUBICON)
(101, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs

from ..cards import Rank, excerpt
from .blanks import TwoBlanks

if TYPE_CHECKING:
    from .ruleset import Ruleset

__all__ = [
    "HOUSE_OPTIONS",
    "HouseOption",
    "option_field",
]

Check = Callable[[Any], Any]
"""Takes a value and returns it (converted where a name stands for it), or raises
ValueError saying what is wrong; its docstring says what it accepts."""


MAX_NUMBER: Final = 1000
"""The largest number a rule takes (a score, a target, a number of deals): far above any
variant's, and low enough that a deal's scores always fit the engine's counters."""


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number: an int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(minimum: int) -> Check:
    """A check: a whole number (not a bool) of at least ``minimum``, at most
    :data:`MAX_NUMBER`."""

    def check(value: Any) -> Any:
        if not is_whole(value) or value < minimum:
            raise ValueError(f"must be a whole number >= {minimum} (got {excerpt(value)})")
        if value > MAX_NUMBER:
            raise ValueError(f"must be at most {MAX_NUMBER} (got {excerpt(value)})")
        return value

    check.__doc__ = f"a whole number >= {minimum}"
    return check


def flag(value: Any) -> Any:
    """True or False"""
    if not isinstance(value, bool):
        raise ValueError(f"must be True or False (got {excerpt(value)})")
    return value


def score_or_none(value: Any) -> Any:
    """None (off) or a whole number >= 1"""
    if value is not None and (not is_whole(value) or not 1 <= value <= MAX_NUMBER):
        raise ValueError(
            f"must be None (off) or a score from 1 to {MAX_NUMBER} (got {excerpt(value)})"
        )
    return value


def two_blanks(value: Any) -> TwoBlanks:
    """a :class:`~piquet.TwoBlanks`, or its value (``"cancel"``)"""
    try:
        return TwoBlanks(value)
    except ValueError:
        known = ", ".join(repr(member.value) for member in TwoBlanks)
        raise ValueError(f"must be one of {known} (got {excerpt(value)})") from None


def rank(value: Any) -> Rank:
    """a :class:`~piquet.Rank`, or its number (10 for the ten)"""
    try:
        return Rank(value)
    except ValueError:
        raise ValueError(f"must be a rank from 6 to 14 (got {excerpt(value)})") from None


def validator(check: Check) -> Callable[[Any, Any, Any], None]:
    """An attrs validator running ``check``, its error naming the field."""

    def run(instance: Any, attribute: Any, value: Any) -> None:
        try:
            check(value)
        except ValueError as exc:
            raise ValueError(f"{attribute.name}: {exc}") from None

    return run


def _always(*values: Any) -> Callable[[Ruleset], Sequence[Any]]:
    return lambda base: values


@attrs.frozen
class HouseOption:
    """One house option: where it lives, what it accepts, and how it is tested.

    >>> option = HOUSE_OPTIONS["younger_min"]
    >>> option.rule, option.where, option.accepts
    ('R-EX-3', 'ruleset', 'a whole number >= 0')
    >>> import piquet as pq
    >>> list(option.draws(pq.RUBICON))  # the younger's minimum leaves the elder his five
    [0, 1, 2, 3]
    """

    name: str
    """The keyword of :meth:`Ruleset.evolve <piquet.Ruleset.evolve>`."""
    holder: str | None
    """None: a field of the ruleset; else the ruleset field holding the strategy object
    whose field this is (``"tricks"``, ``"point"``, ``"sets"``, ``"game"``)."""
    rule: str
    """The id of the rule it changes in RULES.md (``R-PL-2``)."""
    summary: str
    """What it does, in one line."""
    check: Check
    """Validates (and converts) a value; raises ValueError saying what is wrong."""
    draws: Callable[[Ruleset], Sequence[Any]]
    """The values :func:`piquet.strategies.rulesets` draws for a variant of a ruleset,
    the simplest first (Hypothesis shrinks toward it); empty where it changes nothing."""
    test_value: Any
    """A value no preset has, which the options tests set on every preset."""

    @property
    def where(self) -> str:
        """Where the option lives: ``ruleset`` or ``ruleset.<holder>``."""
        return "ruleset" if self.holder is None else f"ruleset.{self.holder}"

    @property
    def accepts(self) -> str:
        """What values it accepts, in words."""
        return (self.check.__doc__ or "").strip()

    def validate(self, value: Any) -> Any:
        """The value, checked (and converted); a ValueError naming the option if bad."""
        try:
            return self.check(value)
        except ValueError as exc:
            raise ValueError(f"{self.name}: {exc}") from None

    def takes(self, ruleset: Ruleset) -> bool:
        """Whether ``ruleset`` has this option: a race has no number of deals."""
        if self.holder is None:
            return True
        strategy = getattr(ruleset, self.holder)
        return attrs.has(type(strategy)) and self.name in attrs.fields_dict(type(strategy))

    def current(self, ruleset: Ruleset) -> Any:
        """The option's value in ``ruleset``; AttributeError if it does not take it."""
        if not self.takes(ruleset):
            raise AttributeError(f"{self.name}: {ruleset.name}'s {self.holder} has no such option")
        owner = ruleset if self.holder is None else getattr(ruleset, self.holder)
        return getattr(owner, self.name)

    def field(self, default: Any) -> Any:
        """An attrs field holding this option, checked by :attr:`check`."""
        return attrs.field(
            default=default, converter=self.validate, metadata={"house_option": self}
        )


def _younger_min_draws(base: Ruleset) -> Sequence[int]:
    return range(0, base.stock_size - base.elder_max + 1)


def _two_blanks_draws(base: Ruleset) -> Sequence[TwoBlanks]:
    return tuple(TwoBlanks) if base.pack_size == 36 else ()


_DECLARED: Final = (
    HouseOption(
        "carte_rouge", None, "R-DE-8",
        "The score for carte rouge (20; 10 or 40 by agreement); None: no carte rouge.",
        score_or_none, _always(20, 10, 40, None), 40,
    ),
    HouseOption(
        "younger_carte_rouge_makes_bonus", None, "R-DE-8",
        "Whether the younger's carte rouge counts toward a pique or repique for him.",
        flag, _always(False, True), False,
    ),
    HouseOption(
        "cards_count_toward_pique", None, "R-PR-3",
        "Whether the 10 for the cards counts toward a pique (capot never does).",
        flag, _always(False, True), True,
    ),
    HouseOption(
        "younger_min", None, "R-EX-3",
        "The fewest cards the younger exchanges (0 in Cavendish's au cent laws).",
        whole_number(0), _younger_min_draws, 0,
    ),
    HouseOption(
        "two_blanks", None, "R-CB-3",
        "What two cartes blanches in one deal do (36-card packs only).",
        two_blanks, _two_blanks_draws, TwoBlanks.CANCEL,
    ),
    HouseOption(
        "last_trick", "tricks", "R-PL-2",
        "Extra points for the last trick (10 by agreement); with a ten or better where "
        "the winner takes the counters.",
        whole_number(0), _always(1, 2, 10, 0), 10,
    ),
    HouseOption(
        "last_trick_low", "tricks", "R-PL-3",
        "Extra points for a last trick won with a card below the ten, where the winner "
        "takes the counters.",
        whole_number(0), _always(1, 0), 3,
    ),
    HouseOption(
        "low_cards_count", "tricks", "R-PL-2",
        "Whether a 9, 8, 7 or 6 led or winning scores in lead and win.",
        flag, _always(False, True), False,
    ),
    HouseOption(
        "fours_score_less", "point", "R-DE-2",
        "A point whose value ends in 4 scores one less (au cent, by agreement).",
        flag, _always(False, True), True,
    ),
    HouseOption(
        "lowest", "sets", "R-DE-4",
        "The lowest rank that makes a trio or a quatorze (the ten).",
        rank, _always(Rank.TEN, Rank.JACK), Rank.JACK,
    ),
    HouseOption(
        "target", "game", "R-GM-2",
        "The score that wins a race (100; 101, or 121 by agreement).",
        whole_number(1), lambda base: (100, 101, 121, *range(30, 201)), 121,
    ),
    HouseOption(
        "double_below", "game", "R-GM-2",
        "A race won before the loser has this many is a double game; 0: never.",
        whole_number(0), _always(50, 0, 66), 40,
    ),
    HouseOption(
        "games_to_win", "game", "R-GM-2",
        "Game points that win a partie of races (3: three games in five); 1: one game.",
        whole_number(1), _always(1, 3, 2), 3,
    ),
    HouseOption(
        "deals", "game", "R-GM-1",
        "The deals of a partie (6).",
        whole_number(1), lambda base: range(1, 7), 4,
    ),
    HouseOption(
        "extra_deals", "game", "R-GM-1",
        "The deals added to a partie tied after its deals, all played (2).",
        whole_number(0), lambda base: range(0, 3), 0,
    ),
    HouseOption(
        "rubicon", "game", "R-GM-1",
        "A loser with less is rubiconed: the winner adds both totals (100).",
        whole_number(0), _always(100, 50, 150), 80,
    ),
    HouseOption(
        "bonus", "game", "R-GM-1",
        "The points the winner of a partie adds to his settlement (100).",
        whole_number(0), _always(100, 0, 200), 200,
    ),
)  # fmt: skip

HOUSE_OPTIONS: Final[Mapping[str, HouseOption]] = MappingProxyType(
    {option.name: option for option in _DECLARED}
)
"""Every house option, by name, in the order of the rules."""


def option_field(name: str, default: Any) -> Any:
    """The attrs field of a strategy (or of the ruleset) holding house option ``name``:
    validated by its declaration, which it carries as metadata.

    A strategy of your own may hold a library option this way, so that
    :meth:`Ruleset.evolve <piquet.Ruleset.evolve>` reaches it by name:

    >>> @attrs.frozen
    ... class OnlyTheLastTrick:
    ...     last_trick: int = option_field("last_trick", 5)
    >>> OnlyTheLastTrick(last_trick=-1)
    Traceback (most recent call last):
    ...
    ValueError: last_trick: must be a whole number >= 0 (got -1)
    """
    return HOUSE_OPTIONS[name].field(default)
