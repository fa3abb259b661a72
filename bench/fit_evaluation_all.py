"""Fit the commander's evaluation (``bots/fitted.py``) to the final margins of heuristic games,
for any of the four battles, and report how well it predicts held-out games turn by turn.

    nice -n 10 python bench/fit_evaluation_all.py play champion-hill --games 40 [--seed 9000]
    python bench/fit_evaluation_all.py fit champion-hill [--ridge 1.0] [--write]

``play`` plays heuristic-v-heuristic games (dice seeds as ``cwbattles duel --seed`` makes them,
one process) and appends to ``bench/results/commander/fit-rows-<game>.jsonl`` one line a game:
the features (``fitted.features``) at the first decision of each side's stretch on each game-turn
and the final margin; it resumes where the file ends. ``fit`` holds out one game in four (by
its index), fits turn constants and feature weights by ridge least squares on the rest, and
prints for the held-out games, game-turn by game-turn, the root mean square error and the
correlation with the final margin of the game's own evaluation and of the fitted one; then it
refits on every game and, with ``--write``, writes ``knowledge/<battle>/fitted_weights.toml``
(``use`` true where the fitted evaluation is no worse than the game's own on the held-out
games, paired game by game, and its weights are ``sensible``: the commander then plans with it).

Ridge: the feature columns are scaled to unit spread before the penalty, the turn constants are
not penalised; by default bounded so that the value never falls as the game's evaluation, the VP
or the places held rise (``ridge``, ``sensible``: rising with the evaluation, VP, places and units on the map, falling
with places threatened); ``--free`` fits without the bounds.
"""

from __future__ import annotations

import argparse
import json
import statistics as st
from pathlib import Path

import numpy as np

import cwbattles
from cwbattles.bots import fitted, knowledge, make_bot
from cwbattles.duel import SIDES, game_seed

RESULTS = Path(__file__).parent / "results" / "commander"


def rows_path(game_name: str) -> Path:
    return RESULTS / f"fit-rows-{game_name}.jsonl"


def play(game_name: str, games: int, seed: int) -> None:
    path = rows_path(game_name)
    done = len(path.read_text().splitlines()) if path.exists() else 0
    game = cwbattles.load(game_name)
    kn = knowledge.for_game(game)
    for i in range(done, games):
        s = game.new_game(seed=game_seed(seed, i))
        bots = {side: make_bot("heuristic", seed=i * 2 + k) for k, side in enumerate(SIDES)}
        seen: dict = {}
        while not s.is_over:
            key = f"{s.turn}:{s.to_act}"
            if key not in seen:
                seen[key] = fitted.features(s, kn)
            s.apply(bots[s.to_act].choose(s))
        line = {"game": i, "seed": seed, "margin": float(s.result["margin"]),
                "positions": [{"turn": int(k.split(":")[0]), "side": k.split(":")[1], "f": f} for k, f in seen.items()]}
        with path.open("a") as fh:
            fh.write(json.dumps(line) + "\n")
        print(f"{game_name} game {i}: margin {line['margin']:+.0f}, {len(seen)} positions", flush=True)


def load_rows(game_name: str):
    games = [json.loads(x) for x in rows_path(game_name).read_text().splitlines() if x.strip()]
    rows = [(g["game"], p["turn"], p["f"], g["margin"]) for g in games for p in g["positions"]]
    return rows


def design(rows, turn_list):
    turns = np.array([r[1] for r in rows])
    C = np.column_stack([(turns == t).astype(float) for t in turn_list])
    F = np.array([[r[2][n] for n in fitted.FEATURES] for r in rows], float)
    return C, F


MONOTONE = ("evaluation", "vp", "places")    # the value may not fall as these rise (``sensible``) ...
FALLING = ("threatened",)                       # ... nor rise with the Union's places threatened
RISING = ("on_map",)                            # ... nor fall with the Union's units on the map


