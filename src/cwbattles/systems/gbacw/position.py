"""Positions: the whole state as canonical JSON, and back (an exact round trip). Units are named
by id, hexes by printed number, facings by direction, formations by name; the machine's frames
keep the game's integer indices.

Reading is strict (``engine.positions.Reader``): every value is checked for its type and range
and every failure is a DataError naming the key (``units[3].status``); the frames of the stack
have the shapes declared in ``FRAMES`` (and the game's ``GAME_FRAMES``); a position the rules
cannot play on from is refused (``play_check``). Shorthands a hand-written position may use:
a unit without ``status`` is on the map; ``captured_sp`` and ``flags`` left out are none;
``over``, ``cleared``, ``entries``, ``melees``, ``leader_fates`` and ``extra`` left out are
false or empty; ``control`` names only the hexes it sets (the others stay uncontrolled).

A game adds its own fields through hooks of its State: ``position_extra()`` returns a dict
stored under "extra", ``load_extra(r, extra)`` reads it back with the Reader ``r``, and
``check_position(r)`` checks what it alone knows once everything is read (its frames).
"""

from __future__ import annotations

from ...engine.positions import Reader, frame_checks, play_check
from .command import FATES, rally_points
from .state import FLAG_NAMES, STATUS
from .tables import FORMS

SIDES = ("union", "confederate")
SCALARS = ("phasing", "mv_unit", "mv_mp", "mv_hexes")
POINTS = 10_000                     # a bound on Victory and Command Points no game comes near
MOVE_POINTS = 200                   # half Movement Points, and hexes entered, in one move

# The system's frames and their arguments (engine.positions.Reader.frames): sequence 4.0,
# command 16-17, movement 5, fire 9 (mode 0 defensive, 1 offensive), melee 12, rally 15.5,
# retreats 12.8-12.9 and 15.4 (hexes left, kind, hexes done).
RETREAT = ("side", "unit", "count", "melee|rout|rbm", "count")
FRAMES = {
    "game_turn": ("nobody",), "turn_end": ("nobody",),
    **{kind: ("side",) for kind in ("player_turn", "final_command", "player_end", "command", "command_phase",
                                    "replace", "movement", "declarations", "melee_phase", "rally_phase")},
    "moving": ("side", "unit"), "place_leader": ("side", "unit", "(unit)"),
    "declare_melee": ("side", "hex", "(unit)"), "advance": ("side", "hex", "(unit)"),
    "advance_check": ("side", "hex", "(unit)"), "rbm_phase": ("side", "(unit)"), "rbm": ("side", "unit", "(unit)"),
    "fire": ("side", "mode"), "fire_decl": ("side", "mode", "hex", "(unit)"),
    "retreat_check": RETREAT, "retreat": RETREAT,
}
# frame -> (its argument naming units, what they are, whether they must be on the map while it
# waits): the unit moving (5.0) or retreating (12.8-12.9, 15.4), the firers (9.1) and attackers
# (12.1) being declared, the leader placed (17.8)
UNIT_ARGS = {"moving": (2, "unit", True), "rbm": (2, "combat unit", True), "retreat": (2, "combat unit", True),
             "retreat_check": (2, "combat unit", False), "fire_decl": (4, "combat unit", True),
             "declare_melee": (3, "combat unit", True), "place_leader": (2, "leader", False)}


def _listify(x):
    if isinstance(x, tuple):
        return [_listify(v) for v in x]
    return x


