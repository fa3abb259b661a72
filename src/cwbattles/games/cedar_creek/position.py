"""Positions: the whole state as canonical JSON, like FEN for chess, and back.

A position holds everything needed to continue the game exactly: counters, markers, control,
the dice, and the decision machine's pending frames. Zones, brigades and divisions are named
by their data-file ids; the frames (internal) keep the integer indices of the game's data.

Read strictly (``engine.positions``): every value must read back as written, except the
shorthands listed in ``SHORTHANDS`` (docs/positions.md): a null facing of a brigade on the map
is its zone's first neighbour, a marker "with_brigade" stands in that brigade's zone.
"""

from __future__ import annotations

import hashlib
import json

from ...engine.positions import Reader, frame_checks, play_check
from .state import ELIMINATED, OFF_MAP, State

SIDES = ("union", "confederate")
FORMAT = 1


def _zid(g, z):
    return g.board.zones[z].id if z >= 0 else None


def position_of(state) -> dict:
    g = state.game
    units = []
    for b in g.brigades:
        u = b.index
        z = state.zone[u]
        units.append({
            "id": b.id, "side": SIDES[b.side], "zone": _zid(g, z),
            "status": "eliminated" if z == ELIMINATED else "off_map" if z == OFF_MAP else "on_map",
            "strength": max(0, state.strength(u)), "losses": state.losses[u], "fatigue": state.fatigue[u],
            "routed": state.routed[u], "facing": _zid(g, state.facing[u]) if z >= 0 else None,
            "line": state.line[u] if z >= 0 else None, "mounted": state.mounted[u],
            "acted": state.acted[u] == state.stamp and state.stamp > 0,
            "attack": state.attack[u] if state.attack[u] >= 0 else None, "charging": state.charging[u],
        })
    return {
        "format": FORMAT, "game": g.name, "version": g.version, "options": dict(sorted(g.options.items())),
        "turn": state.turn, "round": state.round, "first": SIDES[state.first], "stamp": state.stamp,
        "to_act": state.to_act, "over": state.over,
        "dice": state.dice.to_json(),
        "control": {z.id: (SIDES[state.control[z.index]] if state.control[z.index] >= 0 else None)
                    for z in g.board.zones},
        "units": units,
        "hqs": [{"id": g.hq_ids[h], "zone": _zid(g, state.hq_zone[h]) if state.hq_zone[h] >= 0 else None,
                 "active": state.hq_active[h]} for h in range(len(g.hq_ids))],
        "train": {"id": g.train.id, "zone": _zid(g, state.train_zone),
                  "status": {OFF_MAP: "off_map", ELIMINATED: "gone"}.get(state.train_zone, "on_map"),
                  "active": state.train_active, "moved": state.train_moved},
        "markers": [_marker_json(state, i) for i in range(len(state.marker_zone))],
        "divisions_activated": [g.divisions[d].id for d in range(len(g.divisions))
                                if state.div_done[d] == state.stamp and state.stamp > 0],
        "sheridan": {"turn": state.sheridan_turn, "in_command": state.sheridan_in},
        "tactical_retreat_turn": state.retreat_turn,
        "early_entered_turn": state.early_entered_turn,
        "combats": [{"targets": [_zid(g, z) for z in c[0]], "attackers": [g.brigades[a].id for a in c[1]],
                     "resolved": c[2], "advanced": [g.brigades[a].id for a in c[3]]} for c in state.combats],
        "movement": {"unit": g.brigades[state.mv_unit].id if state.mv_unit >= 0 else None, "mp": state.mv_mp,
                     "moved": state.mv_moved, "extra": state.mv_extra, "toggled": state.mv_toggled,
                     "start_zoc": state.mv_start_zoc, "piece_mp": state.piece_mp},
        "stack": [list(_frame_json(f)) for f in state.stack],
    }


def _marker_json(state, m: int) -> dict:
    """An Artillerie marker: where it is, its value, whether it has had its move (7.3: in this
    Game-Turn, or this round with the ``artillerie_moves = "step"`` option), and the brigade it
    supports (derived from the zone, given for readers)."""
    g = state.game
    z = state.marker_zone[m]
    supports = next((v for mm, v in state.supported(z) if mm == m), -1) if z >= 0 else -1
    return {"zone": _zid(g, z) if z >= 0 else None,
            "status": "on_map" if z >= 0 else "in_train" if z == OFF_MAP else "gone",
            "value": state.marker_value[m], "moved": z >= 0 and state.stamp > 0 and state.marker_has_moved(m),
            "brigade": g.brigades[supports].id if supports >= 0 else None}


def _frame_json(frame):
    for item in frame:
        yield list(item) if isinstance(item, tuple) else item


def canonical(doc: dict) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def checksum(state) -> str:
    """A short digest of the canonical position (records carry one after every action)."""
    return hashlib.sha256(canonical(position_of(state)).encode()).hexdigest()[:16]


