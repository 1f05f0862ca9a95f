"""The odds at piquet (piquet.odds, ``python -m piquet odds``): exact counts checked by
brute force, the historical figures of Hoyle, Cavendish and the seeds, and bad input."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet as pq
from piquet import Rank, Suit, cards
from piquet.cli import main
from piquet.odds import Estimate, Prospect, carte_blanche, odds_text, take_in

FIVE_OF_TWENTY = math.comb(20, 5)  # the elder's possible takings in
THREE_OF_TWENTY = math.comb(20, 3)  # the younger's, after the elder took five
HOYLE_HAND = cards("AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S")


def named(count: int) -> pq.CardSet:
    """``count`` named cards, all among the twenty a player has not seen."""
    return pq.CardSet(list(pq.pack(32))[:count])


# ------------------------------------------------------------- Cavendish's table

# (what, named cards, at least, the book's odds, the exact chance)
ELDER_TABLE = [
    ("one named card", 1, 1, "3 to 1 against", Fraction(1, 4)),
    ("two named cards", 2, 2, "18 to 1 against", Fraction(1, 19)),
    ("three named cards", 3, 3, "113 to 1 against", Fraction(1, 114)),
    ("four named cards", 4, 4, "968 to 1 against", Fraction(1, 969)),
    ("five named cards", 5, 5, "15,503 to 1 against", Fraction(1, 15504)),
    ("one at least of two", 2, 1, "5 to 4 against", Fraction(17, 38)),
    ("one at least of three", 3, 1, "3 to 2 on", Fraction(137, 228)),
    ("two at least of three", 3, 2, "6 to 1 against", Fraction(8, 57)),
    ("one at least of four", 4, 1, "5 to 2 on", Fraction(232, 323)),
    ("two at least of four", 4, 2, "3 to 1 against", Fraction(241, 969)),
]
YOUNGER_TABLE = [
    ("one named card", 1, 1, "17 to 3 against", Fraction(3, 20)),
    ("two named cards", 2, 2, "62 to 1 against", Fraction(3, 190)),
    ("three named cards", 3, 3, "1,139 to 1 against", Fraction(1, 1140)),
    ("one at least of two", 2, 1, "5 to 2 against", Fraction(27, 95)),
    ("one at least of three", 3, 1, "3 to 2 against", Fraction(23, 57)),
    ("two at least of three", 3, 2, "21 to 1 against", Fraction(13, 285)),
    ("one at least of four", 4, 1, "29 to 28 on", Fraction(29, 57)),
]


@pytest.mark.parametrize(("what", "size", "least", "book", "exact"), ELDER_TABLE)
def test_cavendish_elder_table_taking_five_of_twenty(
    what: str, size: int, least: int, book: str, exact: Fraction
) -> None:
    chance = take_in(named(size), taking=5, unseen=20, at_least=least)
    assert chance == exact
    assert odds_text(chance) == book


@pytest.mark.parametrize(("what", "size", "least", "book", "exact"), YOUNGER_TABLE)
def test_cavendish_younger_table_taking_three_of_twenty(
    what: str, size: int, least: int, book: str, exact: Fraction
) -> None:
    chance = take_in(named(size), taking=3, unseen=20, at_least=least)
    assert chance == exact
    assert odds_text(chance) == book


def test_cavendish_three_at_least_of_four_is_30_to_1_not_32() -> None:
    chance = take_in(named(4), taking=5, unseen=20, at_least=3)
    assert chance == Fraction(4 * math.comb(16, 2) + 16, FIVE_OF_TWENTY) == Fraction(31, 969)
    assert odds_text(chance) == "30 to 1 against"
    # 32 is how many times in all the elder takes in exactly three (1 in 32.3)
    exactly_three = chance - take_in(named(4), taking=5, unseen=20, at_least=4)
    assert round(1 / exactly_three) == 32


def test_hoyle_one_at_least_of_two_is_exactly_21_to_17() -> None:
    chance = take_in(named(2), taking=5, unseen=20)
    assert (1 - chance) / chance == Fraction(21, 17)


def test_carte_blanche_in_a_named_players_hand_is_1791_to_1() -> None:
    chance = carte_blanche(32)
    assert chance == Fraction(math.comb(20, 12), math.comb(32, 12))
    assert odds_text(chance) == "1,791 to 1 against"
    assert round(1 / chance) == 1792  # seed 003: "about every 1,800 hands"


def test_carte_blanche_once_in_nine_hundred_deals_means_either_player() -> None:
    either = carte_blanche(32, either_player=True)
    assert either == 2 * carte_blanche(32)  # with 32 cards both hands cannot be blank
    assert round(1 / either) == 896  # seed 000: "about once in nine hundred deals"


def test_carte_blanche_with_36_cards_both_hands_may_be_blank() -> None:
    named_player = carte_blanche(36)
    assert named_player == Fraction(math.comb(24, 12), math.comb(36, 12))
    both = named_player / math.comb(24, 12)  # the other twelve plain cards go to him
    assert carte_blanche(36, either_player=True) == 2 * named_player - both


def test_carte_blanche_counts_match_dealing_a_small_pack_by_brute_force() -> None:
    # the formula's shape on a pack small enough to deal out: 2 courts, 4 plain, hands of 2
    hands = list(itertools.combinations(range(6), 2))
    blank = sum(1 for h in hands if not set(h) & {0, 1})
    assert Fraction(blank, len(hands)) == Fraction(math.comb(4, 2), math.comb(6, 2))


def test_carte_blanche_rejects_other_packs() -> None:
    with pytest.raises(ValueError, match="pack_size"):
        carte_blanche(52)


# ------------------------------------------------------------- Hoyle's cases (seed 000)


def test_hoyle_three_to_one_against_the_queen_quatorze() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("7H 9C 8C 7C 7S"), role="elder")
    assert prospect.quatorze(Rank.QUEEN) == Fraction(1, 4)
    assert odds_text(prospect.quatorze(Rank.QUEEN)) == "3 to 1 against"


def test_hoyle_five_to_two_on_another_heart() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("QD 9C 8C 7C 7S"), role="elder")
    hearts = prospect.unseen.suit(Suit.HEARTS)
    assert hearts == cards("JH 10H 9H 8H")
    assert odds_text(prospect.take_in(hearts)) == "5 to 2 on"


def test_hoyle_three_to_one_against_the_knave_of_clubs() -> None:
    hand = cards("QC 10C 9C 8C 7C JD 10D KH QH JH AS 9S")
    prospect = Prospect(hand, discard=cards("JD 10D KH QH JH"), role="elder")
    assert odds_text(prospect.take_in(cards("JC"))) == "3 to 1 against"


# ------------------------------------------------------------- take_in against brute force


@st.composite
def draws(draw: st.DrawFn) -> tuple[int, int, list[list[int]], list[int]]:
    """A small pack of ``unseen`` cards 0..n-1, how many are taken, disjoint groups of
    wanted cards (slices of a shuffle) and a minimum for each."""
    unseen = draw(st.integers(1, 9))
    taking = draw(st.integers(0, unseen))
    order = draw(st.permutations(range(unseen)))
    cuts = sorted(draw(st.lists(st.integers(0, unseen), min_size=2, max_size=4)))
    groups = [list(order[a:b]) for a, b in itertools.pairwise(cuts)]
    minimums = [draw(st.integers(0, len(g))) for g in groups]
    return unseen, taking, groups, minimums


def brute_force(unseen: int, taking: int, groups: list[list[int]], minimums: list[int]) -> Fraction:
    hits = total = 0
    for taken in itertools.combinations(range(unseen), taking):
        total += 1
        hits += all(len(set(taken) & set(g)) >= m for g, m in zip(groups, minimums, strict=True))
    return Fraction(hits, total)


def as_card_sets(groups: list[list[int]]) -> list[pq.CardSet]:
    deck = pq.pack(32)
    return [pq.CardSet(deck[i] for i in g) for g in groups]


@given(draws())
def test_take_in_equals_brute_force_enumeration(
    case: tuple[int, int, list[list[int]], list[int]],
) -> None:
    unseen, taking, groups, minimums = case
    chance = take_in(as_card_sets(groups), taking=taking, unseen=unseen, at_least=minimums)
    assert chance == brute_force(unseen, taking, groups, minimums)


def test_take_in_an_ace_and_a_king_equals_brute_force() -> None:
    unseen = pq.CardSet(pq.pack(32)[:12])  # AS..7S, AH..QH: two aces, two kings
    aces, kings = unseen.ranks(Rank.ACE), unseen.ranks(Rank.KING)
    hits = total = 0
    for taken in itertools.combinations(list(unseen), 5):
        total += 1
        hits += bool(set(taken) & set(aces)) and bool(set(taken) & set(kings))
    chance = take_in([aces, kings], taking=5, unseen=unseen, at_least=[1, 1])
    assert chance == Fraction(hits, total)


# ------------------------------------------------------------- properties


small = st.integers(0, 20)


@given(size=st.integers(0, 8), least=st.integers(0, 8), taking=small)
def test_take_in_is_a_probability_falling_with_at_least_rising_with_taking(
    size: int, least: int, taking: int
) -> None:
    least = min(least, size)
    chance = take_in(named(size), taking=taking, unseen=20, at_least=least)
    assert 0 <= chance <= 1
    if least < size:
        assert take_in(named(size), taking=taking, unseen=20, at_least=least + 1) <= chance
    if taking < 20:
        assert take_in(named(size), taking=taking + 1, unseen=20, at_least=least) >= chance


@given(size=st.integers(1, 8), taking=small)
def test_take_in_none_of_them_is_the_complement_of_one_at_least(size: int, taking: int) -> None:
    none = Fraction(math.comb(20 - size, taking), math.comb(20, taking))
    assert take_in(named(size), taking=taking, unseen=20) == 1 - none
    assert take_in(named(size), taking=taking, unseen=20, at_least=0) == 1


@given(size=st.integers(0, 8), taking=small)
def test_take_in_exactly_so_many_sums_to_one(size: int, taking: int) -> None:
    def at_least(m: int) -> Fraction:
        return (
            take_in(named(size), taking=taking, unseen=20, at_least=m) if m <= size else Fraction(0)
        )

    assert sum(at_least(m) - at_least(m + 1) for m in range(size + 1)) == 1


@given(st.fractions(min_value=0, max_value=1, max_denominator=10_000))
def test_odds_text_swaps_on_and_against_for_the_complement(p: Fraction) -> None:
    text, other = odds_text(p), odds_text(1 - p)
    swap = {"on": "against", "against": "on"}
    if p in (0, 1):
        assert {text, other} == {"certain", "impossible"}
    elif text == "evens":
        assert other == "evens"
    else:
        *terms, side = text.split()
        assert other == " ".join([*terms, swap[side]])
        assert (side == "on") == (p > Fraction(1, 2))


@given(st.fractions(min_value=0, max_value=1, max_denominator=10_000).filter(lambda p: 0 < p < 1))
def test_odds_text_is_near_the_chance(p: Fraction) -> None:
    text = odds_text(p)
    if text == "evens":
        assert abs(p - Fraction(1, 2)) < Fraction(1, 100)
        return
    likelier, _, unlikelier, side = text.replace(",", "").split()
    said = Fraction(int(likelier), int(unlikelier))
    ratio = max(p, 1 - p) / min(p, 1 - p)
    assert said > 1 and (side == "on") == (p > Fraction(1, 2))
    # the nearest whole number is never more than a half out, and a ratio in small
    # terms is used only when it is nearer than the whole numbers
    assert abs(said - ratio) <= Fraction(1, 2)
    assert said.denominator <= 4 or said == ratio.limit_denominator(30)


def test_odds_text_words() -> None:
    assert odds_text(Fraction(1, 2)) == "evens"
    assert odds_text(0) == "impossible"
    assert odds_text(1.0) == "certain"
    assert odds_text(Fraction(2, 9)) == "7 to 2 against"
    assert odds_text(Fraction(1, 16_000)) == "15,999 to 1 against"
    assert odds_text(Estimate.from_counts(1, 4)) == "3 to 1 against"
    # nearest to evens, but not a half: the side is kept
    assert odds_text(Fraction(29, 57)) == "29 to 28 on"
    assert odds_text(Fraction(500_001, 1_000_000)) == "evens"  # closer than 31 to 30 says
    # a tie between 6 to 1 and 25 to 4 goes to the whole number
    assert odds_text(Fraction(8, 57)) == "6 to 1 against"


@pytest.mark.parametrize("bad", [-0.1, 1.5, Fraction(3, 2)])
def test_odds_text_rejects_what_is_not_a_chance(bad: float | Fraction) -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        odds_text(bad)


# ------------------------------------------------------------- take_in bad input


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"wanted": cards("AS"), "taking": 6, "unseen": 5}, "cannot be taken from 5"),
        ({"wanted": cards("AS"), "taking": -1, "unseen": 5}, "taking: must be a whole number"),
        ({"wanted": cards("AS"), "taking": 1, "unseen": -5}, "unseen: must be a whole number"),
        ({"wanted": cards("AS KS"), "taking": 1, "unseen": 1}, "2 wanted cards but only 1"),
        ({"wanted": cards("AS"), "taking": 1, "unseen": cards("KS QS")}, "AS not among"),
        ({"wanted": cards("AS"), "taking": 1, "unseen": 5, "at_least": 2}, "2 of 1 cards"),
        ({"wanted": cards("AS"), "taking": 1, "unseen": 5, "at_least": -1}, "at_least"),
        ({"wanted": cards("AS"), "taking": 1, "unseen": 5, "at_least": [1]}, "one whole number"),
        ({"wanted": [cards("AS")], "taking": 1, "unseen": 5, "at_least": 1}, "a sequence of"),
        ({"wanted": [cards("AS")], "taking": 1, "unseen": 5, "at_least": [1, 1]}, "2 minimums"),
        ({"wanted": [cards("AS KS"), cards("KS")], "taking": 1, "unseen": 5, "at_least": [1, 1]},
         "overlap in KS"),
        ({"wanted": [], "taking": 1, "unseen": 5, "at_least": []}, "non-empty"),
    ],
)  # fmt: skip
def test_take_in_rejects_inconsistent_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        take_in(**kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------- Prospect


def test_prospect_takes_the_elders_maximum_and_the_youngers_share() -> None:
    elder = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C 9D 8D"), role="elder")
    assert (elder.taking, len(elder.unseen), elder.cases) == (5, 20, FIVE_OF_TWENTY)
    younger = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C"), role="younger")
    assert younger.discard_range == (1, 3)
    assert younger.cases == THREE_OF_TWENTY
    left_two = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C 9D 8D"), role="younger", elder_takes=3)
    assert left_two.discard_range == (1, 5)
    cotton = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C"), role="younger", ruleset=pq.COTTON_1674)
    assert cotton.discard_range == (1, 4) and len(cotton.unseen) == 24


def test_prospect_quatorze_matches_take_in_of_the_missing_card() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("7H 9C 8C 7C 7S"), role="younger", elder_takes=3)
    assert prospect.quatorze(Rank.QUEEN) == take_in(cards("QC"), taking=5, unseen=20)


def test_prospect_point_counts_every_draw_by_brute_force() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C"), role="younger")
    kept = prospect.kept
    hits = 0
    for taken in itertools.combinations(list(prospect.unseen), 3):
        final = kept | pq.CardSet(taken)
        hits += max(len(final.suit(s)) for s in Suit) >= 5
    assert prospect.point(5) == Fraction(hits, THREE_OF_TWENTY)


def test_prospect_ladder_agrees_with_single_thresholds() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("QD 9C 8C 7C 7S"), role="elder")
    for value, chance in prospect.ladder("point").items():
        assert chance == prospect.point(value)
    for value, chance in prospect.ladder("sequence").items():
        assert chance == prospect.sequence(value)
    three_queens = Prospect(HOYLE_HAND, discard=cards("7H 9C 8C 7C 7S"), role="elder")
    ladder = three_queens.ladder("set")
    assert ladder == {0: 1, 1: three_queens.quatorze()}  # a trio at least, always


def test_prospect_trio_any_scoring_rank_and_nines_only_where_they_score() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("QS 9C 8C 7C 7S"), role="elder")
    assert prospect.trio(Rank.QUEEN) == take_in(cards("QC"), taking=5, unseen=20)
    with pytest.raises(ValueError, match="nines do not score as a set"):
        prospect.trio(Rank.NINE)


def test_prospect_ruff_point_counts_pips_by_brute_force() -> None:
    hand = cards("AH KH QH JH 10H 9S 8S 7S 6S 9D 8D 7D")
    prospect = Prospect(hand, discard=cards("9S 8S 7D"), role="younger", ruleset=pq.COTTON_1674)
    kept, counts = prospect.kept, {}
    for taken in itertools.combinations(list(prospect.unseen), 3):
        final = kept | pq.CardSet(taken)
        best = max(sum(card.pips for card in final.suit(s)) for s in Suit)
        counts[best] = counts.get(best, 0) + 1
    assert prospect.point(51) == 1  # A K Q J 10 of hearts: 51 pips already
    for pips in (52, 60, 70):
        reached = sum(n for value, n in counts.items() if value >= pips)
        assert prospect.point(pips) == Fraction(reached, math.comb(24, 3))


def test_prospect_samples_with_an_interval_beyond_the_exact_limit() -> None:
    exact = Prospect(HOYLE_HAND, discard=cards("QD 9C 8C 7C 7S"), role="elder")
    sampled = Prospect(HOYLE_HAND, discard=cards("QD 9C 8C 7C 7S"), role="elder",
                       exact_limit=1000, samples=4000, seed=3)  # fmt: skip
    chance, estimate = exact.point(5), sampled.point(5)
    assert isinstance(chance, Fraction) and isinstance(estimate, Estimate)
    assert estimate.samples == 4000 and estimate.low < estimate.probability < estimate.high
    assert float(chance) in estimate
    assert sampled.point(5) == estimate  # the seed makes it repeatable


def test_prospect_opponent_cannot_beat_all_eight_hearts() -> None:
    hand = cards("AH KH QH JH 10H 9H 8H 7H AS AD AC 7S")
    prospect = Prospect(hand, discard=cards("7S"), role="younger")
    assert prospect.opponent_better("point") == 0
    assert prospect.opponent_better("sequence") == 0  # a huitième major at best ties
    assert prospect.sequence(8) == 1


def assert_close(exact: Fraction, estimate: Estimate) -> None:
    """A sampled estimate within four standard errors of the exact chance (a 95%
    interval misses one time in twenty; four standard errors, one in 15,000)."""
    error = math.sqrt(float(exact) * (1 - float(exact)) / estimate.samples)
    assert abs(estimate.probability - float(exact)) <= 4 * error


def brute_force_opponent_better(prospect: Prospect, category: str) -> Fraction:
    """Every set the player may take in, and every twelve of the rest for the opponent."""
    rule = prospect.ruleset.category_rule(
        {"point": pq.Category.POINT, "sequence": pq.Category.SEQUENCE, "set": pq.Category.SET}[
            category
        ]
    )

    def best(hand: pq.CardSet) -> tuple[int, ...]:
        return max((rule.key(c) for c in rule.combinations(hand.mask)), default=())

    full = pq.CardSet(pq.pack(prospect.ruleset.pack_size))
    hits = total = 0
    for taken in itertools.combinations(list(prospect.unseen), prospect.taking):
        mine = prospect.kept | pq.CardSet(taken)
        for theirs in itertools.combinations(list(full - mine - prospect.discard), 12):
            total += 1
            hits += best(pq.CardSet(theirs)) > best(mine)
    return Fraction(hits, total)


SEEN_TWELVE = cards("AS KS QS JS 10S 9S 8S 7S AD KD QD JD")  # twelve of the twenty unseen


@pytest.mark.parametrize("category", ["point", "sequence", "set"])
def test_prospect_opponent_counted_suit_by_suit_equals_brute_force(category: str) -> None:
    hand = cards("AH KH QH 7H 10D 9D 8D 7D AC KC QC JC")
    prospect = Prospect(hand, discard=cards("7H 10D 9D 8D 7D"), role="elder", seen=SEEN_TWELVE)
    chance = prospect.opponent_better(category)  # type: ignore[arg-type]
    assert chance == brute_force_opponent_better(prospect, category)


def test_prospect_opponent_mixed_sequences_counted_when_few_else_sampled() -> None:
    hand = cards("AH KH QH 7H 10D 9D 8D 7D AC KC QC 6C")
    seen = cards("AS KS QS JS 10S 9S 8S 7S 6S AD KD QD JD 6D 6H")
    discard = cards("7H 10D 9D 8D 7D AC KC QC")
    kwargs = {"role": "elder", "ruleset": pq.COTTON_1995, "seen": seen}
    exact = Prospect(hand, discard=discard, **kwargs).opponent_better("sequence")  # type: ignore[arg-type]
    assert isinstance(exact, Fraction)
    assert exact == brute_force_opponent_better(
        Prospect(hand, discard=discard, **kwargs), "sequence"
    )  # type: ignore[arg-type]
    sampled = Prospect(hand, discard=discard, exact_limit=1, samples=3000, **kwargs)  # type: ignore[arg-type]
    estimate = sampled.opponent_better("sequence")
    assert isinstance(estimate, Estimate)
    assert_close(exact, estimate)


def test_prospect_opponent_exact_agrees_with_sampling_for_a_real_exchange() -> None:
    exact = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C"), role="younger")
    sampled = Prospect(HOYLE_HAND, discard=cards("9C 8C 7C"), role="younger", exact_limit=1,
                       samples=3000)  # fmt: skip
    for category in ("point", "sequence", "set"):
        chance = exact.opponent_better(category)  # type: ignore[arg-type]
        estimate = sampled.opponent_better(category)  # type: ignore[arg-type]
        assert isinstance(chance, Fraction) and isinstance(estimate, Estimate)
        assert_close(chance, estimate)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand": cards("AH KH"), "discard": cards("AH"), "role": "elder"}, "12 cards"),
        ({"discard": cards("AS"), "role": "elder"}, "AS not in the hand"),
        ({"discard": cards("9C 8C 7C 9D 8D 7S"), "role": "elder"}, "from 1 to 5 cards"),
        ({"discard": cards("9C 8C 7C 9D"), "role": "younger"}, "from 1 to 3 cards"),
        ({"discard": cards("9C"), "role": "dealer"}, "role"),
        ({"discard": cards("9C"), "role": "elder", "seen": cards("AH")}, "in the hand"),
        ({"discard": cards("9C"), "role": "elder", "seen": cards("6S")}, "6S not in the 32"),
        ({"discard": cards("9C"), "role": "elder", "elder_takes": 3}, "only for the younger"),
        ({"discard": cards("9C"), "role": "younger", "elder_takes": 6}, "elder_takes"),
        ({"discard": cards("9C"), "role": "elder", "samples": 0}, "samples"),
        ({"discard": "9C 8X", "role": "elder"}, "bad card"),
    ],
)
def test_prospect_rejects_inconsistent_hands(kwargs: dict[str, object], message: str) -> None:
    kwargs.setdefault("hand", HOYLE_HAND)
    with pytest.raises(ValueError, match=message):
        Prospect(**kwargs)  # type: ignore[arg-type]


def test_prospect_rejects_unknown_category() -> None:
    prospect = Prospect(HOYLE_HAND, discard=cards("9C"), role="elder")
    with pytest.raises(ValueError, match="category"):
        prospect.ladder("capot")  # type: ignore[arg-type]


def test_estimate_interval_and_bad_counts() -> None:
    estimate = Estimate.from_counts(0, 100)
    assert estimate.low == 0 and 0 < estimate.high < 0.05
    assert "100 samples" in str(estimate)
    with pytest.raises(ValueError, match="hits"):
        Estimate.from_counts(5, 4)


# ------------------------------------------------------------- the command


def test_odds_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["odds", str(HOYLE_HAND), "--discard", "7H 9C 8C 7C 7S", "--role", "elder",
                   "--samples", "500"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    assert "Takes in 5 of 20 unseen cards: 15,504 cases" in out
    assert "four queens" in out and "3 to 1 against" in out and "1/4" in out
    assert "opponent's trio or quatorze better" in out and "792143/2351440" in out


def test_odds_command_younger_and_a_36_card_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["odds", "AH KH QH 7H QS QD 9C 8C 7C 9D 8D 6S", "--discard", "9C 8C 7C",
                   "--role", "younger", "--ruleset", "cotton_1674", "--no-opponent"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0 and "Takes in 3 of 24 unseen cards: 2,024 cases" in out
    assert "pips or more" in out  # the Ruff counts pips


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7X", "--discard", "9C", "--role", "elder"], "bad card"),
        (["AH KH QH 7H QS QD 9C 8C 7C 9D 8D", "--discard", "9C", "--role", "elder"], "12 cards"),
        ([str(HOYLE_HAND), "--discard", "JC", "--role", "elder"], "JC not in the hand"),
        ([str(HOYLE_HAND), "--discard", "9C 8C 7C 9D 8D 7S", "--role", "elder"], "1 to 5 cards"),
        ([str(HOYLE_HAND), "--discard", "9C 8C 7C 9D", "--role", "younger"], "1 to 3 cards"),
        (
            [str(HOYLE_HAND), "--discard", "9C", "--role", "elder", "--seen-stock", "AH"],
            "in the hand",
        ),
    ],
)
def test_odds_command_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["odds", *argv])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
    assert "Traceback" not in captured.err


def test_odds_command_samples_beyond_the_exact_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["odds", str(HOYLE_HAND), "--discard", "7H 9C 8C 7C 7S", "--role", "elder",
                   "--exact-limit", "100", "--samples", "300", "--no-opponent"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0 and "15,504 cases, too many to count, so sampled 300 times" in out
    assert "(95%, 300 samples)" in out


def test_odds_command_bad_sampling_numbers_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["odds", str(HOYLE_HAND), "--discard", "9C", "--role", "elder", "--samples", "0"])
    assert status == 2 and "samples" in capsys.readouterr().err


def test_odds_command_unknown_role_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["odds", str(HOYLE_HAND), "--discard", "9C", "--role", "dealer"])
    assert exit_.value.code == 2
