"""The play: twelve tricks, following suit, and what each card scores (R-PL).

The trick scorer of the ruleset is compiled into tables (:mod:`.tables`): playing a card
looks up its points and its ledger entry. Who wins a trick is :func:`.tables.follower_wins`,
written once.
"""

from __future__ import annotations

import functools
import random as _random
import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import Action, Play
from ..cards import CARD_BY_INDEX, SUIT_BITS, SUIT_SHIFT
from ..words import CHANCE, IllegalActionError, Phase, Player, Precedence, Reason, Trick
from . import end, ledger
from .memo import remembered
from .parts import (
    HAND_BITS,
    HAND_MASK,
    HAND_SHIFT,
    SCORE_GAIN,
    STATE_CLASS,
    TRICKS_B_SHIFT,
    Context,
    RaceCount,
    deal_elder,
    set_class,
)
from .tables import SUIT_BASE, SUIT_INDICES, RulesTables, Scoring, follower_wins

if TYPE_CHECKING:
    import random

    from .state import State

__all__ = [
    "NO_TRICKS",
    "apply",
    "begin",
    "closing_points",
    "elder_has_led",
    "legal_actions",
    "rollout",
    "tricks",
    "tricks_won",
]

TRICKS_IN_A_DEAL: Final = 12
CARDS_TRICKS: Final = 7  # the tricks that win the cards (R-PL-4), when they count toward pique
_PHASE_PLAY: Final = Phase.PLAY
_PHASE_OVER: Final = Phase.OVER
_TABLES: Final = Context._fields.index("tables")
_A: Final = Player.A
_B: Final = Player.B
_OTHER: Final = (Player.B, Player.A)
_SLOTS: Final = 4 * SUIT_SHIFT
_RANDOM: Final = _random.Random  # the generator whose getrandbits the kernel may batch
_RANDBELOW: Final = getattr(_random.Random, "_randbelow_with_getrandbits", None)
# Tricks won are one small int (no allocation), see parts.TRICK_WON.
_B_SHIFT: Final = TRICKS_B_SHIFT
_TRICKS_A: Final = (1 << _B_SHIFT) - 1
NO_TRICKS: Final = 0


def tricks_won(tricks: int) -> tuple[int, int]:
    """Tricks won per player, from the state's count."""
    return tricks & _TRICKS_A, tricks >> _B_SHIFT


# Play actions and card indices per suit, by a suit's nine bits, in canonical order
# (high to low): legal plays are concatenations of these, built once.
_PLAYS: Final = tuple(Play(c) if c is not None else None for c in CARD_BY_INDEX)
_SUIT_PLAYS: Final = tuple(
    tuple(
        tuple(_PLAYS[s * SUIT_SHIFT + b] for b in range(8, -1, -1) if m >> b & 1)
        for m in range(512)
    )
    for s in range(4)
)


