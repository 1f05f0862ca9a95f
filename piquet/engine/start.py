"""Starting a game or a deal: :func:`new_game`, :func:`new_deal`, :func:`resume_game`
and the cut for the first deal (R-DL-3).

>>> import piquet as pq
>>> pq.new_game(pq.RUBICON).deal_number
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from ..cards import Card, CardSet, cards, trusted_cardset
from ..rules import RUBICON, Ruleset
from ..words import CHANCE, Phase, Player, Result, Resumed
from . import deal, play
from .end import game_points
from .parts import FRESH_RACE, MAX_TOTAL, NO_DECLARATIONS, Context, Game, pack_scores
from .state import State
from .tables import tables_for

if TYPE_CHECKING:
    import random

__all__ = ["cut", "new_deal", "new_game", "resume_game"]


def _to_cardset(value: CardSet | str | Iterable[Card | str], what: str) -> CardSet:
    try:
        return cards(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what}: {exc}") from None


def _new_state(ruleset: Ruleset, dealer: Player, auto: bool, single: bool) -> State:
    state = object.__new__(State)
    game = Game(dealer, 0, (), auto, single, None, ruleset.game.target)
    tables = tables_for(ruleset)
    state._ctx = Context(ruleset, tables, game, dealer, None, None, None, NO_DECLARATIONS)
    state._phase = Phase.DEAL
    state._to_move = CHANCE
    state._hands = 0  # both hands, see parts.hand_of
    state._lead = -1
    state._tricks = play.NO_TRICKS
    state._scores = 0  # see parts.pack_scores
    state._events = None
    state._race = FRESH_RACE
    state._history = None
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
    ruleset = RUBICON if ruleset is None else ruleset
    auto = _check_options(ruleset, dealer, declarations)
    elder_set = _to_cardset(elder, "elder")
    younger_set = _to_cardset(younger, "younger")
    stock_list = _read_stock(stock)
    _check_cards(ruleset, elder_set, younger_set, stock_list)
    state = _new_state(ruleset, dealer, auto, single=True)
    deal.start_deal(state, elder_set.mask, younger_set.mask, tuple(c.index for c in stock_list))
    ctx = state._ctx
    state._ctx = ctx._replace(game=ctx.game._replace(origin=ctx.setup))
    return state


def _read_stock(stock: Sequence[Card | str] | str) -> list[Card]:
    stock_cards = stock.replace(",", " ").split() if isinstance(stock, str) else list(stock)
    try:
        stock_list = [c if isinstance(c, Card) else Card.parse(c) for c in stock_cards]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"stock: {exc}") from None
    return stock_list


def _check_cards(ruleset: Ruleset, elder: CardSet, younger: CardSet, stock: list[Card]) -> None:
    """The hands and the stock are the ruleset's pack, each card once (R-DL)."""
    for name, hand in (("elder", elder), ("younger", younger)):
        if len(hand) != 12:
            raise ValueError(f"{name}: a hand has 12 cards, not {len(hand)}")
    if len(stock) != ruleset.stock_size:
        raise ValueError(f"stock: must have {ruleset.stock_size} cards, not {len(stock)}")
    seen = elder.mask
    if seen & younger.mask:
        raise ValueError(
            f"younger: {trusted_cardset(seen & younger.mask)} also in the elder's hand"
        )
    seen |= younger.mask
    for card in stock:
        if seen & card.mask:
            raise ValueError(f"stock: {card} appears twice")
        seen |= card.mask
    expected = tables_for(ruleset).pack_mask
    if seen != expected:
        raise ValueError(
            f"the cards must be the {ruleset.pack_size}-card pack; not in it: "
            f"{trusted_cardset(seen & ~expected)}"
        )


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
    ruleset = RUBICON if ruleset is None else ruleset
    auto = _check_options(ruleset, dealer, declarations)
    sheet, totals = _read_sheet(ruleset, score_sheet)
    finished = _read_games(ruleset, games)
    dealt = len(sheet) if deal_number is None else deal_number
    if type(dealt) is not int or dealt < len(sheet):
        raise ValueError(
            f"deal_number: at least the {len(sheet)} deals of the sheet (got {dealt!r})"
        )
    state = _new_state(ruleset, dealer, auto, single=False)
    resumed = Resumed(dealt, sheet, finished)
    ctx = state._ctx
    state._ctx = ctx._replace(
        game=ctx.game._replace(deal_number=dealt, sheet=sheet, games=finished, resumed=resumed)
    )
    state._scores = pack_scores(totals[0], totals[1], 0, 0)
    return state


def _read_sheet(
    ruleset: Ruleset, score_sheet: Iterable[tuple[int, int]]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, int]]:
    """The deals of a score sheet, checked, and their totals."""
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
        if max(totals) > MAX_TOTAL:
            raise ValueError(f"score_sheet: totals above {MAX_TOTAL} are not kept")
        sheet.append(row)
        if ruleset.game.over_after_deal(len(sheet), totals):
            raise ValueError(f"score_sheet: the game is over after {len(sheet)} deals")
    return tuple(sheet), totals


def _read_games(ruleset: Ruleset, games: Iterable[Result]) -> tuple[Result, ...]:
    """The finished games of a partie of several games, checked."""
    finished = tuple(games)
    for game in finished:
        if not isinstance(game, Result):
            raise ValueError(f"games: each game is a piquet.Result (got {game!r})")
    needed = ruleset.game.games_to_win
    if finished and needed == 1:
        raise ValueError(f"games: {ruleset.name} is a single game, so no game came before")
    won = game_points(finished)
    if finished and max(won) >= needed:
        raise ValueError(f"games: the partie was over after {len(finished)} games")
    return finished


def cut(ruleset: Ruleset, rng: random.Random) -> Player:
    """Cut for the first deal (R-DL-3) and return the first dealer.

    Player A cuts a card, then player B; equal ranks cut again. Where the ruleset says
    ``lower_cut_deals`` (au cent, Cotton) the lower card deals; otherwise the higher card
    has the choice of deal (Cavendish, law 4) and takes it, since dealing first means not
    dealing the last deal of the partie (a modern online rules page).

    >>> import random
    >>> import piquet as pq
    >>> pq.cut(pq.RUBICON, random.Random(1)) in (pq.Player.A, pq.Player.B)
    True
    """
    cards_in_pack = tables_for(ruleset).pack
    while True:
        a, b = rng.sample(cards_in_pack, 2)
        if a.rank != b.rank:
            break
    a_higher = a.rank > b.rank
    a_deals = not a_higher if ruleset.lower_cut_deals else a_higher
    return Player.A if a_deals else Player.B
