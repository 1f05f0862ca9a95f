"""The kernel's parts of a sampler's proposal against the pure path: the placement made
masks and its duels looked up (``propose``), and the stock's order of a kept placement
(``stock_order``); and their clear errors for arguments no plan makes.

The samples themselves are compared whole, both ways, in ``test_native_sampling.py``
and pinned by digest in ``test_sample_digest.py``; these tests take the parts one by
one, so that a difference is found where it is made.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable

import pytest
from test_native_sampling import PRESETS, observations

import piquet as pq
from piquet.cards import CARD_BY_INDEX, pack
from piquet.engine.redeal import auto_resolution, seen_of_resolution
from piquet.search import _placement, _propose, _redealt, native
from piquet.search._duels import duel_fields, duel_table
from piquet.search._placement import group_options
from piquet.search._plan import Plan
from piquet.search.sampling import cached_plan, infer_declarations, sample_plan

pytestmark = pytest.mark.native("_csample")


def plans(name: str, count: int, seed: int) -> list[Plan]:
    """Plans of dealt observations of preset ``name``, declarations played and
    automatic in turn (the plain groups drawn from: no witnesses chosen yet)."""
    found = []
    for observation in observations(name, count, seed):
        plan = cached_plan(observation, infer_declarations(observation))
        if plan.dealt and not plan.witnessed:
            found.append(plan)
    return found


def _placed(proposed: _propose.Proposed | None) -> object:
    """A proposal's placement, without the duels' fields that only the kernel gives."""
    return None if proposed is None else proposed[:3]


@pytest.mark.parametrize("name", PRESETS)
def test_the_kernel_s_proposals_are_the_pure_proposals(
    name: str, paths: Callable[[bool], None]
) -> None:
    """The same hands, discards and stock cards kept or dropped alike, the generator
    left alike; and, of each kept one, the same cards taken and stock in order."""
    kept = checked = 0
    for plan in plans(name, 30, seed=len(name) + 7):
        for k in range(8):
            fast_rng, pure_rng = random.Random(k), random.Random(k)
            paths(True)
            fast, fast_used = _propose.proposal(plan, fast_rng)
            paths(False)
            pure, pure_used = _propose.proposal(plan, pure_rng)
            assert _placed(fast) == _placed(pure) and fast_used == pure_used == 1
            assert fast_rng.getstate() == pure_rng.getstate()
            checked += plan.auto_heard is not None
            if fast is None:
                continue
            kept += 1
            hand, _, stock, duels = fast
            if duels is not None:  # the kernel's duels of the hands, as the engine's
                elder, younger = (
                    (plan.own_held, hand) if plan.observer_elder else (hand, plan.own_held)
                )
                assert duels == duel_fields(plan.observation.ruleset, elder, younger)
            paths(True)
            fast_order = _propose.stock_in_order(plan, hand, list(stock), fast_rng)
            paths(False)
            pure_order = _propose.stock_in_order(plan, hand, list(stock), pure_rng)
            assert fast_order == pure_order
            assert fast_rng.getstate() == pure_rng.getstate()
    assert kept and checked  # both ways exercised: kept ones, and words checked


@pytest.mark.parametrize("name", PRESETS)
def test_proposals_made_again_at_once_are_the_pure_proposals(
    name: str, paths: Callable[[bool], None]
) -> None:
    """Up to ``tries`` proposals in one call: the first kept, and how many were made,
    the same on both paths from the same random stream; the sampler's count of draws
    the same too, whichever made the proposals again."""
    again = 0
    for plan in plans(name, 20, seed=len(name) + 11):
        for k in range(6):
            fast_rng, pure_rng = random.Random(k), random.Random(k)
            paths(True)
            fast = _propose.proposal(plan, fast_rng, 5)
            paths(False)
            pure = _propose.proposal(plan, pure_rng, 5)
            assert _placed(fast[0]) == _placed(pure[0]) and fast[1] == pure[1]
            assert fast_rng.getstate() == pure_rng.getstate()
            assert 1 <= fast[1] <= 5 and (fast[0] is not None or fast[1] == 5)
            again += fast[1] > 1
            paths(True)
            fast_sample = sample_plan(plan, fast_rng, 50)
            paths(False)
            pure_sample = sample_plan(plan, pure_rng, 50)
            assert fast_sample == pure_sample and 1 <= fast_sample[1] <= 50
            assert fast_rng.getstate() == pure_rng.getstate()
    assert again  # some proposals were made again


def test_a_sample_counts_every_proposal(paths: Callable[[bool], None]) -> None:
    """``max_tries`` bounds the proposals, however many a call of the kernel makes: with
    one try, a sample is found at the first proposal or not at all."""
    plan = next(p for p in plans("rubicon", 40, seed=3) if p.auto_heard is not None)
    for kernel in (True, False):
        paths(kernel)
        outcomes = [sample_plan(plan, random.Random(k), 1) for k in range(60)]
        assert all(tries == 1 for _, tries in outcomes)
        assert any(state is None for state, _ in outcomes)
        assert any(state is not None for state, _ in outcomes)


def test_a_proposal_the_kernel_drops_is_one_whose_words_were_not_heard(
    paths: Callable[[bool], None],
) -> None:
    """The duels the kernel looks up are those the plan remembers: a placement dropped
    is one whose words were found wrong, and a new one is checked and remembered."""
    paths(True)
    plan = next(p for p in plans("rubicon", 40, seed=3) if p.auto_heard is not None)
    plan.heard_by_duels.clear()
    dropped = 0
    for k in range(40):
        before = dict(plan.heard_by_duels)
        proposed = _propose.proposal(plan, random.Random(k))[0]
        if proposed is None:
            dropped += 1
            assert len(plan.heard_by_duels) >= len(before)
            assert False in plan.heard_by_duels.values()
        else:
            assert _propose.words_heard(plan, proposed[0])
    assert dropped and plan.heard_by_duels


def test_the_kernel_s_proposal_refuses_malformed_arguments(
    paths: Callable[[bool], None],
) -> None:
    """A clear error, never a crash, for arguments no plan makes."""
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    plan = next(p for p in plans("rubicon", 40, seed=3) if p.auto_heard is not None)
    groups = plan.groups
    assert groups is not None
    rng = random.Random(1)
    table = duel_table(plan.observation.ruleset)

    def propose(**changed: object) -> object:
        fields: dict[str, object] = {
            "groups": groups.groups,
            "hand_size": groups.hand_size,
            "discard_size": groups.discard_size,
            "options": groups.options,
            "fill": lambda g, h, x: group_options(groups, g, h, x),
            "getrandbits": rng.getrandbits,
            "randrange": rng.randrange,
            "known": plan.opponent_known,
            "cards": CARD_BY_INDEX,
            "table": table,
            "own_held": plan.own_held,
            "observer_elder": plan.observer_elder,
            "heard": {},
            "tries": 1,
        }
        fields.update(changed)
        return fast.propose(*fields.values())

    assert isinstance(propose(), tuple)
    with pytest.raises(TypeError, match="14 or 15 arguments"):
        fast.propose(groups.groups)
    with pytest.raises(TypeError, match="CARD_BY_INDEX"):
        propose(cards=list(CARD_BY_INDEX))
    with pytest.raises(ValueError, match="tries must be at least 1"):
        propose(tries=0)
    with pytest.raises(TypeError):
        propose(tries="many")
    with pytest.raises(TypeError, match="heard must be a dict"):
        propose(heard=[])
    with pytest.raises(TypeError, match="duel_table's bytes"):
        propose(table="tables")
    with pytest.raises(ValueError, match="a table of the wrong shape"):
        propose(table=b"\0" * 8)
    with pytest.raises(ValueError, match="bits that are no card"):
        propose(own_held=plan.own_held | 1 << 9)
    with pytest.raises(TypeError, match="groups a tuple, options a dict"):
        propose(options=[])
    strange = tuple((tuple(str(c) for c in cards), *rest) for cards, *rest in groups.groups)
    with pytest.raises(ValueError, match="what is no card"):
        propose(groups=strange, options={})
    with pytest.raises(OverflowError):
        propose(known=-1)


def test_the_kernel_s_draw_from_the_witnesses_refuses_malformed_arguments(
    paths: Callable[[bool], None],
) -> None:
    """The witnesses' arguments (``Witnesses.kernel_args``) checked: a clear error,
    never a crash."""
    from piquet.search import sampling

    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    for plan in plans("rubicon", 200, seed=4):
        if plan.groups is not None and plan.auto_heard is None:
            witnesses = sampling._decide_witnesses(plan, always=True)
            if witnesses is not None:
                break
    else:
        pytest.fail("no plan with witnesses")
    placing, checking = _propose.propose_args(plan)
    rng = random.Random(2)
    good = witnesses.kernel_args(plan.opponent_known)

    def propose(witnessing: object) -> object:
        return fast.propose(*placing, rng.getrandbits, rng.randrange, *checking, 50, witnessing)

    assert propose(good) is None or isinstance(propose(good), tuple)
    assert witnesses.kernel_args(plan.opponent_known) is good  # made once
    with pytest.raises(TypeError, match="the witnesses' arguments"):
        propose(good[:-1])
    with pytest.raises(TypeError, match="sizes, placings, cards, points or memo"):
        propose((good[0][:-1], *good[1:]))
    with pytest.raises(TypeError, match="sizes, placings, cards, points or memo"):
        propose((*good[:5], [], *good[6:]))
    with pytest.raises(TypeError, match="a witness's placing"):
        propose((good[0], good[1], tuple(p[:4] for p in good[2]), *good[3:]))
    with pytest.raises(TypeError, match="a draw past the witnesses' total"):
        propose((tuple(0 for _ in good[0]), *good[1:]))
    with pytest.raises(TypeError, match=r"not a \(shift, claim\) pair"):
        points = tuple(((shift,),) for shift in range(len(witnesses.points)))
        propose((*good[:4], points, *good[5:]))
    with pytest.raises(OverflowError):
        propose((*good[:7], -1))


def test_the_kernel_s_stock_order_refuses_malformed_arguments(
    paths: Callable[[bool], None],
) -> None:
    """A clear error, never a crash, for arguments no plan makes; None when the
    opponent's hand cannot hold what he took, as in the pure path."""
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    cards = pack()
    rng = random.Random(1)
    hand = sum(card.mask for card in cards[:12])

    def order(**changed: object) -> object:
        fields: dict[str, object] = {
            "pool": hand,
            "extra": 3,
            "fixed": (),
            "fixed_mask": 0,
            "own_taken": tuple(cards[12:17]),
            "seen_rest": (),
            "stock": list(cards[24:]),
            "observer_elder": True,
            "cards": CARD_BY_INDEX,
            "getrandbits": rng.getrandbits,
            "randrange": rng.randrange,
        }
        fields.update(changed)
        return fast.stock_order(*fields.values())

    found = order()
    assert isinstance(found, tuple)
    taken, stock = found
    assert taken.bit_count() == 3 and taken & ~hand == 0
    assert len(stock) == 5 + 3 + 8 and stock[:5] != ()
    assert order(extra=13) is None  # more than his twelve cards
    with pytest.raises(TypeError, match="11 arguments"):
        fast.stock_order(hand)
    with pytest.raises(TypeError, match="a stock list"):
        order(stock=tuple(cards[24:]))
    with pytest.raises(TypeError, match="a stock list"):
        order(cards=list(CARD_BY_INDEX))
    with pytest.raises(ValueError, match="a pool bit that is no card"):
        order(pool=hand | 1 << 9)
    with pytest.raises(ValueError, match="a pool larger than a hand"):
        order(pool=sum(card.mask for card in cards), extra=1)


