"""Sampling what a player cannot see (piquet.search.sampling): consistency and uniformity."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from piquet import strategies as pst
from piquet.search import sampling
from piquet.search.sampling import SamplingError, infer_declarations, sample_state

PRESETS = st.sampled_from(list(pq.RULESETS.values()))
MODES = ("played", "auto")


def _before_the_lead_with_unshown_combinations(seen: pq.Observation) -> bool:
    """The elder before his first lead, having heard combinations of the younger's that
    he has not been shown (R-DE-7)."""
    return (
        seen.player == seen.elder
        and not seen.tricks
        and not seen.trick
        and any(
            said.player != seen.player and said.verb in ("call", "reckon") and said.shown is None
            for said in seen.spoken
        )
    )


def _check_consistent(state: pq.State, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    for player in pq.Player:
        seen = state.observation(player)
        for _ in range(3):
            world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
            assert world.observation(player) == seen
            assert world.ruleset == state.ruleset
            assert world.auto_declarations == (mode == "auto")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("phase", [pq.Phase.DEAL, pq.Phase.EXCHANGE, pq.Phase.PLAY, pq.Phase.OVER])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_sample_gives_the_same_observation(
    mode: str, phase: pq.Phase, data: st.DataObject, seed: int
) -> None:
    state = data.draw(pst.states(PRESETS, declarations=mode, phase=phase, max_actions=90))  # type: ignore[arg-type]
    _check_consistent(state, mode, seed)


@given(
    state=pst.states(PRESETS, declarations="played", phase=pq.Phase.DECLARATION), seed=st.integers()
)
def test_every_sample_gives_the_same_observation_in_the_declarations(
    state: pq.State, seed: int
) -> None:
    _check_consistent(state, "played", seed)


@settings(max_examples=10)
@given(state=pst.states(PRESETS, declarations="played", phase=pq.Phase.PLAY), seed=st.integers())
def test_house_variants_too(state: pq.State, seed: int) -> None:
    _check_consistent(state, "played", seed)


@given(state=pst.states(pst.rulesets(), phase=pq.Phase.PLAY), seed=st.integers())
def test_house_variants_in_either_mode(state: pq.State, seed: int) -> None:
    _check_consistent(state, "auto" if state.auto_declarations else "played", seed)


@settings(max_examples=15)
@given(state=pst.states(pst.rulesets(), phase=pq.Phase.DEAL, max_actions=120), seed=st.integers())
def test_house_variants_between_deals(state: pq.State, seed: int) -> None:
    _check_consistent(state, "auto" if state.auto_declarations else "played", seed)


def test_before_any_deal_the_sample_is_the_game_itself() -> None:
    game = pq.resume_game(pq.RUBICON, dealer=pq.Player.A, score_sheet=[(30, 12)])
    seen = game.observation(pq.Player.B)
    assert sample_state(seen, random.Random(1), declarations="played") == game


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ruleset", list(pq.RULESETS.values()), ids=list(pq.RULESETS))
def test_between_deals_the_finished_deal_is_sampled(mode: str, ruleset: pq.Ruleset) -> None:
    # at the chance node after a deal, the observation still shows the finished deal,
    # whose elder is the next deal's dealer
    rng = random.Random(2)
    state = pq.new_game(ruleset, declarations=mode)  # type: ignore[arg-type]
    state = state.apply(state.sample_chance(rng))
    elder = state.elder
    while state.to_move is not pq.CHANCE and not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    if state.is_over:  # a race won in the first deal
        pytest.skip("the game ended with its first deal")
    assert state.phase is pq.Phase.DEAL and state.elder is not elder
    for player in pq.Player:
        seen = state.observation(player)
        for _ in range(3):
            world = sample_state(seen, rng)
            assert world.observation(player) == seen
            assert world.phase is pq.Phase.DEAL and world.deal_number == state.deal_number
            assert world.scores == state.scores and world.dealer == state.dealer


@pytest.mark.parametrize("mode", MODES)
def test_between_the_games_of_a_partie_too(mode: str) -> None:
    # the deal that ended a game: the new game's sheet is empty, and the ended game's
    # sheet, which no one sees again, is rebuilt from its totals
    rules = pq.RULESETS["au_cent"].evolve(games_to_win=2)
    rng = random.Random(3)
    state = pq.new_game(rules, declarations=mode)  # type: ignore[arg-type]
    while not (state.to_move is pq.CHANCE and state.observation(pq.Player.A).games):
        if state.is_over:  # a game worth two ended the partie at once: another partie
            state = pq.new_game(rules, declarations=mode)  # type: ignore[arg-type]
        legal = state.legal_actions() if state.to_move is not pq.CHANCE else []
        state = state.apply(state.sample_chance(rng) if not legal else rng.choice(legal))
    for player in pq.Player:
        seen = state.observation(player)
        assert not seen.score_sheet and seen.dealt_hand
        for _ in range(3):
            world = sample_state(seen, rng)
            assert world.observation(player) == seen
            assert world.games == state.games and world.deal_number == state.deal_number


def test_bad_arguments_are_named() -> None:
    seen = pq.new_game().observation(pq.Player.A)
    with pytest.raises(TypeError, match=r"random\.Random"):
        sample_state(seen, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="declarations"):
        sample_state(seen, random.Random(), declarations="sometimes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Observation"):
        sample_state("seen", random.Random())  # type: ignore[arg-type]
    with pytest.raises(SamplingError, match=r"declarations='auto'.*'played'"):
        sample_state(seen, random.Random(), declarations="auto")


def test_infer_declarations_sees_played_ones() -> None:
    rng = random.Random(4)
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(rng))
    while state.phase is not pq.Phase.DECLARATION:
        state = state.apply(state.legal_actions()[0])
    assert infer_declarations(state.observation(pq.Player.A)) == "played"
    assert infer_declarations(state.observation(pq.Player.B)) == "played"


# ----------------------------------------------------------------- uniformity


def _late_position(
    seed: int, tricks_left: int, mode: str = "auto"
) -> tuple[pq.State, list[pq.Action]]:
    """A deal played at random to its last tricks, and its actions."""
    rng = random.Random(seed)
    state = pq.new_game(pq.RUBICON, declarations=mode)  # type: ignore[arg-type]
    actions: list[pq.Action] = [state.sample_chance(rng)]
    state = state.apply(actions[0])
    while state.phase is not pq.Phase.PLAY or len(state.hand(state.to_move)) > tricks_left:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = state.apply(action)
    return state, actions


def _consistent_placements(
    state: pq.State, actions: list[pq.Action], player: pq.Player, mode: str = "auto"
) -> set[tuple[pq.CardSet, pq.CardSet]]:
    """Brute force: every (opponent's hand, opponent's discard) whose deal, replayed with
    the same actions, gives the player the same observation."""
    seen = state.observation(player)
    opponent = player.other
    hidden_hand = state.hand(opponent) - seen.opponent_known
    hidden_stock = pq.CardSet(state.stock) - seen.seen_stock
    discard = state.discard(opponent)
    hidden = sorted(hidden_hand | discard | hidden_stock)
    found = set()
    deal = actions[0]
    assert isinstance(deal, pq.Deal)
    for hand in itertools.combinations(hidden, len(hidden_hand)):
        rest = [c for c in hidden if c not in hand]
        for thrown in itertools.combinations(rest, len(discard)):
            left = [c for c in rest if c not in thrown]
            mapping = dict(
                zip(
                    [*hidden_hand, *discard, *hidden_stock],
                    [*hand, *thrown, *left],
                    strict=True,
                )
            )
            pack = tuple(mapping.get(c, c) for c in deal.pack)
            start = pq.new_game(pq.RUBICON, declarations=mode)  # type: ignore[arg-type]
            replay = start.apply(pq.Deal(pack, deal.packet))
            try:
                for action in actions[1:]:
                    if isinstance(action, pq.Exchange) and replay.to_move == opponent:
                        action = pq.Exchange(pq.CardSet(mapping.get(c, c) for c in action.discard))
                    replay = replay.apply(action)
            except pq.IllegalActionError:
                continue
            if replay.observation(player) == seen:
                found.add((pq.CardSet(hand), pq.CardSet(thrown)))
    return found


def _chi_squared_critical(dof: int) -> float:
    """The 0.999 quantile of chi-squared (Wilson-Hilferty), a stable test threshold."""
    z = 3.090
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed"),
    [("auto", 22), ("auto", 27), ("auto", 29), ("auto", 31), ("played", 5), ("played", 13)],
)
def test_samples_are_uniform_over_the_consistent_placements(mode: str, seed: int) -> None:
    state, actions = _late_position(seed, tricks_left=4, mode=mode)
    player = state.to_move
    assert isinstance(player, pq.Player)
    seen = state.observation(player)
    # the brute force moves the hidden cards about and replays the same actions, so the
    # opponent's calls must be ones whose cards were shown
    assert all(s.shown is not None for s in seen.spoken if s.player != player and s.verb == "call")
    consistent = _consistent_placements(state, actions, player, mode)
    assert len(consistent) >= 10  # positions chosen to have something to be uniform over
    hidden_hand = state.hand(player.other) - seen.opponent_known
    assert (hidden_hand, state.discard(player.other)) in consistent
    rng = random.Random(seed)
    counts: Counter[tuple[pq.CardSet, pq.CardSet]] = Counter()
    for _ in range(min(300 * len(consistent), 6000)):
        world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
        key = (world.hand(player.other) - seen.opponent_known, world.discard(player.other))
        assert key in consistent
        counts[key] += 1
    total = sum(counts.values())
    expected = total / len(consistent)
    statistic = sum((counts[key] - expected) ** 2 / expected for key in consistent)
    assert statistic < _chi_squared_critical(len(consistent) - 1), (statistic, len(consistent))


def _chi_squared_of(
    seen: pq.Observation,
    consistent: set[tuple[pq.CardSet, pq.CardSet]],
    rng: random.Random,
    mode: str = "auto",
) -> float:
    """Sample ``seen`` 300 times a consistent placement, each sample's placement checked
    to be one of them; the chi-squared statistic of the counts."""
    player = seen.player
    counts: Counter[tuple[pq.CardSet, pq.CardSet]] = Counter()
    for _ in range(min(300 * len(consistent), 6000)):
        world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
        key = (world.hand(player.other) - seen.opponent_known, world.discard(player.other))
        assert key in consistent
        counts[key] += 1
    expected = sum(counts.values()) / len(consistent)
    return sum((counts[key] - expected) ** 2 / expected for key in consistent)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "witnessed"), [(20, True), (23, True), (20, False)])
def test_the_elders_view_before_his_lead_is_sampled_uniformly(seed: int, witnessed: bool) -> None:
    # the younger's calls are heard, not shown, until the elder leads (R-DE-7): the
    # sampler may draw hands holding what was called (witnesses) rather than any hand
    state, actions = _late_position(seed, tricks_left=12, mode="auto")
    player = state.to_move
    assert isinstance(player, pq.Player)
    seen = state.observation(player)
    assert player == seen.elder and not seen.tricks and not seen.trick
    unshown = [s for s in seen.spoken if s.player != player and s.verb == "call" and not s.shown]
    assert len(unshown) >= 2  # e.g. a point and a set, heard as words only
    consistent = _consistent_placements(state, actions, player, "auto")
    assert 10 <= len(consistent) <= 30
    hidden_hand = state.hand(player.other) - seen.opponent_known
    assert (hidden_hand, state.discard(player.other)) in consistent
    sampling.cached_plan.cache_clear()
    plan = sampling.cached_plan(seen, "auto")
    if witnessed:  # from the first draw on (else the sampler turns to them when it helps)
        witnesses = sampling._decide_witnesses(plan, always=True)
        assert witnesses is not None
        assert plan.groups is not None and witnesses.total < plan.groups.total
    statistic = _chi_squared_of(seen, consistent, random.Random(seed))
    assert statistic < _chi_squared_critical(len(consistent) - 1), (statistic, len(consistent))
    assert plan.witnessed  # the plain draws were dropped often enough to turn to witnesses


def test_a_sample_does_not_depend_on_what_was_drawn_before() -> None:
    # the plan is cached between calls; how it draws (plain, or from the witnesses of the
    # unshown calls) is chosen from the plan alone, not from the caller's past draws
    state, _ = _late_position(20, tricks_left=12, mode="auto")
    player = state.to_move
    assert isinstance(player, pq.Player)
    seen = state.observation(player)
    sampling.cached_plan.cache_clear()
    first = sampling.sample_state(seen, random.Random(7))
    for seed in range(40):
        sampling.sample_state(seen, random.Random(seed))
    assert sampling.sample_state(seen, random.Random(7)) == first
    sampling.cached_plan.cache_clear()
    assert sampling.sample_state(seen, random.Random(7)) == first
    assert sampling.cached_plan(seen, "auto").witnessed[0] is not None  # witnesses chosen


def _pilot_kept(seen: pq.Observation, mode: str) -> int:
    """How many of the pilot's 16 draws (its own random stream) a fresh plan keeps."""
    plan = sampling.make_plan(seen, mode)  # type: ignore[arg-type]
    pilot = random.Random(sampling._PILOT_SEED)
    auto = mode == "auto"
    return sum(sampling._pilot_keeps(plan, pilot, auto) for _ in range(sampling._PILOT_DRAWS))


