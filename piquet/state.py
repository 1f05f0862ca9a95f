"""The generic state machine: one immutable :class:`State` for every ruleset.

A state never changes; :meth:`State.apply` returns the next one. Chance is explicit: a
deal is an action (:class:`~piquet.actions.Deal`) and the random source is the
caller's, never the state's.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state.to_move is pq.CHANCE
True
>>> state = state.apply(state.sample_chance(random.Random(7)))
>>> state.phase, state.to_move, len(state.hand(pq.Player.A))
(<Phase.EXCHANGE: 'exchange'>, <Player.A: 0>, 12)
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, overload

import attrs

from .actions import (
    Action,
    Call,
    Deal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from .cards import (
    CARD_BY_INDEX,
    EMPTY,
    FULL_MASK,
    PACK_32_MASK,
    SUIT_BITS,
    SUIT_SHIFT,
    Card,
    CardSet,
    _from_mask,
    cards,
)
from .combinations import is_blank
from .ledger import CHANCE, Category, Chance, Player, Precedence, Reason, ScoreEvent
from .ruleset import Ruleset

if TYPE_CHECKING:
    import random

    from .observation import Observation

__all__ = [
    "IllegalActionError",
    "Phase",
    "Result",
    "State",
    "new_deal",
    "new_game",
]


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the message says why.

    >>> import piquet as pq
    >>> try:
    ...     pq.new_game().apply(pq.Play("AS"))
    ... except pq.IllegalActionError as error:
    ...     print(error)
    play AS: not legal in the deal phase (expecting a deal)
    """


class Phase(enum.Enum):
    """The phases of a deal, and the chance node between deals.

    >>> import piquet as pq
    >>> pq.new_game().phase
    <Phase.DEAL: 'deal'>
    """

    DEAL = "deal"
    """A chance node, where the pack is to be dealt."""
    EXCHANGE = "exchange"
    """Carte blanche protocol, discarding and taking in, cards left (R-CB-2, R-EX)."""
    DECLARATION = "declaration"
    """Point, sequences and sets, with calls and answers (R-DE)."""
    PLAY = "play"
    """Twelve tricks (R-PL)."""
    OVER = "over"
    """The game (or the single deal of :func:`new_deal`) is over."""


@attrs.frozen
class Result:
    """The outcome of a finished game.

    ``winner`` is None when drawn; ``scores`` are the final totals; ``points`` is what the
    winner wins (the rubicon settlement, or 1 or 2 in a race).

    >>> Result(Player.A, (120, 98), 318).points
    318
    """

    winner: Player | None
    scores: tuple[int, int]
    points: int


@attrs.frozen
class Resumed:
    """Where a game made by :func:`resume_game` took up: what its record starts from.

    >>> Resumed(deal_number=3, score_sheet=((12, 30), (45, 2)), games=()).deal_number
    3
    """

    deal_number: int
    score_sheet: tuple[tuple[int, int], ...]
    games: tuple[Result, ...]


# ----------------------------------------------------------------- internal records


class _Exch(enum.IntEnum):
    COUNT = 0  # elder with carte blanche states how many he will exchange
    YOUNGER_FIRST = 1  # younger commits his discard before the elder's blanche is shown
    ELDER = 2
    YOUNGER = 3
    LEAVE = 4
    DONE = 5


class _Setup(NamedTuple):
    """What a deal starts from; it does not change during the deal."""

    dealt: tuple[int, int]  # dealt hands, per player
    stock: tuple[int, ...]  # card bit indices, top first
    blank: tuple[bool, bool]  # dealt without a court card, per player
    prefix: tuple[int, ...]  # prefix[i]: mask of the top i stock cards


class _Exchange(NamedTuple):
    stage: _Exch
    announced: int  # the elder's announced count (carte blanche), else 0
    discards: tuple[int, int]  # per player
    taken: tuple[int, int]  # how many cards each took in, per player
    younger_taken: bool  # whether the younger has taken in his cards yet
    left: LeftCards | None


class _Stage(enum.IntEnum):
    ELDER = 0
    ANSWER = 1
    AFTER_PASS = 2
    EXTRAS = 3
    DONE = 4


class Spoken(NamedTuple):
    """One utterance of the declarations, as the opponent heard it (R-DE-6).

    ``shown`` holds the cards of a call that scored or tied; a losing call shows none.

    >>> import piquet as pq
    >>> str(pq.Spoken(pq.Player.A, "call", pq.Category.POINT, "point of five", None))
    'A: point of five'
    """

    player: Player
    verb: str  # "call", "pass", "good", "reckon"
    category: Category
    words: str
    shown: CardSet | None

    def __str__(self) -> str:
        return f"{self.player}: {self.words}"


class _Declarations(NamedTuple):
    category: int  # index into _CATEGORIES; 3 when all are resolved
    stage: _Stage
    claim: int  # the elder's pending call
    winner: Player | None  # in EXTRAS: who reckons further combinations
    extras: tuple[int, ...]  # in EXTRAS: the combinations he may reckon
    spoken: tuple[Spoken, ...]
    scored: tuple[int, int]  # cards in each player's scored combinations (carte rouge)
    rouge: tuple[bool, bool]
    auto_hands: tuple[int, int] | None  # auto declarations: the hands they were made from


_CATEGORIES: Final = (Category.POINT, Category.SEQUENCE, Category.SET)


def _ledger_class(category: Category) -> tuple[Precedence, Reason]:
    """The precedence class and reason of a category's scores (R-PR-1).

    An identity test, not a dict: an Enum member hashes in Python, slowly."""
    if category is Category.POINT:
        return Precedence.POINT, Reason.POINT
    if category is Category.SEQUENCE:
        return Precedence.SEQUENCE, Reason.SEQUENCE
    return Precedence.SET, Reason.SET


_NO_DECL: Final = _Declarations(0, _Stage.ELDER, 0, None, (), (), (0, 0), (False, False), None)


class _Ledger(NamedTuple):
    """The race for pique and repique, kept as entries arrive in ledger order (R-PR)."""

    counted: tuple[int, int]  # points that count toward a bonus, per player
    entered: tuple[bool, bool]  # has the player any entry yet
    settled: bool  # a pique or repique was made, or can no longer be


_FRESH_LEDGER: Final = _Ledger((0, 0), (False, False), False)


class _Game(NamedTuple):
    """Facts about the whole game that change only between deals."""

    first_dealer: Player
    deal_number: int  # 1-based number of the current (or last) deal
    sheet: tuple[tuple[int, int], ...]  # per finished deal: scores per player
    auto: bool
    single: bool  # a new_deal state: over when its deal is over
    origin: _Setup | None  # the explicit cards of a new_deal state
    target: int | None  # the ruleset's race target, kept here for the scoring loop
    games: tuple[Result, ...] = ()  # earlier games of a partie of several games
    resumed: Resumed | None = None  # where a resume_game state took the game up


_PLAYS: Final = tuple(Play(c) if c is not None else None for c in CARD_BY_INDEX)
_SUIT_PLAYS: Final = tuple(
    tuple(
        tuple(_PLAYS[s * SUIT_SHIFT + b] for b in range(8, -1, -1) if m >> b & 1)
        for m in range(512)
    )
    for s in range(4)
)


