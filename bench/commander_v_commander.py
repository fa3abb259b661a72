"""Games between two bots, one simulate row a game appended to a JSON-lines file, so that a run
stopped at a deadline keeps its games and a second run goes on where it stopped:

    nice -n 5 python bench/commander_v_commander.py cedar-mountain 12 rows.jsonl 50 commander:8p

plays games 0-49 of run seed 12 exactly as ``cwbattles simulate cedar-mountain -n 50 --union
commander:8p --confederate commander:8p --seed 12`` does (``sim.runner.play_one``: the same rows).
A sixth argument gives the Confederates another bot (``... 50 commander:8p heuristic``: the
Union's commander against the Confederates' heuristic). Arguments with ``=`` anywhere after the
fifth are rule options, as ``--option`` gives them (``... 50 commander:8p oob=east``).
The rows of docs/balance/README.md's "Commander against commander" are in
bench/results/commander-v-commander/.
"""

import json
import os
import sys

from cwbattles.sim.runner import play_one


def main() -> None:
    name, seed, out, n, bot = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
    rest = sys.argv[6:]
    options = dict(arg.split("=", 1) for arg in rest if "=" in arg)
    bots = [arg for arg in rest if "=" not in arg]
    confederate = bots[0] if bots else bot      # a sixth argument: the Confederates' bot
    done = set()
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            done = {json.loads(line)["index"] for line in f}
    for k in range(n):
        if k in done:
            continue
        row = play_one((name, options, bot, confederate, seed, k))
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps({key: v for key, v in row.items() if v is None or isinstance(v, (int, float, str))}) + "\n")


if __name__ == "__main__":
    main()
