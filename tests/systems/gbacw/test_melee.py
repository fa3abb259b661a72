"""12.0 melee: declaration, retreat before melee, strengths and odds, shifts, charges, results,
engagement, capture and advance, with scripted dice on the test map.

Melee Results Table (melee.toml), die 1-6: 3-2 reads A1r E E D1 Dr D1r; 2-1 reads Ar E D1 Dr D1r
D1r; 3-1 reads E D1 Dr D1r D1r D2r."""

from fractions import Fraction

from cwbattles.systems.gbacw.melee import melee_odds
from tests.systems.gbacw.helpers import act, game, hexof, legal, position, unit

G = game()
B = G.board.index

# u-1a (4) north of c-1a (4, facing N: frontal); u-1b (3) south-west of it (its flank).
FIGHT = {"u-1a": ("0604", "S", "line"), "u-1b": ("0506", "NE", "line"), "u-b1": "0604",
         "c-1a": ("0605", "N", "line"), "c-b1": "0605"}


def declare(s, target, *attackers):
    act(s, "melee_at", target)
    for u in attackers:
        if legal(s, "melee_with", u):
            act(s, "melee_with", u)
    if legal(s, "declare"):
        act(s, "declare")


def odds_of(s, target, *attackers):
    return melee_odds(s, B[target], tuple(unit(s, u) for u in attackers))


def test_12_1_only_frontal_hexes_and_only_units_able_to_close():
    s = position(G, dict(FIGHT, **{"u-1a": ("0604", "N", "line")}), phase="declarations")
    assert not legal(s, "melee_at", "0605") or not legal(s, "melee_with", "u-1a")
    s = position(G, FIGHT, phase="declarations", flags={"u-1a": ["pinned"], "u-1b": ["routed"]})
    assert not legal(s, "melee_at", "0605")
    s = position(G, dict(FIGHT, **{"u-b1": "0901"}), phase="declarations")        # 16.4: out of command
    assert not legal(s, "melee_at", "0605")


def test_12_1_declared_attackers_are_marked_and_hold_their_fire():
    s = position(G, FIGHT, phase="declarations")
    declare(s, "0605", "u-1a", "u-1b")
    assert s.melees == ((B["0605"], (unit(s, "u-1a"), unit(s, "u-1b"))),)
    assert s.stack[-1][:3] == ("fire", 1, 0)               # the Confederate Defensive Fire Phase next


def test_12_3_strengths_leaders_and_12_4_odds_rounded_for_the_defender():
    s = position(G, FIGHT, phase="melee")
    o = odds_of(s, "0605", "u-1a", "u-1b")
    assert (o["attack"], o["defence"]) == (8, 5)            # 4 + 3 + a leader; 4 + a leader
    assert G.tables.melee_columns[o["base"]] == "3-2"       # 1.6 : 1 reads 3-2
    assert ("12.5", 1) in o["shifts"] and o["odds"] == "2-1"   # u-1b comes in on the flank


