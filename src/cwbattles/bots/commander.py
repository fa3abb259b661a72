"""The commander bot: plans each player-turn as a whole toward objectives, within a time budget
for the whole game (issue 29).

Every game-turn each formation is given an objective from the scenario's data and the position
(``objectives.assign``: take or hold a victory place, strike a weak enemy formation nearby,
march in from the entry); ``bot.intentions`` keeps one line per formation and
``bot.plan_reason`` the reason of the plan being played, for the record. When its side's run of
decisions begins, the bot evolves a plan for the whole run (``planning.Planner``: online
evolutionary planning over ranks of the heuristic's ordering, judged by the game's evaluation
after the opponent's reply, plus the objectives' term), then plays the plan one action per
``choose`` while the position is the one planned for (the same legal actions as when the plan
was played on the clone, and the same events since its previous decision: before 2026-11-29 the
legal actions alone, so that after an attack whose real result differed from the plan's the
plan went on where the legal actions allowed). When the real dice make the position differ, or
the other side has acted in between, it plans again from where it stands, seeding the new
population with what is left of the old plan.

Time control. ``seconds`` is the thinking time for the whole game. Before each plan the bot
estimates the plans it still has to make that will use their time (the game-turns left, times
the plans a game-turn so far that were stopped by their deadline, at least
``PLANS_PER_TURN_GUESS`` before it knows) and gives this one its share of the time left, capped
by ``max_decision_seconds`` (the web server's limit a decision). Plans that searched their whole
space before their deadline (a retreat of one gene) are not counted: they leave most of their
share to the others, and counting them (before 2026-11-29) left a third or more of the game's time
unspent at Champion Hill, where most of a side's plans are such.
The planner stops with room for its last evaluations, so a decision stays within its share; a
share too small for ``MIN_EVALUATIONS`` plan evaluations plays the heuristic's choice instead.
``plans`` instead fixes the number of plan evaluations a decision: no clock is read, so the
same seed plays the same game (for tests and simulations). ``workers`` is accepted as the other
search bots take it; the planning itself runs in one process.
"""

from __future__ import annotations

import random
import time

from . import fitted, knowledge
from .fitted import last_turn
from . import objectives as objectives_module
from .planning import Planner, ordering

DEFAULT_SECONDS = 300.0       # "commander" alone: five minutes for the whole game
PLANS_PER_TURN_GUESS = 4      # plans a game-turn before the bot has counted its own
MIN_EVALUATIONS = 4           # a share smaller than this many evaluations: the heuristic's move
OVERRUN = 1.5                 # no decision may take more than this times its share


def as_planned(state, expected: tuple) -> bool:
    """Whether the game's last events are those the plan met at this step (rule and text): the
    real dice may give another result than the plan's and still leave the same legal actions,
    and the plan's next actions were chosen for the result it met."""
    return tuple((e.rule, e.text) for e in state.recent_log(len(expected))) == expected


