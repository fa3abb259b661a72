"""Rule 11.1 (attack declaration) and 11.3 (combat modifiers), and the exact preview.

Most tests start from attacks already declared (``battle``): loading the position runs the
11.1 obligations and, with one combat, resolves it at once with the scripted dice. The 11.2 log
line then gives every modifier and both totals, which the tests check exactly.

The plain arena: the Cooley house, the Cooley farm and the fields east of Kitching's camp are
three mutually adjacent level-0 zones without woods, town or special links. The Cooley house
has only three neighbours, so all are front (no flank). Turn 3 (no surprise) unless said.
Dice order (rules notes): attacker's artillery/sharpshooter rolls, defender's, attacker's die,
defender's die.
"""

import re
from fractions import Fraction

import pytest

from cwbattles.engine.actions import Action

from .helpers import act, setup_position, unit

SIDES = ("union", "confederate")
HOUSE, FARM, EAST = "cooley-house", "cooley-fields", "east-fields"
FIGHT = re.compile(r"(?P<att>.+) attacks? (?P<dfn>.+)\. Attacker: (?P<am>.+); rolls (?P<ar>\d), total (?P<at>\d+)\. "
                   r"Defender: (?P<dm>.+); rolls (?P<dr>\d), total (?P<dt>\d+)\.")


def battle(game, units, attackers, targets, dice, turn=3, **kw):
    """Attacks declared by ``attackers`` on ``targets``; the attacks are about to be resolved."""
    side = game.brigades[game.unit_index[attackers[0]]].side
    units = [dict(u, attack=0) if u["id"] in attackers else u for u in units]
    return setup_position(game, units, turn=turn, active=SIDES[side], dice=dice,
                          combats=[{"targets": targets, "attackers": attackers, "resolved": False}], **kw)


def _mods(text):
    """'a +1, b -2, a +1' -> {'a': 2, 'b': -2} (a modifier listed twice counts twice)."""
    out = {}
    if text != "none":
        for part in text.split(", "):
            name, value = part.rsplit(" ", 1)
            out[name] = out.get(name, 0) + int(value)
    return out


def fights(s):
    """Every 11.2 line of the log, parsed."""
    out = []
    for e in s.log:
        if e.rule == "11.2":
            m = FIGHT.fullmatch(e.text)
            assert m, e.text
            out.append({"attackers": m["att"], "defenders": m["dfn"], "att": _mods(m["am"]),
                        "def": _mods(m["dm"]), "att_total": int(m["at"]), "def_total": int(m["dt"]),
                        "dice": e.dice})
    return out


def fight(s):
    (f,) = fights(s)
    return f


# -- 11.1 declaration ---------------------------------------------------------------------------
def test_11_1_attackers_from_mutually_adjacent_zones_make_one_attack(game):
    """11.1: Cook (fields east) and Cox (Cooley farm; the two zones touch) both attack Kitching's
    camp: one combat, one pair of dice; a zone is attacked only once."""
    s = setup_position(game, [unit("kitching", "kitching-camp", facing="east-fields"),
                              unit("cook", EAST, facing="cooley-house"), unit("cox", FARM, facing="cooley-house")],
                       turn=3, frames=[["brigades", 1, "d:ramseur", ["u:cook", "u:cox"]]])
    act(s, "brigade", "cook")
    act(s, "attack", "kitching-camp")
    # 11.1: the attacker may change its facing, keeping the attacked zone in its front
    assert {game.board.zones[a.a].id for a in s.legal_actions()} == {"buckton-road", "cooley-fields", "kitching-camp"}
    act(s, "face", "kitching-camp", "cook")
    act(s, "brigade", "cox")
    act(s, "attack", "kitching-camp")
    assert len(s.combats) == 1 and len(s.combats[0][1]) == 2
    s.dice.set_script([6, 4, 2])          # Kitching's artillery misses; Confederates 4, Union 2
    act(s, "face", "kitching-camp", "cox")
    f = fight(s)
    assert f["attackers"] == "Cook and Cox" and f["defenders"] == "Kitching"
    assert f["att"] == {"strength 6 to 4": 2, "command bonus": 1}
    assert f["def"] == {"higher elevation": 2}
    assert (f["att_total"], f["def_total"]) == (7, 4)
    assert f["dice"] == (6, 4, 2)


