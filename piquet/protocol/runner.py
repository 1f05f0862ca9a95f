"""The runner's side of the piquet protocol: a program made a :class:`~piquet.bots.Bot`.

:class:`ExternalBot` starts the program at its first decision, says ``hello`` and waits
for ``ready``; for each decision it tells the program what happened since its last one
(``new_game``, ``new_deal``, ``event``), sends ``decide`` and waits for the ``action``,
allowing ``time_limit`` seconds. Anything else ends the game for the bot: ``choose``
raises :class:`~piquet.bots.Forfeit`, the program is ended, and the next decision starts
it afresh. A malformed line is answered with an ``error`` message and otherwise ignored.

>>> import random, sys
>>> import piquet as pq
>>> from piquet.bots import make, play_game
>>> bot = ExternalBot([sys.executable, "-m", "piquet", "serve", "--bot", "greedy"])
>>> final = play_game(pq.RUBICON, [bot, make("random", seed=1)], random.Random(2))
>>> bot.game_over(final.observation(pq.Player.A)); bot.close()
>>> final.result.winner, bot.returncode
(<Player.A: 0>, 0)
"""

from __future__ import annotations

import math
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..actions import Action, parse_action
from ..bots.external import Forfeit
from ..observation import Observation
from .codec import (
    PROTOCOL,
    ProtocolError,
    decode_line,
    encode,
    observation_to_json,
    result_to_json,
    ruleset_to_json,
    short,
)
from .events import is_new_game, messages_between
from .process import TIMEOUT, Child

__all__ = ["ExternalBot"]

#: ``transcript(direction, line)``: ``">"`` for a line sent to the program, ``"<"`` for
#: one received.
Transcript = Callable[[str, str], None]


