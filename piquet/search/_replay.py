"""One draw of the sampler: a proposal (:mod:`._propose`) dealt, then dealt again from
an earlier sample (:mod:`._redealt`) or its deal's actions replayed through the public
engine; None when it contradicts what the observer saw or heard."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Deal
from ..cards import CARD_BY_INDEX, Card, mask_of
from ..engine import State
from ..engine.deal import arranged, assembled, dealt_places
from ..words import Player
from ._dialogues import dialogued, kernel_key_args
from ._plan import Plan
from ._propose import proposal, propose_args, stock_in_order
from ._reads import NOT_HEARD, key_reads, opening_specs, opens_as_heard
from ._redealt import redealt
from ._steps import Choice, advance, said
from .native import kernel


def draw_state(plan: Plan, rng: random.Random, tries: int = 1) -> tuple[State | None, int]:
    """A placement drawn uniformly and replayed, in at most ``tries`` proposals, and the
    proposals it took: the state, or None when the last placement was inconsistent
    (each proposal rejected by the words heard is drawn again here, at once)."""
    if plan.remembers_dialogues and type(rng) is random.Random:
        fast = kernel("_csample")
        if fast is not None:
            return _drawn_in_kernel(plan, fast, rng, tries)
    observation = plan.observation
    proposed, used = proposal(plan, rng, tries)
    if proposed is None:
        return None, used
    after_exchange, discard, stock_cards, duels = proposed
    # dropped by any replay (see there); asked of declarations played alone, for a call
    # cost automatic declarations' samples 0.8% (1,300 instructions)
    if plan.declarations == "played" and not opens_as_heard(plan, after_exchange):
        return None, used
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
    if plan.remembers_dialogues:
        return dialogued(plan, deal, dealt_opponent, after_exchange, discard, rng, _replay), used
    state = plan.start.apply(deal)
    discards = {observation.player: observation.discard.mask, observation.player.other: discard}
    return _replay(plan, state, discards, rng), used


def _drawn_in_kernel(
    plan: Plan, fast: Any, rng: random.Random, tries: int
) -> tuple[State | None, int]:
    """:func:`draw_state` with declarations played and the kernel: the proposal (from
    the plain groups or the witnesses), the checks, the stock's order, the deal's parts
    and the dialogue's key in one call (``_csample.played_draw``: the same functions in
    turn, the same random numbers), then the deal dealt again along its key's course.
    The calls around the kernel's were a quarter of a warm sample; the witnesses' draws
    in Python, a twentieth of every sample of the bench's Rubicon positions, three in
    forty of which draw from them."""
    args = plan.draw_args[0] if plan.draw_args else _draw_args(plan)
    witnesses = plan.witnessed[0] if plan.witnessed else None
    witnessing = None if witnesses is None else witnesses.kernel_args(plan.opponent_known)
    made = fast.played_draw(args, rng.getrandbits, rng.randrange, tries, witnessing)
    if made is None:
        return None, tries
    if made[1] is None:
        return None, made[0]
    used, hand, discard, dealt_opponent, elder, dealer, pack, stock, prefix, keyed = made
    deal = assembled(plan.start, pack, elder, dealer, stock, prefix)
    return dialogued(plan, deal, dealt_opponent, hand, discard, rng, _replay, keyed), used


def _draw_args(plan: Plan) -> tuple[object, ...]:
    """The arguments of the kernel's ``played_draw`` that are the same at every draw of
    the plan (its fields are named in ``_csample_draw.h``), kept on it."""
    placing, checking = plan.propose_args[0] if plan.propose_args else propose_args(plan)
    places, pack_mask = plan.deal_args[0] if plan.deal_args else _deal_args(plan)
    reads = key_reads(plan)
    keying = None if reads is None else kernel_key_args(plan, reads)
    fixed = plan.fixed_taken
    args = (
        placing,
        checking,
        opening_specs(plan),
        (
            fixed,
            sum(map(mask_of, fixed)),
            plan.own_taken,
            plan.seen_rest,
            plan.observer_elder,
            CARD_BY_INDEX,
            plan.opponent_taken,
            plan.dealt_known,
        ),
        (places, pack_mask, plan.observation.dealt_hand.mask, plan.observation.ruleset.stock_size),
        keying,
        NOT_HEARD,
    )
    plan.draw_args.append(args)
    return args


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
    args = (dealt_places(rules.packet), plan.pack_mask)
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
    not counted yet): its steps (:func:`._steps.advance`), each choice's candidates
    tried in their random order."""
    step = advance(plan, state, played, discards, rng, done)
    if not isinstance(step, Choice):
        return step
    for place in step.order(rng):
        after = said(plan, step.state, step.pool[place], step.done)
        if after is not None:
            found = _replay_on(plan, after[0], step.played, discards, rng, after[1])
            if found is not None:
                return found
    return None
