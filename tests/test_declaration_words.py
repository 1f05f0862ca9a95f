"""Every word of the played declarations, legal or not, does what it did.

The declarations' ``apply`` checks a word and builds the next state in a few calls
(speed, issue 8); these tests pin what every candidate word does at every declaration
state of seeded games: the state it leads to (phase, mover, scores, what was said, the
ledger, the next legal words), or the reason it is refused. The digest was recorded
with the engine before that work (main at e0d6b62), and again when the younger came to
answer a call a word at a time (R-DE-1a), which changed the words themselves.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import piquet as pq

PRESETS = ("rubicon", "carte_rouge", "cotton_1674", "au_cent_36", "cotton_1995")
RECORDED = (7374, "16646dd43ce9b840010411aa357ae3eeaa76c0bda0011c9957d15dc840605d5e")


def _candidates(state: pq.State) -> list[pq.Action]:
    """The legal words, and words that may not be: every kind in every category, and a
    few calls from either hand."""
    out: list[pq.Action] = list(state.legal_actions())
    for category in ("point", "sequence", "set"):
        out += [pq.Good(category), pq.Equal(category), pq.Pass(category), pq.Reckon(category)]
        rule = state.ruleset.category_rule(pq.Category(category))
        for player in (pq.Player.A, pq.Player.B):
            claims = list(rule.claims(state.hand(player).mask))[:3]
            out += [pq.Call(category, pq.CardSet.from_mask(claim)) for claim in claims]
    out.append(pq.Play("AS"))
    return out


def _outcome(state: pq.State, action: pq.Action) -> tuple[object, ...]:
    try:
        after = state.apply(action)
    except pq.IllegalActionError as error:
        return ("refused", str(action), str(error))
    return (
        str(action),
        str(after.phase),
        str(after.to_move),
        after.deal_scores,
        after.scores,
        tuple(
            (str(w.player), w.verb, str(w.category), w.words, str(w.shown)) for w in after.spoken
        ),
        tuple(
            (str(e.player), e.points, str(e.precedence), str(e.reason), str(e.cards))
            for e in after.events
        ),
        tuple(str(a) for a in after.legal_actions()),
    )


def _declaration_states(seeds: range, deals: int) -> list[pq.State]:
    states = []
    for name in PRESETS:
        ruleset = getattr(pq, name.upper())
        for seed in seeds:
            rng = random.Random(seed)
            state = pq.new_game(ruleset, declarations="played")
            dealt = 0
            while not state.is_over:
                if state.to_move is pq.CHANCE:
                    if dealt == deals:
                        break
                    state = state.apply(state.sample_chance(rng))
                    dealt += 1
                    continue
                if state.phase is pq.Phase.DECLARATION:
                    states.append(state)
                state = state.apply(rng.choice(state.legal_actions()))
    return states


@pytest.fixture(scope="module")
def states() -> list[pq.State]:
    return _declaration_states(range(4), deals=2)


def test_every_candidate_word_does_what_it_did(states: list[pq.State]) -> None:
    digest = hashlib.sha256()
    count = 0
    for state in states:
        for action in _candidates(state):
            digest.update(repr(_outcome(state, action)).encode())
            count += 1
    assert (count, digest.hexdigest()) == RECORDED


def test_the_words_accepted_are_the_legal_ones_and_a_refusal_changes_nothing(
    states: list[pq.State],
) -> None:
    refused = 0
    for state in states:
        before = (hash(state), state.spoken, state.events, state.legal_actions())
        legal = state.legal_actions()
        for action in _candidates(state):
            try:
                state.apply(action)
            except pq.IllegalActionError:
                refused += 1
                assert action not in legal
            else:  # accepted: one of the legal words
                assert action in legal
        assert (hash(state), state.spoken, state.events, state.legal_actions()) == before
    assert refused > 1000


def test_a_declaring_state_refuses_what_is_not_a_word_through_its_own_apply(
    states: list[pq.State],
) -> None:
    state = states[0]
    with pytest.raises(pq.IllegalActionError, match="not an action: 'good point'"):
        state.apply("good point")  # type: ignore[arg-type]
    with pytest.raises(pq.IllegalActionError, match="not legal in the declaration phase"):
        state.apply(pq.Leave(pq.LeftCards.UNSEEN))


def test_a_word_once_said_keeps_who_said_what_in_which_words(states: list[pq.State]) -> None:
    """Each legal word adds to what was said and changes none of the words before in
    who said what, in which category, in which words (their first four fields; the
    cards shown may come later), for an onlooker and for each player: the sampler's
    replay of a dialogue checks only the words said since its last check."""
    checked = 0
    for state in states:
        for action in state.legal_actions():
            after = state.apply(action)
            views = [(state.spoken, after.spoken)] + [
                (state.spoken_to(player), after.spoken_to(player)) for player in pq.Player
            ]
            for before, now in views:
                assert len(now) >= len(before)
                assert [words[:4] for words in now[: len(before)]] == [w[:4] for w in before]
                checked += 1
    assert checked > 1000


def test_reckoning_names_the_category_the_legal_words_reckon(states: list[pq.State]) -> None:
    from piquet.engine.declarations import reckoning

    kinds = set()
    for state in states:
        legal = state.legal_actions()
        reckoned = reckoning(state)
        kinds.add(reckoned is None)
        if reckoned is None:
            assert not any(isinstance(word, pq.Reckon) for word in legal)
        else:
            assert all(isinstance(word, pq.Reckon) for word in legal)
            assert {word.category for word in legal} == {reckoned}
    assert kinds == {True, False}  # both kinds of state were seen


def test_the_words_said_since_a_count_are_the_tail_of_everything_said(
    states: list[pq.State],
) -> None:
    """``heard.spoken_since(state, k)`` makes only the words from the ``k``-th on (the
    sampler's replay reads each word as it is said): they are the tail of everything
    said, pending calls included, in the state after each legal word of every
    declaration state, and for the automatic declarations of a game in the play."""
    from piquet.engine.heard import spoken_since

    def check(state: pq.State) -> int:
        # read before .spoken, which keeps the words it makes on the state
        tails = [spoken_since(state, start) for start in range(24)]
        words = state.spoken
        assert tails == [words[start:] for start in range(24)]
        return len(words)

    longest = 0
    for state in states:
        for action in state.legal_actions():
            longest = max(longest, check(state.apply(action)))
    assert longest >= 6  # dialogues with answers and reckonings were read
    auto = pq.new_game(pq.RUBICON, declarations="auto")
    rng = random.Random(2)
    while auto.phase is not pq.Phase.PLAY:
        auto = auto.apply(
            auto.sample_chance(rng) if auto.to_move is pq.CHANCE else auto.legal_actions()[0]
        )
    assert check(auto) > 0


def test_a_call_that_opens_its_category_says_its_claim_s_first_word_first(
    states: list[pq.State],
) -> None:
    """``heard.opening_call``: where it holds, every legal call's first new word is the
    mover's call in the words of its claim's first word (R-DE-1a), which the sampler's
    replay compares with the word heard before making the call; where it does not, the
    calls answer the elder's, in words that do not name the claim."""
    from piquet.engine.heard import opening_call
    from piquet.rules.protocols import say_word

    seen = {True: 0, False: 0}
    for state in states:
        calls = [word for word in state.legal_actions() if isinstance(word, pq.Call)]
        if not calls:
            continue
        opens = opening_call(state)
        said = len(state.spoken)
        for call in calls:
            first = state.apply(call).spoken[said]
            assert (first.player, first.verb, first.category) == (
                state.to_move,
                "call",
                call.category,
            )
            rule = state.ruleset.category_rule(call.category)
            if opens:
                assert first.words == say_word(rule, call.cards.mask, 0)
            else:
                assert first.words in ("not good", "equal"), first
            seen[opens] += 1
    assert seen[True] > 100 and seen[False] > 100
