"""Rule 10: command range, initiative tests, division cohesion; independent cavalry (12).

Command range is measured with the map's command costs (movement costs without the
elevation +1). Distances used below (map.toml, checked in the tests themselves):
from Hupp's Hill, Middle Road 4, Cooley farm 8 (10 MP to move), Three Top south 9;
from Belle Grove, Three Top path 10."""

import pytest

from .helpers import act, legal_kinds, setup_position
from .rule_helpers import options, texts, unit

SHERIDAN_DUE = {"turn": 5, "in_command": False}


def choose_division(game, units, side="confederate", turn=4, n=1, early=None, wright=None, dice=(), **kw):
    hqs = [{"id": "early", "zone": early}, {"id": "wright", "zone": wright}, {"id": "sheridan", "zone": None}]
    s = setup_position(game, units, turn=turn, active=side, hqs=hqs, sheridan=SHERIDAN_DUE,
                       frames=[["divisions", ("union", "confederate").index(side), n]], **kw)
    s.dice.set_script(list(dice))
    return s


def command_dist(game, a, b):
    return game.board.command_dist[game.board.index[a]][game.board.index[b]]


# -- 10: command range -----------------------------------------------------------------------------
def test_10_division_in_command_range_activates_without_a_test(game):
    """10: York at Middle Road traces 4 MP to Early at Hupp's Hill: activated, no die."""
    assert command_dist(game, "middle-road", "hupps-hill") == 4
    s = choose_division(game, [unit("york", "middle-road")], early="hupps-hill")
    act(s, "activate", "evans")
    assert texts(s, "10") == ["Evans is activated (within command range)."]
    assert s.dice.calls == 0


def test_10_command_range_ignores_elevation(game):
    """10: 'do not count movement costs for elevation changes' - Cooley farm is 8 command MP from
    Hupp's Hill although moving there would cost 10: Evans is in range."""
    assert command_dist(game, "cooley-fields", "hupps-hill") == 8
    s = choose_division(game, [unit("york", "cooley-fields")], early="hupps-hill")
    act(s, "activate", "evans")
    assert texts(s, "10") == ["Evans is activated (within command range)."]


def test_10_command_range_is_8_mp(game):
    """10: no more than 8 MP: Three Top path (south) is 9 from Hupp's Hill - out of range, so
    Evans must pass an initiative test (roll 3: passes)."""
    assert command_dist(game, "three-top-south", "hupps-hill") == 9
    s = choose_division(game, [unit("york", "three-top-south")], early="hupps-hill", dice=[3])
    act(s, "activate", "evans")
    assert texts(s, "10") == ["Evans passes its initiative test (roll 3 = 3)."]


def test_10_command_path_not_through_an_enemy_held_zone(game):
    """10: a Union brigade on Stickley Hill blocks York's 4-MP way from Middle Road to Hupp's
    Hill; every other way is longer than 8: initiative test (roll 4, contact -1 = 3)."""
    s = choose_division(game, [unit("york", "middle-road"), unit("kitching", "stickley-hill")],
                        early="hupps-hill", dice=[4])
    act(s, "activate", "evans")
    assert texts(s, "10") == ["Evans passes its initiative test (roll 4, in contact with the enemy -1 = 3)."]


def test_10_early_must_be_on_the_map(game):
    """10: 'Early must be on the map to activate divisions' - without him York, even next to Hupp's
    Hill, needs a test (roll 4: fails)."""
    s = choose_division(game, [unit("york", "stickley-hill")], early=None, dice=[4])
    act(s, "activate", "evans")
    assert texts(s, "10") == ["Evans fails its initiative test (roll 4 = 4) and stays put."]