def position_of(s) -> dict:
    g = s.game
    ids = g.board.ids
    compass = g.board.compass
    units = []
    for u in g.units:
        i = u.index
        h = s.hex[i]
        d = {"id": u.id, "hex": ids[h] if h >= 0 else None, "status": STATUS.get(h, "on_map")}
        if u.type != "leader":
            d["facing"] = compass[s.facing[i]]
            d["formation"] = FORMS[u.type][s.form[i]]
            d["strength"] = s.sp[i]
            if s.capt[i]:
                d["captured_sp"] = s.capt[i]
        else:
            d["facing"] = compass[s.facing[i]]
            d["rally_points"] = s.rally_left[i]
        flags = [name for bit, name in FLAG_NAMES.items() if s.flags[i] & bit]
        if flags:
            d["flags"] = flags
        if u.entry_turn:
            d["due"] = s.due[i]
            d["entry_hex"] = ids[s.entry_at[i]] if s.entry_at[i] >= 0 else None
        units.append(d)
    oob = g.oob

    def leader_id(v):
        return g.units[v].id if v >= 0 else None

    return {
        "game": g.name, "version": g.version, "options": dict(g.options), "turn": s.turn, "round": s.round,
        "to_act": s.to_act, "over": s.over, "dice": s.dice.to_json(), "units": units,
        "stacks": {ids[h]: [g.units[v].id for v in s.units_by_hex[h]] for h in sorted(s.units_by_hex)},
        "brigades": {b.id: {"bce_loss": s.bce_loss[b.index], "bce_out": s.bce_out[b.index],
                            "attached": oob.divisions[s.attached[b.index]].id if s.attached[b.index] >= 0 else None,
                            "commander": leader_id(s.brig_cmd[b.index]),
                            "in_command": s.brig_in_command[b.index]} for b in oob.brigades},
        "divisions": {d.id: {"commander": leader_id(s.div_cmd[d.index]), "radius_bonus": s.div_bonus[d.index],
                             "command_points": s.div_cp[d.index]} for d in oob.divisions},
        "army_cp": {SIDES[i]: s.army_cp[i] for i in (0, 1)},
        "control": {ids[h]: (SIDES[c] if c >= 0 else None) for h, c in zip(g.control_hexes, s.control)},
        "cleared": sorted(ids[h] for h in s.cleared),
        "entries": {ids[h]: n for h, n in s.entries},
        "melees": [{"target": ids[t], "attackers": [g.units[u].id for u in a]} for t, a in s.melees],
        "vp": {"hexes": list(s.vp_hex), "exits": list(s.vp_exit), "leaders": list(s.vp_leaders)},
        "scalars": {k: getattr(s, k) for k in SCALARS},
        "leader_fates": {g.units[v].id: s.fate[v] for v in range(len(g.units)) if s.fate[v]},
        "extra": s.position_extra(),
        "stack": [_listify(tuple(f)) for f in s.stack],
    }


def state_from_position(g, doc, source: str = "position"):
    """A state from a position document; a DataError naming the key for anything the rules
    could not play from."""
    r = Reader(source)
    doc, s = r.new_state(doc, g, g.turns)
    placed = _read_units(r, g, s, r.items(doc, "units"))
    _read_stacks(r, g, s, r.mapping(doc, "stacks"), placed)
    _read_command(r, g, s, doc)
    _read_map_fields(r, g, s, doc)
    scalars = r.mapping(doc, "scalars")
    for k in scalars:
        if k not in SCALARS:
            r.fail(f"scalars.{k}", "unknown field")
    s.phasing = r.int(scalars, "phasing", 0, 1, "scalars")
    s.mv_unit = r.int(scalars, "mv_unit", -1, g.n_units - 1, "scalars")
    s.mv_mp = r.int(scalars, "mv_mp", -MOVE_POINTS, MOVE_POINTS, "scalars")
    s.mv_hexes = r.int(scalars, "mv_hexes", 0, MOVE_POINTS, "scalars")
    s.load_extra(r, r.mapping(doc, "extra", default={}))
    _read_stack(r, g, s, doc)
    s.check_position(r)
    s.touch(0)
    s.touch(1)
    s.note("-", f"Position loaded from {source}.")
    play_check(r, s, doc)
    return s


def _unit_ref(r, g, uid, key: str, what: str = "unit", side: int | None = None) -> int:
    """A unit id (of ``side`` if given; ``what`` "leader" or "combat unit" for one of those)."""
    if not isinstance(uid, str) or uid not in g.unit_index:
        r.fail(key, f"unknown {what} {uid!r}"[:90])
    u = g.unit_index[uid]
    unit = g.units[u]
    if what == "leader" and unit.type != "leader" or what == "combat unit" and unit.type == "leader":
        r.fail(key, f"{uid} is not a {what}")
    if side is not None and unit.side != side:
        r.fail(key, f"{uid} is not a {SIDES[side]} {what}")
    return u


def _hex_ref(r, g, value, key: str) -> int:
    if not isinstance(value, str) or value not in g.board.index:
        r.fail(key, f"unknown hex {value!r}"[:90])
    return g.board.index[value]


