"""What the positions of every Blue & Gray game share, read strictly (``engine.positions``):
units by id on hexes by printed number, with their per-turn flags; the control of the victory
hexes; the entry hexes' counts; whole-number scalars; the decision stack, whose frames keep the
game data's integer indices. Each game's ``position.py`` adds its own fields around these."""

from __future__ import annotations

from ...engine.positions import frame_checks

SIDES = ("union", "confederate")
STATUS = {-1: "off_map", -2: "eliminated", -3: "exited"}

# The frames of the series' sequence and their arguments (engine.positions.Reader.frames); a game
# adds the frames of its exclusive rules.
FRAMES = {
    "game_turn": ("nobody",), "turn_end": ("nobody",), "player_turn": ("side",), "player_end": ("side",),
    "movement": ("side",), "combat": ("side",), "moving": ("side", "unit"),
    "declare": ("side", "(hex)", "(unit)"), "retreat_check": ("side", "unit"), "retreat_option": ("side", "unit"),
    "retreat": ("side", "unit", "(hex)?"), "exchange": ("side", "count", "(unit)"),
    "advance_check": ("side", "(hex)", "(unit)"), "advance": ("side", "(hex)", "(unit)"),
}
# frames whose unit may stand, for a moment, where it could not stay (moving through, falling back)
PASSING = ("moving", "retreat", "retreat_check", "retreat_option")


def unit_doc(s, u, flags) -> dict:
    """A unit's entry: where it is (or its status off the map) and the flags that are set."""
    h = s.hex[u.index]
    d = {"id": u.id, "hex": s.game.board.ids[h] if h >= 0 else None, "status": STATUS.get(h, "on_map")}
    for f in flags:
        if getattr(s, f)[u.index]:
            d[f] = True
    return d


def control_doc(s, hexes) -> dict:
    ids = s.game.board.ids
    return {ids[h]: (SIDES[c] if c >= 0 else None) for h, c in zip(hexes, s.control)}


def read_units(r, g, s, units: list, flags, more=None) -> None:
    """Every unit once, on a hex of the board or with a status; ``more(u, ud, where)`` reads a
    game's own fields of the entry."""
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
        for f in flags:
            getattr(s, f)[u] = r.bool(ud, f, where, False)
        if more:
            more(u, ud, where)
    r.one_each(seen, [u.id for u in g.units], "units")


def read_control(r, g, s, doc, hexes) -> None:
    """The victory hexes' control the position names (the others keep the state's start)."""
    control_ids = [g.board.ids[h] for h in hexes]
    for hid, c in r.mapping(doc, "control", default={}).items():
        if hid not in control_ids:
            r.fail(f"control.{hid}", f"not a victory hex: {hid!r}")
        if c is not None and c not in SIDES:
            r.fail(f"control.{hid}", f"expected 'union', 'confederate' or null, got {c!r}")
        s.control[control_ids.index(hid)] = -1 if c is None else SIDES.index(c)


def read_entry_counts(r, g, s, doc) -> None:
    entry_ids = [g.board.ids[h] for h in g.entry_hexes]
    for hid in r.mapping(doc, "entry_count", default={}):
        if hid not in entry_ids:
            r.fail(f"entry_count.{hid}", f"not an entry hex: {hid!r}")
        s.entry_count[entry_ids.index(hid)] = r.int(doc["entry_count"], hid, 0, 100, "entry_count")


def read_scalars(r, g, s, doc, names, ranges) -> dict:
    """The scalars named (each a whole number in its range, or a bool) and the moving unit; the
    mapping, for a game's other scalars."""
    scalars = r.mapping(doc, "scalars", default={})
    for k in scalars:
        if k not in names:
            r.fail(f"scalars.{k}", "unknown field")
    for k, kind in ranges.items():
        if k in scalars:
            setattr(s, k, r.bool(scalars, k, "scalars") if kind is bool else r.int(scalars, k, *kind, "scalars"))
    if "mv_unit" in scalars:
        s.mv_unit = r.int(scalars, "mv_unit", -1, g.n_units - 1, "scalars")
    return scalars


def read_stack(r, g, s, doc, frames) -> None:
    """The decision stack; a moving frame must be the moving unit's."""
    s.stack = r.frames(doc, frames, frame_checks({"unit": g.n_units, "hex": len(g.board), "count": 1000}))
    for i, f in enumerate(s.stack):
        if f[0] == "moving" and f[2] != s.mv_unit:
            r.fail("scalars.mv_unit", f"the moving frame stack[{i}] is for unit {g.units[f[2]].id}")


def mixed_hex(g, s) -> str | None:
    """A hex holding units of both sides (never legal), or None."""
    for h, there in s.units_by_hex.items():
        if len({g.units[u].side for u in there}) > 1:
            return g.board.ids[h]
    return None
