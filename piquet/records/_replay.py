"""How a game started, as both formats' headers store it, and its actions replayed from
there through the rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal

from ..actions import Action, parse_action
from ..cards import excerpt
from ..engine import IllegalActionError, State, new_deal, new_game, resume_game
from ..words import CHANCE, Player, Result, Resumed
from ._errors import RecordError, short_message
from ._rulesets import ruleset_from_dict, ruleset_to_dict


def start_of(state: State) -> State:
    """The state the game (or deal) of ``state`` started from."""
    declarations: Literal["played", "auto"] = "auto" if state.auto_declarations else "played"
    if state.resumed is not None:
        return _resume(state.ruleset, state.first_dealer, declarations, state.resumed)
    origin = state.origin
    if origin is None:
        return new_game(state.ruleset, dealer=state.first_dealer, declarations=declarations)
    return new_deal(
        state.ruleset,
        elder=origin.elder,
        younger=origin.younger,
        stock=origin.stock,
        dealer=state.first_dealer,
        declarations=declarations,
    )


def replay(state: Any) -> Iterator[tuple[Any, Action]]:
    """Every (state before, action) of the game so far, from its start."""
    current = start_of(state)
    for action in state.history:
        yield current, action
        current = current.apply(action)


def apply_all(
    start: Any, actions: list[tuple[str, str | None]], where: Callable[[int], str]
) -> Any:
    """The state after a record's actions (each with who it is marked as made by, or
    None), a :class:`RecordError` naming ``where(number)`` of the first that is wrong."""
    state = start
    for number, (text, who) in enumerate(actions):
        try:
            action = parse_action(text)
        except ValueError as exc:
            raise RecordError(f"{where(number)}: {short_message(exc)}") from None
        if who is not None:
            mover = state.to_move
            expected = "chance" if mover is CHANCE else str(mover)
            if who != expected:
                marked = who if who in ("A", "B", "chance") else excerpt(who)
                raise RecordError(
                    f"{where(number)}: {excerpt(text)} is marked {marked} but {expected} is to move"
                )
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where(number)}: {short_message(exc)}") from None
    return state


def _resume(ruleset: Any, dealer: Player, declarations: Any, resumed: Any) -> State:
    return resume_game(
        ruleset,
        dealer=dealer,
        declarations=declarations,
        score_sheet=resumed.score_sheet,
        games=resumed.games,
        deal_number=resumed.deal_number,
    )


def _resumed_to_dict(resumed: Any) -> dict[str, Any]:
    return {
        "deal": resumed.deal_number,
        "sheet": [list(row) for row in resumed.score_sheet],
        "games": [
            [None if g.winner is None else g.winner.name, *g.scores, g.points]
            for g in resumed.games
        ],
    }


def resumed_from_dict(data: Any, where: str) -> Any:
    """Read back a header's ``resume``, validating it."""
    if not isinstance(data, dict) or set(data) != {"deal", "sheet", "games"}:
        raise RecordError(f"{where}: resume must hold deal, sheet and games, and only them")
    deal, sheet, games = data["deal"], data["sheet"], data["games"]
    if not _is_count(deal):
        raise RecordError(f"{where}: resume deal: expected a whole number, not {excerpt(deal)}")
    if not isinstance(sheet, list) or not all(
        isinstance(row, list) and len(row) == 2 and all(map(_is_count, row)) for row in sheet
    ):
        raise RecordError(
            f"{where}: resume sheet: expected pairs of whole numbers, not {excerpt(sheet)}"
        )
    if not isinstance(games, list) or not all(
        isinstance(game, list)
        and len(game) == 4
        and game[0] in (None, "A", "B")
        and all(map(_is_count, game[1:]))
        for game in games
    ):
        raise RecordError(
            f"{where}: resume games: expected [winner or null, score, score, points]"
            f" for each game, not {excerpt(games)}"
        )
    return Resumed(
        deal,
        tuple((a, b) for a, b in sheet),
        tuple(Result(None if w is None else Player[w], (a, b), p) for w, a, b, p in games),
    )


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def start_from(data: dict[str, Any], where: str) -> Any:
    """The state a header (as :func:`header_of` makes it) says the game started from, a
    :class:`RecordError` naming ``where`` if it is wrong."""
    try:
        ruleset = ruleset_from_dict(data.get("ruleset"))
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    declarations = data.get("declarations", "played")
    if declarations not in ("played", "auto"):
        raise RecordError(
            f"{where}: declarations must be 'played' or 'auto', not {excerpt(declarations)}"
        )
    dealer_text = data.get("dealer", "B")
    if dealer_text not in ("A", "B"):
        raise RecordError(f"{where}: dealer must be 'A' or 'B', not {excerpt(dealer_text)}")
    dealer = Player[dealer_text]
    origin = data.get("origin")
    try:
        if "resume" in data:
            resumed = resumed_from_dict(data["resume"], where)
            return _resume(ruleset, dealer, declarations, resumed)
        if origin is None:
            return new_game(ruleset, dealer=dealer, declarations=declarations)
        if not isinstance(origin, dict):
            raise RecordError(f"{where}: origin must be an object")
        return new_deal(
            ruleset,
            elder=origin.get("elder", ""),
            younger=origin.get("younger", ""),
            stock=origin.get("stock", ""),
            dealer=dealer,
            declarations=declarations,
        )
    except RecordError:
        raise
    except (TypeError, ValueError) as exc:
        raise RecordError(f"{where}: {short_message(exc)}") from None


def header_of(state: State) -> dict[str, Any]:
    """How the game of ``state`` started, as plain data: its ruleset, declarations, first
    dealer, and the resumed score or the dealt cards it started from, if any."""
    head: dict[str, Any] = {
        "ruleset": ruleset_to_dict(state.ruleset),
        "declarations": "auto" if state.auto_declarations else "played",
        "dealer": state.first_dealer.name,
    }
    if state.resumed is not None:
        head["resume"] = _resumed_to_dict(state.resumed)
    origin = state.origin
    if origin is not None:
        head["origin"] = {
            "elder": str(origin.elder),
            "younger": str(origin.younger),
            "stock": " ".join(map(str, origin.stock)),
        }
    return head