def test_with_automatic_declarations_the_pilot_counts_the_draws_the_words_heard_keep() -> None:
    # the proposal checks the words heard; a draw kept whole passes it, and nearly every
    # draw that passes it is kept: the pilot reads the proposal alone
    passed = kept = 0
    for seed in range(12):
        state, _ = _late_position(seed, tricks_left=seed % 12 + 1, mode="auto")
        player = state.to_move
        assert isinstance(player, pq.Player)
        plan = sampling.make_plan(state.observation(player), "auto")
        if not plan.dealt:
            continue
        plan.witnessed[:] = [None]
        for draw in range(20):
            whole, alone = random.Random(draw), random.Random(draw)
            keeps = sampling.draw_state(plan, whole)[0] is not None
            passes = sampling._pilot_keeps(plan, alone, auto=True)
            assert passes or not keeps, (seed, draw)
            passed += passes
            kept += keeps
    assert kept > 0
    assert kept >= 0.85 * passed, (kept, passed)


@pytest.mark.parametrize("mode", MODES)
def test_the_pilot_turns_to_the_witnesses_by_how_many_plain_draws_it_keeps(mode: str) -> None:
    # a draw the words heard drop costs little with automatic declarations (dropped at
    # the proposal), a replay with declarations played: two kept draws of the pilot's 16
    # keep plain draws for the first, five for the second
    enough = 2 if mode == "auto" else 5
    in_between = 0
    for seed in range(60):
        state, _ = _late_position(seed, tricks_left=12, mode=mode)
        player = state.to_move
        assert isinstance(player, pq.Player)
        seen = state.observation(player)
        plan = sampling.make_plan(seen, mode)  # type: ignore[arg-type]
        if not plan.dealt or not plan.claimed:
            continue  # no pilot: nothing heard and unshown
        kept = _pilot_kept(seen, mode)
        in_between += 2 <= kept < 5
        sampling.sample_plan(plan, random.Random(seed), 10_000)
        assert plan.witnessed
        if kept >= enough:
            assert plan.witnessed[0] is None, (seed, kept)
        if mode == "played" and kept < enough and plan.witnessed[0] is None:
            # witnesses made and not chosen: they held no fewer placements
            witnesses = sampling.make_witnesses(plan)
            assert witnesses is None or plan.groups is None or witnesses.total >= plan.groups.total
    assert in_between  # the rule's two modes part where 2 to 4 draws are kept


