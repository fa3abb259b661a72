"""The game log: structured events, shared cheaply between clones.

Each state holds its log as a chain of (previous, event) pairs, so cloning a state copies one
reference and appending never disturbs another clone.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    rule: str          # rule number applied, e.g. "11.4"
    text: str          # plain language
    dice: tuple = ()   # the rolls made for this event
    turn: int = 0
    round: int = 0

    def __str__(self) -> str:
        rolls = f" [dice {' '.join(map(str, self.dice))}]" if self.dice else ""
        return f"T{self.turn}.{self.round} ({self.rule}) {self.text}{rolls}"

    def to_json(self) -> dict:
        return {"rule": self.rule, "text": self.text, "dice": list(self.dice),
                "turn": self.turn, "round": self.round}


def log_to_list(chain) -> list[Event]:
    out = []
    while chain is not None:
        chain, ev = chain
        out.append(ev)
    out.reverse()
    return out