def test_11_1_no_combining_from_zones_that_do_not_touch(game):
    """11.1: Cook attacks Kitching's camp from the fields east of it; Cox on Hayes' plateau also
    touches the camp but not Cook's zone, so he cannot join (from the Cooley farm he can)."""
    def cox_targets(cox_zone):
        s = setup_position(game, [unit("kitching", "kitching-camp", facing="middletown-north"),
                                  unit("cook", EAST, facing="kitching-camp", attack=0),
                                  unit("cox", cox_zone, facing="kitching-camp")], turn=3,
                           combats=[{"targets": ["kitching-camp"], "attackers": ["cook"], "resolved": False}],
                           frames=[["move", 1, "u:cox"]], movement={"unit": "cox", "mp": 6})
        return {game.board.zones[a.a].id for a in s.legal_actions() if a.kind == "attack"}
    assert cox_targets("hayes-camp") == set()
    assert cox_targets(FARM) == {"kitching-camp"}


def test_11_1_front_obligation_adds_unattacked_enemy_zones_in_front(game):
    """11.1: Cook, on the Cooley farm facing the fields east, attacks Kitching's camp; Coates in
    those fields is in his front and unattacked, so Cook's attack takes both zones."""
    s = battle(game, [unit("kitching", "kitching-camp", facing="cooley-fields"),
                      unit("coates", EAST, facing="cooley-fields"), unit("cook", FARM, facing=EAST)],
               ["cook"], ["kitching-camp"], dice=[6, 3, 3])
    assert any(e.rule == "11.1" and "must also attack Fields east of Kitching's camp" in e.text for e in s.log)
    f = fight(s)
    assert f["defenders"] == "Kitching and Coates"
    assert f["def"]["strength 10 to 3"] == 4
    # least terrain bonus of the two zones: the fields (level 0) give none
    assert "higher elevation" not in f["def"]


def test_11_1_front_obligation_waived_when_another_attack_takes_the_zone(game):
    """11.1: same position, but Cox attacks Coates from the Cooley house: Cook's attack stays on
    Kitching's camp alone; two attacks to resolve."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields"), unit("coates", EAST, facing="cooley-fields"),
             unit("cook", FARM, facing=EAST, attack=0), unit("cox", HOUSE, facing=EAST, attack=1)]
    s = setup_position(game, units, turn=3, combats=[
        {"targets": ["kitching-camp"], "attackers": ["cook"], "resolved": False},
        {"targets": [EAST], "attackers": ["cox"], "resolved": False}])
    assert [c[0] for c in s.combats] == [(game.board.index["kitching-camp"],), (game.board.index[EAST],)]
    assert {a.kind for a in s.legal_actions()} == {"resolve"}


def test_11_1_no_combined_attack_on_two_zones(game):
    """11.1: as above, but Cox joins Cook's attack on Kitching's camp from Hayes' plateau. Brigades
    of different zones cannot attack two zones together: the attack is not extended to Coates."""
    s = battle(game, [unit("kitching", "kitching-camp", facing="cooley-fields"),
                      unit("coates", EAST, facing="cooley-fields"), unit("cook", FARM, facing=EAST),
                      unit("cox", "hayes-camp", facing="kitching-camp")],
               ["cook", "cox"], ["kitching-camp"], dice=[6, 3, 3])
    f = fight(s)
    assert f["attackers"] == "Cook and Cox" and f["defenders"] == "Kitching"
    assert not any(e.rule == "11.1" and "must also attack" in e.text for e in s.log)


def test_11_1_active_player_chooses_the_order_of_attacks(game):
    """11.1: with two attacks declared, the active player may resolve the second one first."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields"), unit("coates", EAST, facing="cooley-fields"),
             unit("cook", FARM, facing=EAST, attack=0), unit("cox", HOUSE, facing=EAST, attack=1)]
    s = setup_position(game, units, turn=3, combats=[
        {"targets": ["kitching-camp"], "attackers": ["cook"], "resolved": False},
        {"targets": [EAST], "attackers": ["cox"], "resolved": False}])
    assert sorted(a.a for a in s.legal_actions()) == [0, 1]
    s.dice.set_script([3, 3])             # Cox 3 +0, Coates 3 +2 (6 to 3): Cox tires
    s.apply(Action("resolve", 1))
    assert fights(s)[0]["attackers"] == "Cox"
    assert s.fatigue[game.unit_index["cox"]] == 1


