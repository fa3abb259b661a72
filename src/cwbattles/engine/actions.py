"""Actions: small immutable values, one per choice a player can make.

An action is a kind (a short word such as ``"move"``) and up to two integers whose meaning the
kind gives (a zone index, a unit index...). Its human text and JSON form need the game's names,
so the game provides ``describe`` and ``action_to_json`` / ``action_from_json``.
"""

from typing import NamedTuple


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1

    def __str__(self) -> str:  # compact, context-free form; games give the readable one
        if self.b >= 0:
            return f"{self.kind}:{self.a}:{self.b}"
        if self.a >= 0:
            return f"{self.kind}:{self.a}"
        return self.kind


class PrebuiltActions(dict):
    """kind -> ``Action(kind, i)`` for every index i below ``size``, built on first use (actions
    compare by value, so sharing them changes nothing; legal-move generators index them)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def __missing__(self, kind: str) -> tuple:
        made = self[kind] = tuple(Action(kind, i) for i in range(self.size))
        return made
