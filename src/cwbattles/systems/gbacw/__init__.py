"""SPI's Great Battles of the American Civil War (GBACW, 1980): the standard rules, reconstructed
(docs/rules/gbacw.md), on the hex engine.

One module per group of cases: ``sequence`` (4.0), ``movement`` (5.0), ``formations`` (6.0-7.0),
``stacking`` (8.0), ``fire`` (9.0) with ``los`` (18.0), ``zoc`` (10.0), ``melee`` (12.0),
``retreat`` (12.8, 12.9, 15.4), ``results`` (13.0), ``artillery`` (14.0), ``morale`` (15.0),
``command`` (16.0-17.0), ``bce`` (the Brigade Combat Effectiveness track), ``reinforcements``
(26.4 as the system applies it), ``preview`` (exact odds); ``tables`` reads the data files (``data/*.toml``),
``mapfacts`` what the rules make of a map, ``state`` the base State with the hooks exclusive
rules override, ``game`` the static facts. A game registers the standard frames with
``register(rules)`` and adds its own.
"""

from .tables import Tables, load_tables  # noqa: F401


def register(rules) -> None:
    """Register every standard-rules frame handler in a game's Rules registry."""
    from . import command, fire, melee, morale, movement, retreat, sequence
    for module in (sequence, command, movement, fire, melee, morale, retreat):
        module.register(rules)