# the same, by the index of a card of the suit (a division fewer to follow suit)
_PLAYS_OF_SUIT: Final = tuple(_SUIT_PLAYS[i // SUIT_SHIFT] for i in range(4 * SUIT_SHIFT))


# Both hands are one int of 128 bits (parts.hand_of): the bits, the suits and the
# shifts a player's cards are at in it, made once rather than at every card.
_CARD_BITS: Final = tuple(tuple(1 << (i + shift) for i in range(_SLOTS)) for shift in HAND_SHIFT)
_SUIT_MASKS: Final = tuple(  # by the index of a card of the suit
    tuple(SUIT_BITS << (shift + (i & SUIT_BASE)) for i in range(_SLOTS)) for shift in HAND_SHIFT
)
_SUIT_SHIFTS: Final = tuple(
    tuple(shift + (i & SUIT_BASE) for i in range(_SLOTS)) for shift in HAND_SHIFT
)
_suit_fields: Final = struct.Struct("<4H").unpack  # a hand's bytes: its four suits' bits


def begin(new: State) -> None:
    """The elder leads the first trick."""
    if new._PHASE is _PHASE_OVER:
        return
    set_class(new, STATE_CLASS["play"])  # new._phase = PLAY, quicker
    new._to_move = _OTHER[new._ctx.dealer]
    new._lead = -1
    ledger.reopen(new)


def elder_has_led(state: State) -> bool:
    """Whether a card has been played in this deal (R-DE-7, R-EX-4 wait for it)."""
    return state._lead >= 0 or state._tricks != 0


def legal_actions(state: State) -> Sequence[Play]:
    """Any card to lead; a card of the suit led when he has one (R-PL-1)."""
    lead = state._lead
    if lead >= 0:
        suit = state._hands >> _SUIT_SHIFTS[state._to_move][lead] & SUIT_BITS  # type: ignore[index]
        if suit:
            return _PLAYS_OF_SUIT[lead][suit]
    hand = state._hands >> HAND_BITS if state._to_move else state._hands & HAND_MASK
    # the four suits of the hand at once, as 16-bit fields
    spades, hearts, diamonds, clubs = _suit_fields(hand.to_bytes(8, "little"))
    sp = _SUIT_PLAYS
    return sp[0][spades] + sp[1][hearts] + sp[2][diamonds] + sp[3][clubs]


def apply(state: State, action: Action) -> State:
    """The state after ``action``, a card played (see :meth:`State.apply`)."""
    if type(action) is not Play:
        return _not_a_card(state, action)
    index = action.card.index
    player: Player = state._to_move  # type: ignore[assignment]
    bit = _CARD_BITS[player][index]  # the card's bit in both hands
    hands = state._hands
    lead = state._lead
    if not hands & bit or (
        lead >= 0 and index & SUIT_BASE != lead & SUIT_BASE and hands & _SUIT_MASKS[player][lead]
    ):
        _refuse(action, player, hands >> HAND_SHIFT[player] & HAND_MASK, lead)
    # the clone, written out: this is the hottest path of the engine
    new = type(state)()  # a state of the play: its class says so (see phases.py)
    new._ctx = ctx = state._ctx
    new._events = state._events
    new._race = race = state._race
    new._history = (state._history, action)
    new._hands = hands = hands ^ bit  # the card is in the hand: one bit off
    tables: RulesTables = ctx[_TABLES]  # type: ignore[assignment]  # ctx.tables, quicker
    if lead < 0:
        new._lead = index
        new._to_move = _OTHER[player]
        new._tricks = state._tricks
        if race is None and tables.usual:
            # the usual lead: its entry is left for the ledger to write out when read
            new._scores = state._scores + tables.lead_gain[player][index]
            return new
        new._scores = state._scores
        _unusual_lead(new, player, index, tables)
        return new
    winner, gain, won = tables.follow[player][lead * _SLOTS + index]  # type: ignore[misc]
    new._lead = -1
    new._to_move = winner
    new._tricks = state._tricks + won
    if race is None and tables.usual:
        new._scores = state._scores + gain
        if hands:  # the usual trick, not the last: nothing follows from it but its entry
            return new
        _usual_last_trick(new, index if winner is player else lead)
        return new
    new._scores = state._scores
    _unusual_trick(new, race, lead, index, winner is player, tables)
    return new


def _not_a_card(state: State, action: Action) -> State:
    """Any other action, refused by the state with the reason."""
    from .state import State  # here: state.py imports this module

    return State.apply(state, action)


def _unusual_lead(new: State, player: Player, index: int, tables: RulesTables) -> None:
    """A lead while the race is open (or the ruleset has more to follow): its entry,
    and the ledger's stretch opened if it settled the race."""
    if not _enter(new, player, tables.lead[index], tables) and new._race is None:
        ledger.reopen(new)


def _unusual_trick(
    new: State, race: RaceCount | None, lead: int, follow: int, won: bool, tables: RulesTables
) -> None:
    """A trick with more than its entry to follow (the race open before it, the last
    trick, another ruleset): the entry and what follows, and the ledger's stretch
    opened if it settled the race (the tricks are counted already)."""
    scoring = tables.trick[lead * _SLOTS + follow][1]  # type: ignore[index]
    winner: Player = new._to_move  # type: ignore[assignment]
    if (
        not _end_trick(new, winner, follow if won else lead, scoring, tables)
        and race is not None
        and new._race is None
    ):
        ledger.reopen(new)  # the race was settled by this trick


def _enter(new: State, player: Player, scoring: Scoring, tables: RulesTables) -> bool:
    """A card's or a trick's own entry, if it scores; True when the game ended on it."""
    if scoring is None:
        return False
    if tables.usual:  # no target, no cards toward pique: nothing else follows
        if new._race is None:
            # the ledger's open stretch of the play holds the entry (see ledger.reopen)
            new._scores += scoring[0] * SCORE_GAIN[player]
            return False
        return ledger.play_entry(new, player, scoring[0], scoring[1][player])
    return ledger.score_entry(new, player, scoring[0], scoring[1][player])


def _refuse(action: Play, player: Player, hand: int, lead: int) -> None:
    card = action.card
    if not hand & card._mask:
        raise IllegalActionError(f"{action}: {player} does not hold {card}")
    raise IllegalActionError(
        f"{action}: {player} must follow suit to {CARD_BY_INDEX[lead]} (R-PL-1)"
    )


def _end_trick(
    new: State, winner: Player, winning_card: int, scoring: Scoring, tables: RulesTables
) -> bool:
    """The trick's entry, then what may follow it (the tricks are counted already);
    True when the game ended on it."""
    if _enter(new, winner, scoring, tables):
        return True
    tricks = new._tricks
    if tables.quiet_play and (tricks & _TRICKS_A) + (tricks >> _B_SHIFT) < TRICKS_IN_A_DEAL:
        return False
    return _after_trick(new, winner, winning_card, tricks, tables)


def _after_trick(
    new: State, winner: Player, winning_card: int, tricks: int, tables: RulesTables
) -> bool:
    """The cards toward pique (an option), the last trick, the end of the deal; True
    when the game ended on them."""
    rules = new._ctx.ruleset
    if (
        rules.cards_count_toward_pique
        and tricks_won(tricks)[winner] == CARDS_TRICKS
        # scored as the seventh trick is won, so it ranks with the play (class 5)
        and ledger.score(new, winner, rules.cards, Precedence.PLAY, Reason.CARDS)
    ):
        return True
    if (tricks & _TRICKS_A) + (tricks >> _B_SHIFT) == TRICKS_IN_A_DEAL:  # the last trick
        scoring = tables.last[winning_card]
        if scoring is not None and ledger.score_entry(new, winner, scoring[0], scoring[1][winner]):
            return True
        if _score_the_cards(new, tables):
            return True
        end.end_deal(new)
    return False


def _score_the_cards(new: State, tables: RulesTables) -> bool:
    """The cards, or capot, after the last trick (R-PL-4); True when the game ends."""
    player, scoring = _the_cards(new._tricks, tables)
    return scoring is not None and ledger.score_entry(new, player, scoring[0], scoring[1][player])


def _the_cards(tricks: int, tables: RulesTables) -> tuple[Player, Scoring]:
    """Who scores the cards, or capot, after the last trick, and what (R-PL-4)."""
    won_by_a = tricks & _TRICKS_A  # of the twelve
    if won_by_a == TRICKS_IN_A_DEAL // 2:
        return _A, None
    player = _A if won_by_a > TRICKS_IN_A_DEAL // 2 else _B
    if won_by_a in (0, TRICKS_IN_A_DEAL):
        return player, tables.capot
    # with the cards toward pique, they were scored with the seventh trick
    return player, tables.cards if tables.quiet_play else None


def closing_points(
    tables: RulesTables, tricks: int, winner: Player, winning_card: int
) -> tuple[int, int]:
    """The points, to A and to B, that the end of a usual play adds once its last trick
    is won by ``winner`` with ``winning_card`` and ``tricks`` counts every trick: the
    last trick's (R-PL-3) and the cards' or capot's (R-PL-4). What
    :func:`_usual_last_trick` enters, as points (for a search that values a deal
    without the ledger: ``piquet.search.playout.rollout_value``)."""
    points = [0, 0]
    scoring = tables.last[winning_card]
    if scoring is not None:
        points[winner] += scoring[0]
    player, scoring = _the_cards(tricks, tables)
    if scoring is not None:
        points[player] += scoring[0]
    return points[0], points[1]


def _usual_last_trick(new: State, winning_card: int) -> None:
    """The last trick with the race settled and nothing to follow an entry (no target,
    no cards toward pique: ``RulesTables.usual``), its trick's points counted already:
    the stretch of the play's entries closed at the last card, the last trick's entry
    and the cards' (or capot's) entered at once, then the end of the deal.

    The same entries, in the same order, as :func:`_after_trick` makes one by one
    through the ledger (:func:`ledger.score_entry`), which has nothing to follow here."""
    tables: RulesTables = new._ctx[_TABLES]  # type: ignore[assignment]
    winner: Player = new._to_move  # type: ignore[assignment]
    events = new._events
    if events is not None and type(events[1]) is list:
        events = (events[0], events[1][0], 2 * TRICKS_IN_A_DEAL)
    scores = new._scores
    scoring = tables.last[winning_card]
    if scoring is not None:
        events = (events, scoring[1][winner])
        scores += scoring[0] * SCORE_GAIN[winner]
    player, scoring = _the_cards(new._tricks, tables)
    if scoring is not None:
        events = (events, scoring[1][player])
        scores += scoring[0] * SCORE_GAIN[player]
    new._events = events
    new._scores = scores
    end.end_deal(new)


def tricks(state: State) -> tuple[Trick, ...]:
    """The finished tricks of the current deal, read back from the history.

    Kept per deal and per number of tricks: a state one trick further than a state read
    before, the same way, reads only its last trick."""
    done = sum(tricks_won(state._tricks))
    if state._ctx.setup is None or not done:
        return ()
    node = state._history
    if state._lead >= 0:
        node = node[0]  # type: ignore[index]  # the card led to the trick in progress
    known: dict[int, tuple[Any, tuple[Trick, ...]]] = remembered(state._ctx, "tricks", dict)
    last = known.get(done)
    if last is not None and last[0] is node:
        return last[1]
    before = known.get(done - 1)
    follow: tuple[Any, Play] = node  # type: ignore[assignment]
    lead: tuple[Any, Play] = follow[0]
    if before is not None and before[0] is lead[0]:
        leader = before[1][-1].winner
        trick = _trick(leader, lead[1].card.index, follow[1].card.index)
        found = (*before[1], trick)
    else:
        found = _read_tricks(state, node)
    known[done] = (node, found)
    return found


def _read_tricks(state: State, node: tuple[Any, Any] | None) -> tuple[Trick, ...]:
    indices: list[int] = []
    while node is not None and type(node[1]) is Play:
        indices.append(node[1].card.index)
        node = node[0]
    indices.reverse()
    leader = deal_elder(state._ctx)
    done: list[Trick] = []
    for i in range(0, len(indices) - 1, 2):
        trick = _trick(leader, indices[i], indices[i + 1])
        done.append(trick)
        leader = trick.winner
    return tuple(done)


@functools.lru_cache(maxsize=2 * 36 * 36)
def _trick(leader: Player, lead: int, follow: int) -> Trick:
    """The tricks, made once each: there are only so many."""
    winner = leader.other if follower_wins(lead, follow) else leader
    return Trick(leader, CARD_BY_INDEX[lead], CARD_BY_INDEX[follow], winner)


def rollout(state: State, rng: random.Random) -> State:
    """Random legal actions to the end of the deal (see :meth:`State.rollout`)."""
    if state._phase is _PHASE_OVER:
        return state
    if state._to_move is CHANCE:
        state = state.apply(state.sample_chance(rng))
    # the quick play draws as Random.choice does with getrandbits; a generator that
    # draws otherwise (a subclass with its own random()) goes the slow way, alike
    quick = getattr(type(rng), "_randbelow", None) is _RANDBELOW
    while state._phase is not _PHASE_PLAY or not quick:
        if state._to_move is CHANCE or state._phase is _PHASE_OVER:
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    return _play_out(state, rng)


def _kernel_play(new: State, rng: random.Random) -> None:
    """The usual play of ``new`` but its last card in the compiled kernel, drawing from
    ``rng`` as the loop of :func:`_play_out` does (:mod:`piquet.search.playout`); ``new``
    untouched when the kernel is not built or switched off (``PIQUET_NATIVE=0``)."""
    if new._PHASE is _PHASE_PLAY:
        from ..search.playout import play_usual  # above the engine: imported when needed

        found = play_usual(
            new._ctx.tables, new._hands, new._lead, new._to_move, new._tricks, new._history,  # type: ignore[arg-type]
            _PLAYS, rng,
        )  # fmt: skip
        if found is not None:
            new._hands, new._lead, to_move, a, b, new._history, new._tricks = found
            new._to_move = _OTHER[to_move ^ 1]  # (A, B)[to_move]
            new._scores += a * SCORE_GAIN[_A] + b * SCORE_GAIN[_B]


def _play_out(state: State, rng: random.Random) -> State:
    """The play to the end of the deal on one private copy, consuming ``rng`` as
    ``rng.choice(state.legal_actions())`` would at every card."""
    new = state._clone()
    tables = new._ctx.tables
    lead_gain, follow_table, usual = tables.lead_gain, tables.follow, tables.usual
    # the compiled kernel plays the usual cards (the race settled) but the last, when built
    native = usual and type(rng) is _RANDOM
    if native and new._race is None:
        _kernel_play(new, rng)
    getrandbits = rng.getrandbits
    history = new._history
    si = SUIT_INDICES
    while new._PHASE is _PHASE_PLAY:
        player: Player = new._to_move  # type: ignore[assignment]
        hands = new._hands
        lead = new._lead
        suit = hands >> _SUIT_SHIFTS[player][lead] & SUIT_BITS if lead >= 0 else 0
        if suit:
            choices = si[lead // SUIT_SHIFT][suit]
        else:  # as legal_actions
            hand = hands >> HAND_BITS if player else hands & HAND_MASK
            spades, hearts, diamonds, clubs = _suit_fields(hand.to_bytes(8, "little"))
            choices = si[0][spades] + si[1][hearts] + si[2][diamonds] + si[3][clubs]
        n = len(choices)
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        index = choices[pick]
        history = (history, _PLAYS[index])
        new._hands = hands = hands ^ _CARD_BITS[player][index]
        if lead < 0:
            new._lead = index
            new._to_move = _OTHER[player]
            if new._race is None and usual:  # the usual lead, as in apply
                new._scores += lead_gain[player][index]
                continue
            new._history = history
            _unusual_lead(new, player, index, tables)
            if native and new._race is None:  # the race settled by this card
                _kernel_play(new, rng)
                history = new._history
            continue
        winner, gain, won = follow_table[player][lead * _SLOTS + index]  # type: ignore[misc]
        new._lead = -1
        new._to_move = winner
        new._tricks += won
        race = new._race
        if race is None and hands and usual:  # the usual trick, as in apply
            new._scores += gain
            continue
        new._history = history
        _unusual_trick(new, race, lead, index, winner is player, tables)
        if native and new._race is None and hands:  # the race settled by this trick
            _kernel_play(new, rng)
            history = new._history
    new._history = history
    return new
