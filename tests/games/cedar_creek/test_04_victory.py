"""Rule 4, object of the game: victory points for step losses and for the zones held.

VP zones (map.toml): middletown-south and middletown-north (2 VP to either side), and the
zones of entry points 11, 12 and 13 on the Union's north edge: northeast-fields (11),
pike-to-newtown (12), winchester-road (13), each 1 VP to the Union, 3 VP to the Confederates.
At the start the Union controls the north bank, so all five: 2 + 2 + 1 + 1 + 1 = 7 VP.
"""

import pytest

from .helpers import act, setup_position
from .rule_helpers import at_stack, unit

MIDDLETOWN = ("middletown-south", "middletown-north")
ENTRY_VP_ZONES = {11: "northeast-fields", 12: "pike-to-newtown", 13: "winchester-road"}


def position(game, units=(), control=None, **kw):
    return setup_position(game, list(units), turn=5, control=control, frames=[["tactical", 0]], **kw)


def test_4_result_structure_at_the_start(game):
    """4: state.result gives, per side, losses, loss VP, zone VP and total; both totals (vp); the holder of each VP
    zone; the winner, the margin (Union minus Confederate) and whether the game is over."""
    res = game.new_game(seed=3).result
    assert res["union"] == {"losses": 0, "loss_vp": 0, "zone_vp": 7, "total": 7}
    assert res["confederate"] == {"losses": 0, "loss_vp": 0, "zone_vp": 0, "total": 0}
    assert res["vp"] == {"union": 7, "confederate": 0}
    assert res["zones"] == {z: "union" for z in MIDDLETOWN + tuple(ENTRY_VP_ZONES.values())}
    assert res["winner"] == "union"
    assert res["margin"] == 7
    assert res["final"] is False


def test_4_fewer_losses_score_the_difference(game):
    """4: the side with fewer step losses scores the difference (Union 3 + 1 = 4, CSA 1: CSA +3)."""
    s = position(game, [unit("kitching", "kitching-camp", losses=3), unit("coates", "hayes-camp", losses=1),
                        unit("cook", "cooley-fields", losses=1)])
    res = s.result
    assert res["union"]["losses"] == 4 and res["confederate"]["losses"] == 1
    assert res["confederate"]["loss_vp"] == 3 and res["union"]["loss_vp"] == 0
    assert res["union"]["total"] == 7 and res["confederate"]["total"] == 3


def test_4_equal_losses_score_nothing(game):
    """4: with equal losses neither side scores loss VP."""
    s = position(game, [unit("kitching", "kitching-camp", losses=2), unit("cook", "cooley-fields", losses=1),
                        unit("cox", "cooley-south", losses=1)])
    res = s.result
    assert res["union"]["losses"] == res["confederate"]["losses"] == 2
    assert res["union"]["loss_vp"] == res["confederate"]["loss_vp"] == 0


def test_4_eliminated_brigade_counts_all_its_steps(game):
    """4 / 11.4: a removed brigade has lost every strength point (Battle, strength 4)."""
    s = position(game, [unit("battle", None, status="eliminated"), unit("kitching", "kitching-camp", losses=1)])
    res = s.result
    assert res["confederate"]["losses"] == 4
    assert res["union"]["loss_vp"] == 3


def test_4_artillerie_markers_are_not_losses(game):
    """4 and 7.3: 'Do not include Artillerie counters when totaling Confederate losses' - a flipped
    and a removed marker add nothing to Godwin's single step loss."""
    s = position(game, [unit("godwin", "cooley-fields", losses=1)],
                 markers=[{"status": "with_brigade", "brigade": "godwin", "value": 1}, {"status": "gone"}])
    assert s.result["confederate"]["losses"] == 1


@pytest.mark.parametrize("held", [("middletown-south",), ("middletown-north",), MIDDLETOWN])
def test_4_middletown_zones_two_vp_each(game, held):
    """4: each Middletown zone is worth 2 VP to whichever side controls it."""
    s = position(game, control={z: "confederate" for z in held})
    res = s.result
    assert res["confederate"]["zone_vp"] == 2 * len(held)
    assert res["union"]["zone_vp"] == 7 - 2 * len(held)


@pytest.mark.parametrize("entry", [11, 12, 13])
def test_4_entry_zones_one_vp_union_three_confederate(game, entry):
    """4: the zones of entry points 11, 12, 13 give 1 VP to the Union but 3 to the Confederates."""
    zone = ENTRY_VP_ZONES[entry]
    assert game.board.entry_zone[entry] == game.board.index[zone]
    s = position(game, control={zone: "confederate"})
    res = s.result
    assert res["confederate"]["zone_vp"] == 3
    assert res["union"]["zone_vp"] == 6
    assert res["zones"][zone] == "confederate"


