"""The Champion Hill balance study (issue 25, point 5): where each side's victory points come
from between two equal bots, turn by turn, and what each candidate cause is worth, measured on
the same games with one change at a time.

    python bench/champion_hill_balance.py course --games 40 --seeds 1 2
    python bench/champion_hill_balance.py course --games 40 --seeds 1 2 --variant batteries-1
    python bench/champion_hill_balance.py compare --games 20 --seeds 1 2 --variants stack-split table-no-Ae
    python bench/champion_hill_balance.py list                  # the variants and what each changes

Games are played in this one process with the seeds and bot seeds of ``cwbattles simulate``
(game k of run seed S is simulate's row k of ``--seed S``), so the figures pair with a
simulate run's rows: the same games, seen turn by turn.

``course`` prints, at the end of each Game-Turn, who holds the crossroads (1309), the strength
each side has lost, the strength each side has within three hexes of the crossroads and the VP
scored so far; then the final VP by category (21.3) for each side, the holder of every victory
hex at the end, each side's attacks by odds and result (8.6) and its losses by cause
(attacking, defending, cut off by 20.0).

``compare`` plays the same games on the standard game and on each variant, and prints each
variant's mean margin, the mean of the paired differences game by game with its 95% interval,
the Confederate win rate and the mean VP of the categories that moved. A variant is a probe: a
rule option, a copy of the data with some values changed, a table, or a patch to one side's
bot; ``VARIANTS`` below says what each does. Nothing here changes the game's files.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import statistics
import tempfile
import tomllib
from contextlib import ExitStack, contextmanager, nullcontext
from pathlib import Path

from cedar_creek_balance import mean_ci, median_ci, to_toml

import cwbattles
from cwbattles.sim.report import wilson
from cwbattles.sim.runner import play_one

UNION, CONFEDERATE = 0, 1
SIDES = ("union", "confederate")
HISTORY = {  # the day by the game's turns (09:00 = Game-Turn 1; docs/balance/champion-hill.md)
    1: "09:00 skirmishers meet on all three roads",
    2: "10:00 Hovey deploys before the hill",
    4: "12:00 Hovey and Logan attack Stevenson",
    5: "13:00 Hovey holds the crossroads",
    6: "14:30 Bowen retakes crossroads and crest",
    8: "16:00 Union retakes the hill; retreat ordered",
    9: "17:00 Tilghman killed at the Coker house",
}


# -- playing -------------------------------------------------------------------------------------

def play(game, run_seed: int, index: int, union: str, confederate: str, patch=None) -> dict:
    """One game as ``cwbattles simulate`` plays it (its row), with a snapshot at the end of each
    Game-Turn under ``turns`` and the combat log's figures under ``attacks`` and ``losses``."""
    cx = game.crossroads
    dist = game.board.distances_from(cx)
    south = game.board.distances_from(game.board.index["1920"])
    vp_strength = [game.units[u.ooa_of].strength if u.ooa_of >= 0 else u.strength for u in game.units]
    turns: dict = {}
    last = [1]
    final = [None]

    def watch(state):
        if state.turn != last[0] or state.is_over:
            near = [0, 0]
            guard = 0
            for u, h in enumerate(state.hex):
                if h >= 0 and u != game.TRAIN and dist[h] <= 3:
                    near[game.units[u].side] += game.units[u].strength
                if h >= 0 and u != game.TRAIN and south[h] <= 2 and game.units[u].side == UNION:
                    guard += game.units[u].strength
            turns[last[0]] = {
                "crossroads": state.control[game.control_hexes.index(cx)],
                "lost": tuple(sum(vp_strength[u] for u in game.side_units[s] if state.hex[u] == -2) for s in (0, 1)),
                "near": tuple(near), "guard": guard, "vp": (state.vp_union, state.vp_conf)}
            last[0] = state.turn
        if state.is_over:
            final[0] = state

    with (patch() if patch else nullcontext()):
        row = play_one((game.name, dict(game.options), union, confederate, run_seed, index), watch, game)
    if row["error"]:
        raise SystemExit(f"game {index} of seed {run_seed} crashed: {row['error']}")
    state = final[0]
    res = state.result
    row["run_seed"] = run_seed
    row["turns"] = turns
    row["categories"] = categories(res, turns)
    row["level"] = res["level"]
    row["attacks"], row["losses"] = combat_figures(game, state, vp_strength)
    row["released"] = {d.id: next((e.turn for e in state.log if e.rule == "17" and e.text.startswith(d.name)
                                   and " is released (" in e.text), None)
                       for d in game.divisions if d.restriction}
    return row


