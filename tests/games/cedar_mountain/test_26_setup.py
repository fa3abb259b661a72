"""26.0 How to start: the Union sets up unit by unit in its printed Deployment Areas (26.2), or
chooses the areas first (26.3), or takes the order of battle's default hexes (option); Game-Turn 1
has no Union Player-Turn (26.1); the Confederates enter in column, the n-th unit paying n Movement
Points, in march formation and free of leadership limits on their first Game-Turn (26.4, 26.43,
26.46), delayed a Game-Turn when the Union holds their entry hex (26.44)."""

from cwbattles.games.cedar_mountain.setup import deploy_order
from tests.games.cedar_mountain.helpers import act, game, hexof, legal, position, unit

G = game(union_setup="choose")            # set up by hand (the default is the historical set-up)
I = G.board.index


def test_26_2_each_unit_in_its_area_then_facing_and_formation():
    s = G.new_game(1)
    first = deploy_order(G)[0]
    assert G.units[first].id == "us-5ct" and s.stack[-1] == ("deploy_unit", 0, first)
    area = {G.board.ids[h] for h in G.deployment_areas["4"]}
    assert {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "place"} == area      # Crawford's area 4
    act(s, "place", "2009")
    assert s.stack[-1][0] == "deploy_facing" and len(s.legal_actions()) == 6
    act(s, "set_facing", "W")
    assert s.stack[-1][0] == "deploy_form"
    act(s, "set_formation", "march")
    u = unit(s, "us-5ct")
    assert hexof(s, "us-5ct") == "2009" and G.board.compass[s.facing[u]] == "W" and s.form_name(u) == "column"


def test_26_2_within_the_stacking_limits():
    s = G.new_game(1)
    for _ in range(3):                                      # 5 + 5 + 3 = 13 points in 2009
        act(s, "place", "2009")
        act(s, "set_facing", "W")
        act(s, "set_formation", "fighting")
    assert s.stack_points(I["2009"], 0) == 13
    assert legal(s, "place", "2009")                        # 13 + 5 = 18 <= 20 (clear)
    act(s, "place", "2009")
    act(s, "set_facing", "W")
    act(s, "set_formation", "fighting")
    assert s.stack_points(I["2009"], 0) == 18


def test_26_2_leaders_with_their_commands_banks_with_any_unit():
    g = game(union_setup="printed")
    s = g.new_game(1)
    hexes = {G.board.ids[s.hex[u]] for u in G.oob.brigades[G.oob.brigade_index["crawford"]].units}
    s2 = G.new_game(1)
    for u in deploy_order(G):                               # place everyone as printed, then look at a leader
        unit_ = G.units[u]
        if unit_.type == "leader":
            break
        act(s2, "place", G.board.ids[unit_.setup])
        act(s2, "set_facing", "W")
        act(s2, "set_formation", "fighting")
    assert s2.stack[-1][0] == "deploy_unit" and G.units[s2.stack[-1][2]].id == "crawford"
    assert {G.board.ids[a.a] for a in s2.legal_actions()} == hexes


def test_26_3_free_deployment_one_brigade_and_one_battery_to_an_area():
    g = game(union_setup="free")
    s = g.new_game(1)
    assert s.stack[-1][0] == "assign_area"
    assert {g.board.ids[a.a] for a in s.legal_actions()} == {g.board.ids[g.deployment_areas[a][0]] for a in "12345"}
    act(s, "place", g.board.ids[g.deployment_areas["1"][0]])
    assert g.board.ids[g.deployment_areas["1"][0]] not in {g.board.ids[a.a] for a in s.legal_actions()}
    mecav = unit(s, "us-1mecav")
    assert s.area_of[mecav] == "1"                          # the 1st Maine Cavalry in area 1 regardless


def test_26_1_game_turn_1_has_no_union_player_turn():
    g = game(union_setup="printed")
    s = g.new_game(1)
    assert s.turn == 1 and s.to_act == "confederate" and s.stack[-1][0] == "movement"
    assert any(e.rule == "26.1" for e in s.log)


def test_26_4_the_column_pays_one_two_three_and_arrives_in_march_formation():
    g = game(union_setup="printed")
    s = g.new_game(1)
    act(s, "enter", "cs-13va")
    u = unit(s, "cs-13va")
    assert hexof(s, "cs-13va") == "2934" and s.form_name(u) == "column"
    assert s.mv_mp == 16 - 2                                # the first pays one point
    act(s, "stop") if legal(s, "stop") else None
    act(s, "enter", "cs-25va")
    assert s.mv_mp == 16 - 4                                # the second two
    assert s.flags[u] & 2048                                # 26.43: entered this Game-Turn


