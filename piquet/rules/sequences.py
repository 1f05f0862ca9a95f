"""Sequences (R-DE-3): runs of three or more adjacent ranks, in one suit or in any.

A sequence claim is the cards of the run (a card-set mask).

>>> from piquet.cards import cards
>>> SuitedSequences().score(cards("KS QS JS 10S 9S").mask)
15
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from ..cards import RANK_MASK_UNIT, SUIT_BITS, SUIT_SHIFT
from ..words import Category
from .combinations import RUNS9, is_suited_run, run_key, sequence_score, sub_runs
from .protocols import Decomposition
from .words import sequence_name, sequence_top, sequence_words

__all__ = ["MixedSequences", "SuitedSequences"]

_SUIT_SHIFTS: Final = (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT)


@attrs.frozen
class SuitedSequences:
    """Sequences of three or more adjacent ranks in one suit (R-DE-3).

    >>> from piquet.cards import cards
    >>> rule = SuitedSequences()
    >>> [rule.spoken(c, None) for c in rule.combinations(cards("AH KH QH JH 9S 8S 7S").mask)]
    ['quart major', 'tierce to the nine']
    """

    category: ClassVar[Category] = Category.SEQUENCE
    decomposition: ClassVar[Decomposition] = Decomposition.PER_SUIT

    def claims(self, hand: int) -> Sequence[int]:
        out: list[int] = []
        for s in range(4):
            shift = s * SUIT_SHIFT
            for run in RUNS9[(hand >> shift) & SUIT_BITS]:
                out.extend(sub << shift for sub in sub_runs(run))
        return out

    def is_claim(self, claim: int, hand: int) -> bool:
        return not claim & ~hand and is_suited_run(claim)

    def key(self, claim: int) -> tuple[int, ...]:
        return run_key(claim)

    def score(self, claim: int) -> int:
        return sequence_score(claim.bit_count())

    def combinations(self, hand: int) -> Sequence[int]:
        out: list[int] = []
        for shift in _SUIT_SHIFTS:
            runs = RUNS9[(hand >> shift) & SUIT_BITS]
            if runs:
                for run in runs:
                    out.append(run << shift)
        if len(out) > 1:
            out.sort(key=run_key, reverse=True)
        return out

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return [c for c in self.combinations(hand) if not c & claim]

    def spoken(self, claim: int, versus: int | None) -> str:
        return sequence_words(*run_key(claim))

    def say(self, claim: int, word: int) -> str:
        """Its length, then (after "equal") its top card (R-DE-1a).

        >>> from piquet.cards import cards
        >>> [SuitedSequences().say(cards("KH QH JH 10H").mask, w) for w in (0, 1)]
        ['quart', 'to the king']
        """
        return _say_sequence(run_key(claim), word)


def _ranks_of(mask: int) -> int:
    """The ranks a mask holds, as nine bits (bit ``r`` for rank ``r + 6``)."""
    return (mask | mask >> SUIT_SHIFT | mask >> 2 * SUIT_SHIFT | mask >> 3 * SUIT_SHIFT) & SUIT_BITS


@functools.lru_cache(maxsize=1 << 16)
def _best_layout(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The most that runs laid out of these cards can score, each card in one run only.

    ``counts[r]`` is how many cards of rank ``r + 6`` there are. Returns the score and the
    runs as (length, top rank), best first; among layouts scoring the same, the one whose
    runs rank highest. The lowest rank held is either left out of every run (one card of
    it) or starts a run, so the search is complete.
    """
    low = next((r for r, n in enumerate(counts) if n), None)
    if low is None:
        return 0, ()
    rest = list(counts)
    rest[low] -= 1
    best = _best_layout(tuple(rest))
    rest = list(counts)
    for top in range(low, 9):
        if not counts[top]:
            break
        rest[top] -= 1
        length = top - low + 1
        if length >= 3:
            score, runs = _best_layout(tuple(rest))
            runs = tuple(sorted((*runs, (length, top + 6)), reverse=True))
            best = max(best, (score + sequence_score(length), runs))
    return best


