"""Hex boards for SPI-style maps: hexes, hexsides, distances, line of sight, pixels.

A `HexBoard` is static: every state of a game shares it. It is loaded from a readable TOML map
file (`hexmapfile.hex_board_from_toml`, format in docs/engine/hex-maps.md) and precomputes at load what the
rules ask in hot paths, so a query is a list index or a few integer operations:

- hexes are numbered as printed, "XXYY" (column XX from the west, row YY from the north), with an
  optional map-section prefix ("F0312") on multi-section maps; inside the engine a hex is an int
  index (`board.ref("1309")`), and `board.hexes[i]` holds its printed number, terrain and label;
- neighbours in six directions clockwise from the top of the printed map (`DIRECTIONS`), `None`
  off the map; a map printed with another compass point at the top (`printed_top`) names them on
  the ground with `compass` (rules that say "retreat west" ask `neighbours_toward`);
- hexsides: the key of the side between neighbours a and b is the pair (min(a, b), max(a, b));
  a hexside carries zero or more features (road, creek, bridge, ...). A road is a feature of the
  hexsides it crosses: it joins the centres of the two hexes either side;
- distance in hexes, the hexes within k of a hex, and the hexes of each map edge;
- line of sight by the SPI centre-to-centre method (`line_of_sight`), blocking decided by the game;
- pixel geometry for drawing (centres, corners, hexside end points, pixel to hex).

The board knows no game: terrain and hexside features are names from the map file's legend, and
what they do (movement costs, blocking) is for the game's rules to say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, NamedTuple

from . import hexgrid
from .hexgrid import AXIAL_STEPS, DIRECTIONS

EDGES = ("north", "east", "south", "west")
NO_FEATURES: frozenset = frozenset()
HEX_ID = re.compile(r"^([A-Z]*)(\d{2})(\d{2})$")

__all__ = ["DIRECTIONS", "EDGES", "Hex", "Section", "Route", "LineTrace", "HexBoard",
           "hex_board_from_toml", "hex_board_from_file"]


@dataclass(frozen=True)
class Section:
    """A map section: its printed numbering and where it sits on the whole map's grid.

    Section hex (column, row) is grid hex (column + column_offset, row + row_offset).
    A single-section map has one section with prefix "" and no offsets.
    """
    prefix: str
    first_column: int
    first_row: int
    columns: int
    rows: int
    column_offset: int = 0
    row_offset: int = 0
    title: str = ""     # the sheet's name ("Fredericksburg"), for drawings

    @property
    def last_column(self) -> int:
        return self.first_column + self.columns - 1

    @property
    def last_row(self) -> int:
        return self.first_row + self.rows - 1


@dataclass(frozen=True)
class Hex:
    index: int          # position in board.hexes; what every query takes and returns
    id: str             # printed number, with its section prefix: "1309", "F0312"
    section: str        # section prefix, "" on a single-section map
    column: int         # printed column (XX)
    row: int            # printed row (YY)
    q: int              # axial coordinates on the whole map's grid (see hexgrid)
    r: int
    code: str           # the terrain code as written in the map file ("w")
    terrain: str        # its name from the legend ("woods")
    elevation: int
    label: str          # "" unless the map file labels the hex


class Route(NamedTuple):
    """One way along a line: hexes passed through (ends excluded) and hexsides crossed."""
    hexes: tuple
    hexsides: tuple


class LineTrace(NamedTuple):
    """The line between two hex centres, nudged an infinitesimal distance to each side.

    Where the line crosses hex interiors, `left` and `right` are the same. Where it runs exactly
    along a hexside they differ: each takes the hex on its own side. Only on-map hexes and
    hexsides between two on-map hexes are listed.
    """
    left: Route
    right: Route


class HexBoard:
    """A hex map with precomputed neighbours, hexsides, edges and geometry.

    Indices are ints 0..n-1, ordered by section (file order), then column, then row. Public
    precomputed tables (index them directly in hot paths):

    - `hexes[i]`: the Hex; `ids[i]`: its printed number; `index[id]`: the int;
    - `neighbours[i]`: 6-tuple in DIRECTIONS order, a hex index or None off the map;
    - `adjacent[i]`: the on-map neighbours only, same order;
    - `sides_around[i]`: 6-tuple of hexside keys (None off the map);
    - `features_around[i]`: 6-tuple of frozensets of hexside feature names;
    - `hexside_features`: hexside key -> frozenset of names, for hexsides that have any;
    - `terrain[i]`, `elevation[i]`; `edges[name]`: frozenset of the hexes on that printed map edge;
    - `compass[d]`: the compass name on the ground of printed direction d ("N".."NW" when the
      printed top faces north, the default; "E", "SE", "SW", "W", "NW", "NE" when it faces east);
    - `sections`, `section_of[i]` (index into sections), `section_hexes[k]`;
    - `named_paths[name]` (tuple of paths, each a tuple of hexes), `named_hexsides[name]`
      (frozenset of hexside keys), `regions[name]` (frozenset of hexes), from the file's names.
    """

    def __init__(self, hexes: list[Hex], *, shifted: str, sections: list[Section],
                 hexside_features: dict, legend: dict, feature_names: dict, name: str = "",
                 meta: dict | None = None, printed_top: str = "north", named_paths: dict | None = None,
                 named_hexsides: dict | None = None, regions: dict | None = None):
        self.hexes, self.name, self.meta = hexes, name, dict(meta or {})
        self.printed_top = printed_top
        self.compass = hexgrid.COMPASS_BY_TOP[printed_top]
        self.shifted, self.sections = shifted, tuple(sections)
        self.legend, self.feature_names = dict(legend), dict(feature_names)
        self._parity = hexgrid.shifted_parity(shifted)
        n = len(hexes)
        self.ids = [h.id for h in hexes]
        self.index = {h.id: h.index for h in hexes}
        self.terrain = [h.terrain for h in hexes]
        self.elevation = [h.elevation for h in hexes]
        self.labels = {h.index: h.label for h in hexes if h.label}
        self.named_paths = dict(named_paths or {})          # name -> tuple of paths (tuples of hexes)
        self.named_hexsides = dict(named_hexsides or {})    # name -> frozenset of hexside keys
        self.regions = dict(regions or {})                  # name -> frozenset of hexes
        prefixes = [s.prefix for s in sections]
        self.section_of = [prefixes.index(h.section) for h in hexes]   # hex -> index in sections
        self.section_hexes = tuple(frozenset(i for i in range(len(hexes)) if self.section_of[i] == k)
                                   for k in range(len(prefixes)))
        self._q = [h.q for h in hexes]
        self._r = [h.r for h in hexes]
        self._at = {(h.q, h.r): h.index for h in hexes}
        self.neighbours = [tuple(self._at.get((h.q + dq, h.r + dr)) for dq, dr in AXIAL_STEPS) for h in hexes]
        self.adjacent = [tuple(b for b in around if b is not None) for around in self.neighbours]
        self.sides_around = [tuple(None if b is None else (min(a, b), max(a, b)) for b in around)
                             for a, around in enumerate(self.neighbours)]
        self._side_of = {(a, b): key for a in range(n)
                         for b, key in zip(self.neighbours[a], self.sides_around[a]) if b is not None}
        self.hexside_features = {k: frozenset(v) for k, v in hexside_features.items() if v}
        self.features_around = [tuple(self.hexside_features.get(k, NO_FEATURES) if k else NO_FEATURES
                                      for k in keys) for keys in self.sides_around]
        self.edges = {
            "north": frozenset(i for i in range(n) if self.neighbours[i][0] is None),
            "east": frozenset(i for i in range(n) if self.neighbours[i][1] is None and self.neighbours[i][2] is None),
            "south": frozenset(i for i in range(n) if self.neighbours[i][3] is None),
            "west": frozenset(i for i in range(n) if self.neighbours[i][4] is None and self.neighbours[i][5] is None),
        }
        self._y2 = [2 * h.r + h.q + (1 - self._parity) for h in hexes]
        self._q_min, self._q_max = min(self._q), max(self._q)
        self._y2_min, self._y2_max = min(self._y2), max(self._y2)
        self._within: dict = {}
        self._rows: dict = {}
        self._traces: dict = {}

    # -- hexes ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.hexes)

    def ref(self, ref: int | str) -> int:
        """The index of a hex given by index or printed number ("1309", "F0312")."""
        if isinstance(ref, int):
            if not 0 <= ref < len(self.hexes):
                raise KeyError(f"no hex with index {ref}")
            return ref
        try:
            return self.index[ref]
        except KeyError:
            raise KeyError(f"hex {ref!r} is not on the map {self.name!r}") from None

    def hex(self, ref: int | str) -> Hex:
        return self.hexes[self.ref(ref)]

    def hexes_with_terrain(self, name: str) -> frozenset:
        return frozenset(i for i, t in enumerate(self.terrain) if t == name)

    def edges_of(self, i: int) -> frozenset:
        """The names of the map edges hex i lies on (two for a corner hex)."""
        return frozenset(e for e in EDGES if i in self.edges[e])

    # -- neighbours and hexsides ----------------------------------------------------------
    def neighbour(self, i: int, direction: int | str) -> int | None:
        """The neighbour in a direction (0-5 or "N".."NW"), None off the map."""
        d = DIRECTIONS.index(direction) if isinstance(direction, str) else direction
        return self.neighbours[i][d]

    def direction(self, a: int, b: int) -> int | None:
        """The direction (0-5, index in DIRECTIONS) from a to neighbour b; None if not adjacent."""
        try:
            return self.neighbours[a].index(b)
        except ValueError:
            return None

    def neighbours_toward(self, i: int, compass_names) -> tuple:
        """The on-map neighbours of i lying in the named compass directions on the ground.

        `compass_names` are names from `compass` ("W", "NW", "SW" on a map printed with east at
        the top). An unknown name is an error, so a rule cannot silently ask for "N" of a board
        that has no north neighbour.
        """
        names = set(compass_names)
        unknown = names - set(self.compass)
        if unknown:
            raise ValueError(f"map {self.name!r} has no direction {sorted(unknown)} on the ground;"
                             f" its directions are {', '.join(self.compass)}")
        return tuple(b for b, name in zip(self.neighbours[i], self.compass) if b is not None and name in names)

    def are_adjacent(self, a: int, b: int) -> bool:
        return (a, b) in self._side_of

    def hexside(self, a: int, b: int) -> tuple[int, int]:
        """The canonical key (min, max) of the side between neighbours a and b."""
        try:
            return self._side_of[a, b]
        except KeyError:
            raise ValueError(f"hexes {self.ids[a]} and {self.ids[b]} are not adjacent") from None

    def hexside_name(self, key: tuple[int, int]) -> str:
        """A hexside as written in map files and logs: "1309/1310"."""
        return f"{self.ids[key[0]]}/{self.ids[key[1]]}"

    def features(self, a: int, b: int) -> frozenset:
        """Feature names on the side between a and b (empty if none or not adjacent)."""
        return self.hexside_features.get((a, b) if a < b else (b, a), NO_FEATURES)

    def has_feature(self, a: int, b: int, name: str) -> bool:
        return name in self.features(a, b)

    def hexsides_with(self, name: str) -> frozenset:
        """Keys of every hexside carrying the feature."""
        return frozenset(k for k, names in self.hexside_features.items() if name in names)

    # -- distance -------------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        """Hexes from a to b as the crow flies (SPI range: count the target, not the firer).

        On a rectangular map this is also the fewest steps between neighbours.
        """
        q, r = self._q, self._r
        dq, dr = q[a] - q[b], r[a] - r[b]
        return max(abs(dq), abs(dr), abs(dq + dr))

    def distances_from(self, a: int) -> tuple:
        """Distance from a to every hex, as a tuple indexed by hex (memoised)."""
        row = self._rows.get(a)
        if row is None:
            row = self._rows[a] = tuple(self.distance(a, b) for b in range(len(self.hexes)))
        return row

    def within(self, a: int, k: int) -> frozenset:
        """The on-map hexes at distance <= k from a, a included (memoised)."""
        found = self._within.get((a, k))
        if found is None:
            q0, r0, at = self._q[a], self._r[a], self._at
            found = frozenset(at[q0 + dq, r0 + dr] for dq in range(-k, k + 1)
                              for dr in range(max(-k, -dq - k), min(k, -dq + k) + 1)
                              if (q0 + dq, r0 + dr) in at)
            self._within[a, k] = found
        return found

    # -- line of sight --------------------------------------------------------------------
    def line_trace(self, a: int, b: int) -> LineTrace:
        """What the line between the centres of a and b passes through (memoised).

        See `hexgrid.line_routes`: the line is nudged an infinitesimal distance to its left and
        to its right and each nudged line is followed exactly, hex to hex, in integer arithmetic.
        """
        trace = self._traces.get((a, b))
        if trace is None:
            at = self._at
            routes = hexgrid.line_routes((self._q[a], self._r[a]), (self._q[b], self._r[b]))
            made = []
            for cells in routes:
                idx = [at.get(c) for c in cells]
                hexes = tuple(i for i in idx[1:-1] if i is not None)
                sides = tuple((min(x, y), max(x, y)) for x, y in zip(idx, idx[1:])
                              if x is not None and y is not None)
                made.append(Route(hexes, sides))
            trace = self._traces[a, b] = LineTrace(*made)
        return trace

    def line_of_sight(self, a: int, b: int, blocks_hex: Callable[[int], bool],
                      blocks_hexside: Callable[[tuple], bool] | None = None) -> bool:
        """True if a sees b. The game says what blocks; the board says what the line meets.

        The SPI method: stretch a thread from the centre of a to the centre of b. Any hex it
        passes through (a and b excepted) for which `blocks_hex(i)` is true blocks it, and so
        does any hexside it crosses for which `blocks_hexside(key)` is true. Where the thread
        runs exactly along a hexside, move it a hair to the left and a hair to the right: it is
        blocked only if it is blocked both ways, so along a single hexside it takes both hexes
        on that side to block. Adjacent hexes always see each other. Off-map hexes never block.

        Rules that depend on the two ends (higher ground, a crest on the firer's own hexside)
        belong in the predicates: build them as closures over a and b.
        """
        if a == b or self.are_adjacent(a, b):
            return True
        trace = self.line_trace(a, b)
        if not self._route_blocked(trace.left, blocks_hex, blocks_hexside):
            return True
        return trace.right != trace.left and not self._route_blocked(trace.right, blocks_hex, blocks_hexside)

    @staticmethod
    def _route_blocked(route: Route, blocks_hex, blocks_hexside) -> bool:
        if any(blocks_hex(i) for i in route.hexes):
            return True
        return blocks_hexside is not None and any(blocks_hexside(k) for k in route.hexsides)

    # -- pixels ---------------------------------------------------------------------------
    def pixel_size(self, size: float) -> tuple[float, float]:
        """Width and height in pixels of the whole map drawn with hexes of `size` (centre to corner)."""
        return hexgrid.lattice_to_pixel((3 * (self._q_max - self._q_min) + 4,
                                         self._y2_max - self._y2_min + 2), size)

    def pixel_center(self, i: int, size: float) -> tuple[float, float]:
        """The centre of hex i; the map's top-left corner is (0, 0) and y grows southward."""
        return hexgrid.lattice_to_pixel(
            hexgrid.centre_lattice(self._q[i], self._y2[i], self._q_min, self._y2_min), size)

    def pixel_corners(self, i: int, size: float) -> tuple:
        """The six corners of hex i, clockwise from the north-west one.

        The side in direction k (DIRECTIONS) runs from corner k to corner k + 1 (mod 6).
        Neighbours compute their shared corners from the same integers, so they are equal.
        """
        return tuple(hexgrid.lattice_to_pixel(p, size) for p in
                     hexgrid.corner_lattice(self._q[i], self._y2[i], self._q_min, self._y2_min))

    def pixel_hexside(self, a: int, b: int, size: float) -> tuple:
        """The two end points of the side between neighbours a and b (for drawing creeks)."""
        d = self.direction(a, b)
        if d is None:
            raise ValueError(f"hexes {self.ids[a]} and {self.ids[b]} are not adjacent")
        corners = self.pixel_corners(a, size)
        return corners[d], corners[(d + 1) % 6]

    def hex_at_pixel(self, x: float, y: float, size: float) -> int | None:
        """The hex under a pixel (for clicks), None off the map."""
        fq, fy2 = hexgrid.pixel_to_fractional(x, y, size, self._q_min, self._y2_min)
        fr = (fy2 - fq - (1 - self._parity)) / 2
        return self._at.get(hexgrid.axial_round(fq, fr))