def _read_units(r, g, s, units: list) -> dict:
    """Every unit once: its hex or status, facing, formation and strength (leaders: rally
    points), flags, and a reinforcement's Game-Turn and hex of entry. Returns {unit: hex} of the
    units on the map."""
    compass = g.board.compass
    status = {v: k for k, v in STATUS.items()}
    flag_bits = {v: k for k, v in FLAG_NAMES.items()}
    placed, seen = {}, []
    for i, ud in enumerate(units):
        where = f"units[{i}]"
        u = _unit_ref(r, g, r.get(ud, "id", str, where), f"{where}.id")
        unit = g.units[u]
        if unit.id in seen:
            r.fail(f"{where}.id", f"unit {unit.id!r} listed twice")
        seen.append(unit.id)
        st = r.choice(ud, "status", ("on_map", *status), where, "on_map")
        if st == "on_map":
            placed[u] = _hex_ref(r, g, r.get(ud, "hex", str, where), f"{where}.hex")
        else:
            if r.get(ud, "hex", (str, type(None)), where, None) is not None:
                r.fail(f"{where}.hex", f"a unit {st.replace('_', ' ')} is on no hex (null)")
            if st == "wounded" and unit.type != "leader":
                r.fail(f"{where}.status", "only leaders are wounded (17.5)")
            s.hex[u] = status[st]
        s.facing[u] = compass.index(r.choice(ud, "facing", compass, where))
        if unit.type == "leader":
            s.rally_left[u] = r.int(ud, "rally_points", 0, rally_points(s, u), where)
        else:
            forms = FORMS[unit.type]
            s.form[u] = forms.index(r.choice(ud, "formation", forms, where))
            s.sp[u] = r.int(ud, "strength", 1 if st == "on_map" else 0, unit.strength, where)
            s.capt[u] = r.int(ud, "captured_sp", 0, unit.strength - s.sp[u], where, 0)
        bits = 0
        for j, name in enumerate(r.items(ud, "flags", where, [])):
            key = f"{where}.flags[{j}]"
            if not isinstance(name, str) or name not in flag_bits:
                r.fail(key, f"unknown flag {name!r}"[:90])
            if bits & flag_bits[name]:
                r.fail(key, f"flag {name!r} listed twice")
            bits |= flag_bits[name]
        s.flags[u] = bits
        if unit.entry_turn:
            s.due[u] = r.int(ud, "due", unit.entry_turn, g.turns + 1, where)
            entry = r.get(ud, "entry_hex", (str, type(None)), where)
            s.entry_at[u] = -1 if entry is None else _hex_ref(r, g, entry, f"{where}.entry_hex")
    r.one_each(seen, [u.id for u in g.units], "units")
    return placed


def _read_stacks(r, g, s, stacks: dict, placed: dict) -> None:
    """The counters of each hex bottom to top (13.4): exactly the units on the map; never both
    sides in one hex."""
    listed = set()
    for hid in stacks:
        h = _hex_ref(r, g, hid, f"stacks.{hid}")
        members = r.items(stacks, hid, "stacks")
        if not members:
            r.fail(f"stacks.{hid}", "an empty hex is not listed")
        for j, uid in enumerate(members):
            key = f"stacks.{hid}[{j}]"
            u = _unit_ref(r, g, uid, key)
            if placed.get(u) != h or u in listed:
                r.fail(key, f"unit {uid!r} is not on hex {hid} in units, or is listed twice")
            listed.add(u)
        if len({g.units[g.unit_index[uid]].side for uid in members}) > 1:
            r.fail(f"stacks.{hid}", "units of both sides in one hex")
        for uid in members:
            s.set_hex(g.unit_index[uid], h)
    left = [g.units[u].id for u in placed if u not in listed]
    if left:
        r.fail("stacks", f"units on the map in no stack: {', '.join(left[:5])}")


def _read_command(r, g, s, doc) -> None:
    """Brigades (BCE 24.0, attachment 24.2, commander, 16.2), divisions (commander, 25.1-25.2,
    16.3), the army Command Points and the leaders lost (17.5): every brigade and division once."""
    oob = g.oob
    brigades = r.mapping(doc, "brigades")
    r.one_each(list(brigades), [b.id for b in oob.brigades], "brigades", "brigades")
    for bid, bd in brigades.items():
        where = f"brigades.{bid}"
        if bid not in oob.brigade_index:
            r.fail(where, "unknown brigade")
        b = oob.brigades[oob.brigade_index[bid]]
        s.bce_loss[b.index] = r.int(bd, "bce_loss", 0, sum(g.units[u].strength for u in b.units), where)
        s.bce_out[b.index] = r.bool(bd, "bce_out", where)
        att = r.get(bd, "attached", (str, type(None)), where)
        if att is not None and (att not in oob.division_index or oob.divisions[oob.division_index[att]].side != b.side):
            r.fail(f"{where}.attached", f"not a {SIDES[b.side]} division: {att!r}")
        s.attached[b.index] = -1 if att is None else oob.division_index[att]
        s.brig_cmd[b.index] = _commander(r, g, bd, where, b.side)
        s.brig_in_command[b.index] = r.bool(bd, "in_command", where)
    divisions = r.mapping(doc, "divisions")
    r.one_each(list(divisions), [d.id for d in oob.divisions], "divisions", "divisions")
    for did, dd in divisions.items():
        where = f"divisions.{did}"
        if did not in oob.division_index:
            r.fail(where, "unknown division")
        d = oob.divisions[oob.division_index[did]]
        s.div_cmd[d.index] = _commander(r, g, dd, where, d.side)
        s.div_bonus[d.index] = r.int(dd, "radius_bonus", 0, POINTS, where)
        s.div_cp[d.index] = r.int(dd, "command_points", 0, POINTS, where)
    cp = r.mapping(doc, "army_cp")
    s.army_cp = [r.int(cp, side, 0, POINTS, "army_cp") for side in SIDES]
    for uid in r.mapping(doc, "leader_fates", default={}):
        u = _unit_ref(r, g, uid, f"leader_fates.{uid}", "leader")
        s.fate[u] = r.int(doc["leader_fates"], uid, min(FATES), max(FATES), "leader_fates")


