"""Rule 11.4: combat results, hits, holding, retreats and routs, losses, advance.

Positions start with the attack declared (see ``battle`` in test_11_combat): loading the
position resolves it with the scripted dice. The usual one: Battle (4) in the Cooley house
attacks Duval (6) in the fields east of Kitching's camp, plain level-0 zones, turn 3. Duval has
+2 for the ratio (6 to 4); Battle rolls 6 and Duval 1: 6 against 3, at least double, a hit.
From those fields the Union's way north is the Buckton road, then the fields north-east of
Middletown on the north edge (edge distances 2, 1, 0).
"""

import pytest

from .helpers import act, legal_kinds, setup_position, unit
from .test_11_combat import EAST, FARM, HOUSE, battle, fight

HIT = [6, 1]            # Battle 6 (+0) against Duval 1 (+2): 6 >= 2 x 3


def idx(game, uid):
    return game.unit_index[uid]


def where(game, s, uid):
    z = s.zone[idx(game, uid)]
    return game.board.zones[z].id if z >= 0 else None


def trail(s, uid_name):
    """Zones (names) the brigade fell back through, from the log."""
    return [e.text.split(" falls back to ")[1].rsplit(" (", 1)[0] for e in s.log
            if e.rule == "11.4" and e.text.startswith(f"{uid_name} falls back to ")]


def hit_duval(game, extra=(), turn=3, duval=None, dice=HIT):
    units = [unit("battle", HOUSE, facing=EAST), duval or unit("duval", EAST, facing=HOUSE)] + list(extra)
    return battle(game, units, ["battle"], [EAST], dice=dice, turn=turn)


# -- the comparison -----------------------------------------------------------------------------
@pytest.mark.parametrize("att_roll, def_roll, battle_fatigue, duval_fatigue, hit", [
    (5, 3, 1, 0, None),          # 5 = 5: a tie, the attacker tires
    (6, 3, 0, 1, None),          # 6 > 5 (not double): the defender tires
    (3, 2, 1, 0, None),          # 3 < 4: the attacker tires
    (2, 2, 1, 0, "confederate"),  # 4 >= 2 x 2: the attacker is hit and tires
    (6, 1, 0, 1, "union"),       # 6 = 2 x 3: exactly double is a hit, and a fatigue level
])
def test_11_4_compare_adjusted_rolls(game, att_roll, def_roll, battle_fatigue, duval_fatigue, hit):
    """11.4: equal totals, the attacker tires; the lower total tires; at least double, a hit and
    a fatigue level for the lower."""
    s = hit_duval(game, dice=[att_roll, def_roll])
    f = fight(s)
    assert (f["att_total"], f["def_total"]) == (att_roll, def_roll + 2)
    assert s.fatigue[idx(game, "battle")] == battle_fatigue and s.fatigue[idx(game, "duval")] == duval_fatigue
    if hit:
        assert s.to_act == hit and legal_kinds(s) == {"hold", "retreat"}
    else:
        assert not any(a.kind in ("hold", "retreat") for a in s.legal_actions())


def test_11_4_adjusted_roll_never_below_1(game):
    """11.4: Duval (3) attacks Cox on turn 1 (-2) from the Cooley farm with Battle unattacked on his
    flank (Hayes' plateau, -2): 1 + 1 - 4 = -2 counts as 1; Cox rolls 1: equal totals, Duval only
    tires (with -2 he would be hit)."""
    s = battle(game, [unit("duval", FARM, facing=EAST, losses=3), unit("cox", EAST, facing=FARM),
                      unit("battle", "hayes-camp", facing="cooley-fields")], ["duval"], [EAST], dice=[1, 1], turn=1)
    f = fight(s)
    assert f["att"] == {"strength 3 to 3": 1, "turn 1 surprise": -2, "unattacked enemy on the flank": -2}
    assert (f["att_total"], f["def_total"]) == (1, 1)
    assert s.fatigue[idx(game, "duval")] == 1 and s.losses[idx(game, "duval")] == 3   # no hit
    assert "hold" not in legal_kinds(s)


