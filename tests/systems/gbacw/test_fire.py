"""9.0 fire combat, 13.0 results (errata 13.42), 10.3-10.4 withdrawal and retreat fire, 18.0 line
of sight, with scripted dice on the test map.

Target hex 0605 is clear, level 0, not a crest. On the Fire Combat Results Table (fire.toml) the
4-5 column reads, die 1-6: -, *, P/R, 1, 1*, 1*."""

from fractions import Fraction

from cwbattles.systems.gbacw.fire import can_fire_at, fire_column, fire_strength
from cwbattles.systems.gbacw.los import sees
from tests.systems.gbacw.helpers import act, game, hexof, legal, position, unit

G = game()
B = G.board.index


def firing(units, dice=(), **kw):
    """Union fires in its Offensive Fire Phase; brigadiers ride with their regiments."""
    return position(G, units, phase="offensive_fire", dice=dice, **kw)


TWO_CONFEDERATES = {"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line"), "c-1b": ("0605", "N", "line")}


def fire_at(s, target, *firers):
    """Declare and resolve a fire (a lone candidate joins, and a fire with nothing to add is
    resolved, by the machine itself: single legal actions are played at once)."""
    act(s, "fire_at", target)
    for f in firers:
        if legal(s, "fire_with", f):
            act(s, "fire_with", f)
    if legal(s, "resolve_fire"):
        act(s, "resolve_fire")


def test_9_1_fire_only_into_the_front():
    s = firing({"u-1a": ("0604", "N", "line"), "c-1a": ("0605", "N", "line")})
    assert not legal(s, "fire_at", "0605")                 # behind u-1a
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line")})
    assert legal(s, "fire_at", "0605")


def test_9_1_columns_do_not_fire_and_melee_declared_units_hold_their_fire():
    s = firing({"u-1a": ("0604", "S", "column"), "c-1a": ("0605", "N", "line")})
    assert not legal(s, "fire_at", "0605")
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line")}, flags={"u-1a": ["melee"]})
    assert not legal(s, "fire_at", "0605")


def test_9_1_each_unit_fires_once_a_phase():
    s = firing(TWO_CONFEDERATES, dice=[1])
    fire_at(s, "0605", "u-1a")
    assert not legal(s, "fire_at", "0605")


def test_9_3_range_multipliers_and_canister():
    s = firing({"u-1a": ("0604", "S", "line"), "u-bat": ("0603", "S", "unlimbered"), "c-1a": ("0605", "N", "line"),
                "c-2a": ("0607", "N", "line")})
    u1a, bat = unit(s, "u-1a"), unit(s, "u-bat")
    assert fire_strength(s, (u1a,), B["0605"]) == 4                       # rifle-musket at 1
    assert fire_strength(s, (u1a,), B["0607"]) == Fraction(4, 3)          # at 3: a third
    assert fire_strength(s, (bat,), B["0605"]) == 12                      # Napoleons, canister at 2: x3
    assert fire_strength(s, (bat,), B["0607"]) == 4                       # at 4: x1
    s2 = firing({"u-2a": ("0604", "S", "line"), "c-1a": ("0607", "N", "line")})
    assert not can_fire_at(s2, unit(s2, "u-2a"), B["0607"])               # smoothbore musket: 2 hexes


def test_9_4_units_in_several_hexes_combine():
    s = firing({"u-1a": ("0604", "S", "line"), "u-1b": ("0506", "NE", "line"), "c-1a": ("0605", "N", "line")},
               dice=[1])
    pv = s.preview(next(a for a in s.legal_actions() if a.kind == "fire_at"))
    assert pv["strength"] == "7" and pv["column"] == "6-7" and pv["shifts"] == []
    assert pv["firers"] == ["u-1a", "u-1b"]
    fire_at(s, "0605", "u-1a", "u-1b")
    assert any("fire at 0605: strength 7" in e.text for e in s.log)