# -- 10: initiative tests --------------------------------------------------------------------------
@pytest.mark.parametrize("division,units,roll,text", [
    ("evans", [unit("york", "middle-road")], 3, "Evans passes its initiative test (roll 3 = 3)."),
    ("evans", [unit("york", "middle-road")], 4, "Evans fails its initiative test (roll 4 = 4) and stays put."),
    ("ramseur", [unit("cook", "middle-road")], 4,
     "Ramseur passes its initiative test (roll 4, superior commander -1 = 3)."),
    ("ramseur", [unit("cook", "middle-road")], 5,
     "Ramseur fails its initiative test (roll 5, superior commander -1 = 4) and stays put."),
    ("evans", [unit("york", "middle-road"), unit("kitching", "cupps-ford")], 4,
     "Evans passes its initiative test (roll 4, in contact with the enemy -1 = 3)."),
    ("payne", [unit("payne", "middle-road")], 4, "Payne passes its initiative test (roll 4, cavalry division -1 = 3)."),
    ("payne", [unit("payne", "middle-road")], 5,
     "Payne fails its initiative test (roll 5, cavalry division -1 = 4) and stays put."),
    ("ramseur", [unit("cook", "middle-road"), unit("kitching", "cupps-ford")], 5,
     "Ramseur passes its initiative test (roll 5, in contact with the enemy -1, superior commander -1 = 3)."),
])
def test_10_initiative_test_table(game, division, units, roll, text):
    """10: out of range (Early off the map), 1-3 activates, 4-6 fails; -1 cavalry, -1 in contact
    (Kitching at Cupp's Ford, next to Middle Road), -1 superior commander; cumulative."""
    s = choose_division(game, units, dice=[roll])
    act(s, "activate", division)
    assert texts(s, "10") == [text]


def test_10_union_cavalry_superior_and_in_contact(game):
    """10: Merritt (cavalry, superior) out of Wright's range (Three Top path is 10 from Belle
    Grove) and next to Cook: roll 6 -1 -1 -1 = 3 activates on turn 3."""
    assert command_dist(game, "three-top-path", "belle-grove") == 10
    s = choose_division(game, [unit("kidd", "three-top-path"), unit("cook", "three-top-south")], side="union",
                        turn=3, wright="belle-grove", dice=[6])
    act(s, "activate", "merritt")
    assert texts(s, "10") == ["Merritt passes its initiative test (roll 6, cavalry division -1, in contact with "
                              "the enemy -1, superior commander -1 = 3)."]


def test_10_failed_test_counts_as_moved(game):
    """10: 'A division that fails an initiative test is considered to have moved': with two
    divisions to activate, Evans fails (6); it uses one activation, cannot be chosen again this
    round, and its brigades count as having acted."""
    units = [unit("york", "middle-road"), unit("cook", "cupps-ford")]
    s = choose_division(game, units, n=2, dice=[6])
    act(s, "activate", "evans")
    assert "stays put" in texts(s, "10")[0]
    assert s.stack[-1][:3] == ("divisions", 1, 1)                 # one activation left
    assert "evans" not in options(s, "activate") and "ramseur" in options(s, "activate")
    assert s.acted[game.unit_index["york"]] == s.stamp


def test_10_no_union_initiative_tests_on_turns_1_and_2(game):
    """10: 'During Turns 1 and 2, initiative tests cannot be used to activate Union divisions':
    Hayes out of range (Kitching at Three Top path) cannot be chosen on turn 2; McMillan, in
    range, can; on turn 3 Hayes may try (roll 2: passes)."""
    # Birge (Molineux) is in range too, so that the choice is a real one (a single legal
    # action would be played at once).
    units = [unit("kitching", "three-top-path"), unit("davis", "xix-corps-right"), unit("molineux", "xix-corps-works")]
    s = choose_division(game, units, side="union", turn=2, wright="belle-grove")
    assert "mcmillan" in options(s, "activate") and "hayes" not in options(s, "activate")
    s = choose_division(game, units, side="union", turn=3, wright="belle-grove", dice=[2])
    act(s, "activate", "hayes")
    assert texts(s, "10") == ["Hayes passes its initiative test (roll 2 = 2)."]


@pytest.mark.parametrize("turn,allowed", [(1, {"mcmillan"}), (2, {"mcmillan", "wheaton", "getty", "keifer"}),
                                          (3, {"mcmillan", "wheaton", "getty", "keifer", "merritt"})])
