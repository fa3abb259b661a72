"""The Cedar Mountain balance study (issue 30): the outcome of a simulate run beside history, and
the course of the day turn by turn between two bots.

    python bench/cedar_mountain_balance.py summary hh12.parquet hh13.parquet
    python bench/cedar_mountain_balance.py paired before12.parquet after12.parquet
    python bench/cedar_mountain_balance.py course --games 20 --seed 12
    python bench/cedar_mountain_balance.py course --games 10 --seed 12 --union commander:8p --confederate commander:8p

``summary`` reads rows of ``cwbattles simulate`` (one file or several, e.g. two seeds) and prints
the margin (Union minus Confederate VP) with its mean and median and 95% intervals, each side's
win share (Wilson interval), the victory levels (27.1), a histogram in 10-VP bins, who held each
victory hex at the end, and the mean VP by category.

``paired`` reads two runs of the same seed (the same games: simulate's rows by index) and prints
the mean of the per-game differences in margin (second minus first) with its 95% interval.

``course`` plays games with the seeds and bot seeds of ``cwbattles simulate`` (game k of run seed
S is simulate's row k of ``--seed S``) and prints, at the end of each Confederate Player-Turn
(when 27.22 scores), the games in which each side holds each victory hex, the mean strength
points lost by each side and the melees resolved so far (and at the end the formation changes
a game, both sides), beside the day as the reports give it (sources and the reconstructed clock,
turn 1 = 2 p.m. and half an hour a turn: docs/data-notes/cedar-mountain-oob.md section 7 and
docs/balance/cedar-mountain.md, "The course of the day").
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import Counter, defaultdict

import pyarrow.parquet as pq

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.sim.report import wilson
from cwbattles.sim.runner import game_seed

HEXES = ("2319", "1921", "1323", "3415")
HISTORY = {  # the reports' timeline by the game's turns (turn 1 = 2:00 p.m.; sources above)
    1: "2:00 Early forms north of the branch of Cedar Run; Trimble climbs the mountain",
    3: "3:00 Trimble at the mountain's north-west end (toward Majors' house)",
    4: "3:30 Garnett sent forward; the artillery duel (to about 5:00)",
    7: "5:00 Union infantry attacks: Geary and Prince on Early and Taliaferro",
    8: "5:30 Crawford across the wheatfield rolls up Garnett, then Taliaferro",
    9: "6:00 Ronald's and Branch's counterattack; Jackson rallies the left",
    10: "6:30 Archer and Pender on the left; Gordon caught in the wheatfield",
    12: "7:30 the Union line gives way at dusk; the Confederates hold the field",
}


def median_ci(values: list) -> tuple:
    """The median and its 95% interval by the order statistics (binomial, normal approximation)."""
    s = sorted(values)
    n = len(s)
    half = 1.96 * math.sqrt(n) / 2
    return statistics.median(s), s[max(0, int(n / 2 - half))], s[min(n - 1, int(n / 2 + half))]


def summary(paths: list) -> None:
    rows = [r for p in paths for r in pq.read_table(p).to_pylist() if not r["error"]]
    m = [r["margin"] for r in rows]
    n = len(m)
    mean, sd = statistics.mean(m), statistics.stdev(m)
    med, lo, hi = median_ci(m)
    half = 1.96 * sd / math.sqrt(n)
    print(f"{n} games: margin mean {mean:+.1f} ({mean - half:+.1f} to {mean + half:+.1f}), "
          f"median {med:+.1f} ({lo:+} to {hi:+}), sd {sd:.1f}")
    wins = Counter(r["winner"] for r in rows)
    for side in ("confederate", "union"):
        p, a, b = wilson(wins[side], n)
        print(f"  {side} wins {wins[side]} ({100 * p:.0f}%, {100 * a:.0f}-{100 * b:.0f}%)")
    levels = Counter((r["winner"], r["level"]) for r in rows)
    print("  levels:", ", ".join(f"{w} {lv} {k}" for (w, lv), k in levels.most_common()))
    print(f"  the historical level (Confederate tactical, -18..-11): {sum(-18 <= x <= -11 for x in m)}; "
          f"within 18 VP either way: {sum(abs(x) <= 18 for x in m)}")
    bins = Counter(10 * (x // 10) for x in m)
    print("  margins in 10-VP bins:", " ".join(f"[{b:+}]{k}" for b, k in sorted(bins.items())))
    for h in HEXES:
        held = Counter(r[f"control_{h}"] or "nobody" for r in rows)
        print(f"  {h} at the end:", ", ".join(f"{k} {v}" for k, v in held.most_common()))
    for key in ("hexes", "loss_vp", "bce", "leaders", "losses"):
        print(f"  {key}: Union {statistics.mean(r['union_' + key] for r in rows):.1f}, "
              f"Confederates {statistics.mean(r['confederate_' + key] for r in rows):.1f}")


def paired(first: str, second: str) -> None:
    a = {r["index"]: r["margin"] for r in pq.read_table(first).to_pylist() if not r["error"]}
    b = {r["index"]: r["margin"] for r in pq.read_table(second).to_pylist() if not r["error"]}
    d = [b[i] - a[i] for i in sorted(a) if i in b]
    mean, half = statistics.mean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    print(f"{len(d)} paired games: margin {mean:+.1f} VP ({mean - half:+.1f} to {mean + half:+.1f})")


def course(games: int, seed: int, union: str, confederate: str) -> None:
    game = cwbattles.load("cedar-mountain")
    held = defaultdict(Counter)          # (turn, hex) -> holder -> games
    lost = defaultdict(list)             # turn -> [(Union SP lost, Confederate SP lost)]
    melees = defaultdict(list)           # turn -> melees resolved so far
    margins, changes = [], []
    for i in range(games):
        sd = game_seed(seed, i)
        s = game.new_game(seed=sd)
        bots = {"union": make_bot(union, seed=sd * 2 + 1), "confederate": make_bot(confederate, seed=sd * 2 + 2)}
        resolved, seen, changed = 0, set(), 0
        while not s.is_over:
            a = bots[s.to_act].choose(s)
            resolved += a.kind == "resolve_melee"
            changed += a.kind == "change_formation"
            turn = s.turn
            s.apply(a)
            end_of_turn = s.is_over or s.turn != turn
            if end_of_turn and turn not in seen:
                seen.add(turn)
                res = s.result
                for j, h in enumerate(HEXES):
                    holder = s.control[game.control_hexes.index(game.board.index[h])]
                    held[(turn, h)][("U", "C")[holder] if holder >= 0 else "-"] += 1
                lost[turn].append((res["union"]["losses"], res["confederate"]["losses"]))
                melees[turn].append(resolved)
        margins.append(s.result["margin"])
        changes.append(changed)
        print(f"game {i}: margin {s.result['margin']:+}", flush=True)
    print("turn | " + " | ".join(f"{h} U/C" for h in HEXES) + " | SP lost U | SP lost C | melees | history")
    for t in sorted(lost):
        cells = [f"{held[(t, h)]['U']}/{held[(t, h)]['C']}" for h in HEXES]
        lu = statistics.mean(x[0] for x in lost[t])
        lc = statistics.mean(x[1] for x in lost[t])
        print(f"{t} | " + " | ".join(cells) + f" | {lu:.1f} | {lc:.1f} | {statistics.mean(melees[t]):.1f} | "
              + HISTORY.get(t, ""))
    print(f"margin mean {statistics.mean(margins):+.1f} over {games} games; formation changes a game "
          f"{statistics.mean(changes):.0f} (most {max(changes)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    su = sub.add_parser("summary")
    su.add_argument("files", nargs="+")
    pa = sub.add_parser("paired")
    pa.add_argument("first")
    pa.add_argument("second")
    co = sub.add_parser("course")
    co.add_argument("--games", type=int, default=20)
    co.add_argument("--seed", type=int, default=12)
    co.add_argument("--union", default="heuristic")
    co.add_argument("--confederate", default="heuristic")
    args = ap.parse_args()
    if args.command == "summary":
        summary(args.files)
    elif args.command == "paired":
        paired(args.first, args.second)
    else:
        course(args.games, args.seed, args.union, args.confederate)


if __name__ == "__main__":
    main()
