"""The Cedar Creek balance study: the course of the battle by turn between two equal bots, and
the sensitivity of the margin to each calibrated value of the order of battle (issue 18).

    python bench/cedar_creek_balance.py course --games 40 --seeds 11 12
    python bench/cedar_creek_balance.py course --games 100 --seeds 11 12 --option oob=returns
    python bench/cedar_creek_balance.py sensitivity --games 40 --seeds 11 12
    python bench/cedar_creek_balance.py course --games 40 --oob my-oob.toml     # a reading of one's own

Games are played in this one process with the seeds and bot seeds of ``cwbattles simulate``
(game k of run seed S is simulate's row k of ``--seed S``), so the figures here pair with a
simulate run's rows: the same games, seen turn by turn.

``course`` prints, at the end of each turn, the mean steps lost by each side, the brigades that
have routed at least once, the camps held by the Confederates, how often they hold Middletown,
and their brigades on the Union bank; then the final margin (mean and median with 95%
intervals) and the Confederate win rate (Wilson interval).

``sensitivity`` plays the same games with the calibrated oob.toml and with each group of its
calibrated values put back to the returns reading (oob-returns.toml) in turn, and prints each
group's effect on the mean margin: the mean of the paired differences, game by game, with its
95% interval. The groups are ``GROUPS`` below; docs/data-notes/cedar-creek-oob.md gives each
value's source and reason.
"""

from __future__ import annotations

import argparse
import math
import shutil
import statistics
import tempfile
import tomllib
from pathlib import Path

import cwbattles
from cwbattles.sim.report import wilson
from cwbattles.sim.results import write
from cwbattles.sim.runner import play_one

UNION, CONFEDERATE = 0, 1
# The Union's camps and works on the morning of 19 October (map zone ids).
CAMPS = ("thoburn-ridge", "hayes-camp", "kitching-camp", "xix-corps-works", "xix-corps-centre",
         "xix-corps-right", "belle-grove", "keifer-camp", "wheaton-camp", "getty-camp")
MIDDLETOWN = ("middletown-south", "middletown-north")
# Each calibrated group: the brigades whose listed fields differ between oob.toml and
# oob-returns.toml because of one reading (docs/data-notes/cedar-creek-oob.md, section 6).
GROUPS = {
    "VIII Corps bayonets in line (Duval, Wells, Harris)": (("duval", "wells", "harris"), ("strength",)),
    # (men in line at 0.9 changes no VI Corps value in the rounding: nothing to put back there)
    "XIX Corps in line (McMillan; Birge's division)": (("davis", "thomas", "birge-brigade", "molineux", "macauley",
                                                        "shunk"), ("strength",)),
    "cavalry about 840 a brigade": (("kidd", "devin", "lowell", "pennington", "wells-custer", "moore"),
                                    ("strength", "dismounted")),
    "artillery only where a battery is documented": (None, ("artillery",)),
    "Confederate quality (Cook's men per point)": (None, ("strength",), CONFEDERATE),
    "stars": (None, ("star",)),
}
HISTORY = {  # the day by the game's turns (docs/balance/cedar-creek.md gives the sources)
    1: "VIII Corps camps overrun (05:00-05:40), Kitching broken",
    2: "XIX Corps works lost; Belle Grove passed",
    3: "VI Corps pushed back past Middletown (by about 10:00); about 11 Union brigades broken",
    9: "Union counterattack (16:00); Confederate army routed; Union 5,665 lost, Confederate 2,910",
}


def data_dir_with(oob: dict | None, base: Path) -> Path:
    """A copy of the game's data folder whose oob.toml is ``oob`` (a parsed document)."""
    tmp = Path(tempfile.mkdtemp(prefix="cc-balance-"))
    for f in base.iterdir():
        if f.suffix == ".toml":
            shutil.copy(f, tmp / f.name)
    if oob is not None:
        (tmp / "oob.toml").write_text(to_toml(oob))
    return tmp


def to_toml(doc: dict) -> str:
    """Enough TOML for an oob document: [meta] then arrays of flat tables."""
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return str(v)
    out = []
    for key, part in doc.items():
        for table in (part if isinstance(part, list) else [part]):
            out.append(f"[[{key}]]" if isinstance(part, list) else f"[{key}]")
            out += [f"{k} = {value(v)}" for k, v in table.items()]
            out.append("")
    return "\n".join(out)


