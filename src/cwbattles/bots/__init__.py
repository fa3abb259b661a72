"""Bots: given a state, choose one of its legal actions.

Every bot has ``choose(state) -> action``, returns one of ``state.legal_actions()`` and never
changes the state it is given. Bots play through the game API (``legal_actions``, ``apply``,
``clone``, ``preview``...) plus, for the heuristic and the search, a knowledge module of the
game (``cwbattles.bots.knowledge``). ``make_bot(spec, seed)`` builds one from a spec string:

    random              uniformly random legal actions
    heuristic           one-step lookahead with the game's evaluation; fast (milliseconds)
    mcts                Monte Carlo tree search, 200 simulations a decision
    mcts:1s             ... one second a decision (also 500ms, 2.5s)
    mcts:2000           ... 2000 simulations a decision (repeatable: same seed, same game)
    mcts:1s:2w          ... searching in two processes at once, visit counts added up
    mcts:0              no search: the search's first option, which is to play as the
                        heuristic does (to measure what the search itself adds)

The same seed always gives the same choices, except for time budgets (the number of
simulations done in a second depends on the machine).
"""

from __future__ import annotations

import random as _random


class RandomBot:
    """Uniformly random among the legal actions; its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0, **budget):
        self.rng = _random.Random(seed)

    def choose(self, state):
        return self.rng.choice(state.legal_actions())

    def close(self) -> None:
        pass


def _heuristic(seed=0, **budget):
    from .heuristic import HeuristicBot
    return HeuristicBot(seed=seed, **budget)


def _mcts(seed=0, **budget):
    from .mcts import MctsBot
    return MctsBot(seed=seed, **budget)


BOTS = {"random": RandomBot, "heuristic": _heuristic, "mcts": _mcts}
DEFAULT_MCTS_SIMULATIONS = 200     # "mcts" alone: 200 simulations a decision


def names() -> list[str]:
    return sorted(BOTS)


def parse_spec(spec: str) -> tuple[str, dict]:
    """'mcts:1s:2w' -> ('mcts', {'seconds': 1.0, 'simulations': None, 'workers': 2}).

    Budget parts after the name, in any order: ``Ns`` or ``Nms`` a time per decision, a bare
    integer a number of simulations, ``Nw`` a number of worker processes."""
    parts = spec.strip().split(":")
    name = parts[0]
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(names())}")
    budget = {"seconds": None, "simulations": None, "workers": 1}
    for p in parts[1:]:
        p = p.strip().lower()
        try:
            if p.endswith("ms"):
                budget["seconds"] = float(p[:-2]) / 1000
            elif p.endswith("s"):
                budget["seconds"] = float(p[:-1])
            elif p.endswith("w"):
                budget["workers"] = int(p[:-1])
            elif p:
                budget["simulations"] = int(p)
            else:
                continue
        except ValueError:
            raise ValueError(f"bad budget {p!r} in bot spec {spec!r} (expected e.g. 1s, 500ms, 2000, 2w)") from None
    if (budget["seconds"] is not None and budget["seconds"] <= 0) or \
            (budget["simulations"] is not None and budget["simulations"] < 0) or budget["workers"] < 1:
        raise ValueError(f"bad budget in bot spec {spec!r}: times and workers must be positive, "
                         f"simulations 0 or more")
    if name != "mcts" and (len(parts) > 1 and any(parts[1:])):
        raise ValueError(f"bot {name!r} takes no budget (got {spec!r})")
    return name, budget


def make_bot(spec: str, seed: int = 0):
    """A bot from its spec (``random``, ``heuristic``, ``mcts:1s``, ``mcts:2000``, ``mcts:1s:2w``)."""
    name, budget = parse_spec(spec)
    bot = BOTS[name](seed=seed, **budget)
    bot.spec = spec
    return bot