def categories(res: dict, turns: dict) -> dict:
    """21.3 by category, each side: the crossroads' turns (out of the points scored during
    play: the rest is the train's), losses inflicted, cut off (20.0), hexes, exits."""
    out = {}
    for s, side in enumerate(SIDES):
        c = dict(res["categories"][side])
        during = c.pop("crossroads_and_during_play", 0)
        cross = sum((5, 10)[s] for t in turns.values() if t["crossroads"] == s)
        c["crossroads"] = cross
        if during - cross:
            c["train"] = during - cross
        out[side] = c
    return out


def combat_figures(game, state, vp_strength) -> tuple:
    """From the log: each side's attacks (8.6) as (bombardment, odds, result), and each side's
    strength eliminated by cause: while attacking, while defending, or otherwise (a retreat
    with no way out counts under the combat that caused it; 18.3, 20.0 and the rest: other)."""
    side_of = {u.id: u.side for u in game.units}
    strength = {u.id: vp_strength[u.index] for u in game.units}
    attacks = []
    role: dict = {}
    kind = {u.id: u.type for u in game.units}
    losses = {side: {"attacking": 0, "defending": 0, "other": 0, "artillery": 0} for side in SIDES}
    for e in state.log:
        d = e.data or {}
        if d.get("kind") == "combat":
            side = side_of[d["attackers"][0]]
            attacks.append((side, d["bombardment"], d["odds"], d["result"]))
            for a in d["attackers"]:
                role[a] = "attacking"
            for v in d["defenders"]:
                role[v] = "defending"
        elif d.get("kind") == "eliminated":
            u = d["unit"]
            if u == "us-train":
                continue
            losses[SIDES[side_of[u]]][role.get(u, "other")] += strength[u]
            if kind[u] == "artillery":
                losses[SIDES[side_of[u]]]["artillery"] += strength[u]
    return attacks, losses


def play_many(game, seeds, n, union="heuristic", confederate="heuristic", patch=None) -> list[dict]:
    return [play(game, s, k, union, confederate, patch) for s in seeds for k in range(n)]


# -- variants -----------------------------------------------------------------------------------

def data_with(base: Path, edit) -> Path:
    """A copy of the game's data folder whose oob.toml is ``edit(parsed oob)``."""
    tmp = Path(tempfile.mkdtemp(prefix="ch-balance-"))
    for f in base.iterdir():
        if f.suffix == ".toml":
            shutil.copy(f, tmp / f.name)
    doc = tomllib.loads((base / "oob.toml").read_text())
    edit(doc)
    (tmp / "oob.toml").write_text(to_toml(doc))
    return tmp


def units_where(doc, **match):
    return [u for u in doc["unit"] if all(u.get(k) == v for k, v in match.items())]


def set_field(field, value, **match):
    def edit(doc):
        for u in units_where(doc, **match):
            u[field] = value(u) if callable(value) else value
    return edit


def table_with(tables, change):
    """The results table with ``change(column label, result) -> result`` applied to every cell."""
    cols = tables.columns
    results = {roll: tuple(change(cols[c], r) for c, r in enumerate(row)) for roll, row in tables.results.items()}
    return dataclasses.replace(tables, results=results)


LOW = ("1-5", "1-4", "1-3", "1-2", "1-1")


