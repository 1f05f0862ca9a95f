"""The bot's side of the piquet protocol: any Python bot made a program.

:func:`serve` reads messages from ``stdin`` and answers on ``stdout`` until ``quit`` or
the end of its input: ``ready`` to ``hello``, an ``action`` to each ``decide``, ``pong``
to ``ping``. A line it cannot read is answered with an ``error`` message, never by
dying. ``python -m piquet serve --bot NAME`` runs it for a bot by name.

>>> import io
>>> from piquet.bots import make
>>> out = io.StringIO()
>>> lines = '{"type":"ping","id":1}\\nnonsense\\n{"type":"quit"}\\n'
>>> serve(make("greedy"), io.StringIO(lines), out)
0
>>> print(out.getvalue(), end="")
{"type":"pong","id":1}
{"type":"error","message":"ignored: not JSON: 'nonsense'"}
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

from ..bots import Bot, make
from ..rules import Ruleset
from .codec import (
    PROTOCOL,
    ProtocolError,
    decode_line,
    encode,
    observation_from_json,
    ruleset_from_json,
    short,
)

__all__ = ["serve"]

#: Makes the bot when ``hello`` comes: ``factory(options)``, the options of ``hello``.
BotFactory = Callable[[dict[str, Any]], Bot]


def named_bot(name: str, **defaults: Any) -> BotFactory:
    """A factory for :func:`serve`: the bot :func:`piquet.bots.make` knows as ``name``,
    made with the ``seed`` and options of ``hello`` over ``defaults``.

    >>> type(named_bot("random")({"seed": 3})).__name__
    'RandomBot'
    """

    def factory(options: dict[str, Any]) -> Bot:
        chosen = {**defaults, **options}
        seed = chosen.pop("seed", None)
        return make(name, seed=seed, **chosen)

    factory.__name__ = name
    return factory


class _Server:
    def __init__(self, bot: Bot | BotFactory, stdout: IO[str], name: str, author: str) -> None:
        self.source = bot
        self.bot: Bot | None = bot if hasattr(bot, "choose") else None
        self.out = stdout
        self.name = name
        self.author = author
        self.ruleset: Ruleset | None = None

    def say(self, message: dict[str, Any]) -> None:
        self.out.write(encode(message))
        self.out.flush()

    def error(self, text: str, request: Any = None) -> None:
        message: dict[str, Any] = {"type": "error", "message": text}
        if request is not None:
            message["id"] = request
        self.say(message)

    def handle(self, message: dict[str, Any]) -> bool:
        """Answer one message; False on ``quit``."""
        kind = message["type"]
        if kind == "quit":
            return False
        if kind == "hello":
            self.hello(message)
        elif kind == "ping":
            self.say({"type": "pong", "id": message.get("id")})
        elif kind == "decide":
            self.decide(message)
        elif kind == "error":
            pass  # the runner's complaint about one of our lines: nothing to answer
        elif kind not in ("new_game", "new_deal", "event", "game_over"):
            self.error(f"ignored: unknown message type {short(kind)}")
        return True

    def hello(self, message: dict[str, Any]) -> None:
        if message.get("protocol") != PROTOCOL:
            self.error(f"this bot speaks protocol {PROTOCOL}, not {short(message.get('protocol'))}")
        try:
            self.ruleset = ruleset_from_json(message.get("ruleset"))
        except ValueError as error:
            self.error(f"hello: {error}")
        options = message.get("options")
        if not isinstance(options, dict):
            options = {}
        if not hasattr(self.source, "choose"):
            self.bot = self.make(self.source, options)
        self.say({"type": "ready", "name": self.name, "author": self.author, "protocol": PROTOCOL})

    def make(self, factory: BotFactory, options: dict[str, Any]) -> Bot:
        """The bot, made with ``options``; without those it does not take, said in a log."""
        try:
            return factory(options)
        except (TypeError, ValueError) as error:
            self.say({"type": "log", "message": f"options ignored: {short(str(error))}"})
            return factory({"seed": options["seed"]} if "seed" in options else {})

    def decide(self, message: dict[str, Any]) -> None:
        request = message.get("id")
        if self.bot is None or self.ruleset is None:
            self.error("decide before a good hello", request)
            return
        try:
            legal = message.get("legal")
            if not isinstance(legal, list) or not legal:
                raise ProtocolError("decide: no legal actions")
            seen = observation_from_json(
                message.get("observation"), ruleset=self.ruleset, legal_actions=legal
            )
        except ValueError as error:
            self.error(f"decide: {error}", request)
            return
        try:
            action = self.bot.choose(seen)
        except Exception as error:  # the bot's failure, told to the runner
            self.error(f"the bot failed: {type(error).__name__}: {short(str(error))}", request)
            return
        self.say({"type": "action", "id": request, "action": str(action)})


def serve(
    bot: Bot | BotFactory,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    *,
    name: str | None = None,
    author: str = "piquet",
) -> int:
    """Play ``bot`` over the protocol until ``quit`` or the end of ``stdin``; returns 0.

    ``bot`` is a bot, or a factory called with ``hello``'s options (see
    :func:`named_bot`), so that the runner's ``seed`` seeds it.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    label = name or getattr(bot, "__name__", None) or type(bot).__name__
    server = _Server(bot, stdout, label, author)
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        try:
            message = decode_line(line)
        except ProtocolError as error:
            server.error(f"ignored: {error}")
            continue
        if not server.handle(message):
            return 0
