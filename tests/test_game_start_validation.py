"""new_game, new_deal and resume_game refuse bad arguments with an error naming the
argument and what is wrong with it."""

from __future__ import annotations

from typing import Any

import pytest

import piquet as pq

ELDER = "AS KS QS JS 10S 9S AH KH QH AD KD AC"
YOUNGER = "8S 7S JH 10H 9H 8H QD JD 10D KC QC JC"
STOCK = "7H 9D 8D 7D 10C 9C 8C 7C"


@pytest.mark.parametrize("start", [pq.new_game, pq.resume_game])
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ruleset": "rubicon"}, TypeError, "ruleset must be a piquet.Ruleset, not str"),
        ({"dealer": "A"}, ValueError, r"dealer must be pq.Player.A or pq.Player.B \(got 'A'\)"),
        ({"dealer": pq.CHANCE}, ValueError, "dealer must be pq.Player.A or pq.Player.B"),
        (
            {"declarations": "spoken"},
            ValueError,
            r"declarations must be 'auto' or 'played' \(got 'spoken'\)",
        ),
    ],
    ids=["ruleset-name", "dealer-letter", "dealer-chance", "declarations"],
)
def test_a_game_refuses_bad_options(
    start: Any, kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        start(**kwargs)


def deal(**changes: object) -> pq.State:
    cards: dict[str, Any] = {"elder": ELDER, "younger": YOUNGER, "stock": STOCK}
    cards.update(changes)
    return pq.new_deal(pq.RUBICON, **cards)


def test_new_deal_takes_good_cards_in_any_form() -> None:
    as_text = deal()
    as_cards = deal(
        elder=pq.cards(ELDER),
        younger=YOUNGER.split(),
        stock=[pq.Card.parse(c) for c in STOCK.split()],
    )
    assert as_text == as_cards
    assert as_text.hand(pq.Player.A) == pq.cards(ELDER)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stock": "7H 9D 8D 7D 10C 9C 8C ZZ"}, "stock: .*ZZ"),
        ({"stock": [7, 8]}, "stock: "),
        ({"elder": "AS KS QS JS 10S 9S AH KH QH AD KD 1C"}, "elder: .*1C"),
        ({"elder": "AS KS QS"}, "elder: a hand has 12 cards, not 3"),
        ({"younger": YOUNGER + " 7H"}, "younger: a hand has 12 cards, not 13"),
        ({"stock": "7H 9D 8D 7D 10C 9C 8C"}, "stock: must have 8 cards, not 7"),
        ({"younger": "AS 7S JH 10H 9H 8H QD JD 10D KC QC JC"}, "younger: AS also in the elder's"),
        ({"stock": "7H 7H 8D 7D 10C 9C 8C 7C"}, "stock: 7H appears twice"),
        (
            {"elder": "6S KS QS JS 10S 9S AH KH QH AD KD AC"},
            "the cards must be the 32-card pack; not in it: 6S",
        ),
    ],
    ids=[
        "stock-not-a-card",
        "stock-not-text",
        "elder-not-a-card",
        "short-elder",
        "long-younger",
        "short-stock",
        "card-in-both-hands",
        "card-twice-in-stock",
        "card-of-another-pack",
    ],
)
def test_new_deal_refuses_cards_that_are_not_the_pack_once(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        deal(**changes)


def test_resume_refuses_a_sheet_whose_totals_overflow() -> None:
    big = 600_000
    with pytest.raises(ValueError, match="score_sheet: totals above 1048575 are not kept"):
        pq.resume_game(pq.RUBICON, score_sheet=[(big, 0), (big, 0)])


PARTIE = pq.AU_CENT.evolve(name="au cent, best of three", games_to_win=2)


def test_resume_takes_the_finished_games_of_a_partie() -> None:
    won = pq.Result(pq.Player.A, (101, 40), 1)
    state = pq.resume_game(PARTIE, games=[won])
    assert state.to_move is pq.CHANCE and state.scores == (0, 0)


def test_resume_refuses_a_game_that_is_not_a_result() -> None:
    with pytest.raises(
        ValueError, match=r"games: each game is a piquet.Result \(got \(101, 40\)\)"
    ):
        pq.resume_game(PARTIE, games=[(101, 40)])  # type: ignore[list-item]


def test_resume_refuses_the_games_of_a_partie_already_won() -> None:
    won = pq.Result(pq.Player.B, (40, 101), 1)
    with pytest.raises(ValueError, match="games: the partie was over after 2 games"):
        pq.resume_game(PARTIE, games=[won, won])
