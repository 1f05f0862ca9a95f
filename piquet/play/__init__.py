"""Tools that play many games: matches between two bots (:mod:`piquet.play.match`) and
round-robin tournaments (:mod:`piquet.play.tournament`).

The entry points are :func:`piquet.match` and :func:`piquet.tournament`; see
:doc:`/matches`.
"""
