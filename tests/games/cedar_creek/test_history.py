"""Historical feasibility (issue 25, point 4): on our reconstructed zone map and counters, Early's
army can do at dawn on 19 October 1864 what it did. Legal actions of the public API only, the
dice scripted (activation rolls and combats), the Union's choices after a hit the ones its
brigades made (they fell back). Turn 1 is the dawn attack (about 05:00-07:00 on the rules'
turn record)."""

import pytest

import cwbattles

from .helpers import act, find, setup_position, unit

# The Union camps at dawn (rule 12's lettered set-up zones): the VIII Corps on Thoburn's ridge
# (A), in Hayes' camp (B) and Kitching's camp (C); the XIX Corps by the Pike (D-F).
CAMPS = {"wells": "thoburn-ridge", "harris": "thoburn-ridge", "duval": "hayes-camp", "coates": "hayes-camp",
         "kitching": "kitching-camp", "birge-brigade": "xix-corps-works", "molineux": "xix-corps-works",
         "macauley": "xix-corps-centre", "shunk": "xix-corps-centre", "davis": "xix-corps-right",
         "thomas": "xix-corps-right"}


@pytest.fixture(scope="module")
def g():
    return cwbattles.load("cedar-creek")


def zone(s, uid):
    return next(u.get("zone") for u in s.to_position()["units"] if u["id"] == uid)


def settle(s, target):
    """Facing (10.4) toward the target where offered, else the first offered; the first line."""
    while find(s, "face") is not None or find(s, "line") is not None:
        s.apply(find(s, "face", target) or find(s, "face") or find(s, "line", 1))


def lead(s, brigade, entries, target, via=()):
    """Act with ``brigade``: enter at the first open entry zone, move on by ``via`` until the
    target can be attacked, attack it (11.1) or stop."""
    if find(s, "brigade", brigade):
        act(s, "brigade", brigade)
    for z in entries:
        if find(s, "enter", z):
            act(s, "enter", z)
            break
    for z in via:
        if find(s, "attack", target) is None and find(s, "move", z):
            act(s, "move", z)
    if find(s, "attack", target) is None and find(s, "extra_mp", brigade):
        act(s, "extra_mp", brigade)                        # 10.3: two MP more, a fatigue level
    if find(s, "attack", target):
        act(s, "attack", target)
    elif find(s, "stop", brigade):
        act(s, "stop", brigade)
    settle(s, target)


def resolve_all(s):
    """The Confederates resolve their attacks in order (11.2); the Union's brigades, hit, fall
    back as the VIII Corps did (11.4: retreat, the first way offered); every attacker advances
    into the emptied zone (11.4)."""
    while True:
        step = find(s, "resolve") or find(s, "retreat") or find(s, "retreat_to") or find(s, "advance")
        if step is None and (find(s, "face") or find(s, "line")) and s.to_act == "union":
            step = find(s, "face") or find(s, "line", 1)
        if step is None and find(s, "face") and s.stack[-1][0] == "facing":
            step = find(s, "face")
        if step is None:
            return
        s.apply(step)


def test_kershaw_and_gordon_into_the_viii_corps_camps_at_dawn(g):
    """Source: 04:30 Kershaw crossed Cedar Creek at Bowman's Mill ford and Gordon's column the
    Shenandoah at Bowman's Ford; 05:00 Kershaw attacked Thoburn's camp; 05:20 Gordon struck the
    VIII Corps' flank at Hayes' camp; 05:35 the VIII Corps was broken (the U.S. Army's Cedar
    Creek staff ride, ccbat.htm). Here, Game-Turn 1, round 1: the Confederate roll 5 (+2 on turns
    1-3: two divisions, 7.1); Kershaw's Conner enters at the Mouth of Cedar Creek (entry 3) and
    attacks Thoburn's ridge; Ramseur's brigades, of Gordon's column, enter at Bowman's Ford
    landing (entry 8), and Battle crosses the Lower Cooley fields to attack Hayes' camp. The
    combat dice 6 against 1: both VIII Corps camps are hit, their brigades fall back and Conner
    and Battle advance into them, at dawn on turn 1. (Evans' division, rule 12's entries 5-6 on
    the Three Top path, reaches Bowman's Ford landing on turn 1 with no MP left, even with the
    fatigue bonus of 10.3: its attack waits for turn 2.)"""
    s = dawn(g)
    assert s.turn == 1
    assert zone(s, "conner") == "thoburn-ridge" and "thoburn-ridge" not in (zone(s, "wells"), zone(s, "harris"))
    assert zone(s, "battle") == "hayes-camp" and "hayes-camp" not in (zone(s, "duval"), zone(s, "coates"))


