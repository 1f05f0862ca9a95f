"""The engine's shortcuts give what the plain paths give.

A deal drawn by ``sample_chance`` is applied without checking it again; every other
deal is checked. These tests pin that the shortcut changes nothing a user can see.
"""

from __future__ import annotations

import pickle
import random

import pytest

import piquet as pq
from conftest import scaled


def _fields(state: pq.State) -> tuple[object, ...]:
    return (
        state.phase,
        state.to_move,
        state.hand(pq.Player.A),
        state.hand(pq.Player.B),
        state.stock,
        state.events,
        state.scores,
        state.deal_scores,
        state.history,
        state.deal_number,
    )


@pytest.mark.parametrize("ruleset", [pq.RUBICON, pq.AU_CENT_36, pq.COTTON_1674])
def test_a_sampled_deal_applies_as_the_same_deal_made_by_hand(ruleset: pq.Ruleset) -> None:
    rng = random.Random(5)
    start = pq.new_game(ruleset)
    for _ in range(30):
        deal = start.sample_chance(rng)
        by_hand = pq.Deal(list(deal.pack), packet=deal.packet)
        assert by_hand is not deal and by_hand == deal
        quick, checked = start.apply(deal), start.apply(by_hand)
        assert quick == checked and hash(quick) == hash(checked)
        assert _fields(quick) == _fields(checked)


def test_an_older_sampled_deal_still_applies() -> None:
    rng = random.Random(6)
    start = pq.new_game(pq.RUBICON)
    first = start.sample_chance(rng)
    second = start.sample_chance(rng)
    assert start.apply(first).hand(pq.Player.A) != start.apply(second).hand(pq.Player.A)
    assert _fields(start.apply(first)) == _fields(start.apply(pq.Deal(first.pack)))


def test_a_deal_sampled_for_another_pack_is_checked() -> None:
    deal = pq.new_game(pq.RUBICON).sample_chance(random.Random(7))
    with pytest.raises(pq.IllegalActionError, match="the pack must be the 36 cards"):
        pq.new_game(pq.AU_CENT_36).apply(deal)
    # the same deal at the wrong moment is refused too
    dealt = pq.new_game(pq.RUBICON).apply(deal)
    with pytest.raises(pq.IllegalActionError, match="not legal in the exchange phase"):
        dealt.apply(deal)


def test_a_deal_made_by_hand_is_checked() -> None:
    start = pq.new_game(pq.RUBICON)
    pack = list(start.sample_chance(random.Random(8)).pack)
    with pytest.raises(pq.IllegalActionError, match="appears twice in the pack"):
        start.apply(pq.Deal([*pack[:-1], pack[0]]))
    with pytest.raises(pq.IllegalActionError, match="dealt in packets of 2 or 3"):
        start.apply(pq.Deal(pack, packet=4))


# ----------------------------------------------------------------- the play's entries

_PLAY_REASONS = (pq.Reason.LEAD, pq.Reason.WIN, pq.Reason.COUNTERS, pq.Reason.LAST_TRICK)
_HOUSE = {
    "rubicon+cards_toward_pique": pq.RUBICON.evolve(cards_count_toward_pique=True),
    "au_cent+last_trick_10": pq.AU_CENT.evolve(last_trick=10),
}


def _game_states(ruleset: pq.Ruleset, declarations: str, seed: int) -> list[pq.State]:
    """Every state of two deals of a random game, and a sibling of each."""
    rng = random.Random(seed)
    out: list[pq.State] = []
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    for _ in range(2):
        if state.is_over:
            break
        state = state.apply(state.sample_chance(rng))
        while state.to_move is not pq.CHANCE and state.to_move is not None:
            actions = state.legal_actions()
            out += [state, state.apply(actions[-1])]
            state = state.apply(rng.choice(actions))
        out.append(state)
    return out


def _play_entries_by_the_rules(state: pq.State) -> list[tuple[pq.Player, int, pq.Reason]]:
    """The play's own entries, from the ruleset's trick scorer and the tricks played."""
    scorer = state.ruleset.tricks
    out: list[tuple[pq.Player, int, pq.Reason]] = []
    for number, trick in enumerate(state.tricks, start=1):
        if (points := scorer.lead_points(trick.lead.index)) > 0:
            out.append((trick.leader, points, pq.Reason.LEAD))
        won = trick.winner is not trick.leader
        points, reason = scorer.trick_points(trick.lead.index, trick.follow.index, won)
        if points > 0:
            out.append((trick.winner, points, reason))
        winning_card = trick.follow if won else trick.lead
        if number == 12 and (points := scorer.last_trick_points(winning_card.index)) > 0:
            out.append((trick.winner, points, pq.Reason.LAST_TRICK))
    if state.trick and (points := scorer.lead_points(state.trick[0].index)) > 0:
        assert isinstance(state.to_move, pq.Player)
        out.append((state.to_move.other, points, pq.Reason.LEAD))
    return out


