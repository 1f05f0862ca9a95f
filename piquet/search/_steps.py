"""The steps of a replay of a placement through the public engine, from its deal to
the observation's point (:mod:`._replay` drives them): the exchange as the observation
tells it, the declarations a word at a time as the observer heard them, the cards
played. Where the words heard leave a choice (which of his claims the opponent called
when it was not shown) the steps stop at a :class:`Choice`, whose candidates are tried
in a random order: by the replay, or by the dialogues remembered (:mod:`._dialogues`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..actions import (
    Action,
    Call,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    Pass,
    Reckon,
)
from ..cards import CardSet
from ..engine import IllegalActionError, Phase, Spoken, State
from ..engine.declarations import reckoning
from ..engine.heard import opening_call, spoken_since
from ..engine.parts import CATEGORY_INDEX
from ..engine.seen import hidden_facts
from ..observation import Observation
from ..words import Category, Player
from ._observed import deal_elder
from ._plan import Plan
from ._reads import NOT_HEARD, dialogue_reads
from ._verdicts import scores_as_heard
from ._witnesses import Words
from .native import kernel

__all__ = ["Choice", "advance", "declarations_begin", "said"]


class Choice:
    """Where a replay's steps stop: a word of the declarations the observer did not hear
    whole, said from ``state`` (with ``played`` cards played, ``done`` the words heard
    and said). ``pool`` holds the legal words of its kind, in the engine's order, and
    ``places`` the places in it of the candidates: those that say the words heard (the
    opening call heard), or all of them. ``tried`` remembers, by candidate's place in
    the pool, where each led, and ``classes`` the first candidate tried of each class
    of candidates that lead alike (:mod:`._dialogues`)."""

    __slots__ = ("classes", "done", "places", "played", "pool", "state", "tried")

    def __init__(
        self,
        state: State,
        played: int,
        done: tuple[int, int],
        pool: list[Action],
        places: list[int],
    ) -> None:
        self.state = state
        self.played = played
        self.done = done
        self.pool = pool
        self.places = places
        self.tried: dict[int, object] = {}
        self.classes: dict[object, int] = {}

    def order(self, rng: random.Random) -> list[int]:
        """The candidates' places in the pool, in the random order they are tried in: the
        candidates shuffled. Only they are shuffled, not the whole pool: a uniform order
        of the pool, its other words left out, is a uniform order of the candidates, so
        the samples are as uniform either way, and a replay's course then depends on
        which claims of the opponent's say the words heard, not on how many others he
        holds nor where they lie among them (:mod:`._dialogues` keys fewer courses).
        Places, not words, since hashing a word (its cards, in attrs' Python) was 6% of
        a warm sample's time."""
        places = self.places
        fast = kernel("_csample") if type(rng) is random.Random else None
        if fast is None:
            shuffled = list(range(len(places)))
            rng.shuffle(shuffled)
        else:  # the same order from the same numbers; Python's shuffle was 5% of a warm
            # sample's time (in the kernel, 469,000 to 452,000 instructions a sample)
            shuffled = fast.shuffled_places(len(places), rng.getrandbits, rng.randrange)
        return [places[at] for at in shuffled]


def advance(
    plan: Plan,
    state: State,
    played: int,
    discards: dict[Player, int],
    rng: random.Random,
    done: tuple[int, int] | None = None,
) -> State | Choice | None:
    """The replay's steps from ``state``, with ``played`` cards played and, in the
    declarations, ``done`` the words the observer has heard and the words said (None:
    not counted yet), up to the observation's point (the state), a :class:`Choice`,
    or a step that contradicts the observation (None). ``rng`` serves only an elder's
    count of a carte blanche not in the observation."""
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
                candidates, done = _next_declarations(plan, state, done)
                if isinstance(candidates, Choice):
                    candidates.played = played
                    return candidates
                if not candidates:
                    return None
                step = said(plan, state, candidates[0], done)
                if step is None:
                    return None
                state, done = step
                continue
            action = _exchange_action(observation, state, discards, rng)
            if action is None:
                return None
            state = state.apply(action)
            done = None
    except IllegalActionError:
        return None
    return None


def declarations_begin(
    plan: Plan, state: State, discards: dict[Player, int], rng: random.Random
) -> State | None:
    """The exchange's steps from a deal's state, as the observation tells them (the
    steps :func:`advance` makes first), up to the declarations; None where a step
    contradicts the observation."""
    try:
        while state.phase is not Phase.DECLARATION:
            action = _exchange_action(plan.observation, state, discards, rng)
            if action is None:
                return None
            state = state.apply(action)
    except IllegalActionError:
        return None
    return state


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
    plan: Plan, state: State, done: tuple[int, int] | None
) -> tuple[Sequence[Action] | Choice, tuple[int, int]]:
    """The ways the next word of the declarations may go as the observer heard it, and
    the words the observer has heard and the words said (``done``: before, if counted).
    The word heard; for a word whose claim he does not know (the opponent's unshown
    call or reckoning), the legal ones of its kind, as a :class:`Choice` when there
    are several to order; from an opponent who reckons nothing further (which the
    observer does not hear), that silence."""
    observer = plan.observation.player
    heard = plan.observation.spoken
    if done is None:
        done = (len(state.spoken_to(observer)), len(state.spoken))
    mover = state.to_move
    heard_now = heard[done[0]] if done[0] < len(heard) else None
    reckoned = reckoning(state)  # then he reckons, or says nothing further
    if (
        heard_now is None
        or heard_now.player != mover
        or (reckoned is not None and heard_now.verb != "reckon")
    ):
        if reckoned is None or mover == observer:
            return (), done
        return (Reckon(reckoned),), done
    if heard_now.verb in _ANSWERS:
        return (_ANSWERS[heard_now.verb](heard_now.category),), done
    kind = Call if reckoned is None else Reckon
    if heard_now.claimed is not None:
        return (kind(heard_now.category, heard_now.claimed),), done
    # only here are the legal words made: the others are the words heard
    pool: list[Action] = [action for action in state.legal_actions() if type(action) is kind]
    if kind is Call and opening_call(state):
        places = _saying(plan, pool, heard_now)
    else:
        places = _scoring_as_heard(plan, pool, heard_now.category)
    if len(places) > 1:
        return Choice(state, 0, done, pool, places), done
    return [pool[place] for place in places], done


