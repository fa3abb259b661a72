"""23.0 Retreat and rout movement: Confederates retreat only north-west, west or south-west, the
Union only north-east, east or south-east (on the ground: down and up the sheet); a unit whose only
free hex lies the wrong way is captured; a retreat may and must pass through an enemy zone when
that is the only way; off the map is no way out (26.42)."""

from cwbattles.systems.gbacw.retreat import retreat_hexes
from tests.games.cedar_mountain.helpers import game, hexof, position, unit

G = game()
B = G.board
I = B.index


def ground(h, names):
    return {B.ids[n] for n in B.neighbours_toward(I[h], names)}


def test_23_1_confederates_retreat_west():
    s = position(G, {"cs-21va": ("1606", "E", "line")})
    assert set(B.ids[h] for h in retreat_hexes(s, unit(s, "cs-21va"), "melee")) == ground("1606", ["W", "NW", "SW"])
    assert ground("1606", ["W", "NW", "SW"]) == {"1607", "1507", "1707"}


def test_23_2_union_retreats_east():
    s = position(G, {"us-5ct": ("1606", "W", "line")})
    assert set(B.ids[h] for h in retreat_hexes(s, unit(s, "us-5ct"), "melee")) == {"1605", "1506", "1706"}


def test_23_1_captured_when_the_only_free_hex_lies_the_wrong_way():
    """The Virginians (2 points) in 1606 lose a melee to the 5th Connecticut (5 points and a
    leader: 6 to 2, 3-1; die 4: D1r) and must retreat; 1607, 1507 and 1707 are held by the Union:
    east is open but forbidden, so what is left of them is captured."""
    units = {"cs-21va": ("1606", "E", "line"), "us-5ct": ("1605", "W", "line"), "us-10me": ("1607", "E", "line"),
             "us-28ny": ("1507", "E", "line"), "us-46pa": ("1707", "E", "line"), "crawford": "1605"}
    s = position(G, units, phase="melee", melees=[("1606", ["us-5ct"])], dice=[4])
    assert hexof(s, "cs-21va") == "captured" and s.capt[unit(s, "cs-21va")] >= 1
    assert any(e.rule == "12.82" for e in s.log)


def test_23_1_through_an_enemy_zone_when_that_is_the_only_way_drawing_retreat_fire():
    """1507 and 1707 are held; the only way is 1607, in the zone of the Union regiment in 1608
    facing east (printed north): the retreat goes there and draws its fire (10.4)."""
    units = {"cs-21va": ("1606", "E", "line"), "us-5ct": ("1605", "W", "line"), "crawford": "1605",
             "us-28ny": ("1507", "E", "line"), "us-46pa": ("1707", "E", "line"), "us-10me": ("1608", "E", "line")}
    s = position(G, units)
    u = unit(s, "cs-21va")
    assert I["1607"] in s.zoc(0)
    assert [B.ids[h] for h in retreat_hexes(s, u, "melee")] == ["1607"]
    assert [B.ids[h] for h in retreat_hexes(s, u, "rbm")] == []              # 12.92


def test_26_42_off_the_map_is_no_way_out():
    """2934 is on the west edge: a Confederate there has no hex to its west."""
    s = position(G, {"cs-21va": ("2934", "E", "line"), "us-5ct": ("2933", "W", "line")})
    assert retreat_hexes(s, unit(s, "cs-21va"), "melee") == [] or \
        all(B.ids[h] in ground("2934", ["W", "NW", "SW"]) for h in retreat_hexes(s, unit(s, "cs-21va"), "melee"))
    assert ground("2934", ["W"]) == set()