def _plays_of(mask: int) -> tuple[Play, ...]:
    sp = _SUIT_PLAYS
    return (
        sp[0][mask & SUIT_BITS]
        + sp[1][(mask >> 16) & SUIT_BITS]
        + sp[2][(mask >> 32) & SUIT_BITS]
        + sp[3][(mask >> 48) & SUIT_BITS]
    )


_SUIT_INDICES: Final = tuple(
    tuple(tuple(s * SUIT_SHIFT + b for b in range(8, -1, -1) if m >> b & 1) for m in range(512))
    for s in range(4)
)
_COMB_SUMS: Final = tuple(
    tuple(tuple(sum(comb(n, k) for k in range(lo, hi + 1)) for hi in range(13)) for lo in range(13))
    for n in range(13)
)


def _indices(mask: int) -> tuple[int, ...]:
    """Bit indices of a mask in canonical card order."""
    si = _SUIT_INDICES
    return (
        si[0][mask & SUIT_BITS]
        + si[1][(mask >> 16) & SUIT_BITS]
        + si[2][(mask >> 32) & SUIT_BITS]
        + si[3][(mask >> 48) & SUIT_BITS]
    )


class _Discards(Sequence[Exchange]):
    """Every legal discard, built only when asked for: combinations by size, then
    lexicographically in canonical card order."""

    __slots__ = ("_cards", "_hi", "_len", "_lo")

    def __init__(self, hand: int, lo: int, hi: int) -> None:
        self._cards = _indices(hand)
        self._lo = lo
        self._hi = hi
        self._len = _COMB_SUMS[len(self._cards)][lo][hi]

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Exchange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Exchange]: ...
    def __getitem__(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("discard index out of range")
        table = _position_table(len(self._cards), self._lo, self._hi)
        cards = self._cards
        mask = 0
        for position in table[index]:
            mask |= 1 << cards[position]
        return _exchange_of(mask)

    def __iter__(self) -> Iterator[Exchange]:
        bits = [1 << c for c in self._cards]
        for k in range(self._lo, self._hi + 1):
            for combo in itertools.combinations(bits, k):
                yield _exchange_of(sum(combo))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Exchange):
            return False
        mask = action.discard.mask
        hand = sum(1 << c for c in self._cards)
        return not mask & ~hand and self._lo <= mask.bit_count() <= self._hi

    def __repr__(self) -> str:
        return f"<{self._len} discards of {self._lo} to {self._hi} cards>"


