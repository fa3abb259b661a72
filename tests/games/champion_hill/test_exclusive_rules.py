"""Champion Hill exclusive rules 16-21, one test per case implemented."""

from cwbattles.systems.blue_and_gray.combat import odds

from .helpers import act, game, hexof, idx, legal, position

G = game()
REL = ("osterhaus", "carr", "bowen", "loring")


def test_16_setup_union_first_twelve_turns():
    s = G.new_game(3)
    assert s.turn == 1 and s.to_act == "union"
    assert hexof(s, "us-12-1") == "1404" and hexof(s, "cs-st-reynolds") == "off"   # optional aside
    assert hexof(s, "cs-bo-green-ooa") == "off"
    assert G.turns == 12 and 12 in G.night_turns


def test_17_1_bowen_within_two_hexes_until_released_on_turn_4():
    s = position(G, {"cs-bo-green": "1312"}, side="confederate", turn=2)
    act(s, "move", "cs-bo-green")
    b = G.board
    for a in s.legal_actions():
        if a.kind == "step":
            assert b.distance(idx("1312"), a.a) <= 2
    s4 = position(G, {"cs-bo-green": "1312"}, side="confederate", turn=4, frames=())
    # the movement_start hook runs in player_turn; simulate by calling it
    s4.on_movement_start(1)
    assert s4.released[G.BOWEN] and s4.bowen_release_turn == 4


def test_17_1_attack_by_adjacent_union_unit_releases_bowen_and_loring():
    s = position(G, {"us-12-1": "1311", "cs-bo-green": "1312"}, phase="combat", dice=(5,), released=("osterhaus", "carr"))
    act(s, "resolve")                                         # 8.9: lower columns are offered too
    assert s.release_due[G.BOWEN] and s.release_due[G.LORING]


def test_17_3_osterhaus_attacks_at_half_strength():
    s = position(G, {"us-9-1": "1602", "cs-st-pettus": "1603"}, released=("carr", "bowen", "loring"))
    assert odds(s, (idx("1603"),), (G.unit_index["us-9-1"],))["attack"] == 3


def test_17_4_carr_may_not_enter_enemy_zone():
    s = position(G, {"us-14-1": "1602", "cs-st-lee": "1604"}, released=("osterhaus", "bowen", "loring"))
    act(s, "move", "us-14-1")
    assert not legal(s, "step", "1603")


def test_17_4_restricted_carr_may_not_enter_the_map_into_an_enemy_zone():
    # Carr's division arrives at 1911 (Game-Turn 1); Lee at 1810 puts 1911 in his zone
    s = position(G, {"cs-st-lee": "1810"}, turn=2, released=("osterhaus", "bowen", "loring"))
    carr = {a.a for a in s.legal_actions() if a.kind == "enter"} & set(G.div_units[G.CARR])
    assert not carr                                       # 17.4 binds entering as any step
    s = position(G, {"cs-st-lee": "1810"}, turn=2, released=REL)
    act(s, "enter", "us-14-1")                            # released: it enters, and stops (7.0)
    assert hexof(s, "us-14-1") == "1911" and s.mv_mp == 0
    s = position(G, {"cs-st-lee": "1808"}, turn=2, released=("osterhaus", "bowen", "loring"))
    act(s, "enter", "us-14-1")                            # no enemy zone at 1911: it may enter
    assert hexof(s, "us-14-1") == "1911" and s.mv_mp == 5


def test_17_5_second_ohio_may_not_move_until_released():
    s = position(G, {"us-12-2oh": "1504"})
    assert not legal(s, "move", "us-12-2oh")
    s = position(G, {"us-12-2oh": "1504"}, ohio_free=True)
    assert legal(s, "move", "us-12-2oh")


def test_18_train_moves_only_when_released_and_by_road():
    s = position(G, {"us-train": "1504", "us-12-1": "1602"})
    assert not legal(s, "move", "us-train")
    s = position(G, {"us-train": "1504", "us-12-1": "1602"}, train_free=True)
    act(s, "move", "us-train")
    steps = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}
    assert steps == {"1404", "1603", "1503"}                  # roads only
    act(s, "step", "1603")
    assert s.vp_conf == 5                                      # 21.3: left its set-up hex
    s = position(G, {"us-train": "1504", "us-12-1": "1504", "cs-st-lee": "1505"}, released=REL)
    assert not legal(s, "move", "us-12-1")                     # 6.1: in an enemy zone, may not move


