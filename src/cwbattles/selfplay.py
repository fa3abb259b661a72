"""Playing whole games between bots, fast: the engine's smoke test and throughput measure."""

from __future__ import annotations

import time

import cwbattles
from cwbattles.bots import make_bot


def play_game(game, seed: int, union: str = "random", confederate: str = "random", recorder=None):
    """One full game; returns (final state, number of decisions)."""
    state = recorder.state if recorder else game.new_game(seed=seed)
    bots = {"union": make_bot(union, seed=seed * 2 + 1), "confederate": make_bot(confederate, seed=seed * 2 + 2)}
    decisions = 0
    while not state.is_over:
        action = bots[state.to_act].choose(state)
        if recorder:
            recorder.apply(action)
        else:
            state.apply(action)
        decisions += 1
    return state, decisions


def selfplay(name: str, games: int, seed: int, union="random", confederate="random", options=None) -> dict:
    game = cwbattles.load(name, options=options)
    wins = {"union": 0, "confederate": 0}
    vp = {"union": 0, "confederate": 0}
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        state, n = play_game(game, seed + i, union, confederate)
        res = state.result
        wins[res["winner"]] += 1
        for side in vp:
            vp[side] += res[side]["total"]
        decisions += n
    seconds = time.perf_counter() - start
    return {"game": name, "games": games, "seed": seed, "wins": wins,
            "mean_decisions": decisions / max(games, 1),
            "mean_vp": {k: v / max(games, 1) for k, v in vp.items()},
            "seconds": round(seconds, 3), "games_per_second": round(games / seconds, 3) if seconds else None}
