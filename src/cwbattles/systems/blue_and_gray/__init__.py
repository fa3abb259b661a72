"""SPI's Blue & Gray series: the standard rules (docs/rules/blue-and-gray.md) on the hex engine.

One module per rules chapter: ``sequence`` (4, 11), ``reinforcements`` (5), ``movement`` (6),
``zoc`` (7), ``combat`` (8), ``artillery`` (9), ``results`` (8.6-8.7), ``declaration`` (8.2,
8.9: one attack, from its targets to its result); ``tables`` reads the
data files (CRT, terrain effects chart, sequence of play); ``state`` is the base State with
the hooks exclusive rules override. A game registers the standard frames with
``register(rules)`` and adds its own.
"""

from .tables import Tables, load_tables  # noqa: F401


def register(rules) -> None:
    """Register every standard-rules frame handler in a game's Rules registry."""
    from . import sequence, movement, combat, results, declaration
    for module in (sequence, movement, combat, results, declaration):
        module.register(rules)