def test_11_4_all_front_line_brigades_share_the_result(game):
    """11.4: Cook's attack covers Kitching's camp and the fields east (front obligation); both
    defenders (2 + 2 points; Kitching's battery is gone with his losses) tire and both are hit,
    each deciding in turn. Cook 6 + 1 (command) against 1 + 1 (4 to 3): 7 >= 4."""
    s = battle(game, [unit("kitching", "kitching-camp", facing="cooley-fields", losses=2),
                      unit("coates", EAST, facing="cooley-fields", losses=4), unit("cook", FARM, facing=EAST)],
               ["cook"], ["kitching-camp"], dice=[6, 1])
    f = fight(s)
    assert f["defenders"] == "Kitching and Coates" and (f["att_total"], f["def_total"]) == (7, 2)
    assert s.fatigue[idx(game, "kitching")] == 1 and s.fatigue[idx(game, "coates")] == 1
    assert {a.a for a in s.legal_actions()} == {idx(game, "kitching")}
    act(s, "hold", "kitching")
    assert {a.a for a in s.legal_actions()} == {idx(game, "coates")}
    act(s, "hold", "coates")
    assert s.losses[idx(game, "kitching")] == 3 and s.losses[idx(game, "coates")] == 5
    assert s.fatigue[idx(game, "cook")] == 2            # one level for each stand (hold)


def test_11_4_supporting_brigade_does_not_share_a_fatigue_result(game):
    """11.3 / 11.4: Duval loses (a fatigue result); Coates, his second line, does not tire.
    Battle 6 against Duval 2 + 2 (6 to 4) + 1 (support) = 5."""
    s = hit_duval(game, extra=[unit("coates", EAST, facing=HOUSE, line=2)], dice=[6, 2])
    assert (fight(s)["att_total"], fight(s)["def_total"]) == (6, 5)
    assert s.fatigue[idx(game, "duval")] == 1 and s.fatigue[idx(game, "coates")] == 0


def test_11_4_combined_attackers_all_tire(game):
    """11.4: Cook and Cox attack together and lose: both first-line attackers tire."""
    s = battle(game, [unit("cook", HOUSE, facing=EAST), unit("cox", FARM, facing=EAST),
                      unit("duval", EAST, facing=HOUSE)], ["cook", "cox"], [EAST], dice=[1, 4])
    assert (fight(s)["att_total"], fight(s)["def_total"]) == (3, 4)
    assert s.fatigue[idx(game, "cook")] == 1 and s.fatigue[idx(game, "cox")] == 1


# -- hold ---------------------------------------------------------------------------------------
def test_11_4_hold_loses_a_point_and_an_enemy_of_the_owners_choice_tires(game):
    """11.4 Hold: Duval loses a point and stays; one Confederate first-line brigade (the
    Confederate player's choice: Cook or Cox) takes a fatigue level."""
    s = battle(game, [unit("cook", HOUSE, facing=EAST), unit("cox", FARM, facing=EAST),
                      unit("duval", EAST, facing=HOUSE)], ["cook", "cox"], [EAST], dice=[4, 1])
    act(s, "hold", "duval")
    assert s.losses[idx(game, "duval")] == 1 and where(game, s, "duval") == EAST
    assert s.to_act == "confederate"
    assert {a.a for a in s.legal_actions()} == {idx(game, "cook"), idx(game, "cox")}
    act(s, "fatigue", "cox")
    assert s.fatigue[idx(game, "cox")] == 1 and s.fatigue[idx(game, "cook")] == 0
    assert s.fatigue[idx(game, "duval")] == 1


