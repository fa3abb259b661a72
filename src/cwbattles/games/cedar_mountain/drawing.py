"""What the front-ends draw of Cedar Mountain: the map's geometry (terrain, elevation in feet, crest
hexes and hexsides, roads, runs, the Victory Point, entry and exit hexes, the Union Deployment
Areas) and the counters' printed values (strength, morale, weapon or gun, leaders' radii and
points). Positions carry the rest (facing, formation, status, blown-down cornfields)."""

from __future__ import annotations

SIDES = ("union", "confederate")
SIZE_OF = {"infantry": "regiment", "cavalry": "regiment", "artillery": "battery"}


def geometry(g, size: float = 20.0) -> dict:
    b = g.board
    facts = g.map_facts
    w, h = b.pixel_size(size)
    sides = []
    for key, feats in sorted(b.hexside_features.items()):
        p, q = b.pixel_hexside(key[0], key[1], size)
        sides.append({"a": b.ids[key[0]], "b": b.ids[key[1]], "features": sorted(feats), "line": [list(p), list(q)]})
    places = b.meta.get("places", {})
    return {
        "kind": "hexes", "system": "gbacw", "width": w, "height": h, "size": size, "title": b.name,
        "reconstruction": bool(b.meta.get("reconstruction")), "printed_top": b.printed_top,
        "compass": list(b.compass),
        "hexes": [{"id": b.ids[i], "terrain": b.terrain[i], "center": list(b.pixel_center(i, size)),
                   "corners": [list(c) for c in b.pixel_corners(i, size)], "label": b.labels.get(i, ""),
                   "elevation": b.elevation[i], "crest": facts.crest[i], "axial": [b.hexes[i].q, b.hexes[i].r]}
                  for i in range(len(b))],
        "hexsides": sides,
        "victory_hexes": [b.ids[x] for x in g.control_hexes],
        "exit_hexes": [b.ids[x] for x in g.exit_hexes],
        "entry_hexes": list(places.get("entry_hexes", [])),
        "deployment_areas": {a: [b.ids[x] for x in hexes] for a, hexes in g.deployment_areas.items()},
        "cornfields": [b.ids[x] for x in sorted(g.cornfields)],
    }


def counters(g) -> dict:
    oob = g.oob
    units = []
    for u in g.units:
        d = {"id": u.id, "name": u.name, "side": SIDES[u.side], "type": u.type,
             "size": u.rank if u.type == "leader" else SIZE_OF[u.type], "strength": u.strength,
             "brigade": oob.brigades[u.brigade].id if u.brigade >= 0 else None,
             "division": oob.divisions[u.division].id if u.division >= 0 else None,
             "entry_turn": u.entry_turn, "entry_hex": g.board.ids[u.entry_hex] if u.entry_hex >= 0 else None,
             "counter": u.counter}
        if u.type == "leader":
            d.update(rank=u.rank, radius=u.radius, command_points=u.command_points, rally_points=u.rally_points,
                     melee_bonus=u.melee_bonus, anonymous=u.anonymous)
        else:
            d.update(morale=u.morale, weapon=u.weapon, range=g.tables.bands(u.type, u.weapon)[-1][1])
        units.append(d)
    return {"units": units,
            "brigades": [{"id": b.id, "name": b.name, "side": SIDES[b.side],
                          "division": oob.divisions[b.division].id if b.division >= 0 else None,
                          "bce_limit": b.bce_limit, "bce_vp": b.bce_vp} for b in oob.brigades],
            "divisions": [{"id": d.id, "name": d.name, "side": SIDES[d.side]} for d in oob.divisions]}


def terrain_chart(g) -> dict:
    """The Terrain Effects Chart as the web's key shows it (5.4, 8.1, 9.51, 12.5, 18.0): Movement
    Points by formation, column shifts, obstacle heights and stacking, per terrain and hexside."""
    t = g.tables

    def mp(table):
        return {f: (None if v is None else v / 2) for f, v in table.items()}
    return {"system": "gbacw",
            "terrain": {name: dict(mp=mp(t.terrain_mp[name]), **t.terrain[name]) for name in t.terrain},
            "hexsides": {name: {"road_mp": None if h["road_mp"] is None else h["road_mp"] / 2,
                                "add": mp(h["add"]) if h["add"] else None, "melee_shift": h["melee_shift"],
                                "impassable": h["impassable"]} for name, h in t.hexsides.items()},
            "elevation": {"uphill": mp(t.uphill), "downhill": mp(t.downhill)},
            "crest": {"fire_shift": t.crest_fire_shift, "melee_shift": t.crest_melee_shift}}