def reverted(calibrated: dict, returns: dict, group: tuple) -> dict:
    """The calibrated document with one group's values put back to their returns reading."""
    ids, fields, *side = group
    old = {b["id"]: b for b in returns["brigade"]}
    doc = {k: (list(v) if isinstance(v, list) else v) for k, v in calibrated.items()}
    doc["brigade"] = []
    for b in calibrated["brigade"]:
        b = dict(b)
        chosen = b["id"] in ids if ids else (not side or b["side"] == ("union", "confederate")[side[0]])
        if chosen:
            for f in fields:
                b[f] = old[b["id"]][f]
        doc["brigade"].append(b)
    return doc


def play(game, run_seed: int, index: int, union: str, confederate: str, label: str) -> dict:
    """One game as ``cwbattles simulate`` plays it (its row, with ``options`` = ``label``), with
    a snapshot at the end of each turn under ``turns``."""
    from cwbattles.games.cedar_creek.victory import step_losses
    zones = game.board.index
    north = {z.index for z in game.board.zones if z.bank == "north"}
    routed_ever: set = set()
    turns: dict = {}
    last = [1]

    def watch(state):
        routed_ever.update(u for u, r in enumerate(state.routed) if r)
        if state.turn != last[0] or state.is_over:
            turns[last[0]] = {
                "losses": (step_losses(state, UNION), step_losses(state, CONFEDERATE)),
                "routed": tuple(sum(1 for u in routed_ever if game.brigades[u].side == s) for s in (0, 1)),
                "camps": sum(state.control[zones[z]] == CONFEDERATE for z in CAMPS),
                "middletown": tuple(state.control[zones[z]] == CONFEDERATE for z in MIDDLETOWN),
                "on_union_bank": sum(1 for b in game.brigades
                                     if b.side == CONFEDERATE and state.zone[b.index] in north)}
            last[0] = state.turn

    row = play_one((game.name, dict(game.options), union, confederate, run_seed, index), watch, game)
    if row["error"]:
        raise SystemExit(f"game {index} of seed {run_seed} crashed: {row['error']}")
    row["options"] = label
    row["run_seed"] = run_seed
    row["turns"] = turns
    row["union_zones"] = sum(1 for k, v in row.items() if k.startswith("control_") and v == "union")
    row["zones"] = sum(1 for k in row if k.startswith("control_"))
    return row


def play_many(game, seeds, n, union="heuristic", confederate="heuristic", label="standard") -> list[dict]:
    return [play(game, s, k, union, confederate, label) for s in seeds for k in range(n)]


def mean_ci(xs) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, half


def median_ci(xs) -> tuple[float, float, float]:
    """The median and a 95% interval from the order statistics (binomial, normal approximation)."""
    s = sorted(xs)
    n = len(s)
    lo = max(0, int(math.floor(n / 2 - 0.98 * math.sqrt(n))))
    hi = min(n - 1, int(math.ceil(n / 2 + 0.98 * math.sqrt(n))))
    return statistics.median(s), s[lo], s[hi]


