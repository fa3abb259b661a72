"""Speed and memory of the Cedar Mountain engine (GBACW system), printed as numbers (no pass/fail).

    python bench/cedar_mountain_speed.py [--games N] [--seed S] [--option NAME=VALUE ...]

Random full games on one core: decisions per game and per second, microseconds per
legal_actions() and per clone(), memory per kept state. The machine is shared, so every rate is
given twice: by the wall clock and by this process's own CPU time (``time.process_time``), which
other processes do not inflate.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

import cwbattles


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], help="rule option NAME=VALUE")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    game = cwbattles.load("cedar-mountain", options or None)

    decisions = 0

    def play():
        nonlocal decisions
        for i in range(args.games):
            rng = random.Random(args.seed + i)
            s = game.new_game(seed=args.seed + i)
            while not s.is_over:
                s.apply(rng.choice(s.legal_actions()))
                decisions += 1
    wall, cpu = timed(play)

    samples = []
    for i in range(3):
        rng = random.Random(1000 + i)
        s = game.new_game(seed=1000 + i)
        k = 0
        while not s.is_over:
            if k % 7 == 0:
                samples.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            k += 1
    reps = 10

    def legal():
        for _ in range(reps):
            for s in samples:
                s._legal = None          # the generation itself, not the per-decision cache
                s.steps_left = None
                s.legal_actions()

    def clone():
        for _ in range(reps):
            for s in samples:
                s.clone()
    lw, lc = timed(legal)
    cw, cc = timed(clone)
    n = reps * len(samples)

    tracemalloc.start()
    rng = random.Random(7)
    s = game.new_game(seed=7)
    kept = []
    while not s.is_over:
        kept.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"game: cedar-mountain {options or ''}")
    print(f"random full games: {args.games}, {decisions / args.games:.0f} decisions a game")
    print(f"decisions per second: {decisions / wall:.0f} by the wall clock, {decisions / cpu:.0f} by CPU time")
    print(f"legal_actions(): {lw / n * 1e6:.1f} us (wall), {lc / n * 1e6:.1f} us (CPU), over {len(samples)} positions")
    print(f"clone(): {cw / n * 1e6:.1f} us (wall), {cc / n * 1e6:.1f} us (CPU)")
    print(f"memory per kept state: {peak / max(len(kept), 1) / 1024:.1f} KiB ({len(kept)} states)")


if __name__ == "__main__":
    main()
