"""The opponent's combinations heard but not shown, and the witnesses drawn from when
plain draws mostly fail: placements holding what was heard, counted suit by suit."""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Final

import attrs

from ..cards import SUIT_BITS, SUIT_SHIFT, Card
from ..observation import Observation
from ..rules import (
    CategoryRule,
    Ruleset,
)
from ..rules.protocols import say_word
from ..words import Category
from ._observed import Declarations
from ._placement import (
    HAND,
    Fits,
    Group,
    Groups,
    count_tables,
    draw_groups,
    group_options,
    shift_of,
)

if TYPE_CHECKING:
    from ._plan import Plan

    # once decided: [the witnesses drawn from] or [None] (plain draws)


@attrs.frozen
class Claimed:
    """A combination of the opponent's heard but not shown: a call whose cards he did not
    show (the loser's, R-DE-6) or, to the elder before his first lead, any call or
    reckoned combination of the younger's (R-DE-7)."""

    category: Category
    words: str
    versus: tuple[int | None, ...]  # what the observer's call may have been (None: none)
    best: bool  # the caller's best (automatic declarations) rather than any claim
    word: int | None = None  # with declarations played: which word of the claim was said


@attrs.frozen(eq=False)
class Witnesses:
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

    groups: list[Groups]  # each witness's groups, restricted to what it asks
    forced: list[int]  # the cards each witness puts in his hand
    points: list[tuple[tuple[int, int], ...]]  # (suit shift, which point claim) it makes
    held: PointHeld
    cumulative: list[int] = attrs.field(init=False)
    total: int = attrs.field(init=False)  # how many placements the witnesses hold, counted
    # once for each witness holding them
    # the kernel's arguments, made at its first draw (kernel_args)
    _kernel: list[tuple[object, ...]] = attrs.field(init=False, factory=list, repr=False)

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

    def kernel_args(self, known: int) -> tuple[object, ...]:
        """The witnesses as the kernel's proposal draws from them (its fields are named in
        ``_csample_witness.h``), ``known`` the cards known in his hand; made once. The
        kernel's draw is :meth:`draw`, the same random numbers (in Python a draw was some
        40,000 instructions, and there are two or three to a proposal)."""
        if not self._kernel:
            placings = tuple(
                (
                    one.groups,
                    one.hand_size,
                    one.discard_size,
                    one.options,
                    partial(group_options, one),
                )
                for one in self.groups
            )
            held = self.held
            made = (
                tuple(self.cumulative),
                self.total,
                placings,
                tuple(self.forced),
                tuple(self.points),
                held.memo,
                held,
                known,
            )
            self._kernel.append(made)
        return self._kernel[0]


@attrs.frozen(eq=False)
class PointHeld:
    """Whether a holding of one suit makes a point claim whose words are the words heard
    (remembered: the same holdings come back)."""

    rules: Ruleset
    claimed: Sequence[Claimed]
    words: Words
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
class Words:
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
                else WORDS_APART.join(say_word(rule, claim, w) for w in range(word + 1))
            )
        return found


WORDS_APART: Final = " / "  # the words of one claim, as one text


_MOST_WITNESSES: Final = 64  # each holds its own counting tables


_MOST_CANDIDATES: Final = 64


_MOST_CLAIMS: Final = 2000


_SUIT_SHIFTS: Final = (0, SUIT_SHIFT, 2 * SUIT_SHIFT, 3 * SUIT_SHIFT)


def claimed_combinations(
    observation: Observation, declarations: Declarations, own_held: int
) -> tuple[Claimed, ...]:
    """The opponent's combinations heard but not shown, each with its words."""
    player = observation.player
    rules = observation.ruleset
    best = declarations == "auto"
    out: list[Claimed] = []
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
            out.extend(Claimed(said.category, part, (None,), False) for part in parts)
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
            out.append(Claimed(said.category, said.words, versus, best))
    shown = {
        said.category
        for said in observation.spoken
        if said.player != player and said.verb == "call" and said.shown is not None
    }
    for category, texts in words_said.items():
        if category not in shown:
            # every word said of one claim (R-DE-1a): a claim saying all of them
            out.append(Claimed(category, WORDS_APART.join(texts), (None,), False, len(texts) - 1))
    return tuple(out)