# -- 11.3 strength ratio ------------------------------------------------------------------------
@pytest.mark.parametrize("att, att_losses, dfn, def_losses, side, name, bonus", [
    ("duval", 0, "cox", 0, "att", "strength 6 to 3", 3),        # 2/1
    ("duval", 3, "battle", 0, "def", "strength 4 to 3", 1),     # 1.33 -> 1/1 for the defender
    ("duval", 3, "cox", 0, "att", "strength 3 to 3", 1),        # equal: the attacker's 1/1
    ("battle", 0, "duval", 0, "def", "strength 6 to 4", 2),     # 3/2 for the defender
    ("birge-brigade", 0, "cox", 0, "att", "strength 9 to 3", 4),  # 3/1
    ("davis", 0, "battle", 0, "att", "strength 7 to 4", 2),     # 1.75 rounds down to 3/2
    ("duval", 1, "hoffman", 0, "att", "strength 5 to 2", 3),    # 2.5 rounds down to 2/1
    ("birge-brigade", 1, "cox", 0, "att", "strength 8 to 3", 3),  # 2.67 rounds down to 2/1
])
def test_11_3_strength_ratio_rounded_in_favour_of_the_lesser(game, att, att_losses, dfn, def_losses, side, name, bonus):
    """11.3: greater/lesser strength, rounded in favour of the lesser: 1/1 +1, 3/2 +2, 2/1 +3,
    3/1 +4 for the stronger side; equal strengths give the attacker the 1/1."""
    s = battle(game, [unit(att, HOUSE, facing=EAST, losses=att_losses),
                      unit(dfn, EAST, facing=HOUSE, losses=def_losses)],
               [att], [EAST], dice=[6, 3, 3])    # Union artillery (if any) misses
    f = fight(s)
    other = "def" if side == "att" else "att"
    assert f[side] == {name: bonus} and f[other] == {}


# -- 11.3 supporting brigade --------------------------------------------------------------------
@pytest.mark.parametrize("support, expected", [
    ({}, 1),                              # strength 4, fresh
    ({"fatigue": 1}, 1),                  # its fatigue is ignored...
    ({"fatigue": 2}, 0),                  # ...but a Fatigue 2 brigade gives no support
    ({"losses": 2}, 1),                   # strength 2 still supports
    ({"losses": 3}, 0),                   # strength 1 does not
])
def test_11_3_supporting_brigade(game, support, expected):
    """11.3: a second-line brigade in an attacking zone gives +1 if its strength is at least 2 and
    it is not at Fatigue 2; its own fatigue and command bonus are ignored."""
    s = battle(game, [unit("cox", HOUSE, facing=EAST), unit("grimes", HOUSE, facing=EAST, line=2, **support),
                      unit("duval", EAST, facing=HOUSE, losses=3)], ["cox"], [EAST], dice=[3, 3])
    f = fight(s)
    want = {"strength 3 to 3": 1}
    if expected:
        want["supporting brigade"] = 1
    assert f["att"] == want                # no command bonus from Grimes' star, no fatigue
    assert f["att_total"] == 3 + sum(want.values())


