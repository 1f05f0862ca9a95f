"""``au_cent``: piquet au cent, the game of 100 (seed 000, Hoyle's Games Modernized).

Sources: ``seeds/000_*.txt`` ("The Final Score": the original game of 100, scores reckoned
in order of precedence); ``sources/cavendish-laws-of-piquet-au-cent.md`` (the lower cut
deals; "a game is one hundred up"; the double game); RULES.md R-GM-2 and section 9.
"""

from __future__ import annotations

import random

from ruleset_helpers import A, B, deal_of, ledger
from seed_data import (
    MAXIMUM_170,
    MAXIMUM_170_HAND,
    SEED_000,
    SEED_000_DECLARATIONS,
    SEED_000_EXCHANGE,
    SEED_000_PLAY,
    SEED_002,
    SEED_002_DECLARATIONS,
    SEED_002_EXCHANGE,
    SEED_002_PLAY,
)

import piquet as pq
from conftest import play_out

R = pq.Reason
AU_CENT = pq.AU_CENT


def test_preset_fields() -> None:
    """Seed 000: "the game consisted of 100 points ... the whole added up until the 100
    limit is reached by one of the parties"; Cavendish's au cent laws: "The player who cuts
    the lower card has to deal", "A player scoring a hundred before his adversary has scored
    fifty wins a double game". Otherwise the deal is Rubicon's."""
    assert pq.find_ruleset("au_cent") is AU_CENT
    assert AU_CENT.game == pq.Race(target=100, double_below=50)
    assert AU_CENT.lower_cut_deals
    assert AU_CENT.evolve(game=pq.RUBICON.game, lower_cut_deals=False) == pq.RUBICON.evolve(
        name="au_cent", description=AU_CENT.description, title=AU_CENT.title
    )


def test_R_DL_3_the_lower_cut_deals() -> None:
    """Cavendish, au cent: "The player who cuts the lower card has to deal"; at Rubicon the
    higher card has the choice. The same cards cut, the other player deals."""
    for seed in range(20):
        assert pq.cut(AU_CENT, random.Random(seed)) is pq.cut(pq.RUBICON, random.Random(seed)).other


# ------------------------------------------------------------------ seed 000's deal


def test_worked_deal() -> None:
    """Seed 000's example, played as the game of 100 it was written for: A scores 24 in
    hand and 25 with his first lead; B "I score 14 for four queens, and 3 for three kings";
    A "I score 1 for the last trick, 33, and 10 for the cards; that makes me in all 43"; B
    "And I score 23"."""
    state = play_out(pq.new_deal(AU_CENT, **SEED_000), SEED_000_EXCHANGE)
    assert state.stock == ()  # five and three: the stock is taken
    state = play_out(state, SEED_000_DECLARATIONS)
    assert ledger(state) == [
        (A, R.POINT, 6),
        (A, R.SEQUENCE, 15),
        (A, R.SEQUENCE, 3),
        (B, R.SET, 14),
        (B, R.SET, 3),
    ]
    state = play_out(state, SEED_000_PLAY)
    # Hoyle's running count: A 25 26 26 26 26 26 26 27 28 29 30 31 32, 33, 43;
    # B 17 18 19 20 21 22 23 and 23 to the end.
    assert ledger(state)[5:] == [
        (A, R.LEAD, 1),  # AD: 25
        (A, R.LEAD, 1),  # 7D: 26
        (B, R.WIN, 1),  # KD takes it: 18
        (B, R.LEAD, 1),  # AC
        (B, R.LEAD, 1),  # KC
        (B, R.LEAD, 1),  # QC
        (B, R.LEAD, 1),  # 8C
        (B, R.LEAD, 1),  # KS: 23
        (A, R.WIN, 1),  # AS takes it: 27
        *[(A, R.LEAD, 1)] * 5,  # JD 10D 9D 8D AH: 32
        (A, R.LAST_TRICK, 1),  # 33
        (A, R.CARDS, 10),  # 43
    ]
    assert state.deal_scores == (43, 23)
    assert state.result == pq.Result(A, (43, 23), 20)  # a single deal: its difference


# ------------------------------------------------------------------ the race

