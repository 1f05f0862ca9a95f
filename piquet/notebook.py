"""Rich display in notebooks: cards as small inline SVG, a state as a table-top.

Under IPython (Jupyter, VS Code, Colab...) ``import piquet`` has the shell draw a
``CardSet``, a ``State`` and an ``Observation`` with these functions
(:func:`register_formatters`: the display is registered from here, so that the core
objects know nothing of notebooks). ``%load_ext piquet.notebook`` does the same in a
shell started after piquet was imported. You may also call them yourself
(``IPython.display.HTML(html_state(state))``). The HTML is one well-formed element with
no image files and no scripts: each card is an ``<svg>`` in its suit's colour, whose
``<title>`` is the card in the notation (``KH``).

A state is seen from the whole table (both hands face up); an observation from its
player's seat (the opponent's cards face down, but for those he knows).

>>> import piquet as pq
>>> html = html_cardset(pq.cards("AS 10H"))
>>> html.count("<svg"), "<title>AS</title>" in html, "<title>10H</title>" in html
(2, True, True)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from .cards import Card, CardSet, Suit
from .engine import State
from .narrate import hand_text, narrate, score_sheet
from .observation import Observation
from .records import loads
from .words import CHANCE, Player

__all__ = [
    "html_card",
    "html_cardset",
    "html_observation",
    "html_record",
    "html_state",
    "load_ipython_extension",
    "register_formatters",
]

_RED = "#c0392b"
_BLACK = "#1a1a1a"
_BACK = "#2c5aa0"
_WIDTH, _HEIGHT = 34, 48
_STYLE = "font-family:sans-serif;font-size:13px;line-height:1.3"


def _colour(suit: Suit) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def html_card(card: Card) -> str:
    """One card face up: an inline SVG with the rank at its corner and the suit symbol.

    >>> import piquet as pq
    >>> print(html_card(pq.Card.parse("QD"))[:60])
    <svg xmlns="http://www.w3.org/2000/svg" class="pq-card" data
    """
    colour = _colour(card.suit)
    rank = escape(str(card.rank))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pq-card" data-card="{card}" '
        f'width="{_WIDTH}" height="{_HEIGHT}" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'role="img" style="margin:1px">'
        f"<title>{card}</title>"
        f'<rect x="0.5" y="0.5" width="{_WIDTH - 1}" height="{_HEIGHT - 1}" rx="4" '
        f'fill="white" stroke="#888"/>'
        f'<text x="4" y="14" font-family="sans-serif" font-size="12" font-weight="bold" '
        f'fill="{colour}">{rank}</text>'
        f'<text x="{_WIDTH // 2}" y="38" font-family="sans-serif" font-size="20" '
        f'text-anchor="middle" fill="{colour}">{card.suit.symbol}</text>'
        "</svg>"
    )


def _back() -> str:
    """A card face down."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pq-back" width="{_WIDTH}" '
        f'height="{_HEIGHT}" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" style="margin:1px">'
        "<title>a card face down</title>"
        f'<rect x="0.5" y="0.5" width="{_WIDTH - 1}" height="{_HEIGHT - 1}" rx="4" '
        f'fill="{_BACK}" stroke="#888"/>'
        f'<rect x="4" y="4" width="{_WIDTH - 8}" height="{_HEIGHT - 8}" rx="2" fill="none" '
        'stroke="white" stroke-opacity="0.6"/>'
        "</svg>"
    )


def _row(cards: Iterable[Card], backs: int = 0) -> str:
    """Cards in a row, a gap between suits, then ``backs`` cards face down."""
    parts: list[str] = []
    suit = None
    for card in cards:
        if suit is not None and card.suit is not suit:
            parts.append('<span style="display:inline-block;width:8px"></span>')
        suit = card.suit
        parts.append(html_card(card))
    parts.extend(_back() for _ in range(backs))
    if not parts:
        return '<span style="color:#888">none</span>'
    return "".join(parts)


def html_cardset(cards: CardSet) -> str:
    """A set of cards, in its order (by suit, high to low), as inline SVG.

    >>> import piquet as pq
    >>> html_cardset(pq.cards("")).endswith("none</span></div>")
    True
    """
    label = escape(hand_text(cards)) or "no cards"
    return (
        f'<div class="pq-cardset" title="{label}" style="{_STYLE};white-space:nowrap">'
        f"{_row(cards)}</div>"
    )


def _line(label: str, body: str) -> str:
    return (
        f'<tr><th style="text-align:left;vertical-align:middle;padding-right:8px">'
        f"{escape(label)}</th><td>{body}</td></tr>"
    )


def _scores(deal_scores: Sequence[int], scores: Sequence[int]) -> str:
    return f"deal: A {deal_scores[0]}, B {deal_scores[1]}; game: A {scores[0]}, B {scores[1]}"


def _sheet(sheet: Sequence[Sequence[int]], scores: Sequence[int]) -> str:
    rows = "".join(
        f"<tr><td>deal {n}</td><td>{a}</td><td>{b}</td></tr>"
        for n, (a, b) in enumerate(sheet, start=1)
    )
    return (
        '<table class="pq-sheet" style="border-collapse:collapse;text-align:right">'
        "<tr><th></th><th>A</th><th>B</th></tr>"
        f"{rows}<tr><th>total</th><th>{scores[0]}</th><th>{scores[1]}</th></tr></table>"
    )