# -- reading -------------------------------------------------------------------------------------
# The frames of the decision stack and their arguments (engine.positions.Reader.frames): who acts
# ("side", or "nobody" for the machine's own steps), then indices of the game's data.
FRAMES = {
    "turn_start": ("nobody",), "initiative": ("nobody",), "round_start": ("nobody",), "round_end": ("nobody",),
    "admin": ("nobody",), "admin_finish": ("nobody",), "admin_rout": ("nobody", "unit"),
    "tactical": ("union",), "player": ("side",), "end_player": ("side",), "resolve": ("side",),
    "obligations": ("side",), "hqphase": ("side",), "divisions": ("side", "count"),
    "brigades": ("side", "division", "(unit)"), "move": ("side", "unit"), "displace": ("side", "hq"),
    "facing": ("side", "unit", "zone or none"), "line": ("side", "unit"), "hqmove": ("side", "piece"),
    "hold_fatigue": ("side", "(unit)"), "contact": ("side", "unit", "unit"),
    "sheridan": ("nobody",), "arrive": ("nobody", "unit"),
    "retreat": ("side", "unit", "count", "retreat mode", "(zone)", "(unit)", "flag"),
    "advance": ("side", "combat", "zone", "(unit)"), "combat_end": ("nobody", "combat"),
    "after_combat": ("nobody", "combat", "side", "(zone)", "(unit)"), "hit": ("side", "unit", "combat", "(unit)"),
}
STATUS = ("on_map", "off_map", "eliminated")
TRAIN_STATUS = {"on_map": None, "off_map": OFF_MAP, "gone": ELIMINATED}
MARKER_STATUS = ("on_map", "with_brigade", "in_train", "gone")   # with_brigade: positions before 7.3's moving markers
# What a position may write for convenience, read as something else (engine.positions.reads_back):
# a brigade on the map with a null facing faces its zone's first neighbour (the set-up's rule of
# thumb, handy by hand); a marker "with_brigade" (positions before 7.3's moving markers) is on
# the map in that brigade's zone.
SHORTHANDS = {"units[].facing": (None,), "markers[].status": ("with_brigade",)}


def _zone(r, g, value, path, allow_none=True):
    if value is None and allow_none:
        return OFF_MAP
    if not isinstance(value, str) or value not in g.board.index:
        r.fail(path, f"unknown zone {value!r}")
    return g.board.index[value]


def _side(r, value, path):
    if value not in SIDES:
        r.fail(path, f"expected 'union' or 'confederate', got {value!r}")
    return SIDES.index(value)


def _brigade(r, g, value, path):
    if not isinstance(value, str) or value not in g.unit_index:
        r.fail(path, f"unknown brigade {value!r}")
    return g.unit_index[value]


def state_from_position(g, doc, source: str = "position") -> State:
    """A state from a position document; DataError naming the key for anything the rules could
    not play from."""
    r = Reader(source)
    doc = r.start(doc, g)
    turns = g.tables.game.turns
    s = g.state_class()(g, 0)
    s.turn = r.int(doc, "turn", 1, turns)
    s.round = r.int(doc, "round", 0, 5)
    s.first = _side(r, r.get(doc, "first", str), "first")
    s.stamp = r.int(doc, "stamp", 0, 10 ** 6, default=s.turn * 10 + s.round)
    s.over = r.bool(doc, "over", default=False)
    s.dice = r.dice(doc)
    for zid, holder in r.mapping(doc, "control", default={}).items():
        z = _zone(r, g, zid, f"control.{zid}", allow_none=False)
        s.control[z] = -1 if holder is None else _side(r, holder, f"control.{zid}")
    combats = r.items(doc, "combats", default=[])
    _read_units(r, g, s, r.items(doc, "units"), len(combats))
    _read_pieces(r, g, s, doc)
    for i, did in enumerate(r.items(doc, "divisions_activated", default=[])):
        if not isinstance(did, str) or did not in g.division_index:
            r.fail(f"divisions_activated[{i}]", f"unknown division {did!r}")
        s.div_done[g.division_index[did]] = s.stamp
    sher = r.mapping(doc, "sheridan", default={})
    s.sheridan_turn = r.int(sher, "turn", 0, turns + 1, "sheridan", 0)
    s.sheridan_in = r.bool(sher, "in_command", "sheridan", False)
    s.retreat_turn = r.int(doc, "tactical_retreat_turn", 0, turns)
    s.early_entered_turn = r.int(doc, "early_entered_turn", 0, turns, default=0)
    s.combats = []
    for i, cd in enumerate(combats):
        where = f"combats[{i}]"
        targets = tuple(_zone(r, g, z, f"{where}.targets", allow_none=False) for z in r.items(cd, "targets", where))
        attackers = tuple(_brigade(r, g, a, f"{where}.attackers") for a in r.items(cd, "attackers", where))
        advanced = tuple(_brigade(r, g, a, f"{where}.advanced") for a in r.items(cd, "advanced", where, []))
        if not targets:
            r.fail(f"{where}.targets", "a combat has at least one target zone")
        s.combats.append((targets, attackers, r.bool(cd, "resolved", where, False), advanced))
    _read_movement(r, g, s, r.mapping(doc, "movement", default={}))
    if "stack" not in doc:
        s.stack = [("turn_start", -1)] if not s.over else []
    else:
        sizes = {"unit": g.n_units, "zone": g.n_zones, "division": len(g.divisions), "hq": len(g.hq_ids),
                 "piece": 2, "combat": len(s.combats), "count": 100, "retreat mode": 3, "flag": 2}
        checks = frame_checks(sizes, **{"zone or none": lambda v: v == -1 or 0 <= v < g.n_zones})
        s.stack = r.frames(doc, FRAMES, checks)
        _check_frames(r, g, s)
    _check_stacking(r, g, s)
    s.note("-", f"Position loaded from {source}.")
    play_check(r, s, doc, SHORTHANDS)
    return s


