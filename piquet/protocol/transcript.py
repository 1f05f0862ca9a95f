"""A whole deal as the protocol carries it: every line between a runner and a program.

The documentation's transcript (:doc:`/protocol`) is made here, and a test checks that
it is still what the code says: run ``python -m piquet.protocol.transcript`` to write it
anew after a change to the protocol.

>>> lines = deal_transcript()
>>> lines[0][:40]
'> {"type":"hello","protocol":1,"ruleset"'
>>> lines[1]
'< {"type":"ready","name":"greedy","author":"piquet","protocol":1}'
>>> lines[-1]
'> {"type":"quit"}'
"""

from __future__ import annotations

import random
import sys

from ..bots import make
from ..cards import pack
from ..engine import new_deal
from ..rules import RUBICON
from ..words import Player
from .runner import ExternalBot

__all__ = ["deal_transcript"]


def deal_transcript(seed: int = 3) -> list[str]:
    """The lines of one deal of Rubicon piquet, ``>`` for those the runner sends and
    ``<`` for those the program writes: the program is ``python -m piquet serve --bot
    greedy``, seated younger hand (B), against the greedy bot in process."""
    cards = list(pack())
    random.Random(seed).shuffle(cards)
    state = new_deal(RUBICON, elder=cards[:12], younger=cards[12:24], stock=cards[24:])
    lines: list[str] = []
    program = [sys.executable, "-m", "piquet", "serve", "--bot", "greedy"]
    bot = ExternalBot(
        program, seed=1, time_limit=1.0, startup_time=30.0,
        transcript=lambda side, line: lines.append(f"{side} {line}"),
    )  # fmt: skip
    elder = make("greedy")
    try:
        while not state.is_over:
            mover = state.to_move
            seen = state.observation(mover)  # type: ignore[arg-type]
            state = state.apply((bot if mover is Player.B else elder).choose(seen))
        bot.game_over(state.observation(Player.B))
    finally:
        bot.close()
    return lines


if __name__ == "__main__":
    for line in deal_transcript():
        print(line)
