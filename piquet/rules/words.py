"""The spoken names of ranks, numbers and sequences, as the players say them.

>>> from piquet.cards import Rank
>>> rank_word(Rank.JACK, plural=True), number_word(5), sequence_words(4, Rank.ACE)
('knaves', 'five', 'quart major')
"""

from __future__ import annotations

from typing import Final

from ..cards import Rank

__all__ = ["number_word", "rank_word", "sequence_name", "sequence_top", "sequence_words"]

_NUMBER_NAMES: Final = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve",
)  # fmt: skip
_SEQUENCE_NAMES: Final = {
    3: "tierce",
    4: "quart",
    5: "quint",
    6: "sixième",
    7: "septième",
    8: "huitième",
    9: "neuvième",
}
_RANK_WORDS: Final = {
    Rank.ACE: ("ace", "aces"),
    Rank.KING: ("king", "kings"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.JACK: ("knave", "knaves"),
    Rank.TEN: ("ten", "tens"),
    Rank.NINE: ("nine", "nines"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.SIX: ("six", "sixes"),
}


def rank_word(rank: Rank, plural: bool = False) -> str:
    """The spoken name of a rank: ``knave``, ``aces`` ..."""
    return _RANK_WORDS[rank][plural]


def number_word(n: int) -> str:
    """``five`` for 5 (numbers up to twelve), else the digits."""
    return _NUMBER_NAMES[n] if 0 <= n < len(_NUMBER_NAMES) else str(n)


def sequence_name(length: int) -> str:
    """A sequence's name by its length: ``quart``, ``sixième``."""
    return _SEQUENCE_NAMES.get(length, f"sequence of {length}")


def sequence_top(top: int) -> str:
    """A sequence's top card as said after its name: ``major``, ``to the king``."""
    return "major" if top == Rank.ACE else f"to the {rank_word(Rank(top))}"


def sequence_words(length: int, top: int) -> str:
    """A sequence by its length and top rank: ``quart major``, ``tierce to the nine``."""
    return f"{sequence_name(length)} {sequence_top(top)}"
