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

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from .actions import Action, LeftCards, Play
from .cards import Card, CardSet
from .engine import State
from .words import Chance, Phase, Player, Result, ScoreEvent, Spoken, Trick

if TYPE_CHECKING:
    from .ruleset import Ruleset

__all__ = ["Observation", "Trick", "observe", "tricks_of"]


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
    auto_declarations: bool
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

    def sample_state(self, rng: random.Random, **options: Any) -> State:
        """A whole state this player cannot tell from the real one, the cards he cannot
        see placed uniformly at random among every placement consistent with what he
        knows (see :func:`piquet.sampling.sample_state`, which takes the ``options``).

        >>> import random
        >>> import piquet as pq
        >>> state = pq.new_game()
        >>> state = state.apply(state.sample_chance(random.Random(1)))
        >>> seen = state.observation(pq.Player.B)
        >>> world = seen.sample_state(random.Random(2))
        >>> world.observation(pq.Player.B) == seen
        True
        """
        from .sampling import sample_state

        return sample_state(self, rng, **options)

    def __str__(self) -> str:
        """A short readable text of what the player knows (see
        :func:`piquet.bots.describe` for an example)."""
        return _describe(self)

    def _repr_html_(self) -> str:
        from .notebook import html_observation

        return html_observation(self)


def tricks_of(state: State) -> tuple[tuple[Trick, ...], tuple[Card, ...]]:
    """The finished tricks of the current deal, and the card led to the one in progress."""
    return state.tricks, state.trick


def observe(state: State, player: Player) -> Observation:
    """The observation of ``state`` for ``player`` (see :meth:`State.observation`)."""
    if not isinstance(player, Player):
        raise ValueError(f"player must be pq.Player.A or pq.Player.B (got {player!r})")
    opponent = player.other
    to_move = state.to_move
    legal: Sequence[Action] = state.legal_actions() if to_move is player else ()
    # positional, in the order of the fields: a call with 27 keywords costs more than
    # the assembling of some of them
    return Observation(
        player,  # player
        state.ruleset,  # ruleset
        state.phase,  # phase
        to_move,  # to_move
        state.dealer,  # dealer
        state.deal_number,  # deal_number
        state.hand(player),  # hand
        state.dealt_hand(player),  # dealt_hand
        state.discard(player),  # discard
        state.taken,  # taken
        state.seen_stock(player),  # seen_stock
        len(state.stock),  # stock_size
        len(state.hand(opponent)),  # opponent_hand_size
        state.shown_blank(opponent),  # opponent_shown
        state.known_to_opponent(opponent),  # opponent_known
        state.left_cards,  # left_cards
        state.spoken_to(player),  # spoken
        state.tricks,  # tricks
        state.trick,  # trick
        state.events_seen_by(player),  # events
        state.deal_scores,  # deal_scores
        state.scores,  # scores
        state.score_sheet,  # score_sheet
        state.games,  # games
        state.auto_declarations,  # auto_declarations
        legal,  # legal_actions
        state.result,  # result
    )


def _by_suit(cards: CardSet) -> str:
    groups: dict[object, list[str]] = {}
    for card in cards:
        groups.setdefault(card.suit, []).append(str(card))
    return "  ".join(" ".join(group) for group in groups.values()) or "-"


def _describe(observation: Observation) -> str:
    me, other = observation.player, observation.player.other
    to_move = observation.to_move
    mover = "game over" if to_move is None else f"{to_move} to move"
    lines = [
        f"{observation.ruleset.name}, deal {observation.deal_number}, {mover}"
        f" ({observation.elder} is elder); you are {me}",
        f"scores {me} {observation.scores[me]}, {other} {observation.scores[other]};"
        f" this deal {me} {observation.deal_scores[me]}, {other} {observation.deal_scores[other]}",
        f"hand: {_by_suit(observation.hand)}",
    ]
    if observation.discard:
        lines.append(f"discard: {observation.discard}")
    if observation.stock_size or observation.seen_stock:
        seen = f"; seen {observation.seen_stock}" if observation.seen_stock else ""
        lines.append(f"stock: {observation.stock_size} cards{seen}")
    known = observation.opponent_known | observation.opponent_shown
    holds = f"; known to hold {known}" if known else ""
    lines.append(f"opponent: {observation.opponent_hand_size} cards{holds}")
    if observation.spoken:
        lines.append("spoken: " + "; ".join(str(said) for said in observation.spoken))
    if observation.tricks or observation.trick:
        won = [sum(t.winner is p for t in observation.tricks) for p in (Player.A, Player.B)]
        table = f"; on the table {observation.trick[0]}" if observation.trick else ""
        lines.append(f"tricks: A {won[0]}, B {won[1]}{table}")
    if observation.result is not None:
        winner = observation.result.winner
        lines.append(
            "result: drawn"
            if winner is None
            else f"result: {winner} wins {observation.result.points}"
        )
    legal = observation.legal_actions
    if legal:
        if len(legal) <= 8 or isinstance(legal[0], Play):
            shown = ", ".join(str(action) for action in legal)
            lines.append(f"{observation.phase.value}: {shown}")
        else:
            lines.append(f"{observation.phase.value}: {len(legal)} legal actions, e.g. {legal[0]}")
    return "\n".join(lines)
