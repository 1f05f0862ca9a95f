"""The younger's answers to a call, a word at a time (R-DE-1a; Cavendish, Laws of Piquet,
law 46).

The elder's :class:`~piquet.Call` names his claim; the younger hears it a word at a time:
a point's number of cards, then (after "equal") what they make; a sequence's length, then
its top card; a set's size and rank at once. How a rule's key splits into words is the
rule's (:func:`~piquet.rules.protocols.word_ends`). At each word the younger answers
from his own hand and the words heard so far, never from the rest of the elder's claim:

- ``good``: he concedes;
- ``equal`` (:class:`~piquet.Equal`), before the last word, holding a claim whose words
  so far are the same: the elder says his next word;
- a :class:`~piquet.Call` of a claim whose earlier words are the same and whose word
  now is better ("not good": he wins), or, at the last word, the same (equal: neither
  scores, both are shown).

Which answers are legal so depends on the heard words only: the prefix of the elder's
key that they name.

>>> import piquet as pq
>>> from piquet.engine.combination_tables import KEY, tables_of
>>> point = tables_of(pq.RUBICON)[0]
>>> hand = pq.cards("AS KS QS 9S 8S 9H 8H JD").mask
>>> elder = point.info(pq.cards("AC KC QC JC 7C").mask)[KEY]  # five cards, making 48
>>> [str(a) for a in answers(point, hand, elder, 0, pq.Good(pq.Category.POINT))]
['good point', 'equal point']
>>> [str(a) for a in answers(point, hand, elder, 1, pq.Good(pq.Category.POINT))]
['good point', 'call point AS KS QS 9S 8S']
"""

from __future__ import annotations

from typing import Final

from ..actions import Call, Equal, Good
from ..words import Category
from .category_table import KEY, CategoryTable

__all__ = [
    "NOT_GOOD",
    "TIE",
    "WORSE",
    "answers",
    "judge",
    "may_say_equal",
]

_EQUAL: Final = {category: Equal(category) for category in Category}

# what a younger's call is, against the elder's at the word being answered
NOT_GOOD: Final = 1  # better at this word: he wins
TIE: Final = 0  # the same at the last word: neither scores
WORSE: Final = -1  # not an answer: worse, or different at an earlier word


def judge(table: CategoryTable, mine: tuple[int, ...], key: tuple[int, ...], word: int) -> int:
    """A younger's claim (its key ``mine``) as an answer at ``word`` to the elder's
    claim (``key``): :data:`NOT_GOOD`, :data:`TIE` or :data:`WORSE`."""
    ends = table.word_ends(key)
    end = ends[word]
    if word and mine[: ends[word - 1]] != key[: ends[word - 1]]:
        return WORSE  # after "equal" he may claim only what he said equal to (law 46)
    now, heard = mine[:end], key[:end]
    if now > heard:
        return NOT_GOOD
    if now == heard and word == len(ends) - 1:
        return TIE
    return WORSE


def answers(
    table: CategoryTable, hand: int, key: tuple[int, ...], word: int, good: Good
) -> tuple[Good | Equal | Call, ...]:
    """The younger's answers at ``word`` to a claim of key ``key``, from his ``hand``:
    good, then equal (where he may say it), then his calls in the rule's order."""
    ends = table.word_ends(key)
    end = ends[word]
    heard = key[:end]
    last = word == len(ends) - 1
    if word == 0:  # the first word: the tables' calls above a floor (no earlier words)
        if last:  # said in one word: calls at least as good (equal ties)
            return table.answer_words(hand, key, good)
        # better at the first word: a floor one above what was heard; he may say equal
        # when the tables find more calls from the heard word itself (two lookups cost
        # less than reading each claim's key)
        calls = table.answer_words(hand, (*heard[:-1], heard[-1] + 1), good)
        if len(table.answer_words(hand, heard, good)) > len(calls):
            return (good, _EQUAL[table.category], *calls[1:])
        return calls
    info = table._info
    before = key[: ends[word - 1]] if word else ()
    start = len(before)
    found: list[Good | Equal | Call] = [good]
    equal = False
    call_of = table.calls
    for claim in table.claims(hand):
        mine = info[claim][KEY]
        if mine[:start] != before:
            continue
        now = mine[:end]
        if now > heard or (last and now == heard):
            found.append(call_of[claim])
        elif now == heard:
            equal = True
    if equal and not last:
        found.insert(1, _EQUAL[table.category])
    return tuple(found)


def _says_equal(table: CategoryTable, hand: int, heard: tuple[int, ...], end: int) -> bool:
    info = table._info
    return any(info[claim][KEY][:end] == heard for claim in table.claims(hand))


def may_say_equal(table: CategoryTable, hand: int, key: tuple[int, ...], word: int) -> bool:
    """Whether the younger may answer "equal" at ``word``: a word before the last, and a
    claim of his whose words up to it are the elder's."""
    ends = table.word_ends(key)
    if word >= len(ends) - 1:
        return False
    return _says_equal(table, hand, key[: ends[word]], ends[word])
