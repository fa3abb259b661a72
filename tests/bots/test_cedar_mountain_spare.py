"""The Cedar Mountain knowledge spares its brigades (issue 30, the third pass): scripted positions
where a commander of the day would not fight to destruction. A brigade near its BCE limit turns
about and falls back out of rifle range instead of standing in the firing line; a side far ahead
no longer closes with the enemy; a melee's worth counts the BCE Victory Points its losses risk, so
a brigade one point from its limit declines a melee it would fight fresh; a unit of a broken
brigade does not join a fire it would shift a column left (24.13). Each fails on the knowledge
before the change."""

from cwbattles.bots.knowledge import cedar_mountain as kn
from cwbattles.bots.knowledge.cedar_mountain import movement

from tests.bots.test_cedar_mountain_contest import CRAWFORD_BY_THE_GATE, best, start_moving
from tests.games.cedar_mountain.helpers import game as cm_game
from tests.games.cedar_mountain.helpers import position, toward

G = cm_game()
B = G.board
CRAWFORD = G.oob.brigade_index["crawford"]
EARLY_AND_TRIMBLE_ON_THE_GATE = {"cs-12ga": ("2319", "E", "line"), "cs-13va": ("2319", "E", "line"), "early": "2319",
                                 "cs-15al": ("2218", "E", "line"), "cs-21ga": ("2320", "E", "line"),
                                 "trimble": "2218"}


def test_a_brigade_near_its_limit_turns_about_and_falls_back_out_of_rifle_range():
    # Crawford's brigade (limit 13) against 19 SP on and by the Gate: fresh, the 5th Connecticut
    # halts at fire range (the contest tests); with 9 points lost (4 left, a third of its limit)
    # it turns (a line enters only its frontal hexes, 6.3) and then steps further from the enemy,
    # where before it halted in the firing line
    units = dict(CRAWFORD_BY_THE_GATE, **EARLY_AND_TRIMBLE_ON_THE_GATE)
    s = position(G, units, turn=5)
    s.bce_loss[CRAWFORD] = 9
    u = start_moving(s, "us-5ct")
    turns = 0
    while best(s).kind == "face" and turns < 3:             # about: one hexside vertex a point (6.2)
        s.apply(best(s))
        turns += 1
    step = best(s)
    assert turns >= 1
    enemy = s.occupied(1)
    assert step.kind == "step"
    assert movement.nearest(s, step.a, enemy)[0] > movement.nearest(s, s.hex[u], enemy)[0]


def test_a_brigade_is_husbanded_with_a_third_of_its_limit_left():
    s = position(G, CRAWFORD_BY_THE_GATE, turn=5)
    u = G.unit_index["us-5ct"]
    s.bce_loss[CRAWFORD] = 8                                   # 5 left of 13: more than a third
    assert not movement.husbanded(s, u)
    s.bce_loss[CRAWFORD] = 9                                   # 4 left: a third (13 // 3)
    assert movement.husbanded(s, u)


def test_a_side_far_ahead_no_longer_closes_with_a_weak_holder():
    # the Irish battalion (1 SP) alone on the Gate: Crawford's brigade presses toward it (the
    # contest tests); with 36 VP already won (three hexes held six turns, 27.22: more than LEAD)
    # it halts at fire range instead
    units = dict(CRAWFORD_BY_THE_GATE, **{"cs-1vabn": ("2319", "E", "line"), "garnett": "2319"})
    even = position(G, units, turn=8)
    start_moving(even, "us-5ct")
    assert even.result["margin"] == 0 and best(even).kind == "step"
    ahead = position(G, units, turn=8)
    ahead.vp_hex = (36, 0)
    ahead.touch(0)
    start_moving(ahead, "us-5ct")
    assert ahead.result["margin"] == 36
    assert best(ahead).kind == "stop"


def melee_position(lost: int):
    units = {"crawford": "1605", "us-5ct": ("1605", toward("1605", "1606"), "line"),
             "early": "1606", "cs-13va": ("1606", toward("1606", "1605"), "line")}
    s = position(G, units, turn=5, phase="declarations")
    s.bce_loss[CRAWFORD] = lost
    return s


def test_a_brigade_one_point_from_its_limit_declines_a_melee_it_would_fight_fresh():
    # the 5th Connecticut (5 SP and Crawford) on the 13th Virginia (3 SP and Early): fresh, the
    # exact preview is worth declaring; one point from the brigade's limit, the chance of losing
    # a point (17 BCE VP to the Confederates, 27.21) outweighs it
    fresh = melee_position(0)
    assert best(fresh).kind == "melee_at"
    worn = melee_position(12)
    assert best(worn).kind == "end_declarations"


def test_a_unit_of_a_broken_brigade_does_not_join_a_fire_it_would_weaken():
    # Early's three regiments (8 SP, the 8-10 column) fire on the 5th Connecticut; the 21st
    # Virginia of Garnett's broken brigade would add 2 SP and shift the fire a column left (24.13:
    # 6-7), so the fire is resolved without it (before, every able unit joined)
    units = {"cs-12ga": ("1606", "E", "line"), "cs-13va": ("1606", "E", "line"), "cs-52va": ("1606", "E", "line"),
             "cs-21va": ("1606", "E", "line"), "garnett": "1606", "early": "1606", "us-5ct": ("1605", "W", "line")}
    s = position(G, units, side="confederate", phase="offensive_fire", broken=("garnett",))
    s.apply(next(a for a in s.legal_actions() if a.kind == "fire_at"))
    while True:
        a = best(s)
        if a.kind != "fire_with":
            break
        s.apply(a)
    firers = {G.units[u].id for u in s.stack[-1][4]}
    assert a.kind == "resolve_fire" and firers == {"cs-12ga", "cs-13va", "cs-52va"}
