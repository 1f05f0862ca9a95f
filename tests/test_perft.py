"""Golden perft counts: the number of action sequences of each length from fixed
positions, as chess programs check their move generators.

The numbers were found by ``brute_perft`` below, a slow count written independently of
``legal_actions()``: at every node it tries every candidate action the rules could
possibly allow (all 36 cards; every subset of the hand as a discard; every count; every
call shaped like a claim; every reckoning) and keeps those that ``apply`` accepts. The
deeper numbers, too slow to brute-force on every run, were brute-forced once and are
hard-coded, so a regression anywhere in move generation changes a count.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from math import comb

import pytest
from seed_data import (
    SEED_000_DECLARATIONS,
    SEED_000_EXCHANGE,
    SEED_002_DECLARATIONS,
    SEED_002_EXCHANGE,
)
from test_seed_deals import seed_000_deal, seed_002_deal

import piquet as pq
from conftest import play_out
from piquet.perft import divide, perft, position

BLANK = "AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 8D"  # no king, queen or knave (R-CB-1)
COURTS = "7S 7H 7D AC 10C 9C 8C 7C KS QS KH QH"
COURT_STOCK = "JS JH KD QD JD KC QC JC"


def elder_blank() -> pq.State:
    return pq.new_deal(pq.RUBICON, elder=BLANK, younger=COURTS, stock=COURT_STOCK)


def younger_blank() -> pq.State:
    return pq.new_deal(pq.RUBICON, elder=COURTS, younger=BLANK, stock=COURT_STOCK)


def cotton_deal() -> pq.State:
    """A 36-card deal of Cotton's game with the declarations resolved automatically."""
    return pq.new_deal(
        pq.COTTON_1674,
        elder="AS KS QS JS 10S AH KH 6H AD 6D AC 6C",
        younger="9S 8S 7S QH JH 10H 9H KD QD JD KC QC",
        stock="6S 8H 7H 10D 9D 8D 7D JC 10C 9C 8C 7C",
        declarations="auto",
    )


POSITIONS: dict[str, Callable[[], pq.State]] = {
    "seed 002, the exchange": seed_002_deal,
    "seed 002, the declarations": lambda: play_out(seed_002_deal(), SEED_002_EXCHANGE),
    "seed 002, the play": lambda: play_out(
        seed_002_deal(), [*SEED_002_EXCHANGE, *SEED_002_DECLARATIONS]
    ),
    "seed 002, the play after auto declarations": lambda: play_out(
        seed_002_deal("auto"), SEED_002_EXCHANGE
    ),
    "seed 000, the exchange": seed_000_deal,
    "seed 000, the declarations": lambda: play_out(seed_000_deal(), SEED_000_EXCHANGE),
    "seed 000, the play": lambda: play_out(
        seed_000_deal(), [*SEED_000_EXCHANGE, *SEED_000_DECLARATIONS]
    ),
    "carte blanche, elder (R-CB-2)": elder_blank,
    "carte blanche, younger (R-CB-2)": younger_blank,
    "cotton 1674, the exchange": cotton_deal,
    "cotton 1674, the play": lambda: play_out(
        cotton_deal(), ["discard 6H 6D 6C", "discard 9S 8S 7S", "leave unseen"]
    ),
}

GOLDEN: dict[str, dict[int, int]] = {
    "seed 002, the exchange": {1: 1585, 2: 1_182_457},
    "seed 002, the declarations": {1: 13, 2: 92, 3: 359, 4: 796, 5: 1592, 6: 5104},
    "seed 002, the play": {1: 12, 2: 26, 3: 286, 4: 766, 5: 7660, 6: 28_632, 7: 257_688},
    "seed 002, the play after auto declarations": {1: 12, 2: 26, 3: 286, 4: 766, 5: 7660},
    "seed 000, the exchange": {1: 1585, 2: 1_182_457},
    "seed 000, the declarations": {1: 13, 2: 81, 3: 595, 4: 1281, 5: 3529, 6: 10_560},
    "seed 000, the play": {1: 12, 2: 33, 3: 363, 4: 900, 5: 9000, 6: 21_340, 7: 192_060},
    "carte blanche, elder (R-CB-2)": {1: 5, 2: 8486, 3: 1_182_457},
    "carte blanche, younger (R-CB-2)": {1: 1585, 2: 1_182_457},
    "cotton 1674, the exchange": {1: 3796, 2: 9_661_643},
    "cotton 1674, the play": {1: 12, 2: 96, 3: 1056, 4: 7024, 5: 70_240, 6: 411_544},
}
"""perft(position, depth) for each position and depth."""

BRUTE_DEPTH: dict[pq.Phase, int] = {pq.Phase.EXCHANGE: 1, pq.Phase.DECLARATION: 3, pq.Phase.PLAY: 4}
"""How deep ``brute_perft`` re-counts on every run (deeper is too slow)."""


# ----------------------------------------------------------------- the brute-force count


def subsets(cards: list[pq.Card], sizes: range | None = None) -> Iterator[pq.CardSet]:
    for k in sizes if sizes is not None else range(len(cards) + 1):
        for combo in itertools.combinations(cards, k):
            yield pq.CardSet(combo)