def _to_move(to_move: object) -> str:
    if to_move is None:
        return "the game is over"
    if to_move is CHANCE:
        return "the cards are to be dealt"
    return f"{to_move} to move"


def _title(ruleset_title: str, deal_number: int, phase: str, to_move: object) -> str:
    deal = f", deal {deal_number}" if deal_number else ""
    return (
        f'<div style="font-weight:bold">{escape(ruleset_title)}{deal}: {escape(phase)}, '
        f"{escape(_to_move(to_move))}</div>"
    )


def _table(title: str, rows: list[str]) -> str:
    return (
        f'<div class="pq-table" style="{_STYLE}">{title}'
        f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>'
    )


def _spoken_text(spoken: Sequence[object]) -> str:
    return escape("; ".join(str(s) for s in spoken))


def html_state(state: State) -> str:
    """The table-top seen by everyone at once: both hands, the stock face down, the
    trick, what was spoken, the scores and the score sheet.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> html = html_state(state)
    >>> html.count('class="pq-card"'), html.count('class="pq-back"')
    (24, 8)
    """
    rules = state.ruleset
    rows = []
    for player in (Player.A, Player.B):
        role = ""
        if state.deal_number:
            role = " (elder)" if player == state.elder else " (younger)"
        rows.append(_line(f"{player}{role}", _row(state.hand(player))))
    if state.deal_number:
        rows.append(_line("stock", _row((), backs=len(state.stock))))
        rows.append(_line("trick", _row(state.trick)))
    if state.spoken:
        rows.append(_line("spoken", _spoken_text(state.spoken)))
    rows.append(_line("scores", escape(_scores(state.deal_scores, state.scores))))
    if state.score_sheet:
        rows.append(_line("sheet", _sheet(state.score_sheet, state.scores)))
    title = _title(rules.title or rules.name, state.deal_number, state.phase.value, state.to_move)
    return _table(title, rows)


def html_observation(observation: Observation) -> str:
    """The table-top from the observer's seat: his hand, the opponent's cards face down
    (face up when he knows them, and a carte blanche he was shown), the stock cards he
    has seen, the trick, what was spoken, the scores.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> html = html_observation(state.observation(pq.Player.A))
    >>> html.count('class="pq-card"'), html.count('class="pq-back"')
    (12, 20)
    """
    seen = observation
    me, them = seen.player, seen.player.other
    rules = seen.ruleset
    known = seen.opponent_known
    rows = [
        _line(f"{me} (you)", _row(seen.hand)),
        _line(f"{them}", _row(known, backs=max(0, seen.opponent_hand_size - len(known)))),
    ]
    if seen.opponent_shown:
        rows.append(_line(f"{them}'s carte blanche", _row(seen.opponent_shown)))
    if seen.deal_number:
        rows.append(_line("stock", _row((), backs=seen.stock_size)))
        if seen.seen_stock:
            rows.append(_line("seen", _row(seen.seen_stock)))
        rows.append(_line("trick", _row(seen.trick)))
    if seen.spoken:
        rows.append(_line("spoken", _spoken_text(seen.spoken)))
    rows.append(_line("scores", escape(_scores(seen.deal_scores, seen.scores))))
    if seen.score_sheet:
        rows.append(_line("sheet", _sheet(seen.score_sheet, seen.scores)))
    title = _title(rules.title or rules.name, seen.deal_number, seen.phase.value, seen.to_move)
    return _table(title, rows)


def html_record(text: str) -> str:
    """A game record (:func:`piquet.dumps` text): the final table-top, the score sheet
    and the whole game told, folded.

    >>> import piquet as pq
    >>> html_record(pq.dumps(pq.new_game())).startswith('<div class="pq-record"')
    True
    """
    state = loads(text)
    told = "\n".join(narrate(state))
    sheet = "\n".join(score_sheet(state))
    return (
        f'<div class="pq-record" style="{_STYLE}">{html_state(state)}'
        f"<details><summary>The game told</summary><pre>{escape(told)}</pre></details>"
        f"<details><summary>Score sheet</summary><pre>{escape(sheet)}</pre></details></div>"
    )


def _drawings() -> tuple[tuple[type, Callable[[Any], str]], ...]:
    """The objects a notebook draws, each with the function that draws it."""
    return ((CardSet, html_cardset), (State, html_state), (Observation, html_observation))


def register_formatters(shell: Any = None) -> bool:
    """Have an IPython ``shell`` (by default the running one, if any) draw a
    :class:`~piquet.CardSet`, a :class:`~piquet.State` and an
    :class:`~piquet.Observation` as HTML with the functions of this module, through its
    ``text/html`` formatter (``for_type``). Returns whether there was a shell to tell.
    ``import piquet`` calls it when IPython is running.

    >>> register_formatters()  # no IPython shell here
    False
    """
    if shell is None:
        ipython = sys.modules.get("IPython")
        get_ipython = getattr(ipython, "get_ipython", None)
        shell = get_ipython() if callable(get_ipython) else None
    if shell is None:
        return False
    html = shell.display_formatter.formatters["text/html"]
    for kind, draw in _drawings():
        html.for_type(kind, draw)
    return True


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext piquet.notebook``: :func:`register_formatters` for that shell."""
    register_formatters(shell)