def test_9_51_terrain_shift_but_not_for_mounted_cavalry():
    s = firing({"u-1a": ("0501", "SW", "line"), "c-1a": ("0401", "NE", "line")})
    col, st, shifts = fire_column(s, (unit(s, "u-1a"),), B["0401"])
    assert ("9.51", -1) in shifts and col == 4                             # 4-5 shifted to 3
    s = firing({"u-1a": ("0501", "SW", "line"), "c-cav": ("0401", "NE", "mounted")})
    col, st, shifts = fire_column(s, (unit(s, "u-1a"),), B["0401"])
    assert ("9.51", -1) not in shifts and ("9.54", 1) in shifts           # errata 9.51; 9.54


def test_9_52_crest_hex_fired_on_from_below():
    s = firing({"u-1a": ("0605", "SE", "line"), "c-1a": ("0706", "NW", "line")})
    assert ("9.52", -1) in fire_column(s, (unit(s, "u-1a"),), B["0706"])[2]
    s = firing({"u-1a": ("0806", "SW", "line"), "c-1a": ("0706", "NE", "line")})
    assert ("9.52", -1) not in fire_column(s, (unit(s, "u-1a"),), B["0706"])[2]   # from the ridge


def test_9_53_enfilade_and_9_54_march_formation():
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "S", "line")})   # c-1a faces away
    assert ("9.53", 1) in fire_column(s, (unit(s, "u-1a"),), B["0605"])[2]
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "column")})
    assert ("9.54", 1) in fire_column(s, (unit(s, "u-1a"),), B["0605"])[2]


def test_13_42_p_r_top_unit_passes_and_is_pinned_the_second_untouched():
    s = firing(TWO_CONFEDERATES, dice=[3, 2])               # P/R; c-1b (top, rating 4) rolls 2
    fire_at(s, "0605", "u-1a")
    assert s.pinned(unit(s, "c-1b")) and not s.pinned(unit(s, "c-1a"))
    assert not s.routed(unit(s, "c-1b"))


def test_13_42_p_r_top_routs_then_the_second_checks():
    s = firing(TWO_CONFEDERATES, dice=[3, 5, 6])            # P/R; c-1b fails (5 > 4); c-1a fails (6 > 5)
    fire_at(s, "0605", "u-1a")
    assert s.routed(unit(s, "c-1b")) and s.routed(unit(s, "c-1a"))
    assert s.stack[-1][0] == "retreat"                      # 15.4: the routs are moved by the owner
    assert s.to_act == "confederate"


def test_13_42_loss_and_check_top_passes_then_pin_check():
    s = firing(TWO_CONFEDERATES, dice=[5, 1, 5])            # 1*; c-1b passes (1), pin check 5 > 4: pinned
    fire_at(s, "0605", "u-1a")
    c1b = unit(s, "c-1b")
    assert s.sp[c1b] == 3 and s.pinned(c1b) and not s.routed(c1b)


def test_13_42_top_unit_eliminated_the_second_checks_morale_and_pin():
    s = firing(TWO_CONFEDERATES, dice=[5, 2, 1], strength={"c-1b": 1})   # 1*: c-1b gone; c-1a passes both
    fire_at(s, "0605", "u-1a")
    assert hexof(s, "c-1b") == "elim"
    c1a = unit(s, "c-1a")
    assert not s.pinned(c1a) and not s.routed(c1a) and s.dice.calls == 3


def test_15_4_a_routed_unit_flees_two_hexes_away_from_the_enemy():
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line")}, dice=[3, 6])
    fire_at(s, "0605", "u-1a")
    c1a = unit(s, "c-1a")
    assert s.routed(c1a)
    first = [G.board.ids[a.a] for a in s.legal_actions()]
    assert "0604" not in first and first                    # never toward the firer
    act(s, "retreat_to", first[0])
    act(s, "retreat_to", [G.board.ids[a.a] for a in s.legal_actions()][0])
    assert G.board.distance(s.hex[c1a], B["0604"]) >= 3


