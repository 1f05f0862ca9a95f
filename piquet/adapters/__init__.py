"""Piquet in reinforcement-learning frameworks (optional extras).

- :mod:`piquet.adapters.pettingzoo`: a two-agent AEC environment (``piquet[pettingzoo]``);
- :mod:`piquet.adapters.gymnasium`: a single-agent environment against a bot of
  :mod:`piquet.bots` (``piquet[gymnasium]``);
- :mod:`piquet.adapters.openspiel`: the game ``python_piquet`` for OpenSpiel
  (``piquet[openspiel]``).

Each module imports its framework when it is imported; this package imports none.
All three share the action ids and observation tensor of :mod:`piquet.encoding`.
"""

from ._episode import AdapterOptionError, ruleset_json, worst_reward

__all__ = ["AdapterOptionError", "ruleset_json", "worst_reward"]