# -- the retreat roll ---------------------------------------------------------------------------
@pytest.mark.parametrize("uid, turn, kw, roll, text", [
    ("duval", 3, {}, 4, "Duval retreats in order (roll 4 = 4)."),
    ("duval", 3, {}, 5, "Duval retreats in disorder (roll 5 = 5)."),
    ("grant", 3, {}, 5, "Grant retreats in order (roll 5, command bonus -1 = 4)."),
    ("duval", 2, {}, 3, "Duval retreats in order (roll 3, Union, turns 1-2 +1 = 4)."),
    ("duval", 2, {}, 4, "Duval retreats in disorder (roll 4, Union, turns 1-2 +1 = 5)."),
    ("duval", 3, {"fatigue": 1}, 4, "Duval retreats in disorder (roll 4, fatigue 2 +1 = 5)."),
    ("duval", 3, {"losses": 2}, 4, "Duval retreats in disorder (roll 4, two or more losses +1 = 5)."),
])
def test_11_4_retreat_roll(game, uid, turn, kw, roll, text):
    """11.4: 1-4 orderly, 5+ disorderly; -1 command bonus, +1 Union on turns 1-2, +1 at Fatigue 2
    (the hit's own fatigue level counts), +1 with two or more losses."""
    if uid == "grant":      # one loss: strength 5 and no battery left; +1 command: 6 against 1 + 2
        kw = dict(kw, losses=1)
    s = hit_duval(game, duval=unit(uid, EAST, facing=HOUSE, **kw), turn=turn)
    assert "retreat" in legal_kinds(s)
    s.dice.set_script([roll])
    act(s, "retreat", uid)
    assert text in [e.text for e in s.log]


# -- orderly and disorderly retreats ---------------------------------------------------------------
def test_11_4_orderly_retreat_one_or_two_zones(game):
    """11.4: an orderly retreat goes one or two zones (the player's choice), without loss."""
    for stop in (True, False):
        s = hit_duval(game)
        s.dice.set_script([2])
        act(s, "retreat", "duval")
        assert where(game, s, "duval") == "buckton-road"      # the only zone away from Battle
        assert legal_kinds(s) == {"retreat_to", "retreat_stop"}
        if stop:
            act(s, "retreat_stop", "duval")
        else:
            act(s, "retreat_to", "northeast-fields", "duval")
        assert where(game, s, "duval") == ("buckton-road" if stop else "northeast-fields")
        assert s.losses[idx(game, "duval")] == 0 and s.fatigue[idx(game, "duval")] == 1
        assert not s.routed[idx(game, "duval")]


def test_11_4_disorderly_retreat_loses_a_point_and_goes_two_zones(game):
    """11.4: a disorderly retreat loses a point and retreats two zones (no stop after one)."""
    s = hit_duval(game)
    s.dice.set_script([6])
    act(s, "retreat", "duval")
    assert s.losses[idx(game, "duval")] == 1
    assert trail(s, "Duval") == ["Buckton road", "Fields north-east of Middletown"]
    assert not s.routed[idx(game, "duval")]


def test_11_4_disorderly_retreat_becomes_a_rout_at_half_strength(game):
    """11.4: Duval (6) has lost 2; the disorderly retreat's point makes 3, half his strength: he
    routs instead. Duval stands on the Cooley farm, three zones from the north edge, attacked from
    Bowman's landing: he routs three zones, to the edge, and is marked routed."""
    s = battle(game, [unit("battle", "bowmans-ford", facing="cooley-fields"),
                      unit("duval", FARM, facing="bowmans-ford", losses=2)],
               ["battle"], [FARM], dice=[6, 1])               # 6 against 1 + 1 (6 to 4)
    s.dice.set_script([5])
    act(s, "retreat", "duval")
    assert s.losses[idx(game, "duval")] == 3
    assert any("becomes a rout (it has lost half its strength)" in e.text for e in s.log)
    while "retreat_to" in legal_kinds(s):
        s.apply(next(a for a in s.legal_actions() if a.kind == "retreat_to"))
    assert len(trail(s, "Duval")) == 3
    assert game.board.edge_dist["union"][s.zone[idx(game, "duval")]] == 0
    assert s.routed[idx(game, "duval")]