def test_19_2_union_artillery_range_four_at_two_thirds():
    u = G.unit_index["us-12-a1mo"]
    s = position(G, {"us-12-a1mo": "1602", "cs-st-pettus": "1606"}, released=REL)
    assert G.board.distance(idx("1602"), idx("1606")) == 4
    o = odds(s, (idx("1606"),), (u,))
    assert o["bombard_only"] and o["attack"] == 2              # 3 x 2/3 (reduced by one third)
    s.strat[u] = True
    assert not s.may_bombard(u)                                # 19.2: not after strategic movement


def test_19_2_and_9_1_range_reduces_a_six_gun_battery():
    # Schofield's six guns are 3 points: 3 at range 2, 2 at range 3 (9.1), 2 at range 4 (19.2,
    # reduced by one third), 1 with the option reading 19.2 as "to one third"
    u = G.unit_index["us-12-a1mo"]
    got = {}
    for name, g in (("default", G), ("one_third", game(union_range4_factor="one_third"))):
        for target in ("1604", "1605", "1606"):
            s = position(g, {"us-12-a1mo": "1602", "cs-st-pettus": target}, released=REL)
            got[name, G.board.distance(idx("1602"), idx(target))] = odds(s, (idx(target),), (u,))["attack"]
    assert got == {("default", 2): 3, ("default", 3): 2, ("default", 4): 2,
                   ("one_third", 2): 3, ("one_third", 3): 2, ("one_third", 4): 1}


def test_19_4_five_units_one_brigade():
    s = position(G, {"us-12-1": "1602"})
    assert not s.stack_ok(idx("1602"), 0, (G.unit_index["us-12-2"],))
    assert s.stack_ok(idx("1602"), 0, (G.unit_index["us-12-a1mo"], G.unit_index["us-train"]))


def test_19_14_attack_across_jacksons_creek_halved():
    s = position(G, {"us-12-1": "1510", "cs-st-pettus": "1410"}, released=REL)
    o = odds(s, (idx("1410"),), (G.unit_index["us-12-1"],))
    assert o["attack"] == 4


def test_19_3_exit_along_a_road():
    s = position(G, {"us-12-1": "1802"})
    act(s, "move", "us-12-1")
    act(s, "step", "1902")
    act(s, "exit", "us-12-1")
    assert hexof(s, "us-12-1") == "exited"


def test_19_6_ammunition_roll_swaps_out_of_ammo_counters():
    s = position(G, {"cs-bo-green": "1312", "cs-bo-cockrell": "1310"}, side="confederate", turn=5,
                 released=REL, ammo_turn=5, bowen_adv=1, dice=(2,))
    s.on_movement_start(1)
    assert hexof(s, "cs-bo-green-ooa") == "1312" and hexof(s, "cs-bo-green") == "off"


def test_20_1_a_union_unit_exiting_at_0108_takes_it_from_the_confederate_lines():
    # Night, last Game-Turn. 0119 is already Union; the Union brigade leaves the map by the
    # Edwards road at 0108, taking it (21.2): Lee, far west, has no friendly end hex left
    s = position(G, {"us-12-1": "0208", "cs-st-lee": "0808"}, turn=12, released=REL, control={"0119": "union"})
    assert s.control[G.control_hexes.index(idx("0108"))] == 1
    act(s, "move", "us-12-1")
    act(s, "step", "0108")
    act(s, "exit", "us-12-1")
    assert s.control[G.control_hexes.index(idx("0108"))] == 0
    act(s, "end_movement")
    act(s, "end_movement")                                # the Confederates stay: the game ends
    res = s.result
    assert res["final"] and res["control"]["0108"] == "union"
    assert res["categories"]["union"]["cut_off"] == 5     # Lee counts as eliminated (20.0, 21.1)
    assert res["categories"]["union"]["exits"] == 3       # 21.3: a brigade exited at 0108


def test_21_crossroads_points_and_final_result():
    s = G.new_game(0)
    import random
    rng = random.Random(0)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    res = s.result
    assert res["final"] and set(res["vp"]) == {"union", "confederate"}
    assert any("Crossroads 1309" in e.text for e in s.log)
    assert res["level"] in ("decisive", "substantive", "marginal", "draw")
