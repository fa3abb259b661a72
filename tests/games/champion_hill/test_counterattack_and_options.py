"""Champion Hill: Bowen's exception a) (19.53), the held 2nd Ohio battery after combat (17.5),
control by zones of control during play (21.2) and the optional units (16.2)."""

from .helpers import act, game, hexof, idx, legal, position

G = game()
REL = ("osterhaus", "carr", "bowen", "loring")


def test_19_53_a_both_brigades_advance_into_the_hex_they_emptied():
    s = position(G, {"cs-bo-green": "1602", "cs-bo-cockrell": "1503", "us-7-2": "1603"}, side="confederate",
                 phase="combat", released=REL, dice=(1,))
    act(s, "attacker", "cs-bo-green")                     # the only target: "attack" was forced
    act(s, "attacker", "cs-bo-cockrell")
    act(s, "resolve")                                     # (21 + 24) : 4 = 6-1, roll 1 - 1 -> De
    assert hexof(s, "us-7-2") == "elim"
    act(s, "advance", "cs-bo-green", "1603")
    act(s, "halt", "cs-bo-green")                         # Green stops in the emptied hex
    # exception a): Cockrell may enter the same hex, but (19.4) may not end its advance there
    act(s, "advance", "cs-bo-cockrell", "1603")
    assert hexof(s, "cs-bo-cockrell") == "1603" and not legal(s, "halt")
    act(s, "advance_more", "1604", "cs-bo-cockrell")
    act(s, "halt", "cs-bo-cockrell")
    assert hexof(s, "cs-bo-green") == "1603" and hexof(s, "cs-bo-cockrell") == "1604"
    assert s.bowen_adv == 2                               # 19.62: the longer advance, two hexes


def test_19_53_a_second_brigade_may_not_join_in_an_enemy_zone():
    units = {"cs-bo-green": "1602", "cs-bo-cockrell": "1503", "us-7-2": "1603", "us-7-3": "1704"}
    s = position(G, units, side="confederate", phase="combat", released=REL, dice=(1,))
    act(s, "attacker", "cs-bo-green")                     # the only target: "attack" was forced
    act(s, "attacker", "cs-bo-cockrell")
    act(s, "resolve")                                     # De; 1603 is in the zone of 1704's brigade
    act(s, "advance", "cs-bo-green", "1603")              # stops at once (19.53 iii-d)
    assert not legal(s, "advance", "cs-bo-cockrell", "1603")


def test_17_5_held_second_ohio_does_not_advance_after_combat():
    units = {"us-12-2oh": "1602", "cs-st-pettus": "1603"}
    s = position(G, units, phase="combat", released=REL, dice=(1,))
    act(s, "resolve")                                     # 1 : 2 = 1-2, roll 1 -> Dr
    act(s, "retreat_to", "1604", "cs-st-pettus")
    assert hexof(s, "us-12-2oh") == "1602" and s.phasing == 1   # no advance offered: phase over
    s = position(G, units, phase="combat", released=REL, dice=(1,), ohio_free=True)
    act(s, "resolve")
    act(s, "retreat_to", "1604", "cs-st-pettus")
    assert legal(s, "advance", "us-12-2oh", "1603")


def test_21_2_an_uncontested_zone_takes_a_victory_hex_at_the_step_that_exerts_it():
    hill = G.control_hexes.index(idx("1306"))
    s = position(G, {"us-12-1": "1404"}, released=REL)
    assert s.control[hill] == 1                           # Confederate at the start
    act(s, "move", "us-12-1")
    act(s, "step", "1405")                                # its zone now reaches 1306, unopposed
    assert s.control[hill] == 0
    act(s, "step", "1506")                                # and it keeps it, moving on
    assert s.control[hill] == 0
    s = position(G, {"us-12-1": "1404", "cs-st-barton": "1206"}, released=REL)
    act(s, "move", "us-12-1")
    act(s, "step", "1405")
    assert s.control[hill] == -1                          # both zones: neither side