def _read_units(r, g, s, units: list, n_combats: int) -> None:
    seen = []
    for i, ud in enumerate(units):
        where = f"units[{i}]"
        u = _brigade(r, g, r.get(ud, "id", str, where), f"{where}.id")
        uid = g.brigades[u].id
        if uid in seen:
            r.fail(f"{where}.id", f"brigade {uid!r} listed twice")
        seen.append(uid)
        b = g.brigades[u]
        if "side" in ud and _side(r, ud["side"], f"{where}.side") != b.side:
            r.fail(f"{where}.side", f"{uid} is {SIDES[b.side]}")
        status = r.choice(ud, "status", STATUS, where, "on_map" if ud.get("zone") is not None else "off_map")
        zone = _zone(r, g, r.get(ud, "zone", (str, type(None)), where, None), f"{where}.zone")
        if status == "eliminated":
            zone = ELIMINATED
        elif status == "off_map":
            zone = OFF_MAP
        elif zone < 0:
            r.fail(f"{where}.zone", f"{uid} is on the map: it needs a zone")
        s.set_zone(u, zone)
        s.mounted[u] = r.bool(ud, "mounted", where, b.cavalry)
        if s.mounted[u] and not b.cavalry:
            r.fail(f"{where}.mounted", f"{uid} is not cavalry")
        if "losses" in ud:
            s.losses[u] = r.int(ud, "losses", 0, 20, where)
        elif "strength" in ud:
            full = b.strength if (not b.cavalry or s.mounted[u]) else b.dismounted
            s.losses[u] = full - r.int(ud, "strength", 0, 20, where)
        if "strength" in ud and zone != ELIMINATED and ud["strength"] != s.strength(u):
            r.fail(f"{where}.strength", f"{ud['strength']!r} does not match losses {s.losses[u]}")
        if s.losses[u] < 0 or (zone >= 0 and s.strength(u) <= 0):
            r.fail(f"{where}.losses", f"out of range for {uid}")
        s.fatigue[u] = r.int(ud, "fatigue", 0, 2, where, 0)
        s.routed[u] = r.bool(ud, "routed", where, False)
        if zone >= 0:
            facing = r.get(ud, "facing", (str, type(None)), where, None)
            s.facing[u] = _zone(r, g, facing, f"{where}.facing") if facing is not None else g.board.adj[zone][0]
            if s.facing[u] not in g.board.front[zone]:
                r.fail(f"{where}.facing", f"{facing!r} is not adjacent to {ud.get('zone')!r}")
            s.line[u] = r.int(ud, "line", 1, 2, where, 1)
        s.acted[u] = s.stamp if r.bool(ud, "acted", where, False) else 0
        att = r.get(ud, "attack", (int, type(None)), where, None)
        if att is not None and not 0 <= att < n_combats:
            r.fail(f"{where}.attack", f"the number of a declared combat (0-{n_combats - 1}), got {att!r}")
        s.attack[u] = -1 if att is None else att
        s.charging[u] = r.bool(ud, "charging", where, False)
    r.one_each(seen, [b.id for b in g.brigades], "brigades")