class CommanderBot:
    name = "commander"

    def __init__(self, seed: int = 0, seconds: float | None = None, plans: int | None = None,
                 workers: int = 1, reply: bool = True, use_objectives: bool = True,
                 clock=time.perf_counter, evaluation: str = "auto", **budget):
        if seconds is None and plans is None:
            seconds = DEFAULT_SECONDS
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.plans = plans
        self.workers = max(1, int(workers))
        self.reply = reply
        self.use_objectives = use_objectives
        if evaluation not in ("auto", "own", "fitted"):
            raise ValueError(f"evaluation {evaluation!r}: auto, own or fitted")
        self.evaluation = evaluation     # auto: the fitted one where the battle's data say to use it
        self.clock = clock
        self.max_decision_seconds: float | None = None   # set by a server that limits a decision
        self.spent = 0.0                 # seconds thought so far this game
        self.cost = None                 # seconds one plan evaluation took lately
        self.plan = None                 # {"side", "steps", "index", "genome", "genes"}
        self.plans_made: dict = {}       # game-turn -> plans made in it that their deadline stopped
        self.objectives: list = []
        self.objectives_at = None        # (turn, side) the objectives were set for
        self.intentions: dict = {}       # formation -> one line
        self.plan_reason = ""
        self.timing: list = []           # (seconds used, share) of every planned decision
        self.last = None                 # the last plan's figures

    # -- time control ---------------------------------------------------------------------------
    def share(self, state) -> float | None:
        """Seconds this plan may take, or None under a plans budget."""
        if self.seconds is None:
            return None
        turns_left = max(1, last_turn(state.game) - state.turn + 1)
        played = [n for t, n in self.plans_made.items() if t != state.turn]
        per_turn = max(PLANS_PER_TURN_GUESS if not played else sum(played) / len(played), 1.0)
        left = max(0.0, self.seconds - self.spent)
        share = left / max(1.0, turns_left * per_turn - self.plans_made.get(state.turn, 0) * 0.5)
        if self.max_decision_seconds is not None:
            share = min(share, self.max_decision_seconds)
        return share

    # -- playing --------------------------------------------------------------------------------
    def choose(self, state):
        legal = state.legal_actions()
        p = self.plan
        if p is not None and p["side"] == state.to_act and p["index"] < len(p["steps"]):
            planned_legal, action, expected = p["steps"][p["index"]]
            if tuple(legal) == planned_legal and as_planned(state, expected):
                p["index"] += 1
                p["genes"] += len(legal) > 1
                return action
        if len(legal) == 1:
            return legal[0]
        return self._new_plan(state, legal)

    def _new_plan(self, state, legal):
        clock = self.clock
        start = clock()
        kn = knowledge.for_game(state.game)
        side = state.to_act
        if self.use_objectives and self.objectives_at != (state.turn, side):
            self.objectives = objectives_module.assign(state, side)
            self.objectives_at = (state.turn, side)
            self.intentions = objectives_module.intentions(self.objectives)
        warm = ()
        if self.plan is not None and self.plan["side"] == side:
            warm = self.plan["genome"][self.plan["genes"]:]
        share = self.share(state)
        if share is not None and self.cost is not None and share < MIN_EVALUATIONS * self.cost:
            # no time to plan: the heuristic's move, and the time saved goes to later plans (not
            # counted as a plan, so that the plans a game-turn, and so the shares, follow)
            action = ordering(kn, state, legal)[0]
            self.plan = None
            self._spend(start, share)
            return action
        self.plans_made.setdefault(state.turn, 0)
        planner = Planner(kn, random.Random(self.rng.getrandbits(62)), side, self.reply,
                          self.objectives if self.use_objectives else None, clock, self._value(kn))
        plan = planner.plan(state, deadline=None if share is None else start + share,
                            evaluations=self.plans, warm=warm)
        if plan.evaluations:
            self.cost = plan.stats["seconds"] / (plan.evaluations + 2)
        if plan.stats.get("timed_out") or share is None:
            self.plans_made[state.turn] += 1       # a plan that wanted more than its share
        self.plan_reason = plan.reason
        self.last = {"evaluations": plan.evaluations, "generations": plan.generations,
                     "fitness": plan.fitness, "heuristic": plan.heuristic_fitness, "genes": plan.stats["length"]}
        if not plan.steps or plan.steps[0][0] != tuple(legal):
            self.plan = None                          # cannot happen: the clone starts here
            action = ordering(kn, state, legal)[0]
        else:
            self.plan = {"side": side, "steps": plan.steps, "index": 1, "genome": plan.genome,
                         "genes": 1}
            action = plan.steps[0][1]
        self._spend(start, share)
        return action

    def _value(self, kn):
        """The evaluation plans are scored by: the fitted one (``fitted.py``) when asked for, or
        under ``auto`` where the battle's ``fitted_weights.toml`` says ``use``; else the game's."""
        if self.evaluation == "own":
            return None
        fe = fitted.load(kn, force=self.evaluation == "fitted")
        if fe is None and self.evaluation == "fitted":
            raise ValueError(f"no fitted evaluation for {kn.__name__}")
        return fe.value if fe is not None else None

    def _spend(self, start: float, share: float | None) -> None:
        used = self.clock() - start
        self.spent += used
        self.timing.append((used, share))

    def close(self) -> None:
        pass
