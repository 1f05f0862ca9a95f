"""Dialogues remembered (piquet.search._dialogues) against dialogues replayed through
the engine: with declarations played, every placement the sampler proposes is kept or
dropped alike both ways, drawing the same random numbers, and a kept one is the same
state as far as anything can tell (test_redealt's comparison). Positions in the play
and in the declarations, on every preset; many more under ``--run-slow``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations
from math import factorial, sqrt

import pytest
from positions import blanche_position, play_positions, played_by
from test_redealt import assert_same_state, replaying_plan

import piquet as pq
from conftest import scaled
from piquet.engine.deal import arranged
from piquet.engine.redeal import Redeal
from piquet.search._dialogues import Course, Found, _Aliased, _class_of, _keyed, dialogue_key
from piquet.search._plan import Plan, make_plan
from piquet.search._reads import UNKNOWN, dialogue_reads, key_reads
from piquet.search._replay import draw_state
from piquet.search._steps import Choice
from piquet.search._witnesses import Words

PRESETS = sorted(pq.RULESETS)
QUICK = scaled(5, 24)  # positions a preset and phase; FULL under --run-slow
FULL = 200
DRAWS = 30  # placements proposed a position


def compare_draws(plan: Plan, seen: pq.Observation, seeds: range) -> int:
    """Every placement drawn from these seeds both ways, along the courses ``plan``
    keeps and replayed by its :func:`replaying_plan`, compared: the placements kept."""
    replaying = replaying_plan(plan)
    kept = 0
    for seed in seeds:
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        remembered = draw_state(plan, rng_a)[0]
        replayed = draw_state(replaying, rng_b)[0]
        assert rng_a.getstate() == rng_b.getstate(), seed  # the same numbers drawn
        assert (remembered is None) == (replayed is None), seed
        if remembered is not None and replayed is not None:
            assert_same_state(remembered, replayed, seen)
            kept += 1
    return kept


def _nodes(plan: Plan) -> list[object]:
    """Every node of a plan's kept courses: choices, states reached, dead ends."""
    stack = [course.root for course in plan.dialogues.values() if isinstance(course, Course)]
    assert len(stack) == len(plan.dialogues)
    found: list[object] = []
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, Choice):
            stack.extend(node.tried.values())
    return found


def _choices(plan: Plan) -> list[Choice]:
    return [node for node in _nodes(plan) if isinstance(node, Choice)]


def _courses(plan: Plan) -> tuple[int, int]:
    """The choices a plan's kept courses stop at, and the states dealt again from."""
    nodes = _nodes(plan)
    dealt_again = sum(isinstance(n, Found) and n._redeal is not None for n in nodes)
    return sum(isinstance(n, Choice) for n in nodes), dealt_again


def check_placements(name: str, phase: pq.Phase, count: int) -> tuple[int, int, int, int]:
    """Every placement proposed both ways; the placements kept, the choices met and the
    states dealt again from: where a course led, and where the declarations begin."""
    kept = choices = dealt_again = begun = 0
    positions = play_positions(name, "played", count, seed=len(name) * 17, phase=phase)
    for i, state in enumerate(positions):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        assert plan.remembers_dialogues == (pq.RULESETS[name].carte_rouge is None)
        kept += compare_draws(plan, seen, range(i * 1_000, i * 1_000 + DRAWS))
        met, again = _courses(plan)
        choices, dealt_again = choices + met, dealt_again + again
        begun += len(plan.declarations_begin)
    return kept, choices, dealt_again, begun


REMEMBERING = [name for name in PRESETS if pq.RULESETS[name].carte_rouge is None]


@pytest.mark.parametrize("phase", [pq.Phase.PLAY, pq.Phase.DECLARATION])
@pytest.mark.parametrize("name", REMEMBERING)
def test_a_placement_along_a_remembered_dialogue_is_the_placement_replayed(
    name: str, phase: pq.Phase
) -> None:
    kept, _, dealt_again, begun = check_placements(name, phase, QUICK)
    assert kept > QUICK and dealt_again > 0 and begun > 0  # compared, and dealt again


