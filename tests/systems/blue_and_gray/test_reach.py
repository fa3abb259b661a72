"""``movement.reach``: the hexes a moving unit may still end its move in (a helper for bots),
checked against the step-by-step rules it follows (6.2, 7.0)."""

from cwbattles.systems.blue_and_gray.movement import reach, step_options

from tests.games.champion_hill.helpers import act, game, idx, position

G = game()


def test_6_2_reach_counts_terrain_costs_and_follows_legal_steps():
    s = position(G, {"us-12-1": "1602"})
    act(s, "move", "us-12-1")
    u = G.unit_index["us-12-1"]
    r = reach(s, u)
    assert r[idx("1602")] == (6, -1)
    assert r[idx("1702")] == (5, idx("1602"))           # clear: 1 MP
    for h, (left, prev) in r.items():                  # every route is a chain of legal steps
        if not s.stack_ok(h, 0, (u,)):
            continue
        path = []
        while prev != -1:
            path.append(h)
            h, prev = prev, r[prev][1]
        t = s.clone()
        for b in reversed(path):
            assert b in step_options(t, u)
            act(t, "step", G.board.ids[b])
        assert t.mv_mp == left


def test_7_0_reach_stops_in_an_enemy_zone_of_control():
    s = position(G, {"us-12-1": "1602", "cs-st-lee": "1804"}, released=("bowen", "loring"))
    act(s, "move", "us-12-1")
    r = reach(s, G.unit_index["us-12-1"])
    zoc = s.zoc(1)
    inside = [h for h in r if h in zoc]
    assert inside and all(r[h][0] == 0 for h in inside)
    assert idx("1804") not in r                       # never into the enemy's own hex
