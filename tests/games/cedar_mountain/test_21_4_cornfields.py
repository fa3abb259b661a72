"""21.4 Cornfields: 5 feet above their ground for line of sight, the occupant at ground level
(21.41); no line through a standing cornfield hex, while a unit in one fires out and is fired on
(21.42, the rules' own example on the real map); blown down by small-arms fire at one hex or
artillery at three or less into the occupied hex, clear ground thereafter (21.43)."""

from cwbattles.games.cedar_mountain.terrain import blows_down
from cwbattles.systems.gbacw.los import sees
from tests.games.cedar_mountain.helpers import act, game, legal, position, toward, unit

G = game()
B = G.board
I = B.index


def facing(a, b):
    return toward(a, b)


def test_21_42_the_rules_example_3017_2816_2716():
    s = G.new_game(0)
    assert {B.terrain[I[h]] for h in ("3017", "2816", "2716")} == {"cornfield"}
    assert sees(s, I["3017"], I["2816"])                    # into and out of a cornfield
    assert not sees(s, I["2716"], I["3017"]) and not sees(s, I["3017"], I["2716"])   # not through 2816


def test_21_41_the_corn_stands_5_feet_above_its_ground():
    assert G.map_facts.obstacle_ft[I["2816"]] == 5
    s = G.new_game(0)
    s.cleared = frozenset({I["2816"]})
    assert sees(s, I["2716"], I["3017"])                    # 21.43: once blown down, clear


def test_21_43_small_arms_at_one_hex_artillery_at_three_or_less():
    s = position(G, {"us-5ct": ("2917", facing("2917", "2816"), "line"), "cs-13va": ("2816", "E", "line"),
                     "us-f4us": ("2813", facing("2813", "2816"), "unlimbered"),
                     "us-epa": ("2812", facing("2812", "2816"), "unlimbered")}, phase="offensive_fire")
    t = I["2816"]
    assert B.distance(I["2813"], t) == 3 and B.distance(I["2812"], t) == 4
    assert blows_down(s, t, (unit(s, "us-5ct"),))
    assert blows_down(s, t, (unit(s, "us-f4us"),))
    assert not blows_down(s, t, (unit(s, "us-epa"),))
    s2 = position(G, {"us-5ct": ("3016", facing("3016", "2917"), "line"), "cs-13va": ("2816", "E", "line")},
                  phase="offensive_fire")
    assert B.distance(I["3016"], t) == 2 and not blows_down(s2, t, (unit(s2, "us-5ct"),))


def test_21_43_a_fire_into_the_occupied_cornfield_lays_the_marker():
    s = position(G, {"us-5ct": ("2917", facing("2917", "2816"), "line"), "crawford": "2917",
                     "cs-13va": ("2816", "E", "line")}, phase="offensive_fire", dice=[1])
    act(s, "fire_at", "2816")
    if legal(s, "resolve_fire"):
        act(s, "resolve_fire")
    assert I["2816"] in s.cleared
    assert any(e.rule == "21.43" for e in s.log)