def test_11_3_one_supporting_bonus_per_attacking_zone(game):
    """11.3: attacking from the Cooley house (Cox, Battle behind) and the Cooley farm (Cook,
    Grimes behind): each zone's second line gives +1, so +2; Duval's second line (Coates) +1."""
    s = battle(game, [unit("cox", HOUSE, facing=EAST), unit("battle", HOUSE, facing=EAST, line=2),
                      unit("cook", FARM, facing=EAST), unit("grimes", FARM, facing=EAST, line=2),
                      unit("duval", EAST, facing=HOUSE), unit("coates", EAST, facing=HOUSE, line=2)],
               ["cox", "cook"], [EAST], dice=[3, 3])
    f = fight(s)
    assert f["att"] == {"strength 6 to 6": 1, "supporting brigade": 2, "command bonus": 1}
    assert f["def"] == {"supporting brigade": 1}


# -- 11.3 artillery and sharpshooters -------------------------------------------------------------
@pytest.mark.parametrize("uid, losses, roll, bonus", [
    ("kitching", 0, 1, 1), ("kitching", 0, 2, 0),      # battery 1: a 1 succeeds
    ("wells", 0, 2, 1), ("wells", 0, 3, 0),            # battery 2: 1-2
    ("wells", 1, 2, 0), ("wells", 1, 1, 1),            # a loss reduces the battery to 1
])
def test_11_3_artillery_roll(game, uid, losses, roll, bonus):
    """11.3: a die for each front-line brigade with artillery: at most its value gives +1."""
    s = battle(game, [unit("battle", HOUSE, facing=EAST), unit(uid, EAST, facing=HOUSE, losses=losses)],
               ["battle"], [EAST], dice=[roll, 3, 3])
    f = fight(s)
    assert f["def"].get(f"{game.brigades[game.unit_index[uid]].name} artillery", 0) == bonus
    assert f["dice"] == (roll, 3, 3)


def test_11_3_supporting_brigade_artillery_rolls_too(game):
    """11.3: a supporting brigade's battery also rolls (Coates has none, Kitching has 1)."""
    s = battle(game, [unit("battle", HOUSE, facing=EAST), unit("coates", EAST, facing=HOUSE),
                      unit("kitching", EAST, facing=HOUSE, line=2)], ["battle"], [EAST], dice=[1, 3, 3])
    assert fight(s)["def"] == {"strength 6 to 4": 2, "supporting brigade": 1, "Kitching artillery": 1}


def test_11_3_confederate_artillerie_marker_rolls_like_a_battery(game):
    """11.3 / 7.3: an Artillerie marker (value 2) with Cox rolls like a Union battery."""
    s = battle(game, [unit("cox", HOUSE, facing=EAST), unit("duval", EAST, facing=HOUSE, losses=3)],
               ["cox"], [EAST], dice=[2, 3, 3],
               markers=[{"zone": HOUSE, "status": "on_map", "value": 2, "moved": True}])
    assert fight(s)["att"] == {"strength 3 to 3": 1, "Cox artillery": 1}


def test_11_3_charging_brigade_gets_no_artillery(game):
    """10.3 / 11.3: Kidd (mounted, battery 1) charges: no artillery die is rolled for him."""
    s = battle(game, [unit("kidd", HOUSE, facing=EAST, mounted=True, charging=True),
                      unit("battle", EAST, facing=HOUSE)], ["kidd"], [EAST], dice=[3, 3])
    f = fight(s)
    assert f["att"] == {"strength 6 to 4": 2, "Kidd charges": 1, "command bonus": 1}
    assert f["dice"] == (3, 3)              # only the two combat dice


