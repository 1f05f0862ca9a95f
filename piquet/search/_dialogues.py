"""Dialogues remembered: with declarations played, placements whose dialogues the engine
would replay alike are dealt again from an earlier one's states instead of replayed
(:class:`~piquet.engine.redeal.Redeal`).

A replay (:mod:`._steps`) reads the opponent's hidden cards in few places, and none
of them reads more than the words heard make it: the cartes blanches dealt; in each
category, those of his claims whose opening words were heard (the call he made
unshown, chosen among his claims of those words in a random order of them; the
claims he showed; with his "equal", the claims that say the observer's opening
words), his answers to the observer's call where his winning answer is not shown yet
(R-DE-7), the cards deciding his combinations where he won or reckoned
(:meth:`~piquet.engine.category_table.CategoryTable.deciding_cards`), and whether his
call answered "good" was good against the cards (Cavendish, law 49). Placements alike
in these (a dialogue's *key*) are replayed step for step alike, drawing the same
random numbers: the same words, the same cards shown, the same scores; their states
differ only in the cards, and in the claims of calls that nobody was shown and
nothing reads beyond what the key holds of them.

Those calls are read by less than their cards. A hidden call that did not win is read
by the words of it heard (:class:`_ReadAs`): the answers to it read only those (R-DE-1a;
Cavendish, law 46), it is never shown (R-DE-6) nor scored, and a candidate whose words
are not those heard is dropped, whatever its words. A younger's winning point, told
the elder by its points alone till his first lead (R-DE-7), is read by how the
dialogue judged it and its points (:func:`_answers`). On the bench's Rubicon positions
at fifty samples a plan, the new keys fell from 786 to 234.

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
from typing import Final, NamedTuple, cast

from ..actions import Action, Call, Deal, Good
from ..engine import State, dialogue
from ..engine.category_table import KEY, POINTS, CategoryTable
from ..engine.combination_tables import tables_of
from ..engine.deal import blanches_of
from ..engine.declared_scores import good_against_the_cards
from ..engine.parts import CATEGORY_INDEX
from ..engine.redeal import Redeal
from ..words import Category, Player
from ._observed import deal_elder
from ._plan import Plan
from ._steps import Choice, advance, declarations_begin, said
from ._witnesses import WORDS_APART, Words

__all__ = [
    "CategoryReads",
    "Course",
    "DialogueReads",
    "Found",
    "dialogue_key",
    "dialogue_reads",
    "dialogued",
]

# the keys kept a plan (about sixty are met in two hundred samples of the bench's
# Rubicon positions; each keeps a few states)
_KEPT: Final = 1 << 10
_UNTRIED: Final = object()
# the claim answered "good", where it is not shown (the key's reads do not cover it)
_UNKNOWN: Final = -1
# how a candidate of a hidden call whose words are not those heard is read
_NOT_HEARD: Final = ("not the words heard",)


class _ReadAs(dict[int, object]):
    """How a replay reads a claim of his, by the claim (worked out at the first sample
    holding it: most recur): None where it is not read; else by its cards (shown, or
    saying the opening words read), but for the candidates of his hidden opening call
    where it did not win (``heard``: the words of it heard). Those are read by the words
    heard and the part of their key those name: the engine's answers read only the
    words heard of a call (R-DE-1a), a call that loses is neither shown (R-DE-6) nor
    scored, and a placement dealt again along a course puts its own claim in the place
    of the first placement's (:meth:`~piquet.engine.redeal.Redeal.dealt`)."""

    def __init__(
        self,
        plan: Plan,
        table: CategoryTable,
        read: frozenset[str],
        shown: frozenset[int],
        heard: tuple[str, ...],
    ):
        super().__init__()
        self._words = Words(plan.said_aloud)
        self._table = table
        self._read = read
        self._shown = shown
        self._heard = len(heard)
        self._heard_text = WORDS_APART.join(heard)

    def __missing__(self, claim: int) -> object:
        table = self._table
        found: object = None
        if claim in self._shown:
            found = claim
        elif self._read and self._words(table.rule, claim, None, 0) in self._read:
            found = claim
            if self._heard:  # a candidate of his hidden call: the words heard, their key
                key = table.info(claim)[KEY]
                ends = table.word_ends(key)
                words = min(self._heard, len(ends))
                said = self._words(table.rule, claim, None, words - 1)
                # one whose words are not those heard is dropped at the first that differs,
                # before any choice: alike, whatever its words
                found = (key[: ends[words - 1]], said) if said == self._heard_text else _NOT_HEARD
        self[claim] = found
        return found


