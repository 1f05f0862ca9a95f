"""The strong bot, its world weighting, the fixed PIMC yardstick and the five levels."""

from __future__ import annotations

import random

import pytest

import piquet as pq
from piquet.bots import BeginnerBot, HeuristicBot, StrongBot, make
from piquet.bots.inference import OpponentModel, resample, weigh
from piquet.bots.levels import COUNTS_FROM, LEVELS
from piquet.bots.reference_pimc import ReferencePIMCBot
from piquet.bots.rollouts import candidate_discards, swapped_discards
from piquet.search.sampling import sample_state

HEURISTIC = HeuristicBot()
BEGINNER = BeginnerBot()


def deal(elder: str, younger: str) -> pq.State:
    """A Rubicon deal of these hands, the stock the other cards in pack order."""
    used = pq.cards(elder) | pq.cards(younger)
    rest = [c for c in pq.pack() if c not in used]
    return pq.new_deal(pq.RUBICON, elder=elder, younger=younger, stock=rest)  # type: ignore[arg-type]


def discarded(bot: HeuristicBot, state: pq.State) -> pq.CardSet:
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    action = bot.choose(state.observation(mover))
    assert isinstance(action, pq.Exchange) and state.is_legal(action)
    return action.discard


def play_deal(state: pq.State, bots: list[pq.bots.Bot], rng: random.Random) -> pq.State:
    """Deal and play one deal from a state at a deal's chance node, every action legal;
    the state at the next deal's chance node, or at the game's end."""
    state = state.apply(state.sample_chance(rng))
    while not state.is_over and state.to_move is not pq.CHANCE:
        mover = state.to_move
        assert isinstance(mover, pq.Player)
        action = bots[mover].choose(state.observation(mover))
        assert state.is_legal(action)
        state = state.apply(action)
    return state


# ------------------------------------------------------------------------ levels


def test_the_five_levels_are_registered_from_the_beginner_to_the_strongest() -> None:
    made = [type(make(f"level{n}", seed=1)).__name__ for n in range(1, 6)]
    assert made == ["BeginnerBot", "HeuristicBot", "StrongBot", "StrongBot", "StrongBot"]
    worlds = [make(f"level{n}", seed=1).play_worlds(12) for n in (3, 4, 5)]  # type: ignore[attr-defined]
    assert worlds[0] < worlds[1] < worlds[2]
    assert make("level3", seed=1).search_below == COUNTS_FROM  # type: ignore[attr-defined]
    assert make("level4", seed=1).search_below is None  # type: ignore[attr-defined]


def test_the_fast_levels_take_no_options_and_the_search_levels_their_bots() -> None:
    with pytest.raises(ValueError, match="'level1' has no option 'worlds'"):
        make("level1", worlds=3)
    assert make("level3", seed=1, worlds=5).play_worlds(12) == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no option 'samples'"):
        make("level5", samples=3)


def test_the_levels_list_their_own_settings_as_their_options_defaults() -> None:
    from piquet.bots.base import bot_options

    def defaults(name: str) -> dict[str, str]:
        options = bot_options(name)
        assert options is not None
        return {option.name: option.default for option in options}

    assert defaults("level3")["search_below"] == repr(COUNTS_FROM)
    assert defaults("level3")["worlds"] == defaults("level3")["discards"] == "1"
    assert defaults("level4")["worlds"] == "2" and defaults("level4")["search_below"] == "None"
    assert defaults("level5") == defaults("strong")
    with pytest.raises(TypeError, match=r"bad option for bot 'level4'.*'samples'"):
        LEVELS["level4"](1, samples=3)  # the factory itself, without make's check


@pytest.mark.parametrize("ruleset", pq.RULESETS.values(), ids=lambda r: r.name)
def test_the_fast_levels_play_legal_games_under_every_preset(ruleset: pq.Ruleset) -> None:
    final = pq.bots.play_game(ruleset, [make("level1"), make("level2")], random.Random(3))
    assert final.result is not None


@pytest.mark.parametrize("ruleset", pq.RULESETS.values(), ids=lambda r: r.name)
def test_level3_plays_a_legal_deal_under_every_preset(ruleset: pq.Ruleset) -> None:
    state = pq.new_game(ruleset)
    final = play_deal(state, [make("level3", seed=1), make("level3", seed=2)], random.Random(5))
    assert final.deal_number == 1 and (final.to_move is pq.CHANCE or final.is_over)


#: The search levels' deals take seconds each: Rubicon always, the other presets slow.
SEARCH_PRESETS = [
    pytest.param(r, marks=() if r is pq.RUBICON else pytest.mark.slow, id=r.name)
    for r in pq.RULESETS.values()
]


