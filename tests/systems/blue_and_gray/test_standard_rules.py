"""The Blue & Gray standard rules (docs/rules/blue-and-gray.md), one test per case, played on
the Champion Hill map with scripted dice. Units are placed on an empty map (helpers.position)."""

from fractions import Fraction

from cwbattles.systems.blue_and_gray import load_tables
from cwbattles.systems.blue_and_gray.combat import odds
from cwbattles.systems.blue_and_gray.movement import may_step_strategically
from cwbattles.systems.blue_and_gray.preview import preview

from tests.games.champion_hill.helpers import act, game, hexof, idx, legal, position

REL = ("osterhaus", "carr", "bowen", "loring")
G = game()


def test_6_2_terrain_costs_and_roads():
    s = position(G, {"us-12-1": "1602"})
    act(s, "move", "us-12-1")
    assert s.mv_mp == 6
    act(s, "step", "1702")          # clear: 1 MP
    assert s.mv_mp == 5
    b = G.board
    assert s.move_cost(G.unit_index["us-12-1"], idx("1504"), idx("1603")) == 1   # road hexside
    assert s.move_cost(G.unit_index["us-12-1"], idx("1602"), idx("1701")) == 3   # woods 1701


def test_6_2_creek_prohibited_except_at_bridge_and_stream_closed_to_artillery():
    u = G.unit_index["us-12-1"]
    a = G.unit_index["us-12-a1mo"]
    s = position(G, {})
    assert s.move_cost(u, idx("0506"), idx("0606")) is None            # Baker's Creek
    assert s.move_cost(u, idx("0607"), idx("0507")) == 1               # the bridge, on the road
    assert s.move_cost(u, idx("1410"), idx("1510")) == 3 + 1           # stream: +1 into woods
    assert s.move_cost(a, idx("1410"), idx("1510")) is None            # 19.12 via the chart
    assert s.move_cost(a, idx("1409"), idx("1510")) == 1               # the Middle Road bridge


def test_7_0_stop_on_entering_enemy_zone_and_6_1_no_move_out():
    s = position(G, {"us-12-1": "1602", "cs-st-lee": "1604"}, released=REL)
    act(s, "move", "us-12-1")
    act(s, "step", "1603")          # adjacent to 1604: in the enemy zone, must stop
    assert not legal(s, "step")
    assert s.to_act == "union"
    s2 = position(G, {"us-12-1": "1603", "cs-st-lee": "1604"}, released=REL)
    assert not legal(s2, "move", "us-12-1")


def test_6_4_strategic_movement_only_far_from_enemy_and_on_roads():
    s = position(G, {"us-3-1": "1603", "cs-st-lee": "0912"}, released=REL)
    assert legal(s, "march", "us-3-1")
    act(s, "march", "us-3-1")
    assert s.mv_mp == 8
    steps = {G.board.ids[a.a] for a in s.legal_actions() if a.kind == "step"}
    assert steps == {"1504", "1703"}   # only along the Jackson Road
    s2 = position(G, {"us-3-1": "1603", "cs-st-lee": "1605"}, released=REL)
    assert not legal(s2, "march", "us-3-1")


def test_6_45_a_strategic_move_off_every_road_ends_where_it_began():
    # 6.41 offers the mode far from the enemy wherever the unit stands; off a road 6.45 leaves
    # it no step, and may_step_strategically says so before the choice (the bots ask it)
    s = position(G, {"us-12-1": "0406", "us-3-1": "1603", "cs-st-lee": "0912"}, released=REL)
    assert legal(s, "march", "us-12-1")
    assert not may_step_strategically(s, G.unit_index["us-12-1"])
    assert may_step_strategically(s, G.unit_index["us-3-1"])
    act(s, "march", "us-12-1")
    assert not legal(s, "step")
    assert hexof(s, "us-12-1") == "0406"


def test_8_6_odds_rounded_in_the_defenders_favour():
    t = load_tables()
    assert t.columns[t.column(13, 4)] == "3-1"
    assert t.columns[t.column(5, 11)] == "1-3"
    assert t.columns[t.column(1, 9)] == "1-5"
    assert t.columns[t.column(40, 2)] == "6-1"
    assert t.columns[t.column(Fraction(7, 2), 3)] == "1-1"


