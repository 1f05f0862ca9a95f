"""How the dialogue judges the opponent's claims that a replay reads by less than their
cards (:mod:`._reads`): his answers to the observer's call (R-DE-1a), which of them
score as the ledger shows (R-DE-7), and what his further combinations do where he won
a category (R-DE-5). Each is a verdict on one claim, as the engine's dialogue gives it
(:mod:`piquet.engine.dialogue`), remembered per plan by the keys that read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Call, Good
from ..engine import dialogue
from ..engine.category_table import KEY, POINTS, CategoryTable

if TYPE_CHECKING:
    from ._reads import CategoryReads

__all__ = ["answered", "is_answer", "judged", "reckons_as_heard", "scores_as_heard"]


def answered(
    table: CategoryTable, hand: int, answer: tuple[tuple[int, ...], int]
) -> tuple[int, ...]:
    """The claims his answers call, in the engine's order (:func:`~piquet.engine.
    dialogue.answers`): the candidates of his answer not shown.

    Where nothing further is reckoned of them (no combinations deciding: the point), a
    key reads each by how the dialogue judges it against the observer's call ("not
    good" or "equal", its words) and its points, not its cards: its cards and the rest
    of its key are told nobody before the elder's first lead (R-DE-7); a placement dealt
    again along a course puts its own in the first's place (:meth:`~piquet.engine.
    redeal.Redeal.dealt`: the call, the words said, the ledger's entry)."""
    key, word = answer
    found = dialogue.answers(table, hand, key, word, Good(table.category))
    return tuple([call.cards.mask for call in found if type(call) is Call])


def is_answer(table: CategoryTable, claim: int, answer: tuple[tuple[int, ...], int]) -> bool:
    """Whether ``claim`` is one of his answers to the observer's call (:func:`answered`):
    the dialogue judges it better at the word answered, or tied at the last word
    (:func:`~piquet.engine.dialogue.judge`), whatever else his hand holds. The same as
    ``claim in answered(table, claim, answer)`` (the tests compare them on every
    preset), without the answers' calls made (a sample's key asks it of each new claim:
    five times cheaper).

    >>> import piquet as pq
    >>> from piquet.engine.combination_tables import tables_of
    >>> point = tables_of(pq.RUBICON)[0]
    >>> four, five = pq.cards("AS KS QS JS").mask, pq.cards("AH KH QH JH 10H").mask
    >>> key = point.info(four)[KEY]
    >>> is_answer(point, five, (key, 0)), is_answer(point, four, (key, 0))
    (True, False)
    """
    key, word = answer
    verdict = dialogue.judge(table, table.info(claim)[KEY], key, word)
    return verdict == dialogue.NOT_GOOD or verdict == dialogue.TIE


def judged(
    table: CategoryTable, claim: int, answer: tuple[tuple[int, ...], int]
) -> tuple[int, int]:
    """What a key reads of a winning answer hidden till the lead (:func:`answered`): how
    the dialogue judges it against the observer's call, and its points."""
    key, word = answer
    info = table.info(claim)
    return dialogue.judge(table, info[KEY], key, word), info[POINTS]


def scores_as_heard(reads: CategoryReads, claim: int) -> bool:
    """Whether his answer ``claim`` scores as the ledger shows (:attr:`CategoryReads.
    scored`), where that is known: one that wins scores its points, which the observer
    sees (R-DE-7 hides only its cards), and one that ties or loses scores nothing. A
    replay tries no other (``_steps._scoring_as_heard``: each would be dropped at its
    end, where its ledger is not the observation's), and a key does not count them, so
    placements whose answers differ only in those share a course."""
    scored = reads.scored
    if scored is None:
        return True
    assert reads.answer is not None
    verdict, points = judged(reads.table, claim, reads.answer)
    wins = verdict == dialogue.NOT_GOOD and points > 0
    return scored == ((points,) if wins else ())


def reckons_as_heard(
    table: CategoryTable, hand: int, claim: int, reckoned: int, restricted: bool
) -> bool:
    """What a replay reads of his further combinations (R-DE-5) where he won the
    category with ``claim`` and the observer heard him reckon ``reckoned`` (shown; 0:
    nothing, which the observer does not hear): with nothing heard, whether he has any
    to reckon (then he says a word the observer does not hear, reckoning none: the
    course has one word more); else whether those he reckoned are whole combinations of
    them (else the engine refuses the word: :func:`~piquet.engine.declarations.apply`).
    ``restricted``: after a "good", to those no better than his call, where it was not
    good against the cards (Cavendish, law 49). Nothing else of his hand goes into the
    dialogue past his winning call, so placements alike in this share a course where
    the cards deciding his combinations differ (on the bench's Rubicon positions, a
    third of the keys were new for those alone).

    >>> import piquet as pq
    >>> from piquet.engine.combination_tables import tables_of
    >>> sequences = tables_of(pq.RUBICON)[1]
    >>> quart, tierce = pq.cards("KS QS JS 10S").mask, pq.cards("AH KH QH").mask
    >>> reckons_as_heard(sequences, quart | tierce, quart, 0, False)  # a tierce to reckon
    True
    >>> reckons_as_heard(sequences, quart | tierce, quart, tierce, False)  # and he did
    True
    >>> reckons_as_heard(sequences, quart | tierce, quart, tierce, True)  # after "good" too
    True
    >>> reckons_as_heard(sequences, quart | tierce, tierce, quart, True)  # a better one: not then
    False
    """
    further = table.further(hand, claim)
    if restricted:
        limit = table.info(claim)[KEY]
        further = tuple([c for c in further if table.info(c)[KEY] <= limit])
    if not reckoned:
        return bool(further)
    picks = [combo for combo in further if combo & reckoned]
    return sum(picks) == reckoned and all(combo & reckoned == combo for combo in picks)
