"""Sampling what a player cannot see: whole states consistent with an observation.

:func:`sample_state` builds a complete game state (the score sheet, the deal number, the
deal's history) in which the cards the observer cannot see are placed uniformly at random
among every placement consistent with his observation: his own cards and discard, the
stock cards he has seen, the opponent's shown and known cards, what each call claimed
(a call is a true claim; with automatic declarations the calls are the best holdings),
the suits the opponent showed out of, a carte blanche, the cards played. Every sample
``s`` satisfies ``s.observation(observation.player) == observation``.

How: the hidden cards fall into three places, the opponent's hand now, his discard and
the stock still undrawn. The cards are grouped by suit (and, where it matters, by
whether they are court cards or were seen in a shown carte blanche); a dynamic program
over the groups counts the placements that respect every group's allowed places and
subsets (a suit the opponent showed out of is not in his hand; with automatic
declarations no suit of his beats his point or his best sequence) and the three sizes,
and the groups are then drawn one by one with those counts as weights: uniform, with no
rejected deals. The rest of the deal (which of the opponent's cards came from the stock,
the order of the stock) is drawn uniformly too, and the deal's actions are replayed
through the public engine. What the counting does not encode (the rest of the
declarations, a carte blanche that was not announced) is checked on the replayed state,
and a placement that fails is drawn again: the result stays uniform over the consistent
placements, since every consistent placement is proposed with the same probability and
always accepted. When the opponent's combinations were heard but not shown and most
draws fail, the placements are drawn from "witnesses" instead, hands holding what was
heard, counted suit by suit, each kept with probability one over the number of
witnesses holding it, which keeps them uniform too.

>>> import random
>>> import piquet as pq
>>> from piquet.sampling import sample_state
>>> rng = random.Random(3)
>>> state = pq.new_game(pq.RUBICON, declarations="auto")
>>> while state.phase is not pq.Phase.PLAY:
...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
...                         else state.legal_actions()[0])
>>> seen = state.observation(state.to_move)
>>> world = sample_state(seen, rng, declarations="auto")
>>> world.observation(seen.player) == seen, world.hand(seen.player) == seen.hand
(True, True)
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import Final, Literal

import attrs

from .actions import (
    Action,
    Call,
    Deal,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    Pass,
    Play,
    Reckon,
)
from .cards import SUIT_BITS, SUIT_SHIFT, Card, CardSet, Rank, Suit
from .engine import IllegalActionError, Phase, Spoken, State, resume_game
from .observation import Observation
from .rules import (
    CategoryRule,
    PointByLength,
    PointByValue,
    Ruleset,
    SuitedSequences,
)
from .rules.protocols import say_word
from .rules.words import number_word
from .words import Category, Player, Reason, Result

__all__ = ["Declarations", "SamplingError", "infer_declarations", "sample_state"]

Declarations = Literal["played", "auto"]

_HAND: Final = 1
_DISCARD: Final = 2
_STOCK: Final = 4
_ALL: Final = _HAND | _DISCARD | _STOCK
_COURTS: Final = frozenset((Rank.KING, Rank.QUEEN, Rank.JACK))
_AFTER_DECLARATIONS: Final = (Phase.PLAY, Phase.OVER, Phase.DEAL)  # DEAL: between deals


class SamplingError(ValueError):
    """No state is consistent with the observation (it was not made by this engine, or it
    holds something the sampler cannot reproduce); the message says what."""


def infer_declarations(observation: Observation) -> Declarations:
    """The declaration mode of the game an observation comes from: ``"auto"`` or
    ``"played"``, read from :attr:`Observation.auto_declarations
    <piquet.Observation.auto_declarations>`.

    >>> import piquet as pq
    >>> infer_declarations(pq.new_game().observation(pq.Player.A))
    'played'
    >>> infer_declarations(pq.new_game(declarations="auto").observation(pq.Player.A))
    'auto'
    """
    return "auto" if observation.auto_declarations else "played"


def _all_held(observation: Observation) -> int:
    """The observer's hand after the exchange: what he holds and what he played."""
    player = observation.player
    held = observation.hand.mask
    for trick in observation.tricks:
        held |= (trick.lead if trick.leader == player else trick.follow).mask
    if observation.trick and _current_leader(observation) == player:
        held |= observation.trick[0].mask
    return held


_Fits = tuple[tuple[tuple[Card, ...], ...], ...]
"""fits[i]: the i-card subsets of a group that the opponent's hand may hold."""

_Group = tuple[tuple[Card, ...], int, int, _Fits | None]
"""A group of hidden cards: the cards, the places they may go, the most his hand may hold,
and which subsets it may hold (None: any)."""


@attrs.frozen
class _Groups:
    """The hidden cards in groups, each with the places it may go, and the DP counts."""

    groups: tuple[_Group, ...]
    hand_size: int
    discard_size: int
    stock_size: int
    tables: tuple[dict[tuple[int, int], int], ...] = attrs.field(eq=False, repr=False)
    options: dict[tuple[int, int, int], tuple[list[int], list[tuple[int, int]]]] = attrs.field(
        eq=False, repr=False, factory=dict
    )

    @property
    def total(self) -> int:
        """How many placements the groups allow."""
        return self.tables[0].get((self.hand_size, self.discard_size), 0)


def _hand_ways(n: int, i: int, fits: _Fits | None) -> int:
    """How many i-card subsets of a group of n his hand may hold."""
    return comb(n, i) if fits is None else len(fits[i])


def _count_tables(
    groups: Sequence[_Group], hand_size: int, discard_size: int
) -> tuple[dict[tuple[int, int], int], ...]:
    """tables[g][(h, x)]: placements of groups g.. putting h cards in the opponent's hand
    and x in his discard (the rest in the stock)."""
    tables: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
    for cards, allowed, most, fits in reversed(groups):
        n = len(cards)
        after = tables[-1]
        here: dict[tuple[int, int], int] = {}
        hand_range = range(min(n, most) + 1) if allowed & _HAND else range(1)
        for (h, x), ways in after.items():
            for i in hand_range:
                if h + i > hand_size:
                    break
                in_hand = _hand_ways(n, i, fits)
                if not in_hand:
                    continue
                disc_range = range(n - i + 1) if allowed & _DISCARD else range(1)
                for j in disc_range:
                    if x + j > discard_size:
                        break
                    if n - i - j and not allowed & _STOCK:
                        continue
                    key = (h + i, x + j)
                    here[key] = here.get(key, 0) + ways * in_hand * comb(n - i, j)
        tables.append(here)
    tables.reverse()
    return tuple(tables)


