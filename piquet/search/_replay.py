"""One draw of the sampler: a proposal (:mod:`._propose`) dealt, then dealt again from
an earlier sample (:mod:`._redealt`) or its deal's actions replayed through the public
engine; None when it contradicts what the observer saw or heard."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..actions import (
    Action,
    Call,
    Deal,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    Pass,
    Reckon,
)
from ..cards import CARD_BY_INDEX, Card, CardSet, mask_of, pack
from ..engine import IllegalActionError, Phase, Spoken, State
from ..engine.deal import arranged, assembled, dealt_places
from ..engine.declarations import reckoning
from ..engine.heard import opening_call, spoken_since
from ..engine.seen import hidden_facts
from ..observation import Observation
from ..words import Player
from ._observed import deal_elder
from ._plan import Plan
from ._propose import proposal, stock_in_order
from ._redealt import redealt
from ._witnesses import Words
from .native import kernel


def draw_state(plan: Plan, rng: random.Random, tries: int = 1) -> tuple[State | None, int]:
    """A placement drawn uniformly and replayed, in at most ``tries`` proposals, and the
    proposals it took: the state, or None when the last placement was inconsistent
    (each proposal rejected by the words heard is drawn again here, at once)."""
    observation = plan.observation
    proposed, used = proposal(plan, rng, tries)
    if proposed is None:
        return None, used
    after_exchange, discard, stock_cards, duels = proposed
    ordered = stock_in_order(plan, after_exchange, stock_cards, rng)
    if ordered is None:
        return None, used
    taken, stock = ordered
    dealt_opponent = (after_exchange & ~taken) | discard
    if dealt_opponent.bit_count() != 12 or len(stock) != observation.ruleset.stock_size:
        return None, used
    deal = _deal(plan, dealt_opponent, stock)
    if plan.redealing:
        state = redealt(plan, deal, dealt_opponent, after_exchange, discard, duels, rng, _replay)
        return state, used
    state = plan.start.apply(deal)
    discards = {observation.player: observation.discard.mask, observation.player.other: discard}
    return _replay(plan, state, discards, rng), used


def _deal(plan: Plan, dealt_opponent: int, stock: tuple[Card, ...]) -> Deal:
    """The deal giving each player his dealt hand and the stock in its order (R-DL-4):
    the engine's :func:`~piquet.engine.deal.arranged`, or the same deal from the
    kernel's parts (in Python, the deal was a sixth of a sample's instructions with
    automatic declarations, 38,000 instructions; with the kernel, 13,700)."""
    dealt_own = plan.observation.dealt_hand.mask
    if plan.observer_elder:
        elder, dealer = dealt_own, dealt_opponent
    else:
        elder, dealer = dealt_opponent, dealt_own
    fast = kernel("_csample")
    if fast is None:
        return arranged(plan.start, elder, dealer, stock)
    places, pack_mask = plan.deal_args[0] if plan.deal_args else _deal_args(plan)
    pack, indices, prefix = fast.deal_parts(elder, dealer, stock, places, CARD_BY_INDEX, pack_mask)
    return assembled(plan.start, pack, elder, dealer, indices, prefix)


def _deal_args(plan: Plan) -> tuple[tuple[int, ...], int]:
    """The arguments of the kernel's ``deal_parts`` that are the same for every deal of
    the plan, kept on it: where the dealt cards lie in the pack, and the pack's mask."""
    rules = plan.start.ruleset
    args = (dealt_places(rules.packet), sum(map(mask_of, pack(rules.pack_size))))
    plan.deal_args.append(args)
    return args


def _replay(
    plan: Plan, state: State, discards: dict[Player, int], rng: random.Random
) -> State | None:
    """Replay the deal's actions from the deal on; None when the placement contradicts
    the observation. Where the declarations leave a choice (which claim an unshown call
    was, which reckoning says the words heard) every choice is tried in turn, so whether
    a placement is kept depends on the placement alone: that keeps the samples uniform."""
    return _replay_on(plan, state, 0, discards, rng)


