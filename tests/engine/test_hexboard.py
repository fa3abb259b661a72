import copy
import random
import tomllib
from collections import deque
from fractions import Fraction
from pathlib import Path

import pytest

from cwbattles.engine import hexgrid
from cwbattles.engine.errors import DataError
from cwbattles.engine.hexboard import DIRECTIONS
from cwbattles.engine.hexmapfile import hex_board_from_file, hex_board_from_toml

SMALL = Path(__file__).parent / "data" / "hexmap_small.toml"


def small_doc() -> dict:
    with open(SMALL, "rb") as f:
        return tomllib.load(f)


def clear_map(columns: int, rows: int, shifted: str = "even", woods=(), **meta) -> dict:
    """A map of clear hexes (and the listed woods hexes), as a parsed map file."""
    lines = []
    for row in range(1, rows + 1):
        codes = ["w" if f"{c:02d}{row:02d}" in woods else "." for c in range(1, columns + 1)]
        lines.append(f"{row:02d} " + " ".join(codes))
    return {"meta": {"name": "test", "shifted_columns": shifted, "columns": columns, "rows": rows, **meta},
            "legend": {".": "clear", "w": "woods"}, "terrain": {"rows": lines}}


def ids(board, indices):
    return [None if i is None else board.ids[i] for i in indices]


@pytest.fixture(scope="module")
def small():
    return hex_board_from_file(SMALL)


# -- neighbours ---------------------------------------------------------------------------------
def test_small_map_loads_terrain_elevation_labels(small):
    assert len(small) == 30 and small.name == "Engine test map"
    assert small.hex("0301").terrain == "woods" and small.hex("0103").code == "s"
    assert small.hex("0403").elevation == 1 and small.hex("0101").elevation == 0
    assert small.hex("0303").label == "Crossroads" and small.labels[small.ref("0502")] == "Town"
    assert small.hexes_with_terrain("hill") == {small.ref("0403"), small.ref("0503")}
    assert small.ids == sorted(small.ids)


@pytest.mark.parametrize("shifted, hex_id, expected", [
    # even columns half a hex lower: an odd column's east neighbours are one row up / same row
    ("even", "0303", ["0302", "0402", "0403", "0304", "0203", "0202"]),
    ("even", "0403", ["0402", "0503", "0504", "0404", "0304", "0303"]),
    ("even", "0101", [None, None, "0201", "0102", None, None]),
    ("even", "0201", [None, "0301", "0302", "0202", "0102", "0101"]),
    ("even", "0605", ["0604", None, None, None, None, "0505"]),
    ("even", "0105", ["0104", "0204", "0205", None, None, None]),
    ("even", "0305", ["0304", "0404", "0405", None, "0205", "0204"]),
    # odd columns half a hex lower: the mirror image
    ("odd", "0303", ["0302", "0403", "0404", "0304", "0204", "0203"]),
    ("odd", "0403", ["0402", "0502", "0503", "0404", "0303", "0302"]),
    ("odd", "0101", [None, "0201", "0202", "0102", None, None]),
    ("odd", "0201", [None, None, "0301", "0202", "0101", None]),
    ("odd", "0605", ["0604", None, None, None, "0505", "0504"]),
    ("odd", "0105", ["0104", "0205", None, None, None, None]),
])
def test_neighbours_clockwise_from_north(shifted, hex_id, expected):
    board = hex_board_from_toml(clear_map(6, 5, shifted), "t.toml")
    i = board.ref(hex_id)
    assert ids(board, board.neighbours[i]) == expected
    assert ids(board, board.adjacent[i]) == [e for e in expected if e]
    assert board.neighbour(i, "N") == board.neighbours[i][0]