def draw_groups(plan: _Groups, rng: random.Random) -> tuple[list[Card], list[Card], list[Card]]:
    """One placement of the unseen cards by a plan's groups: the opponent's hand, the
    discard and the stock, before any check against what was heard (timed alone by
    :mod:`piquet.search_bench`)."""
    hand: list[Card] = []
    discard: list[Card] = []
    stock: list[Card] = []
    h, x = plan.hand_size, plan.discard_size
    tables = plan.tables
    options = plan.options
    for g, (cards, allowed, most, fits) in enumerate(plan.groups):
        key = (g, h, x)
        found = options.get(key)
        if found is None:
            n = len(cards)
            after = tables[g + 1]
            cumulative: list[int] = []
            splits: list[tuple[int, int]] = []
            total = 0
            for i in range(min(n, most) + 1) if allowed & _HAND else range(1):
                in_hand = _hand_ways(n, i, fits)
                for j in range(n - i + 1) if allowed & _DISCARD else range(1):
                    if n - i - j and not allowed & _STOCK:
                        continue
                    ways = after.get((h - i, x - j), 0)
                    if ways and in_hand:
                        total += ways * in_hand * comb(n - i, j)
                        cumulative.append(total)
                        splits.append((i, j))
            found = options[key] = (cumulative, splits)
        cumulative, splits = found
        if len(splits) == 1:
            i, j = splits[0]
        else:
            i, j = splits[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
        if fits is not None:
            subsets = fits[i]
            held = subsets[rng.randrange(len(subsets))] if len(subsets) > 1 else subsets[0]
            hand.extend(held)
            rest = [card for card in cards if card not in held]
            rng.shuffle(rest)
            discard.extend(rest[:j])
            stock.extend(rest[j:])
        elif i == len(cards):
            hand.extend(cards)
        elif i + j == 0:
            stock.extend(cards)
        else:
            order = rng.sample(cards, len(cards))
            hand.extend(order[:i])
            discard.extend(order[i : i + j])
            stock.extend(order[i + j :])
        h -= i
        x -= j
    return hand, discard, stock


@attrs.frozen
class _Plan:
    """Everything a sample of one observation needs, worked out once."""

    observation: Observation
    declarations: Declarations
    start: State
    dealt: bool
    groups: _Groups | None
    opponent_known: int  # cards known to be in the opponent's hand after the exchange
    opponent_played: int
    opponent_taken: int  # cards the opponent took from the stock
    fixed_taken: tuple[Card, ...]  # stock cards he took that the observer saw
    dealt_known: int  # the opponent's dealt hand, when shown (carte blanche)
    seen_rest: tuple[Card, ...]  # seen stock cards not taken by anyone
    own_taken: tuple[Card, ...]
    plays: tuple[Play, ...]
    target: tuple[object, ...]
    auto_heard: tuple[tuple[Player, str, Category, str], ...] | None = None
    """With automatic declarations, what was said aloud: checked before a replay."""
    own_held: int = 0  # the observer's hand after the exchange
    said_aloud: dict[tuple[Category, int, int | None, int | None], str] = attrs.field(
        factory=dict, eq=False, repr=False
    )  # what a claim says aloud, remembered
    claimed: tuple[_Claimed, ...] = ()  # the opponent's combinations heard, not shown
    progress: dict[str, int] = attrs.field(factory=dict, eq=False, repr=False)
    witnessed: list[_Witnesses | None] = attrs.field(factory=list, eq=False, repr=False)
    auto_checks: list[tuple[CategoryRule, int, tuple[tuple[Player, str, Category, str], ...]]] = (
        attrs.field(factory=list, eq=False, repr=False)
    )  # per category: the rule, the observer's best holding, the two things heard
    # once decided: [the witnesses drawn from] or [None] (plain draws)


@attrs.frozen
class _Claimed:
    """A combination of the opponent's heard but not shown: a call whose cards he did not
    show (the loser's, R-DE-6) or, to the elder before his first lead, any call or
    reckoned combination of the younger's (R-DE-7)."""

    category: Category
    words: str
    versus: tuple[int | None, ...]  # what the observer's call may have been (None: none)
    best: bool  # the caller's best (automatic declarations) rather than any claim
    word: int | None = None  # with declarations played: which word of the claim was said


@attrs.frozen(eq=False)
class _Witnesses:
    """Sets of placements ("witnesses") that between them hold every consistent one.

    Each unshown combination heard names cards the opponent's hand must hold: a sequence
    or a set among the few whose words are the words heard, a point in one of the four
    suits. A witness picks one for each, so it only asks his hand, suit by suit, to hold
    some cards and to make some point: a placement fitting the observation lies in at
    least one witness, and the groups, restricted to the subsets each suit may hold, count
    each witness's placements exactly. A draw picks a witness in proportion to its size,
    a placement uniformly in it, and keeps it with probability 1/m, m being how many
    witnesses hold it: every placement of the union is then equally likely (Karp and
    Luby's estimator of a union, used as a sampler), and what the witnesses leave out is
    checked on the replay, as for the plain draws.
    """

    groups: list[_Groups]  # each witness's groups, restricted to what it asks
    forced: list[int]  # the cards each witness puts in his hand
    points: list[tuple[tuple[int, int], ...]]  # (suit shift, which point claim) it makes
    held: _PointHeld
    cumulative: list[int] = attrs.field(init=False)
    total: int = attrs.field(init=False)  # how many placements the witnesses hold, counted
    # once for each witness holding them

    def __attrs_post_init__(self) -> None:
        cumulative: list[int] = []
        total = 0
        for one in self.groups:
            total += one.total
            cumulative.append(total)
        object.__setattr__(self, "cumulative", cumulative)
        object.__setattr__(self, "total", total)

    def draw(
        self, known: int, rng: random.Random
    ) -> tuple[list[Card], list[Card], list[Card]] | None:
        """A placement of the union, or None (drawn again) with probability 1 - 1/m."""
        k = bisect.bisect_right(self.cumulative, rng.randrange(self.total))
        placed = draw_groups(self.groups[k], rng)
        hand = known | sum(card.mask for card in placed[0])
        held = self.held
        covering = 0
        for forced, points in zip(self.forced, self.points, strict=True):
            if hand & forced == forced and all(
                held(req, hand & (SUIT_BITS << shift)) for shift, req in points
            ):
                covering += 1
        return placed if covering == 1 or not rng.randrange(covering) else None


@attrs.frozen(eq=False)
class _PointHeld:
    """Whether a holding of one suit makes a point claim whose words are the words heard
    (remembered: the same holdings come back)."""

    rules: Ruleset
    claimed: Sequence[_Claimed]
    words: _Words
    memo: dict[tuple[int, int], bool] = attrs.field(factory=dict)

    def __call__(self, req: int, holding: int) -> bool:
        key = (req, holding)
        found = self.memo.get(key)
        if found is None:
            claimed = self.claimed[req]
            rule = self.rules.category_rule(claimed.category)
            claims = rule.combinations(holding) if claimed.best else rule.claims(holding)
            found = self.memo[key] = any(
                self.words(rule, claim, versus, claimed.word) == claimed.words
                for claim in claims
                for versus in claimed.versus
            )
        return found


@attrs.frozen(eq=False)
class _Words:
    """The words of a claim (:meth:`CategoryRule.spoken`; with declarations played, one
    word of it, :func:`~piquet.rules.protocols.say_word`), remembered."""

    memo: dict[tuple[Category, int, int | None, int | None], str]

    def __call__(
        self, rule: CategoryRule, claim: int, versus: int | None, word: int | None = None
    ) -> str:
        key = (rule.category, claim, versus, word)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = (
                rule.spoken(claim, versus)
                if word is None
                else _WORDS_APART.join(say_word(rule, claim, w) for w in range(word + 1))
            )
        return found


_WORDS_APART: Final = " / "  # the words of one claim, as one text
_MOST_WITNESSES: Final = 64  # each holds its own counting tables
_MOST_CANDIDATES: Final = 64
_MOST_CLAIMS: Final = 2000
_SUIT_SHIFTS: Final = (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT)


def _claimed(
    observation: Observation, declarations: Declarations, own_held: int
) -> tuple[_Claimed, ...]:
    """The opponent's combinations heard but not shown, each with its words."""
    player = observation.player
    rules = observation.ruleset
    best = declarations == "auto"
    out: list[_Claimed] = []
    words_said: dict[Category, list[str]] = {}  # the opponent's call's words, by category
    for said in observation.spoken:
        if said.player == player:
            continue
        if said.verb == "call" and not best and said.words not in ("not good", "equal"):
            words_said.setdefault(said.category, []).append(said.words)
        if said.shown is not None:
            continue
        rule = rules.category_rule(said.category)
        if said.verb == "reckon":
            parts = said.words.split(", ")  # one reckoning may name several combinations
            out.extend(_Claimed(said.category, part, (None,), False) for part in parts)
        elif said.verb == "call" and not best:
            continue  # his words of one claim: one combination, after the loop
        elif said.verb == "call":
            versus: tuple[int | None, ...] = (None,)
            for mine in observation.spoken:
                if mine.player == player and mine.category is said.category and mine.verb == "call":
                    if mine.shown is not None:
                        versus = (mine.shown.mask,)
                    elif best:
                        combos = rule.combinations(own_held)
                        versus = (combos[0],) if combos else (None,)
                    else:
                        versus = (None, *rule.claims(own_held))
            out.append(_Claimed(said.category, said.words, versus, best))
    shown = {
        said.category
        for said in observation.spoken
        if said.player != player and said.verb == "call" and said.shown is not None
    }
    for category, texts in words_said.items():
        if category not in shown:
            # every word said of one claim (R-DE-1a): a claim saying all of them
            out.append(_Claimed(category, _WORDS_APART.join(texts), (None,), False, len(texts) - 1))
    return tuple(out)


def _witnesses(plan: _Plan) -> _Witnesses | None:
    """The witnesses of the plan's unshown combinations; None when there are none to
    make (a suit split into groups by a carte blanche, nothing claimed)."""
    plain = plan.groups
    if plain is None or not plan.claimed:
        return None
    rules = plan.observation.ruleset
    words = _Words(plan.said_aloud)
    held = _PointHeld(rules, plan.claimed, words)
    known = plan.opponent_known
    by_suit: dict[int, int] = {}
    possible = known
    for g, (cards, allowed, _, _) in enumerate(plain.groups):
        shift = _shift_of(cards[0])
        if shift in by_suit:
            return None
        by_suit[shift] = g
        if allowed & _HAND:
            possible |= sum(card.mask for card in cards)
    # what each unshown combination may be: (cards his hand holds, point made in a suit)
    every: list[tuple[list[tuple[int, tuple[tuple[int, int], ...]]], Category]] = []
    for req, claimed in enumerate(plan.claimed):
        rule = rules.category_rule(claimed.category)
        if claimed.category is Category.POINT:  # one suit: which one, counted per suit
            every.append(([(0, ((shift, req),)) for shift in _SUIT_SHIFTS], claimed.category))
            continue
        every_claim = rule.claims(possible)
        if len(every_claim) * len(claimed.versus) > _MOST_CLAIMS:
            continue  # too many to read (sequences across suits): left to the replay
        found: list[tuple[int, tuple[tuple[int, int], ...]]] = [
            (claim, ())
            for claim in every_claim
            if any(
                words(rule, claim, versus, claimed.word) == claimed.words
                for versus in claimed.versus
            )
        ]
        if 0 < len(found) <= _MOST_CANDIDATES:  # else left to the check on the replay
            every.append((found, claimed.category))
    every.sort(key=lambda item: len(item[0]))
    size = 1
    for count, (options, _) in enumerate(every):
        if size * len(options) > _MOST_WITNESSES:
            del every[count:]
            break
        size *= len(options)
    if not every:
        return None
    choices = [options for options, _ in every]
    categories = [category for _, category in every]
    seen: set[tuple[int, frozenset[tuple[int, int]]]] = set()
    fits_memo: dict[tuple[int, int, tuple[int, ...]], _Fits | None] = {}
    out_groups: list[_Groups] = []
    out_forced: list[int] = []
    out_points: list[tuple[tuple[int, int], ...]] = []
    for picked in itertools.product(*choices):
        forced = 0
        points: set[tuple[int, int]] = set()
        by_category: dict[Category, int] = {}
        for (cards_held, point), category in zip(picked, categories, strict=True):
            if by_category.get(category, 0) & cards_held:
                break  # one category's combinations are disjoint (R-DE-5)
            by_category[category] = by_category.get(category, 0) | cards_held
            forced |= cards_held
            points.update(point)
        else:
            key = (forced, frozenset(points))
            if key in seen or forced & ~possible:
                continue
            seen.add(key)
            witness = _witness(plain, by_suit, known, forced, points, held, fits_memo)
            if witness is not None:
                out_groups.append(witness)
                out_forced.append(forced)
                out_points.append(tuple(sorted(points)))
    if not out_groups:
        return None
    return _Witnesses(out_groups, out_forced, out_points, held)


def _witness(
    plain: _Groups,
    by_suit: dict[int, int],
    known: int,
    forced: int,
    points: set[tuple[int, int]],
    held: _PointHeld,
    fits_memo: dict[tuple[int, int, tuple[int, ...]], _Fits | None],
) -> _Groups | None:
    """The groups of one witness: his hand holds ``forced`` and makes ``points``."""
    groups = list(plain.groups)
    for shift in _SUIT_SHIFTS:
        suit = SUIT_BITS << shift
        wanted = forced & suit
        reqs = tuple(sorted(req for at, req in points if at == shift))
        if not wanted and not reqs:
            continue
        g = by_suit.get(shift)
        memo_key = (shift, wanted, reqs)
        if memo_key not in fits_memo:
            fits_memo[memo_key] = _suit_fits(
                None if g is None else plain.groups[g], known & suit, wanted, reqs, held
            )
        fits = fits_memo[memo_key]
        if fits is None:
            return None
        if g is not None and groups[g][1] & _HAND:
            cards, allowed, most, _ = groups[g]
            groups[g] = (cards, allowed, most, fits)
    tables = _count_tables(groups, plain.hand_size, plain.discard_size)
    one = _Groups(tuple(groups), plain.hand_size, plain.discard_size, plain.stock_size, tables)
    return one if one.total else None


def _suit_fits(
    group: _Group | None, known: int, wanted: int, reqs: tuple[int, ...], held: _PointHeld
) -> _Fits | None:
    """The subsets of a suit's hidden group the opponent's hand may hold, when it must
    hold ``wanted`` and make the points ``reqs``; None when no subset may."""

    def fits(holding: int) -> bool:
        return holding & wanted == wanted and all(held(req, holding) for req in reqs)

    if group is None or not group[1] & _HAND:
        return () if fits(known) else None  # () : nothing hidden goes to his hand anyway
    cards, _, most, base = group
    out = tuple(
        tuple(
            subset
            for subset in (itertools.combinations(cards, size) if base is None else base[size])
            if fits(known | sum(card.mask for card in subset))
        )
        for size in range(min(len(cards), most) + 1)
    )
    return out if any(out) else None


def _shift_of(card: Card) -> int:
    """Where a card's suit lies in a card-set mask."""
    return _shift_of_mask(card.mask)


def _point_limit(
    observation: Observation, declarations: Declarations, own: int
) -> tuple[str, int] | None:
    """With automatic declarations the opponent's point was his best suit, so no suit of
    his (after the exchange) beat it: ("length", most cards) for the point by length,
    ("pips", most pips) for the Ruff. His point's measure when shown or said, else the
    observer's, which was at least as good. None when nothing limits it."""
    rules = observation.ruleset
    rule = rules.point
    if declarations != "auto" or observation.phase not in _AFTER_DECLARATIONS:
        return None
    if isinstance(rule, PointByLength):
        kind = "length"
    elif isinstance(rule, PointByValue):
        kind = "pips"
    else:
        return None
    opponent = observation.player.other
    said = [
        s
        for s in observation.spoken
        if s.category is Category.POINT and s.player == opponent and s.verb in ("call", "good")
    ]
    if not said:
        return None
    if said[0].shown is not None:
        return kind, rule.key(said[0].shown.mask)[0]
    if said[0].verb == "call":  # not shown: its words tell its measure (R-DE-6)
        words = said[0].words
        if kind == "pips":
            last = words.split()[-1]
            return (kind, int(last)) if last.isdigit() else None
        for length in range(12, 0, -1):
            if words.startswith(f"point of {number_word(length)}"):
                return kind, length
        return None
    mine = rule.combinations(own)  # he conceded: no better than the observer's
    return (kind, rule.key(mine[0])[0]) if mine else None


def _most_in_hand(limit: tuple[str, int], suit_known: list[Card], hidden: Sequence[Card]) -> int:
    """How many of a suit's hidden cards his hand can hold under the point's limit."""
    kind, bound = limit
    if kind == "length":
        return max(0, bound - len(suit_known))
    total = sum(card.pips for card in suit_known)
    most = 0
    for pips in sorted(card.pips for card in hidden):
        total += pips
        if total > bound:
            break
        most += 1
    return most


def _limited_fits(
    known: int, hidden: Sequence[Card], most: int, checks: Sequence[Callable[[int], bool]]
) -> _Fits:
    """The subsets of a suit's hidden cards his hand may hold, with the cards of the suit
    known to be his, under every check (a holding of the suit, as a card-set mask)."""
    return tuple(
        tuple(
            subset
            for subset in itertools.combinations(hidden, size)
            if all(check(known | sum(card.mask for card in subset)) for check in checks)
        )
        for size in range(min(len(hidden), most) + 1)
    )


def _worth_at_most(rule: CategoryRule, bound: int, holding: int) -> bool:
    """A suit worth no more than ``bound`` (the Ruff, R-DE-2a)."""
    return rule.key(holding)[0] <= bound


def _suit_bits(holding: int) -> int:
    """A one-suit holding as nine bits (bit r for rank r + 6)."""
    return holding >> _shift_of_mask(holding) & SUIT_BITS if holding else 0


def _shift_of_mask(mask: int) -> int:
    """Where the suit of a mask's highest card lies in a card-set mask."""
    low = mask.bit_length() - 1
    return low - low % SUIT_SHIFT


def _runs_allowed(
    observation: Observation, declarations: Declarations, own: int
) -> tuple[bool, ...] | None:
    """With automatic declarations and sequences in one suit, the opponent's best sequence
    is what was heard of it, so no suit of his holds a better one: for each nine-bit
    holding of a suit, whether it may be his. None when nothing limits it."""
    rules = observation.ruleset
    rule = rules.category_rule(Category.SEQUENCE)
    if (
        declarations != "auto"
        or observation.phase not in _AFTER_DECLARATIONS
        or not isinstance(rule, SuitedSequences)
    ):
        return None
    opponent = observation.player.other
    said = next(
        (s for s in observation.spoken if s.category is Category.SEQUENCE and s.player == opponent),
        None,
    )
    if said is None:
        return None
    if said.verb == "pass":
        return _runs_table(rule, None, False)
    if said.verb == "good":  # his best, if any, lost to the observer's (R-DE-3)
        mine = rule.combinations(own)
        return _runs_table(rule, rule.key(mine[0]), True) if mine else None
    if said.shown is not None:
        return _runs_table(rule, rule.key(said.shown.mask), False)
    heard = [c for c in rule.claims(SUIT_BITS) if rule.spoken(c, None) == said.words]
    return _runs_table(rule, rule.key(heard[0]), False) if heard else None


@functools.lru_cache(maxsize=64)
def _runs_table(
    rule: CategoryRule, bound: tuple[int, ...] | None, strict: bool
) -> tuple[bool, ...]:
    """For each nine-bit holding of one suit: whether its sequences all rank below
    ``bound`` (``strict``) or at most ``bound``; with no bound, whether it has none."""
    table = []
    for bits in range(SUIT_BITS + 1):
        runs = rule.combinations(bits)
        if not runs:
            table.append(True)
        elif bound is None:
            table.append(False)
        else:
            best = max(rule.key(run) for run in runs)
            table.append(best < bound if strict else best <= bound)
    return tuple(table)


def _plays_of(observation: Observation) -> tuple[list[Card], list[Card], list[Card]]:
    """(every card played in order, the observer's, the opponent's)."""
    player = observation.player
    order: list[Card] = []
    mine: list[Card] = []
    theirs: list[Card] = []
    for trick in observation.tricks:
        order += [trick.lead, trick.follow]
        (mine if trick.leader == player else theirs).append(trick.lead)
        (theirs if trick.leader == player else mine).append(trick.follow)
    if observation.trick:
        led = observation.trick[0]
        order.append(led)
        (mine if _current_leader(observation) == player else theirs).append(led)
    return order, mine, theirs


def _current_leader(observation: Observation) -> Player:
    """Who led to the trick in progress: the winner of the last trick, or the elder."""
    return observation.tricks[-1].winner if observation.tricks else _deal_elder(observation)


def _deal_elder(observation: Observation) -> Player:
    """The elder of the observed deal. Between two deals the observation names the next
    deal's roles; the finished deal's elder deals the next one."""
    if observation.phase is Phase.DEAL and observation.dealt_hand:
        return observation.dealer
    return observation.elder


def _voids(observation: Observation) -> set[Suit]:
    """Suits the opponent showed out of: he holds none of them after the exchange but the
    ones he had played before."""
    opponent = observation.player.other
    out: set[Suit] = set()
    for trick in observation.tricks:
        if trick.leader != opponent and trick.follow.suit is not trick.lead.suit:
            out.add(trick.lead.suit)
    return out


def _start_state(observation: Observation, declarations: Declarations) -> tuple[State, bool]:
    """The game at the chance node of the observed deal (and whether a deal was dealt)."""
    rules = observation.ruleset
    phase = observation.phase
    dealt = bool(observation.dealt_hand)
    sheet = observation.score_sheet
    games = observation.games
    dealer = observation.dealer
    number = observation.deal_number
    if not dealt:
        return (
            resume_game(
                rules,
                dealer=dealer,
                declarations=declarations,
                score_sheet=sheet,
                games=games,
                deal_number=number,
            ),
            False,
        )
    multi = rules.game.games_to_win > 1
    if phase is Phase.DEAL:  # between deals: the finished deal is the one observed
        if sheet:
            sheet = sheet[:-1]
        else:  # it ended a game of a partie, and the next game's sheet is empty
            sheet, games = _sheet_of_ended_game(observation)
        dealer = dealer.other
    elif phase is Phase.OVER:
        sheet = sheet[:-1]
        games = games[:-1] if multi else games
    try:
        start = resume_game(
            rules,
            dealer=dealer,
            declarations=declarations,
            score_sheet=sheet,
            games=games,
            deal_number=number - 1,
        )
    except ValueError as exc:
        raise SamplingError(f"cannot take the game up before this deal: {exc}") from None
    return start, True


def _sheet_of_ended_game(
    observation: Observation,
) -> tuple[tuple[tuple[int, int], ...], tuple[Result, ...]]:
    """Between two games of a partie: a sheet of the ended game before its last deal,
    and the games before it. The observation keeps only that game's totals, so the sheet
    is one row with them (less the last deal's scores) and rows of nought, as many as
    the game needs to go on until its last deal (R-GM-1): the fewest that do. Which
    sheet it was is never seen again, and the next game starts from nought."""
    rule = observation.ruleset.game
    games = observation.games
    if not games:
        raise SamplingError("between deals with an empty sheet and no game ended before")
    ended = games[-1]
    last = observation.deal_scores
    before = (ended.scores[0] - last[0], ended.scores[1] - last[1])
    target = rule.target
    if target is not None and max(before) >= target:
        raise SamplingError("the ended game's totals reached its target before its last deal")
    reached = target is not None and max(ended.scores) >= target
    for rows in range(0 if before == (0, 0) else 1, observation.deal_number):
        if rows and rule.over_after_deal(rows, before):
            break  # the game would have ended before its last deal
        if reached or rule.over_after_deal(rows + 1, ended.scores):
            sheet = ((before,) + ((0, 0),) * (rows - 1)) if rows else ()
            return sheet, games[:-1]
    raise SamplingError(
        "no sheet of the ended game lets it go on until its last deal and end there"
    )


def _signature_of_observation(observation: Observation, plays: int) -> tuple[object, ...]:
    return (
        observation.phase,
        observation.to_move,
        plays,
        len(observation.hand),
        observation.opponent_hand_size,
        observation.deal_number,
    )


def _make_plan(observation: Observation, declarations: Declarations) -> _Plan:
    if not isinstance(observation, Observation):
        raise TypeError(f"expected a piquet.Observation, not {type(observation).__name__}")
    start, dealt = _start_state(observation, declarations)
    order, mine, theirs = _plays_of(observation)
    plays = tuple(Play(card) for card in order)
    target = _signature_of_observation(observation, len(plays))
    if not dealt:
        return _Plan(
            observation, declarations, start, False, None, 0, 0, 0, (), 0, (), (), plays, target
        )
    rules = observation.ruleset
    player = observation.player
    opponent = player.other
    own_dealt = observation.dealt_hand.mask
    own_played = sum(card.mask for card in mine)
    own_all = observation.hand.mask | own_played | observation.discard.mask
    own_taken = own_all & ~own_dealt
    opponent_played = sum(card.mask for card in theirs)
    known = observation.opponent_known.mask | opponent_played
    for said in observation.spoken:
        if said.player == opponent and said.shown is not None:
            known |= said.shown.mask
    for event in observation.events:
        if event.player == opponent and event.cards and event.reason is not Reason.CARTE_BLANCHE:
            known |= event.cards.mask
    dealt_known = observation.opponent_shown.mask
    seen = observation.seen_stock.mask
    fixed_taken = seen & known
    seen_rest = seen & ~known
    pack_mask = sum(card.mask for card in _pack(rules.pack_size))
    hidden = pack_mask & ~own_dealt & ~own_taken & ~known & ~dealt_known & ~seen
    opponent_hand = observation.opponent_hand_size
    taken_by_opponent = observation.taken[opponent]
    hand_slots = opponent_hand - (known & ~opponent_played).bit_count()
    discard_slots = 12 + taken_by_opponent - opponent_hand - len(theirs)
    stock_slots = observation.stock_size - seen_rest.bit_count()
    placed = hidden | (dealt_known & ~known)
    if min(hand_slots, discard_slots, stock_slots) < 0 or (
        hand_slots + discard_slots + stock_slots != placed.bit_count()
    ):
        raise SamplingError(
            "the observation's card counts do not add up: "
            f"{placed.bit_count()} hidden cards for {hand_slots} in the opponent's hand, "
            f"{discard_slots} in his discard and {stock_slots} in the stock"
        )
    voids = _voids(observation)
    events = observation.events
    own_blank = not any(card.rank in _COURTS for card in observation.dealt_hand)
    scored_blank = {e.player for e in events if e.reason is Reason.CARTE_BLANCHE}
    opponent_blank = opponent in scored_blank or (own_blank and player not in scored_blank)
    limit = _point_limit(observation, declarations, _all_held(observation))
    runs_allowed = _runs_allowed(observation, declarations, _all_held(observation))
    groups: list[_Group] = []
    for suit in Suit:
        in_suit = [card for card in CardSet.from_mask(hidden) if card.suit is suit]
        suit_allowed = _ALL & ~_HAND if suit in voids else _ALL
        if dealt_known:
            # a shown carte blanche: its unplaced cards were kept or discarded; the others
            # are stock cards, in his hand only if he took them
            unplaced = CardSet.from_mask(dealt_known & ~known)
            classes = [
                (tuple(c for c in unplaced if c.suit is suit), suit_allowed & ~_STOCK),
                (tuple(in_suit), suit_allowed & ~_DISCARD),
            ]
        elif opponent_blank and taken_by_opponent == 0:
            classes = [
                (tuple(c for c in in_suit if c.rank in _COURTS), _STOCK),
                (tuple(c for c in in_suit if c.rank not in _COURTS), suit_allowed),
            ]
        else:
            classes = [(tuple(in_suit), suit_allowed)]
        most = 12
        fits: _Fits | None = None
        if len(classes) == 1 and limit is not None:
            # with automatic declarations his point was his best suit: none better
            suit_known = [c for c in CardSet.from_mask(known) if c.suit is suit]
            most = _most_in_hand(limit, suit_known, classes[0][0])
        if len(classes) == 1 and classes[0][0]:
            # which cards his hand may hold, not only how many: the Ruff, the sequences
            suit_known_mask = known & (SUIT_BITS << _shift_of(classes[0][0][0]))
            checks: list[Callable[[int], bool]] = []
            if limit is not None and limit[0] == "pips":
                checks.append(functools.partial(_worth_at_most, rules.point, limit[1]))
            if (
                runs_allowed is not None
                and not runs_allowed[
                    _suit_bits(suit_known_mask | sum(card.mask for card in classes[0][0]))
                ]
            ):  # the whole suit would make too good a sequence: some subsets may not
                checks.append(lambda holding: runs_allowed[_suit_bits(holding)])
            if checks:
                fits = _limited_fits(suit_known_mask, classes[0][0], most, checks)
        groups.extend((cards, allowed, most, fits) for cards, allowed in classes if cards)
    tables = _count_tables(groups, hand_slots, discard_slots)
    if not tables[0].get((hand_slots, discard_slots)):
        raise SamplingError("no placement of the hidden cards fits the observation")
    return _Plan(
        observation=observation,
        declarations=declarations,
        start=start,
        dealt=True,
        groups=_Groups(tuple(groups), hand_slots, discard_slots, stock_slots, tables),
        opponent_known=known,
        opponent_played=opponent_played,
        opponent_taken=taken_by_opponent,
        fixed_taken=tuple(CardSet.from_mask(fixed_taken)),
        dealt_known=dealt_known,
        seen_rest=tuple(CardSet.from_mask(seen_rest)),
        own_taken=tuple(CardSet.from_mask(own_taken)),
        plays=plays,
        target=target,
        own_held=_all_held(observation),
        claimed=_claimed(observation, declarations, _all_held(observation)),
        auto_heard=_heard(observation.spoken)
        if declarations == "auto"
        and observation.phase in _AFTER_DECLARATIONS
        and observation.spoken
        else None,
    )


def _heard(spoken: Sequence[Spoken]) -> tuple[tuple[Player, str, Category, str], ...]:
    return tuple((said.player, said.verb, said.category, said.words) for said in spoken)


def _heard_again(plan: _Plan, opponent_hand: int) -> bool:
    """Whether automatic declarations from this hand of the opponent's (and the
    observer's) say aloud what the observer heard: each category's best holdings, the
    elder first (R-DE-6 words). Category by category, stopping at the first difference;
    the observer's best holdings are worked out once."""
    checks = plan.auto_checks
    if not checks:
        observation = plan.observation
        rules = observation.ruleset
        heard = plan.auto_heard
        assert heard is not None
        for index, category in enumerate(Category):
            rule = rules.category_rule(category)
            combos = rule.combinations(plan.own_held)
            checks.append((rule, combos[0] if combos else 0, heard[2 * index : 2 * index + 2]))
        checks.sort(key=lambda check: check[0].category is Category.POINT)  # the rarest first
    words = _Words(plan.said_aloud)
    observer_is_elder = plan.observation.player == _deal_elder(plan.observation)
    for rule, own_best, said in checks:
        combos = rule.combinations(opponent_hand)
        theirs = combos[0] if combos else 0
        best_e, best_y = (own_best, theirs) if observer_is_elder else (theirs, own_best)
        elder_words = words(rule, best_e, best_y or None) if best_e else "pass"
        if said[0][3] != elder_words:
            return False
        if best_y and not (best_e and rule.key(best_e) > rule.key(best_y)):
            younger_words = words(rule, best_y, best_e or None)
        else:
            younger_words = "good" if best_e else "pass"
        if said[1][3] != younger_words:
            return False
    return True


@functools.lru_cache(maxsize=8)
def _pack(size: int) -> tuple[Card, ...]:
    from .cards import pack

    return pack(size)


@functools.lru_cache(maxsize=8)
def _deal_positions(packet: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions in the pack of the elder's and the dealer's cards (R-DL-4)."""
    elder = tuple(i for i in range(24) if (i // packet) % 2 == 0)
    dealer = tuple(i for i in range(24) if (i // packet) % 2 == 1)
    return elder, dealer


@functools.lru_cache(maxsize=256)
def cached_plan(observation: Observation, declarations: Declarations) -> _Plan:
    """The sampling plan of an observation (what is known of the unseen cards, and how
    to place them), cached: :func:`sample_state` and :mod:`piquet.search_bench` use it."""
    return _make_plan(observation, declarations)


def sample_state(
    observation: Observation,
    rng: random.Random,
    *,
    declarations: Declarations | None = None,
    max_tries: int = 10_000,
) -> State:
    """A whole state, uniformly drawn among those consistent with ``observation``.

    ``declarations`` is the game's declaration mode (``"played"`` or ``"auto"``); None
    takes the observation's own (:func:`infer_declarations`), and another raises
    :class:`SamplingError` (no state of that mode gives this observation). Raises
    :class:`SamplingError` too when no state fits, or none was found in ``max_tries``
    draws (a placement is drawn again only when it contradicts the declarations or a
    carte blanche, which the counting leaves out).

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game(pq.RUBICON)
    >>> dealt = start.apply(start.sample_chance(random.Random(5)))
    >>> seen = dealt.observation(pq.Player.B)
    >>> world = sample_state(seen, random.Random(1), declarations="played")
    >>> world.observation(pq.Player.B) == seen, world.hand(pq.Player.A) == dealt.hand(pq.Player.A)
    (True, False)
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"expected a piquet.Observation, not {type(observation).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    mode = infer_declarations(observation) if declarations is None else declarations
    if mode not in ("played", "auto"):
        raise ValueError(f"declarations must be 'played', 'auto' or None (got {declarations!r})")
    if mode != infer_declarations(observation):
        raise SamplingError(
            f"declarations={mode!r}, but the observation comes from a game whose "
            f"declarations are {infer_declarations(observation)!r}"
        )
    plan = cached_plan(observation, mode)
    if not plan.dealt:
        return plan.start
    state, _ = sample_plan(plan, rng, max_tries)
    if state is not None:
        return state
    raise SamplingError(
        f"no state consistent with the observation found in {max_tries} draws "
        "(was it made by this engine?)"
    )


def sample_plan(plan: _Plan, rng: random.Random, max_tries: int) -> tuple[State | None, int]:
    """A sample of a dealt plan (None when none was found in ``max_tries`` draws) and
    the draws it took; :func:`sample_state` with a plan from :func:`cached_plan`."""
    for tries in range(1, max_tries + 1):
        state = _draw(plan, rng)
        if not plan.witnessed and plan.claimed:
            _weigh_witnesses(plan, state is not None)
        if state is not None:
            return state, tries
    return None, max_tries


def _weigh_witnesses(plan: _Plan, kept: bool) -> None:
    """Count the plain draws kept and dropped; once they are mostly dropped, draw from the
    witnesses instead if they hold fewer placements. Either way of drawing gives every
    consistent placement the same chance, so choosing between them on past draws keeps
    the samples uniform."""
    progress = plan.progress
    name = "kept" if kept else "dropped"
    progress[name] = progress.get(name, 0) + 1
    dropped = progress.get("dropped", 0)
    if dropped >= 12 and dropped >= 3 * progress.get("kept", 0):
        _decide_witnesses(plan)


def _decide_witnesses(plan: _Plan, always: bool = False) -> _Witnesses | None:
    """Draw from the witnesses from now on, when they hold fewer placements than the plain
    groups (or ``always``); the witnesses, or None for plain draws."""
    witnesses = _witnesses(plan)
    assert plan.groups is not None
    if witnesses is not None and not always and witnesses.total >= plan.groups.total:
        witnesses = None
    plan.witnessed[:] = [witnesses]
    return witnesses


def _draw(plan: _Plan, rng: random.Random) -> State | None:
    """One proposal: a placement drawn uniformly, replayed; None when it is inconsistent."""
    observation = plan.observation
    groups = plan.groups
    assert groups is not None
    rules = observation.ruleset
    player = observation.player
    opponent = player.other
    elder = _deal_elder(observation)
    witnesses = plan.witnessed[0] if plan.witnessed else None
    placed = (
        draw_groups(groups, rng) if witnesses is None else witnesses.draw(plan.opponent_known, rng)
    )
    if placed is None:
        return None
    hand_cards, discard_cards, stock_cards = placed
    known = plan.opponent_known
    after_exchange = known | sum(card.mask for card in hand_cards)  # includes his plays
    discard = sum(card.mask for card in discard_cards)
    # the declarations first: they reject most placements that fail, and cost little
    if plan.auto_heard is not None and not _heard_again(plan, after_exchange):
        return None
    fixed = plan.fixed_taken
    if plan.opponent_taken:
        fixed_mask = sum(card.mask for card in fixed)
        pool = [c for c in CardSet.from_mask(after_exchange & ~fixed_mask & ~plan.dealt_known)]
        extra = plan.opponent_taken - len(fixed)
        if extra < 0 or extra > len(pool):
            return None
        drawn = rng.sample(pool, extra)
        taken = list(fixed)
        rng.shuffle(taken)
        rng.shuffle(drawn)
        opponent_taken = taken + drawn
        dealt_opponent = (after_exchange & ~sum(c.mask for c in opponent_taken)) | discard
    else:
        opponent_taken = []
        dealt_opponent = after_exchange | discard
    if dealt_opponent.bit_count() != 12:
        return None
    own_taken = list(plan.own_taken)
    rng.shuffle(own_taken)
    seen_rest = list(plan.seen_rest)
    rng.shuffle(seen_rest)
    rng.shuffle(stock_cards)
    if player == elder:
        rest = seen_rest + stock_cards
        stock = own_taken + opponent_taken + rest
    else:
        rest = seen_rest + stock_cards
        rng.shuffle(rest)
        stock = opponent_taken + own_taken + rest
    if len(stock) != rules.stock_size:
        return None
    dealt_own = observation.dealt_hand.mask
    dealt_elder, dealt_younger = (
        (dealt_own, dealt_opponent) if player == elder else (dealt_opponent, dealt_own)
    )
    elder_at, dealer_at = _deal_positions(rules.packet)
    pack: list[Card | None] = [None] * rules.pack_size
    for position, card in zip(elder_at, CardSet.from_mask(dealt_elder), strict=True):
        pack[position] = card
    for position, card in zip(dealer_at, CardSet.from_mask(dealt_younger), strict=True):
        pack[position] = card
    pack[24:] = stock
    state = plan.start.apply(Deal(tuple(pack), packet=rules.packet))  # type: ignore[arg-type]
    discards = {player: observation.discard.mask, opponent: discard}
    return _replay(plan, state, discards, rng)


def _replay(
    plan: _Plan, state: State, discards: dict[Player, int], rng: random.Random
) -> State | None:
    """Replay the deal's actions from the deal on; None when the placement contradicts
    the observation. Where the declarations leave a choice (which claim an unshown call
    was, which reckoning says the words heard) every choice is tried in turn, so whether
    a placement is kept depends on the placement alone: that keeps the samples uniform."""
    return _replay_on(plan, state, 0, discards, rng)


def _replay_on(
    plan: _Plan, state: State, played: int, discards: dict[Player, int], rng: random.Random
) -> State | None:
    """:func:`_replay` from ``state``, with ``played`` cards played."""
    observation = plan.observation
    player = observation.player
    target_phase, target_to_move, target_plays = plan.target[:3]
    plays = plan.plays
    try:
        for _ in range(100):
            if (
                state.phase is target_phase
                and state.to_move == target_to_move
                and played == target_plays
                and state.observation(player) == observation
            ):
                return state
            phase = state.phase
            if phase is Phase.PLAY:
                if played >= len(plays):
                    return None
                # the observation lies past every card played: play them all at once
                apply = State.apply
                for play in plays[played:]:
                    state = apply(state, play)
                    if state.phase is not Phase.PLAY:
                        break
                played = len(plays)
                continue
            if phase is Phase.DECLARATION:
                for after in _next_declarations(plan, state, rng):
                    found = _replay_on(plan, after, played, discards, rng)
                    if found is not None:
                        return found
                return None
            if phase is not Phase.EXCHANGE:
                return None
            mover = state.to_move
            assert isinstance(mover, Player)
            first = state.legal_actions()[0]
            action: Action
            if type(first) is ExchangeCount:
                action = ExchangeCount(_elder_count(observation, rng))
            elif type(first) is Exchange:
                # may be empty: a younger_min of 0 lets the younger take nothing
                action = Exchange(CardSet.from_mask(discards[mover]))
            elif type(first) is Leave and observation.left_cards is not None:
                action = Leave(observation.left_cards)
            else:
                return None
            state = state.apply(action)
    except IllegalActionError:
        return None
    return None


_ANSWERS: Final[dict[str, type[Pass | Good | Equal]]] = {"pass": Pass, "good": Good, "equal": Equal}


def _next_declarations(plan: _Plan, state: State, rng: random.Random) -> Iterator[State]:
    """Each way the next word of the declarations may go as the observer heard it: the
    word heard, or for a word whose claim he does not know (the opponent's unshown call
    or reckoning), each legal one that says it, in random order; from an opponent who
    reckons nothing further (which the observer does not hear), that silence."""
    observer = plan.observation.player
    heard = plan.observation.spoken
    done = len(state.spoken_to(observer))
    mover = state.to_move
    legal = state.legal_actions()
    said = heard[done] if done < len(heard) else None
    reckoning = type(legal[0]) is Reckon  # then he reckons, or says nothing further
    candidates: Sequence[Action]
    if said is None or said.player != mover or (reckoning and said.verb != "reckon"):
        if not reckoning or mover == observer:
            return
        candidates = (Reckon(legal[0].category),)  # type: ignore[union-attr]
    elif said.verb in _ANSWERS:
        candidates = (_ANSWERS[said.verb](said.category),)
    elif said.claimed is not None:
        kind = Reckon if reckoning else Call
        candidates = (kind(said.category, said.claimed),)
    else:
        kind = Reckon if reckoning else Call
        candidates = [action for action in legal if type(action) is kind]
        if len(candidates) > 1:
            rng.shuffle(candidates)
    for action in candidates:
        try:
            after = state.apply(action)
        except IllegalActionError:
            continue
        if _says_what_was_heard(after.spoken_to(observer), heard):
            yield after


def _says_what_was_heard(spoken: Sequence[Spoken], heard: Sequence[Spoken]) -> bool:
    """Whether what a replayed state says begins what the observer heard (the cards
    shown are checked on the whole observation at the end)."""
    if len(spoken) > len(heard):
        return False
    return all(
        (a.player, a.verb, a.category, a.words) == (b.player, b.verb, b.category, b.words)
        for a, b in zip(spoken, heard, strict=False)
    )


def _elder_count(observation: Observation, rng: random.Random) -> int:
    """How many cards the elder with carte blanche announced he would exchange (R-CB-2)."""
    rules = observation.ruleset
    elder = _deal_elder(observation)
    player = observation.player
    if observation.taken[elder]:
        return observation.taken[elder]
    if player == elder:
        if observation.discard:
            return len(observation.discard)
        legal = observation.legal_actions
        if legal and type(legal[0]) is Exchange:
            return len(legal[0].discard)
    else:
        legal = observation.legal_actions
        if legal and type(legal[-1]) is Exchange:  # the younger commits first: at most stock - n
            return rules.stock_size - len(legal[-1].discard)
    # not in the observation (the younger has committed, the elder has not exchanged):
    # any count the rules allow after the younger's discard
    high = min(rules.elder_max, rules.stock_size - len(observation.discard))
    return rng.randint(rules.elder_min, max(rules.elder_min, high))