def _replay_on(
    plan: Plan,
    state: State,
    played: int,
    discards: dict[Player, int],
    rng: random.Random,
    done: tuple[int, int] | None = None,
) -> State | None:
    """:func:`_replay` from ``state``, with ``played`` cards played and, in the
    declarations, ``done`` the words the observer has heard and the words said (None:
    not counted yet)."""
    observation = plan.observation
    target_phase, target_to_move, target_plays = plan.target[:3]
    plays = plan.plays
    try:
        for _ in range(100):
            if (
                state.phase is target_phase
                and state.to_move == target_to_move
                and played == target_plays
                and _as_observed(plan, state)
            ):
                return state
            phase = state.phase
            if phase is Phase.PLAY:
                if played >= len(plays):
                    return None
                # the observation lies past every card played: play them all at once
                apply = State.apply
                for play in plays[played:]:
                    state = apply(state, play)
                    if state.phase is not Phase.PLAY:
                        break
                played = len(plays)
                continue
            if phase is Phase.DECLARATION:
                candidates, done = _next_declarations(plan, state, rng, done)
                if len(candidates) == 1:  # most words: gone on with here, not tried
                    step = _said(plan, state, candidates[0], done)
                    if step is None:
                        return None
                    state, done = step
                    continue
                for word in candidates:
                    step = _said(plan, state, word, done)
                    if step is not None:
                        found = _replay_on(plan, step[0], played, discards, rng, step[1])
                        if found is not None:
                            return found
                return None
            action = _exchange_action(observation, state, discards, rng)
            if action is None:
                return None
            state = state.apply(action)
            done = None
    except IllegalActionError:
        return None
    return None


def _exchange_action(
    observation: Observation, state: State, discards: dict[Player, int], rng: random.Random
) -> Action | None:
    """The action of the exchange's next step as the observation tells it (the discards
    placed), or None when ``state`` is not in the exchange or the step is not one the
    observation tells."""
    if state.phase is not Phase.EXCHANGE:
        return None
    mover = state.to_move
    assert isinstance(mover, Player)
    first = state.legal_actions()[0]
    if type(first) is ExchangeCount:
        return ExchangeCount(_elder_count(observation, rng))
    if type(first) is Exchange:
        # may be empty: a younger_min of 0 lets the younger take nothing
        return Exchange(CardSet.from_mask(discards[mover]))
    if type(first) is Leave and observation.left_cards is not None:
        return Leave(observation.left_cards)
    return None


def _as_observed(plan: Plan, state: State) -> bool:
    """Whether the observer's observation of ``state``, a replay at the observation's
    point, is the observation. In the play it depends on the cards he cannot see only by
    the facts :func:`~piquet.engine.seen.hidden_facts` gives: the answer is remembered by
    them, and an observation is read only for new facts (reading one is a sixth of a
    sample with declarations played; the tests compare the answers with the
    observations)."""
    if not plan.remembers_facts:
        return state.observation(plan.observation.player) == plan.observation
    facts = hidden_facts(state)
    known = plan.as_observed
    answer = known.get(facts)
    if answer is None:
        answer = state.observation(plan.observation.player) == plan.observation
        if len(known) < _FACTS_KEPT:
            known[facts] = answer
    return answer


# the hidden facts remembered a plan (a few are met in a hundred samples)
_FACTS_KEPT: Final = 1 << 12


_ANSWERS: Final[dict[str, type[Pass | Good | Equal]]] = {"pass": Pass, "good": Good, "equal": Equal}


