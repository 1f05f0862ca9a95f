"""piquet.strategies: bad arguments are refused when the strategy is made, and the
edge cases of the good ones (an empty pool, a fixed packet, a chance node)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, errors, given, settings

import piquet as pq
from piquet import strategies as pst

ONE_QUICK = settings(max_examples=5, database=None, deadline=None)


@pytest.mark.parametrize("make", [pst.cards, pst.card_sets, pst.hands, pst.any_actions])
def test_a_pack_of_neither_32_nor_36_cards_is_refused(make: object) -> None:
    with pytest.raises(ValueError, match="pack_size must be 32 or 36, not 40"):
        make(40)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("min_size", "max_size"), [(-1, 3), (4, 3), (0, 33)], ids=["negative", "crossed", "too-many"]
)
def test_card_sets_refuses_sizes_out_of_order_or_beyond_the_pool(
    min_size: int, max_size: int
) -> None:
    with pytest.raises(ValueError, match=r"need 0 <= min_size <= max_size <= 32 \(got min_size="):
        pst.card_sets(min_size=min_size, max_size=max_size)


def test_hands_refuses_a_pool_of_fewer_than_twelve_cards() -> None:
    with pytest.raises(ValueError, match="max_size <= 3"):
        pst.hands(within=pq.cards("AS KS QS"))


@ONE_QUICK
@given(pst.card_sets(within=pq.CardSet()))
def test_card_sets_of_an_empty_pool_are_empty(cards: pq.CardSet) -> None:
    assert cards == pq.CardSet()


@ONE_QUICK
@given(pst.card_sets(min_size=30))
def test_card_sets_without_max_size_reach_the_whole_pack(cards: pq.CardSet) -> None:
    assert 30 <= len(cards) <= 32


@ONE_QUICK
@given(pst.deals(pq.COTTON_1674, packet=4))
def test_deals_with_a_packet_given_use_that_packet(deal: pq.Deal) -> None:
    assert deal.packet == 4 and len(deal.pack) == 36


def test_deals_refuse_a_packet_the_ruleset_does_not_deal() -> None:
    with pytest.raises(ValueError, match=r"deals: rubicon is dealt in packets of \(2, 3\), not 4"):
        pst.deals(pq.RUBICON, packet=4)


def test_deals_refuse_what_is_not_a_ruleset() -> None:
    with pytest.raises(TypeError, match=r"expected a piquet\.Ruleset, not str"):
        pst.deals("rubicon")  # type: ignore[arg-type]


@ONE_QUICK
@given(pst.deals())
def test_deals_default_to_the_rubicon_pack(deal: pq.Deal) -> None:
    assert len(deal.pack) == 32 and deal.packet in (2, 3)


@pytest.mark.parametrize("presets", [[], [pq.RUBICON, "rubicon"]], ids=["empty", "not-a-ruleset"])
def test_rulesets_refuse_an_empty_or_foreign_collection(presets: list[object]) -> None:
    with pytest.raises(
        ValueError, match=r"presets must be a non-empty collection of piquet\.Ruleset"
    ):
        pst.rulesets(presets)  # type: ignore[arg-type]


@ONE_QUICK
@given(pst.rulesets([pq.CARTE_ROUGE], variations=False))
def test_rulesets_without_variations_give_the_preset_itself(ruleset: pq.Ruleset) -> None:
    assert ruleset is pq.CARTE_ROUGE


@ONE_QUICK
@given(pst.legal_actions(pq.new_game(pq.RUBICON)))
def test_legal_actions_at_a_chance_node_are_deals(action: pq.Action) -> None:
    assert isinstance(action, pq.Deal)


def test_legal_actions_of_a_finished_game_are_refused() -> None:
    over = pq.new_game(pq.RUBICON, declarations="auto")
    rng = random.Random(5)
    while not over.is_over:
        over = over.rollout(rng)
    with pytest.raises(ValueError, match="legal_actions: nothing is legal in <State rubicon"):
        pst.legal_actions(over)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"ruleset": "rubicon"},
            TypeError,
            "ruleset must be a Ruleset or a strategy, not 'rubicon'",
        ),
        ({"declarations": "spoken"}, ValueError, "must be 'played', 'auto' or None, not 'spoken'"),
        ({"phase": "play"}, TypeError, "phase must be a piquet.Phase or None, not 'play'"),
        (
            {"phase": pq.Phase.DEAL, "single_deal": True},
            ValueError,
            "a single deal \\(new_deal\\) never reaches a chance node",
        ),
        ({"max_actions": -1}, ValueError, "max_actions must be an int >= 0, not -1"),
        ({"max_actions": 2.5}, ValueError, "max_actions must be an int >= 0, not 2.5"),
    ],
    ids=["ruleset", "declarations", "phase", "single-deal-chance", "negative", "float"],
)
def test_states_refuses_bad_arguments_when_made(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        pst.states(**kwargs)  # type: ignore[arg-type]


def test_a_failing_example_notes_the_game_record_of_its_state() -> None:
    @settings(max_examples=1, database=None, phases=[Phase.generate])
    @given(pst.states(pq.RUBICON, declarations="auto", max_actions=0, single_deal=True))
    def fails(state: pq.State) -> None:
        raise AssertionError("the property fails")

    with pytest.raises(AssertionError, match="the property fails") as failure:
        fails()
    notes = "\n".join(getattr(failure.value, "__notes__", []))
    assert 'piquet.strategies.states() drew this game:\n[Piquet "1"]\n[Ruleset "rubicon"]' in notes
    assert '[Declarations "auto"]' in notes


def test_a_phase_the_game_never_reaches_draws_no_state() -> None:
    # Declarations "auto" skip the declaration phase: every drawn deal is rejected.
    @settings(max_examples=5, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        pst.states(pq.RUBICON, declarations="auto", phase=pq.Phase.DECLARATION, single_deal=True)
    )
    def never_runs(state: pq.State) -> None:
        raise AssertionError(f"drew {state!r}")

    with pytest.raises((errors.Unsatisfiable, errors.FailedHealthCheck)):
        never_runs()
