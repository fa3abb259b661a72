"""The Champion Hill bots' ground knowledge (issue 30): what taking a victory hex is worth, a
unit stepping into an enemy zone only at odds its side can mass, and an attack that may open
the crossroads worth more than the same attack elsewhere."""

from cwbattles.bots.knowledge.blue_and_gray import table_outcomes
from cwbattles.bots.knowledge.champion_hill import attacks, ground, held
from cwbattles.bots.knowledge.champion_hill.facts import UNION, facts, hex_defence
from cwbattles.bots.knowledge.champion_hill.movement import Plan

from tests.games.champion_hill.helpers import game as ch_game
from tests.games.champion_hill.helpers import position

G = ch_game()
H = G.board.index


def test_21_3_capture_value_of_the_crossroads_is_its_turns_left_at_both_rates():
    s = position(G, {"us-12-1": "1505", "cs-st-lee": "1309"}, turn=2)
    # turns 2-12 still score: 11 checks of 5 (Union) + 10 (Confederates)
    assert ground.hex_worth(s, UNION, H["1309"]) == 11 * 15
    assert ground.hex_worth(s, UNION, H["0507"]) == 50                         # 25 to either side
    assert ground.capture_value(s, UNION, H["1505"], 8) == 0.0                 # not a victory hex
    # Lee, the only Confederate, is the defender the attack removes: nobody to retake the hex
    assert ground.keep_chance(s, UNION, H["1309"], 8) == 1.0
    assert ground.capture_value(s, UNION, H["1309"], 8) == 11 * 15


def test_8_6_a_crossroads_taken_is_worth_the_chance_it_survives_the_enemy_reply():
    """Lee holds 1309; Cockrell (8, Bowen released) stands next to it at 1310 and two of
    Stevenson's batteries (2 + 2) at 1208, within range: a Union brigade of 6 that takes the
    crossroads would face 12 points at 2-1 in the Confederate Player-Turn, and keeps the hex on
    that column's Ar and Ae only. On the night turn (12, 11.2) nobody attacks: it is certain."""
    units = {"cs-st-lee": "1309", "cs-bo-cockrell": "1310", "cs-st-corput": "1208", "cs-st-ridley": "1208",
             "us-12-2": "1409"}
    s = position(G, units, turn=5, released=("bowen", "loring"))
    assert ground.massable(s, 1, H["1309"], exclude=(G.unit_index["cs-st-lee"],)) == 8 + 2 + 2
    column = G.tables.column(12, 6)
    assert G.tables.columns[column] == "2-1"
    chances = table_outcomes(G.tables, column)
    keep = chances.get("Ar", 0.0) + chances.get("Ae", 0.0)
    assert 0 < keep < 1
    assert abs(ground.keep_chance(s, UNION, H["1309"], 6) - keep) < 1e-9
    assert abs(ground.capture_value(s, UNION, H["1309"], 6) - keep * 8 * 15) < 1e-9
    # a holder of 12 faces 1-1: likelier to last
    assert ground.keep_chance(s, UNION, H["1309"], 12) > keep
    night = position(G, units, turn=12, released=("bowen", "loring"))
    assert ground.keep_chance(night, UNION, H["1309"], 6) == 1.0


def lone_or_massed(friends: dict):
    """Lee's brigade (5) holds the crossroads; Hovey's 2nd brigade (6) three hexes off,
    unmoved, may step next to it at 1310; ``friends`` stand within three hexes, unmoved."""
    units = {"cs-st-lee": "1309", "us-12-2": "1411"}
    units.update(friends)
    s = position(G, units, turn=3)
    return s, Plan(s, UNION)


def test_8_1_a_lone_brigade_keeps_out_of_a_zone_where_it_would_attack_at_bad_odds():
    s, plan = lone_or_massed({})
    assert 6 / hex_defence(s, H["1309"]) < 1.5
    assert plan.contact(G.unit_index["us-12-2"], H["1310"]) == -1.0 * 6     # nearly the brigade


