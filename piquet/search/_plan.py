"""The sampling plan of an observation: everything a sample of it needs (what is
known of the unseen cards, how to place them, what to replay), worked out once."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from ..actions import (
    Play,
)
from ..cards import SUIT_BITS, Card, CardSet, Rank, Suit
from ..engine import Spoken, State
from ..engine.auto_declarations import Resolution
from ..engine.memo import PerRuleset
from ..engine.redeal import Seen
from ..observation import Observation
from ..words import Category, Phase, Player, Reason
from ._limits import limited_fits, most_in_hand, point_limit, runs_limit, worth_at_most
from ._observed import (
    AFTER_DECLARATIONS,
    Declarations,
    SamplingError,
    all_held,
    deal_elder,
    plays_of,
    signature_of_observation,
    start_state,
    void_suits,
)
from ._placement import (
    ALL,
    DISCARD,
    HAND,
    STOCK,
    Fits,
    Group,
    Groups,
    count_tables,
    shift_of,
    suit_bits,
)
from ._witnesses import Claimed, Witnesses, claimed_combinations

_COURTS: Final = frozenset((Rank.KING, Rank.QUEEN, Rank.JACK))
# the words of claims, the ruleset's: a claim's words are its rule's alone, and each
# plan met most of its claims' afresh (their words were a twentieth of a sample with
# declarations played, at fifty samples a plan)
_SAID_ALOUD: Final[PerRuleset[tuple[Category, int, int | None, int | None], str]] = PerRuleset(
    1 << 16
)


@attrs.frozen
class Plan:
    """Everything a sample of one observation needs, worked out once."""

    observation: Observation
    declarations: Declarations
    start: State
    dealt: bool
    groups: Groups | None
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
    pack_mask: int = 0  # the ruleset's pack
    said_aloud: dict[tuple[Category, int, int | None, int | None], str] = attrs.field(
        factory=dict, eq=False, repr=False
    )
    """What a claim says aloud, remembered: the ruleset's memo, which the plans of one
    ruleset share (see make_plan)."""
    claimed: tuple[Claimed, ...] = ()  # the opponent's combinations heard, not shown
    witnessed: list[Witnesses | None] = attrs.field(factory=list, eq=False, repr=False)
    heard_by_duels: dict[tuple[int, ...], bool] = attrs.field(factory=dict, eq=False, repr=False)
    """With automatic declarations and the kernel, whether the words of the duels'
    outcomes and best combinations are the words heard, remembered (see _replay)."""
    heard_by_category: dict[tuple[int, ...], bool] = attrs.field(factory=dict, eq=False, repr=False)
    """The same, one category's duel at a time (its index, then the duel's fields)."""
    observer_elder: bool = False
    """Whether the observer is the deal's elder (read at every proposal)."""
    remembers_facts: bool = False
    """Whether a replay's observation is compared once per hidden facts (see _replay):
    in the play, where every replay reaching the observation's point has taken the same
    course (before, a replay may reach it at another step of the exchange)."""
    as_observed: dict[tuple[object, ...], bool] = attrs.field(factory=dict, eq=False, repr=False)
    """By the hidden facts of a replayed state, whether it gives the observation."""
    redealing: bool = False
    """Whether samples are dealt again instead of replayed (see _redealt): automatic
    declarations heard, in the play (the words are checked before a sample is made)."""
    redeals: dict[tuple[object, ...], object] = attrs.field(factory=dict, eq=False, repr=False)
    """With automatic declarations, by what is seen of a placement's declarations: the
    state its samples are dealt again from, or whether they are dropped (see _redealt)."""
    resolved: dict[tuple[object, ...], tuple[Resolution, Seen]] = attrs.field(
        factory=dict, eq=False, repr=False
    )
    """With automatic declarations and the kernel, by the duels' fields and the cards
    deciding the opponent's combinations where he wins, the resolution and what is seen
    of it (see _redealt)."""
    remembers_dialogues: bool = False
    """Whether, with declarations played, the course of each dialogue's replays is
    kept and its placements dealt again along it (see _dialogues)."""
    dialogues: dict[tuple[object, ...], object] = attrs.field(factory=dict, eq=False, repr=False)
    """By what a replay reads of the opponent's cards, where its course led (see
    _dialogues)."""
    declarations_begin: dict[object, object] = attrs.field(factory=dict, eq=False, repr=False)
    """By the cartes blanches dealt, the state where the declarations begin, from which
    a new dialogue's placement is dealt (see _dialogues)."""
    dialogue_reads: list[tuple[object, ...]] = attrs.field(factory=list, eq=False, repr=False)
    """What a replay's dialogue reads of the opponent's cards, made once (see _dialogues)."""
    opening_reads: list[Any] = attrs.field(factory=list, eq=False, repr=False)
    """The reads of the categories the opponent opened with a call not shown, and their
    specs for the kernel, made once (see _reads.opens_as_heard)."""
    key_reads: list[Any] = attrs.field(factory=list, eq=False, repr=False)
    """The same, ready for a dialogue's key to read at each placement, made once (see
    _reads.key_reads)."""
    propose_args: list[tuple[tuple[object, ...], tuple[object, ...]]] = attrs.field(
        factory=list, eq=False, repr=False
    )
    """The arguments of the kernel's ``propose`` that are the same at every sample, made
    at the first and kept as its one item (see _propose)."""
    draw_args: list[tuple[object, ...]] = attrs.field(factory=list, eq=False, repr=False)
    """The same for the kernel's ``played_draw`` (see _replay)."""
    deal_args: list[tuple[tuple[int, ...], int]] = attrs.field(factory=list, eq=False, repr=False)
    """The same for the kernel's ``deal_parts``: where the dealt cards lie in the pack,
    and the pack's mask (see _replay)."""