def test_courses_that_stop_for_choices_are_followed_alike() -> None:
    # the opponent's unshown calls: his claims tried in a random order, again and again
    kept, choices, dealt_again, _ = check_placements("rubicon", pq.Phase.PLAY, 12)
    assert kept > 12 and choices > 5 and dealt_again > 0


def test_a_choice_shuffles_only_the_claims_saying_the_words_heard_each_order_as_likely() -> None:
    # his unshown call is tried among his claims that say the words heard, in a uniform
    # order of them: the claims he holds beside them draw no number and decide nothing
    choices: list[tuple[Choice, Plan]] = []
    for i, state in enumerate(play_positions("rubicon", "played", 16, seed=34)):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        compare_draws(plan, seen, range(i * 100, i * 100 + DRAWS))
        choices += [(choice, plan) for choice in _choices(plan)]
    filtered = []
    for choice, plan in choices:
        assert len(choice.places) > 1 and set(choice.places) <= set(range(len(choice.pool)))
        if len(choice.places) < len(choice.pool):
            heard = plan.observation.spoken[choice.done[0]]
            rule = pq.RUBICON.category_rule(heard.category)
            calls = [choice.pool[place] for place in choice.places]
            assert all(
                isinstance(call, pq.Call)
                and Words(plan.said_aloud)(rule, call.cards.mask, None, 0) == heard.words
                for call in calls
            )
            filtered.append(choice)
    assert filtered, "no choice whose pool held claims of other words"
    choice = min(filtered, key=lambda c: len(c.places))
    draws = 3_000
    orders = Counter(tuple(choice.order(random.Random(seed))) for seed in range(draws))
    assert set(orders) == set(permutations(choice.places))
    expected = draws / factorial(len(choice.places))
    assert all(abs(n - expected) < 5 * sqrt(expected) for n in orders.values()), orders


def test_a_class_of_candidates_that_lead_alike_is_explored_once_each_choice() -> None:
    # his candidates alike in what the dialogue reads of them (the words heard; an
    # answer's verdict and points) lead alike: the first tried is explored, the others
    # follow it with their own claims, and every draw is still the replay's
    explored = aliased = 0
    for i, state in enumerate(play_positions("rubicon", "played", 24, seed=34)):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        compare_draws(plan, seen, range(i * 100, i * 100 + DRAWS))
        for choice in _choices(plan):
            firsts = {place for place, led in choice.tried.items() if type(led) is not _Aliased}
            for kind, first in choice.classes.items():
                assert first in firsts
                assert kind == _class_of(plan, choice.pool[first])
            for place, led in choice.tried.items():
                if type(led) is _Aliased:
                    aliased += 1
                    first = choice.classes[_class_of(plan, choice.pool[place])]
                    assert first != place and led.led is choice.tried[first]
            explored += len(firsts)
    assert explored > 0 and aliased > 0


@pytest.mark.slow
@pytest.mark.parametrize("phase", [pq.Phase.PLAY, pq.Phase.DECLARATION])
@pytest.mark.parametrize("name", REMEMBERING)
def test_a_placement_along_a_remembered_dialogue_is_replayed_alike_on_many_positions(
    name: str, phase: pq.Phase
) -> None:
    kept, _, dealt_again, _ = check_placements(name, phase, FULL)
    assert kept > FULL and dealt_again > 0


def test_carte_rouge_reads_the_whole_hand_so_its_dialogues_are_replayed() -> None:
    state = play_positions("carte_rouge", "played", 1, seed=3)[0]
    assert isinstance(state.to_move, pq.Player)
    plan = make_plan(state.observation(state.to_move), "played")
    assert not plan.remembers_dialogues
    assert draw_state(plan, random.Random(1)) is not None and not plan.dialogues


