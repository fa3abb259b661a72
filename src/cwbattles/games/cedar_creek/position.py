"""Positions: the whole state as canonical JSON, like FEN for chess, and back.

A position holds everything needed to continue the game exactly: counters, markers, control,
the dice, and the decision machine's pending frames. Zones, brigades and divisions are named
by their data-file ids; the frames (internal) keep the integer indices of the game's data.
"""

from __future__ import annotations

import hashlib
import json

from ...engine.dice import Dice
from ...engine.errors import DataError
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
    """An Artillerie marker: where it is, its value, whether it moved in this headquarters
    step, and the brigade it supports (7.3: derived from the zone, given for readers)."""
    g = state.game
    z = state.marker_zone[m]
    supports = next((v for mm, v in state.supported(z) if mm == m), -1) if z >= 0 else -1
    return {"zone": _zid(g, z) if z >= 0 else None,
            "status": "on_map" if z >= 0 else "in_train" if z == OFF_MAP else "gone",
            "value": state.marker_value[m], "moved": z >= 0 and state.marker_moved[m] == state.stamp > 0,
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
class _Reader:
    def __init__(self, source):
        self.source = source

    def fail(self, key, problem):
        raise DataError(self.source, key, problem)

    def get(self, doc, key, kind, where=None, default=...):
        path = f"{where}.{key}" if where else key
        if not isinstance(doc, dict):
            self.fail(where or "-", "expected an object")
        if key not in doc:
            if default is ...:
                self.fail(path, "missing")
            return default
        v = doc[key]
        if kind is int and isinstance(v, bool) or not isinstance(v, kind):
            self.fail(path, f"expected {getattr(kind, '__name__', kind)}, got {v!r}")
        return v

    def zone(self, g, value, path, allow_none=True):
        if value is None and allow_none:
            return OFF_MAP
        if value not in g.board.index:
            self.fail(path, f"unknown zone {value!r}")
        return g.board.index[value]

    def side(self, value, path):
        if value not in SIDES:
            self.fail(path, f"expected 'union' or 'confederate', got {value!r}")
        return SIDES.index(value)


def state_from_position(g, doc, source: str = "position") -> State:
    r = _Reader(source)
    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as e:
            r.fail("-", f"not valid JSON: {e}")
    if not isinstance(doc, dict):
        r.fail("-", "a position is a JSON object")
    if r.get(doc, "game", str) != g.name:
        r.fail("game", f"this position is for {doc['game']!r}, not {g.name!r}")
    if "options" in doc and dict(doc["options"] or {}) != dict(g.options):
        r.fail("options", f"the position was played with rule options {doc['options']}, "
                          f"this game has {g.options}: load the game with the same options")
    s = State(g, 0)
    s.turn = r.get(doc, "turn", int)
    if not 1 <= s.turn <= g.tables.game.turns:
        r.fail("turn", f"must be 1-{g.tables.game.turns}, got {s.turn}")
    s.round = r.get(doc, "round", int)
    if not 0 <= s.round <= 5:
        r.fail("round", f"must be 0-5, got {s.round}")
    s.first = r.side(r.get(doc, "first", str), "first")
    s.stamp = r.get(doc, "stamp", int, default=s.turn * 10 + s.round)
    s.over = r.get(doc, "over", bool, default=False)
    dice = r.get(doc, "dice", dict)
    r.get(dice, "state", int, "dice")
    r.get(dice, "calls", int, "dice")
    try:
        s.dice = Dice.from_json(dice)
    except ValueError as e:
        r.fail("dice.script", str(e))
    control = r.get(doc, "control", dict, default={})
    for zid, holder in control.items():
        z = r.zone(g, zid, f"control.{zid}", allow_none=False)
        s.control[z] = -1 if holder is None else r.side(holder, f"control.{zid}")
    units = r.get(doc, "units", list)
    seen = set()
    for i, ud in enumerate(units):
        where = f"units[{i}]"
        uid = r.get(ud, "id", str, where)
        if uid not in g.unit_index:
            r.fail(f"{where}.id", f"unknown brigade {uid!r}")
        if uid in seen:
            r.fail(f"{where}.id", f"brigade {uid!r} listed twice")
        seen.add(uid)
        u = g.unit_index[uid]
        b = g.brigades[u]
        if "side" in ud and r.side(ud["side"], f"{where}.side") != b.side:
            r.fail(f"{where}.side", f"{uid} is {SIDES[b.side]}")
        status = r.get(ud, "status", str, where, default=None)
        zone = r.zone(g, r.get(ud, "zone", (str, type(None)), where, default=None), f"{where}.zone")
        if status == "eliminated":
            zone = ELIMINATED
        elif status not in (None, "on_map", "off_map"):
            r.fail(f"{where}.status", f"unknown status {status!r}")
        s.set_zone(u, zone)
        s.mounted[u] = r.get(ud, "mounted", bool, where, default=b.cavalry) if b.cavalry else False
        if "losses" in ud:
            s.losses[u] = r.get(ud, "losses", int, where)
        elif "strength" in ud:
            full = b.strength if (not b.cavalry or s.mounted[u]) else b.dismounted
            s.losses[u] = full - r.get(ud, "strength", int, where)
        if "strength" in ud and zone != ELIMINATED and ud["strength"] != s.strength(u):
            r.fail(f"{where}.strength", f"{ud['strength']} does not match losses {s.losses[u]}")
        if s.losses[u] < 0 or (zone >= 0 and s.strength(u) <= 0):
            r.fail(f"{where}.losses", f"out of range for {uid}")
        s.fatigue[u] = r.get(ud, "fatigue", int, where, default=0)
        if not 0 <= s.fatigue[u] <= 2:
            r.fail(f"{where}.fatigue", f"must be 0-2, got {s.fatigue[u]}")
        s.routed[u] = r.get(ud, "routed", bool, where, default=False)
        if zone >= 0:
            facing = r.get(ud, "facing", (str, type(None)), where, default=None)
            s.facing[u] = r.zone(g, facing, f"{where}.facing") if facing else g.board.adj[zone][0]
            if s.facing[u] not in g.board.front[zone]:
                r.fail(f"{where}.facing", f"{facing!r} is not adjacent to {ud.get('zone')!r}")
            s.line[u] = r.get(ud, "line", int, where, default=1)
            if s.line[u] not in (1, 2):
                r.fail(f"{where}.line", f"must be 1 or 2, got {s.line[u]}")
        s.acted[u] = s.stamp if r.get(ud, "acted", bool, where, default=False) else 0
        att = r.get(ud, "attack", (int, type(None)), where, default=None)
        s.attack[u] = -1 if att is None else att
        s.charging[u] = r.get(ud, "charging", bool, where, default=False)
    for i, hd in enumerate(r.get(doc, "hqs", list, default=[])):
        hid = r.get(hd, "id", str, f"hqs[{i}]")
        if hid not in g.hq_ids:
            r.fail(f"hqs[{i}].id", f"unknown headquarters {hid!r}")
        h = g.hq_ids.index(hid)
        s.hq_zone[h] = r.zone(g, hd.get("zone"), f"hqs[{i}].zone")
        s.hq_active[h] = r.get(hd, "active", bool, f"hqs[{i}]", default=False)
    train = r.get(doc, "train", dict, default={})
    status = train.get("status", "on_map" if train.get("zone") else "off_map")
    s.train_zone = {"off_map": OFF_MAP, "gone": ELIMINATED}.get(status) if status != "on_map" else \
        r.zone(g, train.get("zone"), "train.zone", allow_none=False)
    s.train_active = bool(train.get("active", False))
    s.train_moved = bool(train.get("moved", False))
    for i, md in enumerate(r.get(doc, "markers", list, default=[])[:len(s.marker_zone)]):
        where = f"markers[{i}]"
        st = r.get(md, "status", str, where, default="in_train")
        if st == "on_map":
            s.marker_zone[i] = r.zone(g, md.get("zone"), f"{where}.zone", allow_none=False)
        elif st == "with_brigade":           # format of positions before 7.3's moving markers
            bid = md.get("brigade")
            if bid not in g.unit_index or s.zone[g.unit_index[bid]] < 0:
                r.fail(f"{where}.brigade", f"unknown brigade, or not on the map: {bid!r}")
            s.marker_zone[i] = s.zone[g.unit_index[bid]]
        elif st in ("in_train", "gone"):
            s.marker_zone[i] = OFF_MAP if st == "in_train" else ELIMINATED
        else:
            r.fail(f"{where}.status", f"expected on_map, in_train or gone, got {st!r}")
        s.marker_value[i] = r.get(md, "value", int, where, default=g.train.marker_strength)
        if s.marker_value[i] not in (g.train.marker_strength, g.train.marker_reduced):
            r.fail(f"{where}.value", f"must be {g.train.marker_strength} or {g.train.marker_reduced}")
        s.marker_moved[i] = s.stamp if r.get(md, "moved", bool, where, default=False) else 0
    for did in r.get(doc, "divisions_activated", list, default=[]):
        if did not in g.division_index:
            r.fail("divisions_activated", f"unknown division {did!r}")
        s.div_done[g.division_index[did]] = s.stamp
    sher = r.get(doc, "sheridan", dict, default={})
    s.sheridan_turn = int(sher.get("turn", 0))
    s.sheridan_in = bool(sher.get("in_command", False))
    s.retreat_turn = r.get(doc, "tactical_retreat_turn", int, default=0)
    s.early_entered_turn = r.get(doc, "early_entered_turn", int, default=0)
    s.combats = []
    for i, cd in enumerate(r.get(doc, "combats", list, default=[])):
        where = f"combats[{i}]"
        targets = tuple(r.zone(g, z, f"{where}.targets", allow_none=False) for z in r.get(cd, "targets", list, where))
        attackers = []
        for a in r.get(cd, "attackers", list, where):
            if a not in g.unit_index:
                r.fail(f"{where}.attackers", f"unknown brigade {a!r}")
            attackers.append(g.unit_index[a])
        advanced = tuple(g.unit_index[a] for a in cd.get("advanced", []) if a in g.unit_index)
        s.combats.append((targets, tuple(attackers), bool(cd.get("resolved", False)), advanced))
    mv = r.get(doc, "movement", dict, default={})
    mu = mv.get("unit")
    s.mv_unit = g.unit_index[mu] if mu in g.unit_index else -1
    s.mv_mp = int(mv.get("mp", 0))
    s.mv_moved = bool(mv.get("moved", False))
    s.mv_extra = bool(mv.get("extra", False))
    s.mv_toggled = bool(mv.get("toggled", False))
    s.mv_start_zoc = bool(mv.get("start_zoc", False))
    s.mv_path = (s.zone[s.mv_unit],) if s.mv_unit >= 0 and s.zone[s.mv_unit] >= 0 else ()
    s.piece_mp = int(mv.get("piece_mp", 0))
    stack = r.get(doc, "stack", list, default=None)
    if stack is None:
        stack = [["turn_start", -1]] if not s.over else []
    from .state import DECISIONS, PROCESSES
    s.stack = []
    for i, f in enumerate(stack):
        if not isinstance(f, list) or not f or (f[0] not in DECISIONS and f[0] not in PROCESSES):
            r.fail(f"stack[{i}]", f"unknown frame {f!r}")
        s.stack.append(tuple(tuple(x) if isinstance(x, list) else x for x in f))
    s.note("-", f"Position loaded from {source}.")
    s.advance()
    return s
