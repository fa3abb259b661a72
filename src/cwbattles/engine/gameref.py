"""Games pickle by reference.

A Game is static facts loaded from data files (map, order of battle, tables) and determined by
its package and its options. A state sent to a worker process, or serialised by OpenSpiel, would
otherwise carry the whole game with it (hundreds of thousands of small tuples for a hex map);
pickled by reference it carries two strings, and each process loads a game once.
"""

from __future__ import annotations

from importlib import import_module

_LOADED: dict = {}


def load_by_reference(package: str, options: tuple):
    """The game ``package.load(options)``, loaded once per process."""
    key = (package, repr(options))
    game = _LOADED.get(key)
    if game is None:
        game = _LOADED[key] = import_module(package).load(dict(options))
    return game


class PickledByReference:
    """Mixin for a Game class whose package has ``load(options)`` and whose ``options`` decide it."""

    def __reduce__(self):
        package = type(self).__module__.rsplit(".", 1)[0]
        return load_by_reference, (package, tuple(sorted(self.options.items())))
