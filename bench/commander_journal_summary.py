"""Sum up a duel journal as it stands, without playing: the figures of docs/bots.md's strength
tables over whatever games the journal holds (a duel stopped part-way, or one side's games only).

    python bench/commander_journal_summary.py bench/results/commander/cedar-mountain-cpu30s-i29weak.jsonl \
        --baseline bench/results/commander/cedar-mountain-heuristic-baseline-c8341d9.jsonl ...

Prints bot a's VP a game over the complete pairs (both games on the same dice) with its 95%
interval, its wins by side, and, against the baselines (b against itself on the same dice, their
mean a seed), its gain on each side with its 95% interval and the games better and worse.
``cwbattles duel ... --games N`` sums up too, but plays the games of the first N it lacks.
"""

from __future__ import annotations

import argparse
import json

from cwbattles.duel import SIDES, mean_ci, read_baseline, read_journal, side_gains


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("journal")
    ap.add_argument("--baseline", action="append", default=[])
    args = ap.parse_args()
    with open(args.journal, encoding="utf-8") as f:
        header = json.loads(f.readline())["duel"]
    results = sorted(read_journal(args.journal, header).values(), key=lambda r: r["game"])
    own = {r["game"]: (r["margin"] if r["a_side"] == "union" else -r["margin"]) for r in results}
    pairs = [(own[i] + own[i + 1]) / 2 for i in range(0, max(own, default=0) + 1, 2) if i in own and i + 1 in own]
    ci = mean_ci(pairs)
    print(f"{header['game']}: {len(results)} games, {len(pairs)} complete pairs")
    if pairs:
        print(f"  VP a game over pairs: {sum(pairs) / len(pairs):+.1f} (95% CI {ci[0]:+.1f} to {ci[1]:+.1f})")
    wins = {s: (sum(1 for r in results if r["a_side"] == s and r["winner"] == s),
                sum(1 for r in results if r["a_side"] == s)) for s in SIDES}
    print("  wins: " + ", ".join(f"as {s} {w}/{n}" for s, (w, n) in wins.items()))
    if args.baseline:
        base = read_baseline(args.baseline, {**header, "a": header["b"]})
        for side, g in side_gains(results, base).items():
            if g["games"]:
                lo, hi = g["mean_gain_ci95"]
                print(f"  as {side}: gain {g['mean_gain']:+.1f} (95% CI {lo:+.1f} to {hi:+.1f}), "
                      f"better {g['better']}, worse {g['worse']} of {g['games']}")


if __name__ == "__main__":
    main()