def test_8_1_a_brigade_steps_in_when_its_side_can_mass_three_to_one_and_gains_the_ground():
    s, plan = lone_or_massed({"us-3-1": "1311", "us-3-3": "1210", "us-12-a1mo": "1411"})
    defence = hex_defence(s, H["1309"])
    mass = ground.massable(s, UNION, H["1309"], exclude=(G.unit_index["us-12-2"],))
    # two brigades of 7 at 0.6 each, the battery within range in full
    assert mass == ground.MASS_SHARE * 14 + 3
    ratio = (mass + 6) / defence
    assert defence == 5 and ratio >= 3                 # clear ground (8.4): 17.4 against 5
    expected = 0.6 * min(defence, 8) + 0.1 * ground.capture_value(s, UNION, H["1309"], 6)
    assert abs(plan.contact(G.unit_index["us-12-2"], H["1310"]) - expected) < 1e-9
    alone = lone_or_massed({})[1].contact(G.unit_index["us-12-2"], H["1310"])
    assert plan.contact(G.unit_index["us-12-2"], H["1310"]) > alone + 10


def test_8_6_a_result_that_empties_the_crossroads_is_worth_its_ground():
    """The same two brigades against Lee's 5 points, once at the crossroads and once at 1505
    (no victory hex): De, Dr and Ex differ by exactly the crossroads' capture value; Ar and
    Ae (the attackers' losses) do not."""
    on = position(G, {"cs-st-lee": "1309", "us-12-1": "1310", "us-12-2": "1409"}, turn=3, phase="combat")
    off = position(G, {"cs-st-lee": "1505", "us-12-1": "1506", "us-12-2": "1404"}, turn=3, phase="combat")
    attackers = (G.unit_index["us-12-1"], G.unit_index["us-12-2"])
    a = attacks.result_values(on, (H["1309"],), attackers)
    b = attacks.result_values(off, (H["1505"],), attackers)
    worth = ground.capture_value(on, UNION, H["1309"], 8)         # us-12-1 (8) would advance
    assert worth > 0
    for r in ("De", "Dr", "Ex"):
        assert abs(a[r] - b[r] - worth) < 1e-9, r
    assert a["Ar"] == b["Ar"] and a["Ae"] == b["Ae"]
    assert facts(G).crossroads == H["1309"]


def test_17_1_freeing_bowen_and_loring_early_costs_their_strength_for_each_turn_early():
    """Cockrell (8, Bowen) at 1310 and Buford (8, Loring) at 1315, both held, Game-Turn 2: a
    Union attack on Cockrell frees both (17.1 ii, 17.2 ii), Bowen two turns before turn 4 and
    Loring three before turn 5; a bombardment frees nobody; once released, nothing is owed."""
    units = {"cs-bo-cockrell": "1310", "cs-lo-buford": "1315", "us-12-2": "1411"}
    s = position(G, units, turn=2)
    assert held.release_cost(s, UNION, [H["1310"]]) == held.EARLY_VP * (8 * 2 + 8 * 3)
    assert held.release_cost(s, UNION, [H["1310"]], bombard_only=True) == 0.0
    free = position(G, units, turn=2, released=("bowen", "loring"))
    assert held.release_cost(free, UNION, [H["1310"]]) == 0.0
    # a step next to Cockrell (1410 touches 1310) obliges that attack (8.1): it costs the same
    plan, free_plan = Plan(s, UNION), Plan(free, UNION)
    u = G.unit_index["us-12-2"]
    assert H["1310"] in G.board.adjacent[H["1410"]]
    gap = free_plan.contact(u, H["1410"]) - plan.contact(u, H["1410"])
    assert abs(gap - held.EARLY_VP * 40) < 1e-9


def test_17_3_a_confederate_attack_on_the_held_9th_division_costs_its_release():
    s = position(G, {"us-9-1": "1710", "us-9-2": "1810", "cs-st-jackson": "1610"}, turn=2, side="confederate")
    assert held.release_cost(s, 1, [H["1710"]]) == held.EARLY_VP * (6 + 5) * 4      # turn 6 at the latest


def test_21_2_a_victory_hex_held_with_no_enemy_near_is_secure_and_worth_less_as_an_objective():
    quiet = position(G, {"us-12-1": "1306", "us-12-2": "1505", "cs-st-lee": "0507"}, turn=8,
                     control={"1306": "union"})
    contested = position(G, {"us-12-1": "1306", "us-12-2": "1505", "cs-st-lee": "1207"}, turn=8,
                         control={"1306": "union"})
    assert H["1306"] in Plan(quiet, UNION).secure
    assert H["1306"] not in Plan(contested, UNION).secure          # Lee two hexes off
    assert H["0507"] not in Plan(quiet, UNION).secure              # not the Union's