def _read_pieces(r, g, s, doc) -> None:
    """Headquarters, the train and its Artillerie markers."""
    hqs = r.items(doc, "hqs", default=[])
    listed = []
    for i, hd in enumerate(hqs):
        hid = r.get(hd, "id", str, f"hqs[{i}]")
        if hid not in g.hq_ids or hid in listed:
            r.fail(f"hqs[{i}].id", f"unknown headquarters {hid!r}" if hid not in g.hq_ids else f"{hid!r} listed twice")
        listed.append(hid)
        h = g.hq_ids.index(hid)
        s.hq_zone[h] = _zone(r, g, r.get(hd, "zone", (str, type(None)), f"hqs[{i}]", None), f"hqs[{i}].zone")
        s.hq_active[h] = r.bool(hd, "active", f"hqs[{i}]", False)
    train = r.mapping(doc, "train", default={})
    status = r.choice(train, "status", TRAIN_STATUS, "train", "on_map" if train.get("zone") else "off_map")
    s.train_zone = TRAIN_STATUS[status] if status != "on_map" else \
        _zone(r, g, r.get(train, "zone", str, "train"), "train.zone", allow_none=False)
    s.train_active = r.bool(train, "active", "train", False)
    s.train_moved = r.bool(train, "moved", "train", False)
    if hqs:
        r.one_each(listed, g.hq_ids, "headquarters", "hqs")
    markers = r.items(doc, "markers", default=[])
    if len(markers) > len(s.marker_zone):
        r.fail("markers", f"there are {len(s.marker_zone)} Artillerie markers, got {len(markers)}")
    for i, md in enumerate(markers):
        where = f"markers[{i}]"
        st = r.choice(md, "status", MARKER_STATUS, where, "in_train")
        if st == "on_map":
            s.marker_zone[i] = _zone(r, g, r.get(md, "zone", str, where), f"{where}.zone", allow_none=False)
        elif st == "with_brigade":           # 7.3 as first read: the marker went with a brigade
            m = _brigade(r, g, md.get("brigade"), f"{where}.brigade")
            if g.brigades[m].side != 1 or s.zone[m] < 0:
                r.fail(f"{where}.brigade", "an Artillerie marker goes with a Confederate brigade on the map")
            s.marker_zone[i] = s.zone[m]
        else:
            s.marker_zone[i] = OFF_MAP if st == "in_train" else ELIMINATED
        s.marker_value[i] = r.int(md, "value", 0, g.train.marker_strength, where, g.train.marker_strength)
        if s.marker_value[i] not in (g.train.marker_strength, g.train.marker_reduced):
            r.fail(f"{where}.value", f"must be {g.train.marker_strength} or {g.train.marker_reduced}")
        s.marker_moved[i] = s.stamp if r.bool(md, "moved", where, False) and s.marker_zone[i] >= 0 else 0
    if markers and len(markers) != len(s.marker_zone):     # every marker, or the key left out
        r.fail("markers", f"there are {len(s.marker_zone)} Artillerie markers, got {len(markers)}")


def _read_movement(r, g, s, mv: dict) -> None:
    mu = r.get(mv, "unit", (str, type(None)), "movement", None)
    s.mv_unit = -1 if mu is None else _brigade(r, g, mu, "movement.unit")
    s.mv_mp = r.int(mv, "mp", -20, 40, "movement", 0)
    s.mv_moved = r.bool(mv, "moved", "movement", False)
    s.mv_extra = r.bool(mv, "extra", "movement", False)
    s.mv_toggled = r.bool(mv, "toggled", "movement", False)
    s.mv_start_zoc = r.bool(mv, "start_zoc", "movement", False)
    s.mv_path = (s.zone[s.mv_unit],) if s.mv_unit >= 0 and s.zone[s.mv_unit] >= 0 else ()
    s.piece_mp = r.int(mv, "piece_mp", -20, 40, "movement", 0)


def _check_frames(r, g, s) -> None:
    """What the frames' arguments must agree with: a brigade's frame is its own side's, the
    brigade moving is the one the movement record names."""
    for i, f in enumerate(s.stack):
        kind = f[0]
        if kind in ("move", "facing", "line", "retreat", "hit") and g.brigades[f[2]].side != f[1]:
            r.fail(f"stack[{i}]", f"{g.brigades[f[2]].id} is not {SIDES[f[1]]}")
        if kind == "move" and s.mv_unit != f[2]:
            r.fail("movement.unit", f"the move frame is for {g.brigades[f[2]].id}, the movement for "
                                    f"{g.brigades[s.mv_unit].id if s.mv_unit >= 0 else None}")
        if kind == "facing" and f[3] >= 0 and s.zone[f[2]] >= 0 and f[3] not in g.board.front[s.zone[f[2]]]:
            r.fail(f"stack[{i}]", "the facing's zone is not next to the brigade")


def _check_stacking(r, g, s) -> None:
    """Never brigades of both sides in one zone (10.5). How many of one side may share a zone
    is not checked: the set-up itself puts three in some camps (12)."""
    sides: dict = {}
    for u, z in enumerate(s.zone):
        if z >= 0:
            sides.setdefault(z, set()).add(g.brigades[u].side)
    for z, held in sides.items():
        if len(held) > 1:
            r.fail("units", f"brigades of both sides in zone {g.board.zones[z].id!r}")
