"""5.0 movement, 6.0 facing, 7.0 formations, 8.0 stacking, 10.2 zones of control stop a move,
21.31-21.35 terrain (as the system applies them) on the test map."""

from tests.systems.gbacw.helpers import act, game, legal, position, unit

G = game()


def moving(units, uid, **kw):
    """u-1a/u-1b's brigadier rides along (16.4: in command) unless the test places him."""
    units = dict(units)
    units.setdefault("u-b1", units[uid][0] if isinstance(units[uid], tuple) else units[uid])
    units.setdefault("u-b2", units[uid][0] if isinstance(units[uid], tuple) else units[uid])
    s = position(G, units, **kw)
    act(s, "move", uid)
    return s


def test_5_4_terrain_costs_by_formation():
    """Line infantry pays 2 MP for buildings (terrain.toml), 1 for clear; halves are kept."""
    s = moving({"u-1a": ("0605", "NW", "line")}, "u-1a")
    assert s.mv_mp == 12                                    # 6 MP in halves
    act(s, "step", "0505")                                  # NW into buildings
    assert s.mv_mp == 8


def test_21_31_road_rate_for_columns_even_uphill():
    """A column on the road pays half a point a hex, even climbing onto the ridge (0705 -> 0805)."""
    s = moving({"u-1a": ("0705", "SE", "column")}, "u-1a")
    act(s, "step", "0805")
    assert s.mv_mp == 16 - 1


def test_21_32_uphill_dearer_than_downhill_off_the_road():
    s = moving({"u-1a": ("0706", "NE", "line")}, "u-1a")
    act(s, "step", "0805")                                  # NE, level 0 -> 1: 1 + 1 (uphill)
    assert s.mv_mp == 12 - 4
    s = moving({"u-1a": ("0806", "SW", "line")}, "u-1a")
    act(s, "step", "0707")                                  # SW, level 1 -> 0: 1 + 0.5 (downhill)
    assert s.mv_mp == 12 - 3


def test_21_33_steep_crest_paid_at_its_hexside():
    s = moving({"u-1a": ("0708", "NE", "line")}, "u-1a")
    act(s, "step", "0808")                                  # steep hexside 0708/0808 uphill: 1 + 3
    assert s.mv_mp == 12 - 8


def test_21_34_lake_hexside_impassable():
    s = moving({"u-1a": ("1209", "S", "column")}, "u-1a")
    assert not legal(s, "step", "1210")
    assert legal(s, "step", "1109")


def test_21_35_runs_dearer_than_streams():
    s = moving({"u-1a": ("0303", "SE", "line")}, "u-1a")
    act(s, "step", "0403")                                  # stream +1
    assert s.mv_mp == 12 - 4
    s = moving({"u-1a": ("0306", "SE", "line")}, "u-1a")
    act(s, "step", "0406")                                  # run +2
    assert s.mv_mp == 12 - 6


def test_6_3_line_enters_only_its_frontal_hexes_and_keeps_its_facing():
    s = moving({"u-1a": ("0605", "SE", "line")}, "u-1a")
    fronts = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}
    assert fronts == {"0705", "0706", "0606"}               # NE, SE, S of 0605 (even column)
    act(s, "step", "0706")
    assert s.facing[unit(s, "u-1a")] == 2


def test_6_3_a_column_enters_any_hex_and_faces_the_way_it_went():
    s = moving({"u-1a": ("0605", "SE", "column")}, "u-1a")
    steps = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}
    assert steps == {"0604", "0705", "0706", "0606", "0505", "0506"}
    act(s, "step", "0604")
    assert s.facing[unit(s, "u-1a")] == 0                   # N


def test_6_2_facing_costs_a_point_a_vertex_in_line_one_in_march_formation():
    s = moving({"u-1a": ("0605", "N", "line")}, "u-1a")
    act(s, "face", "S")                                     # three vertices
    assert s.mv_mp == 12 - 6
    s = moving({"u-1a": ("0605", "N", "column")}, "u-1a")
    act(s, "face", "S")
    assert s.mv_mp == 16 - 2


def test_7_4_formation_change_once_within_the_larger_allowance():
    s = moving({"u-1a": ("0605", "SE", "line")}, "u-1a")
    act(s, "step", "0706")                                  # 1 MP spent of 6
    act(s, "change_formation")                              # column: 8 - 1 - 2 = 5 MP left
    assert s.form_name(unit(s, "u-1a")) == "column" and s.mv_mp == 10
    assert not legal(s, "change_formation")                 # once a phase