@pytest.mark.parametrize("shifted", ["even", "odd"])
def test_neighbour_relation_is_symmetric_with_opposite_directions(shifted):
    board = hex_board_from_toml(clear_map(7, 6, shifted), "t.toml")
    for a in range(len(board)):
        for d, b in enumerate(board.neighbours[a]):
            if b is not None:
                assert board.neighbours[b][(d + 3) % 6] == a
                assert board.direction(a, b) == d and board.distance(a, b) == 1
    interior = [a for a in range(len(board)) if None not in board.neighbours[a]]
    assert len(interior) == 5 * 4
    parity = hexgrid.shifted_parity(shifted)
    for h in board.hexes:
        assert hexgrid.axial_from_grid(h.column, h.row, parity) == (h.q, h.r)
        assert hexgrid.grid_from_axial(h.q, h.r, parity) == (h.column, h.row)


@pytest.mark.parametrize("shifted", ["even", "odd"])
def test_map_edges(shifted):
    board = hex_board_from_toml(clear_map(6, 5, shifted), "t.toml")
    edge = {e: sorted(board.ids[i] for i in board.edges[e]) for e in board.edges}
    assert edge["north"] == [f"{c:02d}01" for c in range(1, 7)]
    assert edge["south"] == [f"{c:02d}05" for c in range(1, 7)]
    assert edge["west"] == [f"01{r:02d}" for r in range(1, 6)]
    assert edge["east"] == [f"06{r:02d}" for r in range(1, 6)]
    assert board.edges_of(board.ref("0101")) == {"north", "west"}


# -- compass: maps printed with another point than north at the top ----------------------------
def test_compass_defaults_to_north_at_the_top():
    board = hex_board_from_toml(clear_map(6, 5), "t.toml")
    assert board.printed_top == "north" and board.compass == DIRECTIONS


@pytest.mark.parametrize("top, west_side", [
    # east at the top: west is down the printed column, the two other western neighbours lie
    # below-left and below-right (0303 is in an odd column, even columns shifted down)
    ("east", {"W": "0304", "NW": "0203", "SW": "0403"}),
    # west at the top: west is up the printed column
    ("west", {"W": "0302", "NW": "0402", "SW": "0202"}),
])
def test_neighbours_toward_compass_points_on_a_turned_map(top, west_side):
    board = hex_board_from_toml(clear_map(6, 5, printed_top=top), "t.toml")
    i = board.ref("0303")
    for name, expected in west_side.items():
        assert ids(board, board.neighbours_toward(i, [name])) == [expected]
    west = set(ids(board, board.neighbours_toward(i, ["W", "NW", "SW"])))
    east = set(ids(board, board.neighbours_toward(i, ["E", "NE", "SE"])))
    assert west == set(west_side.values()) and not west & east
    assert west | east == set(ids(board, board.adjacent[i]))


def test_neighbours_toward_rejects_a_direction_the_grid_lacks():
    board = hex_board_from_toml(clear_map(6, 5, printed_top="east"), "t.toml")
    with pytest.raises(ValueError, match="no direction \\['N'\\]"):
        board.neighbours_toward(board.ref("0303"), ["N"])
    north_up = hex_board_from_toml(clear_map(6, 5), "t.toml")
    assert ids(north_up, north_up.neighbours_toward(north_up.ref("0303"), ["N", "S"])) == ["0302", "0304"]


