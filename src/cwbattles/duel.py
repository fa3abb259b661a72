"""Duels: two bots play N games, swapping sides every game, and the results are summed up.

Game i uses the dice seed ``game_seed(S, i // 2)``: the two games of a pair are played on the
same seed, once with each bot on each side. Each game's seed depends only on S and its index,
so the results are the same whatever the number of worker processes (only the times differ;
bots with a time budget are the exception, as their search depends on the machine's speed).

Where one side nearly always wins, wins say little about the bots. Two finer measures:
``komi_wins`` counts wins against a usual margin, and ``side_gains`` compares each game with
the same dice played by bot b against itself (baseline duels' journals): how much better or
worse a did than b would have on that side, with those dice. A baseline is best made of several
duels of b against itself that differ only in ``bot_seed`` (the seeds the bots break ties
with): one such game is itself a draw of luck, which would weigh on a's two sides alike and
with opposite signs (docs/bots.md).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

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


def play_game(game_name: str, index: int, seed: int, a: str, b: str, options=None, bot_seed: int = 0) -> dict:
    """Game ``index`` of a duel: bot a is the Union in even games, the Confederates in odd ones.
    The bots' own seeds derive from the dice seed, moved by ``bot_seed``: the same dice and
    bots with another ``bot_seed`` are another game wherever a bot draws on chance."""
    game = _load(game_name, options)
    s = game_seed(seed, index // 2)
    a_side = SIDES[index % 2]
    specs = {a_side: a, SIDES[1 - index % 2]: b}
    bots = {side: make_bot(specs[side], seed=s * 2 + 1 + k + bot_seed) for k, side in enumerate(SIDES)}
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


def read_journal(path: str, header: dict, ignore=()) -> dict:
    """The games already finished in the journal at ``path`` ({index: result}); an empty dict
    if there is no such file. The journal must belong to the same duel (its first line), keys
    in ``ignore`` aside."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return {}
    lines = text.split("\n")
    if not text.endswith("\n"):
        lines = lines[:-1]              # a line cut short by a stopped run: that game is played again
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ValueError(f"{path}: line 1 is not JSON (the journal's header)") from None
    got = first.get("duel") if isinstance(first, dict) else None

    def without(h):
        return {k: v for k, v in h.items() if k not in ignore} if isinstance(h, dict) else h
    if without(got) != without(header):
        raise ValueError(f"{path}: key 'duel' on line 1 is {first.get('duel') if isinstance(first, dict) else first!r}, "
                         f"not this duel {header}; use another journal file")
    done = {}
    for n, line in enumerate(lines[1:], start=2):
        try:
            r = json.loads(line)
            done[int(r["game"])] = r
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            raise ValueError(f"{path}: line {n} is not a game result (JSON with a 'game' key)") from None
    return done


