"""Bots: given a state, choose one of its legal actions.

Every bot plays through the public API only (``legal_actions``, ``apply``, ``clone``...), so it
plays every game. ``make_bot("random", seed=1)`` builds one by name.
"""

from __future__ import annotations

import random as _random


class RandomBot:
    """Uniformly random among the legal actions; its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def choose(self, state):
        return self.rng.choice(state.legal_actions())


BOTS = {"random": RandomBot}


def names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int = 0):
    """A bot from its name (``random``...)."""
    name = spec.split(":", 1)[0]
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(names())}")
    return BOTS[name](seed=seed)
