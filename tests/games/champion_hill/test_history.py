"""Historical feasibility (issue 25, point 4): on our reconstructed map, counters and turn record
(Game-Turn 1 is 09:00 on 16 May 1863, a turn an hour), the armies can do what they did when they
did it. Legal actions of the public API only (``tests/games/blue_and_gray_march.py``), the other
side passing, the dice scripted where a combat is fought."""

import cwbattles

from ..blue_and_gray_march import end_phase, engage, march
from .helpers import act, hexof, legal, position

# Stevenson's line on Champion Hill at the start: Lee (1207), the crest (1307: Cumming, Pettus,
# Johnston's battery) and Waddell's guns at the crossroads (1309).
HILL = ("1207", "1307", "1309")


def beside(g, h, places):
    b = g.board
    return h not in ("off", "elim") and any(b.distance(b.index[h], b.index[p]) <= 1 for p in places)


def test_hovey_and_logan_reach_the_hill_by_the_historical_hour():
    """Source: Hovey's division, on the Jackson Road at the Champion house, advanced on the hill
    about 10:30 a.m. with Logan's division coming up on its right; by 11 the skirmishing had
    become a battle (T. W. Knox, Decisive Battles Since Waterloo p. 313). Here: Logan closes up
    on Game-Turn 1 (09:00) out of the Confederate zones, and on Game-Turn 2 (10:00-11:00) both of
    Hovey's brigades and Logan's leading brigade stand in contact with Stevenson's line on the
    hill (in its zone of control), Logan's other two a hex behind them. The hill's face gives
    three hexes of front (1306, 1406, 1407); the rest of it is woods_rough (6 MP), which is why
    the second line waits a turn: the ground of J. D. Stevenson's charge "across ravines"."""
    g = cwbattles.load("champion-hill")
    s = g.new_game(seed=1)
    logan = ["us-3-1", "us-3-2", "us-3-3"]
    for uid, goal in zip(logan, ("1306", "1407", "1406")):
        march(s, uid, goal)                                # round the zones of control: no attack yet
    end_phase(s, "union")
    end_phase(s, "confederate")
    assert s.turn == 2 and s.to_act == "union"
    brigades = ["us-12-1", "us-12-2"] + logan
    for uid in brigades:
        engage(s, uid)
    zoc = s.zoc(1)
    engaged = [uid for uid in brigades if s.hex[g.unit_index[uid]] in zoc]
    assert {"us-12-1", "us-12-2"} <= set(engaged) and len(engaged) == 3, {u: hexof(s, u) for u in brigades}
    b = g.board
    assert all(min(b.distance(s.hex[g.unit_index[uid]], s.hex[g.unit_index[e]]) for e in engaged) <= 1
               for uid in brigades)


def test_bowens_counterattack_retakes_the_crossroads():
    """Source: by 1 p.m. Hovey held the crossroads; about 2:30 p.m. Bowen's division counterattacked,
    retook the crossroads and the crest and pushed Hovey back almost 3/4 mile (Champion Heritage
    Foundation marker; civilwaralbum, "Bowen's counterattack"). Here: Game-Turn 6 (14:00), Hovey's
    McGinnis at the crossroads (1309), Cockrell and Green where the set-up puts them (1310, 1312):
    Green closes up, both attack, the die scripted (1), and Cockrell advances into the crossroads."""
    g = cwbattles.load("champion-hill")
    s = position(g, {"us-12-1": "1309", "cs-bo-cockrell": "1310", "cs-bo-green": "1312"}, turn=6,
                 side="confederate", released=("bowen", "loring", "osterhaus", "carr"), dice=(1,))
    march(s, "cs-bo-green", "1309", into_zoc=True)
    assert beside(g, hexof(s, "cs-bo-green"), ["1309"])
    if legal(s, "end_movement"):
        act(s, "end_movement")
    for uid in ("cs-bo-cockrell", "cs-bo-green"):     # the only target: "attack" was forced
        act(s, "attacker", uid)
    act(s, "resolve")
    assert hexof(s, "us-12-1") != "1309"
    act(s, "advance", "cs-bo-cockrell", "1309")
    assert hexof(s, "cs-bo-cockrell") == "1309"
