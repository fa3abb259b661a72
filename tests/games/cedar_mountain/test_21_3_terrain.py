"""21.2-21.3 Terrain on the Cedar Mountain map: road and trail rates for units in column, mounted
or limbered formation even across runs, streams and crests (21.31); uphill dearer than downhill
(21.32); steep crests paid at their hexside (21.33); the pond's all-lake hexsides impassable
(21.34); runs dearer than streams (21.35). 21.2: no ammunition rules (nothing to run out of)."""

from tests.games.cedar_mountain.helpers import game

G = game()
B = G.board
F = G.map_facts


def cost(form, a, b):
    return F.cost[form][B.index[a]][B.direction(B.index[a], B.index[b])]


def test_21_31_the_road_rate_across_a_run():
    assert "run" in B.features(B.index["1304"], B.index["1404"]) and "road" in B.features(B.index["1304"], B.index["1404"])
    assert cost("column", "1304", "1404") == 1               # half a point, the run ignored
    assert cost("limbered", "1304", "1404") == 1
    assert cost("line", "1304", "1404") >= 2 + 4             # a line pays the hex and the run (+2)


def test_21_32_uphill_dearer_than_downhill():
    up, down = cost("line", "1506", "1505"), cost("line", "1505", "1506")
    assert B.elevation[B.index["1506"]] == B.elevation[B.index["1505"]]   # level: the same both ways
    assert up == down
    a, b = "1605", "1606"                                    # 460 -> 480 ft, a crest hexside
    assert B.elevation[B.index[b]] - B.elevation[B.index[a]] == 20
    assert cost("line", a, b) == 2 + 2 and cost("line", b, a) == 2 + 1


def test_21_33_steep_crest_paid_at_the_hexside():
    a, b = "1506", "1606"                                    # 440 -> 480 ft across a steep crest
    assert "steep_crest" in B.features(B.index[a], B.index[b])
    assert cost("line", a, b) == 2 + 6 and cost("line", b, a) == 2 + 4


def test_21_34_the_pond_cannot_be_entered_but_fire_crosses_it():
    pond = [B.index["3119"], B.index["3120"]]
    for h in pond:
        for d, n in enumerate(B.neighbours[h]):
            if n is not None:
                assert F.cost["column"][n][B.direction(n, h)] is None
    assert "lake" in B.features(B.index["3119"], B.index["3218"])       # the rule's own example
    from cwbattles.systems.gbacw.fire import can_fire_at
    from tests.games.cedar_mountain.helpers import position, unit
    s = position(G, {"us-6mebty": ("3118", "W", "unlimbered"), "cs-21va": ("3121", "E", "line")},
                 phase="offensive_fire")
    assert can_fire_at(s, unit(s, "us-6mebty"), B.index["3121"])    # across 3119 and 3120


def test_21_35_runs_cost_more_than_streams():
    run = [k for k, f in B.hexside_features.items() if "run" in f and "road" not in f and "trail" not in f
           and "crest" not in f and "lane" not in f]
    stream = [k for k, f in B.hexside_features.items() if "stream" in f and "road" not in f and "trail" not in f
              and "crest" not in f and "lane" not in f]
    t = G.tables
    assert t.hexsides["run"]["add"]["line"] > t.hexsides["stream"]["add"]["line"]
    for (a, b), extra in ((run[0], t.hexsides["run"]["add"]["line"]), (stream[0], t.hexsides["stream"]["add"]["line"])):
        for x, y in ((a, b), (b, a)):
            rise = F.level[y] - F.level[x]
            climb = (t.uphill if rise > 0 else t.downhill)["line"] * abs(rise)
            assert F.cost["line"][x][B.direction(x, y)] == t.terrain_mp[B.terrain[y]]["line"] + climb + extra
