"""``cwbattles duel`` with the commander's time budget read on this process's CPU clock.

    nice -n 10 python bench/commander_cpu_duel.py champion-hill --a commander:30s --b heuristic \
        --games 16 --seed 31 --journal ... --baseline ...

The arguments are the duel's (``cwbattles duel --help``; keep ``--workers 1``, the default: the
clock is set in this process). On a machine shared with other work, ``commander:30s`` on the wall
clock thinks less the busier the machine is; on the CPU clock it has 30 seconds of its own
computation whatever the load, so duels measured at different loads can be compared. The
journal's header names the bot as usual (``commander:30s``): say which clock in the notes.
``--evaluation own|fitted|auto`` (taken out before the duel's own arguments) sets the
commander's evaluation (``CommanderBot(evaluation=...)``; auto, the default, is the fitted one
where the battle's ``fitted_weights.toml`` says ``use``).
"""

from __future__ import annotations

import sys
import time

from cwbattles import bots
from cwbattles.bots.commander import CommanderBot
from cwbattles.cli import main


EVALUATION = "auto"


def cpu_commander(seed=0, **budget):
    return CommanderBot(seed=seed, clock=time.process_time, evaluation=EVALUATION, **budget)


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--evaluation" in args:
        i = args.index("--evaluation")
        EVALUATION = args[i + 1]
        del args[i:i + 2]
    bots.BOTS["commander"] = cpu_commander
    sys.exit(main(["duel", *args]))
