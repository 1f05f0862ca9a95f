"""Public objects stay whole: shared cards cannot be taken apart, a state's phase cannot
be changed from outside, and every public value pickles and copies with every protocol."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import piquet as pq

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


# ----------------------------------------------------------------- cards


@pytest.mark.parametrize("name", ["rank", "suit", "index", "_mask"])
def test_a_cards_fields_cannot_be_deleted(name: str) -> None:
    card = pq.Card.parse("QH")
    with pytest.raises(AttributeError, match="Card is immutable"):
        delattr(card, name)
    assert pq.Card.parse("QH").rank is pq.Rank.QUEEN  # the shared card is still whole
    assert str(card) == "QH" and card.mask == 1 << card.index


def test_a_cards_fields_and_class_cannot_be_assigned() -> None:
    card = pq.Card.parse("QH")
    for name, value in (("rank", pq.Rank.ACE), ("__class__", object)):
        with pytest.raises(AttributeError):
            setattr(card, name, value)
    assert card.rank is pq.Rank.QUEEN and type(card) is pq.Card


def test_a_card_sets_mask_cannot_be_deleted_or_assigned() -> None:
    hand = pq.cards("AS KS")
    with pytest.raises(AttributeError, match="CardSet is immutable"):
        del hand.mask
    with pytest.raises(AttributeError, match="CardSet is immutable"):
        hand.mask = 0
    assert str(hand) == "AS KS"


# ----------------------------------------------------------------- states


def _states() -> list[pq.State]:
    """A state of every phase, in both declaration modes."""
    out = []
    for declarations in ("played", "auto"):
        rng = random.Random(4)
        state = pq.new_game(pq.RUBICON, declarations=declarations)
        while not state.is_over:
            out.append(state)
            chance = state.to_move is pq.CHANCE
            state = state.apply(
                state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
            )
        out.append(state)
    return out


STATES = _states()
PHASES = {state.phase: state for state in STATES}


def test_the_states_cover_every_phase() -> None:
    assert set(PHASES) == set(pq.Phase)


@pytest.mark.parametrize("phase", list(pq.Phase), ids=lambda p: p.value)
def test_a_states_class_cannot_be_assigned(phase: pq.Phase) -> None:
    state = PHASES[phase]
    before = type(state)
    for other in {type(s) for s in STATES} | {pq.State}:
        with pytest.raises(TypeError, match="a state's class is its phase"):
            state.__class__ = other
        with pytest.raises(TypeError, match="a state's class is its phase"):
            object.__setattr__(state, "__class__", other)
    with pytest.raises(AttributeError):
        del state.__class__
    assert type(state) is before and state.__class__ is before and state.phase is phase
    assert isinstance(state, pq.State)


def test_a_states_public_fields_cannot_be_assigned() -> None:
    state = PHASES[pq.Phase.PLAY]
    for name in ("phase", "to_move", "scores", "ruleset", "history"):
        with pytest.raises(AttributeError):
            setattr(state, name, None)


def test_the_engine_still_moves_its_states_on_through_every_phase() -> None:
    # the played declarations and the play change a new state's class inside the engine
    seen = {type(state).__name__ for state in STATES}
    assert {"_Dealing", "_Exchanging", "_Declaring", "_Playing", "_Over"} <= seen


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_states_of_every_phase_pickle_with_every_protocol(protocol: int) -> None:
    for state in STATES[::7] + [PHASES[phase] for phase in pq.Phase]:
        again = pickle.loads(pickle.dumps(state, protocol))
        assert again == state and type(again) is type(state)
        assert again.history == state.history


# ----------------------------------------------------------------- values


def _actions() -> list[Any]:
    return [
        pq.Deal(pq.pack(32), packet=3),
        pq.ExchangeCount(3),
        pq.Exchange("7S 8S"),
        pq.Leave(pq.LeftCards.EXPOSE),
        pq.Call("point", "AH KH QH"),
        pq.Pass("set"),
        pq.Good("sequence"),
        pq.Equal("point"),
        pq.Reckon("set", "KS KH KD"),
        pq.Reckon("set"),
        pq.Play("10H"),
    ]


VALUES = [
    pq.Card.parse("10H"),
    pq.cards("AS KH 7D"),
    pq.cards(""),
    *pq.RULESETS.values(),
    pq.RUBICON.evolve(name="house", title="House rules", carte_rouge=20, last_trick=10),
    *_actions(),
]


def test_every_kind_of_action_is_checked() -> None:
    kinds = {type(action) for action in _actions()}
    assert set(pq.actions.ACTION_TYPES) <= kinds


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_values_pickle_and_copy_with_every_protocol(value: Any, protocol: int) -> None:
    again = pickle.loads(pickle.dumps(value, protocol))
    assert again == value and type(again) is type(value)
    assert hash(again) == hash(value)
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    if isinstance(value, pq.Card):
        assert again is value  # one object per card


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_observations_of_every_phase_pickle_with_every_protocol(protocol: int) -> None:
    # the exchange's legal discards are a lazy sequence, which alone pickles only from
    # protocol 2 on
    exchanges = [s for s in STATES if s.phase is pq.Phase.EXCHANGE and s.to_move is s.elder][:2]
    assert exchanges
    for state in [PHASES[phase] for phase in pq.Phase] + STATES[::11] + exchanges:
        for player in pq.Player:
            seen = state.observation(player)
            again = pickle.loads(pickle.dumps(seen, protocol))
            assert again == seen and hash(again) == hash(seen)
            assert list(again.legal_actions) == list(seen.legal_actions)
            assert copy.copy(seen) == seen and copy.deepcopy(seen) == seen


# ----------------------------------------------------------------- rulesets' texts

BREAKS = ["\u2028", "\u2029", "\x85", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1e", "\x00", "\x7f"]


@pytest.mark.parametrize("field", ["name", "description", "title"])
@pytest.mark.parametrize("char", BREAKS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_ruleset_refuses_line_breaks_and_control_characters(field: str, char: str) -> None:
    with pytest.raises(ValueError, match=rf"^{field}: no line breaks or control characters"):
        pq.RUBICON.evolve(**{field: f"house{char}rules"})


@pytest.mark.parametrize("field", ["name", "description", "title"])
def test_a_ruleset_refuses_a_text_that_is_not_a_string_or_too_long(field: str) -> None:
    with pytest.raises(ValueError, match=rf"^{field}: must be a (non-empty )?string \(got \[1\]\)"):
        pq.RUBICON.evolve(**{field: [1]})
    with pytest.raises(ValueError, match=rf"^{field}: at most \d+ characters") as error:
        pq.RUBICON.evolve(**{field: "x" * 100_000})
    assert len(str(error.value)) < 200


def test_a_ruleset_keeps_ordinary_unicode_and_round_trips_through_a_record() -> None:
    rules = pq.RUBICON.evolve(name="maison ♠", title="Piquet à la maison", description="«½»")
    state = pq.new_game(rules)
    assert hash(rules) == hash(
        pq.RUBICON.evolve(name="maison ♠", title="Piquet à la maison", description="«½»")
    )
    assert pq.loads(pq.dumps(state)) == state
    assert pq.loads(pq.dumps(state)).ruleset == rules


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_a_record_escapes_the_line_breaks_of_a_ruleset_made_past_its_checks(char: str) -> None:
    # a ruleset unpickled or changed past its validation may still hold one: the record
    # writes it escaped, on one line, and reading it back refuses it cleanly, by name
    rules = attrs.evolve(pq.RUBICON, name="house")
    object.__setattr__(rules, "description", f"one{char}two")
    text = pq.dumps(pq.new_game(rules))
    assert char not in text
    assert len(text.splitlines()) == 4
    with pytest.raises(pq.RecordError, match=r"^line 2: RulesetData: ruleset: description: no"):
        pq.loads(text)


def test_scores_and_numbers_of_a_ruleset_are_bounded() -> None:
    # a deal's scores are kept in bounded counters: a million for the cards would spill
    for option in ("cards", "capot", "pique", "repique", "carte_blanche", "carte_rouge"):
        with pytest.raises(ValueError, match=rf"^{option}: .*1000"):
            pq.RUBICON.evolve(**{option: 10**7})
    for option in ("last_trick", "deals", "rubicon", "bonus"):
        with pytest.raises(ValueError, match=rf"^{option}: must be at most 1000"):
            pq.RUBICON.evolve(**{option: 10**7})
    assert pq.RUBICON.evolve(cards=1000).cards == 1000


def test_a_ruleset_refuses_absurd_packets() -> None:
    with pytest.raises(ValueError, match=r"^packets: ") as error:
        pq.RUBICON.evolve(packets=[2] * 100_000)
    assert len(str(error.value)) < 300
