"""Positions: the whole state as canonical JSON, and back (exact round trip), read strictly
(``engine.positions``). Units by id, hexes by printed number with section, corps by name.
Every value must read back as written (``engine.positions.reads_back``); no shorthands but those
of every game (docs/positions.md)."""

from __future__ import annotations

from ...engine.positions import Reader, play_check
from ...systems.blue_and_gray import position as bg
from ...systems.blue_and_gray.revised_morale import table as morale_table
UNIT_FLAGS = ("moved", "attacked", "defended", "retreated", "strat", "forced", "killed")
SCALARS = ("phasing", "mv_unit", "mv_mp", "mv_mode", "reserve_corps")
FRAMES = {**bg.FRAMES, "cc_assign": ("union",), "cc_roll": ("union",), "place_leader": ("side", "unit")}
SCALAR_RANGES = {"phasing": (0, 1), "mv_mp": (-30, 60), "mv_mode": (0, 3)}
PASSING = bg.PASSING


def position_of(s) -> dict:
    g = s.game
    ids = g.board.ids
    levels = morale_table()["levels"]
    units = []
    for u in g.units:
        d = bg.unit_doc(s, u, UNIT_FLAGS)
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
        "control": bg.control_doc(s, g.victory_hexes),
        "released": {r["name"]: s.released[i] for i, r in enumerate(g.restrictions)},
        "entry_count": {ids[h]: n for h, n in zip(g.entry_hexes, s.entry_count)},
        "scalars": scalars,
        "stack": [[list(x) if isinstance(x, tuple) else x for x in f] for f in s.stack],
    }


def state_from_position(g, doc, source: str = "position"):
    """A state from a position document; DataError naming the key for anything the rules could
    not play from."""
    r = Reader(source)
    doc = r.start(doc, g)
    s = g.state_class()(g, 0)
    s.turn = r.int(doc, "turn", 1, g.turns)
    s.round = r.int(doc, "round", 0, 2)
    s.over = r.bool(doc, "over", default=False)
    s.dice = r.dice(doc)
    _read_units(r, g, s, r.items(doc, "units"))
    for c, free in r.mapping(doc, "corps_free", default={}).items():
        if c not in g.corps:
            r.fail(f"corps_free.{c}", f"unknown corps {c!r}")
        s.corps_free[g.corps.index(c)] = r.bool(doc["corps_free"], c, "corps_free")
    bg.read_control(r, g, s, doc, g.victory_hexes)
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
    bg.read_entry_counts(r, g, s, doc)
    scalars = bg.read_scalars(r, g, s, doc, SCALARS, SCALAR_RANGES)
    rc = r.get(scalars, "reserve_corps", (str, type(None)), "scalars", None)
    if rc is not None and rc not in g.corps:
        r.fail("scalars.reserve_corps", f"unknown corps {rc!r}")
    s.reserve_corps = g.corps.index(rc) if rc is not None else -1
    bg.read_stack(r, g, s, doc, FRAMES)
    _check_stacking(r, g, s)
    s.note("-", f"Position loaded from {source}.")
    play_check(r, s, doc)
    return s


def _read_units(r, g, s, units: list) -> None:
    levels = morale_table()["levels"]

    def morale(u, ud, where):
        level = r.choice(ud, "morale", levels, where, "good")
        if level != "good" and g.units[u].type == "leader":
            r.fail(f"{where}.morale", "a leader has no morale state")
        s.morale[u] = levels.index(level)

    bg.read_units(r, g, s, units, UNIT_FLAGS, morale)


def _check_stacking(r, g, s) -> None:
    """Never units of both sides in a hex; each side within its stacking limit (6.32; leaders
    do not count, 23.52), except a unit passing through or falling back. 23.53 binds a one-star
    leader when he or a unit moves in, not when a higher leader leaves (decision), so it is not
    a property of a position."""
    mixed = bg.mixed_hex(g, s)
    if mixed:
        r.fail("units", f"units of both sides in hex {mixed}")
    passing = {f[2] for f in s.stack if f[0] in PASSING} | {s.mv_unit}
    for h, there in s.units_by_hex.items():
        combat = [u for u in there if g.units[u].type != "leader" and u not in passing]
        if len(combat) > 2:
            r.fail("units", f"{len(combat)} combat units in hex {g.board.ids[h]}: over the stacking limit (6.32)")