def ridge(C, F, y, lam: float, monotone: bool = True):
    """Turn constants and weights minimising squared error + lam * |scaled weights|^2; with
    ``monotone``, subject to ``sensible``: each feature n of ``MONOTONE`` is refitted as
    n * (1 - left) and n * left, each weight at least 0 (its weight at the game's end and at
    its start), then turned back into ``n`` and ``n_x_left`` (bounded least squares, scipy)."""
    names = list(fitted.FEATURES)
    G = F.copy()
    if monotone:
        for n in MONOTONE + FALLING:
            G[:, names.index(n)] = F[:, names.index(n)] - F[:, names.index(f"{n}_x_left")]
    scale = G.std(axis=0)
    scale[scale == 0] = 1.0
    X = np.column_stack([C, G / scale])
    k = C.shape[1]
    A = np.vstack([X, np.column_stack([np.zeros((G.shape[1], k)), np.sqrt(lam) * np.eye(G.shape[1])])])
    t = np.concatenate([y, np.zeros(G.shape[1])])
    lower = np.full(X.shape[1], -np.inf)
    upper = np.full(X.shape[1], np.inf)
    if monotone:
        from scipy.optimize import lsq_linear
        for n in MONOTONE:
            lower[k + names.index(n)] = lower[k + names.index(f"{n}_x_left")] = 0.0
        for n in FALLING:
            upper[k + names.index(n)] = upper[k + names.index(f"{n}_x_left")] = 0.0
        for n in RISING:
            lower[k + names.index(n)] = 0.0
        w = lsq_linear(A, t, bounds=(lower, upper)).x
    else:
        w = np.linalg.lstsq(A, t, rcond=None)[0]
    c, g = w[:k], w[k:] / scale
    if monotone:                       # late weight a, early weight b: n = a, n_x_left = b - a
        for n in MONOTONE + FALLING:
            i, j = names.index(n), names.index(f"{n}_x_left")
            g[j] = g[j] - g[i]
    return c, g


def sensible(w: dict) -> bool:
    """Whether a planner may follow the fitted weights: the value rises with the game's own
    evaluation, the VP scored, the places held and the units on the map, and falls with the
    places threatened, at every share of the game left (0 to 1).
    A fit to heuristic games' margins predicts; it does not say what a choice is worth (where
    the heuristic holds a place only when losing, places predict a loss), so a weight that would
    have the planner give up places or VP is not used. Nor one by which a place held with the
    enemy near is worth less than not holding it (places plus threatened below zero): Cedar
    Mountain's refit on the heuristic of 2026-11-29 gave one (places 0 early, threatened -4.4),
    and a planner following it leaves every place the enemy comes near."""
    ends = (0.0, 1.0)

    def at(n: str, left: float) -> float:
        return w[n] + w[f"{n}_x_left"] * left

    return (all(at(n, left) >= -1e-9 for n in MONOTONE for left in ends)
            and all(at(n, left) <= 1e-9 for n in FALLING for left in ends)
            and all(at("places", left) + at("threatened", left) >= -1e-9 for left in ends)
            and all(w[n] >= -1e-9 for n in RISING))


def by_turn(rows, pred_own, pred_fit):
    out = {}
    for (g, t, f, m), a, b in zip(rows, pred_own, pred_fit):
        out.setdefault(t, []).append((a, b, m))
    return out


def corr(x, y) -> float:
    return st.correlation(x, y) if len(x) > 2 and st.pstdev(x) > 0 and st.pstdev(y) > 0 else float("nan")


