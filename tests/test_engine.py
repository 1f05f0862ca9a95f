"""The engine's value semantics: what equality means, hashing, pickling."""

from __future__ import annotations

import pickle
import random

import piquet as pq


def _swapped(deal: pq.Deal, i: int, j: int) -> pq.Deal:
    pack = list(deal.pack)
    pack[i], pack[j] = pack[j], pack[i]
    return pq.Deal(pack, packet=deal.packet)


def test_states_compare_positions_not_histories() -> None:
    """Two deals of the pack that give the same hands and stock are the same position:
    equal and of equal hash, though their histories differ (like chess positions)."""
    start = pq.new_game(pq.RUBICON)
    deal = start.sample_chance(random.Random(8))
    one = start.apply(deal)
    # positions 0 and 5 both go to the elder in packets of two
    other = start.apply(_swapped(deal, 0, 5))
    assert one.history != other.history
    assert one == other and hash(one) == hash(other)
    for action in one.legal_actions()[:20]:
        assert one.apply(action) == other.apply(action)
    # ... but not when the cards differ
    assert start.apply(_swapped(deal, 0, 2)) != one


def test_equality_sees_the_scores_and_the_ruleset() -> None:
    start = pq.new_game(pq.RUBICON)
    deal = start.sample_chance(random.Random(9))
    assert start.apply(deal) != pq.new_game(pq.RUBICON.evolve(capot=50)).apply(deal)
    later = pq.resume_game(pq.RUBICON, score_sheet=[(10, 20)])
    assert later != pq.new_game(pq.RUBICON) and later == pq.loads(pq.dumps(later))


def test_pickles_hold_the_actions_and_not_the_tables() -> None:
    rng = random.Random(3)
    state = pq.new_game(pq.RUBICON)
    sizes = []
    while not state.is_over:
        state = state.rollout(rng)
        sizes.append((len(state.history), len(pickle.dumps(state))))
    # the pickle grows by a few bytes per action, all game long
    (first_actions, first_size), (last_actions, last_size) = sizes[0], sizes[-1]
    assert first_size < 5000
    assert (last_size - first_size) / (last_actions - first_actions) < 40
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history == state.history and copy.events == state.events


def test_auto_declarations_are_spoken_by_the_deal_s_own_elder_after_it() -> None:
    """At the chance node after a deal, ``spoken`` is still that deal's, said by its
    elder, though the deal passes to the other dealer."""
    rng = random.Random(12)
    state = pq.new_game(pq.RUBICON, declarations="auto")
    state = state.apply(state.sample_chance(rng))
    while state.to_move is not pq.CHANCE:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.spoken == before.spoken
    assert state.spoken[0].player is before.elder is state.dealer


def test_a_state_pickled_with_the_scores_as_a_tuple_reads_back() -> None:
    state = pq.new_game(pq.RUBICON, declarations="auto").rollout(random.Random(9))
    fields = state.__getstate__()
    totals, deal = state.scores, state.deal_scores
    assert sum(totals) > 0
    fields["_scores"] = (*totals, *deal)  # the layout of earlier versions
    old = object.__new__(pq.State)
    old.__setstate__(fields)
    assert (old.scores, old.deal_scores) == (totals, deal)
    assert old == state