@pytest.mark.parametrize("losses, roll, bonus", [
    (0, 2, 1), (0, 3, 0),           # full strength: potential 2
    (1, 2, 0), (1, 1, 1),           # reduced: potential 1
    (2, None, 0),                   # a Loss marker: no sharpshooter die at all
])
def test_11_3_sharpshooters(game, losses, roll, bonus):
    """11.3: sharpshooters roll like artillery: potential 2 at full strength, 1 with one loss,
    none with a Loss marker (two losses or more)."""
    dice = ([roll] if roll else []) + [3, 3]
    s = battle(game, [unit("evans-brigade", HOUSE, facing=EAST, losses=losses),
                      unit("duval", EAST, facing=HOUSE)], ["evans-brigade"], [EAST], dice=dice)
    f = fight(s)
    assert f["att"].get("Evans sharpshooters", 0) == bonus
    assert f["dice"] == tuple(dice)


# -- 11.3 charge, surprise, command ---------------------------------------------------------------
def test_11_3_charge_bonus(game):
    """11.3: +1 for each mounted brigade that charges (Payne, strength 4 mounted)."""
    s = battle(game, [unit("payne", HOUSE, facing=EAST, mounted=True, charging=True),
                      unit("duval", EAST, facing=HOUSE, losses=2)], ["payne"], [EAST], dice=[3, 3])
    assert fight(s)["att"] == {"strength 4 to 4": 1, "Payne charges": 1}


@pytest.mark.parametrize("turn, attacker, penalty", [
    (1, "confederate", -2), (2, "confederate", -1), (3, "confederate", 0),
    (1, "union", -2), (2, "union", -1),
])
def test_11_3_surprise_penalty_for_the_union(game, turn, attacker, penalty):
    """11.3: the Union suffers -2 on turn 1 and -1 on turn 2, attacking or defending."""
    cox, duval = unit("cox", HOUSE, facing=EAST), unit("duval", EAST, facing=HOUSE, losses=3)
    if attacker == "union":
        cox["facing"], duval["facing"] = EAST, HOUSE
        s = battle(game, [cox, duval], ["duval"], [HOUSE], dice=[3, 3], turn=turn)
        mods = fight(s)["att"]
    else:
        s = battle(game, [cox, duval], ["cox"], [EAST], dice=[3, 3], turn=turn)
        mods = fight(s)["def"]
    assert mods.get(f"turn {turn} surprise", 0) == penalty


def test_11_3_command_bonus_at_most_one(game):
    """11.3: Cook and Grimes (both starred) attack together: one +1, not two."""
    s = battle(game, [unit("cook", HOUSE, facing=EAST), unit("grimes", FARM, facing=EAST),
                      unit("duval", EAST, facing=HOUSE), unit("coates", "buckton-road", facing="east-fields")],
               ["cook", "grimes"], [EAST], dice=[3, 3])
    assert fight(s)["att"] == {"strength 7 to 6": 1, "command bonus": 1}


# -- 11.3 terrain ---------------------------------------------------------------------------------
@pytest.mark.parametrize("att, att_zone, dfn, def_zone, expected", [
    # Kitching's camp (level 1) attacked from the fields east of it (level 0)
    ("battle", EAST, "coates", "kitching-camp", {"higher elevation": 2}),
    # XIX Corps right from Keifer's camp: both level 1, across a ravine
    ("battle", "keifer-camp", "coates", "xix-corps-right", {"across a ravine": 2}),
    # Hupp's Hill from the XIX Corps works across the Pike bridge (both level 1)
    ("coates", "xix-corps-works", "battle", "hupps-hill", {"across a bridge or ford": 2}),
    # Stickley Hill from the XIX Corps centre across a Cedar Creek ford (both level 1)
    ("coates", "xix-corps-centre", "battle", "stickley-hill", {"across a bridge or ford": 2}),
    # Woods east of the Pike from the fields east of the Pike (both level 0)
    ("battle", "pike-east-fields", "coates", "pike-east-woods", {"woods": 1}),
    # Middletown (north) from the Buckton road (road link, both level 0)
    ("battle", "buckton-road", "coates", "middletown-north", {"town": 1}),
    # Middletown (south) from the cemetery hill: downhill across a ravine into town: 2 + 1
    ("battle", "cemetery-hill", "coates", "middletown-south", {"across a ravine": 2, "town": 1}),
    # Keifer's camp (level 1) from the Middle Road (level 0) across a ford: 2 + 2, capped at 3
    ("battle", "middle-road", "coates", "keifer-camp",
     {"higher elevation": 2, "across a bridge or ford": 2, "terrain at most +3": -1}),
])
def test_11_3_terrain_bonus_for_the_defender(game, att, att_zone, dfn, def_zone, expected):
    """11.3: +2 higher elevation or ravine, +2 bridge or ford, +1 woods, +1 town; at most +3."""
    s = battle(game, [unit(att, att_zone, facing=def_zone), unit(dfn, def_zone, facing=att_zone)],
               [att], [def_zone], dice=[3, 3])
    f = fight(s)
    terrain = {k: v for k, v in f["def"].items() if not k.startswith("strength")}
    assert terrain == expected


