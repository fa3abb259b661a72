"""A ladder of the bots: duels between every pair, then Elo ratings fitted to all the results.

    python bench/ladder.py                       # defaults: about 10 minutes on 2 cores
    python bench/ladder.py --games 20 --mcts 100,400 --workers 4      # longer, stronger
    python bench/ladder.py --bots random,heuristic,mcts:1s --games 40 --json
    python bench/ladder.py --komi 24.5 --journal-dir ladder/       # Elo from wins against a komi

Every pair plays ``--games`` games (``--cheap-games`` for pairs without a search bot, which
take seconds), sides swapped every game, dice seeds derived from ``--seed`` (the duels of
``cwbattles duel``). Ratings: Bradley-Terry maximum likelihood on the Elo scale (400 points
= 10:1 odds), with one virtual drawn game per pair so that a clean sweep stays finite;
``random`` is anchored at 0. Prints the table (and the pairwise results), or one JSON object.

When one side wins nearly every game whoever plays it (Cedar Creek between any two bots
better than random: the Union), win rates cannot tell the bots apart; the table therefore
also gives a VP rating: the r that best fit "mean VP margin of a over b = r[a] - r[b]" over all
pairs (least squares weighted by games; random = 0), and each pair's line gives its margin.
With ``--komi K`` the Elo ratings come from wins counted against a Union margin of K
(``cwbattles duel --komi``; a drawn game counts half to each), which both sides can win.
With ``--journal-dir DIR`` each pair's games go to DIR/<a>-v-<b>.jsonl as they end (``duel
--journal``): a stopped ladder resumes where it stopped, and a finished one is summed up
again with another komi without playing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time

from cwbattles.duel import duel


def fit_elo(players, results, prior_games: float = 1.0, anchor: str | None = None) -> dict:
    """Elo ratings from {(a, b): (wins of a, wins of b)}: the Bradley-Terry MM algorithm, with
    ``prior_games`` virtual games per pair split evenly."""
    wins = {p: 0.0 for p in players}
    games = {}
    for (a, b), (wa, wb) in results.items():
        wins[a] += wa + prior_games / 2
        wins[b] += wb + prior_games / 2
        n = wa + wb + prior_games
        games[a, b] = games.get((a, b), 0) + n
        games[b, a] = games.get((b, a), 0) + n
    gamma = {p: 1.0 for p in players}
    for _ in range(10000):
        new = {}
        for p in players:
            denom = sum(n / (gamma[p] + gamma[q]) for (x, q), n in games.items() if x == p)
            new[p] = wins[p] / denom if denom else gamma[p]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {p: v / scale for p, v in new.items()}
        done = max(abs(math.log(new[p] / gamma[p])) for p in players) < 1e-10
        gamma = new
        if done:
            break
    elo = {p: 400 * math.log10(gamma[p]) for p in players}
    if anchor in elo:
        shift = elo[anchor]
        elo = {p: v - shift for p, v in elo.items()}
    return elo


def komi_score(k: dict) -> tuple:
    """(score of a, score of b) from ``duel``'s wins against a komi: a draw is half a win each."""
    def score(row):
        return (row["wins_as_union"] + row["wins_as_confederate"]
                + (row["draws_as_union"] + row["draws_as_confederate"]) / 2)
    return score(k["a"]), score(k["b"])