def test_12_5_rear_march_formation_woods_run_and_crest():
    s = position(G, {"u-1a": ("0606", "N", "line"), "c-1a": ("0605", "N", "line")}, phase="melee")
    assert ("12.5", 2) in odds_of(s, "0605", "u-1a")["shifts"]                  # from behind
    s = position(G, {"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "column")}, phase="melee")
    assert ("12.5", 1) in odds_of(s, "0605", "u-1a")["shifts"]                  # a column
    s = position(G, {"u-1a": ("0501", "SW", "line"), "c-1a": ("0401", "NE", "line")}, phase="melee")
    assert ("12.5", -1) in odds_of(s, "0401", "u-1a")["shifts"]                 # woods
    s = position(G, {"u-1a": ("0306", "SE", "line"), "c-1a": ("0406", "NW", "line")}, phase="melee")
    assert ("21.35", -2) in odds_of(s, "0406", "u-1a")["shifts"]                # across the run
    s = position(G, {"u-1a": ("0605", "SE", "line"), "c-1a": ("0706", "NW", "line")}, phase="melee")
    assert ("9.52", -1) in odds_of(s, "0706", "u-1a")["shifts"]                 # up into a crest hex


def test_12_7_defender_loses_and_retreats_then_checks_morale_and_the_attackers_may_advance():
    s = position(G, FIGHT, phase="melee", melees=[("0605", ["u-1a", "u-1b"])],
                 dice=[6, 1, 1, 1])                         # 2-1, die 6: D1r; c-b1 not hit (1); morale 1
    c1a = unit(s, "c-1a")
    assert s.sp[c1a] == 3
    assert hexof(s, "c-1a") == "0706"                       # its one hex away from the enemy (12.81)
    assert any(e.rule == "12.85" for e in s.log)            # then a morale check: passed
    assert s.stack[-1][0] == "advance" and s.to_act == "union"
    act(s, "advance", "u-1a")
    assert hexof(s, "u-1a") == "0605"


def test_12_7_engaged_units_stay_do_not_move_or_fire_and_must_melee_again():
    s = position(G, FIGHT, phase="melee", melees=[("0605", ["u-1a", "u-1b"])], dice=[2])    # 2-1, die 2: E
    for uid in ("u-1a", "u-1b", "c-1a"):
        assert s.engaged(unit(s, uid))
    s2 = position(G, FIGHT, phase="movement", flags={"u-1a": ["engaged"], "c-1a": ["engaged"]})
    assert not legal(s2, "move", "u-1a")
    s3 = position(G, FIGHT, phase="declarations", flags={"u-1a": ["engaged"], "c-1a": ["engaged"]})
    assert not legal(s3, "end_declarations")                # 12.7: it must melee


def test_12_7_attacker_repulsed():
    s = position(G, FIGHT, phase="melee", melees=[("0605", ["u-1a", "u-1b"])], dice=[1, 1, 1, 1])   # 2-1, 1: Ar
    assert s.stack[-1][0] in ("retreat", "rally_phase") or s.to_act == "union"
    assert not s.engaged(unit(s, "c-1a"))
    assert hexof(s, "c-1a") == "0605"


def test_12_82_a_defender_with_no_way_out_is_captured():
    units = dict(FIGHT, **{"u-2a": ("0606", "N", "line"), "u-bat": ("0705", "SW", "unlimbered"),
                           "u-cav": ("0706", "NW", "dismounted"), "u-b2": "0606", "u-army": "0505"})
    s = position(G, units, phase="melee", melees=[("0605", ["u-1a", "u-1b", "u-2a"])], dice=[6, 1])
    # 4 + 3 + 5 + 2 leaders = 14 against 5: 2.8 -> 2-1, +2 from the rear: 4-1, die 6: D2r
    assert hexof(s, "c-1a") == "captured" and s.capt[unit(s, "c-1a")] == 2
    assert hexof(s, "c-b1") == "captured"                   # 17.6: captured with his last unit


def test_14_4_unlimbered_guns_cannot_retreat_they_are_captured():
    s = position(G, {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-bat": ("0605", "N", "unlimbered")},
                 phase="melee", melees=[("0605", ["u-1a"])], dice=[6])
    # 4 against 4 guns: 1-1, die 6: Dr
    assert hexof(s, "c-bat") == "captured" and s.capt[unit(s, "c-bat")] == 4


def test_12_6_a_charge_doubles_and_leaves_the_cavalry_spent():
    s = position(G, {"u-cav": ("0604", "S", "mounted"), "c-1a": ("0605", "N", "line")}, phase="declarations",
                 dice=[1, 1, 1, 1, 1, 1])
    act(s, "melee_at", "0605")
    pv = s.preview(s.legal_actions()[0]) if legal(s, "declare") else None
    assert s.melees and s.flags[unit(s, "u-cav")] & 1024 or pv is not None
    s = position(G, {"u-cav": ("0604", "S", "mounted"), "c-1a": ("0605", "N", "line")}, phase="melee",
                 melees=[("0605", ["u-cav"])], flags={"u-cav": ["melee", "charging"]}, dice=[3, 1, 1, 1])
    o_attack = next(e for e in s.log if e.rule == "12.4").text
    assert "6 against 4" in o_attack                         # 3 points charging: 6
    assert s.routed(unit(s, "u-cav"))


def test_12_9_retreat_before_melee_never_into_an_enemy_zone_then_the_attackers_may_advance():
    s = position(G, FIGHT, phase="rbm", melees=[("0605", ["u-1a", "u-1b"])])
    assert s.stack[-1][0] == "rbm" and s.to_act == "confederate"
    options = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "retreat_to"}
    zone = s.zoc(0)
    assert options and not any(B[h] in zone for h in options)
    assert legal(s, "stand")
    act(s, "retreat_to", sorted(options)[0])
    assert s.stack[-1][0] == "advance" and s.to_act == "union"


def test_12_9_pinned_defenders_do_not_retreat_before_melee():
    s = position(G, FIGHT, phase="rbm", melees=[("0605", ["u-1a", "u-1b"])], flags={"c-1a": ["pinned"]},
                 dice=[2])
    assert s.stack[-1][0] != "rbm"


def test_15_6_routed_defenders_count_half():
    s = position(G, {"u-1a": ("0604", "S", "line"), "c-1a": ("0605", "N", "line")}, phase="melee",
                 flags={"c-1a": ["routed"]})
    assert odds_of(s, "0605", "u-1a")["defence"] == Fraction(2)
