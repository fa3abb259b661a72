"""21.1 Limitations on dismounted cavalry: Morale Rating 2; melee initiated only against dismounted
cavalry and artillery (21.11); alone and unpinned, meleed by infantry, it must retreat before
melee (21.12)."""

from tests.games.cedar_mountain.helpers import act, game, hexof, legal, position, unit

G = game()

# Bayard's 1st Pennsylvania (morale 4) in 1606, facing west (printed S) toward 1607.
CAV = "us-1pacav"


def test_21_1_dismounted_cavalry_is_rated_2_mounted_keeps_its_rating():
    s = position(G, {CAV: ("1606", "W", "dismounted")})
    assert s.morale_rating(unit(s, CAV)) == 2
    s = position(G, {CAV: ("1606", "W", "mounted")})
    assert s.morale_rating(unit(s, CAV)) == 4


def test_21_11_dismounted_cavalry_melees_only_dismounted_cavalry_and_artillery():
    units = {CAV: ("1606", "W", "dismounted"), "bayard": "1606", "cs-21va": ("1607", "E", "line")}
    s = position(G, units, phase="declarations")
    assert not legal(s, "melee_at", "1607")                 # infantry: no
    units = {CAV: ("1606", "W", "dismounted"), "bayard": "1606", "cs-alleghany": ("1607", "E", "unlimbered")}
    s = position(G, units, phase="declarations")
    assert legal(s, "melee_at", "1607")                     # artillery: yes
    units = {CAV: ("1606", "W", "mounted"), "bayard": "1606", "cs-21va": ("1607", "E", "line")}
    s = position(G, units, phase="declarations")
    assert legal(s, "melee_at", "1607")                     # mounted cavalry charges infantry (12.6)


# The Virginians in 1608 face east (printed north) toward 1607: their zone covers 1508, 1607 and
# 1708; a Union unit in 1607 may retreat before melee east, north-east or south-east on the ground
# (23.2): 1606, 1507 or 1707.
ATTACK = {"cs-21va": ("1608", "E", "line"), "garnett": "1608"}


def test_21_12_alone_and_meleed_by_infantry_it_must_retreat_before_melee():
    units = dict(ATTACK, **{CAV: ("1607", "E", "dismounted")})
    s = position(G, units, side="confederate", phase="rbm", melees=[("1607", ["cs-21va"])])
    assert s.stack[-1][0] == "rbm" and s.to_act == "union"
    assert not legal(s, "stand")
    assert {G.board.ids[a.a] for a in s.legal_actions()} == {"1606", "1507", "1707"}
    act(s, "retreat_to", "1606")
    assert hexof(s, CAV) == "1606"


def test_21_12_with_infantry_in_its_hex_or_against_cavalry_the_standard_rules_apply():
    units = dict(ATTACK, **{CAV: ("1607", "E", "dismounted"), "us-5ct": ("1607", "E", "line")})
    s = position(G, units, side="confederate", phase="rbm", melees=[("1607", ["cs-21va"])])
    assert s.stack[-1][0] == "rbm" and legal(s, "stand")
    act(s, "stand")                                         # the Connecticut regiment stays ...
    assert s.stack[-1][0] == "rbm" and legal(s, "stand")    # ... and so may the cavalry
    units = {CAV: ("1607", "E", "dismounted"), "cs-white": ("1608", "E", "dismounted")}
    s = position(G, units, side="confederate", phase="rbm", melees=[("1607", ["cs-white"])])
    assert s.stack[-1][0] == "rbm" and legal(s, "stand")


def test_21_12_a_pinned_dismounted_unit_does_not_retreat_before_melee():
    units = dict(ATTACK, **{CAV: ("1607", "E", "dismounted")})
    s = position(G, units, side="confederate", phase="rbm", melees=[("1607", ["cs-21va"])],
                 flags={CAV: ["pinned"]}, dice=[1, 1, 1, 1, 1, 1])
    assert not any(e.rule == "12.9" for e in s.log)
    assert any(e.rule == "12.4" for e in s.log)             # the melee is fought
