"""Positions: the whole state as canonical JSON, and back (exact round trip), read strictly
(``engine.positions``). Units by id, hexes by printed number with section, corps by name."""

from __future__ import annotations

from ...engine.positions import Reader, frame_checks, play_check
from ...systems.blue_and_gray.revised_morale import table as morale_table

SIDES = ("union", "confederate")
STATUS = {-1: "off_map", -2: "eliminated", -3: "exited"}
UNIT_FLAGS = ("moved", "attacked", "defended", "retreated", "strat", "forced", "killed")
SCALARS = ("phasing", "mv_unit", "mv_mp", "mv_mode", "reserve_corps")
FRAMES = {
    "game_turn": ("nobody",), "turn_end": ("nobody",), "player_turn": ("side",), "player_end": ("side",),
    "movement": ("side",), "combat": ("side",), "moving": ("side", "unit"),
    "declare": ("side", "(hex)", "(unit)"), "retreat_check": ("side", "unit"), "retreat_option": ("side", "unit"),
    "retreat": ("side", "unit", "(hex)?"), "exchange": ("side", "count", "(unit)"),
    "advance_check": ("side", "(hex)", "(unit)"), "advance": ("side", "(hex)", "(unit)"),
    "cc_assign": ("union",), "cc_roll": ("union",), "place_leader": ("side", "unit"),
}
SCALAR_RANGES = {"phasing": (0, 1), "mv_mp": (-30, 60), "mv_mode": (0, 3)}
PASSING = ("moving", "retreat", "retreat_check", "retreat_option")


def position_of(s) -> dict:
    g = s.game
    ids = g.board.ids
    levels = morale_table()["levels"]
    units = []
    for u in g.units:
        h = s.hex[u.index]
        d = {"id": u.id, "hex": ids[h] if h >= 0 else None, "status": STATUS.get(h, "on_map")}
        for f in UNIT_FLAGS:
            if getattr(s, f)[u.index]:
                d[f] = True
        if s.morale[u.index]:
            d["morale"] = levels[s.morale[u.index]]
        units.append(d)
    scalars = {k: getattr(s, k) for k in SCALARS}
    scalars["reserve_corps"] = g.corps[s.reserve_corps] if s.reserve_corps >= 0 else None
    return {
        "game": g.name, "version": g.version, "options": dict(g.options), "turn": s.turn, "round": s.round,
        "to_act": s.to_act, "over": s.over, "dice": s.dice.to_json(), "units": units,
        "corps_free": {c: s.corps_free[i] for i, c in enumerate(g.corps)},
        "fieldworks": sorted(ids[h] for h in s.fieldworks),
        "control": {ids[h]: (SIDES[c] if c >= 0 else None) for h, c in zip(g.victory_hexes, s.control)},
        "released": {r["name"]: s.released[i] for i, r in enumerate(g.restrictions)},
        "entry_count": {ids[h]: n for h, n in zip(g.entry_hexes, s.entry_count)},
        "scalars": scalars,
        "stack": [[list(x) if isinstance(x, tuple) else x for x in f] for f in s.stack],
    }