def test_11_4_union_disorderly_retreat_is_a_rout_on_turns_1_and_2(game):
    """11.4: on turns 1-2 a Union disorderly retreat is always a rout (Duval at full strength)."""
    s = hit_duval(game, turn=2)
    s.dice.set_script([4])                        # 4 + 1 (Union, turn 2) = 5
    act(s, "retreat", "duval")
    assert s.losses[idx(game, "duval")] == 1
    assert any("becomes a rout (Union, first two turns)" in e.text for e in s.log)
    assert s.routed[idx(game, "duval")]


@pytest.mark.parametrize("uid, losses, turn, count, why", [
    ("duval", 2, 3, None, ""),                                  # 2 of 6: not yet half
    ("duval", 2, 3, 3, "it has lost half its strength"),        # counting the step it is about to lose
    ("duval", 0, 2, None, "Union, first two turns"),
    ("battle", 0, 1, None, ""),                                 # the Confederates: only at half strength
    ("battle", 2, 1, None, "it has lost half its strength"),    # Battle (4) has lost 2
])
def test_11_4_rout_reason(game, uid, losses, turn, count, why):
    from cwbattles.games.cedar_creek.retreat import rout_reason
    s = setup_position(game, [unit(uid, FARM, facing="bowmans-ford", losses=losses)], turn=turn)
    assert rout_reason(s, idx(game, uid), count) == why


# -- routs --------------------------------------------------------------------------------------
def test_11_4_rout_three_zones_toward_own_edge(game):
    """11.4 / 7.1: Cook (two losses) routs voluntarily from Middletown (north), four zones from the
    south edge: three zones south, each one nearer the Confederate edge; then he is routed."""
    s = setup_position(game, [unit("cook", "middletown-north", facing="buckton-road", losses=2)], turn=3,
                       frames=[["brigades", 1, "d:ramseur", ["u:cook"]]])
    act(s, "brigade", "cook")
    act(s, "rout", "cook")
    dist = game.board.edge_dist["confederate"]
    seen = [dist[s.zone[idx(game, "cook")]]]
    while "retreat_to" in legal_kinds(s):
        s.apply(next(a for a in s.legal_actions() if a.kind == "retreat_to"))
        seen.append(dist[s.zone[idx(game, "cook")]])
    assert len(trail(s, "Cook")) == 3
    assert seen == [4, 3, 2, 1]
    assert s.routed[idx(game, "cook")]


def test_11_4_mounted_cavalry_routs_four_zones(game):
    """11.4: Payne, mounted, routs four zones from Middletown (north): to the south edge."""
    s = setup_position(game, [unit("payne", "middletown-north", facing="buckton-road", losses=2, mounted=True)],
                       turn=3, frames=[["brigades", 1, "d:payne", ["u:payne"]]])
    act(s, "brigade", "payne")
    act(s, "rout", "payne")
    while "retreat_to" in legal_kinds(s):
        s.apply(next(a for a in s.legal_actions() if a.kind == "retreat_to"))
    assert len(trail(s, "Payne")) == 4
    assert game.board.edge_dist["confederate"][s.zone[idx(game, "payne")]] == 0


def test_11_4_rout_cannot_leave_the_map(game):
    """11.4: routing from the fields east of Kitching's camp, Duval reaches the north edge after
    two zones and stops there: he does not leave the map."""
    s = hit_duval(game, turn=2)
    s.dice.set_script([6])
    act(s, "retreat", "duval")
    assert trail(s, "Duval") == ["Buckton road", "Fields north-east of Middletown"]
    assert where(game, s, "duval") == "northeast-fields" and s.routed[idx(game, "duval")]


def test_11_4_routed_brigade_cannot_move_or_attack(game):
    """11.4: a routed brigade may neither move nor attack (it may rest or do nothing)."""
    s = setup_position(game, [unit("cook", EAST, facing="kitching-camp", routed=True),
                              unit("kitching", "kitching-camp", facing=EAST)], turn=3,
                       frames=[["brigades", 1, "d:ramseur", ["u:cook"]]])
    act(s, "brigade", "cook")
    assert legal_kinds(s) == {"pass", "rest"}


