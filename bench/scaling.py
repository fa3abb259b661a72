"""How simulation scales: games per second at 1 and 2 workers, parallel efficiency, and the
Ray backend's overhead against local processes on the same work.

    python bench/scaling.py [--games 400] [--union random] [--confederate random]

Each configuration plays the same games (same run seed). Ray's time includes starting a local
Ray instance, as a user running `cwbattles simulate --backend ray` would pay it.
"""

from __future__ import annotations

import argparse
import time

from cwbattles.sim.runner import simulate


def timed(**kw) -> float:
    t0 = time.perf_counter()
    rows = simulate("cedar-creek", **kw)
    assert all(not r["error"] for r in rows), [r["error"] for r in rows if r["error"]][:3]
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--union", default="random")
    ap.add_argument("--confederate", default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-ray", action="store_true")
    a = ap.parse_args()
    common = dict(games=a.games, union=a.union, confederate=a.confederate, seed=a.seed)
    t1 = timed(workers=1, **common)
    t2 = timed(workers=2, **common)
    print(f"games: {a.games} ({a.union} v {a.confederate})")
    print(f"1 worker : {a.games / t1:8.1f} games/s ({t1:.1f} s)")
    print(f"2 workers: {a.games / t2:8.1f} games/s ({t2:.1f} s)")
    print(f"parallel efficiency at 2 workers: {t1 / (2 * t2):.2f}")
    if not a.no_ray:
        tr = timed(workers=2, backend="ray", **common)
        print(f"ray, 2 CPUs: {a.games / tr:8.1f} games/s ({tr:.1f} s, Ray start-up included)")
        print(f"Ray overhead against local processes: {(tr - t2) / t2:+.1%}")


if __name__ == "__main__":
    main()
