"""Boards of several printed map sections (Chancellorsville's F and H sheets): each keeps its own
numbering, the join is data (each section's offset on one grid), and neighbours, distances, line of
sight, named roads and rivers and regions work across the seam."""

import copy

import pytest

from cwbattles.engine.errors import DataError
from cwbattles.engine.hexmapfile import hex_board_from_toml

from .test_hexboard import bfs


def rows(n_cols, n_rows, woods=()):
    return [f"{r:02d} " + " ".join("w" if (c, r) in woods else "." for c in range(1, n_cols + 1))
            for r in range(1, n_rows + 1)]


def stacked() -> dict:
    """F (6 x 4) on top; H (6 x 4) below it and two columns to the left, as the sheets lie when the
    printed top faces east: H column c meets F column c - 2. A river runs between F columns 01
    and 02 and on between F0104 and H0301, bridged at F0102/F0202; H0403 is woods."""
    return {
        "meta": {"name": "stacked", "shifted_columns": "even", "printed_top": "east"},
        "legend": {".": "clear", "w": "woods"},
        "hexside_features": {"road": "road", "river": "river", "bridge": "bridge", "stream": "stream"},
        "section": [
            {"prefix": "F", "title": "Fredericksburg", "columns": 6, "rows": 4, "column_offset": 2,
             "shifted_columns": "even", "terrain": rows(6, 4)},
            {"prefix": "H", "title": "Hooker and Lee", "columns": 6, "rows": 4, "row_offset": 4,
             "shifted_columns": "even", "terrain": rows(6, 4, woods={(4, 3)})},
        ],
        "path": [{"name": "Plank Road", "features": ["road"], "hexes": ["F0302-F0303-F0304-H0501-H0502"]}],
        "hexside": [
            {"name": "Rappahannock", "features": ["river"],
             "sides": ["F0101/F0201", "F0102/F0202", "F0102/F0201", "F0103/F0203", "F0103/F0202",
                       "F0104/F0204", "F0104/F0203", "F0104/H0301"]},
            {"name": "Ford", "features": ["bridge"], "sides": ["F0102/F0202"]},
        ],
        "region": [{"name": "north of the river", "flood_from": ["F0101"], "bounded_by": ["river"]},
                   {"name": "VP hexes", "hexes": ["F0304", "H0502"]}],
    }


@pytest.fixture(scope="module")
def board():
    return hex_board_from_toml(stacked(), "stacked.toml")


def test_each_section_keeps_its_printed_numbering(board):
    assert len(board) == 48
    assert [s.prefix for s in board.sections] == ["F", "H"]
    assert [s.title for s in board.sections] == ["Fredericksburg", "Hooker and Lee"]
    h = board.hex("H0403")
    assert (h.section, h.column, h.row, h.terrain) == ("H", 4, 3, "woods")
    assert board.section_of[board.ref("F0101")] == 0 and board.section_of[board.ref("H0101")] == 1
    assert len(board.section_hexes[0]) == len(board.section_hexes[1]) == 24


def test_the_seam_joins_the_last_row_of_one_sheet_to_the_first_row_of_the_other(board):
    f = board.ref("F0304")            # grid column 5, row 4: H0501 (grid column 5, row 5) is its south neighbour
    assert board.ids[board.neighbours[f][3]] == "H0501"
    assert {board.ids[n] for n in board.adjacent[f]} == {"F0303", "F0403", "F0404", "H0501", "F0204", "F0203"}
    assert board.are_adjacent(board.ref("H0501"), f)
    # F0504 (grid column 7) meets H0701? H has 6 columns: the sheet ends there, so F0604 keeps no south neighbour
    assert board.neighbours[board.ref("F0604")][3] is None
    # H0101 and H0201 face no F hex (F starts at grid column 3)
    assert board.neighbours[board.ref("H0101")][0] is None


def test_distances_across_the_seam_are_the_steps_between_neighbours(board):
    for start in ("F0101", "F0604", "H0104", "H0601"):
        a = board.ref(start)
        steps = bfs(board, a)                     # fewest steps over the joined grid
        # crow-flies never exceeds walking; on this (convex enough) board they agree wherever
        # the straight line stays on the map
        assert all(board.distance(a, b) <= d for b, d in steps.items())
    assert board.distance(board.ref("F0304"), board.ref("H0501")) == 1
    assert board.distance(board.ref("F0301"), board.ref("H0504")) == 7
    assert board.distances_from(board.ref("F0301"))[board.ref("H0504")] == 7
    assert board.ref("H0501") in board.within(board.ref("F0304"), 1)


