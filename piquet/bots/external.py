"""Bots that are programs: any language, spoken to in the piquet protocol.

:func:`external` starts a program that speaks ``piquet-protocol 1`` (JSON lines over
its standard input and output, see :doc:`/protocol`) and makes it a
:class:`~piquet.bots.Bot`. When the program breaks the rules of the protocol - too slow,
silent, crashed, an illegal or unreadable action - ``choose`` raises :class:`Forfeit`,
and a match records the game as lost by forfeit.

The runner itself lives in :mod:`piquet.protocol.runner`, imported only when an
external bot is made.

>>> import sys
>>> bot = external([sys.executable, "-m", "piquet", "serve", "--bot", "greedy"], name="greedy")
>>> bot
ExternalBot('greedy', time_limit=1)
>>> bot.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..protocol.runner import ExternalBot

__all__ = ["Forfeit", "external", "make_external"]


class Forfeit(RuntimeError):
    """A bot gave up its game by breaking the rules of play or of the protocol.

    ``kind`` says how, one of ``"timeout"`` (no answer within the time limit),
    ``"crash"`` (the program ended or could not start), ``"illegal"`` (an action not
    legal, or not an action), ``"malformed"`` (lines that are not protocol messages, and
    no answer) and ``"error"`` (the bot reported that it cannot choose); ``reason``
    says the rest, in words.

    >>> str(Forfeit("timeout", "no action within 0.2 s"))
    'timeout: no action within 0.2 s'
    """

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason


def external(
    command: str | Sequence[str],
    *,
    name: str | None = None,
    time_limit: float = 1.0,
    **options: Any,
) -> ExternalBot:
    """A bot that runs ``command`` (a list of arguments, or one string split as a shell
    would) and asks it for each action, allowing ``time_limit`` seconds a decision.

    The other keywords are those of :class:`piquet.protocol.runner.ExternalBot`
    (``seed``, ``options`` sent to the program in ``hello``, ``startup_time``,
    ``stderr``...). The program starts at the bot's first decision and is restarted
    after a forfeit; :meth:`~piquet.protocol.runner.ExternalBot.close` ends it (as does
    the end of the interpreter).
    """
    from ..protocol.runner import ExternalBot

    return ExternalBot(command, name=name, time_limit=time_limit, **options)


def make_external(
    seed: int | None = None, *, command: str | Sequence[str] = "", **options: Any
) -> ExternalBot:
    """The factory behind ``exec:COMMAND`` bot specs: ``make("exec", command=...)``."""
    if not command:
        raise TypeError("bot 'exec' needs a command (exec:PROGRAM ARGUMENTS...)")
    return external(command, seed=seed, **options)