@pytest.mark.parametrize("name", ["rubicon", "cotton_1674"])
@pytest.mark.parametrize("observer", ["elder", "younger"])
def test_an_elder_s_carte_blanche_is_always_replayed(name: str, observer: str) -> None:
    # his count comes first (R-CB-2): no course is kept, whoever observes
    state = blanche_position(pq.RULESETS[name], "elder", seed=3, mode="played")
    player = state.elder if observer == "elder" else state.younger
    seen = state.observation(player)
    plan = make_plan(seen, "played")
    assert plan.remembers_dialogues
    kept = compare_draws(plan, seen, range(150))
    assert kept > 5 and not plan.dialogues


def test_a_dialogue_s_key_reads_his_hidden_call_s_candidates_by_the_words_heard_alone() -> None:
    # a position whose opponent, the elder, called a point he did not show
    for state in play_positions("rubicon", "played", 80, seed=5):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        opponent = seen.player.other
        hidden = [
            s
            for s in seen.spoken
            if s.player == opponent and s.category is pq.Category.POINT and s.verb == "call"
        ]
        if state.elder == opponent and hidden and hidden[0].claimed is None:
            break
    else:
        pytest.fail("no position with the elder's point not shown")
    plan = make_plan(seen, "played")
    point = dialogue_reads(plan)[0]
    assert point.words == {hidden[0].words} and point.answer is None
    called = next(
        a for a in state.history if isinstance(a, pq.Call) and a.category is pq.Category.POINT
    )
    held = state.hand(opponent).mask | played_by(state, opponent)
    discard = state.discard(opponent).mask
    keyed = _keyed(plan, held | discard, held, discard)
    assert keyed is not None and keyed[0] == dialogue_key(plan, held | discard, held, discard)
    key, claims = keyed
    # the point's claims read: those saying the words heard, in the engine's order (the
    # others he holds, and how many, decide nothing: only the candidates are shuffled),
    # each by the words of it heard and the key they name, not by its cards (a call
    # that lost is read by nothing else: a placement dealt again puts its own in place)
    words = Words(plan.said_aloud)
    rule = pq.RULESETS["rubicon"].point
    saying = [c for c in rule.claims(held) if words(rule, c, None, 0) == hidden[0].words]
    point_claims = [claim for category, claim in claims if category is pq.Category.POINT]
    assert called.cards.mask in point_claims and point_claims == saying
    heard = len(hidden)
    table = point.table
    point_part = key[1]
    assert isinstance(point_part, tuple)
    assert point_part[0] == tuple(
        (
            table.info(c)[0][: table.word_ends(table.info(c)[0])[heard - 1]],
            words(rule, c, None, heard - 1),
        )
        for c in saying
    )


@pytest.mark.parametrize("name", ["rubicon", "cotton_1674", "au_cent_36"])
def test_a_key_reads_the_categories_that_read_his_cards_and_no_other(name: str) -> None:
    # read once a plan: each category whose dialogue reads any of his cards, in order; a
    # call answered "good" and not shown leaves every placement to the replay (law 49)
    met = 0
    for state in play_positions(name, "played", 40, seed=11):
        assert isinstance(state.to_move, pq.Player)
        seen = state.observation(state.to_move)
        plan = make_plan(seen, "played")
        reads = dialogue_reads(plan)
        made = key_reads(plan)
        assert key_reads(plan) is made  # kept on the plan
        if any(r.good == UNKNOWN for r in reads):
            assert made is None
            continue
        assert made is not None
        read = tuple(r for r in reads if r.words or r.shown or r.answer or r.deciding or r.good)
        assert made.categories == read
        met += len(read)
        assert made.own == seen.dealt_hand.mask
        assert made.observer_a == (seen.player is pq.Player.A)
        assert made.elder == state.elder
    assert met > 10  # categories read were met, not only plans reading none


def test_a_redeal_of_a_dialogue_played_is_the_state_itself() -> None:
    start = pq.new_game(pq.RUBICON)
    rng = random.Random(8)
    state = start.apply(start.sample_chance(rng))
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(rng.choice(state.legal_actions()))
    again = Redeal(start, state)
    a = pq.Player.A
    deal = state.history[0]
    assert isinstance(deal, pq.Deal)
    same = again.dealt(deal, a, state.hand(a).mask, state.discard(a).mask, None)
    assert same == state and same.history == state.history and same.spoken == state.spoken
    for player in pq.Player:
        assert same.observation(player) == state.observation(player)


