"""A conformance check of a program that claims to speak ``piquet-protocol 1``.

:func:`check` runs the program through ``hello``, ``ping``, malformed lines, the
decisions of a whole deal (declarations played) and of a game with automatic
declarations (with events, and a message with a field it does not know), then
``quit``; each finding is one plain line, ``ok ...`` or ``FAIL ...``.
``python -m piquet protocol-check PROGRAM`` prints them and exits 0 when none fails.

>>> import sys
>>> findings = check([sys.executable, "-m", "piquet", "serve", "--bot", "random"])
>>> all(line.startswith("ok") for line in findings), findings[0]
(True, "ok   ready: name 'random', protocol 1")
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Sequence
from typing import Any

from ..actions import parse_action
from ..engine import State, new_game
from ..observation import Observation
from ..rules import RUBICON
from ..words import CHANCE, Player
from .codec import (
    PROTOCOL,
    ProtocolError,
    decode_line,
    encode,
    observation_to_json,
    ruleset_to_json,
    short,
)
from .events import messages_between
from .process import TIMEOUT, Child

__all__ = ["check", "failed"]


class _Stop(Exception):
    """The program can be checked no further."""


def failed(findings: Sequence[str]) -> list[str]:
    """The findings that are failures."""
    return [line for line in findings if line.startswith("FAIL")]


class _Checker:
    def __init__(self, child: Child, time_limit: float, findings: list[str]) -> None:
        self.child = child
        self.time_limit = time_limit
        self.findings = findings
        self.request = 0
        self.last: Observation | None = None
        self.game = 0

    def ok(self, text: str) -> None:
        self.findings.append(f"ok   {text}")

    def fail(self, text: str) -> None:
        self.findings.append(f"FAIL {text}")

    def send(self, message: dict[str, Any] | str) -> None:
        line = message if isinstance(message, str) else encode(message)
        if not self.child.send(line):
            self.fail(f"the program stopped reading its input (status {self.child.returncode})")
            raise _Stop

    def expect(self, kind: str, request: Any, seconds: float, what: str) -> dict[str, Any]:
        """The next ``kind`` message (for ``request``); logs and errors pass."""
        child = self.child
        while True:
            line = child.receive(seconds)
            if line is TIMEOUT:
                self.fail(f"{what}: no {kind} within {seconds:g} s")
                raise _Stop
            if line is None:
                child.exited_within(1.0)
                tail = child.stderr_tail(3)
                self.fail(f"{what}: the program ended (status {child.returncode}) {tail[-120:]}")
                raise _Stop
            try:
                message = decode_line(line)
            except ProtocolError as error:
                self.fail(f"{what}: wrote a line that is not a message ({error})")
                continue
            if message["type"] in ("log", "error") and message.get("id") is None:
                continue
            if message["type"] == kind:
                if message.get("id") != request:
                    self.fail(f"{what}: {kind} with id {short(message.get('id'))}, not {request!r}")
                return message
            self.fail(f"{what}: expected {kind}, got {short(message)}")

    def hello(self, startup_time: float) -> None:
        ruleset = ruleset_to_json(RUBICON)
        self.send({"type": "hello", "protocol": PROTOCOL, "ruleset": ruleset, "seat": "A",
                   "options": {"seed": 1}})  # fmt: skip
        ready = self.expect("ready", None, startup_time, "hello")
        name, protocol = ready.get("name"), ready.get("protocol")
        if not isinstance(name, str) or protocol != PROTOCOL:
            self.fail(f"ready: needs a name and protocol {PROTOCOL}, got {short(ready)}")
        else:
            self.ok(f"ready: name {short(name)}, protocol {protocol}")

    def ping(self, number: int, what: str) -> None:
        self.send({"type": "ping", "id": number})
        if self.expect("pong", number, self.time_limit, what).get("id") == number:
            self.ok(what)

    def malformed(self) -> None:
        for line in (
            "this is not JSON\n",
            '{"no": "type"}\n',
            "[1, 2]\n",
            '{"type": "frobnicate"}\n',
        ):
            self.send(line)
        self.ping(8, "malformed lines: still answers ping after them")

    def decide(self, seen: Observation, extra: dict[str, Any] | None = None) -> str:
        for told in messages_between(self.last, seen, game=self.game):
            self.send(told)
        self.last = seen
        self.request += 1
        legal = [str(action) for action in seen.legal_actions]
        message: dict[str, Any] = {
            "type": "decide",
            "id": self.request,
            "observation": observation_to_json(seen, ruleset=False, legal_actions=False),
            "legal": legal,
            "time_limit_ms": round(self.time_limit * 1000),
            **(extra or {}),
        }
        self.send(message)
        what = f"decide {self.request} ({seen.phase.value})"
        reply = self.expect("action", self.request, self.time_limit, what)
        text = reply.get("action") if reply.get("id") == self.request else None
        try:
            if not isinstance(text, str) or str(parse_action(text)) not in legal:
                raise ValueError("not one of the legal actions")
        except ValueError as error:
            self.fail(f"{what}: action {short(text)}: {error}")
            return legal[0]
        return str(parse_action(text))

    def play(self, declarations: str, seed: int, limit: int, extra: bool = False) -> int:
        """A game from A's seat, to the end of its first deal or ``limit`` decisions."""
        rng = random.Random(seed)
        state: State = new_game(RUBICON, declarations=declarations)  # type: ignore[arg-type]
        self.game += 1
        self.last = None
        made = 0
        while not state.is_over and made < limit:
            mover = state.to_move
            if mover is CHANCE:
                if state.deal_number >= 1:
                    break
                state = state.apply(state.sample_chance(rng))
            elif mover is Player.A:
                odd = {"comment": "a field of a later version"} if extra else None
                state = state.apply(parse_action(self.decide(state.observation(Player.A), odd)))
                made += 1
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        return made

    def quit(self) -> None:
        self.send({"type": "quit"})
        if not self.child.exited_within(2.0):
            self.fail("quit: the program did not exit within 2 s")
        elif self.child.returncode != 0:
            self.fail(f"quit: the program exited with status {self.child.returncode}")
        else:
            self.ok("quit: exited with status 0")


def check(
    command: str | Sequence[str], *, time_limit: float = 2.0, startup_time: float = 10.0
) -> list[str]:
    """Run the program ``command`` through the protocol; the findings, one line each."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    findings: list[str] = []
    try:
        child = Child(argv)
    except (OSError, ValueError) as error:  # ValueError: a NUL in an argument
        return [f"FAIL start: cannot run {short(' '.join(argv))}: {error}"]
    checker = _Checker(child, time_limit, findings)
    try:
        checker.hello(startup_time)
        checker.ping(7, "ping: pong with the same id")
        checker.malformed()
        made = checker.play("played", seed=1, limit=60)
        checker.ok(f"a deal with declarations played: {made} decisions answered")
        made = checker.play("auto", seed=2, limit=5, extra=True)
        checker.ok(f"declarations auto, with a field it does not know: {made} decisions")
        checker.send({"type": "game_over", "game": checker.game,
                      "result": {"winner": "A", "scores": [120, 80], "points": 140},
                      "scores": [120, 80], "score_sheet": []})  # fmt: skip
        checker.ping(9, "game_over: still answers ping")
        checker.quit()
    except _Stop:
        pass
    finally:
        child.stop(grace=0.5)
    return findings