def _commander(r, g, d: dict, where: str, side: int) -> int:
    cmd = r.get(d, "commander", (str, type(None)), where)
    return -1 if cmd is None else _unit_ref(r, g, cmd, f"{where}.commander", "leader", side)


def _read_map_fields(r, g, s, doc) -> None:
    """Control of the Victory Point hexes, obstacles cleared (21.43), units entered per hex this
    phase (26.4), the melees declared (12.1) and the Victory Points scored."""
    control_ids = [g.board.ids[h] for h in g.control_hexes]
    for hid, c in r.mapping(doc, "control", default={}).items():
        if hid not in control_ids:
            r.fail(f"control.{hid}", f"not a victory hex: {hid!r}")
        if c is not None and c not in SIDES:
            r.fail(f"control.{hid}", f"expected 'union', 'confederate' or null, got {c!r}"[:90])
        s.control[control_ids.index(hid)] = -1 if c is None else SIDES.index(c)
    cleared = [_hex_ref(r, g, h, f"cleared[{i}]") for i, h in enumerate(r.items(doc, "cleared", default=[]))]
    if len(set(cleared)) != len(cleared):
        r.fail("cleared", "a hex listed twice")
    s.cleared = frozenset(cleared)
    entries = r.mapping(doc, "entries", default={})
    s.entries = tuple(sorted((_hex_ref(r, g, h, f"entries.{h}"), r.int(entries, h, 0, g.n_units, "entries"))
                             for h in entries))
    melees = []
    for i, m in enumerate(r.items(doc, "melees", default=[])):
        where = f"melees[{i}]"
        t = _hex_ref(r, g, r.get(m, "target", str, where), f"{where}.target")
        attackers = r.items(m, "attackers", where)
        if not attackers:
            r.fail(f"{where}.attackers", "a melee has attackers")
        att = tuple(_unit_ref(r, g, uid, f"{where}.attackers[{j}]", "combat unit") for j, uid in enumerate(attackers))
        if len(set(att)) != len(att) or len({g.units[u].side for u in att}) > 1:
            r.fail(f"{where}.attackers", "each attacker once, all of one side")
        melees.append((t, att))
    s.melees = tuple(melees)
    vp = r.mapping(doc, "vp")
    s.vp_hex, s.vp_exit, s.vp_leaders = (_pair(r, vp, k) for k in ("hexes", "exits", "leaders"))


def _pair(r, vp: dict, k: str) -> tuple:
    """Victory Points of each side (union, confederate)."""
    pair = r.items(vp, k, "vp")
    if len(pair) != 2:
        r.fail(f"vp.{k}", f"one number a side (union, confederate), got {len(pair)}")
    for i, n in enumerate(pair):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= POINTS:
            r.fail(f"vp.{k}[{i}]", f"a whole number 0-{POINTS}, got {n!r}"[:90])
    return tuple(pair)


def _read_stack(r, g, s, doc) -> None:
    """The decision stack; a frame's unit belongs to its side, and a unit that moves or retreats
    is on the map (the moving one is ``scalars.mv_unit``)."""
    checks = frame_checks({"unit": g.n_units, "hex": len(g.board), "count": 1000}, mode=lambda v: v in (0, 1))
    s.stack = r.frames(doc, {**FRAMES, **s.GAME_FRAMES}, checks)
    for i, f in enumerate(s.stack):
        shape = FRAMES.get(f[0]) or s.GAME_FRAMES[f[0]]
        for j, kind in enumerate(shape[1:], 2):
            for u in f[j] if kind == "(unit)" else (f[j],) if kind == "unit" else ():
                if g.units[u].side != f[1]:
                    r.fail(f"stack[{i}][{j}]", f"{g.units[u].id} is not a {SIDES[f[1]]} unit")
        j, what, on_map = UNIT_ARGS.get(f[0], (0, "", False))
        for u in f[j] if isinstance(f[j], tuple) else (f[j],) if j else ():
            if what != "unit" and (g.units[u].type == "leader") != (what == "leader"):
                r.fail(f"stack[{i}][{j}]", f"{g.units[u].id} is not a {what}")
            if on_map and s.hex[u] < 0:
                r.fail(f"stack[{i}][{j}]", f"{g.units[u].id} is not on the map")
        if f[0] == "moving" and f[2] != s.mv_unit:
            r.fail("scalars.mv_unit", f"the moving frame stack[{i}] is for unit {g.units[f[2]].id}")
