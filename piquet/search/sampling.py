"""Sampling what a player cannot see: whole states consistent with an observation.

:func:`sample_state` builds a complete game state (the score sheet, the deal number, the
deal's history) in which the cards the observer cannot see are placed uniformly at random
among every placement consistent with his observation: his own cards and discard, the
stock cards he has seen, the opponent's shown and known cards, what each call claimed
(a call is a true claim; with automatic declarations the calls are the best holdings),
the suits the opponent showed out of, a carte blanche, the cards played. Every sample
``s`` satisfies ``s.observation(observation.player) == observation``.

How: the hidden cards fall into three places, the opponent's hand now, his discard and
the stock still undrawn. The cards are grouped by suit (and, where it matters, by
whether they are court cards or were seen in a shown carte blanche); a dynamic program
over the groups counts the placements that respect every group's allowed places and
subsets (a suit the opponent showed out of is not in his hand; with automatic
declarations no suit of his beats his point or his best sequence) and the three sizes,
and the groups are then drawn one by one with those counts as weights: uniform, with no
rejected deals. The rest of the deal (which of the opponent's cards came from the stock,
the order of the stock) is drawn uniformly too, and the deal's actions are replayed
through the public engine. What the counting does not encode (the rest of the
declarations, a carte blanche that was not announced) is checked on the replayed state,
and a placement that fails is drawn again: the result stays uniform over the consistent
placements, since every consistent placement is proposed with the same probability and
always accepted. When the opponent's combinations were heard but not shown and most
draws fail, the placements are drawn from "witnesses" instead, hands holding what was
heard, counted suit by suit, each kept with probability one over the number of
witnesses holding it, which keeps them uniform too.

Replays are spared where their outcome is known. In the play, whether a replayed state
gives the observation depends on the hidden cards only by the facts the engine keeps
of them (:func:`piquet.engine.seen.hidden_facts`: what was said in the declarations, the
cartes blanches, carte rouge), so the answer is remembered by them. With automatic
declarations the state itself is not replayed once a placement whose declarations show
the same has been: it is dealt again from that sample (:mod:`piquet.engine.redeal`),
with its own cards. Either way each placement is kept or dropped as the replay would,
and its state is the replay's: the samples are the same.

>>> import random
>>> import piquet as pq
>>> from piquet.search.sampling import sample_state
>>> rng = random.Random(3)
>>> state = pq.new_game(pq.RUBICON, declarations="auto")
>>> while state.phase is not pq.Phase.PLAY:
...     state = state.apply(state.sample_chance(rng) if state.to_move is pq.CHANCE
...                         else state.legal_actions()[0])
>>> seen = state.observation(state.to_move)
>>> world = sample_state(seen, rng, declarations="auto")
>>> world.observation(seen.player) == seen, world.hand(seen.player) == seen.hand
(True, True)
"""

from __future__ import annotations

import functools
import random

from ..engine import State
from ..engine.combination_tables import tables_of
from ..observation import Observation
from ..rules import Ruleset
from ._duels import duel_table
from ._observed import Declarations, SamplingError
from ._placement import draw_groups as draw_groups
from ._plan import Plan, make_plan
from ._propose import proposal
from ._replay import draw_state
from ._witnesses import Witnesses, make_witnesses

__all__ = ["Declarations", "SamplingError", "infer_declarations", "prepare", "sample_state"]


def infer_declarations(observation: Observation) -> Declarations:
    """The declaration mode of the game an observation comes from: ``"auto"`` or
    ``"played"``, read from :attr:`Observation.auto_declarations
    <piquet.Observation.auto_declarations>`.

    >>> import piquet as pq
    >>> infer_declarations(pq.new_game().observation(pq.Player.A))
    'played'
    >>> infer_declarations(pq.new_game(declarations="auto").observation(pq.Player.A))
    'auto'
    """
    return "auto" if observation.auto_declarations else "played"


def prepare(ruleset: Ruleset) -> None:
    """Make now the tables the sampler otherwise makes at first need, once a process for
    each ruleset: the words of automatic declarations' duels, and which cards decide
    each suit's sequences (some 20 and 6 ms on the development machine). A bot that
    samples under a clock calls it before the clock starts, so that its first samples
    do not pay for them; the benchmarks do, so that the figures a sample are a sample's.

    >>> import piquet as pq
    >>> prepare(pq.RUBICON)
    """
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"expected a piquet Ruleset, not {type(ruleset).__name__}")
    for table in tables_of(ruleset):
        table.deciding_by_suit, table.deciding_by_rank  # noqa: B018 (made on first read)
    duel_table(ruleset)


@functools.lru_cache(maxsize=256)
def cached_plan(observation: Observation, declarations: Declarations) -> Plan:
    """The sampling plan of an observation (what is known of the unseen cards, and how
    to place them), cached: :func:`sample_state` and :mod:`piquet.benchmarks.search` use it."""
    return make_plan(observation, declarations)