def test_6_1_a_unit_pinned_in_another_enemy_zone_adds_nothing_to_the_mass():
    """A Union brigade of 7 (us-3-1) two hexes from Lee at the crossroads counts at the mass's
    share; with Pettus next to it at 1312 it stands in a Confederate zone and may not move
    (6.1), so it cannot join an attack on 1309 this turn."""
    free = position(G, {"cs-st-lee": "1309", "us-3-1": "1311"}, turn=5)
    pinned = position(G, {"cs-st-lee": "1309", "us-3-1": "1311", "cs-st-pettus": "1312"}, turn=5)
    assert H["1311"] in pinned.zoc(1) and H["1311"] not in free.zoc(1)
    assert ground.massable(free, UNION, H["1309"]) == ground.MASS_SHARE * 7
    assert ground.massable(pinned, UNION, H["1309"]) == 0.0


def test_21_2_the_confederates_count_this_turns_crossroads_check_as_certain():
    """The Confederates play second (16.3): a crossroads they take is checked at the end of this
    Game-Turn before any Union reply, so its 15-VP swing is certain and only the later turns
    ride on the chance of keeping it; the Union, playing first, is answered before every check."""
    units = {"us-12-2": "1309", "us-3-1": "1411", "cs-st-lee": "1308"}
    s = position(G, units, turn=5, side="confederate", control={"1309": "union"})
    # the brigade of 7 two hexes off counts at the mass's share against Lee's 5: 4.2 to 5
    assert ground.massable(s, UNION, H["1309"], exclude=(G.unit_index["us-12-2"],)) == ground.MASS_SHARE * 7
    keep = ground.keep_chance(s, 1, H["1309"], 5)
    assert 0 < keep < 1
    worth = ground.hex_worth(s, 1, H["1309"])
    assert worth == 8 * 15
    assert abs(ground.capture_value(s, 1, H["1309"], 5) - (15 + (worth - 15) * keep)) < 1e-9
    union = position(G, {"cs-st-lee": "1309", "cs-bo-cockrell": "1310", "us-12-2": "1409"}, turn=5,
                     released=("bowen", "loring"))
    keep = ground.keep_chance(union, UNION, H["1309"], 6)
    assert abs(ground.capture_value(union, UNION, H["1309"], 6) - worth * keep) < 1e-9


def test_21_2_the_nearest_free_unit_goes_back_for_an_unguarded_line_of_communication():
    """The Confederate cavalry rode through 1920 (21.2: the last to pass through controls it) and
    is gone: the nearest Union unit free to move, the weaker of two at the same distance, is sent
    back through it (40 VP at the end, 21.3); nobody is sent while a Confederate stands within
    three hexes of it, and the units in a Confederate zone (6.1) are not free to go."""
    units = {"us-15-2-1": "1718", "us-15-2-a1il": "1718", "us-12-2": "1505", "cs-st-lee": "1309"}
    s = position(G, units, turn=4, control={"1920": "confederate"})
    U = G.unit_index

    def sent(plan):
        return {u for u, h in plan.reclaim.items() if h == H["1920"]}

    plan = Plan(s, UNION)
    assert sent(plan) == {U["us-15-2-a1il"]}                         # the battery (3), not the brigade (6)
    assert plan.objective(U["us-15-2-a1il"], H["1718"]) == H["1920"]
    assert plan.objective(U["us-15-2-1"], H["1718"]) != H["1920"]
    guarded = position(G, dict(units, **{"cs-cav-adams": "1819"}), turn=4, control={"1920": "confederate"})
    assert sent(Plan(guarded, UNION)) == set()
    pinned = position(G, dict(units, **{"cs-lo-tilghman": "1617"}), turn=4, control={"1920": "confederate"})
    assert G.board.distance(H["1617"], H["1920"]) > 3 and H["1718"] in pinned.zoc(1)
    assert set(Plan(pinned, UNION).reclaim) == {U["us-12-2"]}       # the only free unit
    assert sent(Plan(position(G, units, turn=4), UNION)) == set()     # the Union's own: nothing to take back