def claim_shaped(hand: pq.CardSet) -> set[pq.CardSet]:
    """Every set of cards of the hand that could be a claim of some rule: cards of one
    suit (a point, a suited sequence), of one rank (a set), or one card of each of three
    or more consecutive ranks (a sequence of mixed suits)."""
    out: set[pq.CardSet] = set()
    for suit in pq.Suit:
        out.update(subsets(list(hand.suit(suit)), range(1, 13)))
    for rank in pq.Rank:
        out.update(subsets(list(hand.ranks(rank)), range(1, 5)))
    ranks = sorted(pq.Rank)
    for low in range(len(ranks)):
        for high in range(low + 3, len(ranks) + 1):
            run = [list(hand.ranks(r)) for r in ranks[low:high]]
            if all(run):
                out.update(pq.CardSet(pick) for pick in itertools.product(*run))
    return out


def candidates(state: pq.State) -> Iterator[pq.Action]:
    """Every action the rules could conceivably allow here, and many more."""
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    hand = state.hand(mover)
    if state.phase is pq.Phase.PLAY:
        yield from (pq.Play(card) for card in pq.pack(36))
    elif state.phase is pq.Phase.EXCHANGE:
        yield from (pq.ExchangeCount(n) for n in range(13))
        yield from (pq.Leave(choice) for choice in pq.LeftCards)
        yield from (pq.Exchange(discard) for discard in subsets(list(hand)))
    elif state.phase is pq.Phase.DECLARATION:
        shapes = claim_shaped(hand)
        for category in pq.Category:
            yield pq.Pass(category)
            yield pq.Good(category)
            yield pq.Equal(category)
            yield from (pq.Call(category, cards) for cards in shapes)
            if state.is_legal(pq.Reckon(category, pq.CardSet())):  # sinking all is allowed
                yield from (pq.Reckon(category, cards) for cards in subsets(list(hand)))


def brute_perft(state: pq.State, depth: int) -> int:
    """``perft`` without ``legal_actions()``: try every candidate, keep what applies."""
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    total = 0
    for action in candidates(state):
        try:
            child = state.apply(action)
        except pq.IllegalActionError:
            continue
        total += brute_perft(child, depth - 1)
    return total


# ----------------------------------------------------------------- the tests


@pytest.mark.parametrize("name", list(GOLDEN))
def test_perft_matches_the_golden_counts(name: str) -> None:
    state = POSITIONS[name]()
    for depth, count in GOLDEN[name].items():
        assert perft(state, depth) == count, f"{name}, depth {depth}"


@pytest.mark.parametrize("name", list(GOLDEN))
def test_an_independent_brute_force_count_agrees(name: str) -> None:
    state = POSITIONS[name]()
    depth = min(BRUTE_DEPTH[state.phase], max(GOLDEN[name]))
    if name == "carte blanche, elder (R-CB-2)":
        depth = 2  # a count, then the younger's discard of 1 to 8 - count
    for d in range(1, depth + 1):
        assert brute_perft(state, d) == GOLDEN[name][d], f"{name}, depth {d}"


def test_the_exchange_at_depth_two_is_a_sum_of_binomials() -> None:
    """R-EX-1, R-EX-3: the elder discards k of 12 (1 to 5), then the younger j of 12
    (1 to 8 - k); no stock card is left to choose about before the younger's discard."""
    expected = sum(comb(12, k) * sum(comb(12, j) for j in range(1, 9 - k)) for k in range(1, 6))
    assert expected == GOLDEN["seed 002, the exchange"][2]


def test_perft_of_depth_zero_is_one_and_an_over_state_has_no_sequences() -> None:
    state = POSITIONS["seed 002, the play"]()
    assert perft(state, 0) == 1
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert perft(state, 0) == 1 and perft(state, 1) == 0 and perft(state, 3) == 0


def test_perft_refuses_a_chance_node_and_a_negative_depth() -> None:
    start = pq.new_game(pq.RUBICON)
    assert perft(start, 0) == 1
    with pytest.raises(ValueError, match="chance"):
        perft(start, 1)
    with pytest.raises(ValueError, match="depth"):
        perft(POSITIONS["seed 002, the play"](), -1)


def test_divide_splits_the_count_by_first_action() -> None:
    state = POSITIONS["seed 000, the play"]()
    split = divide(state, 3)
    assert sum(split.values()) == GOLDEN["seed 000, the play"][3]
    assert list(split) == [str(a) for a in state.legal_actions()]


def test_position_is_reproducible_and_the_command_line_prints_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from piquet.cli import main

    state = position(pq.RUBICON, seed=1, phase="play")
    assert state == position(pq.RUBICON, seed=1, phase="play")
    assert state.phase is pq.Phase.PLAY
    assert main(["perft", "--depth", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    counts = [int(line.split()[1].replace(",", "")) for line in out.splitlines()[-3:]]
    assert counts == [perft(state, d) for d in (1, 2, 3)]
    assert "nodes/s" in out
