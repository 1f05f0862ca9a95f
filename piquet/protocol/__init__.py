"""The piquet protocol: bots in any language, spoken to in JSON lines (see :doc:`/protocol`).

``piquet-protocol 1`` is to piquet what UCI is to chess: a runner starts the bot's
program and talks to it over its standard input and output, one JSON object a line.

- :mod:`~piquet.protocol.codec`: the JSON of observations and messages;
- :mod:`~piquet.protocol.events`: what a player is told between his decisions;
- :mod:`~piquet.protocol.runner`: :class:`ExternalBot`, a program made a bot
  (also ``pq.bots.external``);
- :mod:`~piquet.protocol.server`: :func:`serve`, a Python bot made a program;
- :mod:`~piquet.protocol.checker`: :func:`check`, a conformance check of a program.

>>> from piquet.protocol import PROTOCOL, PROTOCOL_NAME
>>> PROTOCOL, PROTOCOL_NAME
(1, 'piquet-protocol 1')
"""

from __future__ import annotations

from .codec import (
    PROTOCOL,
    PROTOCOL_NAME,
    ProtocolError,
    decode_line,
    encode,
    observation_from_json,
    observation_to_json,
    result_from_json,
    result_to_json,
    ruleset_from_json,
    ruleset_to_json,
)
from .events import messages_between
from .runner import ExternalBot
from .server import named_bot, serve

__all__ = [
    "PROTOCOL",
    "PROTOCOL_NAME",
    "ExternalBot",
    "ProtocolError",
    "decode_line",
    "encode",
    "messages_between",
    "named_bot",
    "observation_from_json",
    "observation_to_json",
    "result_from_json",
    "result_to_json",
    "ruleset_from_json",
    "ruleset_to_json",
    "serve",
]