_Option = tuple[int, tuple[tuple[int, int], ...]]
"""What an unshown combination may be: the cards his hand holds for it, and the points
it makes, as (suit shift, which point claim)."""


def make_witnesses(plan: Plan) -> Witnesses | None:
    """The witnesses of the plan's unshown combinations; None when there are none to
    make (a suit split into groups by a carte blanche, nothing claimed)."""
    plain = plan.groups
    if plain is None or not plan.claimed:
        return None
    known = plan.opponent_known
    by_suit: dict[int, int] = {}
    possible = known
    for g, (cards, allowed, _, _) in enumerate(plain.groups):
        shift = shift_of(cards[0])
        if shift in by_suit:
            return None
        by_suit[shift] = g
        if allowed & HAND:
            possible |= sum(card.mask for card in cards)
    words = Words(plan.said_aloud)
    held = PointHeld(plan.observation.ruleset, plan.claimed, words)
    every = _options(plan, words, possible)
    if not every:
        return None
    choices = [options for options, _ in every]
    categories = [category for _, category in every]
    seen: set[tuple[int, frozenset[tuple[int, int]]]] = set()
    fits_memo: dict[tuple[int, int, tuple[int, ...]], Fits | None] = {}
    out_groups: list[Groups] = []
    out_forced: list[int] = []
    out_points: list[tuple[tuple[int, int], ...]] = []
    for picked in itertools.product(*choices):
        asked = _asked(picked, categories)
        if asked is None:
            continue
        forced, points = asked
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
    return Witnesses(out_groups, out_forced, out_points, held)


def _options(plan: Plan, words: Words, possible: int) -> list[tuple[list[_Option], Category]]:
    """What each unshown combination may be, the fewest options first, as many
    combinations as make at most ``_MOST_WITNESSES`` witnesses between them (those with
    too many options are left to the check on the replay)."""
    rules = plan.observation.ruleset
    every: list[tuple[list[_Option], Category]] = []
    for req, claimed in enumerate(plan.claimed):
        rule = rules.category_rule(claimed.category)
        if claimed.category is Category.POINT:  # one suit: which one, counted per suit
            every.append(([(0, ((shift, req),)) for shift in _SUIT_SHIFTS], claimed.category))
            continue
        every_claim = rule.claims(possible)
        if len(every_claim) * len(claimed.versus) > _MOST_CLAIMS:
            continue  # too many to read (sequences across suits): left to the replay
        found: list[_Option] = [
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
    return every


def _asked(
    picked: tuple[_Option, ...], categories: list[Category]
) -> tuple[int, set[tuple[int, int]]] | None:
    """What one choice of options asks of his hand: the cards it holds and the points
    it makes; None when two combinations of one category share a card (R-DE-5)."""
    forced = 0
    points: set[tuple[int, int]] = set()
    by_category: dict[Category, int] = {}
    for (cards_held, point), category in zip(picked, categories, strict=True):
        if by_category.get(category, 0) & cards_held:
            return None  # one category's combinations are disjoint (R-DE-5)
        by_category[category] = by_category.get(category, 0) | cards_held
        forced |= cards_held
        points.update(point)
    return forced, points


def _witness(
    plain: Groups,
    by_suit: dict[int, int],
    known: int,
    forced: int,
    points: set[tuple[int, int]],
    held: PointHeld,
    fits_memo: dict[tuple[int, int, tuple[int, ...]], Fits | None],
) -> Groups | None:
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
        if g is not None and groups[g][1] & HAND:
            cards, allowed, most, _ = groups[g]
            groups[g] = (cards, allowed, most, fits)
    tables = count_tables(groups, plain.hand_size, plain.discard_size)
    one = Groups(tuple(groups), plain.hand_size, plain.discard_size, plain.stock_size, tables)
    return one if one.total else None


def _suit_fits(
    group: Group | None, known: int, wanted: int, reqs: tuple[int, ...], held: PointHeld
) -> Fits | None:
    """The subsets of a suit's hidden group the opponent's hand may hold, when it must
    hold ``wanted`` and make the points ``reqs``; None when no subset may."""

    def fits(holding: int) -> bool:
        return holding & wanted == wanted and all(held(req, holding) for req in reqs)

    if group is None or not group[1] & HAND:
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