def sample_state(
    observation: Observation,
    rng: random.Random,
    *,
    declarations: Declarations | None = None,
    max_tries: int = 10_000,
) -> State:
    """A whole state, uniformly drawn among those consistent with ``observation``.

    ``declarations`` is the game's declaration mode (``"played"`` or ``"auto"``); None
    takes the observation's own (:func:`infer_declarations`), and another raises
    :class:`SamplingError` (no state of that mode gives this observation). Raises
    :class:`SamplingError` too when no state fits, or none was found in ``max_tries``
    draws (a placement is drawn again only when it contradicts the declarations or a
    carte blanche, which the counting leaves out).

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game(pq.RUBICON)
    >>> dealt = start.apply(start.sample_chance(random.Random(5)))
    >>> seen = dealt.observation(pq.Player.B)
    >>> world = sample_state(seen, random.Random(1), declarations="played")
    >>> world.observation(pq.Player.B) == seen, world.hand(pq.Player.A) == dealt.hand(pq.Player.A)
    (True, False)
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"expected a piquet.Observation, not {type(observation).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    mode = infer_declarations(observation) if declarations is None else declarations
    if mode not in ("played", "auto"):
        raise ValueError(f"declarations must be 'played', 'auto' or None (got {declarations!r})")
    if mode != infer_declarations(observation):
        raise SamplingError(
            f"declarations={mode!r}, but the observation comes from a game whose "
            f"declarations are {infer_declarations(observation)!r}"
        )
    plan = cached_plan(observation, mode)
    if not plan.dealt:
        return plan.start
    state, _ = sample_plan(plan, rng, max_tries)
    if state is not None:
        return state
    raise SamplingError(
        f"no state consistent with the observation found in {max_tries} draws "
        "(was it made by this engine?)"
    )


def sample_plan(plan: Plan, rng: random.Random, max_tries: int) -> tuple[State | None, int]:
    """A sample of a dealt plan (None when none was found in ``max_tries`` draws) and
    the draws it took; :func:`sample_state` with a plan from :func:`cached_plan`."""
    if not plan.witnessed and plan.claimed:
        _choose_the_way_to_draw(plan)
    tries = 0
    while tries < max_tries:
        state, used = draw_state(plan, rng, max_tries - tries)
        tries += used
        if state is not None:
            return state, tries
    return None, max_tries


#: The pilot's plain draws, and the seed of its own random stream.
_PILOT_DRAWS = 16
_PILOT_SEED = 0x5EED
#: How many of the pilot's draws kept say plain draws do well enough: more than a
#: quarter where a dropped draw is a replay (declarations played), two where the words
#: heard drop it at the proposal (automatic declarations: with the kernel, a twentieth
#: of a kept sample's cost).
_ENOUGH_REPLAYED = _PILOT_DRAWS // 4 + 1
_ENOUGH_CHECKED = 2


def _choose_the_way_to_draw(plan: Plan) -> None:
    """Choose, once a plan, between plain draws and draws from the witnesses: a pilot of
    plain draws from a random stream of its own; when most are dropped, draw from the
    witnesses if they hold fewer placements. Either way of drawing gives every consistent
    placement the same chance, so the choice keeps the samples uniform; made from the
    plan alone, it keeps them the same from the same random stream whatever was drawn
    before (a choice made on the caller's past draws made a sample depend on them)."""
    pilot = random.Random(_PILOT_SEED)
    auto = plan.auto_heard is not None
    enough = _ENOUGH_CHECKED if auto else _ENOUGH_REPLAYED
    kept = 0
    for _ in range(_PILOT_DRAWS):
        if _pilot_keeps(plan, pilot, auto):
            kept += 1
            if kept >= enough:
                break
    if kept < enough:
        _decide_witnesses(plan)
    else:
        plan.witnessed[:] = [None]


def _pilot_keeps(plan: Plan, pilot: random.Random, auto: bool) -> bool:
    """Whether one of the pilot's plain draws is kept. With automatic declarations, by
    the words heard alone, which the proposal checks: 91 to 98% of the proposals they
    pass are kept on the presets' play-phase positions, and a whole draw made the pilot
    replay a placement through the engine and read its observation (a fresh plan's
    first sample: 1,444,000 to 1,288,000 instructions on the bench's 40 Rubicon
    positions). With declarations played the draw is replayed: a test of the words
    heard alone (the hidden calls' candidates) passed 91% of the draws kept, but the
    replays the pilot spared were made by the plan's first samples instead, and the
    samples cost more (391,800 to 396,400 instructions at 50 a plan)."""
    if auto:
        return proposal(plan, pilot)[0] is not None
    return draw_state(plan, pilot)[0] is not None


def _decide_witnesses(plan: Plan, always: bool = False) -> Witnesses | None:
    """Draw from the witnesses from now on, when they hold fewer placements than the plain
    groups (or ``always``); the witnesses, or None for plain draws."""
    witnesses = make_witnesses(plan)
    assert plan.groups is not None
    if witnesses is not None and not always and witnesses.total >= plan.groups.total:
        witnesses = None
    plan.witnessed[:] = [witnesses]
    return witnesses
