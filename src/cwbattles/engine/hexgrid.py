"""Hex-grid arithmetic for SPI-style maps: coordinates, distance, lines, pixels. No map in here.

SPI maps print hexes in vertical columns with flat tops and bottoms: moving north or south stays
in the column, the other four neighbours are in the columns either side. Every other column sits
half a hex lower (further south) than its neighbours; which parity that is ("even" or "odd"
columns) is a property of the printed map, so it is an argument here (`shifted`).

Three coordinate systems are used, and the board converts between them once, at load time:

- grid (column, row): the printed numbers, 0312 = column 3, row 12 (sections add an offset);
- axial (q, r): q = column, r = a row index slanted so that the six neighbours are always the
  same six steps (`AXIAL_STEPS`); distance and lines are simple there;
- cube (x, y, z) = (q, r, -q-r): axial with the third, redundant coordinate written out.
  The hexes are the Voronoi cells of the integer points of the plane x + y + z = 0, which makes
  exact line tracing a matter of integer arithmetic (`line_routes`).

Pixels use a half-lattice: a hex of size s (centre to corner) has its centre and corners at
integer multiples of (s/2, s*sqrt(3)/2), so neighbouring hexes compute bit-identical shared
corners (see `corner_lattice`).
"""

from __future__ import annotations

import math

#: The six directions, clockwise from north (a flat-topped hex has a north and a south side).
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")

#: The compass name of each printed direction (in the order of DIRECTIONS), by the compass point
#: the top of the printed map faces. A map printed with east or west at the top has, on the ground,
#: pointed-top hexes whose neighbours lie E, SE, SW, W, NW, NE: the six names its rules use (four of
#: them are 30 degrees off the true bearing, as on any pointed-top grid).
COMPASS_BY_TOP = {
    "north": ("N", "NE", "SE", "S", "SW", "NW"),
    "east": ("E", "SE", "SW", "W", "NW", "NE"),
    "south": ("S", "SW", "NW", "N", "NE", "SE"),
    "west": ("W", "NW", "NE", "E", "SE", "SW"),
}

#: Axial steps, in the order of DIRECTIONS.
AXIAL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

#: Corners of a flat-topped hex in half-lattice units (see module doc), clockwise on screen
#: (y grows southward) starting at the north-west corner, so that the side in direction k runs
#: from corner k to corner k+1: N = NW..NE, NE = NE..E, SE = E..SE, S = SE..SW, SW = SW..W, NW = W..NW.
CORNER_OFFSETS = ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0))

_SQRT3_HALF = math.sqrt(3) / 2


def shifted_parity(shifted: str) -> int:
    """0 when even columns sit half a hex lower, 1 when odd columns do."""
    return {"even": 0, "odd": 1}[shifted]


def half_row(column: int, row: int, parity: int) -> int:
    """The row in half-hex units: 2 * row, plus 1 in the columns shifted half a hex south."""
    return 2 * row + (1 if column % 2 == parity else 0)


def axial_from_grid(column: int, row: int, parity: int) -> tuple[int, int]:
    """Grid (column, row) to axial (q, r). `parity` comes from `shifted_parity`.

    With y2 = half_row(...), y2 - column has the same parity in every column (that is what
    "every other column shifted" means), so r = (y2 - column - p) / 2 is a whole number.
    """
    p = 1 - parity
    return column, (half_row(column, row, parity) - column - p) // 2


def grid_from_axial(q: int, r: int, parity: int) -> tuple[int, int]:
    """The inverse of `axial_from_grid`."""
    y2 = 2 * r + q + (1 - parity)
    return q, (y2 - (1 if q % 2 == parity else 0)) // 2