# -- 11.3 fatigue, rout and flanks ----------------------------------------------------------------
def test_11_3_fatigue_uses_the_most_fatigued_front_brigade(game):
    """11.3: Cook (fresh) and Cox (Fatigue 2) attack together: -2; Duval at Fatigue 1: -1."""
    s = battle(game, [unit("cook", HOUSE, facing=EAST), unit("cox", FARM, facing=EAST, fatigue=2),
                      unit("duval", EAST, facing=HOUSE, fatigue=1)], ["cook", "cox"], [EAST], dice=[3, 3])
    f = fight(s)
    assert f["att"] == {"strength 6 to 6": 1, "command bonus": 1, "fatigue 2": -2}
    assert f["def"] == {"fatigue 1": -1}


def test_11_3_routed_defender_counts_as_fatigue_2(game):
    """11.4 / 11.3: a routed brigade attacked counts as Fatigue 2, whatever its marker."""
    s = battle(game, [unit("cox", HOUSE, facing=EAST), unit("duval", EAST, facing=HOUSE, losses=3, routed=True)],
               ["cox"], [EAST], dice=[3, 3])
    assert fight(s)["def"] == {"routed (fatigue 2)": -2}


def test_11_3_defender_attacked_in_the_flank(game):
    """11.3: Duval in the fields east faces the Buckton road (front: Buckton road, Cooley house,
    Kitching's camp); attacked from the Cooley farm, in his flank: -1."""
    s = battle(game, [unit("cox", FARM, facing=EAST), unit("duval", EAST, facing="buckton-road", losses=3)],
               ["cox"], [EAST], dice=[3, 3])
    assert fight(s)["def"] == {"attacked in the flank": -1}


def test_11_3_attacker_with_an_unattacked_enemy_on_its_flank(game):
    """11.3: Cox on the Cooley farm faces the fields east; Coates on Hayes' plateau is on his
    flank and not attacked: -2. If Coates is attacked too (by Battle), no penalty."""
    units = [unit("cox", FARM, facing=EAST), unit("duval", EAST, facing=FARM, losses=3),
             unit("coates", "hayes-camp", facing="kitching-camp")]
    s = battle(game, units, ["cox"], [EAST], dice=[3, 3])
    assert fight(s)["att"] == {"strength 3 to 3": 1, "unattacked enemy on the flank": -2}
    units = units + [unit("battle", "hayes-hollow", facing="hayes-camp", attack=1)]
    units[0] = dict(units[0], attack=0)
    s = setup_position(game, units, turn=3, dice=[3, 3], combats=[
        {"targets": [EAST], "attackers": ["cox"], "resolved": False},
        {"targets": ["hayes-camp"], "attackers": ["battle"], "resolved": False}])
    s.apply(Action("resolve", 0))
    assert fights(s)[0]["att"] == {"strength 3 to 3": 1}


