"""4.0 sequence of play, 14.3 and 14.5 artillery, 15.0 morale, pins and rally, 16.0 command,
17.3 and 17.6 leaders: the standard cases the fire, melee and movement tests do not reach, with
scripted dice on the test map (docs/rules/gbacw.md)."""

from cwbattles.systems.gbacw.command import brigade_in_command
from cwbattles.systems.gbacw.morale import morale_roll_passes, rout
from tests.systems.gbacw.helpers import act, game, hexof, legal, position, unit

G = game()
B = G.board.index


def play_on(s, until):
    """End each phase (or take the first choice) until ``until(s)`` holds."""
    while not until(s):
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind.startswith("end") or a.kind == "stop"), acts[0]))


def test_4_2_the_phases_of_a_player_turn_in_order():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0606", "N", "line"),
                     "c-b1": "0606", "c-div": "0607"}, phase="movement", dice=[6] * 20)
    start = len(s.log)
    play_on(s, lambda s: s.phasing == 1 and s.stack[-1][0] == "movement")
    events = [(e.rule, e.text) for e in s.log[start:]]
    order = [("5.1", "Union Movement Phase ends."), ("9.1", "Confederate Defensive Fire Phase ends."),
             ("9.1", "Union Offensive Fire Phase ends."), ("4.2", "Confederate Player-Turn.")]
    assert [e for e in events if e in order] == order          # 4.22, 4.24, 4.25, then 4.1
    assert s.turn == 2                                          # the second Player-Turn of the Game-Turn


def test_15_1_a_leader_in_the_hex_takes_one_from_the_roll():
    s = position(G, {"u-1a": ("0604", "S", "line")})
    u = unit(s, "u-1a")                                         # rating 4
    assert morale_roll_passes(s, u, 4) and not morale_roll_passes(s, u, 5)
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604"})
    assert morale_roll_passes(s, unit(s, "u-1a"), 5) and not morale_roll_passes(s, unit(s, "u-1a"), 6)


def fire(s, target, firer):
    act(s, "fire_at", target)
    if legal(s, "fire_with", firer):
        act(s, "fire_with", firer)
    if legal(s, "resolve_fire"):
        act(s, "resolve_fire")


def test_15_2_a_pin_outlasts_the_units_next_player_turn():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line"),
                     "c-b1": "0605"}, phase="offensive_fire", dice=[3, 2])
    fire(s, "0605", "u-1a")                                     # 4-5 column, P/R; c-1a passes: pinned
    c = unit(s, "c-1a")
    assert s.pinned(c)
    play_on(s, lambda s: s.phasing == 1 and s.stack[-1][0] == "movement")
    assert s.pinned(c) and not legal(s, "move", "c-1a")         # through its own Movement Phase
    play_on(s, lambda s: s.turn == 3)
    assert not s.pinned(c)                                      # lifted at the end of that Player-Turn


def test_15_2_a_pin_taken_in_the_units_own_turn_lasts_to_the_end_of_its_next():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line"),
                     "c-b1": "0605"}, phase="defensive_fire", dice=[3, 2])
    fire(s, "0604", "c-1a")                                     # the Confederates' defensive fire
    u = unit(s, "u-1a")
    assert s.pinned(u)
    play_on(s, lambda s: s.turn == 3 and s.phasing == 0 and s.stack[-1][0] == "movement")
    assert s.pinned(u) and not legal(s, "move", "u-1a")
    play_on(s, lambda s: s.phasing == 1)
    assert not s.pinned(u)


def test_15_5_rally_by_a_brigade_commander_s_point_within_his_radius():
    units = {"u-1a": ("0604", "S", "line"), "u-b1": "0405", "c-1a": ("0909", "N", "line")}
    s = position(G, units, phase="rally", flags={"u-1a": ["routed"]})
    b1 = unit(s, "u-b1")
    points = s.rally_left[b1]
    act(s, "rally", "u-1a")                                     # no die: the point does it
    assert not s.routed(unit(s, "u-1a")) and s.rally_left[b1] == points - 1
    s = position(G, dict(units, **{"u-b1": "0402"}), phase="rally", flags={"u-1a": ["routed"]})
    assert not legal(s, "rally", "u-1a")                        # beyond his Effectiveness Radius (2)


def test_15_51_no_rally_next_to_an_enemy_combat_unit():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line")},
                 phase="rally", flags={"u-1a": ["routed"]})
    assert not legal(s, "rally", "u-1a")


def test_15_54_an_independent_unit_rallies_on_a_roll_at_or_under_its_rating():
    units = {"u-bat": ("0505", "S", "limbered"), "c-1a": ("0909", "N", "line")}
    s = position(G, units, phase="rally", flags={"u-bat": ["routed"]}, dice=[5])
    act(s, "rally", "u-bat")
    assert s.routed(unit(s, "u-bat"))                           # 5 > 4
    assert not legal(s, "rally", "u-bat")                       # one attempt a Rally Phase
    s = position(G, units, phase="rally", flags={"u-bat": ["routed"]}, dice=[4])
    act(s, "rally", "u-bat")
    assert not s.routed(unit(s, "u-bat"))


def test_24_15_the_army_commander_rallies_his_hex_without_a_roll():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-army": "0604", "c-1a": ("0909", "N", "line")},
                 phase="rally", flags={"u-1a": ["routed"]})
    act(s, "rally", "u-1a")
    assert not s.routed(unit(s, "u-1a"))


def test_14_3_guns_stay_when_friends_retreat_through_and_their_crew_checks_morale():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "u-bat": ("0504", "S", "unlimbered"),
                     "c-1a": ("0605", "N", "line")}, phase="rally", dice=[6])
    u, bat = unit(s, "u-1a"), unit(s, "u-bat")
    rout(s, u, "test")
    s.advance()
    act(s, "retreat_to", "0504")                                # through the battery's hex
    assert s.routed(bat) and hexof(s, "u-bat") == "0504"        # 6 > 4: the crew routs ...
    assert s.form_name(bat) == "limbered"                       # ... and limbers up to flee (14.5)


def test_16_2_a_brigade_beyond_its_division_commander_s_radius_is_out_of_command():
    units = {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "u-div": "0104", "c-1a": ("1309", "N", "line")}
    s = position(G, units, phase="command")
    b = G.oob.brigade_index["ub1"]
    assert not brigade_in_command(s, b)                         # 5 hexes, radius 4
    s = position(G, dict(units, **{"u-div": "0204"}), phase="command")
    assert brigade_in_command(s, b)


def test_16_3_a_command_point_puts_the_brigade_back_in_command():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "u-div": "0104", "c-1a": ("1309", "N", "line")},
                 phase="command")
    b = G.oob.brigade_index["ub1"]
    act(s, "order", "ub1")
    assert s.brig_in_command[b]


def test_17_3_leaders_ignore_zones_of_control():
    s = position(G, {"u-b2": "0403", "c-1a": ("0505", "N", "line"), "u-1a": ("0101", "S", "line")})
    act(s, "move", "u-b2")
    act(s, "step", "0404")                                      # into c-1a's zone (0404, 0504, 0604)
    assert s.mv_unit == unit(s, "u-b2") and legal(s, "step", "0304")   # and on out of it


def test_17_6_a_leader_alone_is_captured_when_an_enemy_combat_unit_enters():
    s = position(G, {"c-1a": ("0605", "N", "column"), "c-b1": "0605", "u-b2": "0604"}, side="confederate")
    act(s, "move", "c-1a")
    act(s, "step", "0604")
    assert hexof(s, "u-b2") == "captured"