def test_26_43_entering_units_are_free_of_leadership_limits():
    from cwbattles.systems.gbacw.command import in_command
    g = game(union_setup="printed")
    s = g.new_game(1)
    act(s, "enter", "cs-13va")
    assert in_command(s, unit(s, "cs-13va"))                # Early is not on the map yet


def test_26_44_an_entry_hex_held_by_the_union_delays_the_column():
    units = {"us-5ct": ("2934", "W", "line")}
    s = position(G, units, turn=1, side="confederate", stack=[["turn_end", -1], ["player_turn", 1]])
    due = [u for u in G.reinforcements[1] if G.units[u].entry_turn == 1 and G.units[u].entry_hex == I["2934"]]
    assert all(s.due[u] == 2 and s.delayed[u] for u in due)
    assert not any(a.kind == "enter" and a.a in due for a in s.legal_actions())
    assert any(e.rule == "26.44" for e in s.log)


def test_26_44_then_the_nearest_free_hex_of_the_edge_the_confederate_player_choosing():
    due = [G.units[u].id for u in G.reinforcements[1] if G.units[u].entry_turn == 1 and G.units[u].entry_hex == I["2934"]]
    base = G.new_game(0).to_position()
    doc = position(G, {"us-5ct": ("2934", "W", "line")}, turn=2, side="confederate").to_position()
    for d in doc["units"]:
        if d["id"] in due:
            d["due"] = 2
    doc.update(extra=dict(base["extra"], delayed=due), stack=[["turn_end", -1], ["player_turn", 1]])
    s = G.from_position(doc, source="test")
    assert s.stack[-1][0] == "entry_choice"
    assert {G.board.ids[a.a] for a in s.legal_actions()} == {"2834", "3034"}
    act(s, "entry_hex", "3034")
    assert all(G.board.ids[s.entry_at[unit(s, uid)]] == "3034" for uid in due)


def test_26_2_the_rest_as_history_has_them_in_one_action():
    """By hand, Enter's choice is history's (hex, facing, formation), and ``place_rest`` sets up
    every unit left on its printed hex in one action; a printed hex the units placed by hand
    have filled gives way to the first hex of the area the stacking limits allow."""
    from cwbattles.engine.actions import Action
    from cwbattles.games.cedar_mountain.setup import historical_choice
    s = G.new_game(1)
    assert historical_choice(s) == Action("place", G.units[G.unit_index["us-5ct"]].setup)
    for _ in range(3):                                     # 5th Connecticut, 10th Maine, 28th New York in 2110
        act(s, "place", "2110")
        act(s, "set_facing", "W")
        act(s, "set_formation", "fighting")
    act(s, "place_rest")
    printed = game(union_setup="printed").new_game(1)
    moved = [G.units[u].id for u in deploy_order(G) if s.hex[u] != printed.hex[u]]
    assert moved[:3] == ["us-5ct", "us-10me", "us-28ny"]
    assert all(s.stack_points(h, 0) <= 20 for h in s.units_by_hex)
    assert s.stack[-1][0] == "movement" and s.to_act == "confederate"
    assert any("set up as history has them" in e.text for e in s.log)


def test_the_oob_option_sets_augurs_division_west_or_east_in_its_areas():
    """oob=calibrated (the default) sets Augur's division (areas 1-3) on its areas' western hexes
    and Williams' (areas 4-5) on the eastern ones; oob=east sets both on the eastern hexes, nearest
    the Mitchell's Station road (data notes section 10)."""
    calibrated, east = game(), game(oob="east")
    assert calibrated.option("oob") == "calibrated" and "oob" not in calibrated.options
    where = {g.option("oob"): {u: g.board.ids[g.units[g.unit_index[u]].setup] for u in ("us-5oh", "geary", "us-5ct", "crawford")}
             for g in (calibrated, east)}
    assert where == {"calibrated": {"us-5oh": "2509", "geary": "2509", "us-5ct": "2008", "crawford": "2008"},
                     "east": {"us-5oh": "2407", "geary": "2407", "us-5ct": "2008", "crawford": "2008"}}
    s = calibrated.new_game(1)
    assert s.hex[s.game.unit_index["us-5oh"]] == s.game.board.index["2509"]
    s = east.new_game(1)
    assert s.game.option("oob") == "east" and s.hex[s.game.unit_index["us-5oh"]] == s.game.board.index["2407"]