# -- retreat restrictions -----------------------------------------------------------------------
def test_11_4_a_point_lost_for_each_zone_entered_in_an_enemy_front(game):
    """11.4: Cook on the Buckton road faces Kitching's camp; Battle's front covers the Cooley farm.
    Both ways out for Duval enter an enemy front: he retreats in order and loses a point there."""
    s = hit_duval(game, extra=[unit("cook", "buckton-road", facing="kitching-camp")], dice=[6, 1])
    s.dice.set_script([2])
    act(s, "retreat", "duval")
    assert {game.board.zones[a.a].id for a in s.legal_actions()} == {"kitching-camp", "cooley-fields"}
    act(s, "retreat_to", "kitching-camp", "duval")
    assert s.losses[idx(game, "duval")] == 1
    assert any(e.text == "Duval loses a strength point crossing an enemy front (now 5)." for e in s.log)


def test_11_4_withdrawal_priority_away_from_the_enemy_before_the_map_edge(game):
    """11.4 Withdrawal priorities (1-3 before 4): Cook stands in the fields north-east of
    Middletown. The Buckton road, nearer the Union edge, touches him (and is in his front and ZOC);
    the Cooley farm touches Battle; Kitching's camp, no nearer the edge, touches no enemy: it is
    Duval's only way (a forced step, played at once)."""
    s = hit_duval(game, extra=[unit("cook", "northeast-fields", facing="buckton-road")])
    s.dice.set_script([2])
    act(s, "retreat", "duval")
    assert trail(s, "Duval") == ["Kitching's camp"]
    assert where(game, s, "duval") == "kitching-camp" and s.losses[idx(game, "duval")] == 0


def test_11_4_retreat_must_end_properly_stacked_one_zone_further(game):
    """11.4: Duval's disorderly retreat (Buckton road, then one zone) finds every zone around the
    Buckton road held by Union brigades of other divisions: he must go one zone further."""
    full = [unit("macauley", "northeast-fields", facing="buckton-road"),
            unit("shunk", "millers-mill-road", facing="buckton-road"),
            unit("davis", "kitching-camp", facing="east-fields"),
            unit("thomas", "middletown-north", facing="buckton-road")]
    s = hit_duval(game, extra=full)
    s.dice.set_script([6])
    act(s, "retreat", "duval")
    # Every step is forced (played at once): the Buckton road; the zone nearest the edge among
    # four full ones; then the only zone beyond it neither on his path nor full.
    assert any(e.text == "Duval must go one zone further to respect stacking." for e in s.log)
    assert trail(s, "Duval") == ["Buckton road", "Fields north-east of Middletown", "Valley Pike to Newtown"]
    assert where(game, s, "duval") == "pike-to-newtown" and s.losses[idx(game, "duval")] == 1


def test_11_4_supporting_brigade_follows_a_retreat_without_loss(game):
    """11.3 / 11.4: Cox (3) attacks Duval in the woods-free fields with Coates behind him; Duval is
    hit and retreats in order into Cook's front (loses a point); Coates follows him, tires, and
    loses nothing."""
    s = battle(game, [unit("cox", HOUSE, facing=EAST), unit("duval", EAST, facing=HOUSE, losses=3),
                      unit("coates", EAST, facing=HOUSE, line=2, losses=3),
                      unit("cook", "buckton-road", facing="kitching-camp")], ["cox"], [EAST], dice=[6, 1])
    # Cox 6 + 1 (3 to 3) = 7 against Duval 1 + 1 (support) = 2: a hit.
    assert (fight(s)["att_total"], fight(s)["def_total"]) == (7, 2)
    assert s.fatigue[idx(game, "coates")] == 0
    s.dice.set_script([1])
    act(s, "retreat", "duval")
    act(s, "retreat_to", "kitching-camp", "duval")
    act(s, "retreat_stop", "duval")
    assert where(game, s, "coates") == where(game, s, "duval") == "kitching-camp"
    assert s.line[idx(game, "coates")] == 2 and s.line[idx(game, "duval")] == 1
    assert s.losses[idx(game, "duval")] == 4 and s.losses[idx(game, "coates")] == 3
    assert s.fatigue[idx(game, "coates")] == 1 and s.fatigue[idx(game, "duval")] == 1