@attrs.frozen
class _Hidden:
    """Where the cards the observer cannot see lie: the masks of what is known and the
    room left in each place."""

    known: int  # known to be in the opponent's hand after the exchange
    opponent_played: int
    own_taken: int
    dealt_known: int  # the opponent's dealt hand, when shown (carte blanche)
    fixed_taken: int  # seen stock cards the opponent took
    seen_rest: int  # seen stock cards not taken by anyone
    hidden: int
    hand_slots: int
    discard_slots: int
    stock_slots: int


def make_plan(observation: Observation, declarations: Declarations) -> Plan:
    if not isinstance(observation, Observation):
        raise TypeError(f"expected a piquet.Observation, not {type(observation).__name__}")
    start, dealt = start_state(observation, declarations)
    order, mine, theirs = plays_of(observation)
    plays = tuple(Play(card) for card in order)
    target = signature_of_observation(observation, len(plays))
    if not dealt:
        return Plan(
            observation, declarations, start, False, None, 0, 0, 0, (), 0, (), (), plays, target
        )
    cards = _hidden(observation, mine, theirs)
    groups = _groups(observation, declarations, cards)
    tables = count_tables(groups, cards.hand_slots, cards.discard_slots)
    if not tables[0].get((cards.hand_slots, cards.discard_slots)):
        raise SamplingError("no placement of the hidden cards fits the observation")
    slots = (cards.hand_slots, cards.discard_slots, cards.stock_slots)
    auto_heard = (
        _heard(observation.spoken)
        if declarations == "auto" and observation.phase in AFTER_DECLARATIONS and observation.spoken
        else None
    )
    return Plan(
        observation=observation,
        declarations=declarations,
        start=start,
        dealt=True,
        groups=Groups(tuple(groups), *slots, tables),
        opponent_known=cards.known,
        opponent_played=cards.opponent_played,
        opponent_taken=observation.taken[observation.player.other],
        fixed_taken=tuple(CardSet.from_mask(cards.fixed_taken)),
        dealt_known=cards.dealt_known,
        seen_rest=tuple(CardSet.from_mask(cards.seen_rest)),
        own_taken=tuple(CardSet.from_mask(cards.own_taken)),
        plays=plays,
        target=target,
        own_held=all_held(observation),
        pack_mask=_pack_mask(observation.ruleset.pack_size),
        said_aloud=_SAID_ALOUD.of(observation.ruleset),
        claimed=claimed_combinations(observation, declarations, all_held(observation)),
        auto_heard=auto_heard,
        observer_elder=observation.player == deal_elder(observation),
        remembers_facts=observation.phase is Phase.PLAY,
        redealing=auto_heard is not None and observation.phase is Phase.PLAY,
        remembers_dialogues=declarations == "played"
        and observation.phase in (Phase.DECLARATION, Phase.PLAY)
        and observation.ruleset.carte_rouge is None,
    )


