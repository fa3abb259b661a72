"""25.0 Leadership and leader loss: Jackson's three Command Points for division commanders within
three hexes (25.1), Banks's one (25.2), replacement in the orders of 25.32-25.33 with anonymous
brigade commanders placed with their brigade (17.8), army commanders never replaced (25.31), and
the Victory Points of 27.21 by the rank a leader held."""

from cwbattles.games.cedar_mountain.leaders import leader_lost_vp
from cwbattles.systems.gbacw.command import leader_casualty
from tests.games.cedar_mountain.helpers import act, game, hexof, legal, position, unit

G = game()
WINDER_DIV = G.oob.division_index["winder"]
TALIAFERRO_BRIG = G.oob.brigade_index["taliaferro"]


def test_25_1_jacksons_points_reach_division_commanders_within_three_hexes():
    units = {"jackson": "2020", "winder": "2022", "ewell": "2026", "cs-21va": ("2022", "W", "line")}
    s = position(G, units, side="confederate", phase="command")
    assert s.army_cp[1] == 3
    assert legal(s, "give_cp", "winder") and not legal(s, "give_cp", "ewell")
    for _ in range(3):
        act(s, "give_cp", "winder")                         # all three to one commander
    assert s.div_bonus[WINDER_DIV] == 3 and not legal(s, "give_cp")


def test_25_1_three_hexes_exclusive_counts_the_third_hex_not_jacksons_own():
    """25.1 "within three hexes of Jackson (exclusive)": counted as every range in the series,
    Jackson's hex left out and the commander's counted (docs/rules-notes/cedar-mountain.md):
    Winder at 2023, three hexes away, may take a point; Ewell at 2024, four away, may not."""
    units = {"jackson": "2020", "winder": "2023", "ewell": "2024", "cs-21va": ("2023", "W", "line")}
    s = position(G, units, side="confederate", phase="command")
    assert G.board.distance(G.board.index["2020"], G.board.index["2023"]) == 3
    assert legal(s, "give_cp", "winder") and not legal(s, "give_cp", "ewell")


def test_25_1_a_point_puts_a_distant_brigade_back_in_command():
    """Garnett 5 hexes from Winder (radius 4): out of command; with one of Jackson's points, in."""
    units = {"jackson": "2020", "winder": "2020", "garnett": "2025", "cs-21va": ("2025", "W", "line")}
    s = position(G, units, side="confederate", phase="command")
    garnett = G.oob.brigade_index["garnett"]
    assert not s.brig_in_command[garnett]
    act(s, "give_cp", "winder")
    assert s.brig_in_command[garnett]


def test_25_2_banks_has_one_point_for_any_division_commander():
    units = {"banks": "2507", "williams": "0806", "augur": "2408", "us-5ct": ("0806", "W", "line")}
    s = position(G, units, side="union", phase="command")
    assert s.army_cp[0] == 1 and legal(s, "give_cp", "williams") and legal(s, "give_cp", "augur")
    act(s, "give_cp", "williams")
    assert not legal(s, "give_cp")


def test_25_33_winder_is_replaced_by_taliaferro_whose_brigade_gets_a_replacement():
    units = {"jackson": "2020", "taliaferro": "2021", "cs-10va": ("2021", "W", "line"),
             "cs-23va": ("2122", "W", "line")}
    s = position(G, units, side="confederate", phase="command", lost=("winder",))
    assert s.div_cmd[WINDER_DIV] == unit(s, "taliaferro")
    repl = G.oob.brigades[TALIAFERRO_BRIG].replacement
    assert s.brig_cmd[TALIAFERRO_BRIG] == repl
    assert s.stack[-1][0] == "place_leader"                 # 17.8: with which of his units?
    act(s, "place_with", "cs-23va")
    assert hexof(s, G.units[repl].id) == "2122"


def test_25_33_down_the_list_and_then_an_anonymous_commander():
    units = {"ronald": "2020", "cs-4va": ("2020", "W", "line"), "cs-21va": ("2023", "W", "line")}
    s = position(G, units, side="confederate", phase="command", lost=("winder", "taliaferro", "garnett"))
    assert s.div_cmd[WINDER_DIV] == unit(s, "ronald")
    units = {"cs-21va": ("2023", "W", "line")}
    s = position(G, units, side="confederate", phase="command", lost=("winder", "taliaferro", "ronald", "garnett"))
    assert s.div_cmd[WINDER_DIV] == G.oob.divisions[WINDER_DIV].replacement


def test_25_31_army_commanders_are_never_replaced():
    units = {"jackson": "2020", "cs-21va": ("2020", "W", "line")}
    s = position(G, units, side="union")
    leader_casualty(s, unit(s, "jackson"), "wounded", "test")
    assert hexof(s, "jackson") == "wounded" and s.vp_leaders == (5, 0)          # 27.21: Jackson wounded, 5
    assert G.oob.army[1] == unit(s, "jackson")


def test_27_21_leader_points_by_the_rank_held():
    s = position(G, {"banks": "2507", "crawford": "2010", "us-5ct": ("2010", "W", "line")}, side="union")
    leader_casualty(s, unit(s, "crawford"), "killed", "test")
    assert s.vp_leaders == (0, 2)
    leader_casualty(s, unit(s, "banks"), "captured", "test")
    assert s.vp_leaders == (0, 10)
    s2 = position(G, {"jackson": "2020", "taliaferro": "2021", "cs-10va": ("2021", "W", "line")},
                  side="confederate", phase="command", lost=("winder",))
    assert s2.div_cmd[WINDER_DIV] == unit(s2, "taliaferro")
    leader_lost_vp(s2, unit(s2, "taliaferro"), "division", "killed")
    assert s2.vp_leaders == (5, 0)                           # a promoted brigadier counts as a division commander
