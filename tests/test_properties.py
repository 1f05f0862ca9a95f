"""Properties of every reachable state of every ruleset, checked with Hypothesis.

Each property runs over every preset of ``pq.RULESETS`` (new presets are covered as
they are added), on states drawn by :func:`piquet.strategies.states`; a few run over
house variants drawn by :func:`piquet.strategies.rulesets` too. Tests are named after
the rules of RULES.md they check.
"""

from __future__ import annotations

import contextlib
import itertools
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from invariants import (
    check_bonuses,
    check_cards,
    check_scores,
    elder_of_events,
    is_blank,
    legal_deal,
    path_of,
    race_won,
    same_deal,
    snapshot,
    some_of,
)
from seed_data import SEED_002

import piquet as pq
from piquet import strategies as pst

A, B = pq.Player.A, pq.Player.B
PRESETS = list(pq.RULESETS.values())
PER_PRESET = settings(max_examples=max(5, settings().max_examples // 8))
"""A property runs once per preset (seven, and more to come): each run gets an eighth of
the profile's examples, so the property as a whole sees about as many as the profile
says, and the suite stays quick (the ``ci`` profile: 25 per preset)."""
HOUSE = settings(max_examples=max(10, settings().max_examples // 2))
"""A property over house variants of the presets (``pst.rulesets()``), a second run."""


def each_ruleset(test: Any) -> Any:
    """Run a property over every preset of ``pq.RULESETS`` (the ones added later too)."""
    marked = pytest.mark.parametrize("ruleset", PRESETS, ids=[r.name for r in PRESETS])
    return marked(PER_PRESET(test))


CATEGORY_REASONS = {
    pq.Category.POINT: pq.Reason.POINT,
    pq.Category.SEQUENCE: pq.Reason.SEQUENCE,
    pq.Category.SET: pq.Reason.SET,
}
CATEGORY_CLASSES = {
    pq.Category.POINT: pq.Precedence.POINT,
    pq.Category.SEQUENCE: pq.Precedence.SEQUENCE,
    pq.Category.SET: pq.Precedence.SET,
}


# ----------------------------------------------------------------- the cards


@each_ruleset
@given(data=st.data())
def test_R_CA_1_every_card_is_in_exactly_one_place(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, max_actions=120))
    for s in path_of(state):
        check_cards(s)
        if s.phase is pq.Phase.DECLARATION:
            assert all(len(s.hand(p)) == 12 for p in pq.Player)  # R-EX-1, R-EX-3


@each_ruleset
@given(data=st.data())
def test_R_PL_1_the_follower_must_follow_suit(ruleset: pq.Ruleset, data: st.DataObject) -> None:
    state = data.draw(pst.states(ruleset, phase=pq.Phase.PLAY, max_actions=80))
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    hand = state.hand(mover)
    legal = {a.card for a in state.legal_actions() if isinstance(a, pq.Play)}
    assert len(legal) == len(state.legal_actions())
    if state.trick:
        suit = hand.suit(state.trick[0].suit)
        assert legal == set(suit or hand)
    else:
        assert legal == set(hand)


# ----------------------------------------------------------------- scores and the ledger


@each_ruleset
@given(data=st.data())
def test_scores_never_go_down(ruleset: pq.Ruleset, data: st.DataObject) -> None:
    state = data.draw(pst.states(ruleset, max_actions=150))
    path = path_of(state)
    for before, after in itertools.pairwise(path):
        if len(after.games) > len(before.games):  # a new game of a partie of several games
            assert after.scores == (0, 0) and after.to_move is pq.CHANCE
            continue
        assert all(after.scores[p] >= before.scores[p] for p in pq.Player)
        if same_deal(before, after):
            assert all(after.deal_scores[p] >= before.deal_scores[p] for p in pq.Player)
            # the ledger only grows: events appear as they happen
            assert after.events[: len(before.events)] == before.events


@each_ruleset
@given(data=st.data())
def test_R_PR_1_a_deals_score_is_the_sum_of_its_ledger(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, max_actions=150))
    for s in path_of(state):
        check_scores(s)


@HOUSE
@given(state=pst.states(pst.rulesets(), phase=pq.Phase.OVER, single_deal=True))
def test_R_PR_1_events_are_in_ledger_order(state: pq.State) -> None:
    classes = [e.precedence for e in state.events]
    assert classes == sorted(classes), [str(e) for e in state.events]


@each_ruleset
@given(data=st.data())
def test_R_PR_2_repique_needs_30_in_hand_before_any_opponent_entry(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, phase=pq.Phase.PLAY, single_deal=True))
    rules = state.ruleset
    events = state.events
    for i, event in enumerate(events):
        if event.reason is not pq.Reason.REPIQUE:
            continue
        before = events[:i]
        assert event.precedence <= pq.Precedence.SET
        assert not any(e.player is not event.player for e in before)
        in_hand = sum(e.points for e in before if e.precedence <= pq.Precedence.SET)
        assert in_hand >= rules.bonus_threshold
    check_bonuses(state)


@each_ruleset
@given(data=st.data())
def test_R_PR_3_pique_only_for_the_elder_never_counting_the_capot(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, phase=pq.Phase.OVER, single_deal=True))
    rules = state.ruleset
    events = state.events
    for i, event in enumerate(events):
        if event.reason is not pq.Reason.PIQUE:
            continue
        before = events[:i]
        assert event.player is elder_of_events(state)
        assert not any(e.player is not event.player for e in before)
        counting = [e for e in before if e.reason is not pq.Reason.CAPOT]
        if not rules.cards_count_toward_pique:
            counting = [e for e in counting if e.precedence <= pq.Precedence.PLAY]
        assert sum(e.points for e in counting) >= rules.bonus_threshold
        assert sum(e.points for e in counting[:-1]) < rules.bonus_threshold
    check_bonuses(state)


