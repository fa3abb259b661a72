"""Chancellorsville's two-section map (data/map.toml) loaded through the engine: the hexes the rules
name, the rivers and their crossings, the join of the F and H sheets, the region north of the
Rappahannock, and clear errors for a malformed file."""

import copy
import tomllib
from collections import deque
from pathlib import Path

import pytest

import cwbattles
from cwbattles.engine.errors import DataError
from cwbattles.engine.hexmapfile import hex_board_from_file, hex_board_from_toml

MAP = Path(cwbattles.__file__).parent / "games" / "chancellorsville" / "data" / "map.toml"
CROSSINGS = ("ford", "bridge", "pontoon", "ferry")
NORTH = "north of the Rappahannock"


@pytest.fixture(scope="module")
def board():
    return hex_board_from_file(MAP)


def on_road(board, hex_id, road):
    h = board.ref(hex_id)
    return any(h in path for path in board.named_paths[road])


def walk(board, start, may_cross=lambda a, b: True) -> dict:
    """Fewest steps from start to every hex reachable through hexsides that may be crossed."""
    steps, todo = {start: 0}, deque([start])
    while todo:
        h = todo.popleft()
        for n in board.adjacent[h]:
            if n not in steps and may_cross(h, n):
                steps[n] = steps[h] + 1
                todo.append(n)
    return steps


def place(board, label):
    return next(h for h, text in board.labels.items() if text == label)


def test_two_sheets_of_700_hexes_printed_with_east_at_the_top(board):
    assert [(s.prefix, s.title, s.columns, s.rows) for s in board.sections] == [
        ("F", "Fredericksburg", 25, 28), ("H", "Hooker and Lee", 25, 28)]
    assert len(board) == 1400 and board.printed_top == "east"
    # printed column 01 is the north edge on the ground, row 01 the east edge
    assert board.compass == ("E", "SE", "SW", "W", "NW", "NE")


@pytest.mark.parametrize("hex_id, label, road", [
    ("F2501", "exit to Richmond (23.31)", "Bowling Green road (Old Stage Road)"),
    ("F2401", "Bowling Green road", "Bowling Green road (Old Stage Road)"),
    ("F1326", "Salem Church", "Orange Plank Road (east of Chancellorsville)"),
    ("F0825", "Banks' Ford roads", "River Road"),
    ("F2027", "Mine Road", "Mine Road"),
    ("H1928", "Orange Plank Road (west)", "Orange Plank Road"),
    ("H0328", "Ely's Ford road", "Ely's Ford road"),
    ("H1616", "Chancellorsville", "Orange Turnpike"),
    ("H1523", "Dowdall's Tavern", "Orange Turnpike"),
    ("F0810", "Fredericksburg", "Telegraph Road"),
])
def test_the_hexes_the_rules_name_and_the_main_places(board, hex_id, label, road):
    h = board.ref(hex_id)
    assert board.labels[h] == label
    assert on_road(board, hex_id, road)


def test_rule_hexes_listed_in_meta_and_the_exit_on_the_south_east_corner(board):
    places = board.meta["places"]
    assert places["exit_hex"] == "F2501"
    assert places["rule_hexes"] == ["F2401", "F1326", "F0825", "F2027", "H1928", "H0328"]
    exit_hex = board.ref("F2501")
    # the printed top (north) and right (east) edges are the ground's east and south
    assert board.edges_of(exit_hex) == {"north", "east"}
    assert board.are_adjacent(exit_hex, board.ref("F2401"))
    # H1928 and H0328 lie on the west edge on the ground: the bottom of the sheet
    assert "south" in board.edges_of(board.ref("H1928")) and "south" in board.edges_of(board.ref("H0328"))


def test_places_and_terrain(board):
    where = {text: board.ids[h] for h, text in board.labels.items()}
    for name in ("Hazel Grove", "Fairview", "Catharine Furnace", "Zoan Church", "Marye's Heights", "Falmouth",
                 "Banks' Ford", "Scott's Ford", "Wilderness Church", "Tabernacle Church"):
        assert name in where, name
    assert board.terrain[board.ref(where["Fredericksburg"])] == "town"
    assert board.terrain[board.ref(where["Falmouth"])] == "town"
    assert board.terrain[board.ref(where["Marye's Heights"])] == "hill"
    for name in ("Chancellorsville", "Hazel Grove", "Fairview"):          # clearings in the Wilderness
        assert board.terrain[board.ref(where[name])] == "clear", name
    wilderness = [h for h in board.section_hexes[1] if board.hexes[h].row >= 10]
    wooded = sum(board.terrain[h] in ("woods", "woods_rough") for h in wilderness)
    assert wooded / len(wilderness) > 0.7
    assert len(board.hexes_with_terrain("town")) >= 6


def test_named_rivers_streams_and_crossings(board):
    for name in ("Rappahannock River", "Rapidan River", "Hazel Run", "Deep Run"):
        assert board.named_hexsides[name], name
    crossings = {"United States Ford": {"ford", "pontoon"}, "Ely's Ford": {"ford"}, "Banks' Ford": {"ford", "pontoon"},
                 "Scott's Ford": {"ford", "pontoon"}, "Franklin's Crossing": {"pontoon"},
                 "Upper crossing (Lacy house): rope ferry and pontoon bridge": {"ferry", "pontoon"}}
    for name, features in crossings.items():
        (side,) = board.named_hexsides[name]
        assert features <= board.hexside_features[side], name
        assert "river" in board.hexside_features[side], name
    (us_ford,) = board.named_hexsides["United States Ford"]
    assert board.hexside_name(us_ford) == "H0112/H0211"


