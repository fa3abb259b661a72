"""Positions: the whole state as canonical JSON, and back (exact round trip). Units are named
by id and hexes by printed number; the machine's frames keep the game data's integer indices.
Every value must read back as written (``engine.positions.reads_back``); no shorthands but those
of every game (docs/positions.md)."""

from __future__ import annotations

from ...engine.positions import Reader, play_check
from ...systems.blue_and_gray import position as bg

UNIT_FLAGS = ("moved", "attacked", "defended", "retreated", "strat", "ineffective")
SCALARS = ("phasing", "mv_unit", "mv_mp", "mv_mode", "vp_union", "vp_conf", "train_free", "train_left",
           "train_bombed_turn", "ohio_free", "ost2_due", "bowen_release_turn", "bowen_bonus", "bowen_adv",
           "ammo_turn", "bombarding")


def position_of(s) -> dict:
    g = s.game
    ids = g.board.ids
    units = []
    for u in g.units:
        d = bg.unit_doc(s, u, UNIT_FLAGS)
        if s.exited_at[u.index] >= 0:
            d["exited_at"] = ids[s.exited_at[u.index]]
        units.append(d)
    return {
        "game": g.name, "version": g.version, "options": dict(g.options), "turn": s.turn, "round": s.round,
        "to_act": s.to_act, "over": s.over, "dice": s.dice.to_json(), "units": units,
        "divisions": {d.id: {"released": s.released[d.index], "release_due": s.release_due[d.index],
                             "fought": s.div_fought[d.index]} for d in g.divisions},
        "control": bg.control_doc(s, g.control_hexes),
        "entry_count": {ids[h]: n for h, n in zip(g.entry_hexes, s.entry_count)},
        "scalars": {k: getattr(s, k) for k in SCALARS},
        "stack": [[list(x) if isinstance(x, tuple) else x for x in f] for f in s.stack],
    }


# The series' frames and those of Champion Hill's exclusive rules (engine.positions.Reader.frames).
FRAMES = {**bg.FRAMES, "bowen_join": ("confederate", "unit", "(hex)"), "bowen_advance": ("confederate", "unit", "count")}
# scalar -> (low, high) for whole numbers, or bool
SCALAR_RANGES = {"phasing": (0, 1), "mv_mp": (-30, 60), "mv_mode": (0, 2), "vp_union": (-1000, 1000),
                 "vp_conf": (-1000, 1000), "train_free": bool, "train_left": bool, "train_bombed_turn": (0, 13),
                 "ohio_free": bool, "ost2_due": (0, 13), "bowen_release_turn": (0, 13), "bowen_bonus": (0, 3),
                 "bowen_adv": (0, 4), "ammo_turn": (0, 13), "bombarding": bool}
# frames whose unit may stand, for a moment, where it could not stay (moving through, falling back)
PASSING = (*bg.PASSING, "bowen_advance", "bowen_join")


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
    s.control = list(g.control_start)           # hexes the position does not name (21.2)
    for did, dd in r.mapping(doc, "divisions", default={}).items():
        if did not in g.division_index:
            r.fail(f"divisions.{did}", f"unknown division {did!r}")
        d = g.division_index[did]
        where = f"divisions.{did}"
        s.released[d] = r.bool(dd, "released", where)
        s.release_due[d] = r.bool(dd, "release_due", where)
        s.div_fought[d] = r.bool(dd, "fought", where)
    bg.read_control(r, g, s, doc, g.control_hexes)
    bg.read_entry_counts(r, g, s, doc)
    bg.read_scalars(r, g, s, doc, SCALARS, SCALAR_RANGES)
    bg.read_stack(r, g, s, doc, FRAMES)
    _check_stacking(r, g, s)
    s.note("-", f"Position loaded from {source}.")
    play_check(r, s, doc)
    return s


def _read_units(r, g, s, units: list) -> None:
    def exited_at(u, ud, where):
        exited = r.get(ud, "exited_at", (str, type(None)), where, None)
        if exited:
            if exited not in g.board.index:
                r.fail(f"{where}.exited_at", f"unknown hex {exited!r}")
            s.exited_at[u] = g.board.index[exited]

    bg.read_units(r, g, s, units, UNIT_FLAGS, exited_at)


def _check_stacking(r, g, s) -> None:
    """Never units of both sides in a hex; each side within its stacking limit (19.4), except
    a unit passing through or falling back."""
    mixed = bg.mixed_hex(g, s)
    if mixed:
        r.fail("units", f"units of both sides in hex {mixed}")
    passing = {f[2] for f in s.stack if f[0] in PASSING} | {s.mv_unit}
    for h, there in s.units_by_hex.items():
        if not s.stack_ok(h, g.units[next(iter(there))].side, removing=tuple(passing)):
            r.fail("units", f"{len(there)} units in hex {g.board.ids[h]}: over the stacking limit (19.4)")