def axial_distance(q1: int, r1: int, q2: int, r2: int) -> int:
    """Hexes counted from one hex to another (0 for the same hex, 1 for a neighbour)."""
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def axial_round(fq: float, fr: float) -> tuple[int, int]:
    """The hex containing a fractional axial point (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


# -- line tracing -----------------------------------------------------------------------------
# A hex h (cube coordinates) is the set of points p with |(p - h) . n| <= 1 for the three
# normals n below; crossing (p - h) . n = +1 leads into h + n, crossing -1 into h - n.
_NORMALS = ((1, -1, 0), (1, 0, -1), (0, 1, -1))


def _dot(u, v) -> int:
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def _walk(a: tuple, b: tuple, side: int) -> list[tuple]:
    """Cells (cube) visited by the segment a -> b pushed an infinitesimal epsilon to one side.

    The pushed point is p(t) = a + t*D + eps*side*w with D = b - a and w perpendicular to D in
    the plane. For the current cell h and each normal n, the line leaves the slab
    |(p - h) . n| <= 1 at t = (bound - (a - h).n - eps*side*(w.n)) / (D.n): a number plus
    epsilon times a number. The cell is left through the slab with the smallest such t, compared
    exactly (integers) with epsilon breaking ties. A tie that survives would need two normals
    parallel to each other, so every step is decided.
    """
    D = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
    w = (D[1] - D[2], D[2] - D[0], D[0] - D[1])      # D x (1, 1, 1): in the plane, perpendicular to D
    h, route = a, [a]
    limit = 4 * max(abs(D[0]), abs(D[1]), abs(D[2])) + 4
    while h != b:
        best = None
        for n in _NORMALS:
            slope = _dot(D, n)
            if slope == 0:
                continue                              # parallel to this pair of sides: never leaves by them
            bound, step = (1, n) if slope > 0 else (-1, (-n[0], -n[1], -n[2]))
            start = _dot((a[0] - h[0], a[1] - h[1], a[2] - h[2]), n)
            num, eps, den = bound - start, -side * _dot(w, n), slope
            if den < 0:
                num, eps, den = -num, -eps, -den
            if best is None:
                best = (num, eps, den, step)
                continue
            bn, be, bd, _ = best
            if num * bd < bn * den or (num * bd == bn * den and eps * bd < be * den):
                best = (num, eps, den, step)
        step = best[3]
        h = (h[0] + step[0], h[1] + step[1], h[2] + step[2])
        route.append(h)
        if len(route) > limit:                        # pragma: no cover - a bug, not a map problem
            raise AssertionError(f"line tracing from {a} to {b} does not reach its end")
    return route


def line_routes(a: tuple[int, int], b: tuple[int, int]) -> tuple[list, list]:
    """The cells (axial) met by the centre-to-centre line from a to b, nudged left and right.

    Where the line crosses the interior of hexes both routes agree. Where it runs exactly along
    a hexside, the left route goes through the hex on one side and the right route through the
    hex on the other; where it passes exactly through a corner, one route may clip the corner of
    a third hex. Each route starts at a, ends at b, and steps between neighbouring cells.
    """
    ca = (a[0], a[1], -a[0] - a[1])
    cb = (b[0], b[1], -b[0] - b[1])
    return ([(x, y) for x, y, _ in _walk(ca, cb, +1)],
            [(x, y) for x, y, _ in _walk(ca, cb, -1)])


# -- pixels -----------------------------------------------------------------------------------
def centre_lattice(q: int, y2: int, q_min: int, y2_min: int) -> tuple[int, int]:
    """A hex centre in half-lattice units, with the map's west-most column and top at 0."""
    return 3 * (q - q_min) + 2, y2 - y2_min + 1


def corner_lattice(q: int, y2: int, q_min: int, y2_min: int) -> tuple:
    """The six corners in half-lattice units, in the order of CORNER_OFFSETS."""
    cx, cy = centre_lattice(q, y2, q_min, y2_min)
    return tuple((cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS)


def lattice_to_pixel(point: tuple[int, int], size: float) -> tuple[float, float]:
    """Half-lattice units to pixels for hexes of `size` (centre to corner = side length)."""
    return point[0] * size / 2, point[1] * size * _SQRT3_HALF


def pixel_to_fractional(x: float, y: float, size: float, q_min: int, y2_min: int) -> tuple[float, float]:
    """Pixel to fractional (q, y2): the inverse of `centre_lattice` + `lattice_to_pixel`."""
    q = (2 * x / size - 2) / 3 + q_min
    y2 = y / (size * _SQRT3_HALF) - 1 + y2_min
    return q, y2