# -- the exact preview ----------------------------------------------------------------------------
def _preview_position(game, dfn, **kw):
    """Cox in the fields east of the Pike, 6 MP, facing the woods; the defender in the woods."""
    return setup_position(game, [unit("cox", "pike-east-fields", facing="pike-east-woods"),
                                 unit(dfn, "pike-east-woods", facing="pike-east-fields", **kw)],
                          turn=3, frames=[["move", 1, "u:cox"]], movement={"unit": "cox", "mp": 6})


def test_11_3_preview_exact_odds_with_equal_modifiers(game):
    """Preview: Cox 3 against Duval 3 in the woods: +1 (ratio) against +1 (woods), no dice but
    the two combat dice. By hand: tie 6/36; a hit needs a + 1 >= 2(b + 1), 6 pairs each way;
    the rest (21 pairs) is split evenly, 9 each."""
    s = _preview_position(game, "duval", losses=3)
    attack = Action("attack", game.board.index["pike-east-woods"])
    pv = s.preview(attack)
    assert pv["attacker"]["total"] == 1 and pv["defender"]["total"] == 1
    assert pv["attacker"]["strength"] == 3 and pv["defender"]["strength"] == 3
    assert pv["attacker"]["rolls"] == [] and pv["defender"]["rolls"] == []
    assert pv["exact"] == {"tie": "1/6", "attacker_fatigue": "1/4", "defender_fatigue": "1/4",
                           "attacker_hit": "1/6", "defender_hit": "1/6"}
    assert pv["attacker_fatigue"] == pytest.approx(float(Fraction(1, 6) + Fraction(1, 4) + Fraction(1, 6)))
    # The attack fought with scripted dice gives the previewed totals: 5 + 1 = 6 against 2 + 1 = 3.
    s.apply(attack)
    s.dice.set_script([5, 2])
    act(s, "face", "pike-east-woods", "cox")
    f = fight(s)
    assert (f["att_total"], f["def_total"]) == (6, 3)
    assert s.fatigue[game.unit_index["duval"]] == 1


def test_11_3_preview_exact_odds_with_an_artillery_die(game):
    """Preview: Cox 3 against Kitching 4 in the woods: defender +1 (ratio) +1 (woods), and +1 more
    with probability 1/6 (battery 1). By hand, with k the defender's bonus:
    tie: k=2 -> 4/36, k=3 -> 3/36, so 5/6*4/36 + 1/6*3/36 = 23/216;
    attacker hit (b + k >= 2a): k=2 -> 15/36, k=3 -> 18/36, so 93/216 = 31/72."""
    s = _preview_position(game, "kitching")
    pv = s.preview(Action("attack", game.board.index["pike-east-woods"]))
    assert pv["attacker"]["total"] == 0 and pv["defender"]["total"] == 2
    assert (pv["attacker"]["strength"], pv["defender"]["strength"]) == (3, 4)
    assert pv["defender"]["rolls"] == [["Kitching artillery", "11.3", 1]]
    assert pv["exact"]["tie"] == "23/216"
    assert pv["exact"]["attacker_hit"] == "31/72"
    assert sum(Fraction(v) for v in pv["exact"].values()) == 1


# -- the preview shows the combat that will be fought (11.1 with 11.3) ------------------------------
LOWER, FORD, MOUTH = "cooley-south", "bowmans-ford", "creek-mouth"


def duval_declares(game):
    """Turn 1 (issue 17's game, seed 7): Duval (6), activated with Hayes, moves from Hayes'
    camp to the lower Cooley fields and may attack Payne (4, mounted) at Bowman's Ford; at the
    Mouth of Cedar Creek stand Humphreys (3, sharpshooters) and Bryan (3, second line), both
    facing away (Three Top path, south)."""
    units = [unit("duval", "hayes-camp", facing="pike-east-fields"),
             unit("payne", FORD, facing=MOUTH, mounted=True),
             unit("humphreys", MOUTH, facing="three-top-south"),
             unit("bryan", MOUTH, facing="three-top-south", line=2)]
    s = setup_position(game, units, turn=1, active="union", frames=[["brigades", 0, "d:hayes", ["u:duval"]]])
    act(s, "brigade", "duval")
    act(s, "move", LOWER)
    while s.to_act == "confederate":                 # 10.4: the contacted stacks turn to face Duval
        s.apply(next(a for a in s.legal_actions() if game.board.zones[a.a].id == LOWER))
    return s


