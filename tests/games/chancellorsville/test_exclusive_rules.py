"""Chancellorsville exclusive rules 23.21-23.62, one test per case, on the synthetic board of
``data/`` (the Rappahannock between F columns 01 and 02, bridged at F0103/F0203, forded at
F0105/F0205; exit hex F0601; command control from Game-Turn 7; Confederate forced march on 2-3)."""

from cwbattles.games.chancellorsville import victory
from cwbattles.systems.blue_and_gray import revised_morale
from cwbattles.systems.blue_and_gray.combat import odds

from .helpers import act, fight, game, hexof, idx, legal, position

G = game()


def steps(s):
    return {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}


# -- 23.21-23.23 forced march --------------------------------------------------------------------
def test_23_22_confederates_force_march_on_turns_2_and_3_only_and_never_into_an_enemy_zone():
    units = {"cs-posey-a": "F0505", "us-2-ii": "F0301"}
    s = position(G, units, side="confederate", turn=2)
    act(s, "force", "cs-posey-a")
    assert s.mv_mp == 12 and s.forced[G.unit_index["cs-posey-a"]]
    s = position(G, units, side="confederate", turn=5)
    assert not legal(s, "force", "cs-posey-a")
    # the enemy zone: 2/II at F0302 puts F0303, F0402 in its zone; a forced march may not enter it
    s = position(G, {"cs-posey-a": "F0403", "us-2-ii": "F0302"}, side="confederate", turn=3)
    act(s, "force", "cs-posey-a")
    assert "F0402" not in steps(s) and "F0303" not in steps(s) and "F0404" in steps(s)
    s = position(G, {"cs-posey-a": "F0403", "us-2-ii": "F0302"}, side="confederate", turn=3)
    act(s, "move", "cs-posey-a")
    assert "F0402" in steps(s)                               # a normal move may enter (and stops)


def test_23_22_a_unit_entering_on_turns_2_and_3_may_forced_march_as_it_enters():
    """23.22: "any Confederate unit may Forced March move" on Game-Turns 2-3, a reinforcement
    entering then too: Mahone enters at H0606 by forced march with 12 - 1 = 11 MP (5 by a
    normal entry), in the forced mode; not on Game-Turn 4 (cavalry still may, 23.23); option
    forced_march_entry=next_turn: the entry is normal."""
    s = position(G, {}, side="confederate", turn=2)
    act(s, "force_enter", "cs-mahone-a", "H0606")
    assert hexof(s, "cs-mahone-a") == "H0606" and s.mv_mp == 11 and s.mv_mode == 3
    assert s.forced[G.unit_index["cs-mahone-a"]]
    s = position(G, {}, side="confederate", turn=2)
    act(s, "enter", "cs-mahone-a")
    assert s.mv_mp == 5
    s = position(G, {}, side="confederate", turn=4)
    assert not legal(s, "force_enter", "cs-mahone-a", "H0606") and legal(s, "force_enter", "cs-flee-s", "H0606")
    s = position(game(forced_march_entry="next_turn"), {}, side="confederate", turn=2)
    assert legal(s, "enter", "cs-mahone-a") and not legal(s, "force_enter", "cs-mahone-a", "H0606")


def test_23_23_cavalry_eight_mp_or_twelve_forced_every_turn_and_beckham_may_not_bombard_after():
    s = position(G, {"us-cav-1": "F0106"}, turn=5)
    act(s, "move", "us-cav-1")
    assert s.mv_mp == 8
    s = position(G, {"us-cav-1": "F0106"}, turn=5)
    act(s, "force", "us-cav-1")
    assert s.mv_mp == 12
    # Beckham forced-marched this Game-Turn: no bombardment of 1/III three hexes away
    flags = {"cs-beckham-s": {"forced": True}}
    s = position(G, {"cs-beckham-s": "F0305", "us-1-iii": "F0302"}, side="confederate", phase="combat",
                 turn=5, flags=flags)
    assert not legal(s, "attack", "F0302")
    s = position(G, {"cs-beckham-s": "F0305", "us-1-iii": "F0302"}, side="confederate", phase="combat", turn=5)
    assert legal(s, "attack", "F0302")


def test_23_21_union_forced_march_only_north_of_the_rappahannock():
    s = position(G, {"us-1-ii": "F0104", "us-2-ii": "F0301"}, turn=5)
    assert legal(s, "force", "us-1-ii") and not legal(s, "force", "us-2-ii")
    act(s, "force", "us-1-ii")
    assert s.mv_mp == 12 and steps(s) == {"F0103", "F0105"}    # not across the river (F0203, F0204)
    assert not legal(game(union_forced_march="none").new_game(0), "force", "us-1-ii")


