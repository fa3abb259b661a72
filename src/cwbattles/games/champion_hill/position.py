"""Positions: the whole state as canonical JSON, and back (exact round trip). Units are named
by id and hexes by printed number; the machine's frames keep the game data's integer indices."""

from __future__ import annotations

from ...engine.positions import Reader, frame_checks, play_check

SIDES = ("union", "confederate")
STATUS = {-1: "off_map", -2: "eliminated", -3: "exited"}
UNIT_FLAGS = ("moved", "attacked", "defended", "retreated", "strat", "ineffective")
SCALARS = ("phasing", "mv_unit", "mv_mp", "mv_mode", "vp_union", "vp_conf", "train_free", "train_left",
           "train_bombed_turn", "ohio_free", "ost2_due", "bowen_release_turn", "bowen_bonus", "bowen_adv",
           "ammo_turn", "bombarding")


def position_of(s) -> dict:
    g = s.game
    ids = g.board.ids
    units = []
    for u in g.units:
        h = s.hex[u.index]
        d = {"id": u.id, "hex": ids[h] if h >= 0 else None, "status": STATUS.get(h, "on_map")}
        for f in UNIT_FLAGS:
            if getattr(s, f)[u.index]:
                d[f] = True
        if s.exited_at[u.index] >= 0:
            d["exited_at"] = ids[s.exited_at[u.index]]
        units.append(d)
    return {
        "game": g.name, "version": g.version, "options": dict(g.options), "turn": s.turn, "round": s.round,
        "to_act": s.to_act, "over": s.over, "dice": s.dice.to_json(), "units": units,
        "divisions": {d.id: {"released": s.released[d.index], "release_due": s.release_due[d.index],
                             "fought": s.div_fought[d.index]} for d in g.divisions},
        "control": {ids[h]: (SIDES[c] if c >= 0 else None) for h, c in zip(g.control_hexes, s.control)},
        "entry_count": {ids[h]: n for h, n in zip(g.entry_hexes, s.entry_count)},
        "scalars": {k: getattr(s, k) for k in SCALARS},
        "stack": [[list(x) if isinstance(x, tuple) else x for x in f] for f in s.stack],
    }


# The frames of the decision stack and their arguments (engine.positions.Reader.frames).
FRAMES = {
    "game_turn": ("nobody",), "turn_end": ("nobody",), "player_turn": ("side",), "player_end": ("side",),
    "movement": ("side",), "combat": ("side",), "moving": ("side", "unit"),
    "declare": ("side", "(hex)", "(unit)"), "retreat_check": ("side", "unit"), "retreat_option": ("side", "unit"),
    "retreat": ("side", "unit", "(hex)?"), "exchange": ("side", "count", "(unit)"),
    "advance_check": ("side", "(hex)", "(unit)"), "advance": ("side", "(hex)", "(unit)"),
    "bowen_join": ("confederate", "unit", "(hex)"), "bowen_advance": ("confederate", "unit", "count"),
}
# scalar -> (low, high) for whole numbers, or bool
SCALAR_RANGES = {"phasing": (0, 1), "mv_mp": (-30, 60), "mv_mode": (0, 2), "vp_union": (-1000, 1000),
                 "vp_conf": (-1000, 1000), "train_free": bool, "train_left": bool, "train_bombed_turn": (0, 13),
                 "ohio_free": bool, "ost2_due": (0, 13), "bowen_release_turn": (0, 13), "bowen_bonus": (0, 3),
                 "bowen_adv": (0, 4), "ammo_turn": (0, 13), "bombarding": bool}
# frames whose unit may stand, for a moment, where it could not stay (moving through, falling back)
PASSING = ("moving", "retreat", "retreat_check", "retreat_option", "bowen_advance", "bowen_join")


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
    s.control = list(g.control_start)           # hexes the position does not name (21.2)
    for did, dd in r.mapping(doc, "divisions", default={}).items():
        if did not in g.division_index:
            r.fail(f"divisions.{did}", f"unknown division {did!r}")
        d = g.division_index[did]
        where = f"divisions.{did}"
        s.released[d] = r.bool(dd, "released", where)
        s.release_due[d] = r.bool(dd, "release_due", where)
        s.div_fought[d] = r.bool(dd, "fought", where)
    control_ids = [g.board.ids[h] for h in g.control_hexes]
    for hid, c in r.mapping(doc, "control", default={}).items():
        if hid not in control_ids:
            r.fail(f"control.{hid}", f"not a victory hex: {hid!r}")
        if c is not None and c not in SIDES:
            r.fail(f"control.{hid}", f"expected 'union', 'confederate' or null, got {c!r}")
        s.control[control_ids.index(hid)] = -1 if c is None else SIDES.index(c)
    entry_ids = [g.board.ids[h] for h in g.entry_hexes]
    for hid in r.mapping(doc, "entry_count", default={}):
        if hid not in entry_ids:
            r.fail(f"entry_count.{hid}", f"not an entry hex: {hid!r}")
        s.entry_count[entry_ids.index(hid)] = r.int(doc["entry_count"], hid, 0, 100, "entry_count")
    scalars = r.mapping(doc, "scalars", default={})
    for k in scalars:
        if k not in SCALARS:
            r.fail(f"scalars.{k}", "unknown field")
    for k, kind in SCALAR_RANGES.items():
        if k in scalars:
            setattr(s, k, r.bool(scalars, k, "scalars") if kind is bool else r.int(scalars, k, *kind, "scalars"))
    if "mv_unit" in scalars:
        s.mv_unit = r.int(scalars, "mv_unit", -1, g.n_units - 1, "scalars")
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
        exited = r.get(ud, "exited_at", (str, type(None)), where, None)
        if exited:
            if exited not in g.board.index:
                r.fail(f"{where}.exited_at", f"unknown hex {exited!r}")
            s.exited_at[u] = g.board.index[exited]
    r.one_each(seen, [u.id for u in g.units], "units")


def _check_stacking(r, g, s) -> None:
    """Never units of both sides in a hex; each side within its stacking limit (19.4), except
    a unit passing through or falling back."""
    passing = {f[2] for f in s.stack if f[0] in PASSING} | {s.mv_unit}
    for h, there in s.units_by_hex.items():
        sides = {g.units[u].side for u in there}
        if len(sides) > 1:
            r.fail("units", f"units of both sides in hex {g.board.ids[h]}")
        if not s.stack_ok(h, sides.pop(), removing=tuple(passing)):
            r.fail("units", f"{len(there)} units in hex {g.board.ids[h]}: over the stacking limit (19.4)")