def test_4_all_entry_zones_confederate(game):
    """4: three entry zones held by the Confederates are 9 VP; the Union keeps Middletown's 4."""
    s = position(game, control={z: "confederate" for z in ENTRY_VP_ZONES.values()})
    assert s.result["confederate"]["zone_vp"] == 9 and s.result["union"]["zone_vp"] == 4
    assert s.result["winner"] == "confederate"


def test_4_control_by_the_last_to_pass_through(game):
    """4: Cook passes through both Middletown zones along the Pike (2 + 1 MP) and ends at Buckton
    road (+1 MP): both zones become Confederate although no Confederate stays there."""
    s = setup_position(game, [unit("cook", "pike-east-fields")], turn=5,
                       frames=[["brigades", 1, "d:ramseur", ["u:cook"]]])
    act(s, "brigade", "cook")
    act(s, "move", "middletown-south")
    act(s, "move", "middletown-north")
    act(s, "move", "buckton-road")
    act(s, "stop", "cook")
    res = s.result
    assert res["zones"]["middletown-south"] == res["zones"]["middletown-north"] == "confederate"
    assert res["confederate"]["zone_vp"] == 4 and res["union"]["zone_vp"] == 3
    assert res["winner"] == "confederate" and res["margin"] == -1


def test_4_control_passes_back_to_the_union(game):
    """4: the Union retakes a Confederate-held Middletown zone by passing through it."""
    s = setup_position(game, [unit("kitching", "buckton-road")], turn=5, active="union",
                       control={"middletown-north": "confederate", "middletown-south": "confederate"},
                       frames=[["brigades", 0, "d:hayes", ["u:kitching"]]])
    assert s.result["confederate"]["zone_vp"] == 4
    act(s, "brigade", "kitching")
    act(s, "move", "middletown-north")          # road: 1 MP
    act(s, "move", "millers-mill-road")         # road: 1 MP
    act(s, "stop", "kitching")
    res = s.result
    assert res["zones"]["middletown-north"] == "union"
    assert res["zones"]["middletown-south"] == "confederate"
    assert res["union"]["zone_vp"] == 5 and res["confederate"]["zone_vp"] == 2


def test_4_control_also_changes_by_rout(game):
    """4 (program reading: any entry into a zone): Kitching (2 losses) routs voluntarily from
    Middletown (south) through Middletown (north) and Miller's Mill Road to the Pike to Newtown,
    taking back the Confederate-held zones it passes."""
    s = setup_position(game, [unit("kitching", "middletown-south", losses=2)], turn=5, active="union",
                       control={"middletown-north": "confederate", "pike-to-newtown": "confederate"},
                       frames=[["brigades", 0, "d:hayes", ["u:kitching"]]])
    assert s.result["confederate"]["zone_vp"] == 5
    act(s, "brigade", "kitching")
    act(s, "rout", "kitching")
    act(s, "retreat_to", "middletown-north", "kitching")
    act(s, "retreat_to", "millers-mill-road", "kitching")
    act(s, "retreat_to", "pike-to-newtown", "kitching")
    res = s.result
    assert res["zones"]["middletown-north"] == res["zones"]["pike-to-newtown"] == "union"
    assert res["confederate"]["zone_vp"] == 0 and res["union"]["zone_vp"] == 7


def test_4_union_wins_ties(game):
    """4: 'In case of ties, the Union wins': CSA holds Middletown (4 VP); the Union holds the
    three entry zones (3 VP) and has one loss fewer (1 VP): 4 to 4."""
    s = position(game, [unit("cook", "cooley-fields", losses=1)],
                 control={z: "confederate" for z in MIDDLETOWN})
    res = s.result
    assert res["union"]["total"] == res["confederate"]["total"] == 4
    assert res["winner"] == "union" and res["margin"] == 0


def test_4_confederates_win_with_one_vp_more(game):
    """4: without the Union's loss VP the same zones give the Confederates 4 to 3."""
    s = position(game, control={z: "confederate" for z in MIDDLETOWN})
    res = s.result
    assert (res["union"]["total"], res["confederate"]["total"]) == (3, 4)
    assert res["winner"] == "confederate" and res["margin"] == -1


def test_4_final_result_at_the_end_of_turn_9(game):
    """4 and 9: after the administrative phase of turn 9 the result is final and is logged."""
    s = at_stack(game, [unit("cook", "cooley-fields", losses=2)], [["admin", -1]], turn=9, round_=3,
                 control={"middletown-south": "confederate"})
    res = s.result
    assert s.is_over and res["final"] is True
    assert (res["union"]["total"], res["confederate"]["total"]) == (7, 2)   # 5 zone + 2 loss; 2 zone
    assert s.log[-1].rule == "4"
    assert s.log[-1].text == "The game ends. Union 7 VP, Confederates 2 VP: the Union win."
