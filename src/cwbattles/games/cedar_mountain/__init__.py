"""Cedar Mountain, 9 August 1862 (SPI, Strategy & Tactics 86, 1981; GBACW vol. 4): exclusive rules
19-27 on the series' standard rules (``cwbattles.systems.gbacw``).

Modules follow the rulebook: ``cavalry`` (21.1), ``terrain`` (21.3, 21.4: cornfields), ``overshoot``
(22), ``retreats`` (23), ``bce`` (24), ``leaders`` (25), ``setup`` (26), ``victory`` (27); ``state``
holds the hooks by which they change the standard rules; ``drawing`` the facts the web draws.
"""

from .game import CedarMountainGame


def load(options: dict | None = None) -> CedarMountainGame:
    return CedarMountainGame(options=options)
