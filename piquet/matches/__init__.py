"""Tools that play many games: matches between two bots (:mod:`piquet.matches.match`) and
round-robin tournaments (:mod:`piquet.matches.tournament`).

The entry points are :func:`piquet.match` and :func:`piquet.tournament`; see
:doc:`/matches`.
"""
