"""The protocol's "done when": a round robin of bots in process, the two reference bots
(Python, standard library only; Node.js) and one program per fault runs to the end;
every game is recorded, each fault is a forfeit with its reason, settled as a loss,
the faulty program is restarted for the next game, its standard error is kept per
game, and no program is left running or unwaited, even when the tournament is
interrupted."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from processes import children, needs_proc

import piquet as pq
from piquet.bots import Forfeit, external, register, unregister
from piquet.matches.match import MatchInterrupted

ROOT = Path(__file__).resolve().parent.parent
FAULTY = ROOT / "tests" / "protocol_bots" / "faulty_bot.py"
PYTHON_BOT = "exec:" + " ".join([sys.executable, str(ROOT / "examples/protocol/random_bot.py")])
NODE_BOT = "exec:node " + str(ROOT / "examples/protocol/random_bot.js")

#: Each fault, the Forfeit kind it earns, and the words of its reason.
FAULTS = {
    "slow": ("timeout", "no action within"),
    "silent": ("timeout", "no action within"),
    "crash": ("crash", "the program ended (status 3)"),
    "illegal": ("illegal", "'count 3' is not legal here"),
    "garbage": ("malformed", "not JSON: 'I think I will play the ace'"),
}
AFTER = 3  # correct decisions before the fault
# the time limit of a decision: short for the faults found only when it runs out, long
# for the others (a loaded machine must not turn a correct answer into a timeout)
TIME_LIMITS = {"slow": 0.3, "silent": 0.3, "garbage": 2.0, "crash": 2.0, "illegal": 2.0}


@pytest.fixture
def faulty() -> Iterator[list[str]]:
    """Names for the faulty programs, ``faulty-<fault>``, each made afresh for a game."""
    names = []
    for fault in FAULTS:
        command = [sys.executable, str(FAULTY), "--fault", fault, "--after", str(AFTER)]
        register(
            f"faulty-{fault}",
            lambda seed, command=command, fault=fault, **options: external(
                command, seed=seed, time_limit=TIME_LIMITS[fault], name=f"faulty {fault}"
            ),
        )
        names.append(f"faulty-{fault}")
    yield names
    for name in names:
        unregister(name)


@needs_proc
@pytest.mark.node
@pytest.mark.slow  # 24 s: nox -s node runs it (and nox -s slow), not the README's command
def test_a_tournament_with_every_fault_runs_to_the_end(faulty: list[str]) -> None:
    bots = ["random", "greedy", PYTHON_BOT, NODE_BOT, *faulty]
    result = pq.tournament(bots, games=2, seed=4)
    pairs = len(bots) * (len(bots) - 1) // 2
    assert not result.interrupted
    assert len(result.matches) == pairs
    assert sum(len(played.games) for played in result.matches) == 2 * pairs
    started: dict[str, list[str]] = {name: [] for name in faulty}
    for played in result.matches:
        names = (played.a, played.b)
        for game in played.games:
            record = pq.loads(game.record)
            faults = [name for name in names if name in faulty]
            if not faults:  # both play correctly: a whole game, no forfeit
                assert game.forfeit is None and record.is_over, (names, game.forfeit)
                continue
            assert game.forfeit is not None, names
            by, kind, reason = game.forfeit
            culprit = names["ab".index(by)]
            assert culprit in faults
            fault = culprit.removeprefix("faulty-")
            assert kind == FAULTS[fault][0] and FAULTS[fault][1] in reason, game.forfeit
            # the loss is settled, heavily: nothing less than the game's bonus
            assert game.winner == "ab"[1 - "ab".index(by)] and game.result.points >= 100
            assert not record.is_over and game.decisions["ab".index(by)] == AFTER
            said = game.stderr["ab".index(by)]
            assert said.count("started") == 1 and f"decision {AFTER + 1}: {fault}" in said
            started[culprit] += re.findall(r"pid (\d+): started", said)
    for name, pids in started.items():  # a program afresh for every game it lost
        assert len(pids) == len(set(pids)) >= 2 * (len(bots) - len(faulty)), name
    # the bots that play correctly never lose to a faulty one: all rank above them
    scores = {rating.name: rating.score for rating in result.ratings}
    assert min(scores[name] for name in bots[:4]) > max(scores[name] for name in faulty)
    assert children(FAULTY.name) == [] and children("random_bot") == []
    # saved and read back whole: forfeits, reasons and standard error with each game
    assert pq.TournamentResult.from_lines(result.to_lines()) == result
    lines = result.summary().splitlines()
    assert lines[0].startswith(f"round robin of {len(bots)} bots")
    forfeits = {line.split()[0]: int(line.split()[-1]) for line in lines[3 : 3 + len(bots)]}
    assert forfeits["random"] == forfeits["greedy"] == 0
    assert all(forfeits[name] >= 2 * 4 for name in faulty)  # all its games v the others


@needs_proc
def test_an_interrupted_tournament_leaves_no_program_running(faulty: list[str]) -> None:
    class Interrupting:
        """Plays the first legal action, and at its fifth decision stops the run."""

        decisions = 0

        def choose(self, observation: pq.Observation) -> pq.Action:
            self.decisions += 1
            if self.decisions == 5:
                running.extend(children("random_bot"))
                raise KeyboardInterrupt
            return observation.legal_actions[0]

    running: list[tuple[int, str]] = []
    register("interrupting", lambda seed, **options: Interrupting())
    try:
        with pytest.raises(MatchInterrupted) as caught:
            # stopped in the first game, the reference bot's program running
            pq.tournament(["interrupting", PYTHON_BOT, "faulty-silent"], games=2, seed=1)
    finally:
        unregister("interrupting")
    assert children(FAULTY.name) == [] and children("random_bot") == []
    partial = caught.value.partial
    assert partial.interrupted
    assert sum(len(played.games) for played in partial.matches) == 0
    assert running  # the program was running when the tournament was interrupted


@pytest.mark.parametrize("path", ["examples/protocol/random_bot.py", FAULTY])
def test_the_python_bots_need_only_the_standard_library(path: str | Path) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
        )
    }
    assert imported and imported <= set(sys.stdlib_module_names), imported


def test_forfeits_are_not_cheaper_than_playing_on() -> None:
    """A bot that forfeits in the middle of a partie is rubiconed: the opponent wins both
    totals and the bonus, even when the forfeiter was ahead; in a race, a double game."""

    class Quitting:
        def __init__(self, after: int) -> None:
            self.after, self.decisions = after, 0

        def choose(self, observation: pq.Observation) -> pq.Action:
            self.decisions += 1
            if self.decisions > self.after:
                raise Forfeit("error", "gave up")
            return pq.bots.make("greedy").choose(observation)

    register("quitting", lambda seed, **options: Quitting(10))
    try:
        results = [
            (pq.match("quitting", "random", games=4, seed=3, ruleset=ruleset), expected)
            for ruleset, expected in ((pq.RUBICON, None), (pq.AU_CENT, 2))
        ]
    finally:
        unregister("quitting")
    for result, expected in results:
        for game in result.games:
            assert game.forfeit is not None and game.forfeit[0] == "a" and game.winner == "b"
            scores = game.result.scores
            if expected is None:
                assert game.result.points == sum(scores) + 100 and game.rubiconed
            else:
                assert game.result.points == expected
            assert game.a_points == -game.result.points
        assert result.mean_points < 0