@functools.lru_cache(maxsize=64)
def _position_table(n: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """Every discard of ``lo`` to ``hi`` of ``n`` cards, as positions, in canonical order."""
    return tuple(combo for k in range(lo, hi + 1) for combo in itertools.combinations(range(n), k))


def _exchange_of(mask: int) -> Exchange:
    action = object.__new__(Exchange)
    object.__setattr__(action, "discard", _from_mask(mask))
    return action


# ----------------------------------------------------------------- the state


class State:
    """A position of the game. Immutable: :meth:`apply` returns a new state.

    Build one with :func:`new_game` or :func:`new_deal`. Public attributes are read-only
    properties; everything else is private.

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game()
    >>> dealt = start.apply(start.sample_chance(random.Random(1)))
    >>> start.phase, dealt.phase
    (<Phase.DEAL: 'deal'>, <Phase.EXCHANGE: 'exchange'>)
    """

    __slots__ = (
        "_deal_scores",
        "_dealer",
        "_decl",
        "_events",
        "_exch",
        "_game",
        "_hands",
        "_history",
        "_lead",
        "_leader",
        "_ledger",
        "_phase",
        "_result",
        "_ruleset",
        "_scores",
        "_setup",
        "_to_move",
        "_tricks",
    )

    _ruleset: Ruleset
    _game: _Game
    _phase: Phase
    _to_move: Player | Literal[Chance.CHANCE] | None
    _dealer: Player
    _hands: tuple[int, int]
    _setup: _Setup | None
    _exch: _Exchange | None
    _decl: _Declarations
    _lead: int
    _leader: Player
    _tricks: tuple[int, int]
    _events: tuple[ScoreEvent, ...]
    _deal_scores: tuple[int, int]
    _scores: tuple[int, int]
    _ledger: _Ledger
    _history: tuple[Any, Action] | None
    _result: Result | None

    def __init__(self) -> None:
        raise TypeError("use piquet.new_game() or piquet.new_deal() to make a state")

    def _clone(self) -> State:
        new = object.__new__(State)
        new._ruleset = self._ruleset
        new._game = self._game
        new._phase = self._phase
        new._to_move = self._to_move
        new._dealer = self._dealer
        new._hands = self._hands
        new._setup = self._setup
        new._exch = self._exch
        new._decl = self._decl
        new._lead = self._lead
        new._leader = self._leader
        new._tricks = self._tricks
        new._events = self._events
        new._deal_scores = self._deal_scores
        new._scores = self._scores
        new._ledger = self._ledger
        new._history = self._history
        new._result = self._result
        return new

    # ------------------------------------------------------------ public face

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played by."""
        return self._ruleset

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def to_move(self) -> Player | Literal[Chance.CHANCE] | None:
        """Who acts next, a player or :data:`piquet.CHANCE`; None when over."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        """True when the game (or the single deal of :func:`new_deal`) is over."""
        return self._phase is Phase.OVER

    @property
    def dealer(self) -> Player:
        """The dealer (younger hand) of the current deal."""
        return self._dealer

    @property
    def elder(self) -> Player:
        """The elder hand of the current deal (the non-dealer)."""
        return self._dealer.other

    @property
    def younger(self) -> Player:
        """The younger hand of the current deal (the dealer)."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The number of the current (or last) deal, from 1; 0 before the first."""
        return self._game.deal_number

    @property
    def auto_declarations(self) -> bool:
        """True when declarations are resolved automatically (``declarations="auto"``)."""
        return self._game.auto

    def hand(self, player: Player) -> CardSet:
        """The cards a player holds now."""
        return _from_mask(self._hands[player])

    def dealt_hand(self, player: Player) -> CardSet:
        """The twelve cards a player was dealt this deal (empty before the deal)."""
        if self._setup is None:
            return EMPTY
        return _from_mask(self._setup.dealt[player])

    def discard(self, player: Player) -> CardSet:
        """The cards a player has discarded this deal."""
        if self._exch is None:
            return EMPTY
        return _from_mask(self._exch.discards[player])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        if self._setup is None or self._exch is None:
            return ()
        exch = self._exch
        elder = self._dealer.other
        taken = exch.taken[elder] + (exch.taken[elder.other] if exch.younger_taken else 0)
        return tuple(CARD_BY_INDEX[i] for i in self._setup.stock[taken:])

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's total for the game so far, indexed by :class:`Player`."""
        return self._scores

    @property
    def deal_scores(self) -> tuple[int, int]:
        """Each player's score in the current (or last) deal."""
        return self._deal_scores

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """The ledger of the current (or last) deal, every score in precedence order."""
        return self._events

    @property
    def score_sheet(self) -> tuple[tuple[int, int], ...]:
        """The scores of every finished deal of the game, per player."""
        return self._game.sheet

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won in the current deal, per player."""
        return self._tricks

    @property
    def trick(self) -> tuple[Card, ...]:
        """The card led to the trick in progress, if any."""
        if self._lead < 0:
            return ()
        return (CARD_BY_INDEX[self._lead],)

    @property
    def games(self) -> tuple[Result, ...]:
        """The games finished so far in a partie of several games (``games_to_win``)."""
        return self._game.games

    @property
    def result(self) -> Result | None:
        """None until the game is over."""
        return self._result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order."""
        out: list[Action] = []
        node = self._history
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return tuple(out)

    @property
    def spoken(self) -> tuple[Spoken, ...]:
        """The declarations of the current deal as both players heard them (R-DE-6)."""
        decl = self._decl
        if decl.auto_hands is not None:
            return _auto_spoken(self._ruleset, decl.auto_hands, self._dealer.other)
        return decl.spoken

    @property
    def left_cards(self) -> LeftCards | None:
        """What the younger chose to do with the stock cards he left, if he left any."""
        return self._exch.left if self._exch is not None else None

    def observation(self, player: Player) -> Observation:
        """What ``player`` may know of this state, and nothing more."""
        from .observation import observe

        return observe(self, player)

    def to_json(self) -> str:
        """This state as JSON; :meth:`from_json` reads it back exactly."""
        from .records import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(text: str) -> State:
        """Read a state written by :meth:`to_json`, replaying and checking every action."""
        from .records import state_from_json

        state: State = state_from_json(text)
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> State:
        return self  # immutable

    def __deepcopy__(self, memo: object) -> State:
        return self

    def __getstate__(self) -> dict[str, Any]:
        fields = {name: getattr(self, name) for name in State.__slots__}
        fields["_history"] = self.history  # flat: a linked history pickles recursively
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        node: tuple[Any, Action] | None = None
        for action in fields.pop("_history"):
            node = (node, action)
        self._history = node
        for name, value in fields.items():
            setattr(self, name, value)

    def _key(self) -> tuple[Any, ...]:
        # the flat history, not the linked one: comparing nested pairs recurses once per
        # action and overflows the stack in a long game
        return (self._ruleset, self._game, self.history)

    def __repr__(self) -> str:
        return (
            f"<State {self._ruleset.name} deal {self._game.deal_number} {self._phase.value} "
            f"to_move={self._to_move} scores={self._scores}>"
        )

    # ------------------------------------------------------------ chance

    def sample_chance(self, rng: random.Random) -> Deal:
        """A uniformly random deal at a chance node, drawn from ``rng``."""
        if self._to_move is not CHANCE:
            raise IllegalActionError("not a chance node: nothing to sample")
        rand = rng.random
        cards_in_pack = _PACK_CARDS[self._ruleset.pack_size]
        # sorting by independent uniform keys gives a uniform permutation, and is
        # about twice as fast as shuffle() in pure Python
        keys = [rand() for _ in cards_in_pack]
        order = tuple(
            map(cards_in_pack.__getitem__, sorted(_RANGES[len(keys)], key=keys.__getitem__))
        )
        deal = object.__new__(Deal)
        object.__setattr__(deal, "pack", order)
        object.__setattr__(deal, "packet", self._ruleset.packet)
        return deal

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action, in canonical order, without duplicates.

        At a chance node the outcomes are the orders of the pack, too many to list: the
        sequence is empty there; use :meth:`sample_chance` or give a :class:`Deal`.
        The elder's discards are built lazily, on indexing or iteration.
        """
        phase = self._phase
        if phase is _PHASE_PLAY:
            hand = self._hands[self._to_move]  # type: ignore[index]
            lead = self._lead
            if lead >= 0:
                suit = (hand >> (lead & _SUIT_BASE)) & SUIT_BITS
                if suit:
                    return _SUIT_PLAYS[lead // SUIT_SHIFT][suit]
            return _plays_of(hand)
        if phase is Phase.EXCHANGE:
            return self._exchange_actions()
        if phase is Phase.DECLARATION:
            return self._declaration_actions()
        return ()

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    # ------------------------------------------------------------ apply

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` saying why.

        ``self`` is never changed.
        """
        phase = self._phase
        kind = type(action)
        if phase is _PHASE_PLAY and kind is _PLAY:
            return self._play(action)  # type: ignore[arg-type]
        if phase is Phase.EXCHANGE and kind in (Exchange, ExchangeCount, Leave):
            return self._exchange(action)  # type: ignore[arg-type]
        if phase is Phase.DECLARATION and kind in (Call, Pass, Good, Reckon):
            return self._declare(action)  # type: ignore[arg-type]
        if phase is Phase.DEAL and kind is Deal:
            return self._deal(action)  # type: ignore[arg-type]
        if kind not in _ACTION_KINDS:
            raise IllegalActionError(f"not an action: {action!r}")
        if phase is Phase.OVER:
            raise IllegalActionError(f"{action}: the game is over")
        raise IllegalActionError(
            f"{action}: not legal in the {phase.value} phase ({self._expecting()})"
        )

    def _expecting(self) -> str:
        if self._to_move is CHANCE:
            return "expecting a deal"
        return f"{self._to_move} to move"

    def _push(self, action: Action) -> None:
        self._history = (self._history, action)

    # ------------------------------------------------------------ scoring

    def _score(
        self,
        player: Player,
        points: int,
        precedence: Precedence,
        reason: Reason,
        shown: CardSet = EMPTY,
        counts: bool = True,
    ) -> bool:
        """Add an entry to the ledger (of a clone); True when the game ends on it."""
        if points <= 0:
            return False
        # tuple.__new__ skips the named tuple's Python-level constructor: this runs for
        # nearly every card played
        self._events += (_new_tuple(ScoreEvent, (player, points, precedence, reason, shown)),)
        ds = self._deal_scores
        sc = self._scores
        if player:
            self._deal_scores = (ds[0], ds[1] + points)
            self._scores = (sc[0], sc[1] + points)
        else:
            self._deal_scores = (ds[0] + points, ds[1])
            self._scores = (sc[0] + points, sc[1])
        if not self._ledger.settled and reason is not _PIQUE and reason is not _REPIQUE:
            bonus = self._enter(player, points, precedence, reason, counts)
            if bonus is not None:
                if self._check_target(player):
                    return True
                return self._score(player, bonus[1], precedence, bonus[0])
        target = self._game.target
        if target is not None and self._scores[player] >= target:
            self._finish_game(first_to_target=player)
            return True
        return False

    def _enter(
        self, player: Player, points: int, precedence: Precedence, reason: Reason, counts: bool
    ) -> tuple[Reason, int] | None:
        """Follow the race for pique and repique entry by entry (R-PR-2..4)."""
        ledger = self._ledger
        rules = self._ruleset
        counted, entered = ledger.counted, ledger.entered
        opponent_entered = entered[1 - player]
        bonus = None
        new_count = counted[player]
        if precedence <= Precedence.SET:
            if counts:
                new_count += points
                if not opponent_entered and new_count >= rules.bonus_threshold:
                    bonus = (Reason.REPIQUE, rules.repique)
        elif player is self._dealer.other and precedence is Precedence.PLAY:
            new_count += points
            if not opponent_entered and new_count >= rules.bonus_threshold:
                bonus = (Reason.PIQUE, rules.pique)
        counted = (new_count, counted[1]) if player == 0 else (counted[0], new_count)
        entered = (True, entered[1]) if player == 0 else (entered[0], True)
        settled = bonus is not None or (entered[0] and entered[1])
        self._ledger = _Ledger(counted, entered, settled)
        return bonus

    def _check_target(self, player: Player) -> bool:
        target = self._game.target
        if target is not None and self._scores[player] >= target:
            self._finish_game(first_to_target=player)
            return True
        return False

    def _finish_game(self, first_to_target: Player | None) -> None:
        rules = self._ruleset
        scores = self._scores
        if self._game.single and first_to_target is None:
            ds = self._deal_scores
            winner = None if ds[0] == ds[1] else (Player.A if ds[0] > ds[1] else Player.B)
            points = abs(ds[0] - ds[1])
        else:
            winner, points = rules.game.settle(scores, first_to_target)
        game = self._game
        needed = rules.game.games_to_win
        if needed > 1 and not game.single:
            games = (*game.games, Result(winner, scores, points))
            won = _game_points(games)
            if winner is None or won[winner] < needed:
                # the next game of the partie: scores start again, dealing alternates
                self._game = game._replace(sheet=(), games=games)
                self._scores = (0, 0)
                self._phase = Phase.DEAL
                self._to_move = CHANCE
                self._dealer = self._dealer.other
                return
            self._game = game._replace(sheet=(*game.sheet, self._deal_scores), games=games)
            self._result = Result(winner, scores, won[winner])
        else:
            self._game = game._replace(sheet=(*game.sheet, self._deal_scores))
            self._result = Result(winner, scores, points)
        self._phase = Phase.OVER
        self._to_move = None

    # ------------------------------------------------------------ the deal

    def _deal(self, action: Deal) -> State:
        rules = self._ruleset
        pack = action.pack
        expected = _PACK_MASK[rules.pack_size]
        try:
            masks = [card._mask for card in pack]
        except AttributeError:
            bad = next(c for c in pack if not isinstance(c, Card))
            raise IllegalActionError(f"deal: {bad!r} is not a card") from None
        mask = sum(masks)
        if len(set(masks)) != len(masks):
            seen: set[Card] = set()
            twice = next(c for c in pack if c in seen or seen.add(c))  # type: ignore[func-returns-value]
            raise IllegalActionError(f"deal: {twice} appears twice in the pack")
        if mask != expected or len(pack) != rules.pack_size:
            missing = _from_mask(expected & ~mask)
            extra = _from_mask(mask & ~expected)
            raise IllegalActionError(
                f"deal: the pack must be the {rules.pack_size} cards of the ruleset"
                + (f"; missing {missing}" if missing else "")
                + (f"; not in this pack: {extra}" if extra else "")
            )
        packet = action.packet
        if packet not in rules.packets:
            raise IllegalActionError(
                f"deal: {rules.name} is dealt in packets of {' or '.join(map(str, rules.packets))}"
                f" (got {packet!r}; R-DL-4)"
            )
        elder_at, dealer_at = _DEAL_POSITIONS[packet]
        get = masks.__getitem__
        elder_cards = sum(map(get, elder_at))
        dealer_cards = sum(map(get, dealer_at))
        stock = tuple(card.index for card in pack[24:])
        new = self._clone()
        new._push(action)
        new._start_deal(elder_cards, dealer_cards, stock)
        return new

    def _start_deal(self, elder_cards: int, younger_cards: int, stock: tuple[int, ...]) -> None:
        """Set up a clone for a fresh deal (the dealer is already set)."""
        elder = self._dealer.other
        dealt = (elder_cards, younger_cards) if elder == 0 else (younger_cards, elder_cards)
        blank = (is_blank(dealt[0]), is_blank(dealt[1]))
        prefix = [0]
        for i in stock:
            prefix.append(prefix[-1] | 1 << i)
        self._setup = _Setup(dealt, stock, blank, tuple(prefix))
        self._hands = dealt
        g = self._game
        self._game = _Game(
            g.first_dealer,
            g.deal_number + 1,
            g.sheet,
            g.auto,
            g.single,
            g.origin,
            g.target,
            g.games,
            g.resumed,
        )
        self._events = ()
        self._deal_scores = (0, 0)
        self._ledger = _FRESH_LEDGER
        self._decl = _NO_DECL
        self._lead = -1
        self._leader = elder
        self._tricks = (0, 0)
        self._phase = Phase.EXCHANGE
        stage = _Exch.COUNT if blank[elder] else _Exch.ELDER
        self._exch = _Exchange(stage, 0, (0, 0), (0, 0), False, None)
        self._to_move = elder
        # carte blanche is announced, and scored, at once (R-CB-1, R-CB-3)
        younger = self._dealer
        rules = self._ruleset
        scorers: list[Player] = []
        if blank[elder] and blank[younger]:
            from .ruleset import TwoBlanks

            if rules.two_blanks is TwoBlanks.BOTH_SCORE:
                scorers = [elder, younger]
            elif rules.two_blanks is TwoBlanks.YOUNGER_BARS:
                scorers = [younger]
        elif blank[elder]:
            scorers = [elder]
        elif blank[younger]:
            scorers = [younger]
        for player in scorers:
            if self._score(
                player, rules.carte_blanche, Precedence.CARTE_BLANCHE, Reason.CARTE_BLANCHE
            ):
                return

    # ------------------------------------------------------------ the exchange

    def _exchange_actions(self) -> Sequence[Action]:
        exch = self._exch
        assert exch is not None
        rules = self._ruleset
        elder = self._dealer.other
        stage = exch.stage
        stock = rules.stock_size
        if stage is _Exch.COUNT:
            return tuple(ExchangeCount(n) for n in range(rules.elder_min, rules.elder_max + 1))
        if stage is _Exch.ELDER:
            if exch.announced:
                return _Discards(self._hands[elder], exch.announced, exch.announced)
            return _Discards(self._hands[elder], rules.elder_min, rules.elder_max)
        if stage is _Exch.YOUNGER_FIRST:
            hi = stock - exch.announced
            return _Discards(self._hands[self._dealer], rules.younger_min, hi)
        if stage is _Exch.YOUNGER:
            hi = stock - exch.taken[elder]
            return _Discards(self._hands[self._dealer], rules.younger_min, hi)
        if stage is _Exch.LEAVE:
            return _LEAVES
        return ()

    def _exchange(self, action: Exchange | ExchangeCount | Leave) -> State:
        exch = self._exch
        assert exch is not None
        rules = self._ruleset
        elder = self._dealer.other
        younger = self._dealer
        stage = exch.stage
        setup = self._setup
        assert setup is not None
        prefix = setup.prefix
        if stage is _Exch.COUNT:
            if type(action) is not ExchangeCount:
                raise IllegalActionError(
                    f"{action}: the elder holds carte blanche and must first state how many "
                    f"cards he will exchange (R-CB-2), e.g. 'count {rules.elder_max}'"
                )
            n = action.count
            if not isinstance(n, int) or not rules.elder_min <= n <= rules.elder_max:
                raise IllegalActionError(
                    f"{action}: the elder exchanges from {rules.elder_min} to "
                    f"{rules.elder_max} cards (R-EX-1)"
                )
            new = self._clone()
            new._push(action)
            new._exch = exch._replace(stage=_Exch.YOUNGER_FIRST, announced=n)
            new._to_move = younger
            return new
        if stage is _Exch.LEAVE:
            if type(action) is not Leave:
                raise IllegalActionError(
                    f"{action}: the younger must say what he does with the cards he left "
                    "(leave unseen, leave look or leave expose; R-EX-4)"
                )
            new = self._clone()
            new._push(action)
            new._exch = exch._replace(stage=_Exch.DONE, left=action.choice)
            new._begin_declarations()
            return new
        if type(action) is not Exchange:
            raise IllegalActionError(f"{action}: expected a discard ({self._to_move} to move)")
        player = self._to_move
        assert isinstance(player, Player)
        hand = self._hands[player]
        discard = action.discard.mask
        if discard & ~hand:
            raise IllegalActionError(
                f"{action}: {player} does not hold {_from_mask(discard & ~hand)}"
            )
        n = discard.bit_count()
        if stage is _Exch.ELDER:
            if exch.announced:
                lo = hi = exch.announced
            else:
                lo, hi = rules.elder_min, rules.elder_max
            who = "elder"
        else:
            lo = rules.younger_min
            hi = rules.stock_size - (
                exch.announced if stage is _Exch.YOUNGER_FIRST else exch.taken[elder]
            )
            who = "younger"
        if not lo <= n <= hi:
            span = f"exactly {lo}" if lo == hi else f"from {lo} to {hi}"
            rule = (
                "R-CB-2"
                if exch.announced and who == "elder"
                else ("R-EX-1" if who == "elder" else "R-EX-3")
            )
            raise IllegalActionError(
                f"{action}: the {who} must discard {span} cards, not {n} ({rule})"
            )
        new = self._clone()
        new._push(action)
        discards = list(exch.discards)
        discards[player] |= discard
        taken = list(exch.taken)
        hands = list(self._hands)
        if stage is _Exch.YOUNGER_FIRST:
            # committed, not yet taken in: the elder's blank is shown, then he exchanges
            hands[player] = hand & ~discard
            taken[player] = n
            new._hands = (hands[0], hands[1])
            new._exch = exch._replace(
                stage=_Exch.ELDER, discards=(discards[0], discards[1]), taken=(taken[0], taken[1])
            )
            new._to_move = elder
            return new
        if stage is _Exch.ELDER:
            drawn = prefix[n]
            hands[elder] = (hand & ~discard) | drawn
            taken[elder] = n
            younger_taken = False
            next_stage = _Exch.YOUNGER
            if exch.announced:  # the younger committed first: he takes in now
                m = taken[younger]
                hands[younger] |= prefix[n + m] ^ prefix[n]
                younger_taken = True
                next_stage = _Exch.LEAVE
        else:  # the younger exchanges
            k = taken[elder]
            hands[younger] = (hand & ~discard) | (prefix[k + n] ^ prefix[k])
            taken[younger] = n
            younger_taken = True
            next_stage = _Exch.LEAVE
        new._hands = (hands[0], hands[1])
        if next_stage is _Exch.LEAVE and taken[0] + taken[1] >= len(setup.stock):
            next_stage = _Exch.DONE
        new._exch = _Exchange(
            next_stage,
            exch.announced,
            (discards[0], discards[1]),
            (taken[0], taken[1]),
            younger_taken,
            None,
        )
        if next_stage is _Exch.DONE:
            new._begin_declarations()
        else:
            new._to_move = younger
        return new

    # ------------------------------------------------------------ declarations

    def _begin_declarations(self) -> None:
        if self._phase is Phase.OVER:
            return
        self._phase = Phase.DECLARATION
        self._decl = _NO_DECL
        self._to_move = self._dealer.other
        if self._game.auto:
            self._auto_declare()

    def _auto_declare(self) -> None:
        """Every category resolved with the best calls and no sinking."""
        rules = self._ruleset
        elder = self._dealer.other
        hands = self._hands
        # what was spoken is derived on demand from the hands (see `spoken`)
        self._decl = self._decl._replace(auto_hands=hands)
        for category, winner, _best_e, _best_y, own in _auto_resolve(rules, hands, elder):
            if winner is None:
                continue
            for combo in own:
                if self._score_combination(winner, category, combo):
                    return
            if self._check_rouge(winner, category):
                return
        self._decl = self._decl._replace(category=3, stage=_Stage.DONE)
        self._begin_play()

    def _score_combination(self, player: Player, category: Category, combo: int) -> bool:
        rule = self._ruleset.category_rule(category)
        if self._ruleset.carte_rouge is not None:
            decl = self._decl
            scored = list(decl.scored)
            scored[player] |= combo
            self._decl = decl._replace(scored=(scored[0], scored[1]))
        precedence, reason = _ledger_class(category)
        return self._score(player, rule.score(combo), precedence, reason, _from_mask(combo))

    def _check_rouge(self, player: Player, category: Category) -> bool:
        """Carte rouge, ranked right after the category that completed it (R-DE-8)."""
        rules = self._ruleset
        decl = self._decl
        if rules.carte_rouge is None or decl.rouge[player]:
            return False
        if self._hands[player] & ~decl.scored[player]:
            return False
        rouge = list(decl.rouge)
        rouge[player] = True
        self._decl = decl._replace(rouge=(rouge[0], rouge[1]))
        counts = player != self._dealer or rules.younger_carte_rouge_makes_bonus
        return self._score(
            player,
            rules.carte_rouge,
            _ledger_class(category)[0],
            Reason.CARTE_ROUGE,
            _from_mask(self._hands[player]),
            counts=counts,
        )

    def _declaration_actions(self) -> Sequence[Action]:
        decl = self._decl
        category = _CATEGORIES[decl.category]
        rule = self._ruleset.category_rule(category)
        player = self._to_move
        hand = self._hands[player]  # type: ignore[index]
        stage = decl.stage
        if stage is _Stage.ELDER:
            return (*(_call(category, c) for c in rule.claims(hand)), Pass(category))
        if stage is _Stage.ANSWER:
            floor = rule.key(decl.claim)
            return (
                Good(category),
                *(_call(category, c) for c in rule.claims(hand) if rule.key(c) >= floor),
            )
        if stage is _Stage.AFTER_PASS:
            return (*(_call(category, c) for c in rule.claims(hand)), Pass(category))
        if stage is _Stage.EXTRAS:
            return tuple(Reckon(category, _from_mask(m)) for m in _subset_unions(decl.extras))
        return ()

    def _declare(self, action: Call | Pass | Good | Reckon) -> State:
        decl = self._decl
        category = _CATEGORIES[decl.category]
        if action.category is not category:
            raise IllegalActionError(
                f"{action}: declarations go point, sequence, set; now {category} (R-DE)"
            )
        rule = self._ruleset.category_rule(category)
        player = self._to_move
        assert isinstance(player, Player)
        elder = self._dealer.other
        younger = self._dealer
        hand = self._hands[player]
        stage = decl.stage
        kind = type(action)
        if kind is Call:
            claim = action.cards.mask  # type: ignore[union-attr]
            if not rule.is_claim(claim, hand):
                raise IllegalActionError(
                    f"{action}: not a {category} that {player}'s hand supports (R-DE-1)"
                )
        if stage is _Stage.EXTRAS:
            if kind is not Reckon:
                raise IllegalActionError(
                    f"{action}: {player} won the {category} and must say which further "
                    "combinations he reckons (R-DE-5)"
                )
            chosen = action.cards.mask  # type: ignore[union-attr]
            picks = [m for m in decl.extras if m & chosen]
            if sum(picks) != chosen or any(m & chosen != m for m in picks):
                raise IllegalActionError(
                    f"{action}: may reckon only whole combinations of "
                    f"{_describe(decl.extras)} (R-DE-5)"
                )
            new = self._clone()
            new._push(action)
            new._decl = decl._replace(
                spoken=(
                    *decl.spoken,
                    Spoken(
                        player, "reckon", category, _reckon_words(rule, picks), _from_mask(chosen)
                    ),
                )
                if picks
                else decl.spoken
            )
            for combo in picks:
                if new._score_combination(player, category, combo):
                    return new
            if new._check_rouge(player, category):
                return new
            new._next_category()
            return new
        if kind is Reckon:
            raise IllegalActionError(f"{action}: nobody has won the {category} yet")
        new = self._clone()
        new._push(action)
        if stage is _Stage.ELDER:
            if kind is Good:
                raise IllegalActionError(f"{action}: only the younger answers 'good' (R-DE-1)")
            if kind is Pass:
                new._decl = decl._replace(
                    stage=_Stage.AFTER_PASS,
                    spoken=(*decl.spoken, Spoken(elder, "pass", category, "pass", None)),
                )
            else:
                claim = action.cards.mask  # type: ignore[union-attr]
                new._decl = decl._replace(
                    stage=_Stage.ANSWER,
                    claim=claim,
                    spoken=(
                        *decl.spoken,
                        Spoken(elder, "call", category, rule.spoken(claim, None), None),
                    ),
                )
            new._to_move = younger
            return new
        if stage is _Stage.AFTER_PASS:
            if kind is Good:
                raise IllegalActionError(f"{action}: the elder called nothing to concede (R-DE-1)")
            if kind is Pass:
                new._decl = decl._replace(
                    spoken=(*decl.spoken, Spoken(younger, "pass", category, "pass", None))
                )
                new._next_category()
                return new
            claim = action.cards.mask  # type: ignore[union-attr]
            new._decl = decl._replace(
                spoken=(
                    *decl.spoken,
                    Spoken(younger, "call", category, rule.spoken(claim, None), _from_mask(claim)),
                )
            )
            new._win_category(younger, category, claim, restrict=None)
            return new
        # ANSWER: the younger answers the elder's call
        elder_claim = decl.claim
        elder_words = decl.spoken[-1].words
        before = decl.spoken[:-1]
        if kind is Pass:
            raise IllegalActionError(
                f"{action}: answer the elder's call with 'good' or a call (R-DE-1)"
            )
        if kind is Good:
            new._decl = decl._replace(
                spoken=(
                    *before,
                    Spoken(elder, "call", category, elder_words, _from_mask(elder_claim)),
                    Spoken(younger, "good", category, "good", None),
                )
            )
            new._win_category(elder, category, elder_claim, restrict=rule.key(elder_claim))
            return new
        claim = action.cards.mask  # type: ignore[union-attr]
        ke, ky = rule.key(elder_claim), rule.key(claim)
        if ky < ke:
            raise IllegalActionError(
                f"{action}: does not rank with the elder's {elder_words}; answer 'good' or call "
                "at least as much (R-DE-1)"
            )
        if ky == ke:  # equal: neither scores, both are shown (R-DE-6)
            new._decl = decl._replace(
                spoken=(
                    *before,
                    Spoken(
                        elder,
                        "call",
                        category,
                        rule.spoken(elder_claim, claim),
                        _from_mask(elder_claim),
                    ),
                    Spoken(
                        younger,
                        "call",
                        category,
                        rule.spoken(claim, elder_claim),
                        _from_mask(claim),
                    ),
                )
            )
            new._next_category()
            return new
        new._decl = decl._replace(
            spoken=(
                *before,
                Spoken(elder, "call", category, rule.spoken(elder_claim, claim), None),
                Spoken(
                    younger, "call", category, rule.spoken(claim, elder_claim), _from_mask(claim)
                ),
            )
        )
        new._win_category(younger, category, claim, restrict=None)
        return new

    def _win_category(
        self, player: Player, category: Category, claim: int, restrict: tuple[int, ...] | None
    ) -> None:
        """Score the winning call, then offer the further combinations (R-DE-5)."""
        if self._score_combination(player, category, claim):
            return
        rule = self._ruleset.category_rule(category)
        extras = list(rule.further(self._hands[player], claim))
        if (
            extras
            and restrict is not None
            and not self._good_against_the_cards(player, rule, claim)
        ):
            extras = [c for c in extras if rule.key(c) <= restrict]
        if extras:
            self._decl = self._decl._replace(
                stage=_Stage.EXTRAS, winner=player, extras=tuple(extras), claim=claim
            )
            self._to_move = player
            return
        if self._check_rouge(player, category):
            return
        self._next_category()

    def _good_against_the_cards(self, player: Player, rule: Any, claim: int) -> bool:
        """Nothing the opponent could hold, given the caller's hand and discard, beats it."""
        exch = self._exch
        unseen = _PACK_MASK[self._ruleset.pack_size] & ~self._hands[player]
        if exch is not None:
            unseen &= ~exch.discards[player]
        key = rule.key(claim)
        return all(rule.key(c) <= key for c in rule.combinations(unseen))

    def _next_category(self) -> None:
        decl = self._decl
        index = decl.category + 1
        if index >= len(_CATEGORIES):
            self._decl = decl._replace(
                category=3, stage=_Stage.DONE, winner=None, extras=(), claim=0
            )
            self._begin_play()
            return
        self._decl = decl._replace(
            category=index, stage=_Stage.ELDER, winner=None, extras=(), claim=0
        )
        self._to_move = self._dealer.other

    # ------------------------------------------------------------ play

    def _begin_play(self) -> None:
        if self._phase is Phase.OVER:
            return
        self._phase = Phase.PLAY
        self._to_move = self._dealer.other
        self._leader = self._dealer.other
        self._lead = -1

    def _play(self, action: Play) -> State:
        card = action.card
        index = card.index
        bit = card._mask
        player: Player = self._to_move  # type: ignore[assignment]
        hands = self._hands
        hand = hands[player]
        if not hand & bit:
            raise IllegalActionError(f"{action}: {player} does not hold {card}")
        lead = self._lead
        suit_base = lead & _SUIT_BASE
        if lead >= 0 and index & _SUIT_BASE != suit_base and (hand >> suit_base) & SUIT_BITS:
            raise IllegalActionError(
                f"{action}: {player} must follow suit to {CARD_BY_INDEX[lead]} (R-PL-1)"
            )
        rules = self._ruleset
        scorer = rules.tricks
        new = self._clone()
        new._history = (self._history, action)
        new._hands = (hand & ~bit, hands[1]) if player == 0 else (hands[0], hand & ~bit)
        if lead < 0:  # leading
            new._lead = index
            new._to_move = _OTHER[player]
            points = scorer.lead_points(index)
            if points:
                new._score(player, points, _CLASS_PLAY, _LEAD)
            return new
        follower_won = index > lead and index & _SUIT_BASE == suit_base
        winner = player if follower_won else _OTHER[player]
        new._lead = -1
        new._leader = winner
        new._to_move = winner
        tricks = self._tricks
        tricks = (tricks[0] + 1, tricks[1]) if winner == 0 else (tricks[0], tricks[1] + 1)
        new._tricks = tricks
        points, reason = scorer.trick_points(lead, index, follower_won)
        if points and new._score(winner, points, _CLASS_PLAY, reason):
            return new
        if (
            rules.cards_count_toward_pique
            and tricks[winner] == 7
            # scored as the seventh trick is won, so it ranks with the play (class 5)
            and new._score(winner, rules.cards, Precedence.PLAY, Reason.CARDS)
        ):
            return new
        if tricks[0] + tricks[1] == 12:
            points = scorer.last_trick_points(index if follower_won else lead)
            if points and new._score(winner, points, Precedence.PLAY, Reason.LAST_TRICK):
                return new
            new._end_deal()
        return new

    def _end_deal(self) -> None:
        rules = self._ruleset
        tricks = self._tricks
        for player in (Player.A, Player.B):
            won = tricks[player]
            if won == 12:
                already = rules.cards if rules.cards_count_toward_pique else 0
                if self._score(player, rules.capot - already, Precedence.CARDS, Reason.CAPOT):
                    return
            elif (
                won > 6
                and not rules.cards_count_toward_pique
                and self._score(player, rules.cards, Precedence.CARDS, Reason.CARDS)
            ):
                return
        game = self._game
        if game.single:
            self._finish_game(first_to_target=None)
            return
        deals_played = len(game.sheet) + 1
        if rules.game.over_after_deal(deals_played, self._scores):
            self._finish_game(first_to_target=None)
            return
        self._game = game._replace(sheet=(*game.sheet, self._deal_scores))
        self._phase = Phase.DEAL
        self._to_move = CHANCE
        self._dealer = self._dealer.other


# ----------------------------------------------------------------- helpers

_SUIT_BASE: Final = 3 * SUIT_SHIFT  # index & _SUIT_BASE: the first bit of the card's suit
_PHASE_PLAY: Final = Phase.PLAY
_PLAY: Final = Play
_PIQUE: Final = Reason.PIQUE
_REPIQUE: Final = Reason.REPIQUE
_new_tuple: Final = tuple.__new__
_CLASS_PLAY: Final = Precedence.PLAY
_LEAD: Final = Reason.LEAD
_OTHER: Final = (Player.B, Player.A)
_ACTION_KINDS: Final = frozenset(
    (Deal, ExchangeCount, Exchange, Leave, Call, Pass, Good, Reckon, Play)
)
_LEAVES: Final = (Leave(LeftCards.UNSEEN), Leave(LeftCards.LOOK), Leave(LeftCards.EXPOSE))
_PACK_MASK: Final = {32: PACK_32_MASK, 36: FULL_MASK}
_RANGES: Final = {32: range(32), 36: range(36)}
_PACK_CARDS: Final = {
    32: tuple(_from_mask(PACK_32_MASK)),
    36: tuple(_from_mask(FULL_MASK)),
}


def _deal_positions(packet: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions in the pack of the elder's and the dealer's cards, dealt in packets."""
    elder = tuple(i for i in range(24) if (i // packet) % 2 == 0)
    dealer = tuple(i for i in range(24) if (i // packet) % 2 == 1)
    return elder, dealer


_DEAL_POSITIONS: Final = {p: _deal_positions(p) for p in (1, 2, 3, 4, 6)}


def _game_points(games: Iterable[Result]) -> tuple[int, int]:
    """Game points per player: a game counts its settled points (a double game, two)."""
    won = [0, 0]
    for game in games:
        if game.winner is not None:
            won[game.winner] += game.points
    return won[0], won[1]


_Resolution = tuple[Category, "Player | None", int, int, Sequence[int]]


def _auto_resolve(rules: Ruleset, hands: tuple[int, int], elder: Player) -> list[_Resolution]:
    """Each category with the best calls: (category, winner, elder's best, younger's
    best, the winner's combinations)."""
    younger = elder.other
    out: list[_Resolution] = []
    for category in _CATEGORIES:
        rule = rules.category_rule(category)
        combos_e = rule.combinations(hands[elder])
        combos_y = rule.combinations(hands[younger])
        best_e = combos_e[0] if combos_e else 0
        best_y = combos_y[0] if combos_y else 0
        winner: Player | None = None
        if best_e and best_y:
            ke, ky = rule.key(best_e), rule.key(best_y)
            if ke != ky:
                winner = elder if ke > ky else younger
        elif best_e or best_y:
            winner = elder if best_e else younger
        own = combos_e if winner is elder else combos_y if winner is younger else ()
        out.append((category, winner, best_e, best_y, own))
    return out


def _auto_spoken(rules: Ruleset, hands: tuple[int, int], elder: Player) -> tuple[Spoken, ...]:
    """What auto declarations would have said aloud (R-DE-6)."""
    younger = elder.other
    spoken: list[Spoken] = []
    for category, winner, best_e, best_y, _own in _auto_resolve(rules, hands, elder):
        rule = rules.category_rule(category)
        if best_e:
            shown = _from_mask(best_e) if winner is not younger else None
            spoken.append(
                Spoken(elder, "call", category, rule.spoken(best_e, best_y or None), shown)
            )
        else:
            spoken.append(Spoken(elder, "pass", category, "pass", None))
        if best_y and (best_e == 0 or winner is not elder):
            shown = _from_mask(best_y) if winner is not elder else None
            spoken.append(
                Spoken(younger, "call", category, rule.spoken(best_y, best_e or None), shown)
            )
        elif best_e:
            spoken.append(Spoken(younger, "good", category, "good", None))
        else:
            spoken.append(Spoken(younger, "pass", category, "pass", None))
    return tuple(spoken)


def _call(category: Category, claim: int) -> Call:
    action = object.__new__(Call)
    object.__setattr__(action, "category", category)
    object.__setattr__(action, "cards", _from_mask(claim))
    return action


def _subset_unions(combos: tuple[int, ...]) -> list[int]:
    """Unions of every subset of the combinations, all of them first, none last."""
    out = []
    n = len(combos)
    for size in range(n, -1, -1):
        for chosen in itertools.combinations(combos, size):
            out.append(sum(chosen))
    return out


def _describe(combos: tuple[int, ...]) -> str:
    return ", ".join(str(_from_mask(m)) for m in combos)


def _reckon_words(rule: Any, picks: list[int]) -> str:
    return ", ".join(rule.spoken(m, None) for m in picks)


def _to_cardset(value: CardSet | str | Iterable[Card | str], what: str) -> CardSet:
    try:
        return cards(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what}: {exc}") from None


def _new_state(ruleset: Ruleset, dealer: Player, auto: bool, single: bool) -> State:
    state = object.__new__(State)
    state._ruleset = ruleset
    state._game = _Game(dealer, 0, (), auto, single, None, ruleset.game.target)
    state._phase = Phase.DEAL
    state._to_move = CHANCE
    state._dealer = dealer
    state._hands = (0, 0)
    state._setup = None
    state._exch = None
    state._decl = _NO_DECL
    state._lead = -1
    state._leader = dealer.other
    state._tricks = (0, 0)
    state._events = ()
    state._deal_scores = (0, 0)
    state._scores = (0, 0)
    state._ledger = _FRESH_LEDGER
    state._history = None
    state._result = None
    return state


def _check_options(ruleset: Ruleset, dealer: Player, declarations: str) -> bool:
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"ruleset must be a piquet.Ruleset, not {type(ruleset).__name__}")
    if not isinstance(dealer, Player):
        raise ValueError(f"dealer must be pq.Player.A or pq.Player.B (got {dealer!r})")
    if declarations not in ("auto", "played"):
        raise ValueError(f"declarations must be 'auto' or 'played' (got {declarations!r})")
    return declarations == "auto"


def new_game(
    ruleset: Ruleset | None = None,
    *,
    dealer: Player = Player.B,
    declarations: Literal["played", "auto"] = "played",
) -> State:
    """A whole game, starting at a chance node (the first deal).

    ``dealer`` deals first (the cut, R-DL-3, is the caller's). With
    ``declarations="auto"`` every category is resolved with the best calls and no
    sinking, leaving only the exchange and the play to decide.

    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON, declarations="auto")
    >>> state.phase, state.dealer
    (<Phase.DEAL: 'deal'>, <Player.B: 1>)
    """
    from .presets import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    auto = _check_options(ruleset, dealer, declarations)
    return _new_state(ruleset, dealer, auto, single=False)


def new_deal(
    ruleset: Ruleset | None = None,
    *,
    elder: CardSet | str | Iterable[Card | str],
    younger: CardSet | str | Iterable[Card | str],
    stock: Sequence[Card | str] | str,
    dealer: Player = Player.B,
    declarations: Literal["played", "auto"] = "played",
) -> State:
    """One deal from explicit cards; the state is over when the deal is over.

    ``elder`` and ``younger`` are the 12-card hands; ``stock`` is in order, top card first.

    >>> import piquet as pq
    >>> state = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS QS JS 10S 9S AH KH QH AD KD AC",
    ...     younger="8S 7S JH 10H 9H 8H QD JD 10D KC QC JC",
    ...     stock="7H 9D 8D 7D 10C 9C 8C 7C",
    ... )
    >>> state.to_move, state.elder
    (<Player.A: 0>, <Player.A: 0>)
    """
    from .presets import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    auto = _check_options(ruleset, dealer, declarations)
    elder_set = _to_cardset(elder, "elder")
    younger_set = _to_cardset(younger, "younger")
    stock_cards = stock.replace(",", " ").split() if isinstance(stock, str) else list(stock)
    try:
        stock_list = [c if isinstance(c, Card) else Card.parse(c) for c in stock_cards]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"stock: {exc}") from None
    for name, hand in (("elder", elder_set), ("younger", younger_set)):
        if len(hand) != 12:
            raise ValueError(f"{name}: a hand has 12 cards, not {len(hand)}")
    if len(stock_list) != ruleset.stock_size:
        raise ValueError(f"stock: must have {ruleset.stock_size} cards, not {len(stock_list)}")
    seen = elder_set.mask
    for name, mask in (("younger", younger_set.mask),):
        if seen & mask:
            raise ValueError(f"{name}: {_from_mask(seen & mask)} also in the elder's hand")
        seen |= mask
    for card in stock_list:
        if seen & card.mask:
            raise ValueError(f"stock: {card} appears twice")
        seen |= card.mask
    expected = _PACK_MASK[ruleset.pack_size]
    if seen != expected:
        raise ValueError(
            f"the cards must be the {ruleset.pack_size}-card pack; not in it: "
            f"{_from_mask(seen & ~expected)}"
        )
    state = _new_state(ruleset, dealer, auto, single=True)
    stock_indices = tuple(c.index for c in stock_list)
    state._start_deal(elder_set.mask, younger_set.mask, stock_indices)
    state._game = state._game._replace(origin=state._setup)
    return state


def resume_game(
    ruleset: Ruleset | None = None,
    *,
    dealer: Player = Player.B,
    declarations: Literal["played", "auto"] = "played",
    score_sheet: Iterable[tuple[int, int]] = (),
    games: Iterable[Result] = (),
    deal_number: int | None = None,
) -> State:
    """A game taken up at the chance node of a deal, after the deals of ``score_sheet``.

    ``dealer`` deals the next deal; ``score_sheet`` holds the scores of the finished
    deals of the current game, per player (A, B); ``games`` the finished games of a partie
    of several games (``games_to_win`` above one); ``deal_number`` the number of deals
    dealt so far (by default, the deals of the sheet). The scores are the sheet's sums.
    Samplers use it to rebuild a position from what a player knows; records of such a
    game start from here.

    >>> import piquet as pq
    >>> state = pq.resume_game(pq.RUBICON, dealer=pq.Player.A, score_sheet=[(30, 12), (5, 40)])
    >>> state.scores, state.deal_number, state.to_move is pq.CHANCE
    ((35, 52), 2, True)
    >>> pq.resume_game(pq.RUBICON, score_sheet=[(30, 12)] * 6)
    Traceback (most recent call last):
    ...
    ValueError: score_sheet: the game is over after 6 deals
    """
    from .presets import RUBICON

    ruleset = RUBICON if ruleset is None else ruleset
    auto = _check_options(ruleset, dealer, declarations)
    sheet: list[tuple[int, int]] = []
    totals = (0, 0)
    for row in score_sheet:
        if (
            not isinstance(row, tuple)
            or len(row) != 2
            or not all(type(v) is int and v >= 0 for v in row)
        ):
            raise ValueError(f"score_sheet: each deal is a pair of scores >= 0 (got {row!r})")
        totals = (totals[0] + row[0], totals[1] + row[1])
        sheet.append(row)
        if ruleset.game.over_after_deal(len(sheet), totals):
            raise ValueError(f"score_sheet: the game is over after {len(sheet)} deals")
    finished = tuple(games)
    for game in finished:
        if not isinstance(game, Result):
            raise ValueError(f"games: each game is a piquet.Result (got {game!r})")
    needed = ruleset.game.games_to_win
    if finished and needed == 1:
        raise ValueError(f"games: {ruleset.name} is a single game, so no game came before")
    won = _game_points(finished)
    if finished and max(won) >= needed:
        raise ValueError(f"games: the partie was over after {len(finished)} games")
    dealt = len(sheet) if deal_number is None else deal_number
    if type(dealt) is not int or dealt < len(sheet):
        raise ValueError(
            f"deal_number: at least the {len(sheet)} deals of the sheet (got {dealt!r})"
        )
    state = _new_state(ruleset, dealer, auto, single=False)
    resumed = Resumed(dealt, tuple(sheet), finished)
    state._game = state._game._replace(
        deal_number=dealt, sheet=tuple(sheet), games=finished, resumed=resumed
    )
    state._scores = totals
    return state


def cut(ruleset: Ruleset, rng: random.Random) -> Player:
    """Cut for the first deal (R-DL-3) and return the first dealer.

    Player A cuts a card, then player B; equal ranks cut again. Where the ruleset says
    ``lower_cut_deals`` (au cent, Cotton) the lower card deals; otherwise the higher card
    has the choice of deal (Cavendish, law 4) and takes it, since dealing first means not
    dealing the last deal of the partie (seed 001).

    >>> import random
    >>> import piquet as pq
    >>> pq.cut(pq.RUBICON, random.Random(1)) in (pq.Player.A, pq.Player.B)
    True
    """
    cards_in_pack = _PACK_CARDS[ruleset.pack_size]
    while True:
        a, b = rng.sample(cards_in_pack, 2)
        if a.rank != b.rank:
            break
    a_higher = a.rank > b.rank
    a_deals = not a_higher if ruleset.lower_cut_deals else a_higher
    return Player.A if a_deals else Player.B
