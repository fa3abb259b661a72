"""Area (zone) boards: zones, their connections, and everything precomputed from them.

A board is static: every state of a game shares it. Zones and links come from a map data file;
the board precomputes neighbour lists, movement costs, hop distances, command-range costs and
the front/flank geometry so the rules never search the map in a hot path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .datafile import Checker
from .errors import DataError

SIDES = ("union", "confederate")
CROSSINGS = ("", "bridge", "ford", "creek")


@dataclass(frozen=True)
class Zone:
    index: int
    id: str
    name: str
    center: tuple
    polygon: tuple
    elevation: int
    woods: bool
    town: bool
    bank: str
    edge: str
    entry: tuple
    vp: tuple          # (union, confederate)
    setup: tuple
    control: int       # -1 none, 0 union, 1 confederate
    road: bool


@dataclass(frozen=True)
class Link:
    a: int
    b: int
    road: bool
    crossing: str
    cedar_creek: bool
    escarpment: bool
    ravine: bool

    @property
    def passable(self) -> bool:
        return self.crossing != "creek"


@dataclass
class AreaBoard:
    """A zone map with precomputed adjacency, costs and distances."""

    zones: list[Zone]
    links: dict                      # (a, b) -> Link, both orders
    meta: dict = field(default_factory=dict)
    road_lines: list = field(default_factory=list)
    river_lines: list = field(default_factory=list)

    def __post_init__(self):
        n = len(self.zones)
        self.index = {z.id: z.index for z in self.zones}
        self.contact = [tuple(sorted(b for (a, b) in self.links if a == z)) for z in range(n)]
        self.adj = [tuple(b for b in self.contact[z] if self.links[z, b].passable) for z in range(n)]
        # 10.2: zones of control never extend across Cedar Creek, bridge or ford notwithstanding.
        self.zoc_adj = [tuple(b for b in self.adj[z] if not self.links[z, b].cedar_creek) for z in range(n)]
        self.entry_zone = {e: z.index for z in self.zones for e in z.entry}
        self.move_cost = [[0] * n for _ in range(n)]
        self.command_cost = [[0] * n for _ in range(n)]
        for (a, b), link in self.links.items():
            if not link.passable:
                continue
            base = 1 if link.road else 2                          # 10.3 road / zone
            extra = 1 if link.crossing in ("bridge", "ford") else 0  # 10.3 bridge or ford
            climb = 1 if (self.zones[b].elevation > self.zones[a].elevation or link.escarpment) else 0
            self.move_cost[a][b] = base + extra + climb
            self.command_cost[a][b] = base + extra                # 10: elevation not counted
        self.hops = [self._bfs(z) for z in range(n)]
        self._within: dict = {}
        self.command_dist = [self._dijkstra(z, self.command_cost) for z in range(n)]
        self.edge_dist = {side: self._multi_bfs([z.index for z in self.zones if z.edge == edge])
                          for side, edge in (("union", "north"), ("confederate", "south"))}
        self.front = [self._fronts(z) for z in range(n)]

    # -- precomputation -------------------------------------------------------------------
    def _bfs(self, start: int) -> list[int]:
        return self._multi_bfs([start])

    def _multi_bfs(self, starts) -> list[int]:
        inf = 10 ** 6
        dist = [inf] * len(self.zones)
        frontier = list(starts)
        for s in frontier:
            dist[s] = 0
        while frontier:
            nxt = []
            for z in frontier:
                for b in self.adj[z]:
                    if dist[b] == inf:
                        dist[b] = dist[z] + 1
                        nxt.append(b)
            frontier = nxt
        return dist

    def _dijkstra(self, start: int, cost, blocked=(), limit: int = 10 ** 6) -> list[int]:
        """Cheapest costs from ``start``, never entering a ``blocked`` zone nor going past
        ``limit`` (zones out of reach keep 10 ** 6)."""
        import heapq
        inf = 10 ** 6
        dist = [inf] * len(self.zones)
        dist[start] = 0
        heap = [(0, start)]
        while heap:
            d, z = heapq.heappop(heap)
            if d > dist[z]:
                continue
            for b in self.adj[z]:
                nd = d + cost[z][b]
                if nd < dist[b] and nd <= limit and b not in blocked:
                    dist[b] = nd
                    heapq.heappush(heap, (nd, b))
        return dist

    def _fronts(self, z: int) -> dict:
        """10.2: facing zone F, the front is F and the zones just before and after it when
        the neighbours are taken in order around the zone (by the angle of their centres)."""
        cx, cy = self.zones[z].center
        around = sorted(self.adj[z], key=lambda b: math.atan2(self.zones[b].center[1] - cy,
                                                              self.zones[b].center[0] - cx))
        k = len(around)
        fronts = {}
        for i, f in enumerate(around):
            if k <= 3:
                fronts[f] = frozenset(around)
            else:
                fronts[f] = frozenset((around[i - 1], f, around[(i + 1) % k]))
        return fronts

    # -- queries --------------------------------------------------------------------------
    def shortest(self, start: int, cost=None, blocked=(), limit: int = 10 ** 6) -> list[int]:
        """Cheapest cost from ``start`` to every zone by passable links (default: movement MP),
        never through a ``blocked`` zone, up to ``limit`` (10 ** 6 beyond it)."""
        return self._dijkstra(start, self.move_cost if cost is None else cost, blocked, limit)

    def zone(self, ref) -> Zone:
        return self.zones[ref if isinstance(ref, int) else self.index[ref]]

    def link(self, a: int, b: int) -> Link | None:
        return self.links.get((a, b))

    def within_hops(self, z: int, k: int) -> frozenset:
        """Zones at most k zones from z (memoised: the board never changes)."""
        key = (z, k)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = frozenset(b for b, d in enumerate(self.hops[z]) if d <= k)
        return found


def area_board_from_toml(doc: dict, source: str) -> AreaBoard:
    """Build and validate an AreaBoard from a parsed map file (schema in docs)."""
    zone_tables = doc.get("zone")
    if not isinstance(zone_tables, list) or not zone_tables:
        raise DataError(source, "zone", "the map needs a list of [[zone]] tables")
    zones, ids = [], {}
    for i, t in enumerate(zone_tables):
        c = Checker(source, t, f"zone[{i}]")
        zid = c.get("id", str)
        if zid in ids:
            c.fail("id", f"duplicate zone id {zid!r}")
        ids[zid] = i
        center = c.get("center", list)
        if len(center) != 2 or not all(isinstance(v, (int, float)) for v in center):
            c.fail("center", "expected [x, y]")
        polygon = c.get("polygon", list, [])
        control = c.choice("control", ("union", "confederate", "none"), "none")
        entry = c.get("entry", list, [])
        if not all(isinstance(e, int) and 1 <= e <= 99 for e in entry):
            c.fail("entry", f"entry points are whole numbers, got {entry!r}")
        zones.append(Zone(
            index=i, id=zid, name=c.get("name", str), center=tuple(center),
            polygon=tuple(tuple(p) for p in polygon), elevation=c.int_range("elevation", 0, 5, 0),
            woods=c.get("woods", bool, False), town=c.get("town", bool, False),
            bank=c.choice("bank", ("north", "south"), "north"),
            edge=c.choice("edge", ("", "north", "south", "east", "west"), ""),
            entry=tuple(entry), vp=(c.int_range("vp_union", 0, 20, 0), c.int_range("vp_confederate", 0, 20, 0)),
            setup=tuple(c.get("setup", list, [])),
            control={"union": 0, "confederate": 1, "none": -1}[control], road=c.get("road", bool, False)))
    seen_entries = {}
    for z in zones:
        for e in z.entry:
            if e in seen_entries:
                raise DataError(source, f"zone[{z.index}].entry", f"entry point {e} also in zone {seen_entries[e]!r}")
            seen_entries[e] = z.id
    links = {}
    for i, t in enumerate(doc.get("link", [])):
        c = Checker(source, t, f"link[{i}]")
        a, b = c.get("a", str), c.get("b", str)
        for key, ref in (("a", a), ("b", b)):
            if ref not in ids:
                c.fail(key, f"unknown zone {ref!r}")
        if a == b:
            c.fail("b", "a zone cannot link to itself")
        ia, ib = ids[a], ids[b]
        if (ia, ib) in links:
            c.fail("b", f"duplicate link {a} - {b}")
        kw = dict(road=c.get("road", bool, False), crossing=c.choice("crossing", CROSSINGS, ""),
                  cedar_creek=c.get("cedar_creek", bool, False), escarpment=c.get("escarpment", bool, False),
                  ravine=c.get("ravine", bool, False))
        links[ia, ib] = Link(ia, ib, **kw)
        links[ib, ia] = Link(ib, ia, **kw)
    board = AreaBoard(zones=zones, links=links, meta=dict(doc.get("meta", {})),
                      road_lines=list(doc.get("road_line", [])), river_lines=list(doc.get("river_line", [])))
    for z in zones:
        if not board.adj[z.index]:
            raise DataError(source, f"zone[{z.index}]", f"zone {z.id!r} has no passable link")
    return board
