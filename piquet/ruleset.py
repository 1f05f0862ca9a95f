"""Rulesets: every rule parameter of a variant, as fields and small strategy objects.

The engine never asks which variant it plays; it asks the ruleset. A rule that behaves
differently between variants is a strategy object here (a point rule, a sequence rule,
a trick scorer, an end-of-game rule); a rule that differs by a number is a field.

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

import enum
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

import attrs

from .cards import RANK_MASK_UNIT, SUIT_BITS, SUIT_SHIFT, Rank
from .combinations import (
    COUNT9,
    COUNTERS_MASK,
    PIPS9,
    RUNS9,
    counters_in,
    is_suited_run,
    run_key,
    sequence_score,
    sets_in,
    sub_runs,
    suit_top_claims,
)
from .ledger import Category, Player, Reason

__all__ = [
    "CategoryRule",
    "GameRule",
    "LeadAndWin",
    "MixedSequences",
    "Partie",
    "PointByLength",
    "PointByValue",
    "Race",
    "Ruleset",
    "Sets",
    "SuitedSequences",
    "TrickScorer",
    "TwoBlanks",
    "WinnerTakesCounters",
]

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


def _at_least(minimum: int) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: a whole number (not a bool) >= ``minimum``, else a ValueError
    naming the field."""

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise ValueError(
                f"{attribute.name}: must be a whole number >= {minimum} (got {value!r})"
            )

    return check


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: True or False, else a ValueError naming the field."""
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name}: must be True or False (got {value!r})")


# --------------------------------------------------------------------------- categories


@runtime_checkable
class CategoryRule(Protocol):
    """How one declaration category finds, ranks and scores claims.

    Claims and hands are card-set bit masks. ``key`` orders claims: a higher key wins,
    equal keys tie (R-DE-2..4). ``combinations`` are the disjoint combinations a hand
    holds, best first: the winner of the category scores them all (R-DE-5).
    """

    category: ClassVar[Category]

    def claims(self, hand: int) -> Sequence[int]:
        """Every claim the hand supports, in canonical order."""
        ...

    def is_claim(self, claim: int, hand: int) -> bool:
        """Whether ``claim`` is a well-formed claim that ``hand`` supports."""
        ...

    def key(self, claim: int) -> tuple[int, ...]:
        """The claim's rank: higher wins, equal ties."""
        ...

    def score(self, claim: int) -> int:
        """Points the claim scores when good."""
        ...

    def combinations(self, hand: int) -> Sequence[int]:
        """The disjoint scoring combinations of the hand, best first."""
        ...

    def further(self, hand: int, claim: int) -> Sequence[int]:
        """What the winner of the category may reckon besides his call (R-DE-5), best
        first: the hand's other combinations, disjoint from the call; none for the point."""
        ...

    def spoken(self, claim: int, versus: int | None) -> str:
        """What the caller says of a claim: all a losing call reveals (R-DE-6)."""
        ...


@attrs.frozen
class PointByLength:
    """The point by number of cards, ties by pip value; one per card (R-DE-2).

    ``fours_score_less``: a point whose value ends in 4 scores one less (au cent option).

    >>> from piquet.cards import cards
    >>> rule = PointByLength()
    >>> rule.key(cards("AH KH QH JH 8H").mask), rule.score(cards("AH KH QH JH 8H").mask)
    ((5, 49), 5)
    """

    category: ClassVar[Category] = Category.POINT
    fours_score_less: bool = attrs.field(default=False, validator=_flag)

    def claims(self, hand: int) -> Sequence[int]:
        return suit_top_claims(hand)

    def is_claim(self, claim: int, hand: int) -> bool:
        return _is_top_of_suit(claim, hand)

    def key(self, claim: int) -> tuple[int, ...]:
        m = _single_suit_bits(claim)
        return COUNT9[m], PIPS9[m]

    def score(self, claim: int) -> int:
        m = _single_suit_bits(claim)
        length = COUNT9[m]
        if self.fours_score_less and PIPS9[m] % 10 == 4:
            return length - 1
        return length

    def combinations(self, hand: int) -> Sequence[int]:
        best = 0
        best_key = (0, 0)
        for shift in _SUIT_SHIFTS:
            bits = (hand >> shift) & SUIT_BITS
            if bits:
                key = (COUNT9[bits], PIPS9[bits])
                if key > best_key:
                    best, best_key = bits << shift, key
        return [best] if best else []

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return ()

    def spoken(self, claim: int, versus: int | None) -> str:
        length, value = self.key(claim)
        if versus is not None and self.key(versus)[0] == length:
            return f"point of {number_word(length)}, making {value}"
        return f"point of {number_word(length)}"


