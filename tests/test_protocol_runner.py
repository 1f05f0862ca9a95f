"""The runner: external programs play matches exactly as the same bots in process; a
program that breaks the protocol forfeits its game, the match goes on with every game
counted, and no program is left running or unwaited (no zombies)."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from processes import children, needs_proc

import piquet as pq
from piquet.bots import Forfeit, external, make, play_game, register, unregister
from piquet.matches.match import MatchInterrupted
from piquet.protocol import ExternalBot

SERVE = [sys.executable, "-m", "piquet", "serve"]

#: A fake bot: ``fake.py MODE`` answers hello, then misbehaves at its first decision.
FAKE = textwrap.dedent(
    """
    import json, sys, time
    mode = sys.argv[1]
    def say(message):
        sys.stdout.write(json.dumps(message) + "\\n"); sys.stdout.flush()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello" and mode != "silent":
            say({"type": "ready", "name": "fake " + mode, "author": "tests", "protocol": 1})
        elif kind == "decide":
            legal, request = message["legal"], message["id"]
            if mode == "slow":
                time.sleep(5)
            elif mode == "crashing":
                sys.stderr.write("boom: out of ideas\\n"); sys.stderr.flush(); sys.exit(3)
            elif mode == "lying":
                say({"type": "action", "id": request, "action": "count 3"})
            elif mode == "garbage":
                sys.stdout.write("I think I will play the ace\\n"); sys.stdout.flush()
            elif mode == "unreadable":
                say({"type": "action", "id": request, "action": "play the ace"})
            elif mode == "giving-up":
                say({"type": "error", "id": request, "message": "no idea"})
            else:
                say({"type": "log", "message": "thinking"})
                say({"type": "action", "id": request, "action": legal[0]})
        elif kind == "quit":
            break
    """
)

FAULTS = {
    "slow": "timeout",
    "silent": "timeout",
    "crashing": "crash",
    "lying": "illegal",
    "unreadable": "illegal",
    "garbage": "malformed",
    "giving-up": "error",
}


def limit(mode: str) -> float:
    """The time limit a fake bot is given: short for the one that is slow on purpose, and
    ample for the others, which answer at once, so that a loaded machine (two test
    workers on two cores) cannot turn their fault into a timeout."""
    return 0.2 if mode == "slow" else 2.0


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bots") / "fake.py"
    path.write_text(FAKE)
    return path


@pytest.fixture
def served() -> Iterator[None]:
    """``served-greedy`` and ``served-random``: in-process names for programs serving
    those bots, each made afresh for a game with the match's seed."""
    for name in ("greedy", "random"):
        register(
            f"served-{name}",
            lambda seed, name=name, **options: external(
                [*SERVE, "--bot", name], seed=seed, time_limit=10.0
            ),
        )
    yield
    unregister("served-greedy")
    unregister("served-random")


def outcome(result: pq.MatchResult) -> list[tuple[object, ...]]:
    return [(g.number, g.result, g.deals, g.decisions, g.record, g.forfeit) for g in result.games]


def test_a_match_of_external_programs_gives_the_result_of_the_bots_in_process(
    served: None,
) -> None:
    inside = pq.match("greedy", "random", games=2, seed=11)
    outside = pq.match("served-greedy", "served-random", games=2, seed=11)
    assert outcome(outside) == outcome(inside)
    assert all(game.forfeit is None for game in outside.games)


def test_exec_specs_run_programs_in_a_match() -> None:
    command = f"exec:{sys.executable} -m piquet serve --bot random"
    result = pq.match(command, "greedy", games=2, seed=2)
    assert len(result.games) == 2 and all(g.forfeit is None for g in result.games)
    assert outcome(result) == outcome(pq.match("random", "greedy", games=2, seed=2))


@needs_proc
@pytest.mark.parametrize("mode", sorted(FAULTS))
def test_a_faulty_program_forfeits_its_games_and_the_match_counts_them_all(
    fake: Path, mode: str
) -> None:
    bot = ExternalBot([sys.executable, str(fake), mode], time_limit=limit(mode), startup_time=1.0)
    result = pq.match(bot, "greedy", games=2, seed=1)
    assert len(result.games) == 2
    for game in result.games:
        assert game.forfeit is not None
        by, kind, reason = game.forfeit
        assert (by, kind) == ("a", FAULTS[mode]), reason
        # nothing scored at the first decision: the opponent wins the game's bonus, and
        # the forfeiter counts as rubiconed
        assert game.winner == "b" and game.result.points == 100 and game.rubiconed
        assert pq.loads(game.record).deal_number >= 1  # the game so far
    assert result.score == (0, 2, 0)
    assert "  forfeits       2 - 0" in result.summary().splitlines()
    bot.close()
    assert bot.returncode is not None
    assert children(str(fake)) == []


