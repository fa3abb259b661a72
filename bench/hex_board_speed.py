"""Speed of the hex board, printed as numbers (no pass/fail).

    python bench/hex_board_speed.py [--columns 19] [--rows 24]
    python bench/hex_board_speed.py --map src/cwbattles/games/chancellorsville/data/map.toml

Builds a map file of the given size in memory (random terrain, a few roads and a creek), or reads a
real one (`--map`: Chancellorsville's two sections, 1,400 hexes), then prints the load time and the
time of the common queries, in microseconds per call.
"""

from __future__ import annotations

import argparse
import random
import time
import tomllib

from cwbattles.engine.hexboard import hex_board_from_toml


def map_text(columns: int, rows: int, rng: random.Random) -> str:
    codes = ".......wwwts"
    lines = [f'"{r:02d} ' + " ".join(rng.choice(codes) for _ in range(columns)) + '",' for r in range(1, rows + 1)]
    roads = [f'"{c:02d}01-' + "-".join(f"{c:02d}{r:02d}" for r in range(2, rows + 1)) + '"' for c in (3, 9, 15)
             if c <= columns]
    creek = [f'"{c:02d}{rows // 2:02d}/{c:02d}{rows // 2 + 1:02d}"' for c in range(1, columns + 1)]
    return "\n".join([
        "[meta]", 'name = "bench"', 'shifted_columns = "even"', f"columns = {columns}", f"rows = {rows}",
        "[legend]", '"." = "clear"', 'w = "woods"', 't = "town"', 's = "swamp"',
        "[hexside_features]", 'road = "road"', 'creek = "creek"',
        "[terrain]", "rows = [", *lines, "]",
        "[[path]]", 'features = ["road"]', f"hexes = [{', '.join(roads)}]",
        "[[hexside]]", 'features = ["creek"]', f"sides = [{', '.join(creek)}]",
    ])


def per_call(fn, calls: int) -> float:
    t0 = time.perf_counter()
    fn(calls)
    return (time.perf_counter() - t0) / calls * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--columns", type=int, default=19)
    ap.add_argument("--rows", type=int, default=24)
    ap.add_argument("--map", help="a map file to measure instead of a generated one")
    args = ap.parse_args()
    rng = random.Random(1)
    if args.map:
        with open(args.map) as f:
            text = f.read()
    else:
        text = map_text(args.columns, args.rows, rng)

    t0 = time.perf_counter()
    for _ in range(20):
        doc = tomllib.loads(text)
    parse = (time.perf_counter() - t0) / 20
    t0 = time.perf_counter()
    for _ in range(20):
        board = hex_board_from_toml(doc, "bench.toml")
    build = (time.perf_counter() - t0) / 20
    n = len(board)
    shape = f"{args.map} ({len(board.sections)} sections)" if args.map else f"{args.columns}x{args.rows}"
    print(f"map {shape} = {n} hexes: TOML parse {parse * 1e3:.2f} ms, "
          f"check + build board {build * 1e3:.2f} ms")

    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(1000)]
    near = [(a, b) for a in range(n) for b in range(n) if 1 < board.distance(a, b) <= 4][::25]
    blocks = [board.terrain[i] in ("woods", "town") for i in range(n)]
    rows = [board.distances_from(a) for a in range(n)]
    adj, around = board.adjacent, board.features_around

    def loop(calls):                      # the loop and the pair lookup alone, subtracted below
        for k in range(calls):
            a, b = pairs[k % 1000]

    def adjacent(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            adj[a]

    def neighbour(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            board.neighbour(a, 2)

    def distance(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            board.distance(a, b)

    def distance_row(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            rows[a][b]

    def within4(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            board.within(a, 4)

    def features(calls):
        for k in range(calls):
            a, b = pairs[k % 1000]
            around[a][2]

    def los(calls):
        for k in range(calls):
            a, b = near[k % len(near)]
            board.line_of_sight(a, b, blocks.__getitem__)

    calls = 500_000
    base = per_call(loop, calls)
    print(f"(loop overhead {base:.3f} us, subtracted from each line below)")
    for label, fn in [("adjacent[a] (list index)", adjacent), ("neighbour(a, d) (method)", neighbour),
                      ("distance(a, b)", distance), ("distances_from(a)[b] (row built)", distance_row),
                      ("features_around[a][d]", features)]:
        print(f"{label:34s} {per_call(fn, calls) - base:.3f} us")
    fresh = hex_board_from_toml(doc, "bench.toml")
    t0 = time.perf_counter()
    for a in range(n):
        fresh.within(a, 4)
    print(f"{'within(a, 4) first call':34s} {(time.perf_counter() - t0) / n * 1e6:.2f} us")
    print(f"{'within(a, 4) memoised':34s} {per_call(within4, calls) - base:.3f} us")
    t0 = time.perf_counter()
    for a in range(n):
        fresh.distances_from(a)
    print(f"{'distances_from(a) first call':34s} {(time.perf_counter() - t0) / n * 1e6:.1f} us")
    print(f"{'line_of_sight 2-4 hexes, untraced':34s} {per_call(los, len(near)):.2f} us  ({len(near)} pairs)")
    print(f"{'line_of_sight 2-4 hexes, traced':34s} {per_call(los, calls):.2f} us")


if __name__ == "__main__":
    main()
