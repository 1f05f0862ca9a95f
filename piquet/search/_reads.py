"""What a replay of a dialogue reads of the opponent's hand, worked out once a plan from
the words heard (:mod:`._dialogues` keys placements by it).

A replay (:mod:`._steps`) reads his hidden cards in few places in each category: those of
his claims whose opening words were heard (the call he made unshown, chosen among his
claims of those words; the claims he showed; with his "equal", the claims that say the
observer's opening words), his answers to the observer's call where his winning answer
is not shown yet (R-DE-7), the cards deciding his combinations where he won or reckoned,
and whether his call answered "good" was good against the cards (Cavendish, law 49).

Some claims are read by less than their cards. A hidden call that did not win is read by
the words of it heard (:class:`ReadAs`): the answers to it read only those (R-DE-1a;
Cavendish, law 46), it is never shown (R-DE-6) nor scored, and a candidate whose words
are not those heard (:data:`NOT_HEARD`) is not a candidate at all: the replay leaves it
out, and a key does not count it. A younger's winning point, told the
elder by its points alone till his first lead (R-DE-7), is read by how the dialogue
judged it and its points (:func:`~._verdicts.judged`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple, TypeVar, cast

from ..engine import Phase
from ..engine.category_table import KEY, CategoryTable
from ..engine.combination_tables import tables_of
from ..words import Category, Player
from ._plan import Plan
from ._verdicts import is_answer, judged, reckons_as_heard, scores_as_heard
from ._witnesses import WORDS_APART, Words
from .native import kernel

__all__ = [
    "NOT_HEARD",
    "UNKNOWN",
    "CategoryReads",
    "Claims",
    "DialogueReads",
    "KeyReads",
    "ReadAs",
    "dialogue_reads",
    "key_reads",
    "opening_reads",
    "opening_specs",
    "opens_as_heard",
]

# the claim answered "good", where it is not shown (the key's reads do not cover it)
UNKNOWN: Final = -1
# how a claim of a hidden call's first words is read whose later words are not those
# heard: never tried (the replay's candidates leave it out), nor keyed
NOT_HEARD: Final = ("not the words heard",)


class ReadAs(dict[int, object]):
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
                # one whose words are not those heard would be dropped at the first that
                # differs, before any choice: it is left out of the candidates (_saying)
                found = (key[: ends[words - 1]], said) if said == self._heard_text else NOT_HEARD
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
    :data:`UNKNOWN` where that call is not shown: every placement is replayed)."""
    read_as: ReadAs
    """By claim, how it is read (None: not read): shown, or saying the opening words
    read."""
    opening: bool = False
    """Whether he opened the category with a call not shown: one of his claims must say
    its words heard (:func:`opens_as_heard`)."""
    won_with: tuple[int, int] | None = None
    """Where he won with a call shown and every further combination he reckoned was
    shown: that call's claim and the cards he reckoned (0: none heard), whose replay
    reads of his hand only :func:`~._verdicts.reckons_as_heard`; None where the key reads the cards
    deciding his combinations themselves."""
    scored: tuple[int, ...] | None = None
    """In the play, where his answers are read by how they are judged and their points
    (``answer`` without ``deciding``): the points the ledger shows the category scored
    him (R-DE-7 hides the cards of a winning answer, not its points); else None. Only
    his answers that score so are tried (:func:`~._verdicts.scores_as_heard`)."""


Claims = tuple[tuple[Category, int], ...]
"""The claims of his that a key reads by less than their cards (a hidden call's
candidates by the words heard, :class:`ReadAs`; a winning answer hidden till the lead
by its verdict and points, :func:`~._verdicts.answered`), by category, in the key's order."""


DialogueReads = tuple[CategoryReads, ...]
"""Each category's :class:`CategoryReads`."""


def dialogue_reads(plan: Plan) -> DialogueReads:
    """Each category's :class:`CategoryReads`, from the plan's words heard (made once a
    plan, kept on it)."""
    if plan.dialogue_reads:
        return cast(DialogueReads, plan.dialogue_reads[0])
    made = tuple(_category_reads(plan, table) for table in tables_of(plan.observation.ruleset))
    plan.dialogue_reads.append(made)
    return made