@contextmanager
def union_attack_patch(**values):
    """The Union bot's attack weights changed (attacks.AR_SHARE and the like) while the
    Confederate bot keeps its own: the knowledge module reads the weights at call time."""
    from cwbattles.bots.knowledge.champion_hill import attacks
    original = attacks.result_values

    def result_values(state, targets, attackers):
        v = original(state, targets, attackers)
        if state.to_act == "union":
            for k, x in values.items():
                v[k] = x(v[k]) if callable(x) else x
        return v

    attacks.result_values = result_values
    try:
        yield
    finally:
        attacks.result_values = original


@contextmanager
def union_objectives_without(hexes: tuple):
    """The Union bot's movement objectives (movement.objectives) without these hexes, the
    Confederate bot's unchanged: the objectives are read at call time."""
    from cwbattles.bots.knowledge.champion_hill import movement
    original = movement.objectives

    def objectives(state, side):
        out = original(state, side)
        if side == UNION:
            drop = {state.game.board.index[h] for h in hexes}
            out = [(h, v) for h, v in out if h not in drop]
        return out

    movement.objectives = objectives
    try:
        yield
    finally:
        movement.objectives = original


@contextmanager
def union_spares_held_divisions(cost: float = 20.0):
    """The Union bot's movement values a hex next to a unit of Bowen's or Loring's division,
    while that division is held (17.1, 17.2), ``cost`` VP less: it keeps out of their zones,
    where an owed attack (8.1) would release them (17.1 ii, 17.2 ii)."""
    from cwbattles.bots.knowledge.champion_hill import movement
    original = movement.Plan.value

    def value(self, u, h, target):
        v = original(self, u, h, target)
        st = self.state
        g = st.game
        if self.side == UNION and any(not st.released[g.units[e].division]
                                      and g.units[e].division in (g.BOWEN, g.LORING)
                                      for n in g.board.adjacent[h] for e in st.units_at(n)):
            v -= cost
        return v

    movement.Plan.value = value
    try:
        yield
    finally:
        movement.Plan.value = original


def _oob(edit):
    return lambda g: type(g)(data_with(g.data_dir, edit), g.options)


def _tables(change):
    def make(g):
        g = type(g)(g.data_dir, g.options)
        g.tables = table_with(g.tables, change)
        return g
    return make


def _option(**opts):
    return lambda g: type(g)(g.data_dir, {**g.options, **opts})


# name -> (what it changes, game maker, bot patch or None)
VARIANTS = {
    "stack-split": ("8.2 option stack_attacks_together=false: a stack's units may attack different hexes",
                    _option(stack_attacks_together=False), None),
    "table-no-Ae": ("probe, results table: every Ae at 1-1 and below read Ar",
                    _tables(lambda c, r: "Ar" if r == "Ae" and c in LOW else r), None),
    "table-no-attacker-result": ("probe, results table: every Ae and Ar at 1-1 and below read Dr",
                                 _tables(lambda c, r: "Dr" if r in ("Ae", "Ar") and c in LOW else r), None),
    "batteries-1": ("counters: every battery and section 1 point (the values before issue 17)",
                    _oob(set_field("strength", 1, type="artillery")), None),
    "union-batteries-2": ("counters: Union six-gun batteries 2 points (6 guns = 2, the trial of issue 17)",
                          _oob(set_field("strength", 2, type="artillery", side="union")), None),
    "union-bold": ("Union bot: an attacker retreat (Ar) costs it nothing in its reckoning",
                   None, lambda: union_attack_patch(Ar=0.0)),
    "union-bolder": ("Union bot: neither Ar nor Ae counts against an attack",
                     None, lambda: union_attack_patch(Ar=0.0, Ae=0.0)),
    "union-no-guard": ("Union bot: never marches back to guard 1902, 1911, 1920 (its 40-VP lines of communication)",
                       None, lambda: union_objectives_without(("1902", "1911", "1920"))),
    "union-spares-held": ("Union bot: keeps out of the zones of Bowen's and Loring's units while they are held",
                          None, lambda: union_spares_held_divisions()),
    "crocker-early": ("set-up: Crocker's division enters at 1902 on Game-Turn 1 (not 3 and 4)",
                      _oob(set_field("entry_turn", 1, division="crocker")), None),
    "blair-early": ("set-up: Blair's division enters at 1920 on Game-Turn 1 (not 2)",
                    _oob(set_field("entry_turn", 1, division="blair")), None),
}


