"""An idle corps marches as one on a victory hex the enemy holds (issue 30, fifth pass): the
Chancellorsville heuristic's ``formations``, on the real map and order of battle."""

import cwbattles
from cwbattles.bots.knowledge.chancellorsville.formations import strikes
from cwbattles.bots.knowledge.chancellorsville.movement import Plan

from tests.games.chancellorsville.helpers import position

CONFEDERATE = 1
RODES = ("cs-r-colquitt", "cs-r-ramseur", "cs-r-doles", "cs-r-iverson")
COLSTON = ("cs-c-paxton", "cs-c-colston", "cs-c-jones", "cs-c-nicholls")


def mine_road_position(**moved):
    """Game-Turn 9: Rodes' and Colston's brigades around the Mine Road's F2027 (Rodes' own brigade
    on it), one of Early's on each of F2401, F1326 and F0825, so that every F hex is Confederate
    and no Union unit is within three hexes of any of them; the XI Corps' Devens (9) on H1928 and
    Schurz (10) at H1926, 29 or more hexes west."""
    units = {"cs-r-rodes": "F2027", "cs-r-colquitt": "F2026", "cs-r-ramseur": "F1928", "cs-r-doles": "F2128",
             "cs-r-iverson": "F1927", "cs-c-paxton": "F1828", "cs-c-colston": "F2127", "cs-c-jones": "F1926",
             "cs-c-nicholls": "F2126", "cs-e-hays": "F2401", "cs-e-smith": "F1326", "cs-e-hoke": "F0825",
             "us-xi-1": "H1928", "us-xi-3": "H1926"}
    units.update(moved)
    g = cwbattles.load("chancellorsville")
    s = position(g, units, side="confederate", turn=9)
    return g, s, Plan(s, CONFEDERATE)


def aim(g, s, plan, uid):
    u = g.unit_index[uid]
    return g.board.ids[plan.objective(u, s.hex[u])[0]]


def test_an_idle_corps_marches_on_the_held_hex_worth_most_and_keeps_a_garrison():
    g, s, plan = mine_road_position()
    ids = g.board.ids
    # each brigade alone stays on the nearest hex its side holds (two VP a hex: H1928 is 29+ away)
    assert {ids[plan.own_objective(g.unit_index[b], s.hex[g.unit_index[b]])[0]] for b in RODES + COLSTON} == {"F2027"}
    (strike,) = strikes(s, CONFEDERATE, plan.own_objectives(s))
    # the corps weighs H1928 (15 VP, 19 points in it or near) above H0328 (5 VP, nobody's)
    assert strike.corps == "cs-2" and ids[strike.target] == "H1928" and not strike.gathered
    assert sorted(g.units[u].id for u in strike.units) == sorted(RODES + COLSTON)
    # it gathers first five hexes from H1928, on the side away from Schurz (H2425: five from
    # both Union divisions; H1823-H2224 are three from Schurz), the nearest such hex to the corps
    assert ids[strike.assembly] == "H2425"
    assert {aim(g, s, plan, b) for b in RODES + COLSTON} == {"H2425"}
    # Rodes' own brigade holds F2027 (23.61: only a unit in the hex scores it), Early's theirs
    assert aim(g, s, plan, "cs-r-rodes") == "F2027"
    assert [aim(g, s, plan, b) for b in ("cs-e-hays", "cs-e-smith", "cs-e-hoke")] == ["F2401", "F1326", "F0825"]


def test_a_gathered_corps_goes_for_the_target_together():
    # the eight brigades within three hexes of the assembly hex H2425: all go for H1928 at once
    gathered = dict(zip(RODES + COLSTON, ("H2425", "H2425", "H2426", "H2426", "H2325", "H2325", "H2524", "H2524")))
    g, s, plan = mine_road_position(**gathered)
    (strike,) = strikes(s, CONFEDERATE, plan.own_objectives(s))
    assert strike.gathered and g.board.ids[strike.target] == "H1928"
    assert {aim(g, s, plan, b) for b in RODES + COLSTON} == {"H1928"}


def test_a_threatened_hex_keeps_the_strength_that_covers_the_threat():
    # Union VI Corps' Brooks (18) seven hexes from F2027: Rodes' brigades nearest F2027 stay
    # until they cover 18 points (rodes 5, colquitt 5, iverson 4, ramseur 4 at one hex or two)
    g, s, plan = mine_road_position(**{"us-vi-1": "F2020"})
    (strike,) = strikes(s, CONFEDERATE, plan.own_objectives(s))
    kept = {b for b in ("cs-r-rodes",) + RODES + COLSTON if g.unit_index[b] not in strike.units}
    assert sum(s.strength(g.unit_index[b]) for b in kept) >= 18
    assert aim(g, s, plan, "cs-r-rodes") == "F2027"