@pytest.mark.parametrize("mode", MODES)
def test_between_deals_the_samples_are_uniform(mode: str) -> None:
    # a finished deal: what the younger (B) cannot see is the elder's discard and the
    # stock cards nobody drew
    rng = random.Random(31)
    state = pq.new_game(pq.RUBICON, declarations=mode)  # type: ignore[arg-type]
    actions: list[pq.Action] = [state.sample_chance(rng)]
    state = state.apply(actions[0])
    while state.to_move is not pq.CHANCE:
        legal = state.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        state = state.apply(actions[-1])
    seen = state.observation(pq.Player.B)
    assert seen.phase is pq.Phase.DEAL and seen.dealt_hand
    consistent = _consistent_placements(state, actions, pq.Player.B, mode)
    assert len(consistent) >= 10
    statistic = _chi_squared_of(seen, consistent, random.Random(1), mode)
    assert statistic < _chi_squared_critical(len(consistent) - 1), (statistic, len(consistent))


def _words_said(actions: list[pq.Action]) -> list[tuple[tuple[str, str], ...] | None]:
    """For each action of a Rubicon game with declarations played, what it said aloud
    (verb and words), or None outside the declarations."""
    state = pq.new_game(pq.RUBICON, declarations="played")
    out: list[tuple[tuple[str, str], ...] | None] = []
    for action in actions:
        declaring = state.phase is pq.Phase.DECLARATION
        before = len(state.spoken)
        state = state.apply(action)
        out.append(tuple((s.verb, s.words) for s in state.spoken[before:]) if declaring else None)
    return out


