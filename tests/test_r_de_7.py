"""R-DE-7 (Cavendish, law 55): the younger shows the combinations he scores once the
elder has led his first card. Until then the elder hears what was said, and sees none
of the younger's cards; the scores and the ledger do not change."""

from __future__ import annotations

import random

import piquet as pq

A, B = pq.Player.A, pq.Player.B

# Rubicon, A elder: A scores the point and a trio of tens, B two tierces (R-DE-5).
DEAL = pq.parse_action(
    "deal 2 9H 10D KH QC JD AH AS AC JC AD 7C 8C JS 7D KC JH 10C 8H 9S 10S 9C 9D 8S 7H "
    "10H QS 7S QH KS QD 8D KD"
)
ELDERS_PORTION = pq.CardSet(DEAL.pack[24:29])  # type: ignore[attr-defined]


def _declared(declarations: str) -> pq.State:
    state = pq.new_game(pq.RUBICON, declarations=declarations)  # type: ignore[arg-type]
    state = state.apply(DEAL)
    while state.phase is pq.Phase.EXCHANGE:
        state = state.apply(state.legal_actions()[0])
    while state.phase is pq.Phase.DECLARATION:  # played: the best call, never sinking
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if isinstance(a, pq.Call)), legal[0]))
    return state


def _shown(spoken: tuple[pq.Spoken, ...], player: pq.Player) -> pq.CardSet:
    shown = pq.cards("")
    for said in spoken:
        if said.player is player and said.shown is not None:
            shown |= said.shown
    return shown


def _younger_cards_seen(observation: pq.Observation) -> pq.CardSet:
    seen = pq.cards("")
    for said in observation.spoken:
        if said.player != observation.player and said.shown is not None:
            seen |= said.shown
    for event in observation.events:
        if event.player != observation.player:
            seen |= event.cards
    return seen


def test_r_de_7_the_elder_sees_none_of_the_youngers_combinations_before_his_lead() -> None:
    for declarations in ("auto", "played"):
        state = _declared(declarations)
        assert state.phase is pq.Phase.PLAY and state.elder is A
        shown_by_younger = _shown(state.spoken, B)
        assert shown_by_younger  # the younger scored, and will show these
        elder_view = state.observation(A)
        assert not _younger_cards_seen(elder_view) & shown_by_younger
        # what he knows of the younger's hand comes from the stock alone (R-EX-2)
        assert elder_view.opponent_known <= ELDERS_PORTION
        assert [s.words for s in elder_view.spoken] == [s.words for s in state.spoken]
        assert not _shown(elder_view.spoken, B)


def test_r_de_7_the_younger_shows_them_once_the_elder_has_led() -> None:
    for declarations in ("auto", "played"):
        state = _declared(declarations)
        led = state.apply(state.legal_actions()[0])
        elder_view = led.observation(A)
        shown_by_younger = _shown(led.spoken, B)
        assert shown_by_younger and _shown(elder_view.spoken, B) == shown_by_younger
        assert _younger_cards_seen(elder_view) & shown_by_younger == shown_by_younger
        assert shown_by_younger <= elder_view.opponent_known
        assert elder_view.spoken == led.spoken
        assert elder_view.events == led.events


def test_r_de_7_the_elder_shows_his_at_once_and_the_ledger_is_unchanged() -> None:
    state = _declared("auto")
    younger_view = state.observation(B)
    assert pq.cards("AD JD 10D 9D 7D 10H 10C") <= younger_view.opponent_known
    assert younger_view.events == state.events
    assert [(e.player, e.points, e.reason) for e in state.observation(A).events] == [
        (e.player, e.points, e.reason) for e in state.events
    ]
    assert [str(e) for e in state.events] == [
        "A +5 point (AD JD 10D 9D 7D)",
        "B +3 sequence (AC KC QC)",
        "B +3 sequence (10S 9S 8S)",
        "A +3 set (10H 10D 10C)",
    ]


def test_r_de_7_holds_in_random_games() -> None:
    """Before the elder's first lead his observation holds no card the younger showed;
    after it, the observation shows what the state does."""
    rng = random.Random(55)
    for declarations in ("played", "auto"):
        for _ in range(6):
            state = pq.new_game(pq.RUBICON, declarations=declarations)  # type: ignore[arg-type]
            while not state.is_over:
                if state.phase in (pq.Phase.DECLARATION, pq.Phase.PLAY):
                    elder_view = state.observation(state.elder)
                    if state.phase is pq.Phase.PLAY and (state.trick or state.tricks):
                        # all but the younger's silence on further combinations
                        assert elder_view.spoken == tuple(
                            s
                            for s in state.spoken
                            if s.player is state.elder or s.verb != "reckon" or s.shown
                        )
                    else:
                        younger = state.younger
                        assert all(
                            s.shown is None for s in elder_view.spoken if s.player is younger
                        )
                        assert all(
                            not e.cards
                            for e in elder_view.events
                            if e.player is younger and e.precedence < pq.Precedence.PLAY
                        )
                chance = state.to_move is pq.CHANCE
                action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
                state = state.apply(action)
