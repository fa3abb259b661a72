"""Champion Hill, 16 May 1863 ("Road to Vicksburg", Blue & Gray revised): exclusive rules 15-21
on the series' standard rules (``cwbattles.systems.blue_and_gray``).

Modules follow the rulebook: ``restrictions`` (17), ``train`` (18), ``special`` (19),
``victory`` (20, 21); ``state`` (16 set-up and the hooks), ``position``, ``notation``.
"""

from .game import ChampionHillGame


def load(options: dict | None = None) -> ChampionHillGame:
    return ChampionHillGame(options=options)