def _declared_alike(
    state: pq.State,
    actions: list[pq.Action],
    words: list[tuple[tuple[str, str], ...] | None],
    i: int,
    mapping: dict[pq.Card, pq.Card],
    seen: pq.Observation,
) -> bool:
    """Whether the deal goes on from ``state`` to the observation ``seen`` with the actions
    from ``i`` on, the opponent's discard moved by ``mapping`` and his calls and
    reckonings any that say the same words (he may also reckon nothing where the hand
    dealt him lets him reckon)."""
    opponent = seen.player.other
    action = actions[i] if i < len(actions) else None
    legal = state.legal_actions() if state.phase is pq.Phase.DECLARATION else ()
    reckoning = bool(legal) and isinstance(legal[0], pq.Reckon)
    if reckoning and state.to_move == opponent and not isinstance(action, pq.Reckon):
        empty = pq.Reckon(legal[0].category)  # type: ignore[union-attr]
        return _declared_alike(state.apply(empty), actions, words, i, mapping, seen)
    if isinstance(action, pq.Reckon) and not action.cards and not reckoning:
        # he sank further combinations that this hand does not hold: nothing to say
        return _declared_alike(state, actions, words, i + 1, mapping, seen)
    if action is None:
        return state.observation(seen.player) == seen
    if state.to_move == opponent and isinstance(action, (pq.Call, pq.Reckon)):
        before = len(state.spoken)
        for legal_action in state.legal_actions():
            if type(legal_action) is type(action):
                after = state.apply(legal_action)
                said = tuple((s.verb, s.words) for s in after.spoken[before:])
                if said == words[i] and _declared_alike(
                    after, actions, words, i + 1, mapping, seen
                ):
                    return True
        return False
    if isinstance(action, pq.Exchange) and state.to_move == opponent:
        action = pq.Exchange(pq.CardSet(mapping.get(c, c) for c in action.discard))
    try:
        after = state.apply(action)
    except pq.IllegalActionError:
        return False
    return _declared_alike(after, actions, words, i + 1, mapping, seen)


