"""Blue & Gray standard rules 8.2 (a stack attacks together; the option to split), 8.7 (the defender's advance), 8.8
(displacement), 8.9 (voluntary odds reduction), 9.1 (bombarding artillery retreating on Ar) and
12 (Attack Effectiveness option), on the Champion Hill map with scripted dice."""

from cwbattles.systems.blue_and_gray import morale
from cwbattles.systems.blue_and_gray.combat import _combat_legal

from tests.games.champion_hill.helpers import act, game, hexof, idx, legal, position

REL = ("osterhaus", "carr", "bowen", "loring")
G = game()


def _attack(s, target, attackers, kind="resolve", column=None):
    """Declare and resolve; the machine plays forced choices itself (a 1-5 attack of one unit
    has no lower column to declare, so it resolves at once)."""
    if legal(s, "attack", target):
        act(s, "attack", target)
    for a in attackers:
        if legal(s, "attacker", a):
            act(s, "attacker", a)
    if legal(s, kind, column):
        act(s, kind, column)


# -- 8.8 displacement ----------------------------------------------------------------------------
# Lee (brigade) at 1603 is attacked from 1602 and 1704: of its neighbours only 1504 is outside
# the Union zones, and Cumming's brigade fills it (19.4: one brigade a hex).
BOXED = {"cs-st-lee": "1603", "us-12-1": "1602", "us-12-2": "1704", "cs-st-cumming": "1504",
         "us-3-1": "1405"}                 # 1405's zone covers 1404 and 1505


def test_8_8_retreating_unit_displaces_a_unit_of_a_full_hex():
    s = position(G, dict(BOXED), phase="combat", released=REL, dice=(1,))
    _attack(s, "1603", ["us-12-1", "us-12-2"])            # 14 : 5 = 2-1, roll 1 -> Dr
    # the only choices were "displace Cumming" and then his only retreat, 1403: both forced
    assert hexof(s, "cs-st-lee") == "1504" and hexof(s, "cs-st-cumming") == "1403"
    assert s.retreated[G.unit_index["cs-st-cumming"]]
    assert any(e.rule == "8.8" and "displacing" in e.text for e in s.log)


def test_8_8_no_displacement_when_the_displaced_unit_cannot_retreat():
    s = position(G, dict(BOXED, **{"us-3-2": "1304"}), phase="combat", released=REL, dice=(1,))
    _attack(s, "1603", ["us-12-1", "us-12-2"])            # Dr; Cumming would be boxed in too
    assert hexof(s, "cs-st-lee") == "elim" and hexof(s, "cs-st-cumming") == "1504"


def test_8_8_displacement_chain_never_returns_to_a_hex_of_the_chain():
    s = position(G, dict(BOXED, **{"cs-st-barton": "1403"}), phase="combat", released=REL, dice=(1,))
    _attack(s, "1603", ["us-12-1", "us-12-2"])            # Dr
    # Lee displaces Cumming, who displaces Barton; Barton chooses among the hexes left
    assert hexof(s, "cs-st-lee") == "1504" and hexof(s, "cs-st-cumming") == "1403"
    choices = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "retreat_to"}
    assert choices == {"1402", "1303", "1304"}            # not 1504 (chain), 1503/1404 (zones)
    act(s, "retreat_to", "1303", "cs-st-barton")
    assert hexof(s, "cs-st-barton") == "1303"


