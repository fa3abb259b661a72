"""200 random Chancellorsville games with the invariants of the test suite after every action,
positions round-tripped mid-game and every seventh record replayed (the suite plays 20).

    PYTHONPATH=. python bench/chancellorsville_random_games.py [--games N]
"""

import argparse
import json
import time

import cwbattles
from cwbattles.engine.records import position_checksum
from tests.games.chancellorsville.test_random_games import play


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    a = p.parse_args()
    g = cwbattles.load("chancellorsville")
    t0 = time.perf_counter()
    wins, decisions = {}, 0
    for seed in range(a.games):
        rec, s = play(g, seed)
        decisions += len(rec.to_json()["actions"])
        res = s.result
        wins[(res["winner"], res["level"])] = wins.get((res["winner"], res["level"]), 0) + 1
        if seed % 7 == 0:
            doc = json.loads(json.dumps(rec.to_json()))
            again = g.new_game(seed)
            for entry in doc["actions"]:
                again.apply(g.action_from_json(entry["action"]))
                assert position_checksum(again) == entry["checksum"]
    dt = time.perf_counter() - t0
    print(f"games: {a.games}, all invariants held, records replayed")
    print(f"decisions: {decisions} ({decisions / a.games:.0f} a game), {dt:.1f} s")
    for k, n in sorted(wins.items(), key=lambda kv: -kv[1]):
        print(f"  {k[0]} {k[1]}: {n}")


if __name__ == "__main__":
    main()
