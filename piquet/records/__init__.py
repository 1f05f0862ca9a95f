"""Records: a state as JSON, and the game record, a readable replayable text.

Both store the ruleset, how the game started and every action; reading one replays
every action through the rules, so a record can never yield a state that breaks them.

>>> import random
>>> import piquet as pq
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(5)))
>>> pq.State.from_json(state.to_json()) == state
True
>>> pq.loads(pq.dumps(state)) == state
True

=======================  =================================================================
module                   what it owns
=======================  =================================================================
:mod:`._errors`          :class:`RecordError`; JSON read with bounds
:mod:`._rulesets`        a ruleset as plain data; the strategies a record may store
:mod:`._replay`          how a game started (both formats' header); its actions replayed
:mod:`._state_json`      a state as JSON (:meth:`piquet.State.to_json`, ``from_json``)
:mod:`._game_record`     the game record (:func:`dumps`, :func:`loads`, comments)
=======================  =================================================================
"""

from __future__ import annotations

from ._errors import MAX_DEPTH as MAX_DEPTH
from ._errors import MAX_DIGITS as MAX_DIGITS
from ._errors import RecordError
from ._errors import read_json as read_json
from ._game_record import dumps, loads, read_comments
from ._replay import replay, start_of
from ._rulesets import register_strategy, ruleset_from_dict, ruleset_to_dict
from ._state_json import FORMAT as FORMAT
from ._state_json import VERSION as VERSION
from ._state_json import state_from_json as state_from_json
from ._state_json import state_to_json as state_to_json

__all__ = [
    "RecordError",
    "dumps",
    "loads",
    "read_comments",
    "register_strategy",
    "replay",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "start_of",
]
