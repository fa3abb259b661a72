"""The real two-section map in play: a zone of control, a move and a line of sight across the seam
between the F and H sheets, and the Rappahannock stopping a zone of control except at a
crossing. Positions are built with the rule tests' helper on the game's own map."""

import pytest

import cwbattles
from cwbattles.systems.blue_and_gray.state import CONFEDERATE, UNION

from .helpers import act, hexof, legal, position


@pytest.fixture(scope="module")
def g():
    return cwbattles.load("chancellorsville")


def test_a_zone_of_control_reaches_across_the_seam(g):
    b = g.board
    s = position(g, {"cs-a-mahone": "H2301", "us-vi-1": "F1226"})
    assert b.ref("F1328") in s.zoc(CONFEDERATE)              # F1328 is H2301's neighbour on the other sheet
    assert b.ref("F1327") not in s.zoc(CONFEDERATE)


def test_a_unit_steps_from_one_sheet_onto_the_other(g):
    s = position(g, {"us-vi-1": "F1328", "cs-a-mahone": "H1216"})
    act(s, "move", "us-vi-1")
    assert legal(s, "step", "H2301")                           # across the seam, by the Plank Road
    act(s, "step", "H2301")
    assert hexof(s, "us-vi-1") == "H2301"


def test_line_of_sight_across_the_seam(g):
    b = g.board
    s = position(g, {"us-vi-1": "F1328"})
    sees = s.facts.blocks_los.__getitem__
    r = b.ref
    # F0128 sees H0801 over the clearing at H0901, on the other sheet
    assert [b.ids[h] for h in b.line_trace(r("F0128"), r("H0801")).left.hexes] == ["H0901"]
    assert b.terrain[r("H0901")] == "clear" and b.line_of_sight(r("F0128"), r("H0801"), sees)
    # F1328 does not see H2303: the woods of H2301 and H2302 stand between, on both sides of the line
    trace = b.line_trace(r("F1328"), r("H2303"))
    assert [b.ids[h] for h in trace.left.hexes] == [b.ids[h] for h in trace.right.hexes] == ["H2301", "H2302"]
    assert {b.terrain[r("H2301")], b.terrain[r("H2302")]} == {"woods"}
    assert not b.line_of_sight(r("F1328"), r("H2303"), sees)


def test_the_river_stops_a_zone_of_control_except_at_a_crossing(g):
    b = g.board
    (ford,) = b.named_hexsides["United States Ford"]
    south, north = sorted(ford, key=lambda h: h in b.regions["north of the Rappahannock"])
    s = position(g, {"us-v-1": b.ids[north]})
    assert south in s.zoc(UNION)                               # across the ford
    river = [n for n in b.adjacent[north] if "river" in b.features(north, n) and n != south]
    assert river and not set(river) & s.zoc(UNION)             # not across the bare river
