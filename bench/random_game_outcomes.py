"""Fingerprints of seeded random games, to show that an optimisation changed no behaviour.

    python bench/random_game_outcomes.py --game champion-hill --seeds 30 --out outcomes.json
    python bench/random_game_outcomes.py --game champion-hill --seeds 30 --check outcomes.json

Game ``seed`` is played from ``new_game(seed)`` by a player choosing with ``random.Random(seed)``
(``engine.records.random_game_fingerprint``). ``--check`` names the games that differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cwbattles
from cwbattles.engine.records import random_game_fingerprint


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="champion-hill")
    ap.add_argument("--seeds", type=int, default=30)
    ap.add_argument("--out")
    ap.add_argument("--check")
    args = ap.parse_args()
    game = cwbattles.load(args.game)
    outcomes = [random_game_fingerprint(game, seed) for seed in range(args.seeds)]
    if args.out:
        Path(args.out).write_text(json.dumps({"game": args.game, "games": outcomes}, indent=1) + "\n")
    if args.check:
        recorded = {g["seed"]: g for g in json.loads(Path(args.check).read_text())["games"]}
        differ = [o for o in outcomes if recorded.get(o["seed"]) != o]
        for o in differ[:3]:
            print(f"seed {o['seed']}: now {o}, recorded {recorded.get(o['seed'])}")
        print(f"{len(outcomes) - len(differ)} of {len(outcomes)} games identical to {args.check}")
        sys.exit(1 if differ else 0)
    if not args.out:
        for o in outcomes:
            print(json.dumps(o))


if __name__ == "__main__":
    main()