def print_course(games: list[dict], title: str) -> None:
    n = len(games)
    print(f"### {title}: {n} games\n")
    print("| end of turn | Union steps lost | Confederate steps lost | Union brigades routed | "
          "Confederate routed | camps held by CSA (of 10) | CSA hold Middletown (a zone / both) | "
          "CSA brigades on the Union bank | history |")
    print("|---|---|---|---|---|---|---|---|---|")
    last = max(t for g in games for t in g["turns"])
    for t in range(1, last + 1):
        rows = [g["turns"][t] for g in games if t in g["turns"]]
        k = len(rows)
        f = lambda key, i=None: sum((r[key][i] if i is not None else r[key]) for r in rows) / k  # noqa: E731
        either = sum(any(r["middletown"]) for r in rows) / k
        both = sum(all(r["middletown"]) for r in rows) / k
        print(f"| {t} | {f('losses', 0):.1f} | {f('losses', 1):.1f} | {f('routed', 0):.1f} | {f('routed', 1):.1f} | "
              f"{f('camps'):.1f} | {either:.0%} / {both:.0%} | {f('on_union_bank'):.1f} | {HISTORY.get(t, '')} |")
    margins = [g["margin"] for g in games]
    m, half = mean_ci(margins)
    med, lo, hi = median_ci(margins)
    wins = sum(g["winner"] == "confederate" for g in games)
    p, plo, phi = wilson(wins, n)
    t3 = [g["turns"][3] for g in games if 3 in g["turns"]]
    ahead = sum(r["losses"][0] >= r["losses"][1] for r in t3) / len(t3)
    mid = [any(r["middletown"]) for r in t3]
    q, qlo, qhi = wilson(sum(mid), len(mid))
    zones = statistics.fmean(g["union_zones"] for g in games)
    for seed in sorted({g["run_seed"] for g in games}):
        part = [g["margin"] for g in games if g["run_seed"] == seed]
        won = sum(g["winner"] == "confederate" for g in games if g["run_seed"] == seed)
        print(f"seed {seed}: {len(part)} games, mean margin {statistics.fmean(part):+.2f}, median "
              f"{statistics.median(part):+g}, Confederate wins {won / len(part):.0%}")
    print(f"\nUnion margin: mean {m:+.2f} (95% CI {m - half:+.2f} to {m + half:+.2f}), median {med:+g} "
          f"(95% CI {lo:+g} to {hi:+g}); Confederate wins {wins}/{n} = {p:.0%} (95% CI {plo:.0%}-{phi:.0%})")
    print(f"Turn 3: Union losses at least the Confederates' in {ahead:.0%} of games; Confederates hold a "
          f"Middletown zone in {q:.0%} (95% CI {qlo:.0%}-{qhi:.0%}); end: Union holds {zones:.1f} of "
          f"{games[0]['zones']} victory zones on average\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("course", "sensitivity"))
    ap.add_argument("--games", type=int, default=40, help="games per seed")
    ap.add_argument("--seeds", type=int, nargs="+", default=[11, 12], help="simulate's run seeds")
    ap.add_argument("--union", default="heuristic")
    ap.add_argument("--confederate", default="heuristic")
    ap.add_argument("--option", action="append", default=[], help="rule option NAME=VALUE (course)")
    ap.add_argument("--oob", help="course: play this order-of-battle file instead (a probe, a designer's own reading)")
    ap.add_argument("--rows", help="course: also write simulate's rows to this .csv or .parquet (cwbattles report)")
    ap.add_argument("--groups", nargs="*", help="sensitivity: only the groups whose name starts so")
    args = ap.parse_args()
    if args.what == "course":
        options = dict(o.split("=", 1) for o in args.option)
        game = cwbattles.load("cedar-creek", options=options or None)
        label = ",".join(f"{k}={v}" for k, v in sorted(game.options.items())) or "standard"
        if args.oob:        # a reading of one's own: the data folder with this file as oob.toml
            from cwbattles.games.cedar_creek.game import CedarCreekGame
            game = CedarCreekGame(data_dir_with(tomllib.loads(Path(args.oob).read_text()), game.data_dir))
            label = Path(args.oob).name
        games = play_many(game, args.seeds, args.games, args.union, args.confederate, label)
        print_course(games, f"{args.union} (Union) v {args.confederate} (Confederates), options {label}, "
                            f"seeds {args.seeds}")
        if args.rows:
            write([{k: v for k, v in g.items() if k not in ("turns", "union_zones", "zones")} for g in games],
                  args.rows)
        return
    base = cwbattles.load("cedar-creek").data_dir
    calibrated = tomllib.loads((base / "oob.toml").read_text())
    returns = tomllib.loads((base / "oob-returns.toml").read_text())
    from cwbattles.games.cedar_creek.game import CedarCreekGame
    reference = play_many(CedarCreekGame(), args.seeds, args.games, args.union, args.confederate)
    m, half = mean_ci([g["margin"] for g in reference])
    print(f"calibrated oob.toml: mean margin {m:+.2f} ± {half:.2f}, {len(reference)} games, seeds {args.seeds}")
    print("| put back to the returns reading | mean margin | change (paired, 95% CI) | Confederate wins |")
    print("|---|---|---|---|")
    for name, group in GROUPS.items():
        if args.groups and not any(name.startswith(p) for p in args.groups):
            continue
        game = CedarCreekGame(data_dir_with(reverted(calibrated, returns, group), base))
        games = play_many(game, args.seeds, args.games, args.union, args.confederate)
        d, dh = mean_ci([g["margin"] - r["margin"] for g, r in zip(games, reference)])
        gm = statistics.fmean(g["margin"] for g in games)
        wins = sum(g["winner"] == "confederate" for g in games) / len(games)
        print(f"| {name} | {gm:+.2f} | {d:+.2f} ± {dh:.2f} | {wins:.0%} |", flush=True)


if __name__ == "__main__":
    main()