# -- advance, charge fatigue, losses -------------------------------------------------------------
def test_11_4_advance_by_one_winning_first_line_brigade_not_a_support(game):
    """11.4: Duval retreats; Cook (first line) may advance into the fields, Battle (second line)
    may not. After Cook advances Battle is the first line in the Cooley house."""
    s = battle(game, [unit("cook", HOUSE, facing=EAST), unit("battle", HOUSE, facing=EAST, line=2),
                      unit("duval", EAST, facing=HOUSE)], ["cook"], [EAST], dice=[6, 1])
    # Cook 6 + 1 (command) + 1 (support) = 8 against Duval 1 + 3 (6 to 3) = 4: a hit.
    assert (fight(s)["att_total"], fight(s)["def_total"]) == (8, 4)
    s.dice.set_script([1])
    act(s, "retreat", "duval")
    act(s, "retreat_stop", "duval")
    act(s, "face", "millers-mill-road", "duval")
    assert {(a.kind, a.a) for a in s.legal_actions()} == {("advance", idx(game, "cook")),
                                                          ("no_advance", game.board.index[EAST])}
    act(s, "advance", "cook", EAST)
    assert where(game, s, "cook") == EAST and s.line[idx(game, "battle")] == 1
    assert where(game, s, "battle") == HOUSE


@pytest.mark.parametrize("dice, totals, payne_fatigue", [
    ([3, 3], (5, 3), 1),        # Payne wins: Duval tires, Payne tires for his charge
    ([1, 3], (3, 3), 2),        # a tie: Payne tires for the result and again for the charge
])
def test_11_4_charging_cavalry_tires_after_its_combat(game, dice, totals, payne_fatigue):
    """10.3 / 11.4: a charging brigade takes a fatigue level at the end of its combat, whatever
    the result (Payne 4 mounted against Duval 4: +1 ratio, +1 charge)."""
    s = battle(game, [unit("payne", HOUSE, facing=EAST, mounted=True, charging=True),
                      unit("duval", EAST, facing=HOUSE, losses=2)], ["payne"], [EAST], dice=dice)
    assert (fight(s)["att_total"], fight(s)["def_total"]) == totals
    assert s.fatigue[idx(game, "payne")] == payne_fatigue


def test_11_4_last_point_lost_eliminates_and_the_second_line_steps_up(game):
    """11.4 Losses: Duval with one point left holds and loses it: he is removed; Coates, his second
    line, becomes the first line."""
    s = hit_duval(game, duval=unit("duval", EAST, facing=HOUSE, losses=5),
                  extra=[unit("coates", EAST, facing=HOUSE, line=2, losses=5)], dice=[6, 1])
    act(s, "hold", "duval")
    assert s.zone[idx(game, "duval")] < 0 and s.to_position()["units"][idx(game, "duval")]["status"] == "eliminated"
    assert s.line[idx(game, "coates")] == 1 and where(game, s, "coates") == EAST


def test_10_5_11_4_brigade_retreating_into_a_friendly_zone_chooses_its_line(game):
    """10.5 / 11.4: Duval retreats in order one zone to the Buckton road, where Kitching (same
    division) stands. Duval entered last, so he may choose the first or the second line.
    (Found as an engine bug, fixed in ce8557f: the retreating brigade was always made first line.)"""
    s = hit_duval(game, extra=[unit("kitching", "buckton-road", facing="east-fields")])
    s.dice.set_script([1])
    act(s, "retreat", "duval")
    assert where(game, s, "duval") == "buckton-road"
    act(s, "retreat_stop", "duval")
    assert legal_kinds(s) == {"line"}
    act(s, "line", 2, "duval")
    assert s.line[idx(game, "duval")] == 2 and s.line[idx(game, "kitching")] == 1
    assert s.facing[idx(game, "duval")] == s.facing[idx(game, "kitching")] == game.board.index[EAST]
