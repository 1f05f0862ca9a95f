"""``rubicon``: Rubicon piquet by Cavendish's laws, the default, and the baseline of the
table of RULES.md section 9. The rules themselves are tested in ``test_rules_rubicon.py``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from ruleset_helpers import A, B, ledger, plays

import piquet as pq
from conftest import play_out
from piquet.cards import cards

R = pq.Reason


def differences(ruleset: pq.Ruleset) -> dict[str, Any]:
    """The fields in which a ruleset differs from Rubicon, besides its name."""
    return {
        f.name: getattr(ruleset, f.name)
        for f in attrs.fields(pq.Ruleset)
        if f.name not in ("name", "description", "title")
        and getattr(ruleset, f.name) != getattr(pq.RUBICON, f.name)
    }


def test_preset_fields() -> None:
    """Cavendish's laws: 32 cards dealt by two, the elder takes up to five, the younger at
    least one (laws 16-17); point by the number of cards; lead and win, all cards count, one
    for the last trick; a partie of six deals with the rubicon at 100."""
    rubicon = pq.RUBICON
    assert pq.find_ruleset("rubicon") is rubicon and next(iter(pq.RULESETS)) == "rubicon"
    assert pq.new_game().ruleset is rubicon
    assert (rubicon.pack_size, rubicon.packet, rubicon.elder_max, rubicon.younger_min) == (
        32, 2, 5, 1
    )  # fmt: skip
    assert rubicon.point == pq.PointByLength() and rubicon.sequences == pq.SuitedSequences()
    assert rubicon.tricks == pq.LeadAndWin(low_cards_count=True, last_trick=1)
    assert rubicon.game == pq.Partie(deals=6, extra_deals=2, rubicon=100, bonus=100)
    assert rubicon.carte_rouge is None and not rubicon.cards_count_toward_pique
    assert not rubicon.lower_cut_deals


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("au_cent", {"game": pq.Race(100, 50), "lower_cut_deals": True}),
        ("au_cent_101", {"game": pq.Race(101, 50), "lower_cut_deals": True}),
        (
            "cotton_1674",
            {
                "pack_size": 36,
                "packet": 3,
                "packets": (2, 3, 4),
                "elder_max": 8,
                "point": pq.PointByValue(),
                "tricks": pq.LeadAndWin(low_cards_count=False, last_trick=1),
                "game": pq.Race(100, 0),
                "two_blanks": pq.TwoBlanks.YOUNGER_BARS,
                "lower_cut_deals": True,
            },
        ),
        (
            "cotton_1995",
            {
                "pack_size": 36,
                "packet": 3,
                "packets": (2, 3, 4),
                "elder_max": 8,
                "point": pq.PointByValue(),
                "sequences": pq.MixedSequences(),
                "tricks": pq.WinnerTakesCounters(last_trick=2, last_trick_low=1),
                "game": pq.Race(100, 0),
                "two_blanks": pq.TwoBlanks.CANCEL,
                "lower_cut_deals": True,
            },
        ),
        (
            "au_cent_36",
            {
                "pack_size": 36,
                "elder_max": 7,
                "tricks": pq.WinnerTakesCounters(last_trick=0, last_trick_low=0),
                "game": pq.Race(100, 50),
                "lower_cut_deals": True,
            },
        ),
        ("carte_rouge", {"carte_rouge": 20}),
    ],
)
def test_section_9_each_preset_differs_from_rubicon_as_the_table_says(
    name: str, expected: dict[str, Any]
) -> None:
    """RULES.md section 9: the table of presets, column by column, and nothing else."""
    assert differences(pq.RULESETS[name]) == expected


def test_every_preset_is_listed_and_exported() -> None:
    """API.md: the presets of RULES.md section 9, importable from the package."""
    assert list(pq.RULESETS) == [
        "rubicon", "au_cent", "au_cent_101", "cotton_1674", "cotton_1995", "au_cent_36",
        "carte_rouge",
    ]  # fmt: skip
    for name, ruleset in pq.RULESETS.items():
        assert getattr(pq, name.upper()) is ruleset and name.upper() in pq.__all__
        assert pq.find_ruleset(name.upper().replace("_", "-")) is ruleset


# ------------------------------------------------------------------ the worked deal

WORKED_HANDS = {
    "elder": "AH KH QH JH 9H 8H KS QS JS 10D 9D 7C",
    "younger": "AS 10S 9S 8S AD KD AC KC QC 10C 9C 10H",
    "stock": "8D 7S 7H QD JD 7D JC 8C",
}
WORKED_EXCHANGE = ["discard 7C", "discard 9C", "leave unseen"]
WORKED_DECLARATIONS = [
    "call point AH KH QH JH 9H 8H",
    "good point",
    "call sequence AH KH QH JH",
    "good sequence",
    "reckon sequence KS QS JS 10D 9D 8D",
    "pass set",
    "call set AS AD AC",
    "reckon set 10S 10H 10C",
]
WORKED_PLAY = plays(
    "AH 10H", "KH 7S", "QH 8S", "JH 9S", "9H 10C", "8H QC",
    "KS AS", "AD 8D", "KD 9D", "AC QS", "KC JS", "10S 10D",
)  # fmt: skip


def test_worked_deal() -> None:
    """A whole Rubicon deal: the elder takes one card (the 8D) for two tierces; point of
    six, quart major and two tierces, 16; the younger's aces and tens, 6, save him from a
    pique. Six tricks each: nothing for the cards. 23 to 13."""
    state = play_out(pq.new_deal(pq.RUBICON, **WORKED_HANDS), WORKED_EXCHANGE)
    assert state.hand(A) == cards("KS QS JS AH KH QH JH 9H 8H 10D 9D 8D")
    assert state.hand(B) == cards("AS 10S 9S 8S 7S 10H AD KD AC KC QC 10C")
    state = play_out(state, WORKED_DECLARATIONS)
    assert [str(s) for s in state.spoken] == [
        "A: point of six",
        "B: good",
        "A: quart",  # its length; good, it is shown and reckoned
        "B: good",
        "A: tierce to the king, tierce to the ten",
        "A: pass",
        "B: three aces",
        "B: three tens",
    ]
    assert ledger(state) == [
        (A, R.POINT, 6),
        (A, R.SEQUENCE, 4),
        (A, R.SEQUENCE, 3),
        (A, R.SEQUENCE, 3),
        (B, R.SET, 3),
        (B, R.SET, 3),
    ]
    state = play_out(state, WORKED_PLAY)
    assert ledger(state)[6:] == [
        *[(A, R.LEAD, 1)] * 7,  # AH KH QH JH 9H 8H KS
        (B, R.WIN, 1),  # AS takes KS
        *[(B, R.LEAD, 1)] * 5,  # AD KD AC KC 10S
        (B, R.LAST_TRICK, 1),
    ]
    assert state.tricks_won == (6, 6)
    assert state.deal_scores == (23, 13) and state.is_over
    assert state.result == pq.Result(A, (23, 13), 10)
