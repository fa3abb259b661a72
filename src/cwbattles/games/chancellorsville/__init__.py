"""Chancellorsville, 1-5 May 1863 (Hooker and Lee with Fredericksburg, the revised Blue & Gray
two-map campaign game): exclusive rules 23.2-23.6 (printed from 23.22; the rest reconstructed,
docs/rules-notes/chancellorsville.md) on the series' standard rules
(``cwbattles.systems.blue_and_gray``) with the revised leaders and morale.

Modules follow the rulebook: ``forced_march`` (23.21-23.23), ``command`` (23.4), ``victory``
(23.3, 23.6); ``state`` (set-up and the hooks, leaders 23.5 through the system's ``leaders``),
``position``, ``notation``.
"""

from .game import ChancellorsvilleGame


def load(options: dict | None = None) -> ChancellorsvilleGame:
    return ChancellorsvilleGame(options=options)