class CategoryReads(NamedTuple):
    """What a replay of one category's dialogue reads of the opponent's hand, from the
    words heard (see the module)."""

    table: CategoryTable
    words: frozenset[str]
    """Opening words whose claims of his are read."""
    shown: frozenset[int]
    """His claims shown (each must be a claim of his hand)."""
    answer: tuple[tuple[int, ...], int] | None
    """Where his answer to the observer's call, unshown, was chosen among his answers:
    the key of the observer's call and the word answered (his answers are read)."""
    deciding: bool
    """Whether he won or reckoned: the cards deciding his combinations."""
    good: int
    """His call answered "good" where further combinations are restricted, else 0 (and
    :data:`_UNKNOWN` where that call is not shown: every placement is replayed)."""
    read_as: _ReadAs
    """By claim, how it is read (None: not read): shown, or saying the opening words
    read."""


Claims = tuple[tuple[Category, int], ...]
"""The claims of his that a key reads by less than their cards (a hidden call's
candidates by the words heard, :class:`_ReadAs`; a winning answer hidden till the lead
by its verdict and points, :func:`_answers`), by category, in the key's order."""


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
            self._redeal = Redeal(self.start, self.state)
        return self._redeal


DialogueReads = tuple[CategoryReads, ...]
"""Each category's :class:`CategoryReads`."""

Replay = Callable[[Plan, State, dict[Player, int], random.Random], State | None]
"""The replay of a placement through the engine (``_replay._replay``)."""


def dialogue_reads(plan: Plan) -> DialogueReads:
    """Each category's :class:`CategoryReads`, from the plan's words heard (made once a
    plan, kept on it)."""
    if plan.dialogue_reads:
        return cast(DialogueReads, plan.dialogue_reads[0])
    made = tuple(_category_reads(plan, table) for table in tables_of(plan.observation.ruleset))
    plan.dialogue_reads.append(made)
    return made


def _category_reads(plan: Plan, table: CategoryTable) -> CategoryReads:
    """:class:`CategoryReads` of one category, from the words heard in it."""
    observation = plan.observation
    opponent_elder = not plan.observer_elder
    opponent = observation.player.other
    heard = [s for s in observation.spoken if s.category is table.category]
    his = [s for s in heard if s.player is opponent]
    mine = [s for s in heard if s.player is not opponent]
    # the observer's call, when he is the elder and opens with it: the opponent answers
    own_call = mine[0].claimed if not opponent_elder and mine and mine[0].verb == "call" else None
    calls = [s for s in his if s.verb == "call"]
    hidden = calls[0] if calls and calls[0].claimed is None else None
    read: set[str] = set()
    answer = None
    if own_call is None:  # he opens (as the elder, or after the elder's pass)
        if hidden is not None:
            read.add(hidden.words)
    elif hidden is not None:  # his answer, not shown yet (R-DE-7)
        equals = sum(s.verb == "equal" for s in his)
        answer = (table.info(own_call.mask)[KEY], equals)
    if own_call is not None and any(s.verb == "equal" for s in his):
        read.add(Words(plan.said_aloud)(table.rule, own_call.mask, None, 0))
    shown_calls = [s.claimed.mask for s in calls if s.claimed is not None]
    conceded = any(s.verb == "good" for s in mine)
    won = (
        conceded
        or any(s.verb == "reckon" for s in his)
        or (own_call is not None and any(s.words == "not good" for s in calls))
        or (bool(mine) and mine[0].verb == "pass" and bool(calls))
    )
    read_words = frozenset(read)
    # his hidden opening call, where it did not win (it lost, or is not answered yet): its
    # candidates are read by the words of it heard (a call that wins is scored: its cards)
    heard_words = (
        tuple(s.words for s in calls) if own_call is None and hidden is not None and not won else ()
    )
    shown = frozenset(s.claimed.mask for s in his if s.claimed is not None)
    return CategoryReads(
        table,
        read_words,
        shown,
        answer=answer,
        deciding=table.reckons and won,
        good=(shown_calls[0] if shown_calls else _UNKNOWN) if table.reckons and conceded else 0,
        read_as=_ReadAs(plan, table, read_words, shown, heard_words),
    )


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
    observation = plan.observation
    own = observation.dealt_hand.mask
    blanches = (
        blanches_of(own, dealt) if observation.player is Player.A else blanches_of(dealt, own)
    )
    if blanches[deal_elder(observation)]:
        return None
    parts: list[object] = [blanches]
    claims: list[tuple[Category, int]] = []
    pack_mask = plan.pack_mask
    for table, read, shown, answer, deciding, good, read_as in dialogue_reads(plan):
        if good == _UNKNOWN:  # law 49 would read his claim and his whole hand
            return None
        if not (read or shown or answer or deciding or good):
            continue
        relevant: list[object] = []
        category = table.category
        if read or shown:  # in the engine's order, the order a choice's places follow
            for claim in table.claims(hand):
                how = read_as[claim]
                if how is not None:
                    relevant.append(how)
                    if type(how) is tuple and how is not _NOT_HEARD:  # by words and key
                        claims.append((category, claim))
        answers: tuple[object, ...] = ()
        if answer:
            answers = _answers(table, hand, answer)
            if not deciding:  # his winning answer, hidden till the lead: see _answers
                claims.extend([(category, claim) for claim in answers])
                answers = tuple([_judged(table, claim, answer) for claim in answers])
        parts.append(
            (
                tuple(relevant),
                answers,
                table.deciding_cards(hand) if deciding else -1,
                good_against_the_cards(table, pack_mask & ~hand & ~discard, good) if good else None,
            )
        )
    return tuple(parts), tuple(claims)