def zone_ids(game, zones):
    return [game.board.zones[z].id for z in zones]


def test_11_1_facing_after_an_attack_says_what_it_obliges(game):
    """11.1, 11.3: after declaring an attack on Payne, each facing Duval may take says what it
    brings: facing the ford or the Mouth puts Humphreys' zone in his front (he must attack it
    too); facing the Cooley farm leaves it unattacked on his flank (-2)."""
    s = duval_declares(game)
    act(s, "attack", FORD)
    words = {game.board.zones[a.a].id: s.describe(a) for a in s.legal_actions()}
    also = "must also attack Mouth of Cedar Creek (Humphreys and Bryan)"
    assert words == {
        FORD: f"Duval faces Bowman's (Hite's) Ford landing: {also}",
        MOUTH: f"Duval faces Mouth of Cedar Creek: {also}",
        "cooley-fields": "Duval faces Cooley farm: leaves Mouth of Cedar Creek (Humphreys and Bryan) unattacked "
                         "on its flank (-2)",
    }


@pytest.mark.parametrize("facing", [FORD, "cooley-fields"])
def test_11_1_preview_at_the_facing_is_the_combat_fought(game, facing):
    """The preview of each facing is the combat then fought (issue 17: the declaration's
    preview said Duval against Payne, 6 to 4; the combat fought was against Payne and
    Humphreys, 7 to 6). Every support die fails (6), so the fought modifiers are the previewed
    ones; both combat dice 3."""
    s = duval_declares(game)
    act(s, "attack", FORD)
    face = next(a for a in s.legal_actions() if game.board.zones[a.a].id == facing)
    p = s.preview(face)
    if facing == FORD:
        assert p["targets"] == [FORD, MOUTH] and p["defenders"] == ["payne", "humphreys"]
        assert (p["attacker"]["strength"], p["defender"]["strength"]) == (6, 7)
    else:
        assert p["targets"] == [FORD] and p["defenders"] == ["payne"]
        assert ["unattacked enemy on the flank", "11.3", -2] in p["attacker"]["modifiers"]
    rolls = len(p["attacker"]["rolls"]) + len(p["defender"]["rolls"])
    s.dice.set_script([6] * rolls + [3, 3])
    s.apply(face)                                    # Duval alone: the attack is then fought at once
    f = fight(s)
    assert f["att"] == {m[0]: m[2] for m in p["attacker"]["modifiers"]}
    assert f["def"] == {m[0]: m[2] for m in p["defender"]["modifiers"]}
    assert (f["att_total"], f["def_total"]) == (max(1, 3 + p["attacker"]["total"]), max(1, 3 + p["defender"]["total"]))
    assert f["defenders"] == " and ".join(n.capitalize() for n in p["defenders"])


def test_11_1_declaration_preview_gives_the_combat_of_each_facing(game):
    """The preview of the attack declaration itself lists the combat of each facing it leaves
    open (``facings``), each the same as that facing's own preview once declared; its top
    level is the one best for the attacker, named by ``facing``."""
    s = duval_declares(game)
    attack = next(a for a in s.legal_actions() if a.kind == "attack" and game.board.zones[a.a].id == FORD)
    p = s.preview(attack)
    by_facing = {q["facing"]: q for q in p["facings"]}
    assert set(by_facing) == {FORD, MOUTH, "cooley-fields"}
    best = max(p["facings"], key=lambda q: q["defender_hit"] - q["attacker_hit"])
    assert p["facing"] == best["facing"] and p["odds"] == best["odds"]
    s.apply(attack)
    for face in s.legal_actions():
        assert s.preview(face) == by_facing[game.board.zones[face.a].id]