def test_17_5_leader_in_a_hex_losing_strength_rolls_for_casualty():
    s = firing({"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line"), "c-b1": "0605"},
               dice=[4, 6, 5])                              # '1': c-1a loses 1; c-b1 hit (6), killed (5)
    fire_at(s, "0605", "u-1a")
    assert hexof(s, "c-b1") == "elim" and s.fate[unit(s, "c-b1")] == 2
    cb1 = G.oob.brigades[G.oob.brigade_index["cb1"]]
    # 17.8: in the next Confederate Initial Command Phase the brigade's replacement takes over
    assert s.turn == 2 and s.phasing == 1
    assert s.brig_cmd[cb1.index] == cb1.replacement and hexof(s, cb1.replacement.__index__() and
                                                               G.units[cb1.replacement].id) == "0605"


def test_10_3_withdrawal_fire_before_the_unit_leaves():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line")}, dice=[4, 1])
    act(s, "move", "u-1a")
    act(s, "step", "0705")                                  # leaves c-1a's zone: fire '1' first
    u1a = unit(s, "u-1a")
    assert s.sp[u1a] == 3 and hexof(s, "u-1a") == "0705"
    assert any(e.rule == "10.3" for e in s.log)


def test_9_85_pinned_units_fire_withdrawal_fire_at_half():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line")}, dice=[5, 2],
                 flags={"c-1a": ["pinned"]})
    act(s, "move", "u-1a")
    act(s, "step", "0705")
    ev = next(e for e in s.log if e.rule == "10.3")
    assert "strength 2" in ev.text and "column 2" in ev.text   # 4 halved; column 2, die 5: P/R


def test_10_4_retreat_fire_on_a_retreat_into_an_enemy_zone():
    """A retreat step into 0606, in u-1b's zone (u-1b at 0507 facing N), draws u-1b's fire: 3
    points on column 3, +1 for taking c-1a (facing N) in the flank (9.53): column 4-5, die 6:
    '1*' - c-1a loses one and checks morale (1: passes, pin check 1: not pinned)."""
    from cwbattles.systems.gbacw.retreat import retreat_step
    s = firing({"u-1b": ("0507", "N", "line"), "c-1a": ("0605", "N", "line")}, dice=[6, 1, 1])
    c1a = unit(s, "c-1a")
    assert B["0606"] in s.zoc(0)
    retreat_step(s, c1a, B["0606"], "melee")
    assert hexof(s, "c-1a") == "0606" and s.sp[c1a] == 3 and s.dice.calls == 3
    assert any(e.rule == "10.4" and "+1 (9.53), column 4-5: 1*" in e.text for e in s.log)


def test_18_woods_and_cornfields_block_sight_the_ends_never_do():
    s = firing({})
    assert not sees(s, B["0202"], B["0502"])                # through the woods at 0302/0402
    assert not sees(s, B["0801"], B["1103"])                # through standing corn
    assert sees(s, B["0902"], B["1002"]) and sees(s, B["0902"], B["1103"]) is False
    s.cleared = frozenset({B["1002"]})
    assert sees(s, B["0902"], B["1103"])                    # 21.43: once blown down


def test_preview_is_the_exact_distribution():
    s = firing(TWO_CONFEDERATES)
    pv = s.preview(next(a for a in s.legal_actions() if a.kind == "fire_at"))
    assert pv["column"] == "4-5"
    assert pv["exact"] == {"-": "1/6", "*": "1/6", "P/R": "1/6", "1": "1/6", "1*": "1/3"}
    units = pv["units"]
    # c-1b (rating 4, pass 2/3) on top: routed on '*', 'P/R' and twice '1*': 4 * 1/6 * 1/3
    assert units["c-1b"]["routed"]["exact"] == "2/9"
    # c-1a (rating 5) checks only after c-1b routs: 4/6 * 1/3 * 1/6 fails
    assert units["c-1a"]["routed"]["exact"] == "1/27"