def state_from_position(g, doc, source: str = "position"):
    """A state from a position document; DataError naming the key for anything the rules could
    not play from."""
    from .state import State

    r = Reader(source)
    doc = r.start(doc, g)
    s = State(g, 0)
    s.turn = r.int(doc, "turn", 1, g.turns)
    s.round = r.int(doc, "round", 0, 2)
    s.over = r.bool(doc, "over", default=False)
    s.dice = r.dice(doc)
    _read_units(r, g, s, r.items(doc, "units"))
    for c, free in r.mapping(doc, "corps_free", default={}).items():
        if c not in g.corps:
            r.fail(f"corps_free.{c}", f"unknown corps {c!r}")
        s.corps_free[g.corps.index(c)] = r.bool(doc["corps_free"], c, "corps_free")
    control_ids = [g.board.ids[h] for h in g.victory_hexes]
    for hid, c in r.mapping(doc, "control", default={}).items():
        if hid not in control_ids:
            r.fail(f"control.{hid}", f"not a victory hex: {hid!r}")
        if c is not None and c not in SIDES:
            r.fail(f"control.{hid}", f"expected 'union', 'confederate' or null, got {c!r}")
        s.control[control_ids.index(hid)] = -1 if c is None else SIDES.index(c)
    names = [x["name"] for x in g.restrictions]
    for name in r.mapping(doc, "released", default={}):
        if name not in names:
            r.fail(f"released.{name}", f"unknown restriction {name!r}")
        s.released[names.index(name)] = r.bool(doc["released"], name, "released")
    works = []
    for i, hid in enumerate(r.items(doc, "fieldworks", default=[])):
        if not isinstance(hid, str) or hid not in g.board.index:
            r.fail(f"fieldworks[{i}]", f"unknown hex {hid!r}")
        works.append(g.board.index[hid])
    s.fieldworks = frozenset(works) if "fieldworks" in doc else g.fieldworks_start
    entry_ids = [g.board.ids[h] for h in g.entry_hexes]
    for hid in r.mapping(doc, "entry_count", default={}):
        if hid not in entry_ids:
            r.fail(f"entry_count.{hid}", f"not an entry hex: {hid!r}")
        s.entry_count[entry_ids.index(hid)] = r.int(doc["entry_count"], hid, 0, 100, "entry_count")
    scalars = r.mapping(doc, "scalars", default={})
    for k in scalars:
        if k not in SCALARS:
            r.fail(f"scalars.{k}", "unknown field")
    for k, rng in SCALAR_RANGES.items():
        if k in scalars:
            setattr(s, k, r.int(scalars, k, *rng, "scalars"))
    if "mv_unit" in scalars:
        s.mv_unit = r.int(scalars, "mv_unit", -1, g.n_units - 1, "scalars")
    rc = r.get(scalars, "reserve_corps", (str, type(None)), "scalars", None)
    if rc is not None and rc not in g.corps:
        r.fail("scalars.reserve_corps", f"unknown corps {rc!r}")
    s.reserve_corps = g.corps.index(rc) if rc is not None else -1
    s.stack = r.frames(doc, FRAMES, frame_checks({"unit": g.n_units, "hex": len(g.board), "count": 1000}))
    for i, f in enumerate(s.stack):
        if f[0] == "moving" and f[2] != s.mv_unit:
            r.fail("scalars.mv_unit", f"the moving frame stack[{i}] is for unit {g.units[f[2]].id}")
    _check_stacking(r, g, s)
    s.note("-", f"Position loaded from {source}.")
    play_check(r, s)
    return s


def _read_units(r, g, s, units: list) -> None:
    status = {v: k for k, v in STATUS.items()}
    levels = morale_table()["levels"]
    seen = []
    for i, ud in enumerate(units):
        where = f"units[{i}]"
        uid = r.get(ud, "id", str, where)
        if uid not in g.unit_index:
            r.fail(f"{where}.id", f"unknown unit {uid!r}")
        if uid in seen:
            r.fail(f"{where}.id", f"unit {uid!r} listed twice")
        seen.append(uid)
        u = g.unit_index[uid]
        st = r.choice(ud, "status", ("on_map", *status), where, "on_map")
        if st == "on_map":
            h = r.get(ud, "hex", str, where)
            if h not in g.board.index:
                r.fail(f"{where}.hex", f"unknown hex {h!r}")
            s.set_hex(u, g.board.index[h])
        else:
            s.set_hex(u, status[st])
        for f in UNIT_FLAGS:
            getattr(s, f)[u] = r.bool(ud, f, where, False)
        level = r.choice(ud, "morale", levels, where, "good")
        if level != "good" and g.units[u].type == "leader":
            r.fail(f"{where}.morale", "a leader has no morale state")
        s.morale[u] = levels.index(level)
    r.one_each(seen, [u.id for u in g.units], "units")


def _check_stacking(r, g, s) -> None:
    """Never units of both sides in a hex; each side within its stacking limit (6.32; leaders
    do not count, 23.52), except a unit passing through or falling back. 23.53 binds a one-star
    leader when he or a unit moves in, not when a higher leader leaves (decision), so it is not
    a property of a position."""
    passing = {f[2] for f in s.stack if f[0] in PASSING} | {s.mv_unit}
    for h, there in s.units_by_hex.items():
        sides = {g.units[u].side for u in there}
        if len(sides) > 1:
            r.fail("units", f"units of both sides in hex {g.board.ids[h]}")
        combat = [u for u in there if g.units[u].type != "leader" and u not in passing]
        if len(combat) > 2:
            r.fail("units", f"{len(combat)} combat units in hex {g.board.ids[h]}: over the stacking limit (6.32)")