def test_8_8_displaced_artillery_may_not_attack_this_phase():
    units = {"us-12-1": "1602", "cs-st-lee": "1603", "us-12-2": "1601", "us-3-1": "1702",
             "us-3-8mi": "1502", "us-3-d1il": "1502", "us-3-l2il": "1502", "us-3-3oh": "1502", "us-7-6wi": "1502"}
    s = position(G, units, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1"])                       # 8 : 5 = 1-1, roll 4 -> Ar
    assert not legal(s, "retreat_to")                      # every open hex is full
    act(s, "displace", "us-3-8mi")
    assert hexof(s, "us-12-1") == "1502"
    battery = G.unit_index["us-3-8mi"]
    assert s.attacked[battery]                            # 8.8: it may no longer bombard
    act(s, "retreat_to", "1402", "us-3-8mi")              # 1402: not full, outside Lee's zone
    assert hexof(s, "us-3-8mi") == "1402" and s.retreated[battery]


# -- 8.9 voluntary reduction of odds -------------------------------------------------------------
def test_8_9_attacker_may_declare_a_lower_column():
    s = position(G, {"us-12-1": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL, dice=(4,))
    assert s.stack[-1][0] == "declare"                    # attack and attacker were forced
    lower = [G.tables.columns[a.a] for a in s.legal_actions() if a.kind == "resolve_at"]
    assert lower == ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1"]   # 8 : 2 is 4-1
    assert s.preview(next(a for a in s.legal_actions() if a.kind == "resolve_at" and a.a == 4))["odds"] == "1-1"
    act(s, "resolve_at", "1-1")                           # roll 4 on 1-1: Ar (at 4-1 it was Dr)
    assert "declared lower" in [e for e in s.log if e.rule == "8.6"][-1].text
    act(s, "retreat_to", "1601", "us-12-1")
    assert hexof(s, "us-12-1") == "1601" and hexof(s, "cs-st-pettus") == "1603"


# -- 9.1 bombarding artillery may retreat on Ar -------------------------------------------------
def test_9_1_bombarding_artillery_chooses_to_retreat_or_stand_on_ar():
    units = {"us-12-a1mo": "1601", "cs-st-pettus": "1603"}
    s = position(G, units, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-a1mo"])                    # 3 : 2 = 1-1, roll 4 -> Ar
    assert legal(s, "stand", "us-12-a1mo") and legal(s, "retreat_to", "1501", "us-12-a1mo")
    act(s, "retreat_to", "1501", "us-12-a1mo")
    assert hexof(s, "us-12-a1mo") == "1501"
    s = position(G, units, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-a1mo"])
    act(s, "stand", "us-12-a1mo")
    assert hexof(s, "us-12-a1mo") == "1601"


# -- 8.7 the defender advances after Ae / Ar ------------------------------------------------------
def test_8_7_defender_advances_into_the_hex_the_attacker_lost_on_ae():
    s = position(G, {"us-cav-3il": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL, dice=(6,))
    _attack(s, "1603", ["us-cav-3il"])                    # 1 : 5 = 1-5, roll 6 -> Ae
    assert hexof(s, "us-cav-3il") == "elim" and s.to_act == "confederate"
    act(s, "advance", "cs-st-lee", "1602")
    assert hexof(s, "cs-st-lee") == "1602"


def test_8_7_defender_may_decline_to_advance_after_ar():
    s = position(G, {"us-12-1": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1"])                       # 8 : 5 = 1-1, roll 4 -> Ar
    act(s, "retreat_to", "1601", "us-12-1")
    assert legal(s, "advance", "cs-st-lee", "1602")
    act(s, "no_advance")
    assert hexof(s, "cs-st-lee") == "1603"


# -- 8.2 a stack attacks together --------------------------------------------------------------
STACK = {"us-12-1": "1602", "us-12-a1mo": "1602", "us-12-16oh": "1602", "cs-st-pettus": "1603",
         "cs-st-jackson": "1503"}                # in the enemy zone, the batteries fight adjacent (9.4)


def test_8_2_a_stack_attacks_one_target_together_and_one_unit_may_be_withheld():
    s = position(G, dict(STACK), phase="combat", released=REL, dice=(1,))
    act(s, "attack", "1603")
    act(s, "attacker", "us-12-1")
    assert not legal(s, "resolve")                        # two of its stack left out: not yet
    act(s, "attacker", "us-12-a1mo")
    assert legal(s, "resolve")                            # one left out: it is withheld
    act(s, "resolve")                                     # roll 1: De
    act(s, "no_advance")
    assert hexof(s, "cs-st-pettus") == "elim"
    assert any(e.rule == "8.2" and "16th Ohio" in e.text and "withheld" in e.text for e in s.log)
    # the withheld battery may not attack Jackson, nor must it: the phase ended by itself
    assert s.phasing == 1 and not any("1503" in e.text for e in s.log if e.rule == "8.6")


def test_8_2_bombarding_artillery_of_one_stack_may_bombard_different_hexes():
    units = {"us-12-a1mo": "1501", "us-12-16oh": "1501", "cs-st-pettus": "1603", "cs-st-jackson": "1503"}
    s = position(G, units, phase="combat", released=REL, dice=(4, 4))
    _attack(s, "1503", ["us-12-a1mo"])                   # the other battery stays out: free (9.1)
    act(s, "stand", "us-12-a1mo")                         # roll 4: Ar, the battery need not retreat
    _attack(s, "1603", ["us-12-16oh"])
    act(s, "stand", "us-12-16oh")
    bombarded = [e.text for e in s.log if e.rule == "8.6"]
    assert any("attack 1503" in t for t in bombarded) and any("attack 1603" in t for t in bombarded)


def test_8_2_option_lets_the_units_of_a_stack_attack_apart():
    g = game(stack_attacks_together=False)
    s = position(g, dict(STACK), phase="combat", released=REL, dice=(1, 6))
    act(s, "attack", "1603")
    act(s, "attacker", "us-12-1")
    act(s, "resolve")                                     # alone: the rest of its stack may wait
    act(s, "no_advance")
    _attack(s, "1503", ["us-12-a1mo", "us-12-16oh"])     # ... and attack another hex
    assert any("attack 1503" in e.text for e in s.log if e.rule == "8.6")


# -- 12 Attack Effectiveness (option) ------------------------------------------------------------
def test_12_attack_effectiveness_attacker_repulsed_stays_ineffective_until_night():
    g = game(morale="attack_effectiveness")
    s = position(g, {"us-12-1": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1"])                       # 8 : 5 = 1-1, roll 4 -> Ar
    u = G.unit_index["us-12-1"]
    assert s.ineffective[u] and not s.may_attack(u)
    s = position(g, {"us-12-1": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL)
    s.ineffective[u] = True
    assert [a.kind for a in _combat_legal(s, ("combat", 0))] == ["end_combat"]   # not obliged either
    s.turn = 12
    morale.night_recovery(s)
    assert not s.ineffective[u]
    s = position(G, {"us-12-1": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1"])
    assert not s.ineffective[u]                           # default: no morale rule