class KeyReads(NamedTuple):
    """What a dialogue's key reads, ready for each placement (:func:`key_reads`)."""

    own: int
    """The observer's dealt hand (its carte blanche is keyed with his opponent's)."""
    observer_a: bool
    """Whether the observer is A (the cartes blanches are keyed A's first)."""
    elder: Player
    """The deal's elder (his carte blanche is replayed: his count comes first)."""
    categories: DialogueReads
    """The categories whose dialogue reads any of his cards, in the engine's order."""
    specs: tuple[tuple[object, ...], ...] = ()
    """The same categories as the kernel's ``dialogue_key`` reads them (:func:`_spec`)."""


def key_reads(plan: Plan) -> KeyReads | None:
    """:class:`KeyReads` of the plan (made once, kept on it), or None where every
    placement is replayed: his call answered "good" and not shown (Cavendish, law 49
    would read it with his whole hand). The categories that read nothing of his cards
    are left out once here, not passed over at each placement: with the fields read
    once a plan, a key took 46,100 instructions a placement before, on the bench's
    Rubicon positions at fifty samples a plan."""
    made: KeyReads | None
    if plan.key_reads:  # read at every placement: no call to typing.cast
        made = plan.key_reads[0]
        return made
    every = dialogue_reads(plan)
    made = None
    if all(reads.good != UNKNOWN for reads in every):
        observation = plan.observation
        observer = observation.player
        categories = tuple(
            reads
            for reads in every
            if reads.words or reads.shown or reads.answer or reads.deciding or reads.good
        )
        made = KeyReads(
            observation.dealt_hand.mask,
            observer is Player.A,
            observer if plan.observer_elder else observer.other,
            categories,
            tuple(map(_spec, categories)),
        )
    plan.key_reads.append(made)
    return made


def _spec(reads: CategoryReads) -> tuple[object, ...]:
    """A category's reads as the kernel's ``dialogue_key`` takes them (its fields are
    named in ``_csample_key.h``)."""
    table = reads.table
    return (
        table.category,
        bool(reads.words or reads.shown),
        table.suit_claims,
        table.claims,
        reads.read_as,
        reads.answer or None,
        table.deciding_cards if reads.deciding else None,
        reads.good,
        table,
        table.deciding_by_suit,
        table.deciding_by_rank,
        None if reads.deciding or not reads.answer else _judgements(table, reads.answer),
        table.rank_claims,
        {},
        None if not reads.answer else _answers(reads),
        None if reads.won_with is None else _extras_reads(table, *reads.won_with),
    )


V = TypeVar("V")


class _PerClaim(dict[int, V]):
    """What ``made`` gives of each claim, worked out at the first sample holding it (most
    recur): a category's verdicts the kernel's key looks up instead of calling back."""

    def __init__(self, made: Callable[[int], V]):
        super().__init__()
        self._made = made

    def __missing__(self, claim: int) -> V:
        found = self[claim] = self._made(claim)
        return found


def _answers(reads: CategoryReads) -> _PerClaim[bool]:
    """Whether each claim is one of his answers to the observer's call that a replay
    tries (:func:`~._verdicts.is_answer`, :func:`~._verdicts.scores_as_heard`): an
    answer is a claim the dialogue judges against that call alone (its key against the
    call's at the word answered; see :func:`~piquet.engine.dialogue.answers`), whatever
    else the hand holds, so it is one of the answers of its own cards."""
    table, answer = reads.table, reads.answer
    assert answer is not None
    return _PerClaim(
        lambda claim: is_answer(table, claim, answer) and scores_as_heard(reads, claim)
    )


def _judgements(
    table: CategoryTable, answer: tuple[tuple[int, ...], int]
) -> _PerClaim[tuple[int, int]]:
    """:func:`~._verdicts.judged` of one category's answers, by claim."""
    return _PerClaim(lambda claim: judged(table, claim, answer))