def _next_declarations(
    plan: Plan, state: State, rng: random.Random, done: tuple[int, int] | None
) -> tuple[Sequence[Action], tuple[int, int]]:
    """The ways the next word of the declarations may go as the observer heard it, to
    be tried in turn (:func:`_said`), and the words the observer has heard and the
    words said (``done``: before, if counted). The word heard, or for a word whose claim
    he does not know (the opponent's unshown call or reckoning), each legal one that
    says it, in random order; from an opponent who reckons nothing further (which the
    observer does not hear), that silence."""
    observer = plan.observation.player
    heard = plan.observation.spoken
    if done is None:
        done = (len(state.spoken_to(observer)), len(state.spoken))
    mover = state.to_move
    said = heard[done[0]] if done[0] < len(heard) else None
    reckoned = reckoning(state)  # then he reckons, or says nothing further
    candidates: Sequence[Action]
    if said is None or said.player != mover or (reckoned is not None and said.verb != "reckon"):
        if reckoned is None or mover == observer:
            return (), done
        candidates = (Reckon(reckoned),)
    elif said.verb in _ANSWERS:
        candidates = (_ANSWERS[said.verb](said.category),)
    elif said.claimed is not None:
        kind = Call if reckoned is None else Reckon
        candidates = (kind(said.category, said.claimed),)
    else:  # only here are the legal words made: the others are the words heard
        kind = Call if reckoned is None else Reckon
        candidates = [action for action in state.legal_actions() if type(action) is kind]
        if len(candidates) > 1:
            rng.shuffle(candidates)
        if kind is Call and opening_call(state):
            candidates = _saying(plan, candidates, said)
    return candidates, done


def _said(
    plan: Plan, state: State, action: Action, done: tuple[int, int]
) -> tuple[State, tuple[int, int]] | None:
    """The state after ``action``, a word of the declarations, and the words the
    observer has heard then and the words said; None when it is not legal, or not what
    he heard."""
    try:
        after = state.apply(action)
    except IllegalActionError:
        return None
    observer = plan.observation.player
    counted = _heard_since(spoken_since(after, done[1]), observer, plan.observation.spoken, done)
    return None if counted is None else (after, counted)


def _saying(plan: Plan, calls: list[Action], said: Spoken) -> list[Action]:
    """The calls, each opening its category, whose first word is the word heard: the
    others would be dropped once made, on that word. Dropped before (their words
    remembered by the plan), the candidates tried are the same, in the same order: the
    same samples, and 7% fewer instructions a sample with declarations played (most
    calls made and dropped said a point of another length, or another sequence)."""
    rule = plan.observation.ruleset.category_rule(said.category)
    words = Words(plan.said_aloud)
    heard = said.words
    return [
        call
        for call in calls
        # (every one is a Call: isinstance tells the type checker so)
        if isinstance(call, Call) and words(rule, call.cards.mask, None, 0) == heard
    ]


def _heard_since(
    said: Sequence[Spoken], observer: Player, heard: Sequence[Spoken], done: tuple[int, int]
) -> tuple[int, int] | None:
    """Whether the words ``said`` since ``done`` (the words heard and said before) go on
    with what the observer heard, as he hears them: then the new counts, else None.

    Only the new words are made and read: who says what, in which category and in
    which words (a word's first four fields) do not change once said, though the cards
    shown do (they are checked on the whole observation at the end). Reading every word
    again after each made the replay of a dialogue cost the square of its length: a
    quarter of a sample's time with the declarations played."""
    count = done[0]
    for words in said:
        if words.player is not observer and words.verb == "reckon" and words.shown is None:
            continue  # the opponent's silence about further combinations, not heard
        if count == len(heard) or words[:4] != heard[count][:4]:
            return None
        count += 1
    return count, done[1] + len(said)


def _elder_count(observation: Observation, rng: random.Random) -> int:
    """How many cards the elder with carte blanche announced he would exchange (R-CB-2)."""
    rules = observation.ruleset
    elder = deal_elder(observation)
    player = observation.player
    if observation.taken[elder]:
        return observation.taken[elder]
    if player == elder:
        if observation.discard:
            return len(observation.discard)
        legal = observation.legal_actions
        if legal and type(legal[0]) is Exchange:
            return len(legal[0].discard)
    else:
        legal = observation.legal_actions
        if legal and type(legal[-1]) is Exchange:  # the younger commits first: at most stock - n
            return rules.stock_size - len(legal[-1].discard)
    # not in the observation (the younger has committed, the elder has not exchanged):
    # any count the rules allow after the younger's discard
    high = min(rules.elder_max, rules.stock_size - len(observation.discard))
    return rng.randint(rules.elder_min, max(rules.elder_min, high))