@attrs.frozen
class PointByValue:
    """The Ruff: the suit of highest pip value, scored in tens rounded half up (R-DE-2a).

    >>> from piquet.cards import cards
    >>> rule = PointByValue()
    >>> rule.key(cards("AH KH QH").mask), rule.score(cards("AH KH QH").mask)
    ((31,), 3)
    """

    category: ClassVar[Category] = Category.POINT

    def claims(self, hand: int) -> Sequence[int]:
        return suit_top_claims(hand)

    def is_claim(self, claim: int, hand: int) -> bool:
        return _is_top_of_suit(claim, hand)

    def key(self, claim: int) -> tuple[int, ...]:
        return (PIPS9[_single_suit_bits(claim)],)

    def score(self, claim: int) -> int:
        return (self.key(claim)[0] + 5) // 10

    def combinations(self, hand: int) -> Sequence[int]:
        return _best_suits(hand, self.key)

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return ()

    def spoken(self, claim: int, versus: int | None) -> str:
        return f"ruff of {self.key(claim)[0]}"


_SUIT_SHIFTS: Final = (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT)


def _single_suit_bits(claim: int) -> int:
    """The nine bits of the suit of a one-suit claim (its highest card's suit)."""
    return (
        (claim >> ((claim.bit_length() - 1) // SUIT_SHIFT * SUIT_SHIFT)) & SUIT_BITS if claim else 0
    )


def _is_top_of_suit(claim: int, hand: int) -> bool:
    """A point claim: the n highest cards the hand holds of one suit, n >= 1."""
    if not claim or claim & ~hand:
        return False
    low = (claim & -claim).bit_length() - 1
    shift = low - low % SUIT_SHIFT
    if claim >> shift & ~SUIT_BITS:
        return False
    suit = (hand >> shift) & SUIT_BITS
    bits = claim >> shift
    # every held card of the suit above the claim's lowest card is claimed
    return suit & ~((1 << (low - shift)) - 1) == bits


def _best_suits(hand: int, key: Any) -> list[int]:
    """The whole suit with the best key (the first in canonical order on equal keys)."""
    best = 0
    best_key: Any = None
    for s in range(4):
        bits = (hand >> (s * SUIT_SHIFT)) & SUIT_BITS
        if bits:
            suit = bits << (s * SUIT_SHIFT)
            k = key(suit)
            if best_key is None or k > best_key:
                best, best_key = suit, k
    return [best] if best else []


@attrs.frozen
class SuitedSequences:
    """Sequences of three or more adjacent ranks in one suit (R-DE-3).

    >>> from piquet.cards import cards
    >>> rule = SuitedSequences()
    >>> [rule.spoken(c, None) for c in rule.combinations(cards("AH KH QH JH 9S 8S 7S").mask)]
    ['quart major', 'tierce to the nine']
    """

    category: ClassVar[Category] = Category.SEQUENCE

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
        return _sequence_words(*run_key(claim))


def _sequence_words(length: int, top: int) -> str:
    """``quart major``, ``tierce to the nine`` ..."""
    name = _SEQUENCE_NAMES.get(length, f"sequence of {length}")
    if top == Rank.ACE:
        return f"{name} major"
    return f"{name} to the {rank_word(Rank(top))}"


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

    The 1995 reconstruction of Cotton's game (seed 004): a sequence is a run of three or
    more cards of consecutive rank, one card of each rank, whatever their suits (a
    "straight"). Claims compare as suited sequences do: longer beats shorter, then the
    higher top card; equal, neither scores. Scores are those of R-DE-3 (tierce 3, quart 4,
    quint 15 ... neuvième 19). The winner scores every sequence he holds, each card
    counted in one sequence only: :meth:`combinations` lays out the best sequence first,
    then the others that score the most from the cards left, each taking the first card
    of a rank in suit order S H D C.

    >>> from piquet.cards import cards
    >>> from piquet.combinations import cards_of
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
        return _sequence_words(*self.key(claim))


@attrs.frozen
class Sets:
    """Trios (3) and quatorzes (14) of ranks ``lowest`` and up (R-DE-4).

    >>> from piquet.cards import cards
    >>> rule = Sets()
    >>> rule.key(cards("10S 10H 10D 10C").mask) > rule.key(cards("AS AH AD").mask)
    True
    """

    category: ClassVar[Category] = Category.SET
    lowest: Rank = attrs.field(default=Rank.TEN, converter=Rank)

    def claims(self, hand: int) -> Sequence[int]:
        out: list[int] = []
        for full in sets_in(hand, self.lowest):
            if full.bit_count() == 4:
                out.append(full)
                bits = full
                while bits:
                    low = bits & -bits
                    out.append(full ^ low)
                    bits ^= low
            else:
                out.append(full)
        return out

    def is_claim(self, claim: int, hand: int) -> bool:
        if claim & ~hand or claim.bit_count() not in (3, 4):
            return False
        low = (claim & -claim).bit_length() - 1
        rank_offset = low % SUIT_SHIFT
        if rank_offset + 6 < self.lowest:
            return False
        return not claim & ~(RANK_MASK_UNIT << rank_offset)

    def key(self, claim: int) -> tuple[int, ...]:
        low = (claim & -claim).bit_length() - 1
        return int(claim.bit_count() == 4), low % SUIT_SHIFT + 6

    def score(self, claim: int) -> int:
        return 14 if claim.bit_count() == 4 else 3

    def combinations(self, hand: int) -> Sequence[int]:
        found = sets_in(hand, self.lowest)
        if len(found) > 1:
            found.sort(key=self.key, reverse=True)
        return found

    def further(self, hand: int, claim: int) -> Sequence[int]:
        return [c for c in self.combinations(hand) if not c & claim]

    def spoken(self, claim: int, versus: int | None) -> str:
        size, rank = claim.bit_count(), Rank(self.key(claim)[1])
        return f"{number_word(size)} {rank_word(rank, plural=True)}"


# --------------------------------------------------------------------------- play


@runtime_checkable
class TrickScorer(Protocol):
    """How the play scores (R-PL-2, R-PL-3). Cards are bit indices."""

    @property
    def last_trick(self) -> int:
        """Extra points for the last trick (the ``last_trick`` option)."""
        ...

    def lead_points(self, card: int) -> int:
        """Points for leading ``card``, at the moment it is led."""
        ...

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        """Points to the winner of a trick when it is complete, and their reason."""
        ...

    def last_trick_points(self, winning_card: int) -> int:
        """Extra points for winning the last trick."""
        ...


@attrs.frozen
class LeadAndWin:
    """Lead and win (R-PL-2): 1 for a card led, 1 for a trick won by the follower.

    ``low_cards_count`` off: a 9, 8, 7 or 6 led or winning scores nothing.
    ``last_trick``: extra points for the last trick.

    >>> from piquet.cards import Card
    >>> seven = Card.parse("7S").index
    >>> LeadAndWin().lead_points(seven), LeadAndWin(low_cards_count=False).lead_points(seven)
    (1, 0)
    """

    low_cards_count: bool = attrs.field(default=True, validator=_flag)
    last_trick: int = attrs.field(default=1, validator=_at_least(0))

    def lead_points(self, card: int) -> int:
        return 1 if self.low_cards_count or COUNTERS_MASK >> card & 1 else 0

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        if follower_won and (self.low_cards_count or COUNTERS_MASK >> follow & 1):
            return 1, Reason.WIN
        return 0, Reason.WIN

    def last_trick_points(self, winning_card: int) -> int:
        return self.last_trick


@attrs.frozen
class WinnerTakesCounters:
    """Winner takes the counters (R-PL-3): 1 per A, K, Q, J, 10 in the trick won.

    The last trick adds ``last_trick`` if won with a ten or better, else
    ``last_trick_low``.

    >>> from piquet.cards import Card
    >>> ace, ten = Card.parse("AS").index, Card.parse("10S").index
    >>> WinnerTakesCounters().trick_points(ace, ten, False)
    (2, <Reason.COUNTERS: 'counters'>)
    """

    last_trick: int = attrs.field(default=2, validator=_at_least(0))
    last_trick_low: int = attrs.field(default=1, validator=_at_least(0))

    @property
    def low_cards_count(self) -> bool:
        return False

    def lead_points(self, card: int) -> int:
        return 0

    def trick_points(self, lead: int, follow: int, follower_won: bool) -> tuple[int, Reason]:
        return counters_in(1 << lead | 1 << follow), Reason.COUNTERS

    def last_trick_points(self, winning_card: int) -> int:
        return self.last_trick if COUNTERS_MASK >> winning_card & 1 else self.last_trick_low


# --------------------------------------------------------------------------- game end


@runtime_checkable
class GameRule(Protocol):
    """When a game ends and what it is worth (R-GM-1, R-GM-2)."""

    @property
    def target(self) -> int | None:
        """A score that ends the game the moment a player reaches it (a race), or None."""
        ...

    @property
    def games_to_win(self) -> int:
        """Game points that win the partie (a double game counts two); 1 for a single game."""
        ...

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        """True when the game ends after this many complete deals.

        The engine calls it after each complete deal, in order (``deals_played`` 1, 2,
        ...), with the game's totals, until it returns True: a call for deal ``n`` means
        the game went on after deal ``n - 1``."""
        ...

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        """The winner (None: drawn) and the points he wins."""
        ...


@attrs.frozen
class Partie:
    """A partie of ``deals`` deals; a tie adds ``extra_deals``; rubicon at ``rubicon`` (R-GM-1).

    A partie tied after ``deals`` deals goes on for ``extra_deals`` more, every one of
    them played even when the first breaks the tie (Cavendish, law 71). The engine asks
    :meth:`over_after_deal` after every deal, in order, until it says yes: a seventh
    deal is only ever played after a tie.

    >>> Partie().over_after_deal(6, (138, 138)), Partie().over_after_deal(7, (150, 151))
    (False, False)
    >>> Partie().over_after_deal(8, (220, 178))
    True
    >>> Partie().settle((120, 102), None), Partie().settle((120, 98), None)
    ((<Player.A: 0>, 118), (<Player.A: 0>, 318))
    """

    deals: int = attrs.field(default=6, validator=_at_least(1))
    extra_deals: int = attrs.field(default=2, validator=_at_least(0))
    rubicon: int = attrs.field(default=100, validator=_at_least(0))
    bonus: int = attrs.field(default=100, validator=_at_least(0))

    @property
    def target(self) -> int | None:
        return None

    @property
    def games_to_win(self) -> int:
        return 1

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        if deals_played < self.deals:
            return False
        if deals_played == self.deals:
            return scores[0] != scores[1] or not self.extra_deals
        # a deal past ``deals`` is played only when the partie was tied after ``deals``:
        # every extra deal is played, even when the first breaks the tie (law 71)
        return deals_played >= self.deals + self.extra_deals

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        if scores[0] == scores[1]:
            return None, 0
        winner = Player.A if scores[0] > scores[1] else Player.B
        high, low = scores[winner], scores[winner.other]
        if low < self.rubicon:
            return winner, high + low + self.bonus
        return winner, high - low + self.bonus


@attrs.frozen
class Race:
    """A race to ``target``: the first to reach it wins at once (R-GM-2).

    The winner wins a double game (2) when the loser has less than ``double_below``.

    >>> Race().settle((101, 40), Player.A), Race().settle((100, 77), Player.A)
    ((<Player.A: 0>, 2), (<Player.A: 0>, 1))
    """

    target: int = attrs.field(default=100, validator=_at_least(1))
    double_below: int = attrs.field(default=50, validator=_at_least(0))
    games_to_win: int = attrs.field(default=1, validator=_at_least(1))
    """A partie of several games: the first to this many game points wins it (3: three
    games in five, a double counting two)."""

    def over_after_deal(self, deals_played: int, scores: tuple[int, int]) -> bool:
        return scores[0] >= self.target or scores[1] >= self.target

    def settle(
        self, scores: tuple[int, int], first_to_target: Player | None
    ) -> tuple[Player | None, int]:
        if first_to_target is None:
            return None, 0
        loser = scores[first_to_target.other]
        return first_to_target, 2 if loser < self.double_below else 1


# --------------------------------------------------------------------------- the ruleset


class TwoBlanks(enum.Enum):
    """What two cartes blanches in one deal do (36-card packs only, R-CB-3).

    >>> import piquet as pq
    >>> pq.COTTON_1995.two_blanks
    <TwoBlanks.CANCEL: 'cancel'>
    """

    BOTH_SCORE = "both score"
    """Both score and both are protected (seed 003)."""
    CANCEL = "cancel"
    """Neither scores (the 1995 reconstruction)."""
    YOUNGER_BARS = "younger bars"
    """The younger's blank bars the elder's, who scores nothing and is not protected (Cotton)."""


_positive: Final = _at_least(0)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _two_blanks(value: Any) -> TwoBlanks:
    """Converter for ``Ruleset.two_blanks``: a ValueError naming the field."""
    try:
        return TwoBlanks(value)
    except ValueError:
        known = ", ".join(repr(member.value) for member in TwoBlanks)
        raise ValueError(f"two_blanks: must be one of {known} (got {value!r})") from None


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
    younger_min: int = attrs.field(default=1, validator=_positive)
    point: CategoryRule = attrs.field(factory=PointByLength)
    sequences: CategoryRule = attrs.field(factory=SuitedSequences)
    sets: CategoryRule = attrs.field(factory=Sets)
    tricks: TrickScorer = attrs.field(factory=LeadAndWin)
    game: GameRule = attrs.field(factory=Partie)
    carte_blanche: int = attrs.field(default=10, validator=_positive)
    two_blanks: TwoBlanks = attrs.field(default=TwoBlanks.BOTH_SCORE, converter=_two_blanks)
    carte_rouge: int | None = attrs.field(default=None)
    younger_carte_rouge_makes_bonus: bool = attrs.field(default=True, validator=_flag)
    cards: int = attrs.field(default=10, validator=_positive)
    capot: int = attrs.field(default=40, validator=_positive)
    cards_count_toward_pique: bool = attrs.field(default=False, validator=_flag)
    pique: int = attrs.field(default=30, validator=_positive)
    repique: int = attrs.field(default=60, validator=_positive)
    bonus_threshold: int = attrs.field(default=30, validator=_at_least(1))
    lower_cut_deals: bool = attrs.field(default=False, validator=_flag)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"name: must be a non-empty string (got {self.name!r})")
        if not isinstance(self.description, str):
            raise ValueError(f"description: must be a string (got {self.description!r})")
        if not _is_whole(self.pack_size) or self.pack_size not in (32, 36):
            raise ValueError(f"pack_size: must be 32 or 36 (got {self.pack_size!r})")
        if not _is_whole(self.packet) or self.packet not in (1, 2, 3, 4, 6):
            raise ValueError(f"packet: must divide 12: 1, 2, 3, 4 or 6 (got {self.packet!r})")
        if not self.packets or any(
            not _is_whole(p) or p not in (1, 2, 3, 4, 6) for p in self.packets
        ):
            raise ValueError(f"packets: sizes dividing 12 (1, 2, 3, 4 or 6); got {self.packets!r}")
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
                raise ValueError(f"{field}: {getattr(self, field)!r} is not a {proto.__name__}")
        for field, category in (
            ("point", Category.POINT),
            ("sequences", Category.SEQUENCE),
            ("sets", Category.SET),
        ):
            if getattr(self, field).category is not category:
                raise ValueError(f"{field}: must be a rule for the {category} category")
        if self.carte_rouge is not None and (
            not _is_whole(self.carte_rouge) or self.carte_rouge < 1
        ):
            raise ValueError(
                f"carte_rouge: must be None (off) or a score >= 1 (got {self.carte_rouge!r})"
            )

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

    # Options that live inside a strategy object, reachable from evolve() by name.
    _NESTED: ClassVar[Mapping[str, str]] = {
        "last_trick": "tricks",
        "last_trick_low": "tricks",
        "low_cards_count": "tricks",
        "fours_score_less": "point",
        "lowest": "sets",
        "target": "game",
        "double_below": "game",
        "games_to_win": "game",
        "deals": "game",
        "extra_deals": "game",
        "rubicon": "game",
        "bonus": "game",
    }

    def evolve(self, **changes: Any) -> Ruleset:
        """A copy with some rules changed, validated; raises ValueError naming a bad field.

        Besides the fields, the options of RULES.md section 9 that live in a strategy
        object are accepted by name (``last_trick``, ``low_cards_count``,
        ``fours_score_less``, ``target``, ``double_below``, ``deals``, ``rubicon`` ...).

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
        """
        own = {f.name for f in attrs.fields(Ruleset)}
        direct: dict[str, Any] = {}
        nested: dict[str, dict[str, Any]] = {}
        for key, value in changes.items():
            if key in own:
                direct[key] = value
            elif key in self._NESTED:
                nested.setdefault(self._NESTED[key], {})[key] = value
            elif key == "stock_size":
                raise ValueError("stock_size: follows from pack_size; change pack_size instead")
            else:
                known = sorted(own | set(self._NESTED) | {"stock_size"})
                raise ValueError(f"unknown ruleset option {key!r}; known: {', '.join(known)}")
        for holder, options in nested.items():
            strategy = direct.get(holder, getattr(self, holder))
            kind = type(strategy)
            have = {f.name for f in attrs.fields(kind)} if attrs.has(kind) else set()
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
