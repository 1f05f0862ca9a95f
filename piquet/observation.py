"""Observations: what one player may know of a state, and nothing more.

Two states that a player cannot tell apart give equal observations for that player, so
an observation can key a search bot's information sets.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(1)))
>>> seen = state.observation(pq.Player.B)
>>> seen.hand == state.hand(pq.Player.B), len(seen.opponent_known), seen.opponent_hand_size
(True, 0, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from .actions import Action, LeftCards, Play
from .cards import EMPTY, Card, CardSet, _from_mask
from .ledger import Chance, Player, ScoreEvent

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import Phase, Result, Spoken, State

__all__ = ["Observation", "Trick", "observe"]


@attrs.frozen
class Trick:
    """A trick played: who led, the card led, the card played to it, and who won.

    >>> import piquet as pq
    >>> pq.Trick(pq.Player.A, pq.Card.parse("AS"), pq.Card.parse("KS"), pq.Player.A).winner
    <Player.A: 0>
    """

    leader: Player
    lead: Card
    follow: Card
    winner: Player

    def __str__(self) -> str:
        return f"{self.leader} {self.lead} {self.follow}"


@attrs.frozen
class Observation:
    """Everything ``player`` may know: his own cards, what was shown or spoken, the
    tricks, the scores, whose turn it is, and his legal actions.

    ``seen_stock`` holds stock cards he has seen but does not hold (cards he left, or the
    younger's left cards when looked at or exposed). ``opponent_known`` holds cards he
    knows the opponent holds now; ``opponent_shown`` the opponent's carte blanche, once
    shown (R-CB-2).

    >>> import piquet as pq
    >>> seen = pq.new_game().observation(pq.Player.A)
    >>> seen.to_move, len(seen.hand), seen.legal_actions
    (pq.CHANCE, 0, ())
    """

    player: Player
    ruleset: Ruleset
    phase: Phase
    to_move: Player | Literal[Chance.CHANCE] | None
    dealer: Player
    deal_number: int
    hand: CardSet
    dealt_hand: CardSet
    discard: CardSet
    taken: tuple[int, int]
    seen_stock: CardSet
    stock_size: int
    opponent_hand_size: int
    opponent_shown: CardSet
    opponent_known: CardSet
    left_cards: LeftCards | None
    spoken: tuple[Spoken, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    events: tuple[ScoreEvent, ...]
    deal_scores: tuple[int, int]
    scores: tuple[int, int]
    score_sheet: tuple[tuple[int, int], ...]
    games: tuple[Result, ...]
    legal_actions: Sequence[Action] = attrs.field(eq=False, repr=False)
    result: Result | None

    @property
    def elder(self) -> Player:
        """The elder hand of the deal."""
        return self.dealer.other

    @property
    def is_over(self) -> bool:
        """True when the game is over."""
        return self.to_move is None


def _current_plays(state: State) -> list[Play]:
    plays: list[Play] = []
    node = state._history
    while node is not None and type(node[1]) is Play:
        plays.append(node[1])
        node = node[0]
    plays.reverse()
    return plays


def tricks_of(state: State) -> tuple[tuple[Trick, ...], tuple[Card, ...]]:
    """The finished tricks of the current deal, and the card led to the one in progress."""
    if state._setup is None:
        return (), ()
    plays = _current_plays(state)
    leader = state.elder
    done: list[Trick] = []
    for i in range(0, len(plays) - 1, 2):
        lead, follow = plays[i].card, plays[i + 1].card
        won = follow.suit is lead.suit and follow.rank > lead.rank
        winner = leader.other if won else leader
        done.append(Trick(leader, lead, follow, winner))
        leader = winner
    pending = (plays[-1].card,) if len(plays) % 2 else ()
    return tuple(done), pending


def observe(state: State, player: Player) -> Observation:
    """The observation of ``state`` for ``player`` (see :meth:`State.observation`)."""
    from .state import Phase, _Exch

    if not isinstance(player, Player):
        raise ValueError(f"player must be pq.Player.A or pq.Player.B (got {player!r})")
    setup = state._setup
    exch = state._exch
    opponent = player.other
    elder = state.elder
    tricks, trick = tricks_of(state)
    seen = 0
    shown = 0
    known = 0
    taken = (0, 0)
    left = None
    stock_size = 0
    if setup is not None and exch is not None:
        stock = setup.stock
        taken_e = exch.taken[elder]
        taken_y = exch.taken[elder.other] if exch.younger_taken else 0
        taken = (taken_e, taken_y) if elder == 0 else (taken_y, taken_e)
        stock_size = len(stock) - taken_e - taken_y
        elder_done = exch.stage >= _Exch.YOUNGER
        younger_done = exch.stage >= _Exch.LEAVE
        portion = state.ruleset.elder_max
        if player == elder and elder_done:
            # R-EX-2: the elder alone sees the cards he left of his portion
            seen |= _indices_mask(stock[taken_e:portion])
            if younger_done:
                # ... and so knows which of them the younger took in
                known |= _indices_mask(stock[taken_e : min(portion, taken_e + taken_y)])
        left = exch.left
        rest = _indices_mask(stock[taken_e + taken_y :]) if younger_done else 0
        played_any = bool(tricks or trick)
        if left is LeftCards.EXPOSE or (left is LeftCards.LOOK and (player != elder or played_any)):
            seen |= rest  # R-EX-4
        if setup.blank[opponent]:
            opponent_is_elder = opponent == elder
            blank_shown = (
                exch.announced > 0 and exch.stage >= _Exch.ELDER
                if opponent_is_elder
                else elder_done
            )
            if blank_shown:
                shown = setup.dealt[opponent]
        seen &= ~state._hands[player]
        for said in state.spoken:
            if said.player == opponent and said.shown is not None:
                known |= said.shown.mask
        known &= state._hands[opponent]
    legal: Sequence[Action] = (
        state.legal_actions() if state.to_move == player and state.phase is not Phase.OVER else ()
    )
    return Observation(
        player=player,
        ruleset=state.ruleset,
        phase=state.phase,
        to_move=state.to_move,
        dealer=state.dealer,
        deal_number=state.deal_number,
        hand=state.hand(player),
        dealt_hand=state.dealt_hand(player),
        discard=state.discard(player),
        taken=taken,
        seen_stock=_from_mask(seen),
        stock_size=stock_size,
        opponent_hand_size=len(state.hand(opponent)),
        opponent_shown=_from_mask(shown) if shown else EMPTY,
        opponent_known=_from_mask(known) if known else EMPTY,
        left_cards=left,
        spoken=state.spoken,
        tricks=tricks,
        trick=trick,
        events=state.events,
        deal_scores=state.deal_scores,
        scores=state.scores,
        score_sheet=state.score_sheet,
        games=state.games,
        legal_actions=legal,
        result=state.result,
    )


def _indices_mask(indices: Sequence[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask
