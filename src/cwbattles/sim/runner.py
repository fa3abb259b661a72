"""Playing many games and writing one row per game.

Each game's seed is derived from the run's seed and the game's index, so a run gives the same
rows, in the same order, whatever the number of workers or the backend.
"""

from __future__ import annotations

import os
import time
import traceback

import cwbattles
from cwbattles.bots import make_bot

_MASK = (1 << 64) - 1


def game_seed(run_seed: int, index: int) -> int:
    """SplitMix64 of (run seed, index): independent, reproducible seeds for each game."""
    z = (run_seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) & 0x7FFFFFFF


_GAMES: dict = {}


def _game(name: str, options: dict):
    key = (name, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = cwbattles.load(name, options=options or None)
    return _GAMES[key]


def play_one(task: tuple, watch=None, game=None) -> dict:
    """One game: (game name, options, union bot, confederate bot, run seed, index) -> a row.
    A crash becomes a row with its error and seed, never an exception. ``watch(state)``, if
    given, sees the state after every action; ``game``, if given, is played instead of the
    one the name and options load (both for studies of a game's course and data, bench/)."""
    name, options, union, confederate, run_seed, index = task
    seed = game_seed(run_seed, index)
    row = {"index": index, "seed": seed, "game": name, "union_bot": union, "confederate_bot": confederate,
           "options": ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "standard", "error": ""}
    start = time.perf_counter()
    decisions = 0
    try:
        game = game or _game(name, options)
        state = game.new_game(seed=seed)
        bots = {"union": make_bot(union, seed=seed * 2 + 1), "confederate": make_bot(confederate, seed=seed * 2 + 2)}
        while not state.is_over:
            state.apply(bots[state.to_act].choose(state))
            decisions += 1
            if watch is not None:
                watch(state)
        res = state.result
        row.update({"winner": res["winner"] or "draw", "margin": res["margin"]})
        for side in ("union", "confederate"):
            mine = res[side]
            row.update({f"{side}_vp": mine["total"], f"{side}_loss_vp": mine.get("loss_vp", 0),
                        f"{side}_zone_vp": mine.get("zone_vp", 0), f"{side}_losses": mine.get("losses", 0)})
        row.update(game.key_facts(state))
    except Exception as e:  # a crash is data: keep its seed and message, lose no other row
        row["error"] = f"{type(e).__name__}: {e} | {traceback.format_exc(limit=3).splitlines()[-1]}"
    row["decisions"] = decisions
    row["seconds"] = round(time.perf_counter() - start, 4)
    return row


def tasks(name, options, union, confederate, run_seed, n):
    return [(name, dict(options), union, confederate, run_seed, i) for i in range(n)]


def run_local(task_list, workers: int, on_row):
    """Local processes (or this process when workers == 1); rows come back in task order."""
    if workers <= 1:
        return [on_row(play_one(t)) for t in task_list]
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing
    ctx = multiprocessing.get_context("spawn" if os.name != "posix" else "fork")
    rows = [None] * len(task_list)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        chunk = max(1, min(8, len(task_list) // (workers * 8) or 1))
        for i, row in enumerate(pool.map(play_one, task_list, chunksize=chunk)):
            rows[i] = on_row(row)
    return rows


def run_ray(task_list, workers: int, address: str | None, on_row):
    """The same work on a Ray cluster (``address``) or a local Ray instance."""
    try:
        import ray
    except ImportError:
        raise SystemExit("the Ray backend needs Ray: pip install 'cwbattles[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or None, ignore_reinit_error=True, log_to_driver=False,
                     include_dashboard=False)
    try:
        remote_batch = ray.remote(_play_batch)
        size = max(1, min(16, len(task_list) // max(1, workers * 4)))
        batches = [task_list[i:i + size] for i in range(0, len(task_list), size)]
        refs = [remote_batch.remote(b) for b in batches]
        pending = {ref: k for k, ref in enumerate(refs)}
        results: dict = {}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                k = pending.pop(ref)
                results[k] = [on_row(r) for r in ray.get(ref)]
        return [row for k in range(len(batches)) for row in results[k]]
    finally:
        if started_here:
            ray.shutdown()


def _play_batch(batch):
    return [play_one(t) for t in batch]


def resolve_workers(workers) -> int:
    if workers in (None, "auto"):
        return os.cpu_count() or 1
    return max(1, int(workers))


def simulate(name, games, union="random", confederate="random", seed=0, workers="auto", backend="local",
             address=None, options=None, progress=None) -> list[dict]:
    """Play ``games`` games and return their rows in index order."""
    options = dict(cwbattles.load(name, options=options or None).options)
    task_list = tasks(name, options, union, confederate, seed, games)
    n = resolve_workers(workers)
    on_row = progress or (lambda row: row)
    if backend == "ray":
        return run_ray(task_list, n, address, on_row)
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r} (local or ray)")
    return run_local(task_list, n, on_row)