def variant_game(name: str, base):
    """The game and the bot patch of a variant; ``a+b`` is both variants at once."""
    game, patches = base, []
    for part in name.split("+"):
        _, make, patch = VARIANTS[part]
        game = make(game) if make else game
        patches += [patch] if patch else []

    @contextmanager
    def all_patches():
        with ExitStack() as stack:
            for p in patches:
                stack.enter_context(p())
            yield
    return game, (all_patches if patches else None)


# -- printing -----------------------------------------------------------------------------------

def mean_categories(games) -> dict:
    out = {}
    for side in SIDES:
        keys = sorted({k for g in games for k in g["categories"][side]})
        out[side] = {k: statistics.fmean(g["categories"][side].get(k, 0) for g in games) for k in keys}
    return out


def print_course(games: list[dict], title: str) -> None:
    n = len(games)
    print(f"### {title}: {n} games\n")
    print("| end of turn | crossroads U / C / neither | strength lost U / C | strength within 3 of 1309 U / C "
          "| Union strength within 2 of 1920 | VP during play U / C | history |")
    print("|---|---|---|---|---|---|---|")
    for t in range(1, max(t for g in games for t in g["turns"]) + 1):
        rows = [g["turns"][t] for g in games if t in g["turns"]]
        k = len(rows)
        held = [sum(r["crossroads"] == s for r in rows) / k for s in (0, 1, -1)]
        f = lambda key, i: sum(r[key][i] for r in rows) / k  # noqa: E731
        print(f"| {t} | {held[0]:.0%} / {held[1]:.0%} / {held[2]:.0%} | {f('lost', 0):.1f} / {f('lost', 1):.1f} | "
              f"{f('near', 0):.1f} / {f('near', 1):.1f} | {sum(r['guard'] for r in rows) / k:.1f} | {f('vp', 0):.1f} / {f('vp', 1):.1f} | {HISTORY.get(t, '')} |")
    margins = [g["margin"] for g in games]
    m, half = mean_ci(margins)
    med, lo, hi = median_ci(margins)
    wins = sum(g["winner"] == "confederate" for g in games)
    p, plo, phi = wilson(wins, n)
    print(f"\nUnion margin: mean {m:+.1f} (95% CI {m - half:+.1f} to {m + half:+.1f}), median {med:+g} "
          f"({lo:+g} to {hi:+g}); Confederate wins {wins}/{n} = {p:.0%} ({plo:.0%}-{phi:.0%})")
    for seed in sorted({g["run_seed"] for g in games}):
        part = [g for g in games if g["run_seed"] == seed]
        print(f"seed {seed}: {len(part)} games, mean margin {statistics.fmean(g['margin'] for g in part):+.1f}, "
              f"Confederate wins {sum(g['winner'] == 'confederate' for g in part)}")
    cats = mean_categories(games)
    print("\n| VP by category (21.3), mean | " + " | ".join(SIDES) + " |\n|---|---|---|")
    for k in sorted(set(cats["union"]) | set(cats["confederate"])):
        print(f"| {k} | {cats['union'].get(k, 0):.1f} | {cats['confederate'].get(k, 0):.1f} |")
    print(f"| total | {statistics.fmean(g['union_vp'] for g in games):.1f} | "
          f"{statistics.fmean(g['confederate_vp'] for g in games):.1f} |")
    hexes = sorted(k for k in games[0] if k.startswith("control_"))
    print("\n| hex at the end | Union | Confederate | neither |\n|---|---|---|---|")
    for k in hexes:
        share = [sum(g[k] == s for g in games) / n for s in ("union", "confederate", "")]
        print(f"| {k[8:]} | {share[0]:.0%} | {share[1]:.0%} | {share[2]:.0%} |")
    print_attacks(games)
    print("| division (17) | released on turn, mean | released before its timed turn | never |\n|---|---|---|---|")
    for d, timed in RELEASE_TURN.items():
        turns = [g["released"].get(d) for g in games]
        got = [t for t in turns if t]
        early = sum(t < timed for t in got) / n
        print(f"| {d} (timed: turn {timed}) | {statistics.fmean(got) if got else float('nan'):.1f} | {early:.0%} | "
              f"{sum(t is None for t in turns) / n:.0%} |")