def _attack(s, target, attackers, roll=None):
    """Declare and resolve (the machine applies single legal choices by itself, so parts of
    the declaration may already be made; the die is scripted in the position)."""
    if legal(s, "attack", target):
        act(s, "attack", target)
    for a in attackers:
        if legal(s, "attacker", a):
            act(s, "attacker", a)
    if legal(s, "resolve"):
        act(s, "resolve")


def test_8_6_dr_retreat_and_8_7_advance():
    s = position(G, {"us-12-1": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL, dice=(4,))
    # 8 against 2 in clear: 4-1; roll 4 -> Dr (De only on a 1)
    _attack(s, "1603", ["us-12-1"], 4)
    assert s.log[-1].text.endswith("Dr.") or "Dr" in s.log[-1].text
    assert s.to_act == "confederate"
    act(s, "retreat_to", "1604")
    assert hexof(s, "cs-st-pettus") == "1604"
    act(s, "advance", "us-12-1", "1603")
    assert hexof(s, "us-12-1") == "1603"


def test_8_6_de_and_ae():
    s = position(G, {"us-12-1": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL, dice=(1,))
    _attack(s, "1603", ["us-12-1"], 1)
    assert hexof(s, "cs-st-pettus") == "elim"
    s = position(G, {"us-cav-3il": "1602", "cs-st-lee": "1603"}, phase="combat", released=REL, dice=(6,))
    _attack(s, "1603", ["us-cav-3il"], 6)                 # 1-5, 6 -> Ae
    assert hexof(s, "us-cav-3il") == "elim"


def _exact(units, target, attackers):
    s = position(G, units, released=REL)
    return preview(s, (idx(target),), tuple(G.unit_index[a] for a in attackers))["exact"]


def test_8_6_printed_table_attacker_eliminated_at_1_5_only_on_4_to_6():
    # the printed 1975 table (crt.toml): at 1-5, Ar on 1-3 and Ae on 4-6
    units = {"us-cav-3il": "1602", "cs-st-lee": "1603"}
    assert _exact(units, "1603", ["us-cav-3il"]) == {"Ae": "1/2", "Ar": "1/2"}
    s = position(G, units, phase="combat", released=REL, dice=(3,))
    _attack(s, "1603", ["us-cav-3il"])                    # 1 : 5 = 1-5, roll 3 -> Ar
    assert "1-5: Ar" in [e for e in s.log if e.rule == "8.6"][-1].text
    act(s, "retreat_to", "1601", "us-cav-3il")
    assert hexof(s, "us-cav-3il") == "1601"


def test_8_6_printed_table_no_exchange_at_2_1():
    units = {"us-12-1": "1602", "us-12-2": "1704", "cs-st-lee": "1603"}
    assert _exact(units, "1603", ["us-12-1", "us-12-2"]) == {"Ar": "1/3", "Dr": "2/3"}
    s = position(G, units, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1", "us-12-2"])            # 14 : 5 = 2-1, roll 4 -> Dr
    assert "2-1: Dr" in [e for e in s.log if e.rule == "8.6"][-1].text


def test_8_6_exchange_attacker_chooses_losses():
    s = position(G, {"us-12-1": "1602", "us-cav-3il": "1602", "cs-st-pettus": "1603"}, phase="combat",
                 released=REL, dice=(6,))
    _attack(s, "1603", ["us-12-1", "us-cav-3il"], 6)      # 9:2 = 4-1, 6 -> Ex
    assert hexof(s, "cs-st-pettus") == "elim"
    act(s, "lose", "us-cav-3il")                          # 1 < 2: must lose more (the last, by itself)
    assert hexof(s, "us-12-1") == "elim"


def test_8_7_no_retreat_means_elimination():
    # Pettus at 1603 surrounded: every neighbour in a Union zone of control
    b = G.board
    around = [b.ids[n] for n in b.adjacent[idx("1603")]]
    units = {"cs-st-pettus": "1603", "us-12-1": around[0]}
    free = ["us-3-1", "us-3-2", "us-3-3", "us-7-1", "us-7-2"]
    for uid, h in zip(free, around[1:]):
        units[uid] = h
    s = position(G, units, phase="combat", released=REL, dice=(4,))
    _attack(s, "1603", ["us-12-1"], 4)                    # Dr
    assert hexof(s, "cs-st-pettus") == "elim"


def test_8_1_compulsory_attack_before_the_phase_ends():
    from cwbattles.systems.blue_and_gray.combat import _combat_legal, open_obligations
    s = position(G, {"us-12-1": "1602", "cs-st-lee": "1603"}, released=REL)
    kinds = {(a.kind, a.a) for a in _combat_legal(s, ("combat", 0))}
    assert kinds == {("attack", idx("1603"))}              # no end_combat while it is owed
    assert len(open_obligations(s, 0)) == 2                # the unit must attack, Lee be attacked


def test_9_1_bombardment_range_attenuation_and_line_of_sight():
    u = G.unit_index["cs-st-corput"]
    s = position(G, {"cs-st-corput": "1602", "us-12-1": "1605"}, side="confederate", phase="combat",
                 released=REL)
    o = odds(s, (idx("1605"),), (u,))
    assert o["attack"] == 1 and o["bombard_only"]          # 2 x 2/3 = 4/3 rounds to 1
    assert s.game.board.distance(idx("1602"), idx("1605")) == 3
    assert not legal(s, "attack", "1605")                  # 1 against 8 is worse than 1-5
    # 9.3: the hill at 1306 lies between 1304 and 1307 and blocks the line of sight
    assert s.game.board.terrain[idx("1306")] == "hill" and s.blocks_los(idx("1306"))
    assert not s.game.board.line_of_sight(idx("1304"), idx("1307"), s.blocks_los)
    assert s.game.board.line_of_sight(idx("1304"), idx("1305"), s.blocks_los)


def test_11_night_turn_has_no_combat_phase():
    s = position(G, {"us-12-1": "1602", "us-3-1": "1802", "cs-st-lee": "1603"}, turn=12, released=REL)
    act(s, "end_movement")
    assert s.is_over and not any(e.rule == "8.6" for e in s.log)   # adjacent, yet no combat


def test_5_2_reinforcements_pay_one_more_mp_each():
    s = position(G, {}, turn=3)
    act(s, "enter", "us-7-2")
    assert s.mv_mp == 5
    act(s, "step", "1802")
    act(s, "stop", "us-7-2")
    act(s, "enter", "us-7-3")
    assert s.mv_mp == 4


def test_5_4_reinforcement_enters_at_another_entry_hex_of_its_edge_when_its_own_is_held():
    # Carr's brigade is due at 1911, where Lee stands: it may come on at 1902 or 1920, the
    # Union's other entry hexes on the east edge, paying the column cost there (5.2)
    s = position(G, {"cs-st-lee": "1911"}, turn=2, released=REL)
    u = G.unit_index["us-14-1"]
    where = sorted(G.board.ids[a.b] for a in s.legal_actions() if a.kind == "enter" and a.a == u)
    assert where == ["1902", "1920"]
    act(s, "enter", "us-14-1", "1920")
    assert hexof(s, "us-14-1") == "1920" and s.mv_mp == 5
    assert "instead of 1911, held by the enemy (5.4)" in s.log[-1].text
    act(s, "stop", "us-14-1")
    assert not legal(s, "enter", "us-14-2", "1920")       # 19.4: 1920 holds a brigade now
    act(s, "enter", "us-14-a2il", "1920")                 # the second through 1920 pays 2 MP
    assert s.mv_mp == 4
    s = position(G, {"cs-st-lee": "1810"}, turn=2, released=REL)
    where = sorted(G.board.ids[a.b] if a.b >= 0 else "own" for a in s.legal_actions()
                   if a.kind == "enter" and a.a == u)
    assert where == ["own"]                               # only an enemy unit on it opens the others


def test_6_33_no_passing_through_two_full_hexes_in_a_row():
    # McGinnis marches along the Jackson Road: 1603, 1703 and 1802 each hold a brigade (19.4)
    units = {"us-12-1": "1504", "us-3-1": "1603", "us-3-2": "1703", "us-3-3": "1802"}
    s = position(G, units, released=REL)
    act(s, "march", "us-12-1")
    act(s, "step", "1603")                 # full, but it can still go back to 1504
    # from 1703 only full hexes (1603, 1802) would follow: going back was the one legal action
    assert hexof(s, "us-12-1") == "1504" and "1603 -> 1504" in s.log[-1].text