class ExternalBot:
    """A bot that is a program speaking ``piquet-protocol 1`` (see the module).

    ``command``: the program and its arguments (a string is split as a shell would).
    ``time_limit``: seconds a decision, told to the program; ``margin`` more are
    allowed for the pipes. ``startup_time``: seconds from the start to ``ready``.
    ``seed`` and ``options`` go to the program in ``hello`` (``options["seed"]``).
    ``stderr``: a file that the program's standard error is appended to (its last lines
    are kept in any case: :attr:`stderr`). ``transcript``: called with every line.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        time_limit: float = 1.0,
        startup_time: float = 10.0,
        margin: float = 0.05,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        stderr: str | Path | None = None,
        cwd: str | Path | None = None,
        env: dict[str, str] | None = None,
        transcript: Transcript | None = None,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv or not all(isinstance(arg, str) and arg for arg in argv):
            raise ValueError(f"command: expected a program and its arguments, got {short(command)}")
        for label, value in (("time_limit", time_limit), ("startup_time", startup_time)):
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not (math.isfinite(value) and value > 0)
            ):
                raise ValueError(f"{label}: expected seconds above 0, got {short(value)}")
        self.argv = argv
        self.name = name or " ".join([Path(argv[0]).name, *argv[1:]])
        self.time_limit = float(time_limit)
        self.startup_time = float(startup_time)
        self.margin = margin
        self.options = {**(options or {}), **({} if seed is None else {"seed": seed})}
        self._paths = (stderr, cwd, env)
        self._transcript = transcript
        self._child: Child | None = None
        self._ruleset: object = None
        self._last: Observation | None = None
        self._games = 0
        self._requests = 0
        self.program: dict[str, Any] = {}
        """The program's ``ready`` message: its ``name``, ``author``..."""
        self.messages: list[dict[str, Any]] = []
        """The ``log`` and ``error`` messages the program sent in the current game."""

    # ----------------------------------------------------------------- the Bot

    def choose(self, observation: Observation) -> Action:
        """The program's action; :class:`~piquet.bots.Forfeit` when it fails to give a
        legal one in time."""
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"{self.name}: choose() needs an observation with legal actions")
        try:
            self._tell(observation)
            self._requests += 1
            request = self._requests
            self._send(
                {
                    "type": "decide",
                    "id": request,
                    "observation": observation_to_json(
                        observation, ruleset=False, legal_actions=False
                    ),
                    "legal": [str(action) for action in legal],
                    "time_limit_ms": round(self.time_limit * 1000),
                }
            )
            reply = self._await("action", request, self.time_limit + self.margin)
            return self._action(reply, legal)
        except BaseException:  # a forfeit, or the run stopped (Ctrl-C): end the program
            self._end(kill=True)
            raise

    def new_game(self) -> None:
        """Start a new game at the next decision (found by itself otherwise)."""
        self._last = None

    def game_over(self, observation: Observation) -> None:
        """Tell the program how the game ended (``observation`` is its player's final
        one); a program that has gone is not told."""
        if self._child is None or observation.result is None:
            return
        for message in messages_between(self._last, observation, game=self._games):
            if message["type"] != "new_game":
                self._send(message)
        self._send(
            {
                "type": "game_over",
                "game": self._games,
                "result": result_to_json(observation.result),
                "scores": list(observation.scores),
                "score_sheet": [list(pair) for pair in observation.score_sheet],
            }
        )
        self._last = None

    def close(self) -> None:
        """Say ``quit`` and end the program (killed if it lingers); waits for it."""
        if self._child is not None:
            self._send({"type": "quit"})
        self._end(kill=False)

    @property
    def returncode(self) -> int | None:
        """The exit status of the last program run, once ended; None while it runs."""
        return None if self._exited is None else self._exited

    @property
    def stderr(self) -> str:
        """The last lines of the program's standard error in the current game (or the
        last one, once the program has ended); a program's first game includes what it
        wrote on starting."""
        child = self._child or self._previous
        return "" if child is None else "".join(child.stderr)

    _exited: int | None = None
    _previous: Child | None = None
    _fresh = True  # the program has not yet been told of a game

    # ----------------------------------------------------------------- the talk

    def _tell(self, observation: Observation) -> None:
        """Start the program if need be, then send what happened since the last decision."""
        if self._child is not None and self._ruleset != observation.ruleset:
            self._end(kill=False)
        if self._child is None:
            self._start(observation)
        if is_new_game(self._last, observation):
            self._last = None
            self._games += 1
            self.messages = []
            assert self._child is not None
            if not self._fresh:  # a program's first game keeps what it said on starting
                self._child.stderr.clear()
            self._fresh = False
        for message in messages_between(self._last, observation, game=self._games):
            self._send(message)
        self._last = observation

    def _start(self, observation: Observation) -> None:
        stderr, cwd, env = self._paths
        try:
            self._child = Child(self.argv, cwd=cwd, env=env, stderr_path=stderr)
        except (OSError, ValueError) as error:  # ValueError: a NUL in an argument
            raise Forfeit("crash", f"cannot start {short(self.name)}: {error}") from None
        self._exited = None
        self._fresh = True
        self._last = None
        self._ruleset = observation.ruleset
        self._send(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "ruleset": ruleset_to_json(observation.ruleset),
                "seat": observation.player.name,
                "options": self.options,
            }
        )
        ready = self._await("ready", None, self.startup_time)
        if ready.get("protocol") != PROTOCOL:
            raise Forfeit(
                "malformed", f"ready: protocol {short(ready.get('protocol'))}, expected {PROTOCOL}"
            )
        self.program = ready

    def _send(self, message: dict[str, Any]) -> None:
        line = encode(message)
        if self._transcript is not None:
            self._transcript(">", line.rstrip("\n"))
        if self._child is not None:
            self._child.send(line)  # a program gone is found when its answer is awaited

    def _await(self, kind: str, request: int | None, seconds: float) -> dict[str, Any]:
        """The next message of ``kind`` (for ``request``) within ``seconds``."""
        child = self._child
        assert child is not None
        deadline = time.monotonic() + seconds
        malformed: list[str] = []
        while True:
            line = child.receive(deadline - time.monotonic())
            if line is TIMEOUT:
                raise self._late(kind, seconds, malformed)
            if line is None:
                raise self._crashed(kind)
            if self._transcript is not None:
                self._transcript("<", line)
            try:
                message = decode_line(line)
            except ProtocolError as error:
                malformed.append(str(error))
                self._send({"type": "error", "message": f"ignored: {error}"})
                continue
            kind_of = message["type"]
            if kind_of in ("log", "error"):
                self.messages.append(message)
                if kind_of == "error" and request is not None and message.get("id") == request:
                    raise Forfeit("error", f"the bot gave up: {short(message.get('message'))}")
            elif kind_of == kind and message.get("id") == request:
                return message
            else:
                malformed.append(f"unexpected {short(kind_of)} message")
                self._send(
                    {"type": "error", "message": f"ignored: unexpected {short(kind_of)} message"}
                )

    def _late(self, kind: str, seconds: float, malformed: list[str]) -> Forfeit:
        if malformed:
            return Forfeit(
                "malformed",
                f"no {kind} within {seconds:g} s; {len(malformed)} bad lines, the first: "
                f"{malformed[0]}",
            )
        return Forfeit("timeout", f"no {kind} within {seconds:g} s")

    def _crashed(self, kind: str) -> Forfeit:
        child = self._child
        assert child is not None
        child.exited_within(1.0)
        status = child.returncode
        tail = child.stderr_tail()
        said = f"; its last words: {tail[-200:]}" if tail else ""
        return Forfeit("crash", f"the program ended (status {status}) awaiting {kind}{said}")

    def _action(self, reply: dict[str, Any], legal: Sequence[Action]) -> Action:
        text = reply.get("action")
        if not isinstance(text, str):
            raise Forfeit("illegal", f"an action message without action text: {short(reply)}")
        try:
            action = parse_action(text)
        except ValueError as error:
            raise Forfeit("illegal", f"unreadable action {short(text)}: {error}") from None
        if action not in legal:
            raise Forfeit("illegal", f"{short(text)} is not legal here")
        return action

    def _end(self, *, kill: bool) -> None:
        child, self._child = self._child, None
        self._last = None
        if child is not None:
            child.stop(grace=0.0 if kill else 1.0)
            self._exited = child.returncode
            self._previous = child

    def __repr__(self) -> str:
        return f"ExternalBot({self.name!r}, time_limit={self.time_limit:g})"
