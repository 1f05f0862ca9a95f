"""``au_cent_101``: piquet au cent played to 101.

Source: ``seeds/000_*.txt``: "Hoyle adhered to this, but at some later period the 100 was
altered to 101. This was also the ordinary way of playing the game in France"; seed 003:
"played to 100 or 101 points"; RULES.md R-GM-2 and section 9.
"""

from __future__ import annotations

from ruleset_helpers import A, B, ledger
from seed_data import SEED_002, SEED_002_DECLARATIONS, SEED_002_EXCHANGE, SEED_002_PLAY
from test_ruleset_au_cent import DEAL_FOUR, DEAL_FOUR_ACTIONS, three_deals

import piquet as pq
from conftest import play_out

R = pq.Reason
AU_CENT_101 = pq.AU_CENT_101


def test_preset_fields() -> None:
    """Seed 000: the 100 "altered to 101"; all else is piquet au cent."""
    assert pq.find_ruleset("au_cent_101") is AU_CENT_101
    assert AU_CENT_101.game == pq.Race(target=101, double_below=50)
    to_101 = pq.AU_CENT.evolve(
        name="au_cent_101", description=AU_CENT_101.description, title=AU_CENT_101.title, target=101
    )
    assert to_101 == AU_CENT_101


def test_R_GM_2_one_hundred_is_not_enough() -> None:
    """The game of seed 000's deals of ``test_ruleset_au_cent``: at 100 up A's trios win
    the game; at 101 up the deal goes on. B's first lead makes him 100, and A, taking the
    trick with his ace, reaches 101 and wins at once (B has 100: a single game)."""
    state = three_deals(AU_CENT_101)
    assert state.scores == (94, 89)
    state = play_out(state.apply(DEAL_FOUR), DEAL_FOUR_ACTIONS)
    assert state.scores == (100, 99) and state.phase is pq.Phase.PLAY
    state = play_out(state, ["play KH"])
    assert state.scores == (100, 100) and not state.is_over
    state = play_out(state, ["play AH"])
    assert ledger(state)[-2:] == [(B, R.LEAD, 1), (A, R.WIN, 1)]
    assert state.is_over and state.result == pq.Result(A, (101, 100), 1)


def test_worked_deal() -> None:
    """Seed 002 (Britannica, by Cavendish), as one deal of the game to 101: 28 to 23."""
    state = pq.new_deal(AU_CENT_101, **SEED_002)
    state = play_out(state, SEED_002_EXCHANGE)
    state = play_out(state, SEED_002_DECLARATIONS)
    assert ledger(state) == [
        (A, R.POINT, 5),
        (A, R.SEQUENCE, 4),
        (B, R.SET, 14),
        (B, R.SET, 3),
    ]
    state = play_out(state, SEED_002_PLAY)
    assert ledger(state)[4:] == [
        *[(A, R.LEAD, 1)] * 6,  # AH KH QH JH 8H KD
        (B, R.WIN, 1),  # AD takes KD
        *[(B, R.LEAD, 1)] * 5,  # AC KC QC 10C QS
        (A, R.WIN, 1),  # AS takes QS
        (A, R.LEAD, 1),  # JS
        (A, R.LAST_TRICK, 1),
        (A, R.CARDS, 10),
    ]
    assert state.deal_scores == (28, 23) and state.tricks_won == (7, 5)
