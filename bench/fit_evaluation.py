"""Fit the weights of an evaluation's terms to the final margins of heuristic games.

    python bench/fit_evaluation.py [--game cedar-creek] [--games 400] [--seed 20000]
                                   [--workers 2] [--every 12] [--bootstrap 100]

Plays ``--games`` heuristic-v-heuristic games (dice seeds from ``--seed`` on) and keeps about
one position in ``--every`` decisions, with each term of the game's evaluation there
(``knowledge.<game>.terms``) and the margin the game ended with. Then it fits, by least
squares, margin = a constant for each turn + the sum of weight * term: the constants take up
what the terms cannot tell from the turn alone (the side ahead on the clock), so the weights
measure how well each term tells a better position from a worse one on the same turn, which
is what a search needs. One game in four is held out: the bench prints the error of the
margin predicted there with the weights in use and with the fitted ones, each weight with its
standard error over games resampled (``--bootstrap``), and the fitted weights as a
``[weights]`` table for ``weights.toml``. Numbers only; nothing is written.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import cwbattles
from cwbattles.bots import knowledge, make_bot


def sample_game(args) -> list:
    """[(turn, {term: value}, final margin)] at about one decision in ``every``."""
    game_name, seed, every = args
    game = cwbattles.load(game_name)
    kn = knowledge.for_game(game)
    state = game.new_game(seed=seed)
    bots = {side: make_bot("heuristic", seed=seed * 2 + 1 + k) for k, side in enumerate(type(state).SIDES)}
    rng = random.Random(seed)
    rows = []
    while not state.is_over:
        if rng.randrange(every) == 0:
            rows.append((state.turn, kn.terms(state)))
        state.apply(bots[state.to_act].choose(state))
    margin = float(kn.evaluate(state))
    return [(turn, t, margin, seed) for turn, t in rows]


def least_squares(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The least-squares solution (a tiny ridge keeps a column that never varies harmless)."""
    return np.linalg.solve(X.T @ X + 1e-6 * np.eye(X.shape[1]), X.T @ y)


def design(turns: np.ndarray, T: np.ndarray, turn_list) -> np.ndarray:
    """One indicator column per turn, then the terms."""
    return np.column_stack([(turns == t).astype(float) for t in turn_list] + [T])


def fit(rows, names, weights_now, bootstrap: int = 100, seed: int = 0) -> dict:
    """Fitted weights, their bootstrap standard errors and held-out errors (see the module)."""
    turns = np.array([r[0] for r in rows])
    T = np.array([[r[1][n] for n in names] for r in rows], float)
    y = np.array([r[2] for r in rows], float)
    games = np.array([r[3] for r in rows])
    turn_list = sorted(set(turns.tolist()))
    k = len(turn_list)
    held = games % 4 == 0
    X = design(turns, T, turn_list)
    w = least_squares(X[~held], y[~held])
    now = T @ np.array([weights_now[n] for n in names])
    c_now = least_squares(design(turns, now[:, None], turn_list)[~held][:, :k], (y - now)[~held])
    err_now = np.sqrt(np.mean((design(turns, now[:, None], turn_list)[held][:, :k] @ c_now + now[held] - y[held]) ** 2))
    err_fit = np.sqrt(np.mean((X[held] @ w - y[held]) ** 2))
    w_all = least_squares(X, y)
    rng = np.random.default_rng(seed)
    ids = np.unique(games)
    by_game = {g: np.flatnonzero(games == g) for g in ids}
    draws = []
    for _ in range(bootstrap):
        idx = np.concatenate([by_game[g] for g in rng.choice(ids, len(ids))])
        draws.append(least_squares(X[idx], y[idx])[k:])
    se = np.std(draws, axis=0) if draws else np.zeros(len(names))
    return {"weights": dict(zip(names, w_all[k:].tolist())), "se": dict(zip(names, se.tolist())),
            "held_out_rmse_now": float(err_now), "held_out_rmse_fitted": float(err_fit),
            "positions": len(rows), "games": len(ids)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="cedar-creek")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--every", type=int, default=12)
    ap.add_argument("--bootstrap", type=int, default=100)
    args = ap.parse_args()
    kn = knowledge.for_game(args.game)
    jobs = [(args.game, s, args.every) for s in range(args.seed, args.seed + args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for game_rows in pool.map(sample_game, jobs) for r in game_rows]
    out = fit(rows, list(kn.TERMS), kn.WEIGHTS, args.bootstrap)
    print(f"{args.game}: {out['positions']} positions of {out['games']} heuristic games (seeds {args.seed}-"
          f"{args.seed + args.games - 1}); margin predicted in the games held out (one in four):")
    print(f"  error with the weights in use {out['held_out_rmse_now']:.3f} VP, fitted {out['held_out_rmse_fitted']:.3f} VP")
    print("term                  in use   fitted   (standard error)")
    for n in kn.TERMS:
        print(f"  {n:20s} {kn.WEIGHTS[n]:6.2f}  {out['weights'][n]:7.2f}   ({out['se'][n]:.2f})")
    print("\n[weights]")
    for n in kn.TERMS:
        print(f"{n} = {out['weights'][n]:.2f}")


if __name__ == "__main__":
    main()