# -- 23.3 exits ----------------------------------------------------------------------------------
def test_23_31_union_exits_only_through_the_exit_hex_and_23_32_confederates_never():
    s = position(G, {"us-2-ii": "F0501"}, turn=5)
    act(s, "move", "us-2-ii")
    assert not legal(s, "exit")
    act(s, "step", "F0601")
    act(s, "exit", "us-2-ii")
    assert hexof(s, "us-2-ii") == "exited"
    s = position(G, {"cs-posey-a": "F0501"}, side="confederate", turn=5)
    act(s, "move", "cs-posey-a")
    act(s, "step", "F0601")
    assert not legal(s, "exit")


def test_23_61_exit_points_need_a_line_of_communication_through_a_bridge_not_a_ford():
    exited = {"us-2-ii": {"status": "exited"}}
    s = position(G, {"us-1-iii": "F0302"}, turn=5, flags=exited)
    assert victory.line_of_communication(s)
    assert s.result["union"]["exits"] == 4                    # 23.31: one VP a strength point
    # Kershaw at F0304 puts the bridge's south end F0203 in his zone: the ford at F0205 does not serve
    s = position(G, {"cs-kershaw-m": "F0304"}, turn=5, flags=exited)
    assert not victory.line_of_communication(s)
    r = s.result
    assert "exits" not in r["union"] and r["confederate"]["cut_off_exits"] == 8   # eliminated: 2 VP/SP
    # friendly units do not negate the enemy zone for the line (23.61 i)
    s = position(G, {"cs-kershaw-m": "F0304", "us-1-iii": "F0203"}, turn=5, flags=exited)
    assert not victory.line_of_communication(s)


# -- 23.4 command control ---------------------------------------------------------------------------
def test_23_4_command_control_rolls_per_corps_from_turn_7_and_the_reserve_is_assigned():
    units = {"us-1-ii": "F0104", "us-1-iii": "F0302", "us-cav-1": "F0106", "us-reserve": "F0102",
             "us-sickles": "F0302", "us-hooker": "F0301"}
    # the Union moves second: start from the Confederate turn's end so that the phase runs
    s = position(G, units, side="confederate", phase="combat", turn=7, dice=(2, 5, 4))
    assert s.stack[-1][0] == "cc_assign"
    assert {G.corps[a.a] for a in s.legal_actions()} == {"II", "III"}     # never the cavalry
    act(s, "assign", "III")
    assert [e.dice for e in s.log if e.rule == "23.4" and e.dice] == [(2,), (5,), (4,)]
    assert s.corps_free == [True, False, True]            # II on 2, III on 5, cavalry on 4 (1-4)
    assert legal(s, "move", "us-1-ii") and legal(s, "move", "us-cav-1") and legal(s, "move", "us-hooker")
    assert not legal(s, "move", "us-1-iii") and not legal(s, "move", "us-reserve")
    assert not legal(s, "move", "us-sickles")             # the III Corps commander with his corps


def test_23_4_no_command_control_before_turn_7():
    units = {"us-1-ii": "F0104", "us-reserve": "F0102"}
    s = position(G, units, side="confederate", phase="combat", turn=6)
    assert s.stack[-1][0] == "movement" and legal(s, "move", "us-reserve")


# -- 23.5 leaders ----------------------------------------------------------------------------------------
def test_23_51_leaders_twelve_mp_twenty_four_forced_no_strategic_movement():
    s = position(G, {"us-couch": "F0303", "us-2-ii": "F0301"}, turn=5)
    assert not legal(s, "march", "us-couch")
    act(s, "move", "us-couch")
    assert s.mv_mp == 12
    s = position(G, {"us-couch": "F0303", "us-2-ii": "F0301"}, turn=5)
    act(s, "force", "us-couch")
    assert s.mv_mp == 24


def test_23_52_leaders_do_not_count_for_stacking():
    # two combat units and two leaders in one hex: within the limit (6.32 counts combat units)
    s = position(G, {"us-1-ii": "F0303", "us-2-ii": "F0303", "us-couch": "F0303", "us-hooker": "F0303",
                     "us-1-iii": "F0402"}, turn=5)
    act(s, "move", "us-1-iii")
    act(s, "step", "F0303")
    assert not legal(s, "stop")              # a third combat unit may pass, not stay
    s = position(G, {"us-1-ii": "F0303", "us-2-ii": "F0303", "us-couch": "F0303", "us-hooker": "F0402",
                     "us-1-iii": "F0502"}, turn=5)
    act(s, "move", "us-hooker")
    act(s, "step", "F0303")
    assert legal(s, "stop")                  # a leader may always join


