"""Notebook display: well-formed HTML with the cards drawn as inline SVG."""

from __future__ import annotations

import random
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

import piquet as pq
from piquet.bots import make, play_game
from piquet.notebook import (
    html_card,
    html_cardset,
    html_observation,
    html_record,
    html_state,
    load_ipython_extension,
    register_formatters,
)

SVG = "{http://www.w3.org/2000/svg}"


def _parse(html: str) -> ET.Element:
    return ET.fromstring(html)  # raises on anything not well-formed


def _cards_drawn(root: ET.Element) -> list[str]:
    return [
        title.text or ""
        for svg in root.iter(f"{SVG}svg")
        if svg.get("class") == "pq-card"
        for title in svg.iter(f"{SVG}title")
    ]


def _backs(root: ET.Element) -> int:
    return sum(1 for svg in root.iter(f"{SVG}svg") if svg.get("class") == "pq-back")


def _dealt(seed: int = 1) -> pq.State:
    state = pq.new_game(pq.RUBICON)
    return state.apply(state.sample_chance(random.Random(seed)))


@pytest.mark.parametrize("card", pq.pack(36))
def test_a_card_is_an_svg_in_its_suit_colour(card: pq.Card) -> None:
    svg = _parse(html_card(card))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("data-card") == str(card)
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert texts == [str(card.rank), card.suit.symbol]
    red = card.suit in (pq.Suit.HEARTS, pq.Suit.DIAMONDS)
    fills = {t.get("fill") for t in svg.iter(f"{SVG}text")}
    assert fills == ({"#c0392b"} if red else {"#1a1a1a"})


def test_a_cardset_draws_each_card_in_order() -> None:
    hand = pq.cards("AS 7S KH 10D 9C")
    root = _parse(html_cardset(hand))
    assert _cards_drawn(root) == [str(c) for c in hand]
    assert root.get("title") == "AS 7S  KH  10D  9C"
    assert "none" in html_cardset(pq.cards(""))


def test_a_state_shows_both_hands_the_stock_and_the_trick() -> None:
    state = _dealt()
    root = _parse(html_state(state))
    drawn = _cards_drawn(root)
    assert sorted(drawn) == sorted(str(c) for p in pq.Player for c in state.hand(p))
    assert _backs(root) == len(state.stock) == 8
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    lead = state.legal_actions()[0]
    state = state.apply(lead)
    root = _parse(html_state(state))
    assert str(lead.card) in _cards_drawn(root)  # type: ignore[union-attr]
    text = "".join(root.itertext())
    assert "deal: A " in text and "spoken" in text


def test_an_observation_hides_the_opponents_cards() -> None:
    state = _dealt()
    seen = state.observation(pq.Player.B)
    root = _parse(html_observation(seen))
    assert sorted(_cards_drawn(root)) == sorted(str(c) for c in state.hand(pq.Player.B))
    assert _backs(root) == 12 + 8
    assert "B (you)" in "".join(root.itertext())


def test_an_observation_shows_a_carte_blanche_once_shown() -> None:
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D",
        younger="KS QS JS KH QH JH KD QD JD KC QC JC",
        stock="9D 8D 7D AC 10C 9C 8C 7C",
    )
    state = state.apply(pq.ExchangeCount(5)).apply(pq.Exchange("JS JH JD"))
    root = _parse(html_observation(state.observation(pq.Player.B)))
    assert "A's carte blanche" in "".join(root.itertext())
    assert "AS" in _cards_drawn(root) and "KS" in _cards_drawn(root)


def test_a_finished_game_and_its_record() -> None:
    final = play_game(pq.RUBICON, [make("greedy"), make("random", seed=1)], random.Random(1))
    root = _parse(html_state(final))
    text = "".join(root.itertext())
    assert "the game is over" in text and "total" in text
    record = _parse(html_record(pq.dumps(final)))
    told = "".join(record.itertext())
    assert "Score sheet" in told and "Deal 6:" in told
    assert "wins" in told


def test_every_preset_renders() -> None:
    for ruleset in pq.RULESETS.values():
        state = pq.new_game(ruleset)
        state = state.apply(state.sample_chance(random.Random(3)))
        assert len(_cards_drawn(_parse(html_state(state)))) == 24
        _parse(html_observation(state.observation(pq.Player.A)))


class _HtmlFormatter:
    """IPython's ``text/html`` formatter, as far as piquet uses it."""

    def __init__(self) -> None:
        self.printers: dict[type, Callable[[Any], str]] = {}

    def for_type(self, kind: type, printer: Callable[[Any], str]) -> None:
        self.printers[kind] = printer

    def __call__(self, value: object) -> str | None:
        for kind in type(value).__mro__:  # as IPython looks a printer up
            if kind in self.printers:
                return self.printers[kind](value)
        return None


class _Shell:
    def __init__(self) -> None:
        self.html = _HtmlFormatter()
        self.display_formatter = SimpleNamespace(formatters={"text/html": self.html})


def test_cards_states_and_observations_draw_themselves_in_a_notebook() -> None:
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(3)))
    seen = state.observation(pq.Player.A)
    shell = _Shell()
    assert register_formatters(shell)
    assert shell.html(seen.hand) == html_cardset(seen.hand)
    assert shell.html(state) == html_state(state)
    assert shell.html(seen) == html_observation(seen)


def test_the_core_objects_know_nothing_of_notebooks() -> None:
    for kind in (pq.CardSet, pq.State, pq.Observation):
        assert not hasattr(kind, "_repr_html_")
    assert not register_formatters()  # no IPython shell running: nothing to tell


def test_importing_piquet_under_ipython_registers_the_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shell = _Shell()
    monkeypatch.setitem(sys.modules, "IPython", SimpleNamespace(get_ipython=lambda: shell))
    pq._draw_in_notebooks()
    assert set(shell.html.printers) == {pq.CardSet, pq.State, pq.Observation}


def test_the_ipython_extension_registers_the_display() -> None:
    shell = _Shell()
    load_ipython_extension(shell)
    assert shell.html(pq.cards("AS")) == html_cardset(pq.cards("AS"))


def test_an_observation_reads_as_text() -> None:
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(3)))
    text = str(state.observation(pq.Player.A))
    assert text.startswith("Rubicon piquet, deal 1 of 6: B deals, A is elder; you are A\n")
    assert f"\nstock        {len(state.stock)} cards\n" in text
