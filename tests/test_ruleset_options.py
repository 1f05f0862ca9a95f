"""The options of RULES.md section 9: each composes with every preset through
``Ruleset.evolve``, is validated (a ValueError naming the field), and plays as it says."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from ruleset_helpers import A, B, deal_of, ledger, plays
from seed_data import (
    MAXIMUM_170,
    MAXIMUM_170_HAND,
    SEED_000,
    SEED_000_DECLARATIONS,
    SEED_000_EXCHANGE,
    SEED_000_PLAY,
)
from test_ruleset_rubicon import WORKED_DECLARATIONS, WORKED_EXCHANGE, WORKED_HANDS, WORKED_PLAY

import piquet as pq
from conftest import play_out
from piquet.rules import HOUSE_OPTIONS

R = pq.Reason
RULES_PAGE = (Path(__file__).parents[1] / "docs" / "rules.rst").read_text(encoding="utf-8")
PRESETS = list(pq.RULESETS.values())

OPTIONS = HOUSE_OPTIONS  # every house option, declared once in piquet.rules.options


@pytest.mark.parametrize("option", list(OPTIONS))
@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_every_option_composes_with_every_preset(ruleset: pq.Ruleset, option: str) -> None:
    """RULES.md section 9: "Options any ruleset takes (evolve)". An option that lives in a
    strategy the preset does not use (a partie's number of deals in a race, the low cards
    of winner-takes-the-counters) is refused, naming it."""
    declared = OPTIONS[option]
    value = declared.test_value
    holder = declared.holder
    strategy = None if holder is None else getattr(ruleset, holder)
    if strategy is not None and option not in attrs.fields_dict(type(strategy)):
        assert not declared.takes(ruleset)
        with pytest.raises(ValueError, match=f"^{option}: .* has no such option"):
            ruleset.evolve(**{option: value})
        return
    house = ruleset.evolve(**{option: value})
    assert getattr(house if holder is None else getattr(house, holder), option) == value
    assert declared.current(house) == value and declared.takes(ruleset)
    assert house.name == ruleset.name and house.pack_size == ruleset.pack_size
    others = [o for o in OPTIONS.values() if o.name != option and o.takes(ruleset)]
    assert all(o.current(house) == o.current(ruleset) for o in others)


@pytest.mark.parametrize("option", list(OPTIONS))
def test_every_option_is_declared_with_a_rule_a_check_and_a_test_value(option: str) -> None:
    """Each declaration names a rule of RULES.md, refuses a value of the wrong kind naming
    the option, and its test value is valid, differs from Rubicon's, and is one the
    Hypothesis strategies may draw for some preset."""
    declared = OPTIONS[option]
    assert re.fullmatch(r"R-[A-Z]{2}-\d+", declared.rule)
    assert f"\n{declared.rule} " in RULES_PAGE  # a rule of the rules page
    assert declared.where in ("ruleset", f"ruleset.{declared.holder}")
    with pytest.raises(ValueError, match=f"^{option}: "):
        declared.validate("nonsense")
    assert declared.validate(declared.test_value) == declared.test_value
    takers = [r for r in PRESETS if declared.takes(r)]
    assert takers, f"no preset takes {option}"
    assert declared.test_value != declared.current(takers[0]) or option == "two_blanks"
    drawn = {repr(v) for r in takers for v in declared.draws(r)}
    assert len(drawn) >= 2, f"{option}: Hypothesis draws a single value"


def test_evolve_routes_exactly_the_declared_options_and_the_fields() -> None:
    """``evolve`` knows the ruleset's fields and the declared options, nothing else; every
    field of a library strategy that is an option carries its declaration."""
    message = ""
    try:
        pq.RUBICON.evolve(colour="red")
    except ValueError as exc:
        message = str(exc)
    known = set(message.split("known: ")[1].split(", "))
    assert known == {*attrs.fields_dict(pq.Ruleset), *OPTIONS, "stock_size"}
    strategies = [
        pq.PointByLength, pq.PointByValue, pq.SuitedSequences, pq.MixedSequences, pq.Sets,
        pq.LeadAndWin, pq.WinnerTakesCounters, pq.Partie, pq.Race,
    ]  # fmt: skip
    for kind in [pq.Ruleset, *strategies]:
        for field in attrs.fields(kind):
            declared = field.metadata.get("house_option")
            if kind is not pq.Ruleset:
                assert declared is OPTIONS[field.name], f"{kind.__name__}.{field.name}"
            elif field.name in OPTIONS:
                assert declared is OPTIONS[field.name] and declared.holder is None
    holders = {o.holder for o in OPTIONS.values()} - {None}
    assert holders <= {"point", "sequences", "sets", "tricks", "game"}


@pytest.mark.slow
@pytest.mark.parametrize("option", list(OPTIONS))
def test_the_hypothesis_rulesets_exercise_every_declared_option(option: str) -> None:
    """piquet.strategies.rulesets draws house variants from the same declarations: each
    option is changed in some drawn variant."""
    from hypothesis import HealthCheck, find, settings

    from piquet import strategies as pst

    declared = OPTIONS[option]

    def changes_it(ruleset: pq.Ruleset) -> bool:
        base = pq.RULESETS[ruleset.name.split("+")[0]]
        return declared.takes(ruleset) and declared.current(ruleset) != declared.current(base)

    found = find(
        pst.rulesets(),
        changes_it,
        settings=settings(
            max_examples=2000, database=None, suppress_health_check=list(HealthCheck)
        ),
    )
    assert found.name.endswith("+house")


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_options_compose_together(ruleset: pq.Ruleset) -> None:
    """Several options at once, over a preset: each takes effect, the others stay."""
    house = ruleset.evolve(
        name="house", carte_rouge=10, cards_count_toward_pique=True, last_trick=3, younger_min=0
    )
    assert (house.carte_rouge, house.cards_count_toward_pique, house.younger_min) == (10, True, 0)
    assert house.tricks.last_trick == 3 and type(house.tricks) is type(ruleset.tricks)
    assert (house.point, house.sequences, house.game) == (
        ruleset.point,
        ruleset.sequences,
        ruleset.game,
    )
    assert ruleset.carte_rouge != 10  # the preset itself is unchanged


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    ("ruleset", "changes", "field"),
    [
        (pq.RUBICON, {"elder_max": 8}, "elder_max"),  # 8 + the younger's 1 > a stock of 8
        (pq.COTTON_1674, {"pack_size": 32}, "elder_max"),  # 8 of a stock of 8
        (pq.COTTON_1674, {"younger_min": 5}, "elder_max"),
        (pq.AU_CENT_36, {"elder_max": 12}, "elder_max"),
        (pq.RUBICON, {"younger_min": 9}, "younger_min"),
        (pq.RUBICON, {"younger_min": -1}, "younger_min"),
        (pq.RUBICON, {"elder_min": 0}, "elder_min"),
        (pq.RUBICON, {"elder_min": 6}, "elder_min"),
        (pq.AU_CENT, {"target": 0}, "target"),
        (pq.COTTON_1995, {"target": -100}, "target"),
        (pq.AU_CENT, {"target": "100"}, "target"),
        (pq.AU_CENT, {"target": True}, "target"),
        (pq.AU_CENT, {"double_below": -1}, "double_below"),
        (pq.RUBICON, {"deals": 0}, "deals"),
        (pq.RUBICON, {"rubicon": -1}, "rubicon"),
        (pq.RUBICON, {"last_trick": -1}, "last_trick"),
        (pq.RUBICON, {"last_trick": 1.5}, "last_trick"),
        (pq.COTTON_1995, {"last_trick_low": -2}, "last_trick_low"),
        (pq.RUBICON, {"low_cards_count": "no"}, "low_cards_count"),
        (pq.AU_CENT, {"fours_score_less": 1}, "fours_score_less"),
        (pq.RUBICON, {"cards_count_toward_pique": "yes"}, "cards_count_toward_pique"),
        (pq.RUBICON, {"younger_carte_rouge_makes_bonus": None}, "younger_carte_rouge_makes_bonus"),
        (pq.RUBICON, {"carte_rouge": 0}, "carte_rouge"),
        (pq.RUBICON, {"carte_rouge": True}, "carte_rouge"),
        (pq.RUBICON, {"carte_rouge": "20"}, "carte_rouge"),
        (pq.RUBICON, {"two_blanks": "sometimes"}, "two_blanks"),
        (pq.RUBICON, {"pack_size": 52}, "pack_size"),
        (pq.RUBICON, {"packet": 5}, "packet"),
        (pq.RUBICON, {"stock_size": 12}, "stock_size"),
        (pq.RUBICON, {"name": " "}, "name"),
        (pq.RUBICON, {"point": pq.SuitedSequences()}, "point"),
        (pq.RUBICON, {"game": pq.LeadAndWin()}, "game"),
        (pq.RUBICON, {"lowest": 20}, "lowest"),
        (pq.RUBICON, {"bonus_threshold": 0}, "bonus_threshold"),
        (pq.COTTON_1995, {"low_cards_count": True}, "low_cards_count"),
        (pq.COTTON_1674, {"fours_score_less": True}, "fours_score_less"),
        (pq.AU_CENT, {"deals": 6}, "deals"),
        (pq.RUBICON, {"target": 100}, "target"),
    ],
)
def test_an_invalid_option_raises_a_value_error_naming_the_field(
    ruleset: pq.Ruleset, changes: dict[str, Any], field: str
) -> None:
    """A stock too small for the elder's maximum, a target below 1, a value of the wrong
    kind, an option the preset's strategy lacks: a ValueError that names the field."""
    with pytest.raises(ValueError, match=f"^{re.escape(field)}: "):
        ruleset.evolve(**changes)


