"""How well a game's evaluation predicts the final margin, game-turn by game-turn.

    nice -n 10 python bench/evaluation_error.py champion-hill [--games 10] [--seed 77]

Plays ``--games`` heuristic-v-heuristic games (dice seeds as ``cwbattles duel --seed`` makes
them) and reads ``knowledge.<game>.evaluate`` at the first decision of each side's stretch on
each game-turn. For each (game-turn, side to act) it prints the mean evaluation, the mean final
margin, their mean difference (bias: final minus predicted, Union's view), the root mean square
error and the correlation across games. A sign or scale fault shows as a correlation near or
below zero late in the game, or a bias growing with the turn.
"""

from __future__ import annotations

import argparse
import statistics as st

import cwbattles
from cwbattles.bots import knowledge, make_bot
from cwbattles.duel import SIDES, game_seed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=77)
    args = ap.parse_args()
    game = cwbattles.load(args.game)
    kn = knowledge.for_game(game)
    rows: dict = {}
    for i in range(args.games):
        s = game.new_game(seed=game_seed(args.seed, i))
        bots = {side: make_bot("heuristic", seed=i * 2 + k) for k, side in enumerate(SIDES)}
        seen: dict = {}
        while not s.is_over:
            seen.setdefault((s.turn, s.to_act), kn.evaluate(s))
            s.apply(bots[s.to_act].choose(s))
        for key, value in seen.items():
            rows.setdefault(key, []).append((value, s.result["margin"]))
    for (turn, side), r in sorted(rows.items()):
        ev = [e for e, _ in r]
        fin = [m for _, m in r]
        err = [m - e for e, m in r]
        corr = st.correlation(ev, fin) if len(r) > 2 and st.pstdev(ev) > 0 and st.pstdev(fin) > 0 else float("nan")
        print(f"turn {turn:2d} {side:12s} games {len(r):3d}  evaluation {st.mean(ev):+8.1f}  final {st.mean(fin):+8.1f}"
              f"  bias {st.mean(err):+6.1f}  rms error {st.mean(x * x for x in err) ** 0.5:6.1f}  correlation {corr:+.2f}")


if __name__ == "__main__":
    main()