def test_forfeit_reasons_say_what_went_wrong(fake: Path) -> None:
    reasons = {}
    for mode in ("slow", "crashing", "lying", "garbage"):
        bot = ExternalBot([sys.executable, str(fake), mode], time_limit=limit(mode))
        with pytest.raises(Forfeit) as caught:
            play_game(pq.RUBICON, [bot, make("greedy")], __import__("random").Random(1))
        reasons[mode] = caught.value.reason
        bot.close()
    assert "no action within 0.25 s" in reasons["slow"]
    assert "status 3" in reasons["crashing"] and "boom: out of ideas" in reasons["crashing"]
    assert "'count 3' is not legal here" in reasons["lying"]
    assert "not JSON: 'I think I will play the ace'" in reasons["garbage"]


def test_a_program_is_restarted_for_the_next_game_after_a_forfeit(fake: Path) -> None:
    bot = ExternalBot([sys.executable, str(fake), "lying"], time_limit=0.5)
    starts = []
    for _ in range(2):
        with pytest.raises(Forfeit):
            bot.choose(_first_decision())
        assert bot.returncode is not None  # ended at the forfeit
        starts.append(bot.program.get("name"))
    assert starts == ["fake lying", "fake lying"]
    bot.close()


def test_logs_and_errors_of_the_program_are_kept_not_fatal(fake: Path) -> None:
    bot = ExternalBot([sys.executable, str(fake), "good"], time_limit=2.0)
    seen = _first_decision()
    assert bot.choose(seen) == seen.legal_actions[0]
    assert bot.messages == [{"type": "log", "message": "thinking"}]
    bot.close()
    assert bot.returncode == 0


@needs_proc
def test_an_interrupted_match_leaves_no_program_running(fake: Path) -> None:
    def stop(done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    command = f"exec:{sys.executable} {fake} good"
    with pytest.raises(MatchInterrupted) as caught:
        pq.match(command, command, games=4, seed=1, progress=stop)
    assert len(caught.value.partial.games) == 1
    assert children(str(fake)) == []


@needs_proc
def test_a_bot_dropped_without_close_is_ended_and_waited_for(fake: Path) -> None:
    import gc

    bot = ExternalBot([sys.executable, str(fake), "good"], time_limit=2.0)
    bot.choose(_first_decision())
    assert children(str(fake))
    del bot
    gc.collect()
    assert children(str(fake)) == []


def test_bad_runner_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="command: expected a program"):
        ExternalBot([])
    with pytest.raises(ValueError, match="time_limit: expected seconds above 0"):
        ExternalBot(["x"], time_limit=0)
    with pytest.raises(TypeError, match="needs a command"):
        make("exec")


def test_a_program_that_cannot_start_forfeits() -> None:
    bot = ExternalBot(["/no/such/program"])
    with pytest.raises(Forfeit, match="crash: cannot start"):
        bot.choose(_first_decision())


def _first_decision() -> pq.Observation:
    import random

    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(1)))
    return state.observation(state.to_move)  # type: ignore[arg-type]


def test_forfeits_are_saved_and_loaded_with_the_match(fake: Path, tmp_path: Path) -> None:
    bot = ExternalBot([sys.executable, str(fake), "lying"], time_limit=0.5)
    result = pq.match(bot, "greedy", games=2, seed=1)
    bot.close()
    path = tmp_path / "games.jsonl"
    result.save(path)
    loaded = pq.MatchResult.load(path)
    assert [g.forfeit for g in loaded.games] == [g.forfeit for g in result.games]
    assert json.loads(path.read_text().splitlines()[0])["forfeit"]["kind"] == "illegal"


def test_an_exec_spec_without_a_command_is_a_match_error() -> None:
    from piquet.matches.match import MatchError, check_bot

    with pytest.raises(MatchError, match="needs a command"):
        check_bot("exec:", "--a")
    check_bot("exec:./mybot --level 3", "--a")  # checked without being started