@pytest.mark.parametrize(
    ("ruleset", "declarations"),
    [(r, d) for r in [*pq.RULESETS.values(), *_HOUSE.values()] for d in ("played", "auto")],
)
def test_the_ledger_holds_every_entry_of_the_play(ruleset: pq.Ruleset, declarations: str) -> None:
    """The play's entries are written out when the ledger is read: they are the trick
    scorer's, they add up to the scores, and they read the same in any order."""
    states = [s for seed in range(scaled(1, 3)) for s in _game_states(ruleset, declarations, seed)]
    in_order = [s.events for s in states]
    for state, events in zip(states, in_order, strict=True):
        for player in pq.Player:
            assert (
                sum(e.points for e in events if e.player is player) == (state.deal_scores[player])
            )
        played = [(e.player, e.points, e.reason) for e in events if e.reason in _PLAY_REASONS]
        assert played == _play_entries_by_the_rules(state)
        assert [e.precedence for e in events] == sorted(e.precedence for e in events)
    order = list(range(len(states)))
    random.Random(1).shuffle(order)
    for i in order:
        assert states[i].events == in_order[i]
        copy = pickle.loads(pickle.dumps(states[i]))
        assert copy.events == in_order[i]
        if not copy.is_over and copy.to_move is not pq.CHANCE:
            after = copy.apply(copy.legal_actions()[0])
            assert after.events == states[i].apply(states[i].legal_actions()[0]).events


# ----------------------------------------------------------------- the discards


def test_the_lazy_discards_index_as_they_iterate() -> None:
    rng = random.Random(9)
    start = pq.new_game(pq.RUBICON)
    for _ in range(5):
        state = start.apply(start.sample_chance(rng))
        for _turn in range(2):  # the elder's discards, then the younger's
            legal = state.legal_actions()
            every = list(legal)
            assert len(every) == len(legal) == len(set(every))
            picks = rng.sample(range(len(legal)), 40)
            assert [legal[i] for i in picks] == [every[i] for i in picks]
            assert legal[-1] == every[-1] and legal[-len(legal)] == every[0]
            assert legal[3:9] == every[3:9] and legal[::500] == every[::500]
            assert all(action in legal for action in every[::97])
            with pytest.raises(IndexError):
                legal[len(legal)]
            with pytest.raises(IndexError):
                legal[-len(legal) - 1]
            with pytest.raises(TypeError):
                legal[1.0]  # type: ignore[call-overload]
            state = state.apply(rng.choice(legal))


def test_a_discard_of_no_card_and_of_one_card_index_as_they_iterate() -> None:
    rules = pq.RUBICON.evolve(name="house", younger_min=0)
    rng = random.Random(11)
    start = pq.new_game(rules)
    for _ in range(5):
        state = start.apply(start.sample_chance(rng))
        state = state.apply(rng.choice(state.legal_actions()))  # the elder's
        legal = state.legal_actions()  # the younger's: from no card up
        every = list(legal)
        assert every[0].discard == pq.CardSet.from_mask(0)
        assert [legal[i] for i in range(len(legal))] == every
        assert [a.discard.mask.bit_count() for a in every[:13]] == [0] + [1] * 12


# ----------------------------------------------------------------- one class per phase


def test_every_phase_pickles_as_a_state_and_reads_back() -> None:
    rng = random.Random(10)
    state = pq.new_game(pq.RUBICON, declarations="played")
    seen = set()
    while not state.is_over:
        data = pickle.dumps(state)
        copy = pickle.loads(data)
        assert isinstance(copy, pq.State) and type(copy) is type(state)
        assert copy == state and copy.phase is state.phase
        assert b"_Playing" not in data and b"_Exchanging" not in data  # only "State"
        seen.add(state.phase)
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen == set(pq.Phase) - {pq.Phase.OVER}
    assert pickle.loads(pickle.dumps(state)).is_over


def test_a_state_pickled_with_its_phase_in_a_slot_reads_back() -> None:
    """Earlier versions kept the phase in a slot of the State class itself."""
    state = pq.new_game(pq.RUBICON).rollout(random.Random(11))
    state = state.apply(state.sample_chance(random.Random(12)))
    fields = state.__getstate__()
    old = object.__new__(pq.State)  # as pickle makes it: the class named in the pickle
    old.__setstate__(fields)
    assert old == state and old.phase is pq.Phase.EXCHANGE
    assert old.legal_actions()[5] == state.legal_actions()[5]


@pytest.mark.parametrize(
    ("phase", "action", "reason"),
    [
        (pq.Phase.PLAY, pq.Pass("point"), "not legal in the play phase"),
        (pq.Phase.EXCHANGE, pq.Play("AS"), "not legal in the exchange phase"),
        (pq.Phase.DECLARATION, pq.Play("AS"), "not legal in the declaration phase"),
        (pq.Phase.PLAY, "play AS", "not an action"),
    ],
)
def test_each_phase_refuses_other_actions_with_the_reason(
    phase: pq.Phase, action: object, reason: str
) -> None:
    rng = random.Random(13)
    state = pq.new_game(pq.RUBICON, declarations="played")
    state = state.apply(state.sample_chance(rng))
    while state.phase is not phase:
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(pq.IllegalActionError, match=reason):
        state.apply(action)  # type: ignore[arg-type]
    assert not state.is_legal(action)  # type: ignore[arg-type]


def test_the_state_class_s_own_methods_serve_every_phase() -> None:
    """``State.apply(state, action)`` and ``State.legal_actions(state)``, called through
    the class, give what the state's own methods give."""
    rng = random.Random(14)
    state = pq.new_game(pq.RUBICON, declarations="played")
    phases = set()
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            action: pq.Action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            through_the_class = pq.State.legal_actions(state)
            assert len(through_the_class) == len(legal)
            assert [through_the_class[i] for i in range(0, len(legal), 7)] == [
                legal[i] for i in range(0, len(legal), 7)
            ]
            action = rng.choice(legal)
        phases.add(state.phase)
        after = pq.State.apply(state, action)
        assert after == state.apply(action) and after.events == state.apply(action).events
        state = after
    assert phases == set(pq.Phase) - {pq.Phase.OVER}
    assert pq.State.legal_actions(state) == ()