def _runs_to_masks(hand: int, runs: Sequence[tuple[int, int]]) -> list[int]:
    """Cards of the hand for runs given as (length, top rank), each card used once, the
    first card of a rank in suit order S H D C."""
    out: list[int] = []
    left = hand
    for length, top in runs:
        combo = 0
        for r in range(top - 5 - length, top - 5):
            held = (left >> r) & RANK_MASK_UNIT
            combo |= (held & -held) << r
        left &= ~combo
        out.append(combo)
    return out


@attrs.frozen
class MixedSequences:
    """Sequences of adjacent ranks in any suits, each card in one sequence only (R-DE-3).

    The 1995 reconstruction of Cotton's game (du Coeur, 1995): a sequence is a run of three or
    more cards of consecutive rank, one card of each rank, whatever their suits (a
    "straight"). Claims compare as suited sequences do: longer beats shorter, then the
    higher top card; equal, neither scores. Scores are those of R-DE-3 (tierce 3, quart 4,
    quint 15 ... neuvième 19). The winner scores every sequence he holds, each card
    counted in one sequence only: :meth:`combinations` lays out the best sequence first,
    then the others that score the most from the cards left, each taking the first card
    of a rank in suit order S H D C.

    >>> from piquet.cards import cards
    >>> from piquet.rules.combinations import cards_of
    >>> rule = MixedSequences()
    >>> hand = cards("AS KH QD JD 10C 9H QS JH 10H 7C 7D 7S").mask
    >>> [(rule.spoken(c, None), str(cards_of(c))) for c in rule.combinations(hand)]
    [('sixième major', 'AS QS KH JH 10H 9H'), ('tierce to the queen', 'QD JD 10C')]
    >>> rule.is_claim(cards("QD JH 10C").mask, hand), rule.is_claim(cards("QD QS JH").mask, hand)
    (True, False)
    """

    category: ClassVar[Category] = Category.SEQUENCE

    def claims(self, hand: int) -> Sequence[int]:
        out: list[int] = []
        for run in RUNS9[_ranks_of(hand)]:
            for sub in sub_runs(run):
                low = (sub & -sub).bit_length() - 1
                choices = []
                for r in range(sub.bit_length() - 1, low - 1, -1):
                    held = (hand >> r) & RANK_MASK_UNIT
                    one_rank = []
                    while held:
                        card = held & -held
                        one_rank.append(card << r)
                        held ^= card
                    choices.append(one_rank)
                out.extend(sum(pick) for pick in itertools.product(*choices))
        out.sort(key=self.key, reverse=True)
        return out

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim & ~hand or claim.bit_count() < 3:
            return False
        ranks = _ranks_of(claim)
        run = ranks // (ranks & -ranks)
        return ranks.bit_count() == claim.bit_count() and not run & (run + 1)

    def key(self, claim: int) -> tuple[int, ...]:
        ranks = _ranks_of(claim)
        return ranks.bit_count(), ranks.bit_length() + 5

    def score(self, claim: int) -> int:
        return sequence_score(claim.bit_count())

    def combinations(self, hand: int) -> Sequence[int]:
        runs = RUNS9[_ranks_of(hand)]
        if not runs:
            return []
        first = max(runs, key=lambda run: (run.bit_count(), run.bit_length()))
        counts = [((hand >> r) & RANK_MASK_UNIT).bit_count() - (first >> r & 1) for r in range(9)]
        best = (first.bit_count(), first.bit_length() + 5)
        return _runs_to_masks(hand, (best, *_best_layout(tuple(counts))[1]))

    def further(self, hand: int, claim: int) -> Sequence[int]:
        # any true call may use other suits than combinations() would: lay out the rest
        rest = hand & ~claim
        counts = tuple(((rest >> r) & RANK_MASK_UNIT).bit_count() for r in range(9))
        return _runs_to_masks(rest, _best_layout(counts)[1])

    def spoken(self, claim: int, versus: int | None) -> str:
        return sequence_words(*self.key(claim))

    def say(self, claim: int, word: int) -> str:
        """Its length, then (after "equal") its top card (R-DE-1a)."""
        return _say_sequence(self.key(claim), word)


def _say_sequence(key: tuple[int, ...], word: int) -> str:
    length, top = key
    return sequence_top(top) if word else sequence_name(length)
