"""Bots: players that choose an action from an observation, found by name.

Every bot has one method, ``choose(observation) -> action``; :func:`make` builds one by
name with a seed and options, and :func:`play_game` runs two of them through a game.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import make, names, play_game
>>> names()[:3], 'strong' in names(), 'level5' in names()
(('greedy', 'heuristic', 'ismcts'), True, True)
>>> final = play_game(pq.RUBICON, [make("heuristic"), make("random", seed=1)], random.Random(2))
>>> final.result.winner
<Player.A: 0>
"""

from __future__ import annotations

from .base import (
    Bot,
    BotFactory,
    Preset,
    bot_options,
    make,
    names,
    play_game,
    register,
    unregister,
)
from .external import Forfeit, external
from .helpers import best_call, call_score, calls_in, compare_calls, describe, unseen_cards
from .heuristic import HeuristicBot, Plan, make_heuristic, plan_for
from .inference import OpponentModel
from .ismcts import ISMCTSBot, make_ismcts
from .levels import LEVELS, BeginnerBot
from .pimc import PIMCBot, make_pimc
from .policy import PolicyBot, PolicyError, from_policy
from .reference_pimc import REFERENCE_NAME, ReferencePIMCBot, make_reference_pimc
from .simple import GreedyBot, RandomBot, make_greedy, make_random
from .strong import StrongBot, make_strong

__all__ = [
    "BeginnerBot",
    "Bot",
    "BotFactory",
    "Forfeit",
    "GreedyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "OpponentModel",
    "PIMCBot",
    "Plan",
    "PolicyBot",
    "PolicyError",
    "Preset",
    "RandomBot",
    "ReferencePIMCBot",
    "StrongBot",
    "best_call",
    "bot_options",
    "call_score",
    "calls_in",
    "compare_calls",
    "describe",
    "external",
    "from_policy",
    "make",
    "names",
    "plan_for",
    "play_game",
    "register",
    "unregister",
    "unseen_cards",
]

register("random", make_random)
register("greedy", make_greedy)
register("heuristic", make_heuristic)
register("pimc", make_pimc)
register("ismcts", make_ismcts)
register("strong", make_strong)
register(REFERENCE_NAME, make_reference_pimc)
for _name, _factory in LEVELS.items():
    register(_name, _factory)
