"""The terminal view of a game: turn, the map's occupied places with their units, legal actions.

Area-map games (Cedar Creek) list zones; hex-map games (Blue & Gray) list hexes."""

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
    """Print the position: area games by zone, hex games by hex (GBACW games with facing and formation)."""
    if hasattr(state.game.board, "zones"):
        render_areas(console, state)
    elif getattr(state.game, "system", "") == "gbacw":
        render_gbacw(console, state)
    else:
        render_hexes(console, state)


def render_areas(console: Console, state) -> None:
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
    for m in pos.get("markers", ()):
        if m.get("status") == "on_map":
            whose = f" with {m['brigade'].capitalize()}" if m.get("brigade") else " alone"
            markers.setdefault(m["zone"], []).append(f"Artillerie {m['value']}{whose}")
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


def hex_unit_label(unit) -> str:
    """Name and factors as printed on a Blue & Gray counter: strength-movement, or
    strength-range-movement for artillery."""
    factors = (f"{unit.strength}-{unit.range}-{unit.movement}" if unit.range else f"{unit.strength}-{unit.movement}")
    return f"{unit.name} {factors}"


def render_hexes(console: Console, state) -> None:
    game = state.game
    pos = state.to_position()
    res = state.result
    night = " (night)" if pos["turn"] in game.night_turns else ""
    label = game.turn_labels[pos["turn"] - 1] if len(game.turn_labels) >= pos["turn"] else ""
    console.rule(f"[bold]{game.title}[/] — Game-Turn {pos['turn']}/{game.turns} {label}{night}, "
                 f"{(pos['to_act'] or 'game over')} to act")
    level = f"; level: {res['level']}" if res.get("level") else ""
    console.print(f"VP — Union {res['union']['total']}, Confederates {res['confederate']['total']}{level}")
    by_hex: dict = {}
    elsewhere: dict = {}                 # (status, side) -> count, for units not on the map
    for u in pos["units"]:
        unit = game.units[game.unit_index[u["id"]]]
        side = ("union", "confederate")[unit.side]
        if u["status"] == "on_map" and u["hex"]:
            by_hex.setdefault(u["hex"], []).append((side, unit))
        else:
            elsewhere[u["status"], side] = elsewhere.get((u["status"], side), 0) + 1
    board = game.board
    control = pos["control"]
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("hex")
    table.add_column("ctl")
    table.add_column("units")
    for i in range(len(board)):
        hid = board.ids[i]
        units = by_hex.get(hid, [])
        if not units and hid not in control:
            continue
        place = board.labels.get(i, "")
        cells = [f"[{SIDE_STYLE[side]}]{escape(hex_unit_label(unit))}[/]" for side, unit in units]
        ctl = (control.get(hid) or "-")[:1].upper() if hid in control else ""
        table.add_row(f"{hid} {board.terrain[i]}{' — ' + place if place else ''}", ctl, "; ".join(cells))
    console.print(table)
    for status, what in (("off_map", "Off the map (to come, or set aside)"), ("eliminated", "Eliminated"),
                         ("exited", "Exited")):
        n = [elsewhere.get((status, side), 0) for side in ("union", "confederate")]
        if any(n):
            console.print(f"{what}: Union {n[0]}, Confederates {n[1]}")


TERRAIN_MARKS = {"clear": ".", "woods": "w", "woods_rough": "W", "rough": "r", "hill": "h", "swamp": "s", "town": "t",
                 "field": ".", "cornfield": "c", "lake": "~", "buildings": "b"}


def action_hexes(state, actions) -> set:
    """The hexes (indices) the decision is about: those its actions name, the moving unit's."""
    game = state.game
    board = game.board
    out = set()
    for a in actions:
        doc = game.action_to_json(a)
        for key in ("hex",):
            if doc.get(key) in board.index:
                out.add(board.index[doc[key]])
    u = getattr(state, "mv_unit", -1)
    if u is not None and u >= 0 and state.hex[u] >= 0:
        out.add(state.hex[u])
    return out


def local_map(state, focus: set, radius: int = 2) -> list[str]:
    """A compact text map of the hexes within ``radius`` of the ``focus`` hexes (a hex game),
    laid out as the hexes stand (each column half a row below its neighbours): a hex shows its
    number's last two digits and either its units (U or C and their total strength) or its
    terrain; focus hexes are marked with *."""
    board = state.game.board
    if not focus:
        return []
    near = set().union(*(board.within(h, radius) for h in focus))
    cells = {}
    for h in near:
        x, y = board.pixel_center(h, 20.0)
        cells[(round(y / (20.0 * 3 ** 0.5 / 2)), round(x / 30.0))] = h
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    by_hex: dict = {}
    for u, h in enumerate(state.hex):
        if h >= 0:
            by_hex.setdefault(h, []).append(u)
    lines = []
    for r in rows:
        line = ""
        for c in range(cols[0], cols[-1] + 1):
            h = cells.get((r, c))
            if h is None:
                line += " " * 9
                continue
            units = by_hex.get(h, [])
            if units:
                side = "UC"[state.game.units[units[0]].side]
                what = f"{side}{sum(state.strength(u) for u in units)}"
            else:
                what = TERRAIN_MARKS.get(board.terrain[h], "?")
            mark = "*" if h in focus else " "
            line += f"{board.ids[h]}{mark}{what:<4}"
        lines.append(line.rstrip())
    return lines