def _replacing(kept: Claims, claims: Claims) -> dict[tuple[Category, int], int] | None:
    """The claims of a placement in the place of those of its course's first (read
    alike), where they differ: the mapping :meth:`Redeal.dealt` takes."""
    if kept == claims:
        return None
    return {old: new[1] for old, new in zip(kept, claims, strict=True) if old != new}


def _answers(
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


def _judged(
    table: CategoryTable, claim: int, answer: tuple[tuple[int, ...], int]
) -> tuple[int, int]:
    """What a key reads of a winning answer hidden till the lead (:func:`_answers`): how
    the dialogue judges it against the observer's call, and its points."""
    key, word = answer
    info = table.info(claim)
    return dialogue.judge(table, info[KEY], key, word), info[POINTS]


def dialogued(
    plan: Plan,
    deal: Deal,
    dealt: int,
    hand: int,
    discard: int,
    rng: random.Random,
    replay: Replay,
) -> State | None:
    """The sample of a placement dealt by ``deal`` (the opponent dealt ``dealt``,
    holding ``hand`` after the exchange, his plays included, and having discarded
    ``discard``): dealt again along its key's course, or replayed (``replay``) where
    no key is kept for it."""
    observer = plan.observation.player
    discards = {observer: plan.observation.discard.mask, observer.other: discard}
    keyed = _keyed(plan, dealt, hand, discard)
    if keyed is None:
        return replay(plan, plan.start.apply(deal), discards, rng)
    key, claims = keyed
    memo = plan.dialogues
    course = cast("Course | None", memo.get(key))
    if course is None:  # a new key: replayed, its course kept
        begun = _declarations_begin(plan, deal, key[0], hand, discard, discards, rng)
        root = None if begun is None else _explored(plan, advance(plan, begun, 0, discards, rng))
        if len(memo) < _KEPT:
            memo[key] = Course(root, claims)
        found = _followed(plan, root, rng, discards)
        if found is None:
            return None
        if not found[1]:  # every state of a new course is this placement's own
            return found[0].state
        replacing = None
    else:
        found = _followed(plan, course.root, rng, discards)
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
        deal, observer.other, hand & ~plan.opponent_played, discard, None, replacing
    )


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
        plan.declarations_begin[blanches] = Redeal(plan.start, begun)
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
    plan: Plan, node: object, rng: random.Random, discards: dict[Player, int]
) -> tuple[Found, tuple[Alias, ...]] | None:
    """Where a key's course leads from ``node`` with these random numbers: each choice's
    candidates shuffled as the replay shuffles them and tried in turn, those not tried
    before explored from the choice's state (or, where one of their class was, led
    alike); the state reached and the calls it holds for others, or None."""
    if type(node) is _Aliased:
        found = _followed(plan, node.led, rng, discards)
        return None if found is None else (found[0], (*found[1], node.alias))
    if not isinstance(node, Choice):
        assert node is None or isinstance(node, Found)
        return None if node is None else (node, ())
    tried = node.tried
    for place in node.order(rng):
        led = tried.get(place, _UNTRIED)
        if led is _UNTRIED:
            led = tried[place] = _tried(plan, node, place, rng, discards)
        found = _followed(plan, led, rng, discards)
        if found is not None:
            return found
    return None


def _tried(
    plan: Plan, node: Choice, place: int, rng: random.Random, discards: dict[Player, int]
) -> object:
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
    return _explored(plan, advance(plan, after[0], node.played, discards, rng, after[1]))


def _class_of(plan: Plan, action: Action) -> object:
    """The class of a choice's candidate, where candidates of one class lead alike but for
    their claims: a call of his read by the words heard (:class:`_ReadAs`), or a
    winning answer read by its verdict and points (:func:`_answers`), by that; else None."""
    if type(action) is not Call:
        return None
    reads = dialogue_reads(plan)[CATEGORY_INDEX[action.category]]
    claim = action.cards.mask
    how = reads.read_as[claim]
    if type(how) is tuple:
        return how
    if how is None and reads.answer is not None and not reads.deciding:
        return _judged(reads.table, claim, reads.answer)
    return None
