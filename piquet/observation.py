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
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .actions import Action, LeftCards
from .cards import Card, CardSet
from .engine import State
from .engine.seen import seen_by
from .words import Chance, Phase, Player, Result, ScoreEvent, Spoken, Trick

if TYPE_CHECKING:
    from .rules import Ruleset

__all__ = ["Observation", "Trick", "observe", "tricks_of"]


class Observation(NamedTuple):
    """Everything ``player`` may know: his own cards, what was shown or spoken, the
    tricks, the scores, whose turn it is, and his legal actions.

    ``seen_stock`` holds stock cards he has seen but does not hold (cards he left, or the
    younger's left cards when looked at or exposed). ``opponent_known`` holds cards he
    knows the opponent holds now; ``opponent_shown`` the opponent's carte blanche, once
    shown (R-CB-2).

    An observation is immutable and compares by value; ``legal_actions`` takes no part
    in ``==``, ``hash`` or ``repr`` (it follows from the rest). Read its fields by name:
    it is a named tuple, for speed, but its positions are not part of the API.

    >>> import piquet as pq
    >>> seen = pq.new_game().observation(pq.Player.A)
    >>> seen.to_move, len(seen.hand), seen.legal_actions
    (pq.CHANCE, 0, ())
    >>> again = pq.new_game().observation(pq.Player.A)
    >>> seen == again, hash(seen) == hash(again)
    (True, True)
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
    result: Result | None
    # last, so that equality and hashing compare the tuple without it
    legal_actions: Sequence[Action]

    # not NotImplemented for another type: a plain tuple of the same values would then
    # compare equal through tuple's own comparison
    def __eq__(self, other: object) -> bool:
        return type(other) is Observation and self[:-1] == other[:-1]

    def __ne__(self, other: object) -> bool:
        return type(other) is not Observation or self[:-1] != other[:-1]

    def __hash__(self) -> int:
        # Equal observations must hash alike, and any compared fields will do: these
        # few tell apart nearly every pair of a game's observations (the test checks
        # it) at a seventh of the cost of hashing every field, whose words, tricks and
        # events each hash field by field in Python (7 us to under 1, timeit): a search
        # keyed by information sets hashes one at every step.
        return hash(
            (
                self.player,
                self.deal_number,
                self.hand.mask,
                self.dealt_hand.mask,
                self.discard.mask,
                self.taken,
                self.opponent_known.mask,
                self.deal_scores,
                self.scores,
                len(self.spoken),
                len(self.tricks),
                len(self.trick),
            )
        )

    # a tuple's order would compare the fields in turn, which means nothing here
    def __lt__(self, other: object) -> bool:
        raise TypeError("observations have no order")

    def __le__(self, other: object) -> bool:
        raise TypeError("observations have no order")

    def __gt__(self, other: object) -> bool:
        raise TypeError("observations have no order")

    def __ge__(self, other: object) -> bool:
        raise TypeError("observations have no order")

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(_COMPARED, self[:-1], strict=True)
        )
        return f"Observation({shown})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # its legal actions as a tuple: the exchange's lazy sequence of discards pickles
        # only with protocol 2 and above
        legal = self[-1]
        if type(legal) is not tuple:
            legal = tuple(legal)
        return (_rebuild, (*self[:-1], legal))

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
        knows (see :func:`piquet.search.sampling.sample_state`, which takes the ``options``).

        >>> import random
        >>> import piquet as pq
        >>> state = pq.new_game()
        >>> state = state.apply(state.sample_chance(random.Random(1)))
        >>> seen = state.observation(pq.Player.B)
        >>> world = seen.sample_state(random.Random(2))
        >>> world.observation(pq.Player.B) == seen
        True
        """
        from .search.sampling import sample_state

        return sample_state(self, rng, **options)

    def __str__(self) -> str:
        """What the player knows, as text from his seat
        (:func:`piquet.render.render_observation`, which has an example)."""
        from .render import render_observation

        return render_observation(self)


_COMPARED = Observation._fields[:-1]


def _rebuild(*fields: Any) -> Observation:
    """An observation from its fields, in order (how one is unpickled)."""
    return tuple.__new__(Observation, fields)


_FIELD_DOCS = {
    "player": "The player who observes.",
    "ruleset": "The rules the game is played by.",
    "phase": "The current phase.",
    "to_move": "Who acts next: a player, :data:`piquet.CHANCE`, or None when the game is over.",
    "dealer": "The dealer (younger hand) of the deal.",
    "deal_number": "The number of the deal, from 1; 0 before the first.",
    "hand": "The cards the player holds now.",
    "dealt_hand": "The twelve cards he was dealt this deal (empty before the deal).",
    "discard": "The cards he has discarded this deal.",
    "taken": "How many stock cards each player has taken this deal.",
    "seen_stock": "Stock cards he has seen but does not hold (R-EX-2, R-EX-4).",
    "stock_size": "How many cards are left in the stock.",
    "opponent_hand_size": "How many cards the opponent holds.",
    "opponent_shown": "The opponent's carte blanche once shown (R-CB-2); else empty.",
    "opponent_known": "Cards he knows the opponent holds now.",
    "left_cards": "What the younger chose to do with the stock cards he left, if any.",
    "spoken": "The declarations as he knows them (R-DE-6, R-DE-7).",
    "tricks": "The finished tricks of the deal, in order.",
    "trick": "The card led to the trick in progress, if any.",
    "events": "The deal's ledger as he knows it (R-DE-7).",
    "deal_scores": "Each player's score in the deal, indexed by :class:`~piquet.Player`.",
    "scores": "Each player's total for the game so far.",
    "score_sheet": "The scores of every finished deal of the game, per player.",
    "games": "The games finished so far in a partie of several games.",
    "auto_declarations": "True when declarations are resolved automatically.",
    "result": "None until the game is over.",
    "legal_actions": "His legal actions when he is to move, else empty (not compared).",
}
for _name, _doc in _FIELD_DOCS.items():
    getattr(Observation, _name).__doc__ = _doc


def tricks_of(state: State) -> tuple[tuple[Trick, ...], tuple[Card, ...]]:
    """The finished tricks of the current deal, and the card led to the one in progress."""
    return state.tricks, state.trick


_make = tuple.__new__


def observe(state: State, player: Player) -> Observation:
    """The observation of ``state`` for ``player`` (see :meth:`State.observation`)."""
    if player is not Player.A and player is not Player.B:
        raise ValueError(f"player must be pq.Player.A or pq.Player.B (got {player!r})")
    # read in one pass by the engine, in the order of the fields
    # (tests/test_observation_fields.py pins each value to its name)
    return _make(Observation, seen_by(state, player))
