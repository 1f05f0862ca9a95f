"""What a player may do depends only on what he may know: equal observations give equal
legal actions, in every preset, both declaration modes and every phase (R-DE-1a, and the
API's promise on observations).

Two ways of finding states a player cannot tell apart: the sampler's worlds
(``Observation.sample_state``), and worlds made by swapping cards the player cannot see
in the deal and replaying every action (Hypothesis).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from conftest import scaled

MODES = ("played", "auto")
# states checked per preset and mode; the CI profile checks more
PER_CASE = scaled(25, 250)


def decision_states(
    ruleset: pq.Ruleset, declarations: str, seed: int
) -> Iterator[tuple[pq.State, pq.Player]]:
    """Every state of a seeded random game where a player moves, with the mover."""
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    while not state.is_over:
        mover = state.to_move
        if mover is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        assert isinstance(mover, pq.Player)
        yield state, mover
        state = state.apply(rng.choice(state.legal_actions()))


def sampled_cases(ruleset: pq.Ruleset, declarations: str, wanted: int) -> Iterator[pq.State]:
    """``wanted`` decision states: every one in the exchange and the declarations, and
    one in six in the play (there are many more of those)."""
    found = 0
    seed = 0
    rng = random.Random(99)
    while True:
        for state, _mover in decision_states(ruleset, declarations, seed):
            if state.phase is pq.Phase.PLAY and rng.random() > 1 / 6:
                continue
            yield state
            found += 1
            if found >= wanted:
                return
        seed += 1


@pytest.mark.parametrize("declarations", MODES)
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_sampled_worlds_give_the_mover_his_legal_actions(name: str, declarations: str) -> None:
    """Each world the sampler draws from the mover's observation is one he cannot tell
    from the real state; in it he has the same legal actions, in the same order."""
    differing: Counter[str] = Counter()
    checked: Counter[str] = Counter()
    rng = random.Random(5)
    for state in sampled_cases(pq.RULESETS[name], declarations, PER_CASE):
        mover = state.to_move
        assert isinstance(mover, pq.Player)
        seen = state.observation(mover)
        world = seen.sample_state(rng)
        assert world.observation(mover) == seen
        checked[state.phase.value] += 1
        if list(world.legal_actions()) != list(state.legal_actions()):
            differing[state.phase.value] += 1
    assert not differing, f"legal actions differ in {dict(differing)} of {dict(checked)}"
    if declarations == "played":
        assert checked["declaration"] > 0


def _swapped(action: pq.Action, swap: dict[pq.Card, pq.Card]) -> pq.Action:
    """The action with the cards of ``swap`` exchanged."""

    def cards(of: pq.CardSet) -> pq.CardSet:
        return pq.CardSet(swap.get(card, card) for card in of)

    if isinstance(action, pq.Deal):
        return pq.Deal(tuple(swap.get(card, card) for card in action.pack), packet=action.packet)
    if isinstance(action, pq.Exchange):
        return pq.Exchange(cards(action.discard))
    if isinstance(action, (pq.Call, pq.Reckon)):
        return type(action)(action.category, cards(action.cards))
    if isinstance(action, pq.Play):
        return pq.Play(swap.get(action.card, action.card))
    return action


def _replayed(history: tuple[pq.Action, ...], start: pq.State) -> pq.State | None:
    state = start
    try:
        for action in history:
            state = state.apply(action)
    except pq.IllegalActionError:
        return None
    return state


def _hidden_from(state: pq.State, player: pq.Player) -> list[pq.Card]:
    """The cards of the deal that ``player`` has not seen."""
    seen = state.observation(player)
    played = [card for trick in seen.tricks for card in (trick.lead, trick.follow)]
    known = (
        seen.dealt_hand
        | seen.hand
        | seen.discard
        | seen.seen_stock
        | seen.opponent_known
        | seen.opponent_shown
        | pq.CardSet(played + list(seen.trick))
    )
    for said in seen.spoken:
        if said.claimed is not None:
            known |= said.claimed
    for event in seen.events:
        known |= event.cards
    return [card for card in pq.pack(state.ruleset.pack_size) if card not in known]


@settings(max_examples=min(60, settings().max_examples), deadline=None)
@given(
    name=st.sampled_from(sorted(pq.RULESETS)),
    declarations=st.sampled_from(MODES),
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 40),
    pairs=st.randoms(use_true_random=False),
)
def test_swapping_unseen_cards_keeps_the_movers_legal_actions(
    name: str, declarations: str, seed: int, steps: int, pairs: random.Random
) -> None:
    """Exchange two cards the mover cannot see, in the deal and in every action: where
    the game still replays and his observation is the same, so are his legal actions."""
    start = pq.new_game(pq.RULESETS[name], declarations=declarations)  # type: ignore[arg-type]
    state = start
    rng = random.Random(seed)
    state = state.apply(state.sample_chance(rng))
    for _ in range(steps):
        if state.is_over or state.to_move is pq.CHANCE:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    mover = state.to_move
    if not isinstance(mover, pq.Player):
        return
    seen = state.observation(mover)
    hidden = _hidden_from(state, mover)
    for _ in range(12):
        if len(hidden) < 2:
            return
        a, b = pairs.sample(hidden, 2)
        other = _replayed(tuple(_swapped(x, {a: b, b: a}) for x in state.history), start)
        if other is None or other.observation(mover) != seen:
            continue
        assert list(other.legal_actions()) == list(state.legal_actions()), (a, b)


def _worked_example() -> pq.State:
    """The deal of Cavendish's worked example (Encyclopaedia Britannica, 9th edition,
    "Piquet"), after both exchanges: A, elder, holds a point of five making 49 and a
    quart major; B holds five diamonds making 48, four tens and three queens."""
    state = pq.new_deal(
        pq.RUBICON,
        elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
        younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
        stock="9S 8S KH 9C KD QS AC 7D",
    )
    state = state.apply(pq.Exchange("KS 8C 7C 9D 8D"))
    state = state.apply(pq.Exchange("7S 9H 7H"))
    return state


def test_r_de_1a_the_worked_example_five_cards_equal_forty_nine_good() -> None:
    """A "five cards." B "equal." A "forty-nine." B "good." A "a quart major" ... B
    "good." A "three knaves?" B "not good": four tens and three queens."""
    state = _worked_example()
    a, b = state.elder, state.younger
    state = state.apply(pq.Call("point", "AH KH QH JH 8H"))
    assert [str(x) for x in state.legal_actions()] == ["good point", "equal point"]
    state = state.apply(pq.Equal("point"))
    assert [str(x) for x in state.legal_actions()] == ["good point"]  # his 48 is less
    assert [s.words for s in state.observation(b).spoken] == [
        "point of five",
        "equal",
        "making 49",
    ]
    state = state.apply(pq.Good("point"))
    state = state.apply(pq.Call("sequence", "AH KH QH JH"))
    assert state.observation(b).spoken[-1].words == "quart"
    assert [str(x) for x in state.legal_actions()] == ["good sequence"]  # tierces only
    state = state.apply(pq.Good("sequence"))
    assert state.deal_scores[a] == 9  # "a quart major, nine"
    state = state.apply(pq.Call("set", "JS JH JC"))
    assert state.observation(b).spoken[-1].words == "three knaves"
    state = state.apply(pq.Call("set", "10S 10H 10C 10D"))  # not good
    assert state.observation(a).spoken[-1].words == "not good"
    state = state.apply(pq.Reckon("set", "QS QC QD"))
    assert state.deal_scores[b] == 17  # "four tens, fourteen, and three queens, seventeen"


def test_r_de_1a_equal_bars_a_longer_point() -> None:
    """After "equal" to five cards the younger may claim only five (Cavendish, law 46)."""
    state = _worked_example().apply(pq.Call("point", "AH KH QH JH"))  # four cards
    answers = [str(x) for x in state.legal_actions()]
    assert answers[:2] == ["good point", "equal point"]
    assert "call point AD QD JD 10D 7D" in answers  # five beats four: not good
    state = state.apply(pq.Equal("point"))
    answers = [str(x) for x in state.legal_actions()]
    assert "call point AD QD JD 10D 7D" not in answers
    # four cards making 41, as the elder's: equal at the last word, neither scores
    assert answers == ["good point", "call point AD QD JD 10D", "call point AC KC QC 10C"]
    tied = state.apply(pq.Call("point", "AC KC QC 10C"))
    assert [s.words for s in tied.spoken] == ["point of four", "equal", "making 41", "equal"]
    assert tied.deal_scores == (0, 0)


def test_own_silent_sinking_is_in_his_own_observation_only() -> None:
    """Reckoning nothing further is heard by the reckoner alone: his observation changes,
    his opponent's does not."""
    state = _worked_example()
    state = state.apply(pq.Call("point", "AH KH QH JH 8H")).apply(pq.Good("point"))
    state = state.apply(pq.Pass("sequence")).apply(pq.Pass("sequence"))
    state = state.apply(pq.Call("set", "JS JH JC"))
    state = state.apply(pq.Call("set", "10S 10H 10C 10D"))
    b = state.younger
    assert [str(x) for x in state.legal_actions()] == ["reckon set QS QD QC", "reckon set"]
    sunk = state.apply(pq.Reckon("set"))
    assert sunk.observation(b) != state.observation(b)
    assert sunk.observation(b).spoken[-1].words == "nothing further"
    reckoned_nothing = [s for s in sunk.observation(state.elder).spoken if s.verb == "reckon"]
    assert reckoned_nothing == []
