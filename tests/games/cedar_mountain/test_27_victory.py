"""27.0 How to win: points for enemy strength eliminated and captured (infantry and guns 1 and 2,
cavalry 2 and 3), leaders and broken brigades (27.21), 2 a Game-Turn for each Victory Point hex
held at the end of the Confederate Player-Turn (27.22), 1 to the Confederates for each unit leaving
by 0101 (27.23); the levels of 27.1 and the errata's Draw."""

from cwbattles.games.cedar_mountain.victory import level_of
from cwbattles.systems.gbacw.results import capture, take_losses
from tests.games.cedar_mountain.helpers import act, game, hexof, legal, position, unit

G = game()
I = G.board.index


def test_27_21_losses_by_arm_and_fate():
    s = position(G, {"us-5ct": ("1606", "W", "line"), "us-1pacav": ("1605", "W", "mounted"),
                     "us-epa": ("1506", "W", "unlimbered"), "cs-21va": ("1607", "E", "line")})
    take_losses(s, (unit(s, "us-5ct"),), 2, "test")          # 2 infantry points eliminated: 2
    capture(s, unit(s, "us-1pacav"), "test", "test")         # 3 cavalry points captured: 9
    take_losses(s, (unit(s, "us-epa"),), 1, "test")          # a gun eliminated: 1
    capture(s, unit(s, "us-epa"), "test", "test")            # five guns captured: 10
    take_losses(s, (unit(s, "cs-21va"),), 1, "test")         # to the Union: 1
    r = s.result
    assert r["confederate"]["loss_vp"] == 2 + 9 + 1 + 10 and r["union"]["loss_vp"] == 1
    assert r["union"]["losses"] == 2 + 3 + 1 + 5 and r["confederate"]["losses"] == 1    # own points and guns lost


def test_27_22_hexes_score_two_a_turn_to_the_last_occupier():
    units = {"cs-21va": ("2320", "W", "column"), "garnett": "2320"}
    s = position(G, units, side="confederate")
    act(s, "move", "cs-21va")
    act(s, "step", "2319")                                   # the Crittenden Gate
    assert s.control[G.control_hexes.index(I["2319"])] == 1
    act(s, "step", "2320")                                   # left again: still Confederate
    while s.turn == 2:
        a = next((x for x in s.legal_actions() if x.kind in ("stop", "end_movement", "end_fire",
                                                              "end_declarations", "end_rally", "end_command")), None)
        s.apply(a or s.legal_actions()[0])
    assert s.vp_hex == (0, 2)
    assert any(e.rule == "27.22" and "2319 confederate" in e.text for e in s.log)


def test_27_23_exit_by_0101_scores_for_the_confederates_only():
    s = position(G, {"cs-21va": ("0101", "E", "column"), "garnett": "0101"}, side="confederate")
    act(s, "move", "cs-21va")
    act(s, "exit")
    assert hexof(s, "cs-21va") == "exited" and s.vp_exit == (0, 1)
    s = position(G, {"us-5ct": ("0101", "E", "column"), "crawford": "0101"}, side="union")
    act(s, "move", "us-5ct")
    act(s, "exit")
    assert hexof(s, "us-5ct") == "exited" and s.vp_exit == (0, 0)
    assert s.result["confederate"]["loss_vp"] == 0 and s.result["union"]["losses"] == 0   # an exited unit is no loss


def test_27_23_exit_from_an_enemy_zone_draws_withdrawal_fire_first():
    """27.23 forbids nothing about an enemy zone of control: the 5th Connecticut in 0101, in the
    zone of the 21st Virginia (0102, facing it), may leave; leaving the hex draws withdrawal fire
    first (10.3: die 6, one of its 5 points lost), then it is off the map with 4 points.
    Option zoc_exit=barred: no exit from the zone."""
    units = {"us-5ct": ("0101", "E", "column"), "crawford": "0101", "cs-21va": ("0102", "E", "line")}
    s = position(G, units, side="union", dice=[6])
    act(s, "move", "us-5ct")
    assert s.sp[unit(s, "us-5ct")] == 5
    act(s, "exit")
    fired, left = [next(i for i, e in enumerate(s.log) if e.rule == r) for r in ("10.3", "27.23")]
    assert fired < left and s.log[fired].dice == (6,)
    assert hexof(s, "us-5ct") == "exited" and s.sp[unit(s, "us-5ct")] == 4
    s = position(game(zoc_exit="barred"), units, side="union")
    act(s, "move", "us-5ct")
    assert not legal(s, "exit")


def test_27_23_only_from_0101_in_the_movement_phase():
    s = position(G, {"cs-21va": ("0102", "E", "column"), "garnett": "0102"}, side="confederate")
    act(s, "move", "cs-21va")
    assert not legal(s, "exit")


def test_27_1_levels_and_the_errata_draw():
    assert [level_of(G, m) for m in (0, 5, 6, 10, 11, 18, 19, 40)] == \
        ["draw", "draw", "marginal", "marginal", "tactical", "tactical", "strategic", "strategic"]
    s = position(G, {"us-5ct": ("1606", "W", "line")})
    s.vp_hex = (0, 4)
    assert s.result["winner"] == "union" and s.result["level"] == "draw"       # errata: a slight Union win
    printed = game(draw="none")
    s2 = position(printed, {"us-5ct": ("1606", "W", "line")})
    s2.vp_hex = (0, 4)
    assert s2.result["winner"] is None
    s.vp_hex = (0, 14)
    assert s.result["winner"] == "confederate" and s.result["level"] == "tactical"
    assert s.result["historical"] == "confederate tactical"
