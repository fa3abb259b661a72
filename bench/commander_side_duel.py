"""One side's games of a ``bench/commander_cpu_duel.py`` duel: half the cost where one side is in
question.

    nice -n 10 python bench/commander_side_duel.py champion-hill confederate --pairs 8 --seed 31 \
        --journal bench/results/commander/champion-hill-cpu30s-i29weak-confederate.jsonl

Plays games 2p (the Union) or 2p + 1 (the Confederates) of the duel ``commander:30s`` (or the
time ``--commander`` names, e.g. ``commander:5m``; on this process's CPU clock, ``--evaluation``
as there) against the heuristic for p below
``--pairs``: the same dice and bot seeds as the whole duel's games of those numbers, written to a
journal of the duel's own form, so that ``bench/commander_journal_summary.py`` sums it up and
``bench/commander_cpu_duel.py ... --games N`` with the same journal plays the other side's games.
Games already in the journal are not played again.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from cwbattles import bots
from cwbattles.duel import SIDES, play_game, read_journal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import commander_cpu_duel  # noqa: E402  (the CPU-clock commander, registered below)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("side", choices=SIDES)
    ap.add_argument("--pairs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--journal", required=True)
    ap.add_argument("--evaluation", default="auto", choices=("auto", "own", "fitted"))
    ap.add_argument("--commander", default="commander:30s", help="its time for the whole game, e.g. commander:5m")
    args = ap.parse_args()
    commander_cpu_duel.EVALUATION = args.evaluation
    bots.BOTS["commander"] = commander_cpu_duel.cpu_commander
    a, b = args.commander, "heuristic"
    header = {"game": args.game, "a": a, "b": b, "seed": args.seed, "options": {}}
    done = read_journal(args.journal, header)
    if not os.path.exists(args.journal):
        with open(args.journal, "w", encoding="utf-8") as f:
            f.write(json.dumps({"duel": header}) + "\n")
    for p in range(args.pairs):
        i = 2 * p + SIDES.index(args.side)
        if i in done:
            continue
        r = play_game(args.game, i, args.seed, a, b)
        with open(args.journal, "a", encoding="utf-8") as f:
            f.write(json.dumps(r) + "\n")
        own = r["margin"] if args.side == "union" else -r["margin"]
        print(f"game {i}: {own:+d} VP as the {args.side}", flush=True)


if __name__ == "__main__":
    main()
