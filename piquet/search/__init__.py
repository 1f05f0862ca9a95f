"""Search: the worlds a player may be in, and the exact play of a world.

The sampler, the solver and the worlds the bots draw live here, each in a module of
its own, above the engine (which knows nothing of them). What runs them, the
compiled kernel or the pure-Python reference, is chosen by :mod:`piquet.search.native`.
"""