def test_7_4_a_battery_limbers_and_moves_or_moves_and_unlimbers():
    s = moving({"u-bat": ("0505", "SE", "unlimbered")}, "u-bat")
    assert not any(a.kind == "step" for a in s.legal_actions())     # unlimbered guns only turn
    act(s, "change_formation")
    assert s.form_name(unit(s, "u-bat")) == "limbered" and s.mv_mp == 14      # 10 - 3
    s = moving({"u-bat": ("0505", "SE", "limbered")}, "u-bat")
    for h in ("0605", "0705", "0805", "0905", "1005", "1105", "1205", "1305"):
        act(s, "step", h)                                   # the road: 0.5 MP a hex
    assert s.mv_mp == 20 - 8
    act(s, "face", "N")                                     # 1 MP: 5 spent
    act(s, "face", "S")
    act(s, "face", "SE")                                    # 7 spent
    act(s, "change_formation")                              # 10 - 7 - 3 = 0: just allowed
    assert s.form_name(unit(s, "u-bat")) == "unlimbered" and s.mv_mp == 0


def test_8_1_a_full_hex_may_be_passed_through_but_not_ended_in():
    """Woods (0401) hold 12 points; with 8 there, a 5-point column may enter on its way (it can
    go on) but may not stop."""
    units = {"u-2a": ("0302", "NE", "column"), "u-1a": ("0401", "N", "line"), "u-1b": ("0401", "N", "line")}
    s = moving(units, "u-2a", strength={"u-1b": 3})
    assert s.stack_points(G.board.index["0401"], 0) == 7
    s2 = moving(units, "u-2a")
    s2.sp[unit(s2, "u-1b")] = 3
    assert s2.stack_ok(G.board.index["0401"], 0, (unit(s2, "u-2a"),))      # 7 + 5 = 12
    s3 = position(G, dict(units, **{"u-b2": "0302", "u-b1": "0401"}))
    s3.sp[unit(s3, "u-2a")] = 6                     # not a printed value: a 6-point column for the test
    act(s3, "move", "u-2a")
    assert legal(s3, "step", "0401")
    act(s3, "step", "0401")
    assert not legal(s3, "stop") and s3.mv_mp > 0


def test_8_1_stacking_limit_by_hex_type():
    s = position(G, {"u-1a": ("0401", "N", "line"), "u-1b": ("0401", "N", "line")}, strength={"u-1a": 4, "u-1b": 3})
    woods = G.board.index["0401"]
    assert G.board.terrain[woods] == "woods" and s.facts.stacking[woods] == 12
    u2a = unit(s, "u-2a")
    assert s.stack_points(woods, 0) == 7 and s.stack_ok(woods, 0, (u2a,))       # 7 + 5 = 12 fits
    s.sp[u2a] = 6
    assert not s.stack_ok(woods, 0, (u2a,))


def test_10_2_entering_an_enemy_zone_of_control_ends_the_move():
    s = moving({"u-1a": ("0604", "SE", "column"), "c-1a": ("0805", "NW", "line")}, "u-1a")
    act(s, "step", "0705")                                  # 0705 is NW of 0806: in its front
    assert s.mv_unit == -1 and s.stack[-1][0] == "movement"


def test_5_2_routed_unit_moves_one_hex_never_into_an_enemy_zone():
    s = moving({"u-1a": ("0604", "SE", "line"), "c-1a": ("0805", "NW", "line")}, "u-1a",
               flags={"u-1a": ["routed"]})
    steps = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}
    assert "0705" not in steps and steps                    # 0705 is in the enemy's zone
    act(s, "step", sorted(steps)[0])
    assert s.mv_unit == -1                                  # one hex, then the move ends


def test_5_2_out_of_command_regiment_moves_one_hex():
    """u-1a is 4 hexes from its brigadier (radius 2): out of command."""
    s = moving({"u-1a": ("0901", "S", "column"), "u-b1": "0505"}, "u-1a")
    act(s, "step", "0902")
    assert s.mv_unit == -1
    s = moving({"u-1a": ("0901", "S", "column"), "u-b1": "0802"}, "u-1a")
    act(s, "step", "0902")
    assert s.mv_unit == unit(s, "u-1a")                     # in command: it goes on


def test_16_4_command_is_judged_as_the_regiment_begins_to_move():
    """In command at the start (its brigadier, radius 2, in its hex), u-1a marches on beyond his
    radius: 16.4 asks as it begins to move; it is not stopped when it leaves the radius."""
    s = moving({"u-1a": ("0901", "S", "column"), "u-b1": "0901"}, "u-1a")
    for h in ("0902", "0903", "0904"):
        act(s, "step", h)
    assert G.board.distance(G.board.index["0904"], G.board.index["0901"]) == 3
    assert s.mv_unit == unit(s, "u-1a") and legal(s, "step", "0905")


def test_pinned_and_engaged_units_do_not_move():
    s = position(G, {"u-1a": ("0604", "SE", "line"), "u-1b": ("0605", "SE", "line"), "u-b1": "0604"},
                 flags={"u-1a": ["pinned"], "u-1b": ["engaged"]})
    assert not legal(s, "move", "u-1a") and not legal(s, "move", "u-1b")