def _consistent_placements_played(
    state: pq.State, actions: list[pq.Action], player: pq.Player
) -> set[tuple[pq.CardSet, pq.CardSet]]:
    """Brute force with declarations played: every (opponent's hand, discard) whose deal,
    replayed with the same actions but any calls and reckonings of the opponent's that
    say the same words, gives the player the same observation."""
    seen = state.observation(player)
    opponent = player.other
    hidden_hand = state.hand(opponent) - seen.opponent_known
    hidden_stock = pq.CardSet(state.stock) - seen.seen_stock
    discard = state.discard(opponent)
    hidden = sorted(hidden_hand | discard | hidden_stock)
    words = _words_said(actions)
    deal = actions[0]
    assert isinstance(deal, pq.Deal)
    found = set()
    for hand in itertools.combinations(hidden, len(hidden_hand)):
        rest = [c for c in hidden if c not in hand]
        for thrown in itertools.combinations(rest, len(discard)):
            left = [c for c in rest if c not in thrown]
            mapping = dict(
                zip([*hidden_hand, *discard, *hidden_stock], [*hand, *thrown, *left], strict=True)
            )
            pack = tuple(mapping.get(c, c) for c in deal.pack)
            start = pq.new_game(pq.RUBICON, declarations="played")
            if _declared_alike(
                start.apply(pq.Deal(pack, deal.packet)), actions, words, 1, mapping, seen
            ):
                found.add((pq.CardSet(hand), pq.CardSet(thrown)))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "witnessed"), [(136, True), (17, True), (136, False)])