def test_an_unknown_option_is_refused_with_the_known_ones() -> None:
    """API.md: ``ruleset.evolve(**changes)`` is "a house-rule variant (validated)"."""
    with pytest.raises(ValueError, match=r"^unknown ruleset option 'colour'; known: bonus, "):
        pq.AU_CENT.evolve(colour="red")


def test_R_CB_3_two_blanks_by_name() -> None:
    """R-CB-3's three readings, given by value or by name."""
    assert pq.RUBICON.evolve(two_blanks="younger bars").two_blanks is pq.TwoBlanks.YOUNGER_BARS
    assert pq.COTTON_1674.evolve(two_blanks=pq.TwoBlanks.BOTH_SCORE) != pq.COTTON_1674


# ------------------------------------------------------------------ options in play

PIQUE_BY_THE_CARDS = {
    "elder": "AS KS QS JS 10S AH KH 7D 8D 7C 8C QD",
    "younger": "9S 8S 7S QH JH 10H 9H AD KD AC KC 9C",
    "stock": "10C JC 8H 7H JD 10D 9D QC",
}
PIQUE_BY_THE_CARDS_PLAY = [
    "discard QD",
    "discard 9C",
    "leave unseen",
    "call point AS KS QS JS 10S",
    "good point",
    "call sequence AS KS QS JS 10S",
    "good sequence",
    "pass set",
    "pass set",
    *plays("AS 7S", "KS 8S", "QS 9S", "JS 9H", "10S JC", "AH 10H", "KH JH"),
]