def _declared(deal: pq.Deal, discards: tuple[str, str], points: tuple[str, str]) -> pq.State:
    """A Rubicon deal, its exchanges (the elder's discard, then the younger's), the point
    called and answered with these claims, then the first legal action till the play."""
    state = pq.new_game(pq.RUBICON).apply(deal)
    state = state.apply(pq.Exchange(discards[0])).apply(pq.Exchange(discards[1]))
    while state.phase is not pq.Phase.DECLARATION:  # the younger leaves what is left
        state = state.apply(state.legal_actions()[0])
    for point in points:
        state = state.apply(pq.Call(pq.Category.POINT, point))
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    return state


def _assert_dealt_again_as(
    template: pq.State, player: pq.Player, claims: dict[tuple[pq.Category, int], int], it: pq.State
) -> None:
    """``template`` dealt again with ``player``'s calls of ``claims`` replaced is ``it``."""
    start = pq.new_game(pq.RUBICON)
    deal = template.history[0]
    assert isinstance(deal, pq.Deal)
    again = Redeal(start, template).dealt(
        deal,
        player,
        template.hand(player).mask,
        template.discard(player).mask,
        None,
        claims,
    )
    assert again == it and again.history == it.history
    assert again.spoken == it.spoken and again.events == it.events and again.scores == it.scores
    for seen_by in pq.Player:
        assert again.observation(seen_by) == it.observation(seen_by)
    assert again.rollout(random.Random(2)).events == it.rollout(random.Random(2)).events


@pytest.mark.parametrize(
    ("elder", "younger", "stock", "discards", "points", "other", "scored"),
    [
        pytest.param(
            "AS KS QS JS AH KH QH JH 9D 8D 7D AC",
            "AD KD QD JD 10D 10S 9S 8S 7S 10H 9H 8H",
            "7C KC QC JC 10C 9C 8C 7H",
            ("AC", "8H"),
            ("AS KS QS JS", "AD KD QD JD 10D"),
            ("AH KH QH JH", None),
            False,
            # the elder's four is "not good" at the first word (R-DE-1a): which of his
            # points of four he called is read by nothing after
            id="the elder's losing call",
        ),
        pytest.param(
            "AS KS QS JS AH KH QH JH 9D 8D 7D 9C",
            "AD KD QD JD 10D AC KC QC JC 10C 10S 9S",
            "8S 7S 10H 9H 8H 8C 7H 7C",
            ("9C", "9S"),
            ("AS KS QS JS", "AD KD QD JD 10D"),
            (None, "AC KC QC JC 10C"),
            True,
            # the younger's "not good" with either five: told the elder only by its
            # points till his first lead (R-DE-7); its call and ledger entry put in place
            id="the younger's winning answer before the lead",
        ),
    ],
)
def test_a_redeal_puts_another_claim_read_alike_in_a_call_s_place(
    elder: str,
    younger: str,
    stock: str,
    discards: tuple[str, str],
    points: tuple[str, str],
    other: tuple[str | None, str | None],
    scored: bool,
) -> None:
    deal = arranged(
        pq.new_game(pq.RUBICON),
        pq.cards(elder).mask,
        pq.cards(younger).mask,
        tuple(pq.cards(stock)),
    )
    caller = 0 if other[0] is not None else 1
    replaced = [*points]
    replaced[caller] = str(other[caller])
    called = _declared(deal, discards, points)
    instead = _declared(deal, discards, (replaced[0], replaced[1]))
    players = (called.elder, called.younger)
    assert called.history != instead.history
    assert (called.events != instead.events) == scored  # a ledger entry of the claim
    assert called.observation(players[1 - caller]) == instead.observation(players[1 - caller])
    claims = {(pq.Category.POINT, pq.cards(points[caller]).mask): pq.cards(replaced[caller]).mask}
    _assert_dealt_again_as(called, players[caller], claims, instead)
