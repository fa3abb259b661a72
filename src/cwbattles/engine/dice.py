"""Seeded six-sided dice whose whole state is one integer.

The generator is SplitMix64: tiny, fast, and good enough for dice. Because its state is a
single integer held in the game state, cloning a state clones its dice, a position can save
them, and a search bot can re-seed a clone to sample other futures.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Dice:
    """A d6 generator. ``calls`` counts the dice rolled so far.

    Tests may ``script`` the next rolls: they are used, in order, before the generator is
    consulted again (and scripted rolls count as calls too).
    """

    __slots__ = ("state", "calls", "script")

    def __init__(self, seed: int = 0, calls: int = 0, state: int | None = None):
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK if state is None else state
        self.calls = calls
        self.script: list[int] | None = None

    def roll(self) -> int:
        self.calls += 1
        if self.script:
            return self.script.pop(0)
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % 6 + 1

    def set_script(self, rolls) -> None:
        """Make the next rolls exactly ``rolls`` (each 1-6)."""
        rolls = list(rolls)
        if any(not (1 <= r <= 6) for r in rolls):
            raise ValueError(f"scripted rolls must be 1-6, got {rolls}")
        self.script = rolls

    def reseed(self, seed: int) -> None:
        self.state = Dice(seed).state

    def copy(self) -> "Dice":
        d = type(self).__new__(type(self))
        d.state, d.calls = self.state, self.calls
        d.script = list(self.script) if self.script else None
        return d

    def to_json(self) -> dict:
        doc = {"state": self.state, "calls": self.calls}
        if self.script:
            doc["script"] = list(self.script)
        return doc

    @classmethod
    def from_json(cls, doc: dict) -> "Dice":
        d = cls(state=int(doc["state"]) & _MASK, calls=int(doc["calls"]))
        if doc.get("script"):
            d.set_script(doc["script"])
        return d