def test_before_his_lead_with_declarations_played_too(seed: int, witnessed: bool) -> None:
    # the younger's calls (a point, a sequence, a set) heard as words only; the brute
    # force accepts any claims of his that say them
    state, actions = _late_position(seed, tricks_left=12, mode="played")
    player = state.to_move
    assert isinstance(player, pq.Player)
    seen = state.observation(player)
    assert player == seen.elder and not seen.tricks and not seen.trick
    unshown = [s for s in seen.spoken if s.player != player and s.verb == "call" and not s.shown]
    assert len(unshown) >= 2
    consistent = _consistent_placements_played(state, actions, player)
    assert 10 <= len(consistent) <= 80
    hidden_hand = state.hand(player.other) - seen.opponent_known
    assert (hidden_hand, state.discard(player.other)) in consistent
    sampling.cached_plan.cache_clear()
    plan = sampling.cached_plan(seen, "played")
    if witnessed:
        assert sampling._decide_witnesses(plan, always=True) is not None
    statistic = _chi_squared_of(seen, consistent, random.Random(seed), "played")
    assert statistic < _chi_squared_critical(len(consistent) - 1), (statistic, len(consistent))


def _deal_with(elder: str, younger: str, packet: int = 2) -> pq.Deal:
    """A Deal action giving these hands (R-DL-4 packets), the rest as the stock."""
    elder_cards, younger_cards = list(pq.cards(elder)), list(pq.cards(younger))
    rest = [c for c in pq.pack(32) if c not in elder_cards and c not in younger_cards]
    pack: list[pq.Card] = []
    while elder_cards:
        pack += elder_cards[:packet] + younger_cards[:packet]
        elder_cards, younger_cards = elder_cards[packet:], younger_cards[packet:]
    return pq.Deal(pack + rest, packet=packet)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("elder", "younger"),
    [
        # the elder holds carte blanche (R-CB-2: he announces a count, the younger commits)
        ("AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D", "KS QS JS KH QH JH KD QD JD 9D KC QC"),
        # the younger holds it
        ("KS QS JS KH QH JH KD QD JD 9D KC QC", "AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D"),
    ],
)
def test_every_step_of_a_carte_blanche_deal(mode: str, elder: str, younger: str) -> None:
    rng = random.Random(6)
    state = pq.new_game(pq.RUBICON, declarations=mode)  # type: ignore[arg-type]
    state = state.apply(_deal_with(elder, younger))
    while state.phase is not pq.Phase.DEAL:
        for player in pq.Player:
            seen = state.observation(player)
            world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
            assert world.observation(player) == seen
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