def show_local_map(console: Console, state, actions) -> None:
    """For a hex game: the compact map of the hexes near the decision, with its key."""
    if hasattr(state.game.board, "zones"):
        return
    lines = local_map(state, action_hexes(state, actions))
    if lines:
        console.print("[bold]Near the action[/] (hex, * named by a choice, U/C and strength, or terrain: "
                      ". clear or field, w woods, W woods-rough, r rough, h hill, s swamp, c cornfield, "
                      "b buildings, ~ water):")
        for line in lines:
            console.print(escape(line))


def gbacw_unit_label(unit, doc: dict) -> str:
    """A GBACW counter in words: name, strength-morale, formation and facing, status."""
    if unit.type == "leader":
        return f"{unit.name} ({unit.rank})"
    flags = [f for f in doc.get("flags", ()) if f in ("routed", "pinned", "engaged")]
    return (f"{unit.name} {doc['strength']}-{unit.morale} {doc['formation']} {doc['facing']}"
            + (f" [{', '.join(flags)}]" if flags else ""))


def render_gbacw(console: Console, state) -> None:
    game = state.game
    pos = state.to_position()
    res = state.result
    console.rule(f"[bold]{game.title}[/] — Game-Turn {pos['turn']}/{game.turns} {game.turn_label(pos['turn'])}, "
                 f"{(pos['to_act'] or 'game over')} to act ({state.stack[-1][0] if state.stack else 'over'})")
    console.print(f"VP — Union {res['union']['total']}, Confederates {res['confederate']['total']}; "
                  f"level: {res['level']}")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("hex")
    table.add_column("units (top last)")
    board = game.board
    docs = {u["id"]: u for u in pos["units"]}
    control = pos["control"]
    for hid, ids in pos["stacks"].items():
        i = board.index[hid]
        cells = []
        for uid in ids:
            unit = game.units[game.unit_index[uid]]
            side = ("union", "confederate")[unit.side]
            cells.append(f"[{SIDE_STYLE[side]}]{escape(gbacw_unit_label(unit, docs[uid]))}[/]")
        place = board.labels.get(i, "")
        vp = f" VP:{(control.get(hid) or '-')[:1].upper()}" if hid in control else ""
        table.add_row(f"{hid} {board.terrain[i]}{' — ' + place if place else ''}{vp}", "; ".join(cells))
    console.print(table)


def show_actions(console: Console, state, actions) -> None:
    for i, a in enumerate(actions, 1):
        console.print(f"  [bold]{i:>3}[/] {escape(state.describe(a))}")


def preview_lines(pv: dict) -> list:
    """The itemised preview of a Blue & Gray attack, as lines of plain text."""
    out = [f"Attackers ({pv['attacker']['side']}):"]
    for u in pv["attacker"]["units"]:
        how = f"bombards at range {u['range']}" if u["role"] == "bombards" else "adjacent"
        out.append(f"  {u['name']} at {u['hex']}, {how}: strength {u['strength']}")
        out += [f"      {_step_text(step)}" for step in u["steps"]]
        if u["steps"]:
            out.append(f"      = {u['total']}")
    out.append(f"  total {pv['attacker']['total']}")
    out.append(f"Defenders ({pv['defender']['side']}):")
    for h in pv["defender"]["hexes"]:
        names = [f"{v['name']} {v['strength']}" + (f" - {v['not_counted']}" if "not_counted" in v else "")
                 for v in h["units"]]
        out.append(f"  {h['hex']} ({h['terrain'].replace('_', '-')}): " + "; ".join(names))
        out += [f"      {_step_text(step)}" for step in h["steps"]]
        if h["steps"]:
            out.append(f"      = {h['total']}")
    out.append(f"  total {pv['defender']['total']}")
    col = pv["column"]
    lower = f" (declared lower than {col['natural']}, 8.9)" if col["declared_lower"] else ""
    kind = ", a bombardment (9.1)" if pv["bombardment"] else ""
    out.append(f"Odds {col['ratio']}: column {col['odds']}{lower}{kind} (8.6)")
    for m in pv["die"]["modifiers"]:
        out.append(f"Die {m['amount']:+d}: {m['label']} ({m['rule']})")
    out.append("Rolls: " + ", ".join(f"{r['roll']}" + (f"->{r['modified']}" if r["modified"] != r["roll"] else "")
                                     + f" {r['result']}" for r in pv["rolls"]))
    for key, name in pv["results"].items():
        out.append(f"  {key} {name}: {pv['exact'][key]} ({100 * pv['outcomes'][key]:.1f}%)")
    return out


def _step_text(step: dict) -> str:
    if "factor" in step:
        return f"x {step['factor']}  {step['label']} ({step['rule']})"
    return f"-> {step['value']}  {step['label']} ({step['rule']})"