def opens_as_heard(plan: Plan, hand: int) -> bool:
    """Whether ``hand``, the opponent's at the declarations (after the exchange, his
    plays included), holds for each category he opened with a call not shown a claim
    saying the words of it heard (:class:`ReadAs`: its opening words, and where the call
    did not win, every word of it heard). A replay tries only such claims for that call
    (the legal calls are the hand's claims; the others are dropped at the first word
    that differs), so a hand holding none is dropped by the replay whatever it holds
    besides; checked before the placement is dealt, it is dropped at once (220 of the
    2,600 draws on the bench's Rubicon positions at fifty samples a plan, which took a
    tenth of the sampler's time replaying dialogues that could not be heard, each new in
    what its key reads: 550,970 to 500,700 instructions a sample at twenty a plan).
    True with automatic declarations, where the proposal checks the words heard.

    >>> import random
    >>> import piquet as pq
    >>> from piquet.search._plan import make_plan
    >>> state = pq.new_game(pq.RUBICON, declarations="played")
    >>> rng = random.Random(3)
    >>> while state.phase is not pq.Phase.PLAY:
    ...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> seen = state.observation(state.younger)
    >>> plan = make_plan(seen, "played")
    >>> opens_as_heard(plan, state.hand(state.elder).mask)  # the elder's own hand
    True
    """
    reads_each, specs = _opening_reads(plan)
    if not reads_each:
        return True
    fast = kernel("_csample")
    if fast is not None:  # the same walk in C (7,200 instructions a draw in Python)
        heard: bool = fast.opens_as_heard(specs, hand, NOT_HEARD)
        return heard
    for reads in reads_each:
        read_as = reads.read_as
        for claim in reads.table.claims(hand):
            how = read_as[claim]
            if how is not None and how is not NOT_HEARD:
                break
        else:
            return False
    return True


def opening_reads(plan: Plan) -> DialogueReads:
    """The :class:`CategoryReads` of the categories the opponent opened with a call not
    shown, with declarations played (made once a plan, kept on it)."""
    return _opening_reads(plan)[0]


def opening_specs(plan: Plan) -> tuple[tuple[object, ...], ...]:
    """The specs of :func:`opening_reads` for the kernel (:func:`_spec`), kept."""
    return _opening_reads(plan)[1]


def _opening_reads(plan: Plan) -> tuple[DialogueReads, tuple[tuple[object, ...], ...]]:
    """:func:`opening_reads` and their specs for the kernel (:func:`_spec`), made once a
    plan and kept on it."""
    if plan.opening_reads:
        kept: tuple[DialogueReads, tuple[tuple[object, ...], ...]] = plan.opening_reads[0]
        return kept
    made: DialogueReads = ()
    if plan.declarations == "played":
        made = tuple(reads for reads in dialogue_reads(plan) if reads.opening)
    plan.opening_reads.append((made, tuple(map(_spec, made))))
    return _opening_reads(plan)


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
    deciding = table.reckons and won
    reckoned = [s.claimed for s in his if s.verb == "reckon"]
    won_with = None
    if deciding and shown_calls and all(cards is not None for cards in reckoned):
        won_with = (shown_calls[0], sum(cards.mask for cards in reckoned if cards is not None))
    scored = None
    if answer is not None and not deciding and observation.phase is Phase.PLAY:
        his_scores = [e for e in observation.events if e.player == opponent]
        scored = tuple(e.points for e in his_scores if e.reason is table.reason)
    return CategoryReads(
        table,
        read_words,
        shown,
        answer=answer,
        deciding=deciding,
        good=(shown_calls[0] if shown_calls else UNKNOWN) if table.reckons and conceded else 0,
        read_as=ReadAs(plan, table, read_words, shown, heard_words),
        opening=own_call is None and hidden is not None,
        won_with=won_with,
        scored=scored,
    )


def _extras_reads(table: CategoryTable, claim: int, reckoned: int) -> _PerClaim[tuple[bool, bool]]:
    """:func:`~._verdicts.reckons_as_heard` in a category he won with ``claim`` and reckoned
    ``reckoned`` in, unrestricted and restricted, by the cards deciding his combinations
    (the table's :meth:`~piquet.engine.category_table.CategoryTable.deciding_cards`),
    which are what his further combinations are made of: the kernel's key reads it."""
    return _PerClaim(
        lambda cards: (
            reckons_as_heard(table, cards, claim, reckoned, False),
            reckons_as_heard(table, cards, claim, reckoned, True),
        )
    )