DEAL_002 = deal_of(SEED_002["elder"], SEED_002["younger"], SEED_002["stock"])
DEAL_000 = deal_of(SEED_000["elder"], SEED_000["younger"], SEED_000["stock"])
DEAL_FOUR = deal_of(
    "KH QH JH 10H 8H 8D 9S 7S 9D 7D 9C AC",
    "AS KS QS JD AH 9H AD KD QD KC 10C 7C",
    "7H 8S JS 10S 10D QC JC 8C",
)
DEAL_FOUR_ACTIONS = [
    "discard 8D",  # B takes the 7H
    "discard JD",  # A takes the 8S
    "leave unseen",
    "call point KH QH JH 10H 8H 7H",  # B: point of six, 95
    "good point",
    "call sequence KH QH JH 10H",  # B: quart to the king, 99
    "good sequence",
    "pass set",
    "call set AS AH AD",  # A: three aces, 97
    "reckon set KS KD KC",  # and three kings: 100
]


def three_deals(rules: pq.Ruleset) -> pq.State:
    """Seed 002's deal, then seed 000's twice, dealt by B, A, B: A 94, B 89."""
    state = pq.new_game(rules, dealer=B)
    for deal, exchange, declarations, play in (
        (DEAL_002, SEED_002_EXCHANGE, SEED_002_DECLARATIONS, SEED_002_PLAY),
        (DEAL_000, SEED_000_EXCHANGE, SEED_000_DECLARATIONS, SEED_000_PLAY),
        (DEAL_000, SEED_000_EXCHANGE, SEED_000_DECLARATIONS, SEED_000_PLAY),
    ):
        state = play_out(state.apply(deal), [*exchange, *declarations, *play])
    return state


def test_R_GM_2_deals_go_on_until_a_player_reaches_100() -> None:
    """Seed 000: "the score of each hand is registered ... and the whole added up until the
    100 limit is reached by one of the parties". Three deals (28-23, 23-43, 43-23)."""
    state = three_deals(AU_CENT)
    assert state.score_sheet == ((28, 23), (23, 43), (43, 23))
    assert state.scores == (94, 89) and not state.is_over
    assert state.phase is pq.Phase.DEAL and state.dealer is A


def test_R_GM_2_the_younger_hand_scores_outrank_the_elders_first_lead() -> None:
    """Seed 000: "the scores, whether obtained by the elder hand or by the dealer, shall be
    reckoned in the following order of precedence ... 4. Quatorzes and trios. 5. Points made
    in play"; "the one who first reaches 100 will have won the game". In the fourth deal B,
    elder, reaches 99 in hand and would make 100 with his first lead; but A's trios, though
    called after, rank before it: A reaches 100 and wins at once. B has 50 or more: a single
    game."""
    state = three_deals(AU_CENT).apply(DEAL_FOUR)
    state = play_out(state, DEAL_FOUR_ACTIONS[:7])
    assert state.scores == (94, 99)
    state = play_out(state, DEAL_FOUR_ACTIONS[7:])
    assert ledger(state) == [(B, R.POINT, 6), (B, R.SEQUENCE, 4), (A, R.SET, 3), (A, R.SET, 3)]
    assert state.is_over and state.phase is pq.Phase.OVER
    assert state.result == pq.Result(A, (100, 99), 1)
    assert state.score_sheet[-1] == (6, 10)


def test_R_GM_2_the_deal_stops_at_100_and_a_double_game_below_50() -> None:
    """Cavendish, au cent: "A player scoring a hundred before his adversary has scored fifty
    wins a double game". Seed 000's maximum hand in the first deal: the repique makes 103
    and the game ends there, the third quatorze never reckoned, no card played."""
    state = pq.new_game(AU_CENT).apply(
        deal_of(MAXIMUM_170["elder"], MAXIMUM_170["younger"], MAXIMUM_170["stock"])
    )
    state = play_out(state, MAXIMUM_170_HAND)
    assert ledger(state)[-3:] == [(A, R.SET, 14), (A, R.SET, 14), (A, R.REPIQUE, 60)]
    assert state.is_over and state.tricks_won == (0, 0)
    assert state.result == pq.Result(A, (103, 0), 2)
