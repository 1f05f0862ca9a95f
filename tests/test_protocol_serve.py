"""The bot's side: ``serve`` answers every message (and malformed lines with an error,
not by dying); ``protocol-check`` passes the reference bots and the served ones and
fails broken programs; the reference bots in Python and Node.js play whole matches."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from pathlib import Path

import pytest

import piquet as pq
from piquet.bots import make
from piquet.cli import main
from piquet.protocol import observation_to_json, ruleset_to_json, serve
from piquet.protocol.checker import check, failed

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "protocol"
PYTHON_BOT = [sys.executable, str(EXAMPLES / "random_bot.py")]
# marked ``node``: deselected (and said so) without Node.js; ``nox -s node`` requires it
NODE_BOT = ["node", str(EXAMPLES / "random_bot.js")]


def talk(bot: object, *messages: object) -> list[dict[str, object]]:
    lines = "".join(m if isinstance(m, str) else json.dumps(m) + "\n" for m in messages)
    out = io.StringIO()
    assert serve(bot, io.StringIO(lines), out) == 0  # type: ignore[arg-type]
    return [json.loads(line) for line in out.getvalue().splitlines()]


def hello(**options: object) -> dict[str, object]:
    return {"type": "hello", "protocol": 1, "ruleset": ruleset_to_json(pq.RUBICON),
            "seat": "A", "options": options}  # fmt: skip


def decide(request: int) -> dict[str, object]:
    import random

    state = pq.new_game(pq.RUBICON)
    state = state.apply(state.sample_chance(random.Random(1)))
    seen = state.observation(state.to_move)  # type: ignore[arg-type]
    return {
        "type": "decide",
        "id": request,
        "observation": observation_to_json(seen, ruleset=False, legal_actions=False),
        "legal": [str(a) for a in seen.legal_actions],
        "time_limit_ms": 1000,
    }


def test_serve_answers_hello_ping_and_decide() -> None:
    replies = talk(make("greedy"), hello(), {"type": "ping", "id": "x"}, decide(5))
    assert replies[0] == {"type": "ready", "name": "GreedyBot", "author": "piquet", "protocol": 1}
    assert replies[1] == {"type": "pong", "id": "x"}
    assert replies[2]["type"] == "action" and replies[2]["id"] == 5
    assert replies[2]["action"] in decide(5)["legal"]  # type: ignore[operator]


def test_serve_answers_malformed_lines_with_errors_and_goes_on() -> None:
    replies = talk(
        make("greedy"), "{oops\n", '{"type": 1}\n', {"type": "dance"}, {"type": "ping", "id": 2}
    )
    assert [r["type"] for r in replies] == ["error", "error", "error", "pong"]
    assert "not JSON" in str(replies[0]["message"])
    assert "unknown message type 'dance'" in str(replies[2]["message"])


def test_serve_refuses_a_decide_before_hello_or_with_a_bad_observation() -> None:
    bad = decide(3)
    bad["observation"] = {"player": "Z"}
    replies = talk(make("greedy"), decide(1), hello(), bad)
    assert replies[0] == {"type": "error", "message": "decide before a good hello", "id": 1}
    assert replies[2]["id"] == 3 and "observation.player" in str(replies[2]["message"])


def test_served_bots_take_the_seed_of_hello() -> None:
    from piquet.protocol.server import named_bot

    first = talk(named_bot("random"), hello(seed=4), decide(1))
    again = talk(named_bot("random"), hello(seed=4), decide(1))
    assert first == again


def test_options_a_served_bot_does_not_take_are_ignored_with_a_log() -> None:
    from piquet.protocol.server import named_bot

    replies = talk(named_bot("greedy"), hello(depth=3))
    assert replies[0]["type"] == "log" and "options ignored" in str(replies[0]["message"])
    assert replies[1]["type"] == "ready"


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(PYTHON_BOT, id="random_bot.py"),
        pytest.param(NODE_BOT, id="random_bot.js", marks=pytest.mark.node),
        pytest.param([sys.executable, "-m", "piquet", "serve", "--bot", "heuristic"], id="serve"),
    ],
)
def test_the_conformance_check_passes_the_reference_bots(command: list[str]) -> None:
    findings = check(command)
    assert failed(findings) == [], findings
    assert len(findings) == 7


BROKEN = textwrap.dedent(
    """
    import json, sys
    for line in sys.stdin:
        message = json.loads(line)  # dies on a malformed line
        if message["type"] == "hello":
            print(json.dumps({"type": "ready", "name": "broken", "protocol": 1}), flush=True)
        elif message["type"] == "ping":
            print(json.dumps({"type": "pong", "id": 0}), flush=True)  # the wrong id
    """
)


def test_the_conformance_check_fails_a_broken_program(tmp_path: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    findings = check([sys.executable, str(script)], time_limit=2.0)
    assert findings[0].startswith("ok   ready")
    assert findings[1] == "FAIL ping: pong with the same id: pong with id 0, not 7"
    assert findings[2].startswith(
        "FAIL malformed lines: still answers ping after them: the program ended"
    )
    assert len(failed(findings)) == 2 == len(findings) - 1


def test_protocol_check_command_exit_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["protocol-check", *PYTHON_BOT]) == 0
    assert capsys.readouterr().out.endswith("conforms to piquet-protocol 1\n")
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    assert main(["protocol-check", "--time-limit", "2.0", sys.executable, str(script)]) == 1
    assert "FAIL ping" in capsys.readouterr().out
    assert main(["protocol-check"]) == 2


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(PYTHON_BOT, id="random_bot.py"),
        pytest.param(NODE_BOT, id="random_bot.js", marks=pytest.mark.node),
    ],
)
def test_a_reference_bot_plays_a_short_match(command: list[str]) -> None:
    spec = "exec:" + " ".join(command)
    result = pq.match(spec, "greedy", games=2, seed=5)
    assert len(result.games) == 2
    assert all(game.forfeit is None for game in result.games)
    assert all(pq.loads(game.record).is_over for game in result.games)


def test_the_match_command_takes_exec_bots(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "exec:" + " ".join(PYTHON_BOT)
    assert main(["match", "--a", spec, "--b", "greedy", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "random_bot.py" in out and "2 games" in out
