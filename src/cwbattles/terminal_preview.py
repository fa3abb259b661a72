"""Previews in the terminal, as tables: an attack's modifiers with their rule numbers, totals and
the chance of each outcome in percent (Cedar Creek 11.3-11.4; Blue & Gray 8.3-8.6, itemised);
what holding and retreating would cost after a hit (11.4); where each retreat or advance leads
(8.7). The game computes every preview (``state.preview``); this only lays it out."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

OUTCOME_NAMES = {"defender_hit": "defender hit (+ fatigue)", "defender_fatigue": "defender tires",
                 "tie": "tie: attacker tires", "attacker_fatigue": "attacker tires", "attacker_hit": "attacker hit (+ fatigue)"}
MODES = {"orderly": "orderly retreat", "disorderly": "disorderly retreat", "rout": "rout", "eliminated": "eliminated"}


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def show_preview(console: Console, pv: dict, names=None) -> None:
    """Print any preview the games give. ``names(kind, id)`` turns ids into names."""
    name = names or (lambda kind, ident: ident)
    if pv.get("kind") == "hit":
        hit_tables(console, pv, name)
    elif pv.get("kind") == "retreat_step":
        console.print(choice_table(f"{name('unit', pv['unit'])}: {pv['mode']} ({pv['rule']})",
                                   [(o["text"], loss_range(o["least_loss"], o["most_loss"])) for o in pv["options"]],
                                   ("way", "strength lost")))
    elif pv.get("kind") == "choice":
        console.print(choice_table(f"What each answer leads to ({pv['rule']})",
                                   [(o["text"], consequence(o, name)) for o in pv["options"]], ("answer", "leads to")))
    elif "odds" in pv and isinstance(pv.get("odds"), dict):
        area_combat(console, pv, name)
    elif isinstance(pv.get("attacker"), dict) and "units" in pv["attacker"]:
        hex_combat(console, pv)
    elif pv.get("kind") in ("fire", "melee", "rally"):
        from .terminal_gbacw import show_gbacw_preview
        show_gbacw_preview(console, pv, name)
    else:
        console.print_json(data=pv)


# -- Cedar Creek: both sides' modifiers, the support rolls, the outcomes ----------------------------------
def area_combat(console: Console, pv: dict, name) -> None:
    att, dfn = pv["attacker"], pv["defender"]
    t = Table(title=f"{', '.join(name('unit', u) for u in pv['attackers'])} against "
                    f"{', '.join(name('unit', u) for u in pv['defenders'])} in "
                    f"{', '.join(name('zone', z) for z in pv['targets'])}", title_justify="left")
    t.add_column("modifier")
    t.add_column("rule")
    t.add_column("attacker", justify="right")
    t.add_column("defender", justify="right")
    for label, rule, value in att["modifiers"]:
        t.add_row(escape(label), rule, f"{value:+d}", "")
    for label, rule, value in dfn["modifiers"]:
        t.add_row(escape(label), rule, "", f"{value:+d}")
    t.add_row("[bold]total modifier[/]", "11.3", f"[bold]{att['total']:+d}[/]", f"[bold]{dfn['total']:+d}[/]",
              end_section=True)
    for side, block in (("attacker", att), ("defender", dfn)):
        for label, rule, target in block.get("rolls", []):
            chance = pct(min(6, max(0, target)) / 6)
            row = [f"{escape(label)}: +1 on a die of {target} or less", rule, "", ""]
            row[2 if side == "attacker" else 3] = f"+1? {chance}"
            t.add_row(*row)
    console.print(t)
    o = Table(title="Outcome (each side rolls a die and adds its modifiers, 11.4)", title_justify="left")
    o.add_column("outcome")
    o.add_column("chance", justify="right")
    o.add_column("exact", justify="right")
    for key in ("defender_hit", "defender_fatigue", "tie", "attacker_fatigue", "attacker_hit"):
        o.add_row(OUTCOME_NAMES[key], pct(pv["odds"][key]), pv["exact"][key])
    console.print(o)


# -- Blue & Gray: each unit's strength with every step, the column, the die ---------------------------------
def hex_combat(console: Console, pv: dict) -> None:
    t = Table(title="Strengths (8.3-8.4)", title_justify="left")
    t.add_column("unit or hex")
    t.add_column("step")
    t.add_column("rule")
    t.add_column("value", justify="right")
    for side, rows in (("attacker", pv["attacker"]["units"]), ("defender", pv["defender"]["hexes"])):
        for r in rows:
            if side == "attacker":
                how = f"bombards at range {r['range']}" if r["role"] == "bombards" else "adjacent"
                label = f"{r['name']} ({r['hex']}, {how})"
                start = str(r["strength"])
            else:
                label = f"{r['hex']} ({r['terrain'].replace('_', '-')}): " + "; ".join(
                    f"{v['name']} {v['strength']}" for v in r["units"])
                start = ""
            t.add_row(escape(label), "printed" if start else "", "", start)
            for step in r["steps"]:
                value = f"x {step['factor']}" if "factor" in step else f"-> {step['value']}"
                t.add_row("", escape(step["label"]), step["rule"], value)
            if r["steps"]:
                t.add_row("", "", "", f"= {r['total']}")
        t.add_row(f"[bold]{side} total[/]", "", "", f"[bold]{pv[side]['total']}[/]", end_section=True)
    console.print(t)
    col = pv["column"]
    lower = f", declared lower than {col['natural']} (8.9)" if col["declared_lower"] else ""
    mods = "".join(f"; die {m['amount']:+d} {m['label']} ({m['rule']})" for m in pv["die"]["modifiers"])
    console.print(escape(f"Odds {col['ratio']}: column {col['odds']}{lower}"
                         f"{', a bombardment (9.1)' if pv['bombardment'] else ''}{mods} (8.6)"))
    o = Table(title="Results (one die on the table, 8.6)", title_justify="left")
    o.add_column("die")
    o.add_column("result")
    o.add_column("chance", justify="right")
    o.add_column("exact", justify="right")
    by = {}
    for r in pv["rolls"]:
        by.setdefault(r["result"], []).append(str(r["roll"]))
    for key, label in pv["results"].items():
        o.add_row(", ".join(by.get(key, [])) or "-", f"{key} {label}", pct(pv["outcomes"][key]), pv["exact"][key])
    console.print(o)


# -- 11.4: hold or retreat ------------------------------------------------------------------------------------
def loss_range(least: int, most: int) -> str:
    if least == most:
        return f"-{least}" if least else "none"
    return f"{'-' + str(least) if least else 'none'} to -{most}"


def hit_tables(console: Console, pv: dict, name) -> None:
    h, r = pv["hold"], pv["retreat"]
    who = name("unit", pv["unit"])
    t = Table(title=f"{who} is hit: hold or retreat (11.4)", title_justify="left")
    t.add_column("answer")
    t.add_column("chance", justify="right")
    t.add_column("strength lost", justify="right")
    t.add_column("what happens")
    tires = " or ".join(f"{name('unit', x['unit'])} (to fatigue {x['fatigue']})" for x in h["enemy_tires"])
    t.add_row("hold", "100%", "eliminated" if h["eliminated"] else "-1",
              escape(f"stays; strength {pv['strength']} -> {h['strength_after']}"
                     + (f"; the enemy tires one of {tires}" if tires else "")), end_section=True)
    for m in r["modes"]:
        ways = "; ".join(" -> ".join(name("zone", z) for z in p["zones"]) or "stays at its map edge"
                         for p in m["paths"][:4])
        t.add_row(escape(f"retreat: {MODES[m['mode']]}"), pct(m["chance"]),
                  "all" if m["mode"] == "eliminated" else loss_range(m["least_loss"], m["most_loss"]),
                  escape(f"die {', '.join(map(str, m['rolls']))}" + (f"; {ways}" if ways and m["mode"] != "eliminated" else "")))
    mods = ", ".join(f"{label} {value:+d} ({rule})" for label, rule, value in r["modifiers"]) or "no modifier"
    console.print(t)
    console.print(escape(f"Retreat roll: {mods}; a total of 1-{r['orderly_max']} is an orderly retreat."))


def choice_table(title: str, rows, headers) -> Table:
    t = Table(title=escape(title), title_justify="left")
    for h in headers:
        t.add_column(h)
    for row in rows:
        t.add_row(*(escape(str(c)) for c in row))
    return t


def consequence(option: dict, name) -> str:
    u = (option.get("units") or [None])[0]
    if u is None:
        return "stays where it is"
    if u["eliminated"]:
        return f"{name('unit', u['unit'])} eliminated"
    bits = [f"{u['terrain'].replace('_', ' ')}, defence x{u['defence']:g}"]
    if u["victory_hex"]:
        bits.append("victory hex")
    if u["enemy_zoc"]:
        bits.append("in an enemy zone of control")
    if u["touches"]:
        bits.append("touches " + ", ".join(name("unit", x) for x in u["touches"]))
    if option.get("displaces"):
        bits.append(f"pushes {name('unit', option['displaces'])} out (8.8)")
    return "; ".join(bits)
