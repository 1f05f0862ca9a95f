"""Where a player went wrong: every decision of a game valued, marked and summed up.

:func:`analyse` values each decision of each player from that player's own observation
(a :class:`~piquet.analysis.valuation.Valuer`, by default perfect-information Monte
Carlo), names the best alternative and the points the action played is expected to
lose against it, marks the losses at the thresholds below, and sums them per player,
per deal and per part of the deal (discard, declarations, play). With
``hindsight=True`` each decision is also valued with every card known.

Marks, by the expected points lost (a trick is worth a point or two, the point and a
sequence of four some four to fourteen, winning the cards ten, a pique thirty):

======  ============  ===========================
mark    name          expected points lost
======  ============  ===========================
``?!``  inaccuracy    at least :data:`INACCURACY`
``?``   mistake       at least :data:`MISTAKE`
``??``  blunder       at least :data:`BLUNDER`
======  ============  ===========================

>>> MARKS
(('??', 12.0), ('?', 6.0), ('?!', 3.0))
>>> mark_for(0.5), mark_for(3.0), mark_for(7), mark_for(40)
('', '?!', '?', '??')
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from ..actions import Action
from ..engine import State
from ..records import dumps, loads, replay
from ..words import CHANCE, Player
from .valuation import PIMCValuer, Valuer, hindsight_values, phase_of

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "PHASES",
    "Analysis",
    "DecisionReport",
    "Hindsight",
    "PlayerSummary",
    "analyse",
    "decision_report",
    "mark_for",
]

#: Expected points lost from which a decision is an inaccuracy (``?!``).
INACCURACY = 3.0
#: Expected points lost from which a decision is a mistake (``?``).
MISTAKE = 6.0
#: Expected points lost from which a decision is a blunder (``??``).
BLUNDER = 12.0
#: The marks and their thresholds, the gravest first.
MARKS: tuple[tuple[str, float], ...] = (("??", BLUNDER), ("?", MISTAKE), ("?!", INACCURACY))
#: The parts of a deal a loss is counted in.
PHASES: tuple[str, ...] = ("discard", "declaration", "play")


def mark_for(loss: float) -> str:
    """The mark of a decision expected to lose ``loss`` points: ``"??"``, ``"?"``,
    ``"?!"`` or ``""`` (see :data:`MARKS`)."""
    return next((mark for mark, threshold in MARKS if loss >= threshold), "")


@attrs.frozen
class Hindsight:
    """A decision valued with every card known: the best action then, and the points
    the action played lost against it (0 when it was that best)."""

    best: Action
    loss: float


@attrs.frozen
class DecisionReport:
    """One decision of a game: ``index`` is the action's place in the game's history,
    ``values`` the candidates weighed, best first, with their expected value for the
    player (points); ``loss`` is the best value minus the value of the action played,
    never below 0 and 0 when the action played was the best."""

    index: int
    deal: int
    player: Player
    phase: str
    action: Action
    best: Action
    value: float
    best_value: float
    values: tuple[tuple[Action, float], ...]
    hindsight: Hindsight | None = None

    @property
    def loss(self) -> float:
        """Expected points lost against the best action."""
        return max(0.0, self.best_value - self.value)

    @property
    def mark(self) -> str:
        """The mark of :attr:`loss` (:func:`mark_for`)."""
        return mark_for(self.loss)

    def comment(self) -> str:
        """The decision as a record's comment, on one line."""
        if self.best == self.action:
            words = f"best ({self.value:+.1f})"
        else:
            mark = f"{self.mark} " if self.mark else ""
            words = (
                f"{mark}{self.loss:.1f} lost; best {self.best}"
                f" ({self.best_value:+.1f} against {self.value:+.1f})"
            )
        seen = self.hindsight
        if seen is not None:
            words += (
                "; seeing every card: best"
                if seen.best == self.action
                else f"; seeing every card: {seen.best}, {seen.loss:.1f} better"
            )
        return words