def fit_margins(players, margins, anchor: str | None = None) -> dict:
    """VP ratings from {(a, b): (mean VP margin of a over b, games)}: the r that best fit
    margin(a, b) = r[a] - r[b] in the least-squares sense, weighted by games."""
    r = {p: 0.0 for p in players}
    for _ in range(5000):
        delta = 0.0
        for p in players:
            num = den = 0.0
            for (a, b), (m, n) in margins.items():
                if a == p:
                    num += n * (r[b] + m)
                    den += n
                elif b == p:
                    num += n * (r[a] - m)
                    den += n
            if den:
                new = num / den
                delta = max(delta, abs(new - r[p]))
                r[p] = new
        if delta < 1e-9:
            break
    shift = r[anchor] if anchor in r else sum(r.values()) / len(r)
    return {p: v - shift for p, v in r.items()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cedar-creek")
    ap.add_argument("--bots", default=None, help="comma-separated bot specs (default: random, heuristic and "
                                                   "mcts at the --mcts budgets)")
    ap.add_argument("--mcts", default="8,24", help="simulation budgets (or times like 1s) of the two mcts bots")
    ap.add_argument("--games", type=int, default=6, help="games per pair with a search bot")
    ap.add_argument("--cheap-games", type=int, default=20, help="games per pair without a search bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2, help="games played at once")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--komi", type=float, default=None, help="Elo from wins against this Union VP margin")
    ap.add_argument("--journal-dir", default=None, help="keep each pair's games in DIR/<a>-v-<b>.jsonl")
    a = ap.parse_args(argv)
    bots = a.bots.split(",") if a.bots else ["random", "heuristic"] + [f"mcts:{b}" for b in a.mcts.split(",")]
    start = time.perf_counter()
    results, duels, pair_margins = {}, [], {}
    for x, y in itertools.combinations(bots, 2):
        n = a.games if any(b.startswith("mcts") for b in (x, y)) else a.cheap_games
        t0 = time.perf_counter()
        journal = None
        if a.journal_dir:
            os.makedirs(a.journal_dir, exist_ok=True)
            journal = os.path.join(a.journal_dir, f"{x}-v-{y}.jsonl".replace(":", "_"))
        out = duel(a.game, x, y, n, a.seed, a.workers, journal=journal, komi=a.komi)
        if a.komi is None:
            results[x, y] = (out["a"]["wins"], out["b"]["wins"])
        else:
            results[x, y] = komi_score(out["komi"])
        pair_margins[x, y] = (out["a"]["mean_vp_margin"], n)
        duels.append({"a": x, "b": y, "games": n, "wins_a": out["a"]["wins"], "wins_b": out["b"]["wins"],
                      "a_as_union": f"{out['a']['wins_as_union']}/{out['a']['games_as_union']}",
                      "a_as_confederate": f"{out['a']['wins_as_confederate']}/{out['a']['games_as_confederate']}",
                      "mean_vp_margin_a": out["a"]["mean_vp_margin"],
                      "ms_per_decision": {x: round((out["a"]["mean_seconds_per_decision"] or 0) * 1000, 2),
                                          y: round((out["b"]["mean_seconds_per_decision"] or 0) * 1000, 2)},
                      "seconds": round(time.perf_counter() - t0, 1)})
        if a.komi is not None:
            duels[-1]["komi_score"] = list(results[x, y])
        if not a.json:
            d = duels[-1]
            against = f"; against komi {a.komi:g}: {results[x, y][0]:g}-{results[x, y][1]:g}" if a.komi is not None else ""
            print(f"{x:>14} vs {y:<14} {d['wins_a']:>3}-{d['wins_b']:<3} ({n} games; {x} as Union "
                  f"{d['a_as_union']}, as Confederate {d['a_as_confederate']}; {x}'s mean VP margin "
                  f"{d['mean_vp_margin_a']:+.2f}{against}; {d['seconds']} s)", flush=True)
    anchor = "random" if "random" in bots else None
    elo = fit_elo(bots, results, anchor=anchor)
    vp = fit_margins(bots, pair_margins, anchor=anchor)
    table = []
    for p in sorted(bots, key=lambda p: -elo[p]):
        w = sum(results[k][0] if k[0] == p else results[k][1] for k in results if p in k)
        n = sum(d["games"] for d in duels if p in (d["a"], d["b"]))
        ms = [d["ms_per_decision"][p] for d in duels if p in d["ms_per_decision"]]
        table.append({"bot": p, "elo": round(elo[p]), "vp_rating": round(vp[p], 2), "games": n, "wins": w,
                      "win_rate": round(w / n, 3) if n else None,
                      "ms_per_decision": round(sum(ms) / len(ms), 2) if ms else None})
    wall = round(time.perf_counter() - start, 1)
    if a.json:
        json.dump({"game": a.game, "seed": a.seed, "komi": a.komi, "bots": bots, "elo": table, "duels": duels,
                   "seconds": wall},
                  sys.stdout)
        print()
        return
    print()
    print(f"{'bot':<16}{'Elo':>7}{'VP rating':>11}{'games':>7}{'wins':>6}{'win %':>7}{'ms/decision':>13}")
    for r in table:
        print(f"{r['bot']:<16}{r['elo']:>7}{r['vp_rating']:>+11.2f}{r['games']:>7}{r['wins']:>6g}"
              f"{100 * (r['win_rate'] or 0):>6.0f}%{r['ms_per_decision']:>13}")
    won = f"wins against a komi of {a.komi:g} VP (draws half)" if a.komi is not None else "wins"
    print(f"({wall} s; Elo from {won}, anchored at random = 0, one virtual draw per pair; VP rating: "
          f"least-squares fit of the pairs' mean VP margins, random = 0)")


if __name__ == "__main__":
    main()
