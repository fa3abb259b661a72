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
    commander           plans whole player-turns toward objectives; 5 minutes for the game
    commander:30s       ... 30 seconds for the whole game (also 5m), divided among decisions
    commander:200p      ... 200 plan evaluations a decision (repeatable: same seed, same game)

The same seed always gives the same choices, except for time budgets (the number of
simulations done in a second depends on the machine).
"""

from __future__ import annotations

import random as _random
import re


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


def _commander(seed=0, **budget):
    from .commander import CommanderBot
    return CommanderBot(seed=seed, **budget)


BOTS = {"random": RandomBot, "heuristic": _heuristic, "mcts": _mcts, "commander": _commander}
DEFAULT_MCTS_SIMULATIONS = 200     # "mcts" alone: 200 simulations a decision


def names() -> list[str]:
    return sorted(BOTS)


# The budgets a bot takes (a bot not named here takes none). A budget part is one of:
BUDGET_PARTS = {
    "seconds": re.compile(r"(?P<n>[0-9]+(?:\.[0-9]+)?)s|(?P<ms>[0-9]+)ms|(?P<min>[0-9]+(?:\.[0-9]+)?)m"),
    #                                                                         1s, 2.5s, 500ms, 5m
    "simulations": re.compile(r"(?P<n>[0-9]+)"),                             # 2000
    "workers": re.compile(r"(?P<n>[0-9]+)w"),                                # 2w
    "plans": re.compile(r"(?P<n>[0-9]+)p"),                                  # 200p
}
# the commander's seconds are for the whole game, the search's for one decision
BUDGETS = {"mcts": ("seconds", "simulations", "workers"), "commander": ("seconds", "plans", "workers")}


def parse_spec(spec: str) -> tuple[str, dict]:
    """'mcts:1s:2w' -> ('mcts', {'seconds': 1.0, 'simulations': None, 'workers': 2}).

    The one grammar of bot specs (the CLI's and the web server's): ``NAME(:PART)*``, ASCII,
    no spaces, each PART one of the bot's BUDGETS (``BUDGET_PARTS``), each kind at most once,
    in any order. Anything else is a ValueError naming the spec."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec is text, got {spec!r}")
    name, *parts = spec.split(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(names())}")
    kinds = BUDGETS.get(name, ())
    if parts and not kinds:
        raise ValueError(f"bot {name!r} takes no budget (bot spec {spec!r})")
    budget = {"seconds": None, "simulations": None, "workers": 1}
    budget.update({k: None for k in kinds if k not in budget})
    seen = set()
    for part in parts:
        kind, match = next(((k, m) for k in kinds if (m := BUDGET_PARTS[k].fullmatch(part))), (None, None))
        if kind is None or not part.isascii():
            raise ValueError(f"bad budget {part!r} in bot spec {spec!r} (expected e.g. 1s, 500ms, 5m, 2000, 200p, 2w)")
        if kind in seen:
            raise ValueError(f"bot spec {spec!r} gives its {kind} twice")
        seen.add(kind)
        if kind == "seconds":
            budget["seconds"] = (float(match["n"]) if match["n"] else float(match["min"]) * 60 if match["min"]
                                 else int(match["ms"]) / 1000)
        else:
            budget[kind] = int(match["n"])
    if (budget["seconds"] is not None and budget["seconds"] <= 0) or budget["workers"] < 1:
        raise ValueError(f"bad budget in bot spec {spec!r}: times and workers must be positive")
    return name, budget


def make_bot(spec: str, seed: int = 0):
    """A bot from its spec (``random``, ``heuristic``, ``mcts:1s``, ``mcts:2000``, ``mcts:1s:2w``)."""
    name, budget = parse_spec(spec)
    bot = BOTS[name](seed=seed, **budget)
    bot.spec = spec
    return bot
