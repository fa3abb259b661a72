"""The terminal view of an area-map game: turn, zones with their units, legal actions."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

SIDE_STYLE = {"union": "bold blue", "confederate": "bold red"}


def unit_label(game, unit: dict) -> str:
    b = game.brigades[game.unit_index[unit["id"]]]
    bits = [f"{b.name} {unit['strength']}"]
    if b.artillery:
        bits.append(f"A{max(0, b.artillery - unit['losses'])}")
    if b.sharpshooters:
        bits.append(f"S{max(0, 2 - unit['losses'])}")
    if b.star:
        bits.append("*")
    if b.cavalry:
        bits.append("mtd" if unit["mounted"] else "dis")
    if unit["losses"]:
        bits.append(f"-{unit['losses']}")
    if unit["fatigue"]:
        bits.append(f"F{unit['fatigue']}")
    if unit["routed"]:
        bits.append("ROUTED")
    if unit["line"] == 2:
        bits.append("2nd")
    if unit["attack"] is not None:
        bits.append("CHARGE" if unit["charging"] else "ATTACK")
    if unit["facing"]:
        bits.append(f"→{game.board.zones[game.board.index[unit['facing']]].name}")
    return " ".join(bits)


def render(console: Console, state) -> None:
    game = state.game
    pos = state.to_position()
    res = state.result
    console.rule(f"[bold]{game.title}[/] — turn {pos['turn']}/{game.tables.game.turns}, round {pos['round']}, "
                 f"{(pos['to_act'] or 'game over')} to act")
    console.print(f"VP — Union {res['union']['total']} (losses {res['union']['losses']}), "
                  f"Confederates {res['confederate']['total']} (losses {res['confederate']['losses']})"
                  f"{'   Sheridan in command' if pos['sheridan']['in_command'] else ''}")
    by_zone: dict = {}
    for u in pos["units"]:
        if u["zone"]:
            by_zone.setdefault(u["zone"], []).append(u)
    markers: dict = {}
    for h in pos["hqs"]:
        if h["zone"]:
            markers.setdefault(h["zone"], []).append(f"HQ {h['id'].capitalize()}{' (active)' if h['active'] else ''}")
    if pos["train"]["status"] == "on_map":
        markers.setdefault(pos["train"]["zone"], []).append("Carter's train")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("zone")
    table.add_column("ctl")
    table.add_column("units")
    for z in game.board.zones:
        units = by_zone.get(z.id, [])
        extra = markers.get(z.id, [])
        if not units and not extra and z.vp == (0, 0):
            continue
        ctl = pos["control"][z.id]
        vp = f" [{z.vp[0]}/{z.vp[1]} VP]" if z.vp != (0, 0) else ""
        cells = [f"[{SIDE_STYLE[u['side']]}]{unit_label(game, u)}[/]" for u in sorted(units, key=lambda u: u['line'])]
        table.add_row(f"{z.name}{vp}", (ctl or "-")[:1].upper(), "; ".join(cells + extra))
    console.print(table)


def show_actions(console: Console, state, actions) -> None:
    for i, a in enumerate(actions, 1):
        console.print(f"  [bold]{i:>3}[/] {escape(state.describe(a))}")