RELEASE_TURN = {"bowen": 4, "loring": 5, "osterhaus": 6, "carr": 6}     # 17.1-17.4, at the latest


def print_attacks(games) -> None:
    n = len(games)
    print("\n| attacks per game (8.6) | kind | odds 1-5..1-2 | 1-1 | 2-1 | 3-1 and up | Ae | Ar | Dr | De | Ex |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for side in SIDES:
        for bomb in (False, True):
            rows = [a for g in games for a in g["attacks"] if a[0] == SIDES.index(side) and a[1] == bomb]
            col = lambda names: sum(a[2] in names for a in rows) / n  # noqa: E731
            res = lambda r: sum(a[3] == r for a in rows) / n  # noqa: E731
            print(f"| {side} | {'bombardment' if bomb else 'adjacent'} | {col(LOW[:4]):.1f} | {col(('1-1',)):.1f} | "
                  f"{col(('2-1',)):.1f} | {col(('3-1', '4-1', '5-1', '6-1')):.1f} | "
                  + " | ".join(f"{res(r):.1f}" for r in ("Ae", "Ar", "Dr", "De", "Ex")) + " |")
    print("\n| strength lost per game | attacking | defending | other | cut off (20.0) | of which artillery |")
    print("|---|---|---|---|---|---|")
    for side in SIDES:
        other = "confederate" if side == "union" else "union"
        lo = {k: statistics.fmean(g["losses"][side][k] for g in games)
              for k in ("attacking", "defending", "other", "artillery")}
        cut = statistics.fmean(g["categories"][other].get("cut_off", 0) for g in games)
        print(f"| {side} | {lo['attacking']:.1f} | {lo['defending']:.1f} | {lo['other']:.1f} | {cut:.1f} | {lo['artillery']:.1f} |")
    print()


def compare(base, names, seeds, n, union, confederate, course: bool) -> None:
    reference = play_many(base, seeds, n, union, confederate)
    if course:
        print_course(reference, f"the standard game, seeds {seeds}")
    m, half = mean_ci([g["margin"] for g in reference])
    wins = sum(g["winner"] == "confederate" for g in reference) / len(reference)
    ref_cats = mean_categories(reference)
    print(f"standard: mean margin {m:+.1f} ± {half:.1f}, Confederate wins {wins:.0%}, {len(reference)} games, "
          f"seeds {seeds}; VP by category U {fmt(ref_cats['union'])}; C {fmt(ref_cats['confederate'])}\n")
    print("| variant | mean margin | change (paired, 95% CI) | CSA wins | Union VP by category | CSA VP by category |")
    print("|---|---|---|---|---|---|")
    for name in names:
        game, patch = variant_game(name, base)
        games = play_many(game, seeds, n, union, confederate, patch)
        d, dh = mean_ci([g["margin"] - r["margin"] for g, r in zip(games, reference)])
        gm = statistics.fmean(g["margin"] for g in games)
        w = sum(g["winner"] == "confederate" for g in games) / len(games)
        cats = mean_categories(games)
        print(f"| {name} | {gm:+.1f} | {d:+.1f} ± {dh:.1f} | {w:.0%} | {fmt(cats['union'])} | "
              f"{fmt(cats['confederate'])} |", flush=True)


def save_rows(games: list[dict], path: str) -> None:
    """One JSON line a game: what ``bench/paired.py``-style pairing and the balance page need."""
    with open(path, "w") as f:
        for g in games:
            f.write(json.dumps({"run_seed": g["run_seed"], "index": g["index"], "margin": g["margin"],
                                "winner": g["winner"], "level": g.get("level"), "categories": g["categories"],
                                "turns": {t: {"crossroads": v["crossroads"], "lost": v["lost"], "vp": v["vp"]}
                                          for t, v in g["turns"].items()}}) + "\n")


def pair(before: str, after: str) -> None:
    """The paired change of the Union margin between two saved runs on the same games."""
    def rows(path):
        return {(r["run_seed"], r["index"]): r for r in map(json.loads, open(path))}
    a, b = rows(before), rows(after)
    keys = sorted(set(a) & set(b))
    d, dh = mean_ci([b[k]["margin"] - a[k]["margin"] for k in keys])
    for name, rs in ((before, a), (after, b)):
        ms = [rs[k]["margin"] for k in keys]
        m, h = mean_ci(ms)
        med, lo, hi = median_ci(ms)
        u = sum(rs[k]["winner"] == "union" for k in keys)
        c = sum(rs[k]["winner"] == "confederate" for k in keys)
        print(f"{name}: mean {m:+.1f} ± {h:.1f}, median {med:+.0f} ({lo:+.0f} to {hi:+.0f}), "
              f"Union {u}, Confederates {c}, of {len(keys)}")
    print(f"paired change of the Union margin: {d:+.1f} ± {dh:.1f} ({len(keys)} games)")


def fmt(cats: dict) -> str:
    short = {"crossroads": "cx", "eliminated": "elim", "cut_off": "cut", "hexes": "hex", "exits": "exit",
             "train": "train"}
    return " ".join(f"{short.get(k, k)} {v:.0f}" for k, v in cats.items() if round(v))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("course", "compare", "list", "pair"))
    ap.add_argument("files", nargs="*", help="pair: two files saved by course --save")
    ap.add_argument("--games", type=int, default=20, help="games per seed")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2], help="simulate's run seeds")
    ap.add_argument("--union", default="heuristic")
    ap.add_argument("--confederate", default="heuristic")
    ap.add_argument("--option", action="append", default=[], help="rule option NAME=VALUE")
    ap.add_argument("--variant", help="course: play this variant (see list)")
    ap.add_argument("--variants", nargs="*", help="compare: these variants (default all); a+b: both at once")
    ap.add_argument("--course", action="store_true", help="compare: print the standard games' course too")
    ap.add_argument("--save", help="course: write each game's margin, winner, level and VP by category "
                                   "(JSON lines) to this file, to pair with another run's")
    args = ap.parse_args()
    if args.what == "pair":
        pair(*args.files)
        return
    if args.what == "list":
        for name, (what, _, _) in VARIANTS.items():
            print(f"{name:28} {what}")
        return
    base = cwbattles.load("champion-hill", options=dict(o.split("=", 1) for o in args.option) or None)
    label = ",".join(f"{k}={v}" for k, v in sorted(base.options.items())) or "standard"
    if args.what == "course":
        game, patch = variant_game(args.variant, base) if args.variant else (base, None)
        games = play_many(game, args.seeds, args.games, args.union, args.confederate, patch)
        print_course(games, f"{args.union} (Union) v {args.confederate} (Confederates), options {label}"
                            + (f", variant {args.variant}" if args.variant else "") + f", seeds {args.seeds}")
        if args.save:
            save_rows(games, args.save)
        return
    compare(base, args.variants or list(VARIANTS), args.seeds, args.games, args.union, args.confederate,
            args.course)


if __name__ == "__main__":
    main()