def fit(game_name: str, lam: float, write: bool, monotone: bool = True) -> None:
    rows = load_rows(game_name)
    turn_list = sorted({r[1] for r in rows})
    held = np.array([r[0] % 4 == 0 for r in rows])
    y = np.array([r[3] for r in rows], float)
    C, F = design(rows, turn_list)
    c, w = ridge(C[~held], F[~held], y[~held], lam, monotone)
    pred = C @ c + F @ w
    own = F[:, fitted.FEATURES.index("evaluation")]
    hrows = [r for r, h in zip(rows, held) if h]
    n_games = len({r[0] for r in rows})
    print(f"{game_name}: {n_games} heuristic games, {len(rows)} positions; held out {len({r[0] for r in hrows})} games "
          f"({len(hrows)} positions); ridge {lam}{'' if monotone else ', free'}")
    tot_own = float(np.sqrt(np.mean((own[held] - y[held]) ** 2)))
    tot_fit = float(np.sqrt(np.mean((pred[held] - y[held]) ** 2)))
    print(f"  held-out RMSE, all turns: own evaluation {tot_own:.1f} VP, fitted {tot_fit:.1f} VP; "
          f"correlation own {corr(list(own[held]), list(y[held])):+.2f}, fitted {corr(list(pred[held]), list(y[held])):+.2f}")
    # paired over the held-out games: each game's mean squared error, fitted less own
    diff = {}
    for r, a, b in zip(hrows, own[held], pred[held]):
        diff.setdefault(r[0], []).append((b - r[3]) ** 2 - (a - r[3]) ** 2)
    d = [sum(v) / len(v) for v in diff.values()]
    half = 1.96 * st.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("inf")
    no_worse = st.mean(d) <= 0
    sane = sensible(dict(zip(fitted.FEATURES, w)))
    print(f"  paired over {len(d)} held-out games, mean squared error fitted less own: {st.mean(d):+.0f} VP^2 "
          f"(95% CI {st.mean(d) - half:+.0f} to {st.mean(d) + half:+.0f}): {'no worse' if no_worse else 'worse'}; "
          f"weights {'sensible' if sane else 'NOT sensible'} for planning")
    print("  turn  positions  RMSE own  RMSE fitted  corr own  corr fitted")
    for t, v in sorted(by_turn(hrows, own[held], pred[held]).items()):
        a = [x[0] for x in v]; b = [x[1] for x in v]; m = [x[2] for x in v]
        e1 = (sum((p - q) ** 2 for p, q in zip(a, m)) / len(v)) ** 0.5
        e2 = (sum((p - q) ** 2 for p, q in zip(b, m)) / len(v)) ** 0.5
        print(f"  {t:4d} {len(v):9d} {e1:9.1f} {e2:12.1f} {corr(a, m):+9.2f} {corr(b, m):+12.2f}")
    c_all, w_all = ridge(C, F, y, lam, monotone)
    print("  weights (all games):", ", ".join(f"{n} {x:+.3f}" for n, x in zip(fitted.FEATURES, w_all)))
    if write:
        kn = knowledge.for_game(game_name)
        path = Path(kn.__file__).with_name(fitted.FILE)
        lines = [f"# The commander's fitted evaluation for {game_name} (bots/fitted.py), written by",
                 f"# python bench/fit_evaluation_all.py fit {game_name} --ridge {lam}{'' if monotone else ' --free'} --write",
                 f"# from {n_games} heuristic games ({len(rows)} positions) in bench/results/commander/fit-rows-{game_name}.jsonl.",
                 f"# Held-out RMSE (one game in four): own evaluation {tot_own:.1f} VP, fitted {tot_fit:.1f} VP.",
                 "# use: whether the commander plans with it (fitted no worse than the game's own, paired).",
                 f"# Paired over {len(d)} held-out games, mean squared error fitted less own {st.mean(d):+.0f} VP^2"
                 f" (95% CI {st.mean(d) - half:+.0f} to {st.mean(d) + half:+.0f}).",
                 f"# Weights {'sensible' if sane else 'not sensible'} for planning (bench/fit_evaluation_all.py, sensible).",
                 f"use = {'true' if no_worse and sane else 'false'}", "", "[turn_constants]"]
        lines += [f'"{t}" = {x:.4f}' for t, x in zip(turn_list, c_all)]
        lines += ["", "[weights]"] + [f"{n} = {x:.6f}" for n, x in zip(fitted.FEATURES, w_all)]
        path.write_text("\n".join(lines) + "\n")
        print(f"  written {path}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("verb", choices=("play", "fit"))
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--free", action="store_true", help="no monotone bounds (see ridge)")
    args = ap.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    if args.verb == "play":
        play(args.game, args.games, args.seed)
    else:
        fit(args.game, args.ridge, args.write, not args.free)


if __name__ == "__main__":
    main()