@HOUSE
@given(state=pst.states(pst.rulesets(), phase=pq.Phase.OVER, single_deal=True))
def test_R_PR_2_and_3_bonuses_in_house_variants(state: pq.State) -> None:
    check_bonuses(state)


@each_ruleset
@given(data=st.data())
def test_R_PL_4_a_capot_means_twelve_tricks(ruleset: pq.Ruleset, data: st.DataObject) -> None:
    state = data.draw(pst.states(ruleset, phase=pq.Phase.OVER, single_deal=True))
    rules = state.ruleset
    tricks = state.tricks_won
    for e in state.events:
        if e.reason is pq.Reason.CAPOT:
            assert tricks[e.player] == 12
            assert tricks[e.player.other] == 0
        if e.reason is pq.Reason.CARDS:
            assert tricks[e.player] > 6
    capots = [e for e in state.events if e.reason is pq.Reason.CAPOT]
    cards = [e for e in state.events if e.reason is pq.Reason.CARDS]
    if not race_won(state):  # the deal was played to its end
        assert sum(tricks) == 12
        for p in pq.Player:
            if tricks[p] == 12:
                assert [e.player for e in capots] == [p]
                capot_points = sum(e.points for e in capots + cards)
                assert capot_points == rules.capot
            elif tricks[p] > 6:
                assert [e.player for e in cards] == [p] and not capots
                assert cards[0].points == rules.cards
        if tricks == (6, 6):
            assert not cards and not capots


@each_ruleset
@given(data=st.data())
def test_R_DE_2_to_4_auto_declarations_go_to_the_best_claim(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, declarations="auto", phase=pq.Phase.PLAY, max_actions=0))
    rules = state.ruleset
    hands = {p: state.hand(p) for p in pq.Player}
    assert all(len(hand) == 12 for hand in hands.values())
    for category, reason in CATEGORY_REASONS.items():
        rule = rules.category_rule(category)
        best = {
            p: max((rule.key(c) for c in rule.claims(hand.mask)), default=None)
            for p, hand in hands.items()
        }
        mine = [e for e in state.events if e.reason is reason]
        if best[A] == best[B]:
            assert not mine, f"a tie or nothing scores no {category}: {mine}"
            continue
        winner = A if best[B] is None or (best[A] is not None and best[A] > best[B]) else B
        assert {e.player for e in mine} == {winner}, f"{category}: best {best}, scored {mine}"
        assert all(e.precedence is CATEGORY_CLASSES[category] for e in mine)
        shown = [e.cards for e in mine]
        assert max(rule.key(c.mask) for c in shown) == best[winner]
        union = pq.CardSet()
        for c in shown:  # R-DE-5: the winner's other combinations, disjoint
            assert rule.is_claim(c.mask, hands[winner].mask)
            assert rule.score(c.mask) in [e.points for e in mine]
            assert union.isdisjoint(c)
            union |= c


