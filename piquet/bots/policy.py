"""Bots from trained policies: a function of the observation tensor and the action mask.

A *policy* here is any callable ``policy(tensor, mask)``, the form a trained network
takes (needs numpy, the ``rl`` extra):

- ``tensor``: the player's observation, a float32 numpy array of shape ``(490,)``,
  :func:`piquet.encoding.observation_tensor` of the bot's observation;
- ``mask``: a bool numpy array of shape ``(4180,)``, :func:`piquet.encoding.legal_mask`
  of the observation, True for the ids of the legal actions (at least one is True);

and it returns either

- an **action id**: an int (a numpy integer, or a 0-d integer array, will do) that
  ``mask`` holds True; or
- a **vector of scores**, one per id: a float or int array of shape ``(4180,)``. The
  entries of the illegal ids are ignored, whatever they are (so ``-inf``, NaN or
  garbage there does no harm). By default the bot plays the legal id with the highest
  score (the first on a tie), which is right for logits and probabilities alike; with
  ``sample="logits"`` it draws from the softmax of the legal logits, with
  ``sample="probabilities"`` in proportion to the legal entries (non-negative, not all
  zero; they need not sum to 1).

:func:`from_policy` wraps the callable into a :class:`~piquet.bots.Bot`, which
:func:`piquet.match` and :func:`~piquet.bots.play_game` take like any other. A policy
that returns something else, an illegal id, or scores that choose nothing (NaN, or no
finite legal logit) raises :class:`PolicyError`, a ValueError that names the bot, the
id and the action it stands for.

>>> import numpy as np
>>> import piquet as pq
>>> from piquet.bots import from_policy, play_game
>>> def lowest_legal_id(tensor, mask):
...     return int(np.flatnonzero(mask)[0])
>>> bot = from_policy(lowest_legal_id, name="lowest")
>>> bot
PolicyBot('lowest', sample=None)
>>> import random
>>> final = play_game(pq.RUBICON, [bot, pq.bots.make("random", seed=1)], random.Random(2))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..actions import Action
from ..cards import excerpt
from ..observation import Observation

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Policy", "PolicyBot", "PolicyError", "from_policy"]

#: ``policy(tensor, mask)``: an action id, or a score per id (see the module's text).
Policy = Callable[[Any, Any], Any]

_SAMPLING = (None, "logits", "probabilities")


class PolicyError(ValueError):
    """A policy returned something a bot cannot play; the message says what and why."""


@attrs.define(repr=False)
class PolicyBot:
    """A bot that asks ``policy(tensor, mask)`` for its action (see :func:`from_policy`).

    ``rng`` draws the action when ``sample`` is set; a bot made with a seed plays the
    same way every time.
    """

    policy: Policy
    name: str = "policy"
    sample: Literal["logits", "probabilities"] | None = None
    rng: random.Random = attrs.field(factory=random.Random)

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r}, sample={self.sample!r})"

    def choose(self, observation: Observation) -> Action:
        """The action the policy picks among ``observation.legal_actions``."""
        from .. import encoding

        if not isinstance(observation, Observation):
            raise TypeError(f"{self.name}: expected an Observation, got {excerpt(observation)}")
        mask = encoding.legal_mask(observation)
        if not mask.any():
            raise PolicyError(
                f"{self.name}: {observation.player} is not to move; nothing to choose"
            )
        tensor = encoding.observation_tensor(observation)
        # the policy gets its own copy of the mask: what it does to it changes nothing here
        action_id = self._pick(self.policy(tensor, mask.copy()), mask)
        return encoding.decode(observation, action_id)

    def _pick(self, out: Any, mask: npt.NDArray[np.bool_]) -> int:
        """The legal id that the policy's answer ``out`` chooses."""
        import numpy as np

        from .. import encoding

        scores = out if isinstance(out, np.ndarray) else None
        if scores is None and isinstance(out, (int, np.integer)) and not isinstance(out, bool):
            scores = np.asarray(out)
        if scores is None or scores.dtype.kind not in "iuf":
            raise PolicyError(
                f"{self.name}: the policy returned {excerpt(out)}; expected an action id "
                f"(an int) or a numpy array of {encoding.NUM_ACTIONS} scores"
            )
        if scores.ndim == 0 and scores.dtype.kind in "iu":
            action_id = int(scores)
            if not (0 <= action_id < encoding.NUM_ACTIONS and mask[action_id]):
                what = encoding.describe(action_id) if 0 <= action_id < len(mask) else "no id"
                raise PolicyError(
                    f"{self.name}: the policy chose id {action_id} ({what}), not legal here"
                )
            return action_id
        if scores.shape != (encoding.NUM_ACTIONS,):
            raise PolicyError(
                f"{self.name}: the policy returned an array of shape {scores.shape}; expected "
                f"an action id or {encoding.NUM_ACTIONS} scores, shape ({encoding.NUM_ACTIONS},)"
            )
        ids = np.flatnonzero(mask)
        legal = scores[ids].astype(np.float64)
        if np.isnan(legal).any():
            raise PolicyError(f"{self.name}: the policy's scores of legal ids hold NaN")
        if self.sample is None:
            return int(ids[int(np.argmax(legal))])
        weights = self._weights(legal)
        cumulative = np.cumsum(weights)
        drawn = self.rng.random() * cumulative[-1]
        index = min(int(np.searchsorted(cumulative, drawn, side="right")), len(ids) - 1)
        return int(ids[index])

    def _weights(self, legal: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The legal ids' weights for a draw: softmax of logits, or the probabilities."""
        import numpy as np

        if self.sample == "logits":
            top = legal.max()
            if not np.isfinite(top):
                raise PolicyError(f"{self.name}: no legal id has a finite logit (max {top})")
            weights: npt.NDArray[np.float64] = np.exp(legal - top)
            return weights
        if (legal < 0).any() or not np.isfinite(legal).all() or legal.sum() <= 0:
            raise PolicyError(
                f"{self.name}: probabilities of legal ids must be finite, non-negative and "
                f"not all zero (got min {legal.min()}, sum {legal.sum()})"
            )
        return legal


def from_policy(
    policy: Policy,
    *,
    name: str = "policy",
    sample: Literal["logits", "probabilities"] | None = None,
    seed: int | None = None,
) -> PolicyBot:
    """A :class:`~piquet.bots.Bot` that plays what ``policy(tensor, mask)`` chooses.

    ``policy`` returns an action id or a score per id (the module's text says exactly
    what it is given and may return); with scores, the bot plays the best legal id, or
    with ``sample`` draws one (``"logits"``: softmax; ``"probabilities"``: in proportion),
    from a generator seeded with ``seed``. ``name`` labels the bot in its errors.

    To give it a name that :func:`piquet.bots.make` and :func:`piquet.match` know,
    register a factory, which also seeds each game's bot afresh:

    >>> import numpy as np
    >>> import piquet as pq
    >>> def uniform(tensor, mask):
    ...     return np.where(mask, 0.0, -np.inf)
    >>> pq.bots.register("uniform", lambda seed, **options: from_policy(
    ...     uniform, name="uniform", sample="logits", seed=seed))
    >>> result = pq.match("uniform", "random", games=2, seed=1)
    >>> result.a, len(result.games)
    ('uniform', 2)
    >>> pq.bots.unregister("uniform")
    >>> from_policy(uniform, sample="softmax")
    Traceback (most recent call last):
    ...
    ValueError: from_policy: sample must be None, 'logits' or 'probabilities', not 'softmax'
    """
    if not callable(policy):
        raise TypeError(f"from_policy: policy must be callable, got {excerpt(policy)}")
    if not isinstance(name, str) or not name:
        raise TypeError(f"from_policy: name must be a non-empty str, got {excerpt(name)}")
    if sample not in _SAMPLING:
        raise ValueError(
            f"from_policy: sample must be None, 'logits' or 'probabilities', not {excerpt(sample)}"
        )
    return PolicyBot(policy, name, sample, random.Random(seed))
