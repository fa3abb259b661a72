"""Positions: the whole state as canonical JSON, and back (exact round trip). Units are named
by id and hexes by printed number; the machine's frames keep the game data's integer indices."""

from __future__ import annotations

import json

from ...engine.dice import Dice
from ...engine.errors import DataError

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


def state_from_position(g, doc, source: str = "position"):
    from .state import RULES, State

    def fail(key, problem):
        raise DataError(source, key, problem)

    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as e:
            fail("-", f"not valid JSON: {e}")
    if not isinstance(doc, dict) or doc.get("game") != g.name:
        fail("game", f"not a {g.name} position")
    if dict(doc.get("options") or {}) != dict(g.options):
        fail("options", f"played with options {doc.get('options')}, this game has {g.options}")
    s = State(g, 0)
    try:
        s.turn, s.round, s.over = int(doc["turn"]), int(doc["round"]), bool(doc.get("over", False))
        s.dice = Dice.from_json(doc["dice"])
        status = {v: k for k, v in STATUS.items()}
        for i, ud in enumerate(doc["units"]):
            if ud.get("id") not in g.unit_index:
                fail(f"units[{i}].id", f"unknown unit {ud.get('id')!r}")
            u = g.unit_index[ud["id"]]
            st = ud.get("status", "on_map")
            if st == "on_map":
                if ud.get("hex") not in g.board.index:
                    fail(f"units[{i}].hex", f"unknown hex {ud.get('hex')!r}")
                s.set_hex(u, g.board.index[ud["hex"]])
            elif st in status:
                s.set_hex(u, status[st])
            else:
                fail(f"units[{i}].status", f"unknown status {st!r}")
            for f in UNIT_FLAGS:
                getattr(s, f)[u] = bool(ud.get(f, False))
            if ud.get("exited_at"):
                s.exited_at[u] = g.board.index[ud["exited_at"]]
        s.control = list(g.control_start)           # hexes the position does not name (21.2)
        for did, dd in doc.get("divisions", {}).items():
            d = g.division_index[did]
            s.released[d], s.release_due[d], s.div_fought[d] = bool(dd["released"]), bool(dd["release_due"]), bool(dd["fought"])
        for hid, c in doc.get("control", {}).items():
            s.control[g.control_hexes.index(g.board.index[hid])] = -1 if c is None else SIDES.index(c)
        for hid, n in doc.get("entry_count", {}).items():
            s.entry_count[g.entry_hexes.index(g.board.index[hid])] = int(n)
        for k, v in doc.get("scalars", {}).items():
            if k not in SCALARS:
                fail(f"scalars.{k}", "unknown field")
            setattr(s, k, v)
        stack = []
        for i, f in enumerate(doc.get("stack", [])):
            if not f or (f[0] not in RULES.decisions and f[0] not in RULES.processes):
                fail(f"stack[{i}]", f"unknown frame {f!r}")
            stack.append(tuple(tuple(x) if isinstance(x, list) else x for x in f))
        s.stack = stack
    except (KeyError, ValueError, TypeError, IndexError) as e:
        fail("-", f"malformed position: {e!r}")
    s.note("-", f"Position loaded from {source}.")
    s.advance()
    return s