def test_R_PR_3_option_the_cards_count_toward_pique() -> None:
    """Seeds 001 and 003: "should elder achieve 'cards' - more than 6 tricks - before
    younger wins any tricks, the 10 points for 'cards' can immediately be applied to a
    pique". The elder's 20 in hand and seven leads make 27; the 10 for the cards, scored
    as he wins the seventh trick, make 37: a pique. Without the option the younger wins
    the eighth trick before the elder reaches 30."""
    rules = pq.RUBICON.evolve(cards_count_toward_pique=True)
    state = play_out(pq.new_deal(rules, **PIQUE_BY_THE_CARDS), PIQUE_BY_THE_CARDS_PLAY)
    assert ledger(state)[-2:] == [(A, R.CARDS, 10), (A, R.PIQUE, 30)]
    end = plays("7D KD", "AD 8D", "AC 7C", "KC 8C", "QH 10C")
    state = play_out(state, end)
    assert [e.reason for e in state.events].count(R.CARDS) == 1
    assert state.deal_scores == (68, 6)
    plain = play_out(pq.new_deal(pq.RUBICON, **PIQUE_BY_THE_CARDS), PIQUE_BY_THE_CARDS_PLAY)
    plain = play_out(plain, end)
    assert R.PIQUE not in [e.reason for e in plain.events]
    assert ledger(plain)[-1] == (A, R.CARDS, 10) and plain.deal_scores == (38, 6)


def test_R_PR_3_option_a_capot_adds_its_remaining_30() -> None:
    """Seed 001: "they score an extra 30 points for capot (which cannot be counted toward a
    pique, although they score 40 points together with the ten for the cards)". Seed 000's
    maximum deal still makes 170: 10 at the seventh trick and 30 at the end."""
    rules = pq.RUBICON.evolve(cards_count_toward_pique=True)
    state = pq.new_deal(rules, **MAXIMUM_170, declarations="auto")
    state = play_out(state, MAXIMUM_170_HAND[:3])
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    tail = [(e.reason, e.points) for e in state.events if e.precedence >= pq.Precedence.PLAY]
    assert tail[7] == (R.CARDS, 10) and tail[-1] == (R.CAPOT, 30)
    assert state.deal_scores == (170, 0)


def test_R_EX_3_option_the_younger_need_not_discard() -> None:
    """Cavendish's au cent laws: "The younger hand is not obliged to discard any card"."""
    rules = pq.AU_CENT.evolve(younger_min=0)
    state = pq.new_deal(rules, **SEED_000)
    state = play_out(state, [SEED_000_EXCHANGE[0]])
    assert state.legal_actions()[0] == pq.Exchange(pq.cards(""))
    state = play_out(state, ["discard", "leave expose"])
    assert state.phase is pq.Phase.DECLARATION
    assert state.hand(B) == pq.cards("QS 10S 8S QH JH 7H AC KC QC 8C KD QD")
    assert state.stock == tuple(pq.Card.parse(c) for c in ("KS", "10H", "JS"))