def test_23_53_one_star_leaders_only_with_their_command_unless_a_higher_leader_is_there():
    s = position(G, {"us-1-ii": "F0303", "us-sickles": "F0402", "us-1-iii": "F0502"}, turn=5)
    act(s, "move", "us-sickles")
    act(s, "step", "F0303")
    assert not legal(s, "stop")
    s = position(G, {"us-1-ii": "F0303", "us-hooker": "F0303", "us-sickles": "F0402", "us-1-iii": "F0502"},
                 turn=5)
    act(s, "move", "us-sickles")
    act(s, "step", "F0303")
    assert legal(s, "stop")                 # Hooker, a higher commander, is there


def test_23_53_leader_removed_when_his_whole_command_is_gone():
    # Sickles' III Corps: 1/III on the map, the III art already eliminated; 1/III goes -> he is removed
    s = position(G, {"us-1-iii": "F0302", "us-sickles": "F0201"}, turn=5,
                 flags={"us-iii-art": {"status": "eliminated"}})
    s.eliminate(G.unit_index["us-1-iii"], "8.6", "test")
    assert hexof(s, "us-sickles") == "elim" and not s.killed[G.unit_index["us-sickles"]]
    assert "leaders" not in s.result["confederate"]          # removed, not killed: no VP
    # while a unit of the command is still to arrive, he stays
    s = position(G, {"us-1-iii": "F0302", "us-sickles": "F0201"}, turn=1)
    s.eliminate(G.unit_index["us-1-iii"], "8.6", "test")
    assert hexof(s, "us-sickles") == "F0201"


def test_23_54_enemy_combat_unit_moving_through_a_leader_eliminates_him_leader_alone_blocks_nothing():
    s = position(G, {"cs-posey-a": "F0404", "us-couch": "F0403", "us-1-ii": "F0101"}, side="confederate", turn=5)
    act(s, "move", "cs-posey-a")
    assert "F0403" in steps(s)                               # a leader alone does not block
    act(s, "step", "F0403")
    assert hexof(s, "us-couch") == "elim" and s.killed[G.unit_index["us-couch"]]
    assert s.result["confederate"]["leaders"] == 2           # 23.58: twice his one star
    # a leader alone is never attacked, not even by artillery (23.54)
    s = position(G, {"cs-cabell-m": "F0305", "us-couch": "F0303", "us-1-ii": "F0101"},
                 side="confederate", phase="combat", turn=5)
    assert not legal(s, "attack", "F0303")


def test_23_55_leader_saving_roll_cancels_a_disruption_on_1_to_3_but_not_hooker():
    units = {"us-1-ii": "F0404", "us-couch": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    # 8 : 6 = 1-1; die 1 -> Dr; Couch's save roll 3 -> no disruption
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1, 3))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert s.morale[G.unit_index["us-1-ii"]] == 0
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1, 4))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert s.morale[G.unit_index["us-1-ii"]] == 1           # roll 4: disrupted
    units = {"us-1-ii": "F0404", "us-hooker": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1, 1))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")                                        # 8 : 7 (Hooker's +1) = 1-1, Dr
    assert s.morale[G.unit_index["us-1-ii"]] == 1           # Hooker gives no save (the 1 not used)


def test_23_55_a_leader_of_more_than_one_star_adds_one_to_non_artillery_units():
    s = position(G, {"cs-posey-a": "F0505", "cs-lee": "F0505", "cs-cabell-m": "F0404", "us-1-ii": "F0303"},
                 side="confederate", phase="combat", turn=5)
    assert s.strength(G.unit_index["cs-posey-a"]) == 5
    s2 = position(G, {"cs-cabell-m": "F0404", "cs-lee": "F0404", "us-1-ii": "F0303"},
                  side="confederate", phase="combat", turn=5)
    assert s2.strength(G.unit_index["cs-cabell-m"]) == 4      # artillery: no bonus
    s3 = position(G, {"cs-posey-a": "F0505", "cs-anderson": "F0505", "us-1-ii": "F0303"},
                  side="confederate", phase="combat", turn=5)
    assert s3.strength(G.unit_index["cs-posey-a"]) == 4       # one star: no bonus
    s4 = position(G, {"cs-posey-a": "F0404", "cs-lee": "F0404", "us-1-ii": "F0403"},
                  side="confederate", phase="combat", turn=5)
    assert odds(s4, (idx("F0403"),), (G.unit_index["cs-posey-a"],))["attack"] == 5