def dawn(g, more_dice=()):
    """Round 1 of Game-Turn 1 as history has it (the test above)."""
    pieces = [unit(u, z) for u, z in CAMPS.items()]
    # activation 5; Conner's combat (support, command and the two rolls); Wells' and Harris'
    # retreat rolls; Battle's combat; Duval's and Coates' retreat rolls
    s = setup_position(g, pieces, turn=1, active="confederate", at_start=True,
                       dice=[5, 3, 4, 4, 6, 1, 3, 4, 6, 1, 3, 3, *more_dice])
    act(s, "activate", "kershaw")
    for brigade in ("conner", "wofford", "humphreys", "bryan"):
        lead(s, brigade, ["creek-mouth", "bowmans-mill-road"], "thoburn-ridge")
    act(s, "activate", "ramseur")
    for brigade in ("battle", "grimes", "cook", "cox"):
        lead(s, brigade, ["bowmans-ford"], "hayes-camp", via=["cooley-south"])
    resolve_all(s)
    return s


def test_early_enters_by_the_valley_pike_at_hupps_hill_when_the_xix_corps_leaves_its_works(g):
    """Source: Wharton's division and the artillery came through Strasburg by the Valley Pike to
    Hupp's Hill, the guns opened from there about 05:15 and Wharton crossed the Pike bridge at
    05:40; the XIX Corps left its works to form west of the Pike about 06:30 (the U.S. Army's Cedar
    Creek staff ride, ccbat.htm; Early, Memoir p. 31). Rule 12 brings Early and Carter
    on at Wharton's entry zone (entry 2, Hupp's Hill, on the Pike) in a headquarters step once
    Wharton's division is on the map, and no headquarters may stand in contact with the enemy
    (10). Hupp's Hill is in contact with the XIX Corps' works across the Pike bridge, so on our
    map Early waits for the works to empty: after the dawn round, with Wharton in, the step
    offers him nothing; once the XIX Corps has gone (the position of 06:30), he enters there."""
    s = dawn(g, more_dice=[1, 1])
    assert s.round == 2 and s.to_act == "confederate"
    act(s, "activate", "wharton")
    for brigade in ("forsberg", "patton", "smith"):
        lead(s, brigade, ["hupps-hill"], "none", via=["stickley-hill"] if brigade == "smith" else [])
    assert zone(s, "forsberg") == "hupps-hill" and s.hq_zone[g.EARLY] < 0      # the works still held
    at_0630 = [unit("forsberg", "hupps-hill"), unit("patton", "hupps-hill", line=2),
               unit("smith", "stickley-hill"), unit("conner", "thoburn-ridge"),
               unit("birge-brigade", "xix-corps-right", facing="xix-corps-works"),
               unit("molineux", "xix-corps-centre", facing="xix-corps-works")]
    s = setup_position(g, at_0630, turn=1, round_=3, frames=[["hqphase", 1]],
                       hqs=[{"id": "early", "zone": None}, {"id": "wright", "zone": None},
                            {"id": "sheridan", "zone": None}])
    act(s, "hq_enter", "hupps-hill")
    assert s.hq_zone[g.EARLY] == g.board.index["hupps-hill"]