def duel(game_name: str, a: str, b: str, games: int, seed: int = 0, workers: int = 1, options=None,
         progress=None, journal: str | None = None, komi: float | None = None,
         baseline=None, bot_seed: int = 0) -> dict:
    """Play ``games`` games between bots a and b; a summary as a JSON-ready dict.

    With ``journal`` (a file path), each finished game is appended to that file as one JSON
    line as soon as it ends, and games already in it are not played again: a long duel that is
    stopped is resumed by running the same command. ``komi`` (VP) adds wins counted against
    that margin (``komi_wins``); it changes no game, so a journal is read whatever it is.
    ``baseline``: the journal, or a list of journals, of b against itself on the same seed
    (``read_baseline``); each game is then compared with b's games on the same dice
    (``side_gains``). ``bot_seed`` moves the bots' seeds (``play_game``); it is part of the
    duel, so a journal holds games of one ``bot_seed``."""
    parse_spec(a), parse_spec(b)                 # fail early on a bad spec
    header = {"game": game_name, "a": a, "b": b, "seed": seed, "options": dict(sorted((options or {}).items()))}
    if bot_seed:
        header["bot_seed"] = bot_seed            # absent when 0: journals made before it still match
    if isinstance(baseline, str):
        baseline = [baseline]
    base = read_baseline(baseline, {**header, "a": b}) if baseline else None
    done = read_journal(journal, header) if journal else {}
    results = [r for i, r in sorted(done.items()) if i < games]
    for r in results:
        if progress:
            progress(r)
    # bot b against itself: a pair's second game is its first again (the bots' seeds go with
    # the side, not with a or b), unless a time budget lets the machine's speed decide
    mirror = a == b and parse_spec(a)[1]["seconds"] is None
    jobs = [(game_name, i, seed, a, b, options, bot_seed) for i in range(games)
            if i not in done and not (mirror and i % 2)]
    out_file = None
    if journal and any(i not in done for i in range(games)):
        # rewritten whole (into a new file, then renamed), so that no line cut short stays in it;
        # left alone when there is nothing to add, so that a duel still playing into it can be
        # summed up meanwhile
        with open(journal + ".tmp", "w", encoding="utf-8") as f:
            f.write(json.dumps({"duel": header}) + "\n")
            for r in sorted(done.values(), key=lambda r: r["game"]):
                f.write(json.dumps(r) + "\n")
        os.replace(journal + ".tmp", journal)
        out_file = open(journal, "a", encoding="utf-8")

    def finished(r):
        results.append(r)
        if out_file:
            out_file.write(json.dumps(r) + "\n")
            out_file.flush()
        if progress:
            progress(r)
        i = r["game"]
        if mirror and i % 2 == 0 and i + 1 < games and i + 1 not in done:
            finished({**r, "game": i + 1, "a_side": SIDES[1]})

    start = time.perf_counter()
    try:
        if mirror:           # a pair whose first game is in the journal and its second not
            for i in range(1, games, 2):
                if i not in done and i - 1 in done:
                    finished({**done[i - 1], "game": i, "a_side": SIDES[1]})
        if workers > 1 and len(jobs) > 1:
            with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
                for fut in as_completed([pool.submit(_run, job) for job in jobs]):
                    finished(fut.result())
        else:
            for job in jobs:
                finished(_run(job))
    finally:
        if out_file:
            out_file.close()
    wall = time.perf_counter() - start
    results.sort(key=lambda r: r["game"])
    out = summarize(game_name, a, b, seed, workers, results, wall, komi)
    if bot_seed:
        out["bot_seed"] = bot_seed
    if base is not None:
        out["side_gains"] = side_gains(results, base)
        out["baselines"] = len(baseline)
    out["games_from_journal"] = sum(1 for i in done if i < games)
    return out


def read_baseline(paths: list, header: dict) -> dict:
    """The Union's mean margin on each dice seed ({seed: margin}) in the journals at ``paths``
    of duels of bot b against itself (``header``: that duel's game, bots,
    seed and options; the same seed gives the same dice seeds; any ``bot_seed``). A seed's games
    are averaged: its two games in one journal (the same game, as the bots' seeds go with the
    side, unless a time budget made the bot search otherwise), and each journal weighs alike.
    Seeds missing from any journal are left out."""
    per_journal = []
    for path in paths:
        if not os.path.exists(path):
            raise ValueError(f"{path}: no such baseline journal; make it with cwbattles duel "
                             f"{header['game']} --a {header['b']} --b {header['b']} --seed {header['seed']} --journal {path}")
        done = read_journal(path, header, ignore=("bot_seed",))
        if not done:
            raise ValueError(f"{path}: the baseline journal holds no finished game")
        by_seed: dict = {}
        for r in done.values():
            by_seed.setdefault(r["seed"], []).append(r["margin"])
        per_journal.append({s: sum(m) / len(m) for s, m in by_seed.items()})
    seeds = set.intersection(*(set(j) for j in per_journal))
    return {s: sum(j[s] for j in per_journal) / len(per_journal) for s in seeds}