def test_21_2_a_zone_exerted_then_lost_in_the_same_player_turn_keeps_the_hex():
    # the cavalry rides up beside the hill (1306), then dies attacking Lee at 1-5 (roll 4: Ae)
    hill = G.control_hexes.index(idx("1306"))
    s = position(G, {"us-cav-3il": "1404", "cs-st-lee": "1506"}, released=REL, dice=(4,))
    act(s, "move", "us-cav-3il")
    act(s, "step", "1405")                                # Lee's zone: it stops; 1306 is Union
    assert s.control[hill] == 0
    act(s, "end_movement")                                # the attack is forced: 1 : 5, Ae
    assert hexof(s, "us-cav-3il") == "elim"
    act(s, "no_advance")                                  # Lee stays out of 1405 (8.7)
    assert s.turn == 2 and s.phasing == 1 and s.control[hill] == 0


def test_21_2_a_contested_hex_goes_to_the_side_whose_zone_stays():
    hill = G.control_hexes.index(idx("1306"))
    s = position(G, {"us-12-1": "1405", "cs-st-barton": "1206"}, side="confederate", released=REL,
                 control={"1306": None})
    act(s, "move", "cs-st-barton")
    act(s, "step", "1107")                                # Barton's zone leaves 1306
    assert s.control[hill] == 0                           # McGinnis' zone is now uncontested


def test_16_2_optional_units_set_up_only_with_the_option():
    assert hexof(G.new_game(0), "cs-st-reynolds") == "off"
    s = game(optional_units=True).new_game(0)
    assert hexof(s, "cs-st-reynolds") == "0507" and hexof(s, "cs-st-claiborne") == "0507"
    assert hexof(s, "cs-bo-green-ooa") == "off"           # Out of Ammo counters stay aside


def test_18_1_train_eliminated_by_a_combat_result_scores_50():
    s = position(G, {"us-train": "1603", "us-cav-3il": "1603", "cs-st-lee": "1604"}, side="confederate",
                 phase="combat", released=REL, dice=(1,))
    act(s, "resolve")                                     # 5 : 1 = 5-1, roll 1 -> De
    assert hexof(s, "us-train") == "elim" and hexof(s, "us-cav-3il") == "elim"
    assert s.vp_conf == 50


def test_18_3_train_left_alone_in_an_enemy_zone_after_a_bombardment_scores_50():
    units = {"us-train": "1603", "us-cav-3il": "1603", "cs-st-lee": "1704", "cs-st-johnston": "1605"}
    s = position(G, units, side="confederate", phase="combat", released=REL, dice=(1,))
    act(s, "attacker", "cs-st-johnston")
    act(s, "resolve")                                     # bombardment 1 : 1 = 1-1, roll 1 -> Dr
    assert hexof(s, "us-train") == "1603"                 # 18.1: the bombardment spares it
    act(s, "retreat_to", "1602", "us-cav-3il")            # ... but now it is alone next to Lee
    # 50 for the train, 5 for bombarding it, 10 for the crossroads as the Game-Turn ended
    assert hexof(s, "us-train") == "elim" and s.vp_conf == 50 + 5 + 10


def test_21_3_train_bombarded_only_by_artillery_at_range():
    units = {"us-train": "1603", "us-cav-3il": "1603", "cs-st-johnston": "1604", "cs-st-lee": "1604"}
    s = position(G, units, side="confederate", phase="combat", released=REL, dice=(6,))
    act(s, "attacker", "cs-st-lee")
    act(s, "attacker", "cs-st-johnston")                  # adjacent: it fights, it does not bombard
    act(s, "resolve")                                     # 6 : 1 = 6-1, roll 6 -> Ex
    assert s.vp_conf == 50                                # the train is lost, but no 5 VP
    units = {"us-train": "1603", "us-cav-3il": "1603", "cs-st-johnston": "1605"}
    s = position(G, units, side="confederate", phase="combat", released=REL, dice=(6,))
    act(s, "attack", "1603")
    act(s, "resolve")                                     # 1 : 1 = 1-1, roll 6 -> Ar
    act(s, "stand", "cs-st-johnston")                     # 9.1: the section need not retreat
    assert s.vp_conf == 5 + 10 and hexof(s, "us-train") == "1603"   # + the crossroads (21.3)