def test_23_52_only_the_highest_ranking_leader_in_an_attack_affects_it():
    """23.52 "Only the highest ranking Leader in an attack will affect combat": Posey (4) with
    Lee (3 stars) and Wright (4) with Jackson (2 stars) attack 1/II from two hexes: only Lee's
    +1 counts, 9 (10 with option attack_leader=hex, a leader per hex). Wright alone with
    Jackson attacking is 5: the bonus is his when no higher leader is in the attack."""
    units = {"cs-posey-a": "F0404", "cs-lee": "F0404", "cs-wright-a": "F0504", "cs-jackson": "F0504",
             "us-1-ii": "F0403"}
    attack = (G.unit_index["cs-posey-a"], G.unit_index["cs-wright-a"])
    for g, total in ((G, 9), (game(attack_leader="hex"), 10)):
        s = position(g, units, side="confederate", phase="combat", turn=5)
        assert odds(s, (idx("F0403"),), attack)["attack"] == total
    s = position(G, units, side="confederate", phase="combat", turn=5)
    assert odds(s, (idx("F0403"),), attack[1:])["attack"] == 5
    assert s.strength(attack[1]) == 5 and s.strength(attack[1], attack) == 4


def test_23_56_leader_of_a_destroyed_stack_killed_on_1_else_to_the_nearest_unit_of_his_command():
    units = {"cs-posey-a": "F0404", "cs-anderson": "F0404", "cs-wright-a": "F0506",
             "us-1-ii": "F0403", "us-2-ii": "F0304", "us-1-iii": "F0305"}
    # 15 : 4 = 3-1, die 1: De; Anderson rolls 1: killed
    s = position(G, units, phase="combat", turn=5, dice=(1, 1))
    fight(s, "F0404", "us-1-ii", "us-2-ii", "us-1-iii")
    assert hexof(s, "cs-posey-a") == "elim" and hexof(s, "cs-anderson") == "elim"
    assert s.killed[G.unit_index["cs-anderson"]] and s.result["union"]["leaders"] == 2
    s = position(G, units, phase="combat", turn=5, dice=(1, 2))
    fight(s, "F0404", "us-1-ii", "us-2-ii", "us-1-iii")
    assert hexof(s, "cs-anderson") == "F0506"                  # with Wright, of his division


def test_23_56_the_leader_rolls_for_any_unit_of_his_stack_destroyed():
    """23.56 "Roll a die for each Leader present with the destroyed combat unit": Posey, routed,
    is disrupted again (12.1: Anderson's saving roll 4 fails) and eliminated while Wright, of
    Anderson's division, survives in the hex: Anderson rolls; 1 he is killed; 2 he stays with
    Wright. Option leader_loss=stack: no roll while a unit of the stack is left."""
    units = {"cs-posey-a": "F0404", "cs-wright-a": "F0404", "cs-anderson": "F0404"}
    flags = {"cs-posey-a": {"morale": "routed"}}
    for die, after in ((1, "elim"), (2, "F0404")):
        s = position(G, units, turn=5, flags=flags, dice=(4, die))
        revised_morale.disrupt(s, G.unit_index["cs-posey-a"], "Dr")
        assert hexof(s, "cs-posey-a") == "elim" and hexof(s, "cs-wright-a") == "F0404"
        assert hexof(s, "cs-anderson") == after and s.dice.calls == 2
        assert s.killed[G.unit_index["cs-anderson"]] is (die == 1)
    s = position(game(leader_loss="stack"), units, turn=5, flags=flags, dice=(4,))
    revised_morale.disrupt(s, G.unit_index["cs-posey-a"], "Dr")
    assert hexof(s, "cs-posey-a") == "elim" and hexof(s, "cs-anderson") == "F0404" and s.dice.calls == 1


def test_23_57_rally_succeeds_automatically_with_a_leader():
    flags = {"us-1-ii": {"morale": "shaken"}}
    s = position(G, {"us-1-ii": "F0303", "us-couch": "F0303"}, turn=5, flags=flags)
    act(s, "rally", "us-1-ii")
    assert s.morale[G.unit_index["us-1-ii"]] == 1 and not [e for e in s.log if e.dice]
    assert not legal(s, "move", "us-1-ii")                     # a unit that rallies does not move