# the presets whose categories the kernel's duels read (not sequences of mixed suits)
WITH_DUELS = [name for name in PRESETS if duel_table(pq.RULESETS[name]) is not None]


@pytest.mark.parametrize("name", WITH_DUELS)
def test_the_words_checked_category_by_category_are_the_words_of_the_hands(
    name: str, paths: Callable[[bool], None]
) -> None:
    """A proposal's words checked one category's duel at a time, remembered by it, say
    what the engine's words of the whole hands say: kept and dropped alike, on the
    placements of plans with automatic declarations (the memo cleared for half)."""
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    outcomes = set()
    for plan in plans(name, 60, seed=len(name) + 11):
        table = duel_table(plan.observation.ruleset)
        if plan.auto_heard is None or table is None or plan.groups is None:
            continue
        rng = random.Random(len(plan.auto_heard))
        for k in range(30):
            hand = plan.opponent_known | sum(
                card.mask for card in _placement.draw_groups(plan.groups, rng)[0]
            )
            if k % 2:
                plan.heard_by_category.clear()
            elder, younger = (plan.own_held, hand) if plan.observer_elder else (hand, plan.own_held)
            by_category = _propose.heard_by_category(plan, fast.auto_duels(table, elder, younger))
            assert by_category == _propose.words_heard(plan, hand)
            outcomes.add(by_category)
    assert outcomes == {True, False}  # kept ones and dropped ones


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="an interval timer: POSIX")
def test_a_long_run_of_rejected_proposals_hears_a_signal(paths: Callable[[bool], None]) -> None:
    """Proposals made again inside the kernel still let a caller's signal through (as
    Ctrl-C stops the pure path between proposals): with nothing hidden and the only
    duels rejected, the kernel would propose for ever."""
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    cards = pack()
    known, own = pq.CardSet(cards[:12]).mask, pq.CardSet(cards[12:24]).mask
    rng = random.Random(1)
    fixed = ((), 0, 0, {}, lambda g, h, x: None, rng.getrandbits, rng.randrange, known)
    rest = (CARD_BY_INDEX, duel_table(pq.RUBICON), own, True)
    (_, _, _, duels, checked), proposals = fast.propose(*fixed, *rest, {}, 1)
    assert proposals == 1 and duels is not None and not checked

    class Stop(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        raise Stop

    previous = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        started = time.monotonic()
        with pytest.raises(Stop):
            fast.propose(*fixed, *rest, {duels: False}, 10**15)
        assert time.monotonic() - started < 5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("name", PRESETS)
def test_a_resolution_remembered_by_its_duels_is_the_engine_s(
    name: str, paths: Callable[[bool], None]
) -> None:
    """The resolution a sample is dealt again with, remembered by the duels' fields and
    the cards deciding the opponent's combinations where he wins, is the one the engine
    makes of the hands: looked up (most) or made, on every kept proposal."""
    paths(True)
    found = remembered = 0
    for plan in plans(name, 30, seed=len(name) + 5):
        if plan.auto_heard is None or not plan.redealing:
            continue
        for k in range(12):
            proposed, _ = _propose.proposal(plan, random.Random(k))
            if proposed is None or proposed[3] is None:
                continue
            hand, duels = proposed[0], proposed[3]
            elder, younger = (plan.own_held, hand) if plan.observer_elder else (hand, plan.own_held)
            resolution = auto_resolution(plan.observation.ruleset, elder, younger)
            known = len(plan.resolved)
            assert _redealt._resolved(plan, duels, hand) == (
                resolution,
                seen_of_resolution(resolution),
            )
            found += 1
            remembered += len(plan.resolved) == known
    if duel_table(pq.RULESETS[name]) is not None:
        assert found and remembered  # made, and looked up
