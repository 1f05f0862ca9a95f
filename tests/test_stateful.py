"""A stateful Hypothesis test: games driven by drawn actions, legal and illegal.

The machine plays one game of a drawn ruleset (a preset or a house variant). Each step
is a deal at a chance node, a legal action, or an attempt at an illegal one: an action
that was legal somewhere else in the game, or any well-formed action at all. An illegal
action must raise :class:`pq.IllegalActionError` and leave the state as it was. The
invariants of ``invariants.py`` are checked after every step.
"""

from __future__ import annotations

import random

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from invariants import (
    check_bonuses,
    check_cards,
    check_scores,
    check_tricks,
    legal_deal,
    snapshot,
)

import piquet as pq
from piquet import strategies as pst


class PiquetMachine(RuleBasedStateMachine):
    """One game, step by step."""

    seen = Bundle("seen")
    """Actions that were legal at some state of the game."""

    def __init__(self) -> None:
        super().__init__()
        self.state: pq.State | None = None
        self.rng = random.Random(0)
        self.round_tripped = -1  # length of the history at the last round trip

    @property
    def current(self) -> pq.State:
        assert self.state is not None
        return self.state

    @initialize(
        ruleset=pst.rulesets(),
        declarations=st.sampled_from(["played", "auto"]),
        dealer=st.sampled_from([pq.Player.B, pq.Player.A]),
        seed=st.integers(0, 2**16),
    )
    def start(self, ruleset: pq.Ruleset, declarations: str, dealer: pq.Player, seed: int) -> None:
        self.state = pq.new_game(ruleset, dealer=dealer, declarations=declarations)  # type: ignore[arg-type]
        self.rng = random.Random(seed)

    def is_chance(self) -> bool:
        return self.state is not None and self.state.to_move is pq.CHANCE

    def is_player(self) -> bool:
        return self.state is not None and isinstance(self.state.to_move, pq.Player)

    @precondition(is_chance)
    @rule(target=seen, data=st.data())
    def deal(self, data: st.DataObject) -> pq.Action:
        action = data.draw(pst.deals(self.current.ruleset))
        self.state = self.current.apply(action)
        return action

    @precondition(is_player)
    @rule(target=seen, data=st.data())
    def act(self, data: st.DataObject) -> pq.Action:
        action = data.draw(pst.legal_actions(self.current))
        self.state = self.current.apply(action)
        return action

    @precondition(is_player)
    @rule(target=seen, steps=st.integers(1, 24))
    def act_at_random(self, steps: int) -> pq.Action:
        """Up to ``steps`` legal actions chosen by the machine's own random source (to
        the end of the deal at most): quicker through the long stretches of play than
        drawing each one. Returns the last, for the bundle of actions seen."""
        action = self.rng.choice(self.current.legal_actions())
        self.state = self.current.apply(action)
        for _ in range(steps - 1):
            if not self.is_player():
                break
            action = self.rng.choice(self.current.legal_actions())
            self.state = self.current.apply(action)
        return action

    def attempt(self, action: pq.Action) -> None:
        state = self.current
        if isinstance(action, pq.Deal):
            legal = state.to_move is pq.CHANCE and legal_deal(state, action)
        else:
            legal = action in state.legal_actions()
        if legal:
            self.state = state.apply(action)
            return
        before = snapshot(state)
        try:
            state.apply(action)
        except pq.IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted in {state!r}, but is not legal")
        assert not state.is_legal(action)
        assert snapshot(state) == before

    @rule(action=seen)
    def replay_an_action_from_elsewhere(self, action: pq.Action) -> None:
        self.attempt(action)

    @rule(data=st.data())
    def try_any_action(self, data: st.DataObject) -> None:
        self.attempt(data.draw(pst.any_actions(self.current.ruleset.pack_size)))

    def is_new(self) -> bool:
        """Something happened since the last round trip: every ten actions, or the end."""
        if self.state is None:
            return False
        done = len(self.state.history)
        return done >= self.round_tripped + 10 or (self.state.is_over and done > self.round_tripped)

    @precondition(is_new)
    @rule()
    def round_trip(self) -> None:
        state = self.current
        self.round_tripped = len(state.history)
        assert pq.State.from_json(state.to_json()) == state
        assert pq.loads(pq.dumps(state)) == state

    @invariant()
    def the_rules_hold(self) -> None:
        if self.state is None:
            return
        state = self.state
        event(f"reached the {state.phase.value} phase")
        check_cards(state)
        check_scores(state)
        check_bonuses(state)
        check_tricks(state)
        for player in pq.Player:
            seen = state.observation(player)
            assert seen.hand == state.hand(player)
            assert seen.opponent_hand_size == len(state.hand(player.other))
            assert seen.opponent_known <= state.hand(player.other)
            assert seen.scores == state.scores
        if state.is_over:
            assert state.result is not None and len(state.legal_actions()) == 0


PiquetMachine.TestCase.settings = settings(
    max_examples=max(5, settings().max_examples // 6),  # each example is a long game
    stateful_step_count=100,
)
test_piquet_machine = PiquetMachine.TestCase