def test_23_61_victory_hexes_occupied_at_the_end_and_two_vp_per_strength_point():
    s = position(G, {"us-1-ii": "F0601", "cs-kershaw-m": "H0303", "us-couch": "F0404"}, turn=8,
                 flags={"cs-posey-a": {"status": "eliminated"}, "us-2-ii": {"status": "eliminated"}})
    s.over = True
    r = s.result
    assert r["union"]["hexes"] == 25 and r["confederate"]["hexes"] == 15   # F0404: a leader holds nothing
    assert r["union"]["eliminated"] == 8 and r["confederate"]["eliminated"] == 8
    # option occupation=last_occupier: the last side to occupy a victory hex holds it, even
    # after leaving (the scenario's reading before issue 25)
    last = game(occupation="last_occupier")
    s = position(last, {"us-1-ii": "F0403", "cs-posey-a": "F0505"}, turn=8, control={"F0404": "confederate"})
    assert s.result["control"]["F0404"] == "confederate"                   # empty, last entered by them
    act(s, "move", "us-1-ii")
    act(s, "step", "F0404")
    assert s.result["control"]["F0404"] == "union"


def test_23_61_a_hex_scores_for_the_side_in_it_at_the_end_an_empty_one_for_nobody():
    """23.61 "Occupation of Hexes at the End of the Game": F0404, last entered by the
    Confederates, is empty at the end: nobody scores it; F0601 with 1/II in it: the Union 25."""
    s = position(G, {"us-1-ii": "F0601", "cs-posey-a": "F0505"}, turn=8,
                 control={"F0404": "confederate", "F0601": "confederate"})
    s.over = True
    r = s.result
    assert r["control"]["F0404"] is None and r["control"]["F0601"] == "union"
    assert r["union"]["hexes"] == 25 and r["confederate"].get("hexes", 0) == 0


def test_23_62_levels_of_victory_by_the_ratio():
    lv = victory.level
    assert lv(20, 10) == ("confederate", "decisive")
    assert lv(15, 10) == ("confederate", "substantive") and lv(19, 10) == ("confederate", "substantive")
    assert lv(11, 10) == ("confederate", "marginal")
    assert lv(10, 10) == ("union", "marginal") and lv(0, 0) == ("union", "marginal")
    assert lv(10, 14) == ("union", "marginal") and lv(10, 15) == ("union", "substantive")
    assert lv(10, 19) == ("union", "substantive") and lv(10, 20) == ("union", "decisive")
    assert lv(5, 0) == ("confederate", "decisive")


# -- 23.14 (reconstructed by the scenario) held units --------------------------------------------
def test_23_14_held_division_may_not_move_or_attack_until_its_turn_or_attacked_from_next_door():
    held = {"held II": False}
    s = position(G, {"us-2-ii": "F0301"}, turn=5, released=held)
    assert not legal(s, "move", "us-2-ii")
    s = position(G, {"us-2-ii": "F0301", "cs-posey-a": "F0302"}, side="confederate", turn=5, released=held)
    act(s, "end_movement")                                     # the Union turn 6 has not begun
    assert s.released == [False]
    fight(s, "F0301", "cs-posey-a")                            # attacked by an adjacent enemy unit
    assert s.released == [True]
    s = position(G, {"us-2-ii": "F0301"}, side="confederate", phase="combat", turn=6, released=held)
    assert s.released == [True] and legal(s, "move", "us-2-ii")   # Game-Turn 6: released


def test_decision_a_leader_falls_back_with_the_last_unit_of_his_stack():
    # 8 : 6 = 1-1, die 1: Dr; 1/II (Couch's) retreats and Couch goes with it; Couch's save 6 fails
    units = {"us-1-ii": "F0404", "us-couch": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1, 6))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    act(s, "retreat_to", "F0304")
    assert hexof(s, "us-1-ii") == "F0304" and hexof(s, "us-couch") == "F0304"


def test_decision_a_leader_may_not_enter_a_hex_of_enemy_leaders():
    s = position(G, {"cs-anderson": "F0404", "us-couch": "F0403", "us-1-ii": "F0101", "cs-posey-a": "F0606"},
                 side="confederate", turn=5)
    act(s, "move", "cs-anderson")
    assert not legal(s, "step", "F0403")


def test_options_union_forced_march_on_turns_2_3_only_and_no_hold():
    g = game(union_forced_march="north_of_river_turns_2_3")
    assert legal(position(g, {"us-1-ii": "F0104"}, turn=2), "force", "us-1-ii")
    assert not legal(position(g, {"us-1-ii": "F0104"}, turn=5), "force", "us-1-ii")
    g = game(sedgwick_orders=False)
    assert g.restrictions == () and legal(position(g, {"us-2-ii": "F0301"}, turn=1, released={}), "move", "us-2-ii")
