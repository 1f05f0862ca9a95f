"""Dialogues remembered: with declarations played, placements whose dialogues the engine
would replay alike are dealt again from an earlier one's states instead of replayed
(:class:`~piquet.engine.redeal.Redeal`).

A replay (:mod:`._steps`) reads the opponent's hidden cards in few places, and none
of them reads more than the words heard make it: the cartes blanches dealt, and in each
category what :mod:`._reads` lists. Placements alike in these (a dialogue's *key*) are
replayed step for step alike, drawing the same random numbers: the same words, the
same cards shown, the same scores; their states differ only in the cards, and in the
claims of calls that nobody was shown and nothing reads beyond what the key holds of
them (read by less than their cards, :mod:`._reads`). On the bench's Rubicon
positions at fifty samples a plan, reading those so made the new keys fall from 786
to 234.

So each key keeps the replay's course: the states where it stops for a choice
(:class:`~._steps.Choice`), where each candidate tried led, and the states it
reached, from which the others of the key are dealt again, each with its own claims
put in the place of the first placement's. A later placement of the key follows that
course, shuffling each choice's candidates with its own random numbers as the replay
would, exploring a candidate not tried before from the kept state (or following one
of its class: :func:`_tried`), and is dealt again from the state it reaches: kept or
dropped as the replay would, the same state, the same random numbers drawn (the tests
compare both ways on every preset; the sample digests are unchanged). A new key's
replay itself starts where the declarations begin, dealt again from the first
placement's state there.

Left to the replay: carte rouge (it reads the whole hand), an elder's carte blanche
(his count comes first), a call answered "good" and not shown (law 49 would read it
with his whole hand), and observations before the declarations.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, NamedTuple, cast

from ..actions import Action, Call, Deal
from ..engine import State
from ..engine.deal import blanches_of
from ..engine.declared_scores import good_against_the_cards
from ..engine.parts import CATEGORY_INDEX
from ..engine.redeal import Redeal
from ..rules.combinations import COURTS_MASK
from ..words import Category, Player
from ._plan import Plan
from ._reads import NOT_HEARD, Claims, KeyReads, dialogue_reads, key_reads
from ._steps import Choice, advance, declarations_begin, said
from ._verdicts import answered, judged, reckons_as_heard, scores_as_heard
from .native import kernel, state_builder

__all__ = [
    "Course",
    "Found",
    "dialogue_key",
    "dialogued",
]

# the keys kept a plan (about sixty are met in two hundred samples of the bench's
# Rubicon positions; each keeps a few states)
_KEPT: Final = 1 << 10
_UNTRIED: Final = object()


class Course(NamedTuple):
    """A key's course: where its first placement's replay led (a :class:`Found`, a
    :class:`~._steps.Choice` or None), and that placement's claims that the key reads by
    less than their cards (:data:`Claims`), whose states hold them."""

    root: object
    claims: Claims


class Found:
    """A state a key's replay reached, and the redeal made of it when first needed
    (many are reached once: making each at once was 2% of a warm sample's time)."""

    __slots__ = ("_redeal", "start", "state")

    def __init__(self, start: State, state: State) -> None:
        self.start = start
        self.state = state
        self._redeal: Redeal | None = None

    @property
    def redeal(self) -> Redeal:
        if self._redeal is None:
            self._redeal = Redeal(self.start, self.state, state_builder())
        return self._redeal


Replay = Callable[[Plan, State, dict[Player, int], random.Random], State | None]
"""The replay of a placement through the engine (``_replay._replay``)."""


def dialogue_key(plan: Plan, dealt: int, hand: int, discard: int) -> tuple[object, ...] | None:
    """The key of a placement (the opponent dealt ``dealt``, holding ``hand`` after the
    exchange, his plays included, having discarded ``discard``): what a replay reads
    of his cards. None where it is always replayed: an elder's carte blanche, or a call
    answered "good" and not shown."""
    keyed = _keyed(plan, dealt, hand, discard)
    return None if keyed is None else keyed[0]


def _keyed(
    plan: Plan, dealt: int, hand: int, discard: int
) -> tuple[tuple[object, ...], Claims] | None:
    """:func:`dialogue_key`, and the claims it reads by less than their cards (those a
    placement dealt again along the key's course puts in the place of the first's)."""
    reads = key_reads(plan)
    if reads is None:
        return None
    fast = kernel("_csample")
    if fast is None:
        return _keyed_in_python(plan, reads, dealt, hand, discard)
    return _keyed_in_kernel(fast, plan, reads.specs, dealt, hand, discard)


def _keyed_in_kernel(
    fast: Any,
    plan: Plan,
    specs: tuple[tuple[object, ...], ...],
    dealt: int,
    hand: int,
    discard: int,
) -> tuple[tuple[object, ...], Claims] | None:
    """:func:`_keyed` made in C from the categories' ``specs`` (:class:`KeyReads`'), the
    same tuples (in Python the key was a fifth of a warm sample: ``_csample_key.h``)."""
    reads = key_reads(plan)
    assert reads is not None
    fixed = kernel_key_args(plan, reads)
    keyed: tuple[tuple[object, ...], Claims] | None = fast.dialogue_key(
        specs, *fixed[1:5], dealt, hand, discard, *fixed[5:]
    )
    return keyed


def kernel_key_args(plan: Plan, reads: KeyReads) -> tuple[object, ...]:
    """The kernel's ``dialogue_key`` arguments that are the same for every placement of
    the plan, in their order: the placement's three (dealt, hand, discard) go after the
    fifth."""
    return (
        reads.specs,
        reads.own,
        reads.observer_a,
        reads.elder is Player.A,
        COURTS_MASK,
        plan.pack_mask,
        NOT_HEARD,
        good_against_the_cards,
    )


def _keyed_in_python(
    plan: Plan, reads: KeyReads, dealt: int, hand: int, discard: int
) -> tuple[tuple[object, ...], Claims] | None:
    """:func:`_keyed` in Python, the reference (the kernel's ``dialogue_key`` makes the
    same tuples)."""
    own, observer_a, elder, categories, _specs = reads
    blanches = blanches_of(own, dealt) if observer_a else blanches_of(dealt, own)
    if blanches[elder]:  # an elder's count comes first
        return None
    parts: list[object] = [blanches]
    claims: list[tuple[Category, int]] = []
    for reads_of in categories:
        table, read, shown, answer, deciding, good, read_as = reads_of[:7]
        relevant: list[object] = []
        category = table.category
        if read or shown:  # in the engine's order, the order a choice's places follow
            for claim in table.claims(hand):
                how = read_as[claim]
                if how is not None and how is not NOT_HEARD:  # (not a candidate: _saying)
                    relevant.append(how)
                    if type(how) is tuple:  # by words and key
                        claims.append((category, claim))
        answers: tuple[object, ...] = ()
        if answer:
            tried = [c for c in answered(table, hand, answer) if scores_as_heard(reads_of, c)]
            answers = tuple(tried)
            if not deciding:  # his winning answer, hidden till the lead: see answered
                claims.extend([(category, claim) for claim in tried])
                answers = tuple([judged(table, claim, answer) for claim in tried])
        cards: object = table.deciding_cards(hand) if deciding else -1
        good_now = (
            good_against_the_cards(table, plan.pack_mask & ~hand & ~discard, good) if good else None
        )
        if reads_of.won_with is not None:  # what his further combinations do alone
            cards = reckons_as_heard(table, hand, *reads_of.won_with, good_now is False)
        parts.append((tuple(relevant), answers, cards, good_now))
    return tuple(parts), tuple(claims)


def _replacing(kept: Claims, claims: Claims) -> dict[tuple[Category, int], int] | None:
    """The claims of a placement in the place of those of its course's first (read
    alike), where they differ: the mapping :meth:`Redeal.dealt` takes."""
    if kept == claims:
        return None
    return {old: new[1] for old, new in zip(kept, claims, strict=True) if old != new}


def dialogued(
    plan: Plan,
    deal: Deal,
    dealt: int,
    hand: int,
    discard: int,
    rng: random.Random,
    replay: Replay,
    keyed: object = _UNTRIED,
) -> State | None:
    """The sample of a placement dealt by ``deal`` (the opponent dealt ``dealt``,
    holding ``hand`` after the exchange, his plays included, and having discarded
    ``discard``): dealt again along its key's course, or replayed (``replay``) where
    no key is kept for it. ``keyed``: its key and claims (:func:`_keyed`) where the
    caller made them (the kernel's draw), else made here."""
    if keyed is _UNTRIED:
        keyed = _keyed(plan, dealt, hand, discard)
    if keyed is None:
        return replay(plan, plan.start.apply(deal), _discards(plan, discard), rng)
    key, claims = cast("tuple[tuple[object, ...], Claims]", keyed)
    memo = plan.dialogues
    course = cast("Course | None", memo.get(key))
    if course is None:  # a new key: replayed, its course kept
        discards = _discards(plan, discard)
        begun = _declarations_begin(plan, deal, key[0], hand, discard, discards, rng)
        root = None if begun is None else _explored(plan, advance(plan, begun, 0, discards, rng))
        if len(memo) < _KEPT:
            memo[key] = Course(root, claims)
        found = _followed(plan, root, rng, discard)
        if found is None:
            return None
        if not found[1]:  # every state of a new course is this placement's own
            return found[0].state
        replacing = None
    else:
        found = _followed(plan, course.root, rng, discard)
        if found is None:
            return None
        replacing = _replacing(course.claims, claims)
    reached, aliases = found
    if aliases:  # a call held for another of its class: that one's, as this deal has it
        placed = {} if replacing is None else replacing
        replacing = dict(placed)
        for category, held, stands_for in aliases:
            replacing[category, held] = placed.get((category, stands_for), stands_for)
    return reached.redeal.dealt(
        deal, plan.observation.player.other, hand & ~plan.opponent_played, discard, None, replacing
    )


def _discards(plan: Plan, discard: int) -> dict[Player, int]:
    """Both players' discards, the opponent's ``discard``: what a replay reads (made only
    where one is made: a warm sample's course reads none)."""
    observer = plan.observation.player
    return {observer: plan.observation.discard.mask, observer.other: discard}


def _declarations_begin(
    plan: Plan,
    deal: Deal,
    blanches: object,
    hand: int,
    discard: int,
    discards: dict[Player, int],
    rng: random.Random,
) -> State | None:
    """The state of a placement where the declarations begin: its deal and exchanges
    replayed the first time (for each kind of cartes blanches dealt), then dealt again
    from that state (the exchange reads no card a placement moves; its steps and the
    deal applied were a twentieth of a sample: 1,159,000 to 1,100,000 instructions on
    fresh plans)."""
    template = plan.declarations_begin.get(blanches)
    if template is not None:
        assert isinstance(template, Redeal)
        return template.dealt(deal, plan.observation.player.other, hand, discard, None)
    begun = declarations_begin(plan, plan.start.apply(deal), discards, rng)
    if begun is not None:
        plan.declarations_begin[blanches] = Redeal(plan.start, begun, state_builder())
    return begun


def _explored(plan: Plan, step: State | Choice | None) -> Found | Choice | None:
    """A replay's step as its key keeps it: a state reached with its redeal, a choice,
    or None where the placement was dropped."""
    if isinstance(step, State):
        return Found(plan.start, step)
    return step


Alias = tuple[Category, int, int]
"""A call a state reached holds, and the call of the same class (:func:`_class_of`) it
stands for: the category and the two claims, of the course's first placement."""


class _Aliased(NamedTuple):
    """A choice's candidate of a class whose first candidate tried led to ``led``: it
    leads alike, its claim (``alias``) in the place of that candidate's."""

    led: object
    alias: Alias


def _followed(
    plan: Plan, node: object, rng: random.Random, discard: int
) -> tuple[Found, tuple[Alias, ...]] | None:
    """Where a key's course leads from ``node`` with these random numbers: each choice's
    candidates shuffled as the replay shuffles them and tried in turn, those not tried
    before explored from the choice's state (or, where one of their class was, led
    alike); the state reached and the calls it holds for others, or None."""
    if type(node) is _Aliased:
        found = _followed(plan, node.led, rng, discard)
        return None if found is None else (found[0], (*found[1], node.alias))
    if not isinstance(node, Choice):
        assert node is None or isinstance(node, Found)
        return None if node is None else (node, ())
    tried = node.tried
    for place in node.order(rng):
        led = tried.get(place, _UNTRIED)
        if led is _UNTRIED:
            led = tried[place] = _tried(plan, node, place, rng, discard)
        found = _followed(plan, led, rng, discard)
        if found is not None:
            return found
    return None


def _tried(plan: Plan, node: Choice, place: int, rng: random.Random, discard: int) -> object:
    """Where a choice's candidate not tried before leads: explored from the choice's
    state, or, where a candidate of its class was (:func:`_class_of`), as that one led,
    its claim in the place of the other's. A class explored once spared a third of the
    explorations on the bench's positions (703 to 376 at 50 samples a plan)."""
    action = node.pool[place]
    kind = _class_of(plan, action)
    if kind is not None:
        first = node.classes.setdefault(kind, place)
        if first != place:
            assert type(action) is Call
            held = node.pool[first]
            assert type(held) is Call
            alias = (action.category, held.cards.mask, action.cards.mask)
            return _Aliased(node.tried[first], alias)
    after = said(plan, node.state, action, node.done)
    if after is None:
        return None
    discards = _discards(plan, discard)
    return _explored(plan, advance(plan, after[0], node.played, discards, rng, after[1]))


def _class_of(plan: Plan, action: Action) -> object:
    """The class of a choice's candidate, where candidates of one class lead alike but for
    their claims: a call of his read by the words heard (:class:`ReadAs`), or a
    winning answer read by its verdict and points (:func:`answered`), by that; else None."""
    if type(action) is not Call:
        return None
    reads = dialogue_reads(plan)[CATEGORY_INDEX[action.category]]
    claim = action.cards.mask
    how = reads.read_as[claim]
    if type(how) is tuple:
        return how
    if how is None and reads.answer is not None and not reads.deciding:
        return judged(reads.table, claim, reads.answer)
    return None