# -- distance -----------------------------------------------------------------------------------
def bfs(board, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in board.adjacent[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


@pytest.mark.parametrize("shifted", ["even", "odd"])
def test_distance_is_symmetric_and_equals_walking_distance(shifted):
    board = hex_board_from_toml(clear_map(9, 8, shifted), "t.toml")
    for a in range(len(board)):
        walk = bfs(board, a)
        row = board.distances_from(a)
        for b in range(len(board)):
            assert board.distance(a, b) == board.distance(b, a) == walk[b] == row[b]


def test_within_k_is_the_ball_of_radius_k(small):
    for a in range(len(small)):
        for k in range(4):
            assert small.within(a, k) == {b for b in range(len(small)) if small.distance(a, b) <= k}
    assert len(small.within(small.ref("0303"), 1)) == 7


# -- hexsides and features ----------------------------------------------------------------------
def test_hexside_keys_are_canonical(small):
    for a in range(len(small)):
        for d, b in enumerate(small.neighbours[a]):
            if b is None:
                assert small.sides_around[a][d] is None
                continue
            key = small.hexside(a, b)
            assert key == small.hexside(b, a) == (min(a, b), max(a, b)) == small.sides_around[a][d]
    with pytest.raises(ValueError, match="0101 and 0303 are not adjacent"):
        small.hexside(small.ref("0101"), small.ref("0303"))
    assert small.hexside_name(small.hexside(small.ref("0304"), small.ref("0303"))) == "0303/0304"


def test_road_paths_become_features_of_the_hexsides_between_consecutive_hexes(small):
    path = ["0103", "0203", "0303", "0403", "0503", "0602"]
    expected = {small.hexside(small.ref(x), small.ref(y)) for x, y in zip(path, path[1:])}
    expected |= {small.hexside(small.ref(x), small.ref(y))
                 for x, y in [("0303", "0304"), ("0304", "0305"), ("0304", "0404"), ("0404", "0504")]}
    assert small.hexsides_with("road") == expected
    a, b = small.ref("0203"), small.ref("0303")
    assert small.has_feature(a, b, "road") and small.has_feature(b, a, "road")
    assert small.features_around[a][small.direction(a, b)] == {"road"}
    assert small.features(small.ref("0101"), small.ref("0605")) == frozenset()


def test_hexside_features_accumulate(small):
    bridge = small.features(small.ref("0404"), small.ref("0304"))
    assert bridge == {"road", "creek", "bridge"}
    assert len(small.hexsides_with("creek")) == 4
    assert small.features(small.ref("0501"), small.ref("0502")) == {"trail"}


# -- line of sight ------------------------------------------------------------------------------
def los(board, a, b, blocking=(), sides=()):
    blocked = {board.ref(h) for h in blocking}
    walls = {board.hexside(board.ref(x), board.ref(y)) for x, y in sides}
    return board.line_of_sight(board.ref(a), board.ref(b), blocked.__contains__,
                               walls.__contains__ if walls else None)


def test_los_blocked_by_an_intervening_woods_hex():
    board = hex_board_from_toml(clear_map(7, 7), "t.toml")
    assert los(board, "0101", "0104")
    assert not los(board, "0101", "0104", ["0102"])
    assert los(board, "0101", "0104", ["0105", "0201"])           # beside the line, not on it
    # a line across columns: 0103 -> 0605 passes through 0304's interior
    trace = board.line_trace(board.ref("0103"), board.ref("0605"))
    assert board.ref("0304") in trace.left.hexes and trace.left == trace.right
    assert not los(board, "0103", "0605", ["0304"])
    assert los(board, "0103", "0605", ["0103", "0605"])            # the ends never block


def test_los_along_a_hexside_needs_both_sides_blocked():
    board = hex_board_from_toml(clear_map(7, 7), "t.toml")
    # 0404 -> 0503 (north, then north-east) runs exactly along the side 0403/0504
    trace = board.line_trace(board.ref("0404"), board.ref("0503"))
    assert {trace.left.hexes, trace.right.hexes} == {(board.ref("0403"),), (board.ref("0504"),)}
    assert los(board, "0404", "0503", ["0403"])
    assert los(board, "0404", "0503", ["0504"])
    assert not los(board, "0404", "0503", ["0403", "0504"])
    # 0405 -> 0602 runs along 0404/0505, through the centre of 0504, then along 0503/0603:
    # blocked by a hex on each side of the line, even beside different hexsides
    assert los(board, "0405", "0602", ["0404", "0503"])
    assert los(board, "0405", "0602", ["0505", "0603"])
    assert not los(board, "0405", "0602", ["0404", "0603"])
    assert not los(board, "0405", "0602", ["0504"])


def test_adjacent_hexes_always_see_each_other():
    board = hex_board_from_toml(clear_map(5, 5, woods={"0303", "0302"}), "t.toml")
    for b in board.adjacent[board.ref("0303")]:
        assert board.line_of_sight(board.ref("0303"), b, lambda i: True, lambda k: True)
    assert board.line_of_sight(2, 2, lambda i: True)


def test_los_blocked_by_a_crossed_hexside_and_symmetric():
    board = hex_board_from_toml(clear_map(7, 7), "t.toml")
    assert not los(board, "0101", "0104", sides=[("0102", "0103")])
    assert los(board, "0101", "0104", sides=[("0102", "0202")])
    # along the side 0403/0504, a wall on the route through 0403 leaves the route through 0504
    assert los(board, "0404", "0503", sides=[("0404", "0403")])
    assert not los(board, "0404", "0503", ["0504"], sides=[("0404", "0403")])
    rng = random.Random(3)
    for _ in range(300):
        a, b = rng.randrange(len(board)), rng.randrange(len(board))
        blocked = set(rng.sample(range(len(board)), 8))
        assert board.line_of_sight(a, b, blocked.__contains__) == board.line_of_sight(b, a, blocked.__contains__)


def cells_met_exactly(a, b, side):
    """Brute force: cells whose interior meets the segment a-b pushed a tiny exact amount aside."""
    A = (a[0], a[1], -a[0] - a[1])
    D = (b[0] - a[0], b[1] - a[1], -(b[0] - a[0]) - (b[1] - a[1]))
    w = (D[1] - D[2], D[2] - D[0], D[0] - D[1])
    eps = Fraction(side, 10 ** 9)
    n_max = hexgrid.axial_distance(*a, *b)
    met = set()
    for dq in range(-n_max - 1, n_max + 2):
        for dr in range(-n_max - 1, n_max + 2):
            h = (a[0] + dq, a[1] + dr)
            if hexgrid.axial_distance(*a, *h) + hexgrid.axial_distance(*h, *b) > n_max + 1:
                continue                              # too far from the segment to touch it
            H = (h[0], h[1], -h[0] - h[1])
            lo, hi = Fraction(0), Fraction(1)
            for n in ((1, -1, 0), (1, 0, -1), (0, 1, -1)):
                start = sum((A[k] - H[k] + eps * w[k]) * n[k] for k in range(3))
                slope = sum(D[k] * n[k] for k in range(3))
                if slope == 0:
                    if not -1 < start < 1:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                t1, t2 = (-1 - start) / slope, (1 - start) / slope
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if lo < hi:
                met.add(h)
    return met


def test_traced_routes_are_exactly_the_hexes_the_nudged_line_meets():
    rng = random.Random(11)
    pairs = [((0, 0), (1, -2)), ((0, 0), (2, -4)), ((0, 0), (5, -1)), ((0, 0), (3, 3))]
    pairs += [((rng.randint(-6, 6), rng.randint(-6, 6)), (rng.randint(-6, 6), rng.randint(-6, 6)))
              for _ in range(120)]
    for a, b in pairs:
        for side, route in zip((+1, -1), hexgrid.line_routes(a, b)):
            assert route[0] == a and route[-1] == b
            assert all(hexgrid.axial_distance(*x, *y) == 1 for x, y in zip(route, route[1:]))
            assert len(set(route)) == len(route)
            assert set(route) == cells_met_exactly(a, b, side), (a, b, side)


# -- pixel geometry -----------------------------------------------------------------------------
@pytest.mark.parametrize("shifted", ["even", "odd"])
def test_neighbours_share_exactly_two_corners(shifted):
    board = hex_board_from_toml(clear_map(6, 5, shifted), "t.toml")
    size = 23.7
    for a in range(len(board)):
        corners_a = set(board.pixel_corners(a, size))
        assert len(corners_a) == 6
        for b in range(a + 1, len(board)):
            shared = corners_a & set(board.pixel_corners(b, size))
            assert len(shared) == (2 if board.are_adjacent(a, b) else 0)
            if board.are_adjacent(a, b):
                assert set(board.pixel_hexside(a, b, size)) == shared


def test_pixel_centres_round_trip_and_fit_the_map(small):
    size = 10
    width, height = small.pixel_size(size)
    for i in range(len(small)):
        x, y = small.pixel_center(i, size)
        assert small.hex_at_pixel(x, y, size) == i
        assert small.hex_at_pixel(x + 7, y + 3, size) == i
        assert all(0 <= px <= width + 1e-9 and 0 <= py <= height + 1e-9 for px, py in small.pixel_corners(i, size))
    x0, y0 = small.pixel_center(small.ref("0101"), size)
    x1, y1 = small.pixel_center(small.ref("0201"), size)
    assert (x1 - x0, y1 > y0) == (15, True)                         # even columns drawn lower
    assert small.hex_at_pixel(-5, -5, size) is None


# -- sections -----------------------------------------------------------------------------------
def two_sections() -> dict:
    def rows(n_cols, n_rows):
        return [f"{r:02d} " + " ".join("." * n_cols) for r in range(1, n_rows + 1)]
    return {"meta": {"name": "two sections", "shifted_columns": "even"},
            "legend": {".": "clear"},
            "section": [{"prefix": "F", "columns": 4, "rows": 3, "terrain": rows(4, 3)},
                        {"prefix": "H", "columns": 3, "rows": 3, "column_offset": 4, "terrain": rows(3, 3)}],
            "path": [{"features": ["road"], "hexes": ["F0302-F0402-H0102"]}],
            "hexside_features": {"road": "road"}}


def test_sections_side_by_side():
    board = hex_board_from_toml(two_sections(), "t.toml")
    assert len(board) == 12 + 9 and board.hex("H0102").section == "H"
    f4 = board.ref("F0402")                                           # grid column 4 (shifted)
    assert ids(board, board.neighbours[f4]) == ["F0401", "H0102", "H0103", "F0403", "F0303", "F0302"]
    assert board.distance(board.ref("F0101"), board.ref("H0301")) == 6
    assert board.edges["east"] == {board.ref(f"H03{r:02d}") for r in (1, 2, 3)}
    assert board.has_feature(f4, board.ref("H0102"), "road")


# -- malformed files ----------------------------------------------------------------------------
def drop(doc, *keys):
    table = doc
    for k in keys[:-1]:
        table = table[k]
    del table[keys[-1]]


BAD = [
    ("unknown terrain code", lambda d: d["terrain"]["rows"].__setitem__(1, "02 . w w . x ."),
     "terrain.rows[1]", "unknown terrain code 'x'"),
    ("row too short", lambda d: d["terrain"]["rows"].__setitem__(2, "03 s . . h h"),
     "terrain.rows[2]", "expected 6 codes"),
    ("row misnumbered", lambda d: d["terrain"]["rows"].__setitem__(0, "02 . . w . . ."),
     "terrain.rows[0]", "must start with its number 01"),
    ("row missing", lambda d: d["terrain"]["rows"].pop(), "terrain.rows", "expected 5 rows"),
    ("elevation not a number", lambda d: d["elevation"]["rows"].__setitem__(0, "01 0 0 x 0 0 0"),
     "elevation.rows[0]", "whole numbers"),
    ("path not adjacent", lambda d: d["path"][0]["hexes"].__setitem__(0, "0103-0303"),
     "path[0].hexes[0]", "0103 and 0303 are not adjacent"),
    ("path off the map", lambda d: d["path"][1]["hexes"].__setitem__(0, "0501-0907"),
     "path[1].hexes[0]", "hex 0907 is not on the map"),
    ("path malformed hex", lambda d: d["path"][0]["hexes"].__setitem__(1, "0303-F03"),
     "path[0].hexes[1]", "not a hex number"),
    ("path of one hex", lambda d: d["path"][0]["hexes"].__setitem__(2, "0304"),
     "path[0].hexes[2]", "at least two hexes"),
    ("hexside not adjacent", lambda d: d["hexside"][0]["sides"].__setitem__(0, "0204/0404"),
     "hexside[0].sides[0]", "0204 and 0404 are not adjacent"),
    ("hexside malformed", lambda d: d["hexside"][1]["sides"].__setitem__(0, "0304-0404"),
     "hexside[1].sides[0]", "written \"0303/0304\""),
    ("hexside same hex", lambda d: d["hexside"][2]["sides"].__setitem__(1, "0503/0503"),
     "hexside[2].sides[1]", "not adjacent"),
    ("unknown feature", lambda d: d["path"][1].__setitem__("features", ["railway"]),
     "path[1].features", "unknown hexside feature 'railway'"),
    ("misspelt key", lambda d: d["path"][0].__setitem__("feature", "road"),
     "path[0].feature", "unknown key"),
    ("label off the map", lambda d: d["label"][0].__setitem__("hex", "0006"), "label[0].hex", "not on the map"),
    ("label twice", lambda d: d["label"][1].__setitem__("hex", "0303"), "label[1].hex", "already has the label"),
    ("shifted missing", lambda d: drop(d, "meta", "shifted_columns"), "meta.shifted_columns", "missing"),
    ("shifted wrong", lambda d: d["meta"].__setitem__("shifted_columns", "left"),
     "meta.shifted_columns", "must be one of"),
    ("columns wrong type", lambda d: d["meta"].__setitem__("columns", "6"), "meta.columns", "expected int"),
    ("unknown table", lambda d: d.__setitem__("roads", ["0101-0102"]), "roads", "unknown table"),
    ("no legend", lambda d: drop(d, "legend"), "legend", "needs a [legend] table"),
    ("no terrain", lambda d: drop(d, "terrain"), "terrain", "needs a [terrain] table"),
    ("legend code with a space", lambda d: d["legend"].__setitem__("w w", "woods"), "legend.w w", "one word"),
    ("bad feature name", lambda d: d["hexside_features"].__setitem__("Big River", "x"),
     "hexside_features.Big River", "lower-case"),
    ("section and meta size", lambda d: d.__setitem__("section", []), "meta.columns", "each section gives"),
    ("printed top wrong", lambda d: d["meta"].__setitem__("printed_top", "up"), "meta.printed_top", "must be one of"),
]


@pytest.mark.parametrize("what, mutate, key, problem", BAD, ids=[b[0] for b in BAD])
def test_malformed_map_files_name_the_key(what, mutate, key, problem):
    doc = small_doc()
    mutate(doc)
    with pytest.raises(DataError) as err:
        hex_board_from_toml(doc, "hexmap_small.toml")
    assert err.value.source == "hexmap_small.toml"
    assert err.value.key == key
    assert problem in err.value.problem
    assert str(err.value).startswith(f"hexmap_small.toml: {key}: ")


@pytest.mark.parametrize("mutate, key, problem", [
    (lambda d: d["section"][1].__setitem__("prefix", "F"), "section[1].prefix", "duplicate section"),
    (lambda d: d["section"][1].__setitem__("column_offset", 3), "section[1]", "same place of the map as hex F0401"),
    (lambda d: d["section"][0]["terrain"].__setitem__(1, "02 . . ."), "section[0].terrain[1]", "expected 4 codes"),
    (lambda d: d["section"][0].__setitem__("prefix", "f"), "section[0].prefix", "capital letters"),
    (lambda d: d["path"][0]["hexes"].__setitem__(0, "F0302-0402"), "path[0].hexes[0]", "hex 0402 is not on the map"),
    (lambda d: d.__setitem__("terrain", {"rows": []}), "terrain", "each section gives its own terrain"),
])
def test_malformed_sections_name_the_key(mutate, key, problem):
    doc = copy.deepcopy(two_sections())
    mutate(doc)
    with pytest.raises(DataError) as err:
        hex_board_from_toml(doc, "sections.toml")
    assert (err.value.key, problem in err.value.problem) == (key, True), err.value


def test_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="file not found"):
        hex_board_from_file(tmp_path / "nope.toml")
    assert DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