def _hidden(observation: Observation, mine: list[Card], theirs: list[Card]) -> _Hidden:
    """What is known of the opponent's cards and the stock, and what is hidden, with the
    room left for it in his hand, his discard and the stock."""
    rules = observation.ruleset
    opponent = observation.player.other
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
    seen_rest = seen & ~known
    hidden = _pack_mask(rules.pack_size) & ~own_dealt & ~own_taken & ~known & ~dealt_known & ~seen
    opponent_hand = observation.opponent_hand_size
    hand_slots = opponent_hand - (known & ~opponent_played).bit_count()
    discard_slots = 12 + observation.taken[opponent] - opponent_hand - len(theirs)
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
    return _Hidden(
        known,
        opponent_played,
        own_taken,
        dealt_known,
        seen & known,
        seen_rest,
        hidden,
        hand_slots,
        discard_slots,
        stock_slots,
    )


def _groups(observation: Observation, declarations: Declarations, cards: _Hidden) -> list[Group]:
    """The hidden cards in groups, suit by suit, each with the places it may go and, where
    automatic declarations limit it, how many or which of them his hand may hold."""
    player = observation.player
    opponent = player.other
    voids = void_suits(observation)
    own_blank = not any(card.rank in _COURTS for card in observation.dealt_hand)
    scored_blank = {e.player for e in observation.events if e.reason is Reason.CARTE_BLANCHE}
    opponent_blank = opponent in scored_blank or (own_blank and player not in scored_blank)
    blank_untaken = opponent_blank and observation.taken[opponent] == 0
    limit = point_limit(observation, declarations, all_held(observation))
    runs_allowed = runs_limit(observation, declarations, all_held(observation))
    groups: list[Group] = []
    for suit in Suit:
        in_suit = [card for card in CardSet.from_mask(cards.hidden) if card.suit is suit]
        suit_allowed = ALL & ~HAND if suit in voids else ALL
        classes = _classes(suit, in_suit, suit_allowed, cards, blank_untaken)
        most = 12
        fits: Fits | None = None
        if len(classes) == 1 and limit is not None:
            # with automatic declarations his point was his best suit: none better
            suit_known = [c for c in CardSet.from_mask(cards.known) if c.suit is suit]
            most = most_in_hand(limit, suit_known, classes[0][0])
        if len(classes) == 1 and classes[0][0]:
            fits = _fits(observation, classes[0][0], cards.known, most, limit, runs_allowed)
        groups.extend((held, allowed, most, fits) for held, allowed in classes if held)
    return groups


def _classes(
    suit: Suit, in_suit: list[Card], allowed: int, cards: _Hidden, blank_untaken: bool
) -> list[tuple[tuple[Card, ...], int]]:
    """A suit's hidden cards in classes, each with the places it may go."""
    if cards.dealt_known:
        # a shown carte blanche: its unplaced cards were kept or discarded; the others
        # are stock cards, in his hand only if he took them
        unplaced = CardSet.from_mask(cards.dealt_known & ~cards.known)
        return [
            (tuple(c for c in unplaced if c.suit is suit), allowed & ~STOCK),
            (tuple(in_suit), allowed & ~DISCARD),
        ]
    if blank_untaken:
        return [
            (tuple(c for c in in_suit if c.rank in _COURTS), STOCK),
            (tuple(c for c in in_suit if c.rank not in _COURTS), allowed),
        ]
    return [(tuple(in_suit), allowed)]


def _fits(
    observation: Observation,
    hidden: tuple[Card, ...],
    known: int,
    most: int,
    limit: tuple[str, int] | None,
    runs_allowed: tuple[bool, ...] | None,
) -> Fits | None:
    """Which of a suit's hidden cards his hand may hold, not only how many: the Ruff,
    the sequences (None: any of them)."""
    suit_known_mask = known & (SUIT_BITS << shift_of(hidden[0]))
    checks: list[Callable[[int], bool]] = []
    if limit is not None and limit[0] == "pips":
        checks.append(functools.partial(worth_at_most, observation.ruleset.point, limit[1]))
    if (
        runs_allowed is not None
        and not runs_allowed[suit_bits(suit_known_mask | sum(card.mask for card in hidden))]
    ):  # the whole suit would make too good a sequence: some subsets may not
        checks.append(lambda holding: runs_allowed[suit_bits(holding)])
    if checks:
        return limited_fits(suit_known_mask, hidden, most, checks)
    return None


def _heard(spoken: Sequence[Spoken]) -> tuple[tuple[Player, str, Category, str], ...]:
    return tuple((said.player, said.verb, said.category, said.words) for said in spoken)


@functools.lru_cache(maxsize=8)
def _pack_mask(size: int) -> int:
    return sum(card.mask for card in _pack(size))


@functools.lru_cache(maxsize=8)
def _pack(size: int) -> tuple[Card, ...]:
    from ..cards import pack

    return pack(size)
