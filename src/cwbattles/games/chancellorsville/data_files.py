"""Reading Chancellorsville's data files (turn record, order of battle, scenario) into the game,
every problem a DataError naming the file and the key. Formats: docs/data-notes/chancellorsville-*.md."""

from __future__ import annotations

from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError

SIDE_INDEX = {"union": 0, "confederate": 1}
TYPES = ("infantry", "cavalry", "artillery", "leader")


def _hex(g, c, key, value):
    if value not in g.board.index:
        c.fail(key, f"unknown hex {value!r}")
    return g.board.index[value]


def load_turns(g, path) -> None:
    """The turn record: number of Game-Turns, the first player, night Game-Turns, labels."""
    src = str(path)
    doc = load_toml(path)
    m = Checker(src, doc.get("meta", {}), "meta")
    g.first_player = SIDE_INDEX[m.choice("first_player", SIDE_INDEX)]
    turns = doc.get("turn", [])
    if not turns:
        raise DataError(src, "turn", "no [[turn]] tables")
    labels, nights = [], set()
    for i, t in enumerate(turns):
        c = Checker(src, t, f"turn[{i}]")
        if c.get("number", int) != i + 1:
            c.fail("number", f"expected {i + 1} (turns in order)")
        night = c.get("night", bool, False)
        if night:
            nights.add(i + 1)
        labels.append(c.get("label", str, "") or f"{c.get('date', str, '')} {c.get('time', str, '')}".strip())
    g.turns = len(turns)
    g.night_turns = frozenset(nights)
    g.turn_labels = tuple(labels)


def load_oob(g, path) -> None:
    src = str(path)
    doc = load_toml(path)
    divs = []
    for i, t in enumerate(doc.get("division", [])):
        c = Checker(src, t, f"division[{i}]")
        from .game import Division
        divs.append(Division(i, c.get("id", str), c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)],
                             c.get("corps", str, "")))
    g.divisions = tuple(divs)
    g.division_index = {d.id: d.index for d in divs}
    raw = doc.get("unit", [])
    if not raw:
        raise DataError(src, "unit", "no [[unit]] tables")
    from .game import Unit
    units, seen = [], set()
    for i, t in enumerate(raw):
        c = Checker(src, t, f"unit[{i}]")
        uid = c.get("id", str)
        if uid in seen:
            c.fail("id", f"unit {uid!r} listed twice")
        seen.add(uid)
        kind = c.choice("type", TYPES)
        div = c.get("division", str, "")
        if div and div not in g.division_index:
            c.fail("division", f"unknown division {div!r}")
        setup = c.get("setup", str, "")
        aside = setup == "aside"
        sh = _hex(g, c, "setup", setup) if setup and not aside else -1
        eh = c.get("entry_hex", str, "")
        et = c.get("entry_turn", int, 0)
        if (eh == "") != (et == 0):
            c.fail("entry_hex", "a reinforcement needs both entry_turn and entry_hex")
        if sh < 0 and not et and not aside:
            c.fail("setup", "a unit needs a set-up hex or an entry turn and hex")
        stars = c.get("stars", int, 0)
        if kind == "leader" and not 1 <= stars <= 4:
            c.fail("stars", "a leader has 1 to 4 stars (23.5)")
        d = g.division_index[div] if div else -1
        corps = c.get("corps", str, divs[d].corps if d >= 0 else "")
        units.append(Unit(i, uid, c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)], kind,
                          c.get("size", str, "leader" if kind == "leader" else ""), max(d, 0), corps,
                          c.get("strength", int, 0), c.get("movement", int), c.get("range", int, 0), sh, et,
                          _hex(g, c, "entry_hex", eh) if eh else -1, stars, c.get("command", str, ""),
                          c.get("horse_artillery", bool, False), c.get("disruption_save", bool, True),
                          c.get("counter", str, ""), aside))
    for u in units:
        if u.type == "leader" and not u.command:
            raise DataError(src, f"unit[{u.index}].command", "a leader needs a command (23.53)")
    g.units = tuple(units)


def load_scenario(g, path) -> None:
    """Victory hexes (23.61), the exit hex (23.31), the hexes north of the Rappahannock and the
    crossings a line of communication may use (23.21, 23.61), command control (23.4), forced
    march turns (23.22)."""
    src = str(path)
    doc = load_toml(path)
    v = Checker(src, doc.get("victory", {}), "victory")
    vh = v.get("hexes", dict)
    g.victory_values = {_hex(g, v, f"hexes.{k}", k): val for k, val in vh.items()}
    g.victory_hexes = tuple(sorted(g.victory_values))
    x = Checker(src, doc.get("exit", {}), "exit")
    g.exit_hex = _hex(g, x, "hex", x.get("hex", str))
    r = Checker(src, doc.get("rappahannock", {}), "rappahannock")
    g.north = frozenset(_hex(g, r, "north", h) for h in r.get("north", list))
    g.loc_crossings = frozenset(_hex(g, r, "loc_crossings", h) for h in r.get("loc_crossings", list))
    cc = Checker(src, doc.get("command_control", {}), "command_control")
    g.command_first_turn = cc.get("first_turn", int)
    g.corps_roll = cc.get("corps_roll", int)
    g.cavalry_roll = cc.get("cavalry_roll", int)
    g.cavalry_corps_name = cc.get("cavalry_corps", str)
    g.reserve_corps_name = cc.get("reserve_artillery", str)
    fw = Checker(src, doc.get("fieldworks", {}), "fieldworks")
    g.fieldworks_start = frozenset(_hex(g, fw, "hexes", h) for h in fw.get("hexes", list, []))
    fm = Checker(src, doc.get("forced_march", {}), "forced_march")
    g.forced_turns = (frozenset(fm.get("union_turns", list)), frozenset(fm.get("confederate_turns", list)))
    g.forced_mp = fm.get("mp", int)
    g.cavalry_mp = fm.get("cavalry_mp", int)
    g.leader_forced_mp = fm.get("leader_mp", int)