def test_every_crossing_feature_lies_on_water_and_roads_cross_water_only_there(board):
    """A ford or bridge spans the river or a stream; a road meets water only at a crossing (issue
    25: bare stream crossings stopped every gun on the United States Ford and Furnace roads)."""
    for name in CROSSINGS:
        for side in board.hexsides_with(name):
            assert {"river", "stream"} & board.hexside_features[side], board.hexside_name(side)
    for side in board.hexsides_with("road"):
        feats = board.hexside_features[side]
        if {"river", "stream"} & feats:
            assert any(f in feats for f in CROSSINGS), board.hexside_name(side)


def test_the_river_can_be_crossed_only_at_its_crossings(board):
    north = board.regions[NORTH]
    south_of_it = set(range(len(board))) - north
    for a in north:
        for b in board.adjacent[a]:
            if b in south_of_it:
                assert "river" in board.features(a, b), (board.ids[a], board.ids[b])

    def no_river(a, b):
        return "river" not in board.features(a, b)

    def at_crossings(a, b):
        feats = board.features(a, b)
        return "river" not in feats or any(f in feats for f in CROSSINGS)

    start = board.ref("F2501")
    assert not walk(board, start, no_river).keys() & north
    assert walk(board, start, at_crossings).keys() & north

    def loc_crossings(a, b):       # 23.61: a bridge, river ferry or pontoon hex (not a ford)
        feats = board.features(a, b)
        return "river" not in feats or any(f in feats for f in ("bridge", "ferry", "pontoon"))
    assert place(board, "Chatham") in walk(board, start, loc_crossings)      # across the river


def test_north_of_the_rappahannock(board):
    region = board.regions[NORTH]
    assert {place(board, "Falmouth"), place(board, "Chatham"), place(board, "Stafford Heights")} <= region
    north = {board.ids[h] for h in region}
    assert {"F0101", "H0110"} <= north                                      # H0110: US Ford's north bank
    assert not {"F0810", "F1326", "H1616", "H0211", "F2501"} & north
    assert "H0128" not in north          # north of the Rapidan but south of the Rappahannock: the fork
    assert "river" in board.features(board.ref("H0113"), board.ref("H0114"))


def test_neighbours_and_distances_across_the_join(board):
    r = board.ref
    # H column c meets F column c - 10: F1328's south neighbour on the sheet is H2301
    assert board.ids[board.neighbours[r("F1328")][3]] == "H2301"
    assert board.are_adjacent(r("F1528"), r("H2501"))
    assert board.neighbours[r("F1628")][3] is None and board.neighbours[r("H1001")][0] is None
    # the Plank Road runs on across the seam
    (plank,) = board.named_paths["Orange Plank Road (east of Chancellorsville)"]
    ids = [board.ids[h] for h in plank]
    assert ids[ids.index("H2301") + 1] == "F1328"
    # Salem Church to Chancellorsville: 22 hexes (about 9 km; 6.25 miles by the road, CdP)
    assert board.distance(r("F1326"), r("H1616")) == 22
    assert board.distances_from(r("H1616"))[r("F1326")] == 22

    assert walk(board, r("F1326"))[r("H1616")] == 22           # as many steps as the crow flies


def test_roads_are_continuous_across_the_sheets_and_the_railroad_runs_to_hamiltons_crossing(board):
    (rail,) = board.named_paths["Richmond, Fredericksburg and Potomac Railroad"]
    assert board.ids[rail[-1]].startswith("F25")             # leaves by the south edge toward Hamilton's Crossing
    (burned,) = board.named_hexsides["Railroad bridge (burned)"]
    assert "river" in board.hexside_features[burned] and not set(CROSSINGS) & board.hexside_features[burned]
    (mine,) = board.named_paths["Mine Road"]
    assert board.hexes[mine[0]].section == "F" and board.hexes[mine[-1]].section == "H"


def load_doc():
    with open(MAP, "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("mutate, key, problem", [
    (lambda d: d["section"][1]["terrain"].__setitem__(3, "04 . . ."), "section[1].terrain[3]", "expected 25 codes"),
    (lambda d: d["path"][0].__setitem__("hexes", ["H1616-F1326"]), "path[0].hexes[0]", "not adjacent"),
    (lambda d: d["hexside"][0]["sides"].__setitem__(0, "F0101/F2601"), "hexside[0].sides[0]", "not on the map"),
    (lambda d: d["region"][0].__setitem__("bounded_by", ["rivers"]), "region[0].bounded_by", "unknown hexside feature"),
    (lambda d: d["section"][1].__setitem__("column_offset", 1), "section[1].shifted_columns", "odd columns sit lower"),
    (lambda d: d["section"][1].__setitem__("row_offset", 27), "section[1]", "same place of the map"),
])
def test_a_malformed_map_file_names_the_key(mutate, key, problem):
    doc = copy.deepcopy(load_doc())
    mutate(doc)
    with pytest.raises(DataError) as err:
        hex_board_from_toml(doc, "map.toml")
    assert err.value.key == key, err.value
    assert problem in err.value.problem, err.value