@attrs.frozen
class PlayerSummary:
    """One player's decisions summed up: expected points lost in all, by part of the
    deal (:data:`PHASES`) and by deal, and how many decisions had each mark."""

    player: Player
    decisions: int
    lost: float
    by_phase: dict[str, float]
    by_deal: dict[int, float]
    marks: dict[str, int]

    @property
    def lost_a_deal(self) -> float:
        """Expected points lost, on average, a deal analysed."""
        return self.lost / len(self.by_deal) if self.by_deal else 0.0


@attrs.frozen
class Analysis:
    """The analysis of a game (:func:`analyse`). ``str()`` is the text report;
    :meth:`to_record` the game record with a comment on each decision; in a notebook it
    shows as a table; :meth:`__rich__` gives a rich renderable (the ``cli`` extra)."""

    state: State
    decisions: tuple[DecisionReport, ...]
    seed: int
    hindsight: bool
    seconds: float = attrs.field(eq=False, default=0.0)

    def summary(self) -> dict[Player, PlayerSummary]:
        """Each player's :class:`PlayerSummary`."""
        out = {}
        deals = sorted({d.deal for d in self.decisions})
        for player in (Player.A, Player.B):
            mine = [d for d in self.decisions if d.player is player]
            out[player] = PlayerSummary(
                player,
                len(mine),
                sum(d.loss for d in mine),
                {p: sum(d.loss for d in mine if d.phase == p) for p in PHASES},
                {n: sum(d.loss for d in mine if d.deal == n) for n in deals},
                {m: sum(1 for d in mine if d.mark == m) for m, _ in MARKS},
            )
        return out

    def comments(self) -> dict[int, str]:
        """Each decision's comment, by the index of its action in the game's history."""
        return {d.index: d.comment() for d in self.decisions}

    def to_record(self) -> str:
        """The game record with a comment on each decision and the summary in ``#``
        lines at its end; :func:`piquet.loads` reads the game back and
        :func:`piquet.records.read_comments` the comments."""
        from .render import summary_lines

        lines = [f"# {line}" if line else "#" for line in summary_lines(self)]
        return dumps(self.state, self.comments()) + "\n" + "\n".join(lines) + "\n"

    def __str__(self) -> str:
        from .render import text

        return text(self)

    def _repr_html_(self) -> str:
        from .render import html

        return html(self)

    def __rich__(self) -> Any:
        from .render import rich_renderable

        return rich_renderable(self)


Progress = Callable[[int, int], None]