def side_gains(results, baseline: dict) -> dict:
    """Bot a against bot b side by side: for each game whose dice seed is in ``baseline`` (b v b
    on the same dice, ``read_baseline``), a's gain is the VP margin it got on its side minus the
    margin b got there (positive: a did better). Per side: the games compared, the mean gain with
    a 95% interval, and in how many games a did better, the same, or worse than b."""
    out = {}
    for side in SIDES:
        gains = []
        for r in results:
            if r["a_side"] != side or r["seed"] not in baseline:
                continue
            d = r["margin"] - baseline[r["seed"]]
            gains.append(d if side == "union" else -d)
        better = sum(1 for g in gains if g > 0)
        out[side] = {"games": len(gains),
                     "mean_gain": round(sum(gains) / len(gains), 3) if gains else None,
                     "mean_gain_ci95": mean_ci(gains),
                     "better": better, "same": sum(1 for g in gains if g == 0),
                     "worse": sum(1 for g in gains if g < 0),
                     "better_rate_ci95": wilson(better, len(gains))}
    return out


def mean_ci(values: list, z: float = 1.96) -> list:
    """A normal 95% interval of the mean of ``values`` ([mean, mean] with fewer than two)."""
    n = len(values)
    if n == 0:
        return [None, None]
    m = sum(values) / n
    if n < 2:
        return [round(m, 3), round(m, 3)]
    half = z * math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1) / n)
    return [round(m - half, 3), round(m + half, 3)]


def pair_margins(results) -> list:
    """Bot a's mean VP margin over each pair of games on one seed (a as the Union in the even
    game, as the Confederates in the odd one), for the pairs with both games finished. The
    dice and the side's advantage weigh alike on both games, so these vary far less than
    single games, and their mean is the same as a's mean margin over those games."""
    by = {r["game"]: r["margin"] for r in results}
    return [(by[i] - by[i + 1]) / 2 for i in sorted(by) if i % 2 == 0 and i + 1 in by]


def komi_wins(results, komi: float) -> dict:
    """Wins counted against ``komi`` VP (as in go): the Union wins a game if its margin is
    more than komi, the Confederates if it is less, and a margin of exactly komi is a draw.
    In a game one side nearly always wins between bots of like strength, a komi near their
    usual margin makes a win on either side mean the bot played better than its opponent."""
    out = {"komi": komi}
    for who in ("a", "b"):
        row = {}
        for side in SIDES:
            games = [r for r in results if (r["a_side"] == side) == (who == "a")]
            won = sum(1 for r in games if (r["margin"] > komi if side == "union" else r["margin"] < komi))
            drawn = sum(1 for r in games if r["margin"] == komi)
            row[f"wins_as_{side}"], row[f"draws_as_{side}"], row[f"games_as_{side}"] = won, drawn, len(games)
        n = row["games_as_union"] + row["games_as_confederate"]
        wins = row["wins_as_union"] + row["wins_as_confederate"]
        row["win_rate"] = round(wins / n, 4) if n else None
        row["win_rate_ci95"] = wilson(wins, n)
        out[who] = row
    return out


def summarize(game_name, a, b, seed, workers, results, wall, komi: float | None = None) -> dict:
    out = {"game": game_name, "games": len(results), "seed": seed, "workers": workers}
    pairs = pair_margins(results)
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
            "pairs": len(pairs),
            "pair_margin_ci95": mean_ci(pairs if who == "a" else [-x for x in pairs]),
            "mean_seconds_per_decision": round(secs / decs, 6) if decs else None,
            "decisions": decs,
        }
    if komi is not None:
        out["komi"] = komi_wins(results, komi)
    out["union_wins"] = sum(1 for r in results if r["winner"] == "union")
    out["mean_decisions_per_game"] = round(sum(sum(r["decisions"].values()) for r in results) / max(1, len(results)), 1)
    out["wall_seconds"] = round(wall, 2)
    out["results"] = [{"game": r["game"], "seed": r["seed"], "union": a if r["a_side"] == "union" else b,
                       "confederate": b if r["a_side"] == "union" else a, "winner": r["winner"],
                       "margin": r["margin"]} for r in results]
    return out

