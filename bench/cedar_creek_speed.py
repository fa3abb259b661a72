"""Speed and memory of the Cedar Creek engine, printed as numbers (no pass/fail).

    python bench/cedar_creek_speed.py [--games N] [--seed S] [--game NAME]

(``bench/champion_hill_speed.py`` is this bench with Champion Hill as the default game.)

Prints random full-game playouts per second (one core), decisions per game, microseconds per
legal_actions() and per clone(), and peak memory of one game with its states.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
import tracemalloc

import cwbattles


def main(default_game: str = "cedar-creek") -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default=default_game)
    args = ap.parse_args()
    game = cwbattles.load(args.game)

    # 1. random playouts, measured whole (legal_actions + choice + apply)
    decisions = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        rng = random.Random(args.seed + i)
        s = game.new_game(seed=args.seed + i)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
    elapsed = time.perf_counter() - t0

    # 2. legal_actions() and clone() on positions sampled along random games
    samples = []
    for i in range(5):
        rng = random.Random(1000 + i)
        s = game.new_game(seed=1000 + i)
        k = 0
        while not s.is_over:
            if k % 7 == 0:
                samples.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            k += 1
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in samples:
            s._legal = None          # measure the generation itself, not the per-decision cache
            s.legal_actions()
    legal_us = (time.perf_counter() - t0) / (reps * len(samples)) * 1e6
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in samples:
            s.clone()
    clone_us = (time.perf_counter() - t0) / (reps * len(samples)) * 1e6

    # 3. memory: one game, keeping a clone of every state
    tracemalloc.start()
    rng = random.Random(7)
    s = game.new_game(seed=7)
    kept = []
    while not s.is_over:
        kept.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"game: {args.game}")
    print(f"random full games: {args.games} in {elapsed:.2f} s = {args.games / elapsed:.1f} games/s (one core)")
    print(f"decisions per game: {decisions / args.games:.0f}")
    print(f"decisions per second: {decisions / elapsed:.0f}")
    print(f"legal_actions(): {legal_us:.1f} us on average over {len(samples)} positions")
    print(f"clone(): {clone_us:.1f} us")
    print(f"memory per kept state: {peak / max(len(kept), 1) / 1024:.1f} KiB "
          f"({len(kept)} states, peak {peak / 2**20:.1f} MiB traced)")
    print(f"process peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
