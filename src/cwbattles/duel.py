"""Duels: two bots play N games, swapping sides every game, and the results are summed up.

Game i uses the dice seed ``game_seed(S, i // 2)``: the two games of a pair are played on the
same seed, once with each bot on each side. Each game's seed depends only on S and its index,
so the results are the same whatever the number of worker processes (only the times differ;
bots with a time budget are the exception, as their search depends on the machine's speed).
"""

from __future__ import annotations

import hashlib
import math
import time
from concurrent.futures import ProcessPoolExecutor

import cwbattles
from cwbattles.bots import make_bot, parse_spec

SIDES = ("union", "confederate")


def game_seed(seed: int, pair: int) -> int:
    """The dice seed of pair ``pair`` of a duel started with ``seed`` (a 31-bit integer)."""
    return int.from_bytes(hashlib.sha256(f"duel:{seed}:{pair}".encode()).digest()[:4], "big") >> 1


def wilson(wins: int, n: int, z: float = 1.96) -> list:
    """Wilson score interval of a win rate (95% with z = 1.96)."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


_GAMES: dict = {}


def _load(name: str, options):
    key = (name, tuple(sorted((options or {}).items())))
    if key not in _GAMES:
        _GAMES[key] = cwbattles.load(name, options=options)
    return _GAMES[key]


def play_game(game_name: str, index: int, seed: int, a: str, b: str, options=None) -> dict:
    """Game ``index`` of a duel: bot a is the Union in even games, the Confederates in odd ones."""
    game = _load(game_name, options)
    s = game_seed(seed, index // 2)
    a_side = SIDES[index % 2]
    specs = {a_side: a, SIDES[1 - index % 2]: b}
    bots = {side: make_bot(specs[side], seed=s * 2 + 1 + k) for k, side in enumerate(SIDES)}
    state = game.new_game(seed=s)
    seconds = {side: 0.0 for side in SIDES}
    decisions = {side: 0 for side in SIDES}
    try:
        while not state.is_over:
            side = state.to_act
            t0 = time.perf_counter()
            action = bots[side].choose(state)
            seconds[side] += time.perf_counter() - t0
            decisions[side] += 1
            state.apply(action)
    finally:
        for bot in bots.values():
            bot.close()
    res = state.result
    return {"game": index, "seed": s, "a_side": a_side, "winner": res["winner"], "margin": res["margin"],
            "vp": {side: res[side]["total"] for side in SIDES},
            "decisions": decisions, "seconds": {k: round(v, 4) for k, v in seconds.items()}}


def _run(args):
    return play_game(*args)


def duel(game_name: str, a: str, b: str, games: int, seed: int = 0, workers: int = 1, options=None,
         progress=None) -> dict:
    """Play ``games`` games between bots a and b; a summary as a JSON-ready dict."""
    parse_spec(a), parse_spec(b)                 # fail early on a bad spec
    jobs = [(game_name, i, seed, a, b, options) for i in range(games)]
    start = time.perf_counter()
    results = []
    if workers > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=min(workers, games)) as pool:
            for r in pool.map(_run, jobs):
                results.append(r)
                if progress:
                    progress(r)
    else:
        for job in jobs:
            r = _run(job)
            results.append(r)
            if progress:
                progress(r)
    wall = time.perf_counter() - start
    results.sort(key=lambda r: r["game"])
    return summarize(game_name, a, b, seed, workers, results, wall)


def summarize(game_name, a, b, seed, workers, results, wall) -> dict:
    out = {"game": game_name, "games": len(results), "seed": seed, "workers": workers}
    for who, spec in (("a", a), ("b", b)):
        mine = [(r, r["a_side"] if who == "a" else SIDES[1 - SIDES.index(r["a_side"])]) for r in results]
        as_side = {side: [r for r, s in mine if s == side] for side in SIDES}
        wins_side = {side: sum(1 for r in as_side[side] if r["winner"] == side) for side in SIDES}
        wins = sum(wins_side.values())
        n = len(results)
        margins = [(r["margin"] if s == "union" else -r["margin"]) for r, s in mine]
        secs = sum(r["seconds"][s] for r, s in mine)
        decs = sum(r["decisions"][s] for r, s in mine)
        out[who] = {
            "bot": spec,
            "wins": wins,
            "wins_as_union": wins_side["union"], "games_as_union": len(as_side["union"]),
            "wins_as_confederate": wins_side["confederate"], "games_as_confederate": len(as_side["confederate"]),
            "win_rate": round(wins / n, 4) if n else None,
            "win_rate_ci95": wilson(wins, n),
            "mean_vp_margin": round(sum(margins) / n, 3) if n else None,
            "mean_seconds_per_decision": round(secs / decs, 6) if decs else None,
            "decisions": decs,
        }
    out["union_wins"] = sum(1 for r in results if r["winner"] == "union")
    out["mean_decisions_per_game"] = round(sum(sum(r["decisions"].values()) for r in results) / max(1, len(results)), 1)
    out["wall_seconds"] = round(wall, 2)
    out["results"] = [{"game": r["game"], "seed": r["seed"], "union": a if r["a_side"] == "union" else b,
                       "confederate": b if r["a_side"] == "union" else a, "winner": r["winner"],
                       "margin": r["margin"]} for r in results]
    return out

