"""The previews of a GBACW game (Cedar Mountain) in the terminal, as tables: a fire's strength,
column shifts with their rule numbers and the chance of each result (9.3-9.6, 22.0's
overshoot); a melee's odds (12.3-12.5); then what each unit risks (13.0, 15.0, 17.5). The game
computes every figure (``systems/gbacw/preview.py``); this only lays them out, as
``terminal_preview`` does for the other games."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

RISKS = (("sp_lost", "strength lost (mean)"), ("eliminated", "eliminated"), ("captured", "captured"),
         ("retreats", "retreats"), ("routed", "routed"), ("pinned", "pinned"), ("wounded", "wounded"),
         ("killed", "killed"))


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def show_gbacw_preview(console: Console, pv: dict, name) -> None:
    if pv["kind"] == "rally":
        console.print(escape(f"{name('unit', pv['unit'])} rallies ({pv['method']}, 15.5): "
                             f"{pct(pv['rallies']['p'])} ({pv['rallies']['exact']})"))
        return
    if pv["kind"] == "fire":
        firers = ", ".join(name("unit", u) for u in pv["firers"])
        head = f"{firers} fire at {pv['target']}: strength {pv['strength']}, column {pv['column'] or 'below the table'}"
        rule = "9.6"
    else:
        attackers = ", ".join(name("unit", u) for u in pv["attackers"])
        head = f"{attackers} melee {pv['target']}: {pv['attack']} against {pv['defence']}, odds {pv['odds']}"
        rule = "12.4"
    console.print(f"[bold]{escape(head)}[/]")
    for s in pv.get("shifts", []):
        console.print(escape(f"  column shift {s['columns']:+d} ({s['rule']})"))
    for unit, o in (pv.get("overshoot") or {}).items():
        console.print(escape(f"  {name('unit', unit)} at long range: accurate {pct(o['p'])} ({o['accurate']}), "
                             f"else its fire scatters (22.0)"))
    results = Table(title=f"Results (one die, {rule})", title_justify="left")
    results.add_column("result")
    results.add_column("chance", justify="right")
    results.add_column("exact", justify="right")
    for code, p in pv["outcomes"].items():                 # in the order of the die
        results.add_row(escape(code), pct(p), pv["exact"][code])
    if "engaged" in pv:
        results.add_row("both stay engaged", pct(pv["engaged"]["p"]), pv["engaged"]["exact"])
    console.print(results)
    units = pv.get("units") or {}
    if not units:
        return
    risks = [(k, label) for k, label in RISKS if any(k in d for d in units.values())]
    t = Table(title="What each unit risks (13.0, 15.0, 17.5)", title_justify="left")
    t.add_column("unit")
    for _, label in risks:
        t.add_column(label, justify="right")
    for unit, d in units.items():
        t.add_row(escape(name("unit", unit)), *[
            (f"{d[k]['p']:.2f}" if k == "sp_lost" else pct(d[k]["p"])) if k in d else "-" for k, _ in risks])
    console.print(t)
