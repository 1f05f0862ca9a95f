"""Rulesets refuse a bad description or packets; house options say which rulesets lack
them; the rule helpers refuse what is not a card and score what is not a sequence."""

from __future__ import annotations

import pytest

import piquet as pq
from piquet.rules import HOUSE_OPTIONS
from piquet.rules.combinations import rank_of_bit, sequence_score
from piquet.rules.protocols import card_at


def test_a_ruleset_refuses_a_description_that_is_not_text() -> None:
    with pytest.raises(ValueError, match=r"description: must be a string \(got 3\)"):
        pq.RUBICON.evolve(description=3)


@pytest.mark.parametrize("packets", [(), (5,), (2, "3")], ids=["none", "five", "text"])
def test_a_ruleset_refuses_packets_that_do_not_divide_twelve(packets: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match=r"packets: sizes dividing 12 \(1, 2, 3, 4 or 6\); got"):
        pq.RUBICON.evolve(packets=packets)


def test_an_option_a_ruleset_lacks_has_no_current_value() -> None:
    deals = HOUSE_OPTIONS["deals"]
    assert deals.takes(pq.RUBICON) and not deals.takes(pq.AU_CENT)
    assert deals.current(pq.RUBICON) == 6
    with pytest.raises(AttributeError, match="deals: au_cent's game has no such option"):
        deals.current(pq.AU_CENT)


def test_a_race_nobody_reached_is_drawn_for_nothing() -> None:
    assert pq.AU_CENT.game.settle((80, 95), None) == (None, 0)
    assert pq.AU_CENT.game.settle((101, 95), pq.Player.A) == (pq.Player.A, 1)


@pytest.mark.parametrize("index", [-1, 64, 10_000])
def test_card_at_refuses_what_is_not_a_card_index(index: int) -> None:
    with pytest.raises(ValueError, match=f"not a card index: {index}"):
        card_at(index)


def test_card_at_and_rank_of_bit_read_a_card_index() -> None:
    ace = pq.Card.parse("AH")
    assert card_at(ace.index) is ace
    assert rank_of_bit(ace.index) is ace.rank


@pytest.mark.parametrize(("length", "points"), [(0, 0), (2, 0), (3, 3), (4, 4), (5, 15), (8, 18)])
def test_a_sequence_scores_its_length_and_ten_more_from_five(length: int, points: int) -> None:
    assert sequence_score(length) == points