@pytest.mark.parametrize("ruleset", SEARCH_PRESETS)
def test_the_top_levels_play_a_legal_deal_under_every_preset(ruleset: pq.Ruleset) -> None:
    state = pq.new_game(ruleset)
    final = play_deal(state, [make("level5", seed=1), make("level4", seed=2)], random.Random(5))
    assert final.deal_number == 1 and (final.to_move is pq.CHANCE or final.is_over)


def high_cards(cards: pq.CardSet) -> list[pq.Card]:
    return [c for c in cards if c.rank >= pq.Rank.KING]


def test_the_beginner_keeps_a_long_low_suit_at_the_cost_of_high_cards() -> None:
    """Cavendish: the elder should not keep a long suit of low cards for the point when
    it costs him high cards; the beginner does."""
    state = deal("7S 8S 9S 10S JS AH KH QH 7H AD KD 7C", "AS KS QS 8H 9H QD JD 10D 9D AC KC QC")
    spades = state.hand(state.elder).suit(pq.Suit.SPADES)
    assert not discarded(BEGINNER, state) & spades
    assert high_cards(discarded(BEGINNER, state))
    assert discarded(HEURISTIC, state) & spades  # the sound player throws low spades
    assert not high_cards(discarded(HEURISTIC, state))


def test_the_beginner_younger_hand_unguards_his_king() -> None:
    """Younger hand, the small card beside a king is its guard; the beginner throws it."""
    state = deal("AS KS QS JS 10S AH QH 9D 8D 7D AC QC", "KH 7H QD 10D JD 7S 8S 9S 10H 9H KC 7C")
    state = state.apply(HEURISTIC.choose(state.observation(state.elder)))
    guard = pq.Card.parse("7C")
    assert guard in discarded(BEGINNER, state)
    assert guard not in discarded(HEURISTIC, state)


def test_the_beginner_goes_for_a_quatorze_of_tens() -> None:
    """Holding three tens, the beginner keeps them for the fourth and throws high cards."""
    state = deal("10S 10H 10D AS KS AH KH QH AD KD 7C 8C", "JS QS 9S 8S 7S JH 9H 8H 7H JD QD 9D")
    tens = state.hand(state.elder).ranks(pq.Rank.TEN)
    assert not discarded(BEGINNER, state) & tens
    assert high_cards(discarded(BEGINNER, state))
    assert discarded(HEURISTIC, state) & tens


def test_play_offers_a_level_by_default() -> None:
    from piquet.cli.play import DEFAULT_BOT

    assert DEFAULT_BOT.startswith("level")


# ---------------------------------------------------------------- world weighting


def good_to_a_point() -> pq.State:
    """A deal of heuristic bots up to the younger's "good" to a point of five, in which
    the uniform sampler still gives him a better point in some worlds (a "good" may
    sink one, so the sampler cannot rule them out)."""
    rng = random.Random(12)
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(rng))
    while True:
        action = HEURISTIC.choose(state.observation(state.to_move))  # type: ignore[arg-type]
        state = state.apply(action)
        if str(action) == "good point":
            return state


def better_point(world: pq.State, than: pq.State) -> bool:
    rule = pq.RUBICON.point
    mine = max(rule.key(c) for c in rule.claims(than.hand(than.elder).mask))
    theirs = [rule.key(c) for c in rule.claims(world.hand(world.younger).mask)]
    return bool(theirs) and max(theirs) > mine


def test_weights_make_a_better_point_unlikely_after_good() -> None:
    state = good_to_a_point()
    seen = state.observation(state.elder)
    worlds = [sample_state(seen, random.Random(n)) for n in range(200)]
    better = [better_point(w, state) for w in worlds]
    weights = weigh(seen, worlds)
    uniform = sum(better) / len(worlds)
    weighted = sum(w for w, b in zip(weights, better, strict=True) if b) / sum(weights)
    assert uniform > 0.1  # the sampler leaves them in
    assert weighted < uniform / 3


def test_worlds_are_alike_before_the_opponent_has_chosen_anything() -> None:
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(0)))
    seen = state.observation(state.elder)
    worlds = [sample_state(seen, random.Random(n)) for n in range(5)]
    assert weigh(seen, worlds) == [1.0] * 5


def test_resampling_follows_the_weights() -> None:
    worlds = [pq.new_game(), pq.new_game(pq.AU_CENT)]
    drawn = resample(worlds, [0.0, 2.0], 6, random.Random(1))
    assert [(w.ruleset.name, n) for w, n in drawn] == [("au_cent", 6)]
    with pytest.raises(ValueError, match="as many weights"):
        resample(worlds, [1.0], 2, random.Random(1))


