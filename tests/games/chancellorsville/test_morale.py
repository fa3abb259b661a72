"""The revised morale (12, reconstructed; table systems/blue_and_gray/data/morale.toml) and the
night's effect (11.3), with scripted dice."""

from cwbattles.systems.blue_and_gray.combat import odds

from .helpers import act, fight, game, hexof, idx, legal, position

G = game()
U = G.unit_index


def test_12_1_a_retreat_result_disrupts_the_units_that_retreat():
    # 8 : 6 = 1-1; die 1: Dr -> 1/II disrupted (no leader, no save); die 4: Ar -> attackers disrupted
    units = {"us-1-ii": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1,))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert s.morale[U["us-1-ii"]] == 1 and s.morale[U["cs-posey-a"]] == 0
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(4,))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert s.morale[U["cs-posey-a"]] == 1 and s.morale[U["cs-wright-a"]] == 1 and s.morale[U["us-1-ii"]] == 0


def test_12_1_a_routed_unit_disrupted_again_is_eliminated():
    units = {"us-1-ii": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(G, units, side="confederate", phase="combat", turn=5, dice=(1,),
                 flags={"us-1-ii": {"morale": "routed"}})
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert hexof(s, "us-1-ii") == "elim"


def test_12_2_disrupted_attack_halved_shaken_and_routed_may_not_attack_nor_must():
    units = {"cs-posey-a": "F0404", "us-1-ii": "F0403"}
    s = position(G, units, side="confederate", phase="combat", turn=5, flags={"cs-posey-a": {"morale": "disrupted"}})
    assert odds(s, (idx("F0403"),), (U["cs-posey-a"],))["attack"] == 2
    s = position(G, units, side="confederate", phase="combat", turn=5, flags={"cs-posey-a": {"morale": "shaken"}})
    # no attack on offer and none obliged: the Combat Phase ended by itself, nobody fought
    assert s.stack[-1][0] != "declare" and not any(e.rule == "8.6" for e in s.log)
    assert s.phasing == 0                                       # the Union's Player-Turn has begun


def test_12_3_shaken_units_may_not_move_into_an_enemy_zone():
    s = position(G, {"cs-posey-a": "F0505", "us-1-ii": "F0303"}, side="confederate", turn=5,
                 flags={"cs-posey-a": {"morale": "shaken"}})
    act(s, "move", "cs-posey-a")
    act(s, "step", "F0404")
    assert "F0403" not in {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}   # 1/II's zone
    s = position(G, {"cs-posey-a": "F0505", "us-1-ii": "F0303"}, side="confederate", turn=5)
    act(s, "move", "cs-posey-a")
    act(s, "step", "F0404")
    assert legal(s, "step", "F0403")


def test_12_4_rally_on_the_table_number_or_less():
    flags = {"us-1-ii": {"morale": "shaken"}}
    s = position(G, {"us-1-ii": "F0303"}, turn=5, flags=flags, dice=(3,))
    act(s, "rally", "us-1-ii")
    assert s.morale[U["us-1-ii"]] == 1                        # shaken rallies on 1-3
    s = position(G, {"us-1-ii": "F0303"}, turn=5, flags=flags, dice=(4,))
    act(s, "rally", "us-1-ii")
    assert s.morale[U["us-1-ii"]] == 2
    # not in an enemy zone of control
    s = position(G, {"us-1-ii": "F0303", "cs-posey-a": "F0403"}, turn=5, flags=flags)
    assert not legal(s, "rally", "us-1-ii")


def test_11_3_the_night_restores_one_step_out_of_enemy_zones():
    flags = {"us-1-ii": {"morale": "shaken"}, "us-2-ii": {"morale": "disrupted"}, "cs-posey-a": {"morale": "routed"}}
    s = position(G, {"us-1-ii": "F0303", "us-2-ii": "F0102", "cs-posey-a": "F0403"}, turn=4, side="union",
                 phase="movement", flags=flags)
    act(s, "end_movement")                                    # night: no combat; the Game-Turn ends
    assert s.turn == 5
    assert s.morale[U["us-2-ii"]] == 0
    assert s.morale[U["us-1-ii"]] == 2 and s.morale[U["cs-posey-a"]] == 3    # in each other's zones


def test_option_morale_none_keeps_every_unit_good():
    g = game(morale="none")
    units = {"us-1-ii": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(g, units, side="confederate", phase="combat", turn=5, dice=(1,))
    fight(s, "F0404", "cs-posey-a", "cs-wright-a")
    assert s.morale[U["us-1-ii"]] == 0


def test_10_3_fieldworks_built_instead_of_moving_double_the_defender_not_on_doubling_terrain():
    s = position(G, {"us-1-ii": "F0303"}, turn=5)
    act(s, "entrench", "us-1-ii")
    assert idx("F0303") in s.fieldworks and not legal(s, "move", "us-1-ii")
    s2 = G.from_position(s.to_position())
    assert s2.fieldworks == s.fieldworks
    # Posey in the scenario's fieldworks at F0505 (clear): 4 doubled to 8
    s = position(G, {"cs-posey-a": "F0505", "us-1-ii": "F0404"}, phase="combat", turn=5)
    assert odds(s, (idx("F0505"),), (U["us-1-ii"],))["defence"] == 8
    # in rough (already doubled) fieldworks add nothing (8.4: not cumulative)
    s = position(G, {"cs-posey-a": "F0305", "us-1-ii": "F0404"}, phase="combat", turn=5,
                 fieldworks=["F0305"])
    assert odds(s, (idx("F0305"),), (U["us-1-ii"],))["defence"] == 8
    # not in an enemy zone of control
    s = position(G, {"us-1-ii": "F0303", "cs-posey-a": "F0403"}, turn=5)
    assert not legal(s, "entrench", "us-1-ii")