def seed_000(rules: pq.Ruleset) -> pq.State:
    state = play_out(pq.new_deal(rules, **SEED_000), SEED_000_EXCHANGE)
    return play_out(state, [*SEED_000_DECLARATIONS, *SEED_000_PLAY])


def test_R_PL_2_option_ten_for_the_last_trick() -> None:
    """Seed 003, variations: "The winner of the last trick can score 10 points instead of
    1". Seed 000's deal: 43 + 9."""
    assert seed_000(pq.AU_CENT.evolve(last_trick=10)).deal_scores == (52, 23)


def test_R_PL_2_option_low_cards_do_not_count() -> None:
    """Cavendish's au cent laws: "By agreement, in playing the cards, nines, eights, and
    sevens are not counting cards". Seed 000's deal: A's 7D, 9D and 8D led and B's 8C led
    score nothing: 40 to 22."""
    state = seed_000(pq.AU_CENT.evolve(low_cards_count=False))
    assert state.deal_scores == (40, 22)
    assert ledger(state)[5:7] == [(A, R.LEAD, 1), (B, R.WIN, 1)]  # AD led; 7D led: nothing


def test_R_DE_2_option_a_point_ending_in_four_scores_one_less() -> None:
    """Cavendish's au cent laws: "By agreement, points ending in four count one less than
    the number of cards". Five hearts making 44 score 4."""
    for rules, score in ((pq.AU_CENT, 5), (pq.AU_CENT.evolve(fours_score_less=True), 4)):
        state = pq.new_deal(
            rules,
            elder="KH JH 9H 8H 7H AS KS 7S AD KD AC KC",
            younger="AH QH 10H QS JS 10S QD JD 10D QC JC 10C",
            stock="9S 8S 9D 8D 7D 9C 8C 7C",
        )
        state = play_out(state, ["discard 7S", "discard 10C", "leave unseen"])
        state = play_out(state, ["call point KH JH 9H 8H 7H", "good point"])
        assert ledger(state) == [(A, R.POINT, score)]
        assert state.spoken[0].words == "point of five"


@pytest.mark.parametrize(("double_below", "points"), [(50, 2), (0, 1)])
def test_R_GM_2_option_the_double_game_threshold(double_below: int, points: int) -> None:
    """The double game below 50 (Cavendish, au cent) is an option: 0 turns it off."""
    rules = pq.AU_CENT.evolve(double_below=double_below)
    state = pq.new_game(rules).apply(
        deal_of(MAXIMUM_170["elder"], MAXIMUM_170["younger"], MAXIMUM_170["stock"])
    )
    state = play_out(state, MAXIMUM_170_HAND)
    assert state.result == pq.Result(A, (103, 0), points)


@pytest.mark.parametrize(("rubicon", "points"), [(100, 23 + 13 + 100), (10, 23 - 13 + 100)])
def test_R_GM_1_options_deals_and_rubicon(rubicon: int, points: int) -> None:
    """A partie of one deal (``deals=1``): Rubicon's worked deal, 23 to 13, settles it; the
    loser's 13 is under a rubicon of 100, over one of 10."""
    rules = pq.RUBICON.evolve(deals=1, rubicon=rubicon)
    state = pq.new_game(rules).apply(
        deal_of(WORKED_HANDS["elder"], WORKED_HANDS["younger"], WORKED_HANDS["stock"])
    )
    state = play_out(state, [*WORKED_EXCHANGE, *WORKED_DECLARATIONS, *WORKED_PLAY])
    assert state.result == pq.Result(A, (23, 13), points)


def test_R_GM_2_option_a_target_for_any_preset() -> None:
    """A target of the players' choosing (seed 004's 121, Cotton's "not but that you may
    make it more or less"): the classic 36-card game to 60 ends at the elder's pique."""
    from test_ruleset_au_cent_36 import WORKED_DECLARATIONS as DECLARATIONS_36
    from test_ruleset_au_cent_36 import WORKED_EXCHANGE as EXCHANGE_36
    from test_ruleset_au_cent_36 import WORKED_HANDS as HANDS_36
    from test_ruleset_au_cent_36 import WORKED_PLAY as PLAY_36

    rules = pq.AU_CENT_36.evolve(target=60)
    state = play_out(pq.new_deal(rules, **HANDS_36), [*EXCHANGE_36, *DECLARATIONS_36])
    state = play_out(state, PLAY_36[:4])
    assert ledger(state)[-1] == (A, R.PIQUE, 30)
    assert state.is_over and state.result == pq.Result(A, (61, 0), 2)
