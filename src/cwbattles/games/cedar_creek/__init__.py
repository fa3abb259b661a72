"""Cedar Creek 1864 (Laurent Martin): the flagship game, every rule of sections 1-12.

Rules modules follow the rulebook's chapters: ``sequence`` (5, 6, 8, 9, 12), ``activation``
(7.1, 10), ``movement`` (7.2, 7.3, 10.2-10.5), ``combat`` (11.1-11.3), ``retreat`` (11.4),
``victory`` (4). The map, order of battle and tables are data files in ``data/``.
"""

from .game import CedarCreekGame


def load(options: dict | None = None) -> CedarCreekGame:
    return CedarCreekGame(options=options)
