"""What the standard rules make of a map, worked out once per game and shared by every state.

- 5.4, 21.31-21.35: the cost for each formation to step from a hex in each of the six directions
  (terrain, elevation up and down, steep crests, runs and streams, roads and trails for units in
  march formation, lake hexsides), in half Movement Points, ``None`` where prohibited;
- 6.1, 10.1: each hex's frontal hexes for each facing (the zone of control's reach);
- 9.1: the fire arc (a target is in front when the line to it leans forward of the unit's flank);
- 18.0: line of sight by heights in feet (ground, crest, obstacles), memoised per pair of hexes
  with the removable obstacles (a cornfield that can be blown down) kept apart.

The map file gives each hex a terrain and an elevation level; a hex listed as a crest hex holds two
levels (21.32; the errata counts a unit there on the lower one, which is the hex's level, and the
upper level blocks sight across it). Hexside features name roads, trails, streams, runs, steep
crests and lake hexsides (``terrain.toml``).
"""

from __future__ import annotations

from ...engine.actions import PrebuiltActions
from ...engine.errors import DataError
from ...engine.hexgrid import AXIAL_STEPS

MARCH_FORMS = ("column", "mounted", "limbered")
ROAD_FEATURES = ("road", "trail", "lane")


class MapFacts:
    def __init__(self, board, tables, crests=frozenset(), source="map"):
        self.board = board
        self.tables = tables
        n = len(board)
        self.n = n
        for h in range(n):
            if board.terrain[h] not in tables.terrain:
                raise DataError(source, f"terrain of hex {board.ids[h]}",
                                f"terrain {board.terrain[h]!r} is not on the Terrain Effects Chart "
                                f"(systems/gbacw/data/terrain.toml: {', '.join(tables.terrain)})")
        for key, feats in board.hexside_features.items():
            for f in feats:
                if f not in tables.hexsides:
                    raise DataError(source, f"hexside {board.hexside_name(key)}",
                                    f"feature {f!r} is not on the Terrain Effects Chart ({', '.join(tables.hexsides)})")
        # elevation: feet when the map gives its contour interval, else levels of the chart's interval
        interval = board.meta.get("contour_interval_feet")
        if interval:
            fpl = int(interval)
            self.ground_ft = tuple(board.elevation)
            self.level = tuple(e // fpl for e in board.elevation)
        else:
            fpl = tables.feet_per_level
            self.level = tuple(board.elevation)
            self.ground_ft = tuple(lv * fpl for lv in self.level)
        self.crest = tuple(h in crests for h in range(n))
        # 18.0: the height that blocks a line passing over the hex: its ground plus its obstacle
        # (the map's own heights first, [meta] obstacle_heights_feet)
        heights = board.meta.get("obstacle_heights_feet", {})
        self.obstacle_ft = tuple(int(heights.get(board.terrain[h], tables.terrain[board.terrain[h]]["obstacle_ft"]))
                                 for h in range(n))
        self.top_ft = self.ground_ft        # 18.2: a crest hex's upper level lies in its higher neighbour
        self.neighbours = board.neighbours
        self.q = tuple(h.q for h in board.hexes)
        self.r = tuple(h.r for h in board.hexes)
        # 5.4: step costs by formation: cost[form][h][d] (half MP, None = prohibited or off the map)
        self.cost = {f: tuple(tuple(self._step_cost(f, h, d) for d in range(6)) for h in range(n))
                     for f in ("line", "column", "mounted", "dismounted", "limbered", "unlimbered", "leader")}
        self.on_road = tuple(tuple(any(x in ROAD_FEATURES for x in board.features_around[h][d]) for d in range(6))
                             for h in range(n))
        # 6.1: the three frontal hexes for each facing (on the map)
        nb = board.neighbours
        self.front = tuple(tuple(tuple(x for x in (nb[h][(d - 1) % 6], nb[h][d], nb[h][(d + 1) % 6]) if x is not None)
                                 for d in range(6)) for h in range(n))
        # 10.1: a zone of control does not reach across a lake hexside (nothing crosses it)
        self.zoc_front = tuple(tuple(tuple(x for x in self.front[h][d] if not self._impassable(h, x))
                                     for d in range(6)) for h in range(n))
        self.stacking = tuple(tables.terrain[board.terrain[h]]["stacking"] for h in range(n))
        self.fire_shift = tuple(tables.terrain[board.terrain[h]]["fire_shift"] for h in range(n))
        self.melee_shift = tuple(tables.terrain[board.terrain[h]]["melee_shift"] for h in range(n))
        self._sight: dict = {}
        self.actions = PrebuiltActions(max(n, 1024))   # indices of hexes and of units

    # -- 5.4 movement costs -------------------------------------------------------------------------
    def _impassable(self, a: int, b: int) -> bool:
        return any(self.tables.hexsides.get(f, {}).get("impassable") for f in self.board.features(a, b))

    def _step_cost(self, form: str, a: int, d: int):
        """Half MP for a unit in ``form`` to enter the neighbour of ``a`` in direction d (5.4)."""
        b = self.board.neighbours[a][d]
        if b is None:
            return None
        t = self.tables
        feats = self.board.features(a, b)
        if self._impassable(a, b):
            return None                                           # 21.34
        if form == "unlimbered":
            return None                                           # 7.0: unlimbered guns only turn
        roads = [t.hexsides[f]["road_mp"] for f in feats if f in ROAD_FEATURES and f in t.hexsides]
        if roads and (form in MARCH_FORMS or form == "leader"):
            return min(roads)                                     # 21.31: even across crests and runs
        cost = t.terrain_mp[self.board.terrain[b]][form]
        if cost is None:
            return None
        rise = self.level[b] - self.level[a]
        steep = "steep_crest" in feats and "steep_crest" in t.hexsides
        if rise:
            if steep:                                             # 21.33: the steep hexside's cost instead
                add = t.hexsides["steep_crest"]["uphill" if rise > 0 else "downhill"][form]
            else:                                                 # 21.32: uphill dearer than downhill, a level
                per = (t.uphill if rise > 0 else t.downhill)[form]
                add = None if per is None else per * abs(rise)
            if add is None:
                return None
            cost += add
        for f in feats:                                           # 21.35: runs and streams
            add = t.hexsides.get(f, {}).get("add")
            if add is not None:
                if add[form] is None:
                    return None
                cost += add[form]
        return cost

    # -- 9.1 the fire arc ----------------------------------------------------------------------------
    def in_arc(self, h: int, facing: int, t: int) -> bool:
        """9.1: whether t lies in front of a unit in h facing ``facing``: the line to it leans
        forward of the unit's flank (a positive dot product with the facing, in cube coordinates,
        which keep the plane's angles)."""
        dq, dr = self.q[t] - self.q[h], self.r[t] - self.r[h]
        fq, fr = AXIAL_STEPS[facing]
        return dq * fq + dr * fr + (dq + dr) * (fq + fr) > 0

    # -- 18.0 line of sight --------------------------------------------------------------------------
    def sight(self, a: int, b: int) -> tuple:
        """18.0: ((blocked, removable blockers), ...) for the two nudged lines between a and b:
        ``blocked`` when the ground (or a crest, or an obstacle that never goes) stands in the
        way; otherwise the hexes whose removable obstacle alone stands in the way."""
        key = (a, b) if a < b else (b, a)
        found = self._sight.get(key)
        if found is None:
            found = self._sight[key] = self._trace(*key)
        return found

    def _trace(self, a: int, b: int) -> tuple:
        board = self.board
        if a == b or board.are_adjacent(a, b):
            return ((False, ()),)
        trace = board.line_trace(a, b)
        total = board.distance(a, b)
        ha, hb = self.ground_ft[a], self.ground_ft[b]
        out = []
        for route in ((trace.left,) if trace.left == trace.right else (trace.left, trace.right)):
            blocked, removable = False, []
            for h in route.hexes:
                k = board.distance(a, h)
                line = ha + (hb - ha) * k / total
                top = self.top_ft[h]
                if top > line:
                    blocked = True                               # 18.2: higher ground
                    break
                if self.obstacle_ft[h] and top + self.obstacle_ft[h] >= line:
                    removable.append(h)
            out.append((blocked, tuple(removable)))
        return tuple(out)

