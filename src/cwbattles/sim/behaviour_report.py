"""The behaviour table: many games' counts (``sim.behaviour``) summed, beside history, and the
issue's targets checked (issue 29, point 7)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import cwbattles
from cwbattles.sim.behaviour import CONTEST_SHARE, SIDES, load_facts, observe_one
from cwbattles.sim.runner import resolve_workers, tasks


def run(name, union="heuristic", confederate="heuristic", games=10, seed=0, workers=1, options=None,
        progress=None) -> dict:
    """Play ``games`` games (in ``workers`` processes, like ``cwbattles simulate``) and summarise."""
    options = dict(cwbattles.load(name, options=options or None).options)
    task_list = tasks(name, options, union, confederate, seed, games)
    n = resolve_workers(workers)
    on = progress or (lambda row: row)
    if n <= 1:
        rows = [on(observe_one(t)) for t in task_list]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        rows = []
        with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("fork")) as pool:
            for row in pool.map(observe_one, task_list):
                rows.append(on(row))
    out = summarise(name, rows)
    out.update({"union_bot": union, "confederate_bot": confederate, "seed": seed, "options": options})
    return out


def _odds_key(label: str):
    """Odds in order: a-b as a/b (fire columns by their first number), modifiers by value."""
    kind, _, odds = label.partition(" ")
    odds = odds.removeprefix("mods ")
    numbers = [int(x) for x in re.findall(r"\d+", odds)]
    if kind != "fire" and re.fullmatch(r"\d+-\d+", odds):
        return kind, numbers[0] / numbers[1]
    if "/" in odds and len(numbers) == 2:
        return kind, numbers[0] / numbers[1]
    if re.fullmatch(r"[+-]\d+", odds):
        return kind, int(odds)
    return kind, numbers[0] if numbers else -1


def _mean(values):
    return sum(values) / len(values) if values else None


def summarise(name: str, rows: list[dict]) -> dict:
    facts = load_facts(name)
    ok = [r for r in rows if not r["error"]]
    n = len(ok) or 1
    sides = {}
    for s in SIDES:
        mine = [r[s] for r in ok]
        types, odds = Counter(), Counter()
        schedule = defaultdict(lambda: {"units": set(), "entered": 0, "turns": 0})
        for m in mine:
            types.update(m["types"])
            odds.update(m["odds"])
            for unit, turn, due in m["entered"]:
                group = schedule[due]
                group["units"].add(unit)
                group["entered"] += 1
                group["turns"] += turn
        sides[s] = {
            "wins": sum(r["winner"] == s for r in ok),
            "combats": sum(m["combats"] for m in mine) / n,
            "types": {k: v / n for k, v in sorted(types.items())},
            "odds": {k: v / n for k, v in sorted(odds.items(), key=lambda kv: _odds_key(kv[0]))},
            "taken": sum(m["taken"] for m in mine) / n,
            "entered": sum(len(m["entered"]) for m in mine) / n,
            "late": _mean([t - due for m in mine for _, t, due in m["entered"] if due]),
            "schedule": {due: {"units": len(g["units"]), "entered": g["entered"] / n,
                               "mean_turn": g["turns"] / g["entered"]} for due, g in sorted(schedule.items())},
            "surrounded": sum(m["surrounded"] for m in mine) / n,
            "idle": sum(m["idle"] for m in mine) / n,
            "back_and_forth": sum(m["back_and_forth"] for m in mine) / n,
            "returns": sum(m.get("returns", 0) for m in mine) / n,
        }
    places = list(ok[0]["contested"]) if ok else []
    contested = {p: sum(r["contested"][p] for r in ok) / n for p in places}
    holders = {p: {"start": ok[0]["start_control"][p] if ok else None,
                   "end": dict(Counter(r["end_control"][p] or "nobody" for r in ok))} for p in places}
    checks = [(f"every victory place contested in at least {CONTEST_SHARE:.0%} of games",
               bool(ok) and all(v >= CONTEST_SHARE for v in contested.values()),
               ", ".join(f"{p} {v:.0%}" for p, v in contested.items()))]
    if facts["melee_every_game"]:
        melee = [r["union"]["types"].get("melee", 0) + r["confederate"]["types"].get("melee", 0) for r in ok]
        checks.append(("a melee in every game", bool(ok) and all(melee),
                       f"{sum(1 for x in melee if x)} of {len(ok)} games; {sum(melee) / n:.1f} a game"))
    if facts["hq_enters_every_game"]:
        hq = facts["hq_enters_every_game"]
        turns = [r["hq_entered"] for r in ok if r["hq_entered"]]
        checks.append((f"{hq} enters in every game", bool(ok) and len(turns) == len(ok),
                       f"{len(turns)} of {len(ok)} games" + (f", mean turn {sum(turns) / len(turns):.1f}" if turns else "")))
    if facts["flank"]:
        f = facts["flank"]
        hit = sum(1 for r in ok if r["flank_attacks"])
        checks.append((f"the {f['side']} attack {f['name']} in at least {f['share']:.0%} of games",
                       bool(ok) and hit >= f["share"] * len(ok),
                       f"{hit} of {len(ok)} games; {sum(r['flank_attacks'] for r in ok) / n:.1f} attacks a game"))
    if facts["no_back_and_forth"]:
        moved = [r["union"]["back_and_forth"] + r["confederate"]["back_and_forth"] for r in ok]
        checks.append(("no unit marches back and forth (3+ game-turns of marching on a trip back to a hex, "
                       "no combat result between)",
                       bool(ok) and not any(moved), f"{sum(1 for x in moved if x)} of {len(ok)} games; "
                       f"{sum(moved) / n:.1f} units a game"))
    return {"game": name, "games": len(rows), "played": len(ok),
            "errors": [(r["seed"], r["error"]) for r in rows if r["error"]],
            "sides": sides, "contested": contested, "holders": holders,
            "checks": [{"check": c, "pass": p, "measured": m} for c, p, m in checks],
            "history": facts["history"]}


# -- printing -------------------------------------------------------------------------------

ROWS = (("combats", "combats a game"), ("taken", "victory places taken a game"),
        ("entered", "reinforcements entered a game"), ("late", "turns late on average (entered ones)"),
        ("surrounded", "units lost surrounded a game"),
        ("idle", "units that moved and ended where they began a game"),
        ("back_and_forth", "units that marched back and forth a game"),
        ("returns", "units back where they were 2+ game-turns before, by any cause, a game"))


def _history(summary, metric, side):
    hits = [h for h in summary["history"] if h["metric"] == metric and h["side"] in (side, "both")]
    return "; ".join(f"{h['value']} ({h['confidence']})" for h in hits)


def render(summary: dict, console) -> None:
    from rich.table import Table
    s = summary["sides"]
    title = (f"{summary['game']}: {summary['union_bot']} (Union) v {summary['confederate_bot']} (Confederate), "
             f"{summary['played']} games, seed {summary['seed']}")
    t = Table(title=title, title_justify="left")
    for col in ("", "Union", "Confederate", "history Union", "history Confederate"):
        t.add_column(col)
    t.add_row("wins", str(s["union"]["wins"]), str(s["confederate"]["wins"]),
              _history(summary, "winner", "union"), _history(summary, "winner", "confederate"))
    for key, label in ROWS:
        t.add_row(label, *(("-" if s[side][key] is None else f"{s[side][key]:.1f}") for side in ("union", "confederate")),
                  _history(summary, key, "union"), _history(summary, key, "confederate"))
        if key == "combats":
            for kind in sorted(set(s["union"]["types"]) | set(s["confederate"]["types"])):
                t.add_row(f"  {kind} a game", f"{s['union']['types'].get(kind, 0):.1f}",
                          f"{s['confederate']['types'].get(kind, 0):.1f}",
                          _history(summary, kind, "union"), _history(summary, kind, "confederate"))
    odds = sorted(set(s["union"]["odds"]) | set(s["confederate"]["odds"]), key=_odds_key)
    for label in odds:
        t.add_row(f"  at {label}", f"{s['union']['odds'].get(label, 0):.1f}",
                  f"{s['confederate']['odds'].get(label, 0):.1f}", "", "")
    console.print(t)

    v = Table(title="Victory places", title_justify="left")
    for col in ("place", "held at the start", "contested", "held at the end"):
        v.add_column(col)
    for p, share in summary["contested"].items():
        h = summary["holders"][p]
        v.add_row(p, h["start"] or "nobody", f"{share:.0%}", ", ".join(f"{k} {n}" for k, n in sorted(h["end"].items())))
    console.print(v)

    r = Table(title="Reinforcements by scheduled turn", title_justify="left")
    for col in ("side", "scheduled turn", "units", "entered a game", "mean entry turn"):
        r.add_column(col)
    for side in ("union", "confederate"):
        for due, g in s[side]["schedule"].items():
            r.add_row(side, str(due) if str(due) != "0" else "?", str(g["units"]), f"{g['entered']:.1f}", f"{g['mean_turn']:.1f}")
    console.print(r)

    c = Table(title="Targets (issue 29)", title_justify="left")
    for col in ("check", "result", "measured"):
        c.add_column(col)
    for row in summary["checks"]:
        c.add_row(row["check"], "[green]pass[/]" if row["pass"] else "[red]fail[/]", row["measured"])
    console.print(c)

    others = [h for h in summary["history"] if h["metric"] == "note"]
    if others:
        console.print("History:")
        for h in others:
            console.print(f"  - {h['value']} ({h['confidence']}; {h['source']})", highlight=False)
    for seed, err in summary["errors"]:
        console.print(f"[red]game with seed {seed} failed: {err}[/]")


def _fmt(value) -> str:
    return "-" if value is None else f"{value:.1f}"


def render_markdown(summary: dict) -> str:
    """The same tables as ``render``, in Markdown (for docs/bots.md)."""
    s = summary["sides"]
    lines = [f"**{summary['game']}**: {summary['union_bot']} (Union) v {summary['confederate_bot']} (Confederate), "
             f"{summary['played']} games, seed {summary['seed']}", "",
             "| | Union | Confederate | history |", "|---|---|---|---|"]

    def history(metric):
        return " / ".join(f"{h['side'].capitalize()}: {h['value']} ({h['confidence']})"
                          for h in summary["history"] if h["metric"] == metric)

    lines.append(f"| wins | {s['union']['wins']} | {s['confederate']['wins']} | {history('winner')} |")
    for key, label in ROWS:
        lines.append(f"| {label} | {_fmt(s['union'][key])} | {_fmt(s['confederate'][key])} | {history(key)} |")
        if key == "combats":
            for kind in sorted(set(s["union"]["types"]) | set(s["confederate"]["types"])):
                lines.append(f"| - {kind} a game | {_fmt(s['union']['types'].get(kind, 0))} | "
                             f"{_fmt(s['confederate']['types'].get(kind, 0))} | {history(kind)} |")
    odds = sorted(set(s["union"]["odds"]) | set(s["confederate"]["odds"]), key=_odds_key)
    for o in odds:
        lines.append(f"| - at {o} | {s['union']['odds'].get(o, 0):.1f} | {s['confederate']['odds'].get(o, 0):.1f} | |")
    lines += ["", "| victory place | held at the start | contested | held at the end |", "|---|---|---|---|"]
    for p, share in summary["contested"].items():
        h = summary["holders"][p]
        lines.append(f"| {p} | {h['start'] or 'nobody'} | {share:.0%} | "
                     + ", ".join(f"{k} {n}" for k, n in sorted(h["end"].items())) + " |")
    lines += ["", "| reinforcements | scheduled turn | units | entered a game | mean entry turn |", "|---|---|---|---|---|"]
    for side in ("union", "confederate"):
        for due, g in s[side]["schedule"].items():
            lines.append(f"| {side} | {due if str(due) != '0' else '?'} | {g['units']} | {g['entered']:.1f} | "
                         f"{g['mean_turn']:.1f} |")
    lines += ["", "| target (issue 29) | result | measured |", "|---|---|---|"]
    for row in summary["checks"]:
        lines.append(f"| {row['check']} | {'pass' if row['pass'] else 'FAIL'} | {row['measured']} |")
    notes = [h for h in summary["history"] if h["metric"] == "note"]
    if notes:
        lines.append("")
        lines += [f"- History: {h['value']} ({h['confidence']}; {h['source']})" for h in notes]
    return "\n".join(lines) + "\n"
