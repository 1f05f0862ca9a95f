"""Search: the worlds a player may be in, and the exact play of a world.

The sampler (:mod:`piquet.search.sampling`), the solver (:mod:`piquet.search.solver`)
and the worlds the bots draw (:mod:`piquet.search.worlds`) live here, each concern in a
module of its own, above the engine (which knows nothing of them) and below the bots.
What runs them, the compiled kernel or the pure-Python reference, is chosen by
:mod:`piquet.search.native`.

>>> from piquet.search import sample_state, solve
>>> callable(sample_state) and callable(solve)
True
"""

from .sampling import Declarations, SamplingError, infer_declarations, sample_state
from .solver import Solution, SolverError, solve

__all__ = [
    "Declarations",
    "SamplingError",
    "Solution",
    "SolverError",
    "infer_declarations",
    "sample_state",
    "solve",
]
