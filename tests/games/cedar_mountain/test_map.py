"""The Cedar Mountain map file: the seed's hexes and examples hold on it, and it is consistent.

The map is a reconstruction (docs/data-notes/cedar-mountain-map.md); these tests pin what the
exclusive rules and the errata say about it, and keep a hand-corrected file consistent (roads
continuous, runs unbroken, crests where the elevation changes).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from cwbattles.engine.hexmapfile import hex_board_from_file

MAP = Path(__file__).parents[3] / "src" / "cwbattles" / "games" / "cedar_mountain" / "data" / "map.toml"
TERRAINS = {"clear", "woods", "cornfield", "field", "orchard", "buildings", "marsh", "lake"}   # the GBACW chart's names
FEATURES = {"crest", "steep_crest", "run", "stream", "lake", "road", "trail", "lane", "fence"}


@pytest.fixture(scope="module")
def board():
    return hex_board_from_file(MAP)


def side(board, a: str, b: str):
    return board.hexside(board.ref(a), board.ref(b))


def features(board, a: str, b: str):
    return board.features(board.ref(a), board.ref(b))


def blocks_by_terrain(board):
    """The flat reading of 21.42: a standing cornfield (and woods) between the ends blocks."""
    return lambda i: board.terrain[i] in ("cornfield", "woods")


def blocks_by_height(board, a: int, b: int, cleared=frozenset()):
    """The height reading of 21.41 and 21.32, as the GBACW system reads them: the thread's height
    at a hex is read in proportion to its distance from the ends; the hex blocks if its ground
    stands above the thread, or its upper level if it is a crest hex (level with it blocks too,
    except next to an end that stands as high: a unit at the brow sees down the slope), or its
    obstacle (woods, buildings, a standing cornfield's 5 ft) reaches the thread. Hexes in
    ``cleared`` have lost their obstacle (a cornfield blown down, 21.43)."""
    heights, step = board.meta["obstacle_heights_feet"], board.meta["contour_interval_feet"]
    crests = {board.ref(h) for h in board.meta["crest_hexes"]}
    ea, eb, n = board.elevation[a], board.elevation[b], board.distance(a, b)

    def blocks(i):
        k = board.distance(a, i)
        line = ea + (eb - ea) * k / n
        top = board.elevation[i] + (step if i in crests else 0)
        if i in crests and ((k == 1 and ea >= top) or (k == n - 1 and eb >= top)):
            top = board.elevation[i]
        if top > line or (top == line and i in crests):
            return True
        obstacle = 0 if i in cleared else heights.get(board.terrain[i], 0)
        return obstacle > 0 and top + obstacle >= line
    return blocks


# -- grid ---------------------------------------------------------------------------------------
def test_grid_is_40_by_34_even_columns_shifted_east_at_the_top(board):
    assert len(board) == 40 * 34 and board.ids[0] == "0101" and board.ids[-1] == "4034"
    assert board.shifted == "even" and board.printed_top == "east"
    assert board.compass == ("E", "SE", "SW", "W", "NW", "NE")


@pytest.mark.parametrize("pair", ["3119/3218", "0712/0811", "3121/3220", "3124/3125", "2207/2208"])
def test_the_hexsides_the_rules_and_errata_name_are_hexsides(board, pair):
    # these pairs are adjacent only when the even columns are the shifted ones
    a, b = pair.split("/")
    assert board.are_adjacent(board.ref(a), board.ref(b))


def test_entry_and_exit_hexes_lie_on_the_map_edges_they_name(board):
    places = board.meta["places"]
    assert places["entry_hexes"] == ["2934", "4032"] and places["exit_hex"] == "0101"
    # 2934: the bottom of the sheet, the west edge on the ground (the Orange road from the west)
    assert board.edges_of(board.ref("2934")) == {"south"}
    # 4032: the right of the sheet, the south edge on the ground (Ewell's route from the south)
    assert board.edges_of(board.ref("4032")) == {"east"}
    # 0101: the top-left corner of the sheet, the north-east corner on the ground (toward Culpeper)
    assert board.edges_of(board.ref("0101")) == {"north", "west"}


def test_confederates_retreat_down_the_sheet_and_the_union_up_it(board):
    # 23.1/23.2: west on the ground is down the sheet (higher rows), east is up it
    i = board.ref("2319")
    west = {board.ids[j] for j in board.neighbours_toward(i, ["W", "NW", "SW"])}
    east = {board.ids[j] for j in board.neighbours_toward(i, ["E", "NE", "SE"])}
    assert west == {"2320", "2219", "2419"} and east == {"2318", "2218", "2418"}
    assert all(board.hexes[board.ref(h)].row >= 19 for h in west)


# -- terrain and places ---------------------------------------------------------------------------
def test_vocabulary(board):
    assert set(board.terrain) <= TERRAINS
    assert set(board.feature_names) <= FEATURES
    assert {"clear", "woods", "cornfield", "field", "buildings", "lake"} <= set(board.terrain)


@pytest.mark.parametrize("hex_id, terrain, label", [
    ("2319", "clear", "Crittenden Gate"),
    ("1921", "woods", "Garnett's woods"),
    ("1323", "clear", "Clearing on the Confederate left"),
    ("3415", "buildings", "Majors' house"),
    ("2920", "buildings", "Crittenden house"),
    ("3119", "lake", "Pond"),
    ("0101", "woods", "To Culpeper C.H. (exit hex, 27.23)"),
])
def test_named_hexes(board, hex_id, terrain, label):
    h = board.hex(hex_id)
    assert (h.terrain, h.label) == (terrain, label)


def test_victory_hexes(board):
    assert board.meta["places"]["victory_hexes"] == ["2319", "1921", "1323", "3415"]   # 27.22


def test_the_gate_joins_the_road_and_the_lane(board):
    around = set().union(*board.features_around[board.ref("2319")])
    assert {"road", "lane"} <= around


def test_the_pond_is_all_lake_hexsides_and_the_south_fork_runs_through_it(board):
    # errata: the only lake hexsides are those around 3119 and 3120 (21.34's example 3119/3218)
    lake = {board.hexside_name(k) for k in board.hexsides_with("lake")}
    around = {board.hexside_name(board.hexside(board.ref(p), j)) for p in ("3119", "3120")
              for j in board.adjacent[board.ref(p)]}
    assert lake == around and "3119/3218" in lake
    # errata: 3121/3220 and 3018/3118 are run hexsides, not lake hexsides
    for a, b in (("3121", "3220"), ("3018", "3118")):
        assert "run" in features(board, a, b) and "lake" not in features(board, a, b)


@pytest.mark.parametrize("a, b, feature", [
    ("3124", "3125", "stream"),    # errata
    ("0712", "0811", "run"),       # errata
    ("3008", "3108", "run"),       # errata "3108/3018 (sic)" read as this and 3018/3118
])
def test_errata_hexsides(board, a, b, feature):
    assert feature in features(board, a, b)


def test_cedar_mountain_is_the_high_ground_in_the_south_east(board):
    on_mountain = [board.elevation[i] for i in range(len(board)) if board.hexes[i].column >= 33]
    elsewhere = [board.elevation[i] for i in range(len(board)) if board.hexes[i].column <= 29]
    assert max(on_mountain) >= 740 and max(elsewhere) <= 520
    # the south-east on the ground is the top right of the sheet: high columns, low rows
    top = max(range(len(board)), key=lambda i: board.elevation[i])
    assert board.hexes[top].column >= 36 and board.hexes[top].row <= 10
    # the shelf of the north-west end where Ewell's guns stood is about 200 ft above the valley
    assert board.elevation[board.ref("3318")] - board.elevation[board.ref("2914")] >= 180


def test_wheatfield_north_of_the_road_cornfield_south(board):
    wheat = board.hexes_with_terrain("field")
    corn = board.hexes_with_terrain("cornfield")
    assert 20 <= len(wheat) <= 45 and 20 <= len(corn) <= 60
    # the old road runs east from the Gate along printed column 23: north of it lower columns
    assert all(board.hexes[i].column < 23 for i in wheat)
    assert all(board.hexes[i].column > 23 for i in corn)


# -- the seed's examples ------------------------------------------------------------------------
def test_cornfield_line_of_sight_example(board):
    # 21.42: 3017 and 2816 see each other, 2716 and 3017 do not; the three lie on one hex line
    r = board.ref
    trace = board.line_trace(r("2716"), r("3017"))
    assert trace.left == trace.right
    assert [board.ids[i] for i in trace.left.hexes] == ["2816", "2917"]
    assert board.terrain[r("3017")] == board.terrain[r("2816")] == "cornfield"
    assert board.terrain[r("2917")] != "cornfield"
    for blocks in (blocks_by_terrain(board), blocks_by_height(board, r("3017"), r("2816"))):
        assert board.line_of_sight(r("3017"), r("2816"), blocks)
    for blocks in (blocks_by_terrain(board), blocks_by_height(board, r("2716"), r("3017"))):
        assert not board.line_of_sight(r("2716"), r("3017"), blocks)
    # it is the corn that blocks: with 2816 blown down (21.43) the two see each other
    assert board.line_of_sight(r("2716"), r("3017"), blocks_by_height(board, r("2716"), r("3017"), {r("2816")}))


def test_overshoot_example(board):
    # 22.0: batteries in 3015 (range 9-15) and 3318 (range 16+) fire at 2207; a scatter roll of 4
    # lands in 2208, the hex below it on the sheet
    r = board.ref
    assert 9 <= board.distance(r("3015"), r("2207")) <= 15
    assert board.distance(r("3318"), r("2207")) >= 16
    assert board.neighbour(r("2207"), "S") == r("2208")
    for battery in ("3015", "3318"):
        a = r(battery)
        assert board.line_of_sight(a, r("2207"), blocks_by_terrain(board))
        assert board.line_of_sight(a, r("2207"), blocks_by_height(board, a, r("2207")))


# -- consistency of a hand-edited file ----------------------------------------------------------
def _components(pairs) -> int:
    """How many connected pieces a set of edges (pairs of nodes) makes."""
    graph = defaultdict(set)
    for a, b in pairs:
        graph[a].add(b)
        graph[b].add(a)
    seen, pieces = set(), 0
    for start in graph:
        if start in seen:
            continue
        pieces += 1
        seen.add(start)
        todo = [start]
        while todo:
            for n in graph[todo.pop()] - seen:
                seen.add(n)
                todo.append(n)
    return pieces


def test_roads_are_continuous_from_orange_to_culpeper(board):
    road = board.hexsides_with("road")
    assert _components(road) == 1
    ends = {board.ids[h] for k in road for h in k if sum(h in k2 for k2 in road) == 1}
    assert ends == {"2934", "0101"}


def test_lane_and_trails_join_the_road(board):
    # one network: the lane from the Gate to the Crittenden house, the trails (Mitchell's Station
    # road, Ewell's route from 4032 to the shelf, the ridge road, the track down to the house)
    network = board.hexsides_with("road") | board.hexsides_with("trail") | board.hexsides_with("lane")
    assert _components(network) == 1
    on_it = {board.ids[h] for k in network for h in k}
    assert {"2319", "2920", "4032", "3419", "3701"} <= on_it


def _corners(board, key):
    a, b = key
    d = board.direction(a, b)
    corners = board.pixel_corners(a, 2.0)
    return tuple((round(x, 6), round(y, 6)) for x, y in (corners[d], corners[(d + 1) % 6]))


def test_runs_and_streams_are_unbroken_lines_of_hexsides(board):
    # drawn along hexsides, a watercourse's hexsides meet corner to corner: the North Fork is one
    # line, the South Fork another (the pond joins its two reaches), and the branch of Cedar Run
    # flows into the South Fork
    corners = lambda feature: [_corners(board, k) for k in board.hexsides_with(feature)]
    assert _components(corners("run") + corners("lake")) == 2
    assert _components(corners("run") + corners("lake") + corners("stream")) == 2
    assert _components(corners("stream")) == 1


def test_crests_lie_exactly_where_the_ground_changes_level(board):
    crest, steep = board.hexsides_with("crest"), board.hexsides_with("steep_crest")
    pond = board.hexes_with_terrain("lake")
    for i in range(len(board)):
        for j in board.adjacent[i]:
            if i > j or i in pond or j in pond:
                continue
            rise = abs(board.elevation[i] - board.elevation[j])
            assert ((i, j) in crest) == (rise >= 20), board.hexside_name((i, j))
            assert ((i, j) in steep) == (rise >= 40), board.hexside_name((i, j))
    assert steep <= crest
    assert board.meta["elevation_unit"] == "feet" and board.meta["contour_interval_feet"] == 20
    assert all(board.elevation[i] % 20 == 0 for i in range(len(board)))


def test_crest_hexes_are_the_lower_hexes_of_the_crest_hexsides(board):
    # 21.32: a crest hex holds two levels; with the errata a unit there stands on the lower one,
    # the hex's own elevation, and the upper level is the higher neighbour's
    lower = {i if board.elevation[i] < board.elevation[j] else j for i, j in board.hexsides_with("crest")}
    assert {board.ref(h) for h in board.meta["crest_hexes"]} == lower


def test_deployment_areas_are_a_centre_and_its_six_neighbours_on_open_dry_ground(board):
    areas = board.meta["deployment_areas"]
    assert sorted(areas) == ["1", "2", "3", "4", "5", "6"]
    taken = set()
    for name, area in areas.items():
        centre = board.ref(area["centre"])
        hexes = {board.ref(h) for h in area["hexes"]}
        assert hexes == {centre, *board.adjacent[centre]} and len(hexes) == 7, name
        assert not hexes & taken, f"area {name} overlaps another"
        taken |= hexes
        assert all(board.terrain[h] not in ("lake", "woods") for h in hexes), name
        # no run or lake cuts through an area
        for h in hexes:
            for k in hexes & set(board.adjacent[h]):
                assert not {"run", "lake"} & board.features(h, k), (name, board.ids[h], board.ids[k])


def test_union_areas_run_from_the_left_near_the_mountain_to_the_right(board):
    # areas 1-5 from the Union left (south on the ground: higher printed columns) to the right
    columns = [board.hex(board.meta["deployment_areas"][n]["centre"]).column for n in "12345"]
    assert columns == sorted(columns, reverse=True)