def test_line_of_sight_crosses_the_seam_and_woods_beyond_it_block(board):
    woods = lambda h: board.terrain[h] == "woods"        # noqa: E731
    a, b = board.ref("F0204"), board.ref("H0402")
    assert board.line_of_sight(a, b, woods)
    # F0404 to H0404 passes H0403 (woods) on the way down the column
    c, d = board.ref("F0204"), board.ref("H0404")
    assert board.ref("H0403") in board.line_trace(c, d).left.hexes
    assert not board.line_of_sight(c, d, woods)


def test_named_roads_and_rivers(board):
    (road,) = board.named_paths["Plank Road"]
    assert [board.ids[h] for h in road] == ["F0302", "F0303", "F0304", "H0501", "H0502"]
    assert board.has_feature(board.ref("F0304"), board.ref("H0501"), "road")
    river = board.named_hexsides["Rappahannock"]
    assert len(river) == 8 and board.hexside(board.ref("F0102"), board.ref("F0202")) in river
    assert board.named_hexsides["Ford"] == {board.hexside(board.ref("F0102"), board.ref("F0202"))}


def test_regions_listed_and_flood_filled_up_to_a_hexside_feature(board):
    assert {board.ids[h] for h in board.regions["north of the river"]} == {"F0101", "F0102", "F0103", "F0104"}
    assert {board.ids[h] for h in board.regions["VP hexes"]} == {"F0304", "H0502"}


def test_an_odd_offset_flips_a_sheets_parity_and_the_file_must_say_so():
    doc = stacked()
    doc["section"][0]["column_offset"] = 3          # F's even columns now sit on odd grid columns
    with pytest.raises(DataError) as err:
        hex_board_from_toml(doc, "stacked.toml")
    assert err.value.key == "section[0].shifted_columns" and "odd columns sit lower" in err.value.problem
    doc["section"][0]["shifted_columns"] = "odd"
    doc["path"][0]["hexes"] = ["F0302-F0303"]
    del doc["hexside"], doc["region"]
    board = hex_board_from_toml(doc, "stacked.toml")
    assert board.hex("F0101").section == "F"


def test_single_section_maps_have_one_section_and_no_regions():
    doc = {"meta": {"name": "one", "shifted_columns": "even", "columns": 2, "rows": 2},
           "legend": {".": "clear"}, "terrain": {"rows": ["01 . .", "02 . ."]}}
    board = hex_board_from_toml(doc, "one.toml")
    assert board.section_of == [0, 0, 0, 0] and board.regions == {} and board.named_paths == {}


@pytest.mark.parametrize("mutate, key, problem", [
    (lambda d: d["region"][0].__setitem__("bounded_by", ["wall"]), "region[0].bounded_by", "unknown hexside feature 'wall'"),
    (lambda d: d["region"][0].__setitem__("hexes", ["F0101"]), "region[0]", "either hexes"),
    (lambda d: d["region"][1].__setitem__("hexes", ["F0909"]), "region[1].hexes[0]", "hex F0909 is not on the map"),
    (lambda d: d["region"][1].__setitem__("name", "north of the river"), "region[1].name", "duplicate region"),
    (lambda d: d["region"][0].__setitem__("seed", ["F0101"]), "region[0].seed", "unknown key"),
    (lambda d: d["region"][0].__setitem__("flood_from", []), "region[0].flood_from", "at least one hex"),
    (lambda d: d["hexside"][1].__setitem__("name", "Rappahannock"), "hexside[1].name", "already the name"),
    (lambda d: d["path"][0].__setitem__("name", " "), "path[0].name", "empty name"),
    (lambda d: d["section"][1].__setitem__("title", 3), "section[1].title", "expected str"),
    (lambda d: d["section"][1].__setitem__("shifted_columns", "left"), "section[1].shifted_columns", "must be one of"),
])
def test_malformed_sections_regions_and_names_are_errors_naming_the_key(mutate, key, problem):
    doc = copy.deepcopy(stacked())
    mutate(doc)
    with pytest.raises(DataError) as err:
        hex_board_from_toml(doc, "stacked.toml")
    assert err.value.key == key, err.value
    assert problem in err.value.problem, err.value
