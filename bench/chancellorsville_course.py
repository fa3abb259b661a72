"""Chancellorsville's course of the day between two bots, turn by turn, beside history (issue 30,
point 1): at the end of each Game-Turn, the strength each side has lost, who holds each victory
hex (23.61 as the game scores it at the end), and where the armies are (each side's strength on
the H sheet, and within 3 hexes of H1928, the west end); the history column is the turn record's
events (data/turns.toml).

    python bench/chancellorsville_course.py --union commander:8p --confederate commander:8p --games 12 --seed 2
"""

from __future__ import annotations

import argparse
import statistics
import tomllib

import cwbattles
from cwbattles.games.chancellorsville.victory import holder
from cwbattles.systems.blue_and_gray.state import ELIMINATED
from cwbattles.sim.runner import play_one


def play(game, seed: int, index: int, union: str, confederate: str) -> dict:
    west = game.board.distances_from(game.board.index["H1928"])
    on_h = [game.board.ids[h].startswith("H") for h in range(len(game.board))]
    turns: dict = {}
    last = [1]

    def watch(state):
        if state.turn == last[0] and not state.is_over:
            return
        lost, on_sheet, near = [0, 0], [0, 0], [0, 0]
        for u, h in enumerate(state.hex):
            unit = game.units[u]
            if unit.type == "leader":
                continue
            if h == ELIMINATED:
                lost[unit.side] += unit.strength
            elif h >= 0:
                on_sheet[unit.side] += unit.strength if on_h[h] else 0
                near[unit.side] += unit.strength if west[h] <= 3 else 0
        turns[last[0]] = {"lost": lost, "on_h": on_sheet, "near_west": near,
                          "held": [holder(state, i) for i in range(len(game.victory_hexes))]}
        last[0] = state.turn

    row = play_one((game.name, dict(game.options), union, confederate, seed, index), watch, game)
    if row["error"]:
        raise SystemExit(f"game {index} of seed {seed} crashed: {row['error']}")
    row["turns"] = turns
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--union", default="heuristic")
    ap.add_argument("--confederate", default="heuristic")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    game = cwbattles.load("chancellorsville")
    with open(game.data_dir / "turns.toml", "rb") as f:
        events = {t["number"]: t.get("events", "") for t in tomllib.load(f)["turn"]}
    games = [play(game, args.seed, i, args.union, args.confederate) for i in range(args.games)]
    ids = [game.board.ids[h] for h in game.victory_hexes]
    print(f"{args.union} (Union) v {args.confederate} (Confederates), {len(games)} games of run seed {args.seed}\n")
    print("| end of Game-Turn | lost U / C | strength on H: U / C | within 3 of H1928: U / C | "
          "victory hexes held (Confederate / Union games) | history |")
    print("|---|---|---|---|---|---|")
    for t in range(1, max(t for g in games for t in g["turns"]) + 1):
        rows = [g["turns"][t] for g in games if t in g["turns"]]
        k = len(rows)
        mean = lambda key, i: statistics.fmean(r[key][i] for r in rows)  # noqa: E731
        held = " ".join(f"{hid} {sum(r['held'][i] == 1 for r in rows)}/{sum(r['held'][i] == 0 for r in rows)}"
                        for i, hid in enumerate(ids))
        print(f"| {t} {game.turn_labels[t - 1]} | {mean('lost', 0):.1f} / {mean('lost', 1):.1f} | "
              f"{mean('on_h', 0):.0f} / {mean('on_h', 1):.0f} | {mean('near_west', 0):.0f} / {mean('near_west', 1):.0f} | "
              f"{held} | {events.get(t, '')} |")
    wins = sum(g["winner"] == "confederate" for g in games)
    print(f"\nConfederate wins {wins} of {len(games)}; Union margin mean "
          f"{statistics.fmean(g['margin'] for g in games):+.1f}")


if __name__ == "__main__":
    main()
