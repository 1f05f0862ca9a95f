"""A game as text for people: a position, a player's view of it, the score sheet.

``print(state)`` shows the whole table (:func:`render_state`): the deal and who is to
move, both hands by suit, the stock, the discards, what was said in the declarations (a
word to a line), what was scored, the trick in progress and the tricks won, the scores
and, once the game is over, its result. ``print(observation)`` shows what one player
knows, from his seat (:func:`render_observation`): the opponent's cards are face down
but for those shown to him. :func:`render_score_sheet` writes the score sheet as a
table, with the settlement of a finished game. No line is longer than 80 characters;
``symbols=True`` writes the suits as ♠ ♥ ♦ ♣.

>>> import piquet as pq
>>> state = pq.new_deal(
...     pq.RUBICON,
...     elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
...     younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
...     stock="9S 8S KH 9C KD QS AC 7D",
... )
>>> print(render_state(state, pq.Player.B))
Rubicon piquet, one deal: B deals, A is elder; you are B
The exchange: A to move.
A (elder)    12 cards face down
B (younger)  10S 7S  10H 9H 7H  AD QD JD 10D  KC QC 10C
stock        8 cards
score        this deal A 0, B 0; game A 0, B 0
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from .actions import Action, LeftCards, Play
from .cards import Card, CardSet, excerpt
from .engine import Phase, State
from .engine.end import game_points
from .narrate import cards_text, hand_text
from .observation import Observation
from .rules import Partie, Race, Ruleset
from .score_sheet import (
    IN_DEAL,
    LETTERS,
    QUIET,
    WIDTH,
    count,
    render_score_sheet,
    settlement,
)
from .words import Player, ScoreEvent, Spoken

__all__ = ["WIDTH", "render_observation", "render_score_sheet", "render_state"]

_LABEL = 13  # the label column: "B (younger)" and two spaces
_PHASE_WORDS = {
    Phase.EXCHANGE: "The exchange",
    Phase.DECLARATION: "The declarations",
    Phase.PLAY: "The play",
}
_LEFT_WORDS = {
    LeftCards.UNSEEN: "unseen",
    LeftCards.LOOK: "and looked at them",
    LeftCards.EXPOSE: "face up",
}
_TIE = "\xa0"  # a space the lines are not broken at

_T = TypeVar("_T")
_Cards = Callable[[Iterable[Card]], str]


class _View(NamedTuple):
    """What a text shows: the fields state and observation share, read from ``of``,
    and the cards, which differ: from a state (seat None) the whole table, from an
    observation what its player knows. Nothing the seat may not know is put in it."""

    of: State | Observation
    seat: Player | None
    single: bool  # a new_deal state: one deal, not a game
    hands: tuple[CardSet, CardSet]  # the cards shown face up, per player
    face_down: tuple[int, int]  # how many more cards each holds, face down
    shown_blank: tuple[CardSet, CardSet]  # a carte blanche shown to the seat
    stock: tuple[Card, ...]  # the stock cards shown, top first
    stock_size: int
    seen_stock: CardSet
    discards: tuple[CardSet, CardSet]
    discards_down: tuple[int, int]  # discards face down, per player
    legal: Sequence[Action]


_NONE = (CardSet(), CardSet())


def _of_state(state: State) -> _View:
    stock = state.stock if state.phase in IN_DEAL else ()
    hands = (state.hand(Player.A), state.hand(Player.B))
    discards = (state.discard(Player.A), state.discard(Player.B))
    return _View(
        state, None, state.origin is not None, hands, (0, 0), _NONE, stock, len(stock),
        CardSet(), discards, (0, 0), (),
    )  # fmt: skip


def _of_observation(seen: Observation, single: bool) -> _View:
    def mine_and_theirs(mine: _T, theirs: _T) -> tuple[_T, _T]:
        return (mine, theirs) if seen.player is Player.A else (theirs, mine)

    them = seen.player.other
    known = seen.opponent_known
    return _View(
        seen,
        seen.player,
        single,
        hands=mine_and_theirs(seen.hand, known),
        face_down=mine_and_theirs(0, max(0, seen.opponent_hand_size - len(known))),
        shown_blank=mine_and_theirs(CardSet(), seen.opponent_shown),
        stock=(),
        stock_size=seen.stock_size if seen.phase in IN_DEAL else 0,
        seen_stock=seen.seen_stock,
        discards=mine_and_theirs(seen.discard, CardSet()),
        # a player discards as many cards as he takes (R-EX-1)
        discards_down=mine_and_theirs(0, seen.taken[them]),
        legal=seen.legal_actions,
    )


# ------------------------------------------------------------------ the public functions


def render_state(state: State, seat: Player | None = None, *, symbols: bool = False) -> str:
    """The position as text: the whole table, or with ``seat`` what that player knows.

    The whole table shows both hands and the stock face up (top card first). From a
    seat, the opponent's cards are face down but for those the seat knows (shown in the
    declarations, or seen in the stock and taken), the stock is a count and the cards of
    it the seat has seen, and his legal actions follow: the text of
    ``state.observation(seat)``, which also knows whether the game is one deal.
    ``print(state)`` prints ``render_state(state)``.

    >>> import piquet as pq
    >>> state = pq.new_deal(
    ...     pq.RUBICON,
    ...     elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    ...     stock="9S 8S KH 9C KD QS AC 7D",
    ... )
    >>> state = state.apply(pq.Exchange("KS 8C 7C 9D 8D"))
    >>> print(render_state(state, symbols=True))
    Rubicon piquet, one deal: B deals, A is elder
    The exchange: B to move.
    A (elder)    A♠ J♠ 9♠ 8♠  A♥ K♥ Q♥ J♥ 8♥  K♦  J♣ 9♣
    B (younger)  10♠ 7♠  10♥ 9♥ 7♥  A♦ Q♦ J♦ 10♦  K♣ Q♣ 10♣
    stock        3 cards, top first: Q♠ A♣ 7♦
    discards     A: K♠ 9♦ 8♦ 8♣ 7♣
    score        this deal A 0, B 0; game A 0, B 0
    """
    if not isinstance(state, State):
        raise ValueError(f"render_state: not a piquet State: {excerpt(state)}")
    if seat is None:
        return _text(_of_state(state), symbols)
    seen = state.observation(_seat(seat))
    return _text(_of_observation(seen, single=state.origin is not None), symbols)


def render_observation(observation: Observation, *, symbols: bool = False) -> str:
    """What one player knows, as text from his seat: ``print(observation)``.

    The layout of :func:`render_state`, from the observation alone: the player's hand,
    the opponent's as a count of cards face down and the cards the player knows he
    holds, the stock as a count and the stock cards he has seen, his own discards, what
    he heard, the ledger as he knows it, the tricks, the scores and his legal actions
    (listed, or counted when there are many). An observation does not say whether its
    game is a single deal of :func:`~piquet.new_deal`: its deal is written as a game's.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game()
    >>> state = state.apply(state.sample_chance(random.Random(0)))
    >>> print(render_observation(state.observation(pq.Player.A)))
    Rubicon piquet, deal 1 of 6: B deals, A is elder; you are A
    The exchange: A to move.
    A (elder)    KS 10S 8S 7S  JH 8H 7H  10D 7D  AC KC QC
    B (younger)  12 cards face down
    stock        8 cards
    score        this deal A 0, B 0; game A 0, B 0
    legal        1585 legal actions, e.g. discard KS
    """
    if not isinstance(observation, Observation):
        raise ValueError(f"render_observation: not a piquet Observation: {excerpt(observation)}")
    return _text(_of_observation(observation, single=False), symbols)


# ------------------------------------------------------------------ checks


def _seat(seat: object) -> Player:
    if seat is not Player.A and seat is not Player.B:
        raise ValueError(f"seat must be pq.Player.A, pq.Player.B or None (got {excerpt(seat)})")
    return seat


# ------------------------------------------------------------------ pieces of text


def _wrap(label: str, text: str) -> list[str]:
    """``text`` after its label, wrapped under the label column; a no-break space
    (``_TIE``) keeps words together, and is written as a space."""
    lines = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=label.ljust(_LABEL),
        subsequent_indent=" " * _LABEL,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace(_TIE, " ") for line in lines]


def _wrap_each(label: str, texts: Iterable[str]) -> list[str]:
    """A line (or more) per text, the label on the first."""
    lines: list[str] = []
    for text in texts:
        lines += _wrap("" if lines else label, text)
    return lines


def _text(view: _View, symbols: bool) -> str:
    def cards(shown: Iterable[Card]) -> str:
        return cards_text(shown, symbols)

    def hand(shown: Iterable[Card]) -> str:
        return hand_text(shown, symbols)

    order = (view.of.dealer.other, view.of.dealer)
    lines = _header(view)
    in_deal = view.of.phase in IN_DEAL
    if in_deal or any(view.hands) or any(view.face_down):
        for player in order:
            lines += _wrap(_role(view, player), _hand_words(view, player, hand))
        for player in order:
            if view.shown_blank[player]:
                shown = f"a carte blanche: {hand(view.shown_blank[player])}"
                lines += _wrap(f"{player} showed", shown)
    if in_deal:
        lines += _wrap("stock", _stock_words(view, cards))
        if view.seen_stock:
            lines += _wrap("seen", cards(view.seen_stock))
        lines += _wrap_each("discards", _discard_words(view, cards))
    if view.of.phase is not Phase.DEAL:
        lines += _wrap_each("spoken", (_said_words(said) for said in view.of.spoken))
        scored = (
            _event_words(event, cards) for event in view.of.events if event.reason not in QUIET
        )
        lines += _wrap_each("scored", scored)
        lines += _trick_lines(view, cards)
    lines += _wrap("score", _score_words(view))
    if view.of.games:
        won = game_points(view.of.games)
        lines += _wrap("games", f"A {won[0]}, B {won[1]} (game points)")
    if view.of.result is not None:
        settled = settlement(view.of.result, view.of.ruleset, view.single, view.of.games, LETTERS)
        lines += _wrap("result", settled)
    if view.legal:
        lines += _wrap("legal", _legal_words(view.legal))
    return "\n".join(lines)


def _title(ruleset: Ruleset) -> str:
    name = ruleset.title or ruleset.name
    return name[:1].upper() + name[1:]


def _where(view: _View) -> str:
    """The deal and the game it belongs to: "one deal", "deal 2 of 6", "deal 3"."""
    if view.single:
        return "one deal"
    number = view.of.deal_number + (1 if view.of.phase is Phase.DEAL else 0)
    game = view.of.ruleset.game
    if isinstance(game, Partie):
        if number <= game.deals:
            return f"deal {number} of {game.deals}"
        return f"deal {number}, after a tie"
    where = f"deal {number}"
    if isinstance(game, Race):
        where += f", a race to {game.target}"
        if game.games_to_win > 1:
            finished = len(view.of.games) - (1 if view.of.result is not None else 0)
            where = f"game {finished + 1}, {where}"
    return where


def _header(view: _View) -> list[str]:
    """Two lines: the game, the deal and the roles; the phase and who is to move."""
    you = f"; you are {view.seat}" if view.seat is not None else ""
    roles = f"{view.of.dealer} deals, {view.of.dealer.other} is elder{you}"
    head = f"{_title(view.of.ruleset)}, {_where(view)}: {roles}"
    if view.of.phase is Phase.OVER:
        now = "The game is over."
    elif view.of.phase is Phase.DEAL:
        now = "The cards are to be dealt."
    else:
        now = f"{_PHASE_WORDS[view.of.phase]}: {view.of.to_move} to move."
    return [*textwrap.wrap(head, WIDTH, subsequent_indent="  ", break_on_hyphens=False), now]


def _role(view: _View, player: Player) -> str:
    return f"{player} (elder)" if player is view.of.dealer.other else f"{player} (younger)"


def _hand_words(view: _View, player: Player, hand: _Cards) -> str:
    shown, down = view.hands[player], view.face_down[player]
    hidden = f"{count(down)} face down"
    if shown and down:
        return f"{hand(shown)} + {hidden}"
    if shown:
        return hand(shown)
    return hidden if down else "no cards"


def _stock_words(view: _View, cards: _Cards) -> str:
    n = view.stock_size
    words = count(n) if n else "empty"
    if view.stock:
        words += f", top first: {cards(view.stock)}"
    if view.of.left_cards is not None and n:
        them = "it" if n == 1 else "them"
        words += f"; {view.of.dealer} left {them} {_LEFT_WORDS[view.of.left_cards]}"
    return words


def _discard_words(view: _View, cards: _Cards) -> list[str]:
    out = []
    for player in (view.of.dealer.other, view.of.dealer):
        if view.discards[player]:
            out.append(f"{player}: {cards(view.discards[player])}")
        elif view.discards_down[player]:
            out.append(f"{player}: {count(view.discards_down[player])} face down")
    return out


def _said_words(said: Spoken) -> str:
    """A word of the declarations; further combinations reckoned are said "and ..."."""
    if said.verb == "reckon" and said.words != "nothing further":
        return f"{said.player}: and {said.words}"
    return f"{said.player}: {said.words}"


def _event_words(event: ScoreEvent, cards: _Cards) -> str:
    shown = f" ({cards(event.cards)})" if event.cards else ""
    return f"{event.player} +{event.points} {event.reason}{shown}"


def _trick_lines(view: _View, cards: _Cards) -> list[str]:
    lines: list[str] = []
    if view.of.trick:
        leader = view.of.tricks[-1].winner if view.of.tricks else view.of.dealer.other
        lines += _wrap("trick", f"{leader} led {cards(view.of.trick)}")
    if view.of.tricks:
        won = [sum(t.winner is p for t in view.of.tricks) for p in (Player.A, Player.B)]
        played = ", ".join(
            f"{cards((t.lead, t.follow))} ({t.winner})".replace(" ", _TIE) for t in view.of.tricks
        )
        lines += _wrap("tricks", f"A {won[0]}, B {won[1]}: {played}")
    return lines


def _score_words(view: _View) -> str:
    game = f"game A {view.of.scores[0]}, B {view.of.scores[1]}"
    if view.of.deal_number == 0:
        return game
    deal = "last deal" if view.of.phase is Phase.DEAL else "this deal"
    return f"{deal} A {view.of.deal_scores[0]}, B {view.of.deal_scores[1]}; {game}"


def _legal_words(legal: Sequence[Action]) -> str:
    if len(legal) <= 8 or isinstance(legal[0], Play):
        return ", ".join(str(action).replace(" ", _TIE) for action in legal)
    return f"{len(legal)} legal actions, e.g. {legal[0]}"