def test_infer_declarations_takes_best_calls_for_auto() -> None:
    rng = random.Random(8)
    state = pq.new_game(pq.RUBICON, declarations="auto")
    state = state.apply(state.sample_chance(rng))
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    assert infer_declarations(state.observation(pq.Player.A)) == "auto"
    assert infer_declarations(state.observation(pq.Player.B)) == "auto"


# Rubicon, A elder: B (the younger) scores two tierces, a call and a reckoning (R-DE-5),
# which the elder hears but does not see until he has led (R-DE-7).
R_DE_7_DEAL = pq.parse_action(
    "deal 2 9H 10D KH QC JD AH AS AC JC AD 7C 8C JS 7D KC JH 10C 8H 9S 10S 9C 9D 8S 7H "
    "10H QS 7S QH KS QD 8D KD"
)


@pytest.mark.parametrize("mode", MODES)
def test_the_youngers_unshown_calls_and_reckoning_before_the_elders_lead(mode: str) -> None:
    rng = random.Random(55)
    state = pq.new_game(pq.RUBICON, declarations=mode)  # type: ignore[arg-type]
    state = state.apply(R_DE_7_DEAL)
    steps = 0
    while len(state.tricks) < 1:
        if state.phase is pq.Phase.PLAY or state.phase is pq.Phase.DECLARATION:
            steps += 1
            seen = state.observation(state.elder)
            for _ in range(5):
                world = sample_state(seen, rng, declarations=mode)  # type: ignore[arg-type]
                assert world.observation(state.elder) == seen
        legal = state.legal_actions()
        # played: the longest call or reckoning (or "equal" to hear the next word), so
        # the younger reckons his second tierce
        scored = [a for a in legal if isinstance(a, (pq.Call, pq.Reckon))]
        equal = [a for a in legal if isinstance(a, pq.Equal)]
        state = state.apply(
            max(reversed(scored), key=lambda a: len(a.cards)) if scored else (equal or legal)[0]
        )
    assert steps >= 2
    reckoned = [s for s in state.spoken if s.verb == "reckon" and s.player is state.younger]
    assert reckoned if mode == "played" else not reckoned


PACK = "AS QS 10D AH 8S 8C 7S 8D 9C KS QD 8H 6S KH 9H JD JS 10H 9D KD 10C 6D 7D AD 9S 7H 7C JH"
LONG_UNSHOWN_RECKONING = f"""[Piquet "1"]
[Ruleset "au_cent_36"]
[Declarations "played"]
[Dealer "A"]

chance: deal 2 {PACK} 10S KC QC 6H JC AC QH 6C
B: discard KS
A: discard 7S
A: leave unseen
B: call point AS
A: good point
B: pass sequence
A: call sequence 9H 8H 7H
A: reckon sequence AD KD QD JD 10D 9D 8D 7D
B: pass set
A: pass set
"""


def test_a_long_unshown_reckoning_is_sampled_in_a_hundred_draws() -> None:
    # a huitième reckoned unseen fits about one plain draw in 4,000: the sampler turns to
    # drawing the hands that hold the combinations heard
    state = pq.loads(LONG_UNSHOWN_RECKONING)
    seen = state.observation(state.elder)
    assert _before_the_lead_with_unshown_combinations(seen)
    world = sample_state(seen, random.Random(0), max_tries=100)
    assert world.observation(seen.player) == seen


def test_prepare_makes_the_tables_a_first_sample_would_make() -> None:
    from piquet.engine.combination_tables import tables_of
    from piquet.search._duels import _pack
    from piquet.search.sampling import prepare

    rules = pq.RULESETS["au_cent"].evolve(name="prepared here")  # tables of its own
    _pack.cache_clear()
    prepare(rules)
    sequences = tables_of(rules)[1]
    assert len(sequences._deciding) == 4  # type: ignore[attr-defined]  # each suit's row
    assert _pack.cache_info().currsize == 1  # the duels' table
    with pytest.raises(TypeError, match="expected a piquet Ruleset, not str"):
        prepare("rubicon")  # type: ignore[arg-type]