def analyse(
    game: State | str,
    *,
    valuer: Valuer | None = None,
    seed: int = 0,
    hindsight: bool = False,
    deal: int | None = None,
    player: Player | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Analysis:
    """Analyse every decision of ``game`` (a state, or a game record's text).

    ``valuer`` values a decision from the deciding player's observation (default:
    :class:`~piquet.analysis.valuation.PIMCValuer`); ``seed`` makes the analysis
    repeatable (each decision draws its worlds from its own stream); ``hindsight`` also
    values each decision with every card known; ``deal`` and ``player`` keep one deal
    or one player's decisions; ``jobs`` worker processes share the work; ``progress``
    is called as ``progress(done, total)``. Decisions with one legal action are not
    decisions and are left out.

    >>> import random
    >>> import piquet as pq
    >>> from piquet.analysis import PIMCValuer
    >>> from piquet.bots import make, play_game
    >>> game = play_game(pq.RUBICON, [make("heuristic"), make("greedy")], random.Random(1))
    >>> fast = PIMCValuer(play_worlds=1, exchange_worlds=1, declaration_worlds=1)
    >>> report = pq.analyse(game, valuer=fast, deal=1)
    >>> all(d.loss >= 0 and d.deal == 1 for d in report.decisions)
    True
    """
    state = loads(game) if isinstance(game, str) else game
    if not isinstance(state, State):
        raise TypeError(f"analyse takes a State or a game record's text, not {type(game).__name__}")
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1 (got {jobs!r})")
    if deal is not None and (type(deal) is not int or deal < 1):
        raise ValueError(f"deal must be a whole number of at least 1 (got {deal!r})")
    if player is not None and not isinstance(player, Player):
        raise TypeError(f"player must be a piquet.Player, not {type(player).__name__}")
    chosen = valuer if valuer is not None else PIMCValuer()
    if isinstance(chosen, PIMCValuer) and chosen.declarations is None:
        mode = "auto" if state.auto_declarations else "played"
        chosen = attrs.evolve(chosen, declarations=mode)
    todo = _decisions(state, deal, player)
    start = time.perf_counter()
    reports = list(_run(state, todo, chosen, seed, hindsight, jobs, progress))
    reports.sort(key=lambda r: r.index)
    return Analysis(state, tuple(reports), seed, hindsight, time.perf_counter() - start)


def _decisions(state: State, deal: int | None, player: Player | None) -> list[int]:
    """The indices in the history of the actions that were decisions."""
    out = []
    for index, (before, _) in enumerate(replay(state)):
        mover = before.to_move
        if mover is CHANCE or not isinstance(mover, Player):
            continue
        if deal is not None and before.deal_number != deal:
            continue
        if (player is None or mover is player) and len(before.legal_actions()) > 1:
            out.append(index)
    return out


def _run(
    state: State,
    todo: list[int],
    valuer: Valuer,
    seed: int,
    hindsight: bool,
    jobs: int,
    progress: Progress | None,
) -> Iterator[DecisionReport]:
    if progress is not None:
        progress(0, len(todo))
    workers = min(jobs, len(todo), os.cpu_count() or 1)
    if workers <= 1:
        states = _states(state)
        for done, index in enumerate(todo, start=1):
            yield decision_report(
                states[index], state.history[index], index, valuer, seed, hindsight
            )
            if progress is not None:
                progress(done, len(todo))
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(
        workers, initializer=_start_worker, initargs=(dumps(state), valuer, seed, hindsight)
    ) as pool:
        futures = [pool.submit(_work, index) for index in todo]
        for done, future in enumerate(as_completed(futures), start=1):
            yield future.result()
            if progress is not None:
                progress(done, len(todo))


def _states(state: State) -> list[State]:
    return [before for before, _ in replay(state)] + [state]


def decision_report(
    before: State,
    action: Action,
    index: int,
    valuer: Valuer,
    seed: int = 0,
    hindsight: bool = False,
) -> DecisionReport:
    """The report of ``action``, taken at ``before`` as the action ``index`` of its game.
    It is valued from the observation of the player to move alone, with a stream of
    random numbers of its own (from ``seed`` and ``index``); with ``hindsight``, also
    with every card known (:func:`~piquet.analysis.valuation.hindsight_values`)."""
    mover = before.to_move
    assert isinstance(mover, Player)
    rng = random.Random(f"{seed}/{index}")
    values = dict(valuer.values(before.observation(mover), rng, (action,)))
    if action not in values:
        raise ValueError(f"the valuer did not value the action played, {action}")
    ranked = sorted(values.items(), key=lambda item: -item[1])
    best, best_value = ranked[0]
    if values[action] >= best_value:
        best = action  # a tie goes to the action played
    seen = None
    if hindsight:
        exact = hindsight_values(before, (action,))
        top = max(exact, key=exact.__getitem__)
        if exact[action] >= exact[top]:
            top = action
        seen = Hindsight(top, max(0.0, exact[top] - exact[action]))
    return DecisionReport(
        index,
        before.deal_number,
        mover,
        phase_of(action),
        action,
        best,
        values[action],
        max(best_value, values[action]),
        tuple(ranked),
        seen,
    )


_WORKER: dict[str, Any] = {}


def _start_worker(record: str, valuer: Valuer, seed: int, hindsight: bool) -> None:
    game = loads(record)
    _WORKER.update(game=game, states=_states(game), valuer=valuer, seed=seed, hindsight=hindsight)


def _work(index: int) -> DecisionReport:
    w = _WORKER
    before = w["states"][index]
    return decision_report(
        before, w["game"].history[index], index, w["valuer"], w["seed"], w["hindsight"]
    )