def said(
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


def _saying(plan: Plan, calls: list[Action], opening: Spoken) -> list[int]:
    """The places of the calls, each opening its category, whose first word is the
    word heard: the others would be dropped once made, on that word. Dropped before (their words
    remembered by the plan), the candidates tried are the same, in the same order: the
    same samples, and 7% fewer instructions a sample with declarations played (most
    calls made and dropped said a point of another length, or another sequence).

    Where that call did not win, those whose later words are not those heard either
    (:data:`~._reads.NOT_HEARD`) are left out too: each would be dropped at the first
    word that differs, before any choice. A uniform order of the others is a uniform
    order of the candidates kept, so the samples are as uniform; a dialogue's key no
    longer counts them, so fewer keys are new (on the bench's Rubicon positions
    333,500 to 318,800 instructions a sample at fifty a plan, 483,300 to 465,600 at
    twenty)."""
    rule = plan.observation.ruleset.category_rule(opening.category)
    words = Words(plan.said_aloud)
    heard = opening.words
    read_as = dialogue_reads(plan)[CATEGORY_INDEX[opening.category]].read_as
    return [
        place
        for place, call in enumerate(calls)
        # (every one is a Call: isinstance tells the type checker so)
        if isinstance(call, Call)
        and words(rule, call.cards.mask, None, 0) == heard
        and read_as[call.cards.mask] is not NOT_HEARD
    ]


def _scoring_as_heard(plan: Plan, pool: list[Action], category: Category) -> list[int]:
    """The places of the calls of ``pool``, his answers to the observer's call not shown,
    that score as the ledger heard them, in the play (:func:`~._verdicts.scores_as_heard`):
    the others would be dropped at the replay's end, where its ledger is not the
    observation's (each explored to the end of the deal first: about 3% of a fresh
    plan's time on the bench's Rubicon positions). Elsewhere, every place."""
    reads = dialogue_reads(plan)[CATEGORY_INDEX[category]]
    if reads.scored is None:
        return list(range(len(pool)))
    return [
        place
        for place, call in enumerate(pool)
        if type(call) is not Call or scores_as_heard(reads, call.cards.mask)
    ]


def _heard_since(
    new: Sequence[Spoken], observer: Player, heard: Sequence[Spoken], done: tuple[int, int]
) -> tuple[int, int] | None:
    """Whether the words ``new``, said since ``done`` (the words heard and said before) go on
    with what the observer heard, as he hears them: then the new counts, else None.

    Only the new words are made and read: who says what, in which category and in
    which words (a word's first four fields) do not change once said, though the cards
    shown do (they are checked on the whole observation at the end). Reading every word
    again after each made the replay of a dialogue cost the square of its length: a
    quarter of a sample's time with the declarations played."""
    count = done[0]
    for words in new:
        if words.player is not observer and words.verb == "reckon" and words.shown is None:
            continue  # the opponent's silence about further combinations, not heard
        if count == len(heard) or words[:4] != heard[count][:4]:
            return None
        count += 1
    return count, done[1] + len(new)


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