@pytest.mark.parametrize("field", ["declare", "play", "floor"])
def test_the_opponent_model_refuses_a_chance_out_of_range(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        OpponentModel(**{field: 1.5})  # type: ignore[arg-type]


# -------------------------------------------------------------------- strong bot


def a_play_position() -> pq.State:
    rng = random.Random(2)
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(rng))
    while not (state.phase is pq.Phase.PLAY and len(state.tricks) == 7):
        state = state.apply(HEURISTIC.choose(state.observation(state.to_move)))  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize(
    "options", [{}, {"pool": 1.5}, {"outlook": True}], ids=["plain", "weighted", "outlook"]
)
def test_the_strong_bot_sees_only_its_observation(options: dict[str, float]) -> None:
    """Two states that differ in the cards the player cannot see, the same observation:
    the same decision and the same values with the same seed, its worlds weighted by
    the opponent's choices or not."""
    state = a_play_position()
    me = state.to_move
    assert isinstance(me, pq.Player)
    seen = state.observation(me)
    other = next(
        w
        for n in range(50)
        if (w := sample_state(seen, random.Random(n))).hand(me.other) != state.hand(me.other)
    )
    assert other.observation(me) == seen
    choices = [make("strong", seed=4, **options).choose(s.observation(me)) for s in (state, other)]
    assert choices[0] == choices[1] and state.is_legal(choices[0])
    values = [make("strong", seed=4, **options).values(s.observation(me)) for s in (state, other)]  # type: ignore[attr-defined]
    assert values[0] == values[1]


def test_values_weigh_every_legal_card_and_the_choice_is_near_the_best() -> None:
    state = a_play_position()
    seen = state.observation(state.to_move)  # type: ignore[arg-type]
    bot = StrongBot(random.Random(1), worlds=4, tie_margin=0.0)
    values = bot.values(seen)
    assert set(values) == set(seen.legal_actions)
    assert values[StrongBot(random.Random(1), worlds=4, tie_margin=0.0).choose(seen)] == max(
        values.values()
    )


def test_values_are_empty_when_the_player_has_nothing_to_choose() -> None:
    state = a_play_position()
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    assert StrongBot(random.Random(1)).values(state.observation(mover.other)) == {}


def test_search_below_leaves_the_first_cards_to_the_heuristic_bot() -> None:
    """With more cards in hand than ``search_below``, the card is the heuristic bot's and
    no world is drawn; from that many down, the card is searched."""
    rng = random.Random(8)
    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(rng))
    searched = unsearched = 0
    while state.to_move is not pq.CHANCE and not state.is_over:
        mover = state.to_move
        assert isinstance(mover, pq.Player)
        seen = state.observation(mover)
        bot = StrongBot(random.Random(2), worlds=3, search_below=6)
        choice = bot.choose(seen)
        if state.phase is pq.Phase.PLAY and len(seen.legal_actions) > 1:
            if len(seen.hand) > 6:
                assert choice == HEURISTIC.choose(seen) and bot.last_worlds == 0
                unsearched += 1
            else:
                assert bot.last_worlds == 3
                searched += 1
        state = state.apply(choice)
    assert searched and unsearched


@pytest.mark.parametrize(
    ("field", "value"), [("pool", 0.5), ("temper", 2.0), ("worlds", 0), ("search_below", -1)]
)
def test_the_strong_bot_refuses_bad_options(field: str, value: float) -> None:
    with pytest.raises(ValueError, match=field):
        make("strong", **{field: value})


def test_the_yardstick_keeps_the_budget_of_november_2026() -> None:
    bot = make("pimc-2026.11", seed=1)
    assert isinstance(bot, ReferencePIMCBot)
    assert [bot.play_worlds(n) for n in (12, 9, 7, 3)] == [8, 24, 48, 48]
    assert (bot.exchange_worlds, bot.discards, bot.tie_margin) == (6, 4, 1.0)


def test_the_strong_bots_discards_are_of_the_heuristics_count_before_any_other() -> None:
    """Its discard is weighed among the heuristic's and others of as many cards first,
    taking fewer cards last; the reference bot keeps its candidates, counts first."""
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        state = pq.new_game(pq.RUBICON)
        state = state.apply(state.sample_chance(rng))
        for player in (state.elder, state.younger):
            if state.to_move is not player:
                state = state.apply(HEURISTIC.choose(state.observation(state.to_move)))  # type: ignore[arg-type]
            seen = state.observation(player)
            if not seen.legal_actions or not isinstance(seen.legal_actions[0], pq.Exchange):
                continue
            ours = swapped_discards(seen, 8)
            theirs = candidate_discards(seen, 8)
            assert ours[0] == theirs[0] == HEURISTIC.choose(seen)
            assert set(ours) <= set(seen.legal_actions) and len(set(ours)) == len(ours)
            counts = [len(action.discard) for action in ours]
            other = next((i for i, n in enumerate(counts) if n != counts[0]), len(counts))
            assert other > 1  # a discard of as many cards comes before any other count
            assert counts[0] not in counts[other:]
            bot = StrongBot(random.Random(1), exchange_worlds=1, evaluator="rollout")
            assert list(bot.values(seen)) == ours
            checked += 1
    assert checked >= 12
