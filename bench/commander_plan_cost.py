"""CPU seconds of one commander plan (a fixed number of plan evaluations) at fixed positions.

    nice -n 10 python bench/commander_plan_cost.py [--evaluations 12]

For each battle, the heuristic plays both sides from dice seed 7 until the named side has a real
choice on the named game-turn; the planner (``planning.Planner``, reply model on, no objectives)
then plans that run with ``--evaluations`` plan evaluations. Prints the run's genes, the
evaluations made, the CPU seconds, plan evaluations (on ``SEEDS`` sets of dice, the
re-check's included) a CPU second (``time.process_time``: the same whatever the machine's load)
and the plan's reason. Run it with ``PYTHONPATH`` at another checkout's ``src`` to compare code.
"""

from __future__ import annotations

import argparse
import random
import time

import cwbattles
from cwbattles.bots import knowledge, make_bot
from cwbattles.bots.planning import SEEDS, Planner

POSITIONS = (("champion-hill", "union", 3), ("champion-hill", "confederate", 4),
             ("cedar-creek", "confederate", 3), ("cedar-mountain", "union", 3),
             ("chancellorsville", "union", 4))


def position(game_name: str, side: str, turn: int):
    game = cwbattles.load(game_name)
    s = game.new_game(seed=7)
    h = make_bot("heuristic", 1)
    while not (s.turn >= turn and s.to_act == side and len(s.legal_actions()) > 1):
        s.apply(h.choose(s))
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--evaluations", type=int, default=12)
    args = ap.parse_args()
    for game_name, side, turn in POSITIONS:
        s = position(game_name, side, turn)
        planner = Planner(knowledge.for_game(s.game), random.Random(3), side)
        plays = []
        fitness_on = planner.fitness_on
        planner.fitness_on = lambda *a: plays.append(1) or fitness_on(*a)
        t = time.process_time()
        plan = planner.plan(s, evaluations=args.evaluations)
        cpu = time.process_time() - t
        rate = len(plays) / SEEDS / cpu      # the re-check's plays counted too
        print(f"{game_name} {side} turn {turn}: {plan.stats['length']} genes, {plan.evaluations} evaluations, "
              f"{cpu:.2f} s CPU, {rate:.0f} plan evaluations ({SEEDS} seeds) a CPU second; {plan.reason}")


if __name__ == "__main__":
    main()
