"""The notebook picture of an observation shows only the rows that have something:
no stock before the first deal, the stock seen, what was spoken, the score sheet."""

from __future__ import annotations

from html import unescape

import pytest

import piquet as pq
from piquet.notebook import html_observation

ELDER = "AS KS QS JS 10S 9S AH KH QH AD KD AC"
YOUNGER = "8S 7S JH 10H 9H 8H QD JD 10D KC QC JC"
STOCK = "7H 9D 8D 7D 10C 9C 8C 7C"


def rows(observation: pq.Observation) -> list[str]:
    html = html_observation(observation)
    labels = html.split('padding-right:8px">')[1:]
    return [unescape(label.split("</th>")[0]) for label in labels]


def test_before_the_first_deal_there_is_no_stock_nor_trick() -> None:
    assert rows(pq.new_game().observation(pq.Player.A)) == ["A (you)", "B", "scores"]


def test_a_resumed_game_shows_its_score_sheet() -> None:
    seen = pq.resume_game(pq.RUBICON, score_sheet=[(30, 12)]).observation(pq.Player.B)
    assert rows(seen)[-2:] == ["scores", "sheet"]
    html = html_observation(seen)
    assert "<td>deal 1</td><td>30</td><td>12</td>" in html
    assert "game: A 30, B 12" in html


@pytest.fixture
def played_out() -> pq.State:
    state = pq.new_deal(pq.RUBICON, elder=ELDER, younger=YOUNGER, stock=STOCK)
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_play_shows_the_stock_seen_and_what_was_spoken(played_out: pq.State) -> None:
    seen = played_out.observation(pq.Player.A)
    assert seen.seen_stock and seen.spoken
    assert rows(seen) == ["A (you)", "B", "stock", "seen", "trick", "spoken", "scores"]
    assert "point of one" in html_observation(seen)


def test_a_carte_blanche_shown_has_its_own_row() -> None:
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS 10S 9S 8S 7S AH 10H 9H 8H AD 10D AC",  # no king, queen or jack
        younger="KS QS JS KH QH JH 7H KD QD JD 9D 8D",
        stock="7D KC QC JC 10C 9C 8C 7C",
    )
    while not state.observation(pq.Player.B).opponent_shown:
        state = state.apply(state.legal_actions()[0])
    assert "A's carte blanche" in rows(state.observation(pq.Player.B))
    assert "B's carte blanche" not in rows(state.observation(pq.Player.A))