# ----------------------------------------------------------------- observations


def worlds_apart(observer: pq.Player, one: pq.State, two: pq.State) -> None:
    first, second = one.observation(observer), two.observation(observer)
    assert first == second, f"{observer} can tell these apart:\n{first}\n{second}"
    legal_one, legal_two = first.legal_actions, second.legal_actions
    assert len(legal_one) == len(legal_two)
    assert list(legal_one[:50]) == list(legal_two[:50])


@each_ruleset
@given(data=st.data())
def test_observation_hides_the_opponents_hand_and_the_stock(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    """Before anything is revealed, swapping cards between the opponent's hand and the
    stock cannot change what a player observes, if it keeps what was announced: a
    carte blanche (R-CB-1)."""
    start = data.draw(pst.states(ruleset, phase=pq.Phase.EXCHANGE, max_actions=0, single_deal=True))
    observer = data.draw(st.sampled_from([start.elder, start.younger]))
    opponent = observer.other
    unseen = list(start.hand(opponent)) + list(start.stock)
    shuffled = data.draw(st.permutations(unseen))
    hand, stock = pq.CardSet(shuffled[:12]), shuffled[12:]
    assume(is_blank(hand) == is_blank(start.hand(opponent)))
    hands = {observer: start.hand(observer), opponent: hand}
    other = pq.new_deal(
        ruleset,
        elder=hands[start.elder],
        younger=hands[start.younger],
        stock=stock,
        dealer=start.dealer,
        declarations="auto" if start.auto_declarations else "played",
    )
    worlds_apart(observer, start, other)


@each_ruleset
@given(data=st.data())
def test_observation_never_tells_what_the_opponent_kept_from_what_he_took_in(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    """Two deals that differ only in which of the opponent's final cards were dealt to
    him and which he took from the unseen stock look the same to a player throughout
    the deal (R-EX-2, R-EX-5: he sees neither the opponent's discard nor his take)."""
    declarations = data.draw(st.sampled_from(["played", "auto"]))
    dealt = pq.new_game(ruleset).apply(data.draw(pst.deals(ruleset)))
    elder, younger = dealt.elder, dealt.younger
    held = {p: dealt.hand(p) for p in pq.Player}
    stock = list(dealt.stock)
    assume(not is_blank(held[A]) and not is_blank(held[B]))  # a blank is shown

    def deal(elder_hand: pq.CardSet, younger_hand: pq.CardSet, order: list[pq.Card]) -> pq.State:
        return pq.new_deal(
            ruleset,
            elder=elder_hand,
            younger=younger_hand,
            stock=order,
            dealer=dealt.dealer,
            declarations=declarations,  # type: ignore[arg-type]
        )

    one = deal(held[elder], held[younger], stock)
    observer = data.draw(st.sampled_from([younger, elder]))
    elder_discard = data.draw(pst.legal_actions(one))
    assert isinstance(elder_discard, pq.Exchange)
    k = len(elder_discard.discard)
    script: list[pq.Action] = [elder_discard]
    if observer is younger:
        # the elder keeps (hand - discard) and takes stock[:k]: which came from where?
        hidden = list(held[elder] - elder_discard.discard) + stock[:k]
        mixed = data.draw(st.permutations(hidden))
        elder_hand = elder_discard.discard | pq.CardSet(mixed[: 12 - k])
        assume(not is_blank(elder_hand))
        two = deal(elder_hand, held[younger], mixed[12 - k :] + stock[k:])
    else:
        younger_discard = data.draw(pst.legal_actions(one.apply(elder_discard)))
        assert isinstance(younger_discard, pq.Exchange)
        m = len(younger_discard.discard)
        seen = max(k, ruleset.elder_max)  # the elder sees the rest of his portion (R-EX-2)
        taken_unseen = stock[seen : k + m]
        hidden = list(held[younger] - younger_discard.discard) + taken_unseen
        mixed = data.draw(st.permutations(hidden))
        younger_hand = younger_discard.discard | pq.CardSet(mixed[: 12 - m])
        assume(not is_blank(younger_hand))
        order = stock[:seen] + mixed[12 - m :] + stock[max(seen, k + m) :]
        two = deal(held[elder], younger_hand, order)
        script.append(younger_discard)
    worlds_apart(observer, one, two)
    for action in script:
        one, two = one.apply(action), two.apply(action)
        worlds_apart(observer, one, two)
    assert all(one.hand(p) == two.hand(p) for p in pq.Player)
    while not one.is_over:
        action = data.draw(pst.legal_actions(one))
        one, two = one.apply(action), two.apply(action)
        worlds_apart(observer, one, two)
    assert two.is_over


@each_ruleset
@given(data=st.data())
def test_R_EX_5_observation_never_shows_the_opponents_discard_or_the_cards_left_unseen(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    """The opponent's discard and the stock cards the younger left unseen are dead to a
    player (R-EX-4, R-EX-5): two deals that differ only in which of those cards the
    opponent discarded and which stayed in the stock look the same to him, as long as
    the opponent's options do not differ (R-DE-5 looks at a caller's own discard)."""
    declarations = data.draw(st.sampled_from(["played", "auto"]))
    dealt = pq.new_game(ruleset).apply(data.draw(pst.deals(ruleset)))
    elder, younger = dealt.elder, dealt.younger
    held = {p: dealt.hand(p) for p in pq.Player}
    stock = list(dealt.stock)
    assume(not is_blank(held[A]) and not is_blank(held[B]))  # a blank is shown

    def deal(hands: dict[pq.Player, pq.CardSet], order: list[pq.Card]) -> pq.State:
        return pq.new_deal(
            ruleset,
            elder=hands[elder],
            younger=hands[younger],
            stock=order,
            dealer=dealt.dealer,
            declarations=declarations,  # type: ignore[arg-type]
        )

    one = deal(held, stock)
    script = [data.draw(pst.legal_actions(one))]
    script.append(data.draw(pst.legal_actions(one.apply(script[0]))))
    discards = {elder: script[0], younger: script[1]}
    assert all(isinstance(a, pq.Exchange) for a in script)
    taken = sum(len(a.discard) for a in discards.values())  # type: ignore[attr-defined]
    left = stock[taken:]
    if left:
        script.append(pq.Leave(pq.LeftCards.UNSEEN))
    observer = data.draw(st.sampled_from([younger, elder]))
    opponent = observer.other
    # the elder saw the cards he left of his portion (R-EX-2): those are not dead to him
    dead_from = max(taken, ruleset.elder_max) if observer is elder else taken
    discarded = discards[opponent].discard  # type: ignore[attr-defined]
    mixed = data.draw(st.permutations([*discarded, *stock[dead_from:]]))
    other_discard = pq.CardSet(mixed[: len(discarded)])
    hands = dict(held)
    hands[opponent] = held[opponent] - discarded | other_discard
    assume(not is_blank(hands[opponent]))
    two = deal(hands, stock[:dead_from] + mixed[len(discarded) :])
    script_two = [pq.Exchange(other_discard) if a is discards[opponent] else a for a in script]
    worlds_apart(observer, one, two)
    for action, action_two in zip(script, script_two, strict=True):
        one, two = one.apply(action), two.apply(action_two)
        worlds_apart(observer, one, two)
    assert all(one.hand(p) == two.hand(p) for p in pq.Player)
    while not one.is_over:
        action = data.draw(pst.legal_actions(one))
        one = one.apply(action)
        try:
            two = two.apply(action)
        except pq.IllegalActionError:
            # the opponent's options may differ with his discard (R-DE-5): not the
            # player's knowledge, so the comparison stops here
            assert one.history[-1] and two.to_move is opponent
            break
        worlds_apart(observer, one, two)


@each_ruleset
@given(data=st.data())
def test_R_CB_2_a_carte_blanche_is_shown_only_once_the_opponent_has_committed(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    """The blank is announced at once, but its cards are shown only after the opponent
    has committed his discard (holder elder) or exchanged (holder younger): until then,
    which twelve cards without a court card the holder has is hidden."""
    order = data.draw(st.permutations(pq.pack(ruleset.pack_size)))
    blank = [c for c in order if not c.rank.is_court][:12]
    rest = [c for c in order if c not in blank]
    other, stock = pq.CardSet(rest[:12]), rest[12:]
    assume(not is_blank(other))  # one blank: two are a matter of R-CB-3
    holder_is_elder = data.draw(st.booleans())
    declarations = data.draw(st.sampled_from(["played", "auto"]))

    def deal(blank_hand: pq.CardSet, stock_order: list[pq.Card]) -> pq.State:
        return pq.new_deal(
            ruleset,
            elder=blank_hand if holder_is_elder else other,
            younger=other if holder_is_elder else blank_hand,
            stock=stock_order,
            declarations=declarations,  # type: ignore[arg-type]
        )

    one = deal(pq.CardSet(blank), stock)
    holder = one.elder if holder_is_elder else one.younger
    observer = holder.other
    # the same deal but for which cards without a court card the holder has
    spare = [c for c in stock if not c.rank.is_court]
    mixed = data.draw(st.permutations(blank + spare))
    refill = iter(mixed[12:])
    two = deal(pq.CardSet(mixed[:12]), [c if c.rank.is_court else next(refill) for c in stock])
    assert [e.reason for e in one.events] == [pq.Reason.CARTE_BLANCHE]
    worlds_apart(observer, one, two)
    assert not one.observation(observer).opponent_shown
    if holder_is_elder:
        count = data.draw(pst.legal_actions(one))
        assert isinstance(count, pq.ExchangeCount)
        one, two = one.apply(count), two.apply(count)
        worlds_apart(observer, one, two)
        assert not one.observation(observer).opponent_shown
    one = one.apply(data.draw(pst.legal_actions(one)))  # the observer commits or exchanges
    assert one.observation(observer).opponent_shown == one.dealt_hand(holder)


# ----------------------------------------------------------------- the API


@each_ruleset
@given(data=st.data())
def test_apply_never_changes_its_input(ruleset: pq.Ruleset, data: st.DataObject) -> None:
    state = data.draw(pst.states(ruleset, max_actions=100))
    rng = data.draw(st.randoms(use_true_random=False))
    anything = data.draw(st.lists(pst.any_actions(ruleset.pack_size), min_size=1, max_size=3))
    for s in path_of(state)[-6:]:
        before = snapshot(s)
        if s.to_move is pq.CHANCE:
            s.apply(s.sample_chance(rng))
        elif not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        for wrong in anything:
            with contextlib.suppress(pq.IllegalActionError):
                s.apply(wrong)
        assert snapshot(s) == before


@each_ruleset
@given(data=st.data())
def test_json_and_the_game_record_round_trip(ruleset: pq.Ruleset, data: st.DataObject) -> None:
    state = data.draw(pst.states(ruleset, max_actions=100))
    for copy in (pq.State.from_json(state.to_json()), pq.loads(pq.dumps(state))):
        assert copy == state
        assert hash(copy) == hash(state)
        assert snapshot(copy)[0] == snapshot(state)[0]


@HOUSE
@given(state=pst.states(pst.rulesets(), max_actions=80))
def test_house_rulesets_round_trip_through_json_and_records(state: pq.State) -> None:
    assert pq.State.from_json(state.to_json()) == state
    copy = pq.loads(pq.dumps(state))
    assert copy == state and copy.ruleset == state.ruleset


@each_ruleset
@given(data=st.data())
def test_parse_action_reads_back_every_legal_action(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, max_actions=100))
    rng = data.draw(st.randoms(use_true_random=False))
    for s in path_of(state):
        for action in some_of(s.legal_actions(), rng):
            assert pq.parse_action(str(action)) == action
    for deal in state.history:  # chance: the deals
        if isinstance(deal, pq.Deal):
            assert pq.parse_action(str(deal)) == deal


def test_parse_action_reads_back_every_discard() -> None:
    state = pq.new_deal(**SEED_002)
    elder_discards = state.legal_actions()
    assert len(elder_discards) == 1585
    for action in elder_discards:
        assert pq.parse_action(str(action)) == action
    for action in state.apply(elder_discards[0]).legal_actions():
        assert pq.parse_action(str(action)) == action


@each_ruleset
@given(data=st.data())
def test_a_legal_action_never_raises_and_an_illegal_one_always_does(
    ruleset: pq.Ruleset, data: st.DataObject
) -> None:
    state = data.draw(pst.states(ruleset, max_actions=100))
    rng = data.draw(st.randoms(use_true_random=False))
    anything = data.draw(st.lists(pst.any_actions(ruleset.pack_size), max_size=6))
    path = path_of(state)
    elsewhere: list[pq.Action] = []  # actions legal elsewhere in the same game
    for s in path:
        elsewhere.extend(some_of(s.legal_actions(), rng, most=9))
    elsewhere.extend(a for a in state.history if isinstance(a, pq.Deal))
    for s in path[-8:]:
        legal = set(s.legal_actions())
        candidates = [
            *rng.sample(elsewhere, min(len(elsewhere), 10)),
            *anything,
            *some_of(s.legal_actions(), rng, most=9),
        ]
        for action in candidates:
            ok = legal_deal(s, action) if isinstance(action, pq.Deal) else action in legal
            ok = ok and (s.to_move is pq.CHANCE) == isinstance(action, pq.Deal)
            assert s.is_legal(action) is ok, f"{action} in {s!r}"
            if ok:
                assert isinstance(s.apply(action), pq.State)
            else:
                with pytest.raises(pq.IllegalActionError):
                    s.apply(action)


# ----------------------------------------------------------------- the end of the game


@each_ruleset
@given(seed=st.integers(0, 2**32 - 1), declarations=st.sampled_from(["played", "auto"]))
def test_R_GM_a_game_always_ends(ruleset: pq.Ruleset, seed: int, declarations: str) -> None:
    check_a_game_ends(ruleset, seed, declarations)


@HOUSE
@given(
    ruleset=pst.rulesets(),
    seed=st.integers(0, 2**32 - 1),
    declarations=st.sampled_from(["played", "auto"]),
)
def test_R_GM_a_game_of_a_house_ruleset_always_ends(
    ruleset: pq.Ruleset, seed: int, declarations: str
) -> None:
    check_a_game_ends(ruleset, seed, declarations)


def check_a_game_ends(ruleset: pq.Ruleset, seed: int, declarations: str) -> None:
    rng = random.Random(seed)
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    for _ in range(20_000):
        if state.is_over:
            break
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_over and state.to_move is None
    assert len(state.legal_actions()) == 0
    result = state.result
    assert result is not None and result.scores == state.scores
    high = max(state.scores)
    game = ruleset.game
    if isinstance(game, pq.Partie):  # R-GM-1
        assert game.deals <= len(state.score_sheet) <= game.deals + game.extra_deals
        if result.winner is None:
            assert state.scores[A] == state.scores[B] and result.points == 0
        else:
            low = state.scores[result.winner.other]
            assert state.scores[result.winner] == high > low
            rubiconed = low < game.rubicon  # the loser's total is added too
            assert result.points == high - low + game.bonus + (2 * low if rubiconed else 0)
    elif isinstance(game, pq.Race):  # R-GM-2: the first to the target wins at once
        winner = result.winner
        assert winner is not None
        assert state.scores[winner] >= game.target > state.scores[winner.other]
        worth = 2 if state.scores[winner.other] < game.double_below else 1
        if game.games_to_win == 1:
            assert result.points == worth
        else:  # a partie of several games, a double counting two
            assert state.games[-1] == pq.Result(winner, state.scores, worth)
            points = {p: sum(g.points for g in state.games if g.winner is p) for p in pq.Player}
            assert result.points == points[winner] >= game.games_to_win > points[winner.other]