def test_10_12_union_divisions_first_turns(game, turn, allowed):
    """12: Wheaton, Getty and Keifer may not be selected until turn 2, Merritt until turn 3 -
    all in their camps, well within Wright's range."""
    units = [unit(u, z) for u, z in (("penrose", "wheaton-camp"), ("warner", "getty-camp"),
                                     ("emerson", "keifer-camp"), ("kidd", "merritt-camp"), ("davis", "xix-corps-right"),
                                     ("molineux", "xix-corps-works"))]
    s = choose_division(game, units, side="union", turn=turn, wright="belle-grove")
    wanted = {"mcmillan", "wheaton", "getty", "keifer", "merritt"}
    assert options(s, "activate") & wanted == allowed


# -- 10: division cohesion -------------------------------------------------------------------------
def move_cox(game, cox_zone, cook_zone, turn=4):
    s = setup_position(game, [unit("cook", cook_zone), unit("cox", cox_zone)], turn=turn,
                       frames=[["brigades", 1, "d:ramseur", ["u:cox"]]])
    act(s, "brigade", "cox")
    return s


def test_10_cohesion_end_within_two_zones(game):
    """10: brigades of a division end their move two zones or less from one another. Cook in
    Middletown (south); Cox moves up the Pike: Miller's Mill Road (2 zones away) is a legal end,
    the Pike to Newtown (3 zones) is not while a closer zone can be reached."""
    hops = game.board.hops[game.board.index["middletown-south"]]
    assert hops[game.board.index["millers-mill-road"]] == 2 and hops[game.board.index["pike-to-newtown"]] == 3
    s = move_cox(game, "middletown-north", "middletown-south")
    act(s, "move", "millers-mill-road")
    assert "stop" in legal_kinds(s)
    act(s, "move", "pike-to-newtown")
    assert "stop" not in legal_kinds(s)
    assert "millers-mill-road" in options(s, "move")


def test_10_cohesion_out_of_reach_may_stop_anywhere(game):
    """10 (program reading): a brigade that cannot get back within two zones this move may end
    where it can: Cox at Three Top path (south), Cook far away at Middletown (north)."""
    s = move_cox(game, "three-top-south", "middletown-north")
    act(s, "move", "three-top-path")
    assert "stop" in legal_kinds(s)


def test_10_cohesion_does_not_bind_independent_cavalry(game):
    """12: Payne, independent, may end anywhere (here three zones from every Ramseur brigade)."""
    s = setup_position(game, [unit("cook", "middletown-south"), unit("payne", "millers-mill-road")], turn=4,
                       frames=[["brigades", 1, "d:payne", ["u:payne"]]])
    act(s, "brigade", "payne")
    act(s, "move", "pike-to-newtown")
    assert "stop" in legal_kinds(s)


# -- 12/10: independent cavalry acting with a division ---------------------------------------------
@pytest.mark.parametrize("payne_zone,joins", [("three-top-north", True), ("three-top-path", False)])
def test_10_12_independent_cavalry_acts_with_a_division_within_two_zones(game, payne_zone, joins):
    """12: Payne may act with a division activated within two zones of it: Cook at Cooley farm is
    2 zones from Three Top north, 3 from Three Top path (Early at Hupp's Hill: no test)."""
    s = choose_division(game, [unit("cook", "cooley-fields"), unit("payne", payne_zone)], early="hupps-hill")
    act(s, "activate", "ramseur")
    assert ("payne" in options(s, "brigade")) == joins


def test_10_12_independent_cavalry_acts_once_a_round(game):
    """12 / 7.1: Payne, having acted with Ramseur, is not offered with Pegram nor on its own in
    the same round."""
    units = [unit("cook", "cooley-fields"), unit("godwin", "cooley-house"), unit("payne", "bowmans-ford")]
    s = choose_division(game, units, early="hupps-hill", n=2)
    assert "payne" in options(s, "activate")                # 12: it may also use an activation
    act(s, "activate", "ramseur")
    act(s, "brigade", "payne")
    act(s, "pass", "payne")
    act(s, "end_division", "ramseur")
    assert "payne" not in options(s, "activate")
    act(s, "activate", "pegram")
    assert "payne" not in options(s, "brigade")
