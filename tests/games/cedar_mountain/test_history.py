"""Historical feasibility (issue 25, point 4): on our reconstructed map, counters and turn record
(turn 1 = 2:00 p.m. on 9 August 1862, half-hour turns: docs/data-notes/cedar-mountain-oob.md 7),
the armies can do what they did when they did it. Legal actions of the public API only (each
move: the legal ``enter`` or ``move``, then legal ``step`` actions along the route
``movement.reach`` allows), the other side ending its phases."""

import cwbattles
from cwbattles.systems.gbacw import command, movement

from tests.actions import act, find

EARLY = ["cs-12ga", "cs-13va", "cs-25va", "cs-31va", "cs-52va", "cs-58va"]
# the Crittenden lane from the Gate (2319) south to the Crittenden house (map notes 2-3)
LANE = ["2418", "2519", "2618", "2719", "2818", "2919"]


def hexof(s, uid):
    h = s.hex[s.game.unit_index[uid]]
    return s.game.board.ids[h] if h >= 0 else "off"


def end_side(s, side):
    """End every phase of ``side`` (no fire, no melee) until the other side acts."""
    while s.to_act == side and not s.is_over:
        ends = [a for a in s.legal_actions() if a.kind.startswith("end") or a.kind == "pass"]
        assert ends, [s.describe(a) for a in s.legal_actions()][:10]
        s.apply(ends[0])


def in_hand(s, u, h, from_entry):
    """Whether a regiment ending in h stays at most one hex beyond its brigade commander's radius
    (a straggler: no further than it is): these movements keep each brigade in hand (16.4 judges
    command as a regiment begins to move, so it may march on past the radius; a player who lets
    it would find it out of command, moving one hex, the next turn). A commander still to come on
    counts at his entry hex when ``from_entry``, else not at all (the column races on its entry
    turn, when it is in command anyway, 26.43)."""
    unit = s.game.units[u]
    if unit.type == "leader" or unit.brigade < 0:
        return True
    cmd = s.brig_cmd[unit.brigade]
    if cmd < 0:
        return True
    where = s.hex[cmd] if s.hex[cmd] >= 0 else s.entry_at[cmd] if from_entry else -1
    if where < 0:
        return True
    b = s.game.board
    reach = command.leader_radius(s, cmd) + 1
    return b.distance(h, where) <= max(reach, b.distance(s.hex[u], where))     # a straggler closes up


def go(s, uid, goal, how="move", from_entry=False):
    """Start ``uid``'s move with the legal action ``how``, then step along the route ``reach``
    gives to the reachable hex nearest ``goal`` (the most MP left among equals) where it may
    stop and stays in hand (``in_hand``), and stop."""
    g, b = s.game, s.game.board
    u = g.unit_index[uid]
    act(s, how, uid)
    if s.stack[-1][0] != "moving":
        return hexof(s, uid)
    reach = movement.reach(s, u)
    target = b.index[goal]
    side = g.units[u].side
    stops = [h for h in reach if h == s.hex[u] or s.stack_ok(h, side, (u,)) and in_hand(s, u, h, from_entry)]
    end = min(stops, key=lambda h: (b.distance(h, target), -reach[h][0]))
    route = []
    while end != s.hex[u]:
        route.append(end)
        end = reach[end][1]
    for h in reversed(route):
        if find(s, "step", b.ids[h]) is None:
            break
        act(s, "step", b.ids[h])
    if find(s, "stop") is not None:
        act(s, "stop")
    return hexof(s, uid)


def test_early_from_2934_to_his_line_on_the_crittenden_lane():
    """Source: about 2 p.m. Early moved off from the school house on the Orange road, swung left
    behind a hill, formed in a meadow north of a branch of Cedar Run, drove Bayard's skirmishers
    from Mrs. Crittenden's fields and took his line on the ridge by the Crittenden lane, where
    he fought from about 5 p.m. (Early OR pp. 228-231). Here:
    Early's six regiments enter at 2934 on turn 1 (2:00 p.m.) in column on the road, kept in hand
    (within one hex beyond Early's radius of him, or of the entry hex before he comes on), Early
    after them each turn to the middle of the brigade, then to its rear; all six stand on the
    lane, one on each lane hex from the Gate to the Crittenden house, by turn 6 (4:30 p.m.), before
    the fight of 5 p.m. (Before issue 30's reading of 16.4, command as a regiment begins to move,
    the program stopped a regiment on the step that left its commander's radius; this
    choreography was then Early first, and four regiments stood on the lane on turn 3.)"""
    g = cwbattles.load("cedar-mountain", options={"union_setup": "printed"})
    s = g.new_game(seed=1)
    goals = dict(zip(EARLY, LANE))
    on_lane = {}
    for turn in range(1, 7):
        assert s.turn == turn and s.to_act == "confederate"
        for uid in EARLY:
            if hexof(s, uid) != goals[uid]:
                go(s, uid, goals[uid], "enter" if hexof(s, uid) == "off" else "move", from_entry=True)
            if hexof(s, uid) == goals[uid]:
                on_lane.setdefault(uid, turn)
        leader_goal = hexof(s, "cs-25va") if turn < 4 else hexof(s, "cs-52va")
        if s.hex[g.unit_index["early"]] < 0:
            go(s, "early", leader_goal, "enter")
        elif hexof(s, "early") != leader_goal and find(s, "move", "early") is not None:
            go(s, "early", leader_goal)
        end_side(s, "confederate")
        end_side(s, "union")
    assert all(on_lane.get(uid, 99) <= 6 for uid in EARLY), on_lane


def test_crawford_from_area_4_across_the_wheatfield_to_garnetts_woods():
    """Source: about 5:45 p.m. Crawford's brigade crossed the wheatfield west of the Union line,
    struck Garnett's brigade in the woods on the Confederate left and rolled it up (Crawford OR
    pp. 149-151; PAL; HMDB "Terror in the Woods"). Here:
    Crawford's four regiments from deployment area 4 (the printed set-up), Crawford first each
    turn to the middle of them (16.4), the Confederates standing aside: the 5th Connecticut is
    in Garnett's woods (1921, 27.22) on the Union's Game-Turn 6 (4:30 p.m.) and all four are at
    the wood's edge (1921 or next to it) by Game-Turn 7 (5:00 p.m.)."""
    g = cwbattles.load("cedar-mountain", options={"union_setup": "printed"})
    b = g.board
    s = g.new_game(seed=1)
    goals = {"us-5ct": "1921", "us-10me": "1821", "us-28ny": "2021", "us-46pa": "1920"}
    arrived = {}
    while s.turn <= 7:
        end_side(s, "confederate")
        while s.to_act == "union" and find(s, "move", "crawford") is None and find(s, "end_command"):
            act(s, "end_command")                          # no orders needed: the brigade is in command
        if find(s, "move", "crawford") is not None:
            go(s, "crawford", hexof(s, "us-28ny"))
        for uid, goal in goals.items():
            if hexof(s, uid) != goal and find(s, "move", uid) is not None:
                go(s, uid, goal)
            if b.distance(s.hex[g.unit_index[uid]], b.index["1921"]) <= 1:
                arrived.setdefault(uid, s.turn)
        end_side(s, "union")
    assert hexof(s, "us-5ct") == "1921" and arrived["us-5ct"] <= 6, arrived
    assert all(arrived.get(uid, 99) <= 7 for uid in goals), arrived


def brigade_to(s, leader, regiments, target, first_move):
    """One turn of a brigade's march: each regiment toward a hex of its own at or beside
    ``target`` (kept in hand), then its commander to the middle regiment."""
    g, b = s.game, s.game.board
    around = [target] + [b.ids[h] for h in b.adjacent[b.index[target]] if h is not None]
    middle = regiments[(len(regiments) + 1) // 2]
    for uid, goal in zip(regiments, around):
        if hexof(s, uid) != goal:
            go(s, uid, goal, "enter" if hexof(s, uid) == "off" else "move")
    if hexof(s, leader) == "off":
        go(s, leader, hexof(s, middle) if hexof(s, middle) != "off" else first_move, "enter")
    elif find(s, "move", leader) is not None and hexof(s, middle) != "off":
        go(s, leader, hexof(s, middle))


def test_hills_brigades_reach_the_confederate_left_for_the_counterattack():
    """Source: as Crawford rolled up the Confederate left, Jackson rallied it; Branch's brigade,
    the head of A. P. Hill's division, counterattacked about 6 p.m., and Archer and Pender came up
    on the left and drove the Union right back at dusk (Jackson OR p. 184; Hill OR p. 216; CMH
    vol. 4 p. 112). The roster brings Hill and Branch on at 2934 on
    turn 9 (6:00 p.m.), Archer and Pender on turn 10 (6:30). Here, the Union standing aside, Hill first each turn to Branch's regiments and
    his Command Points ordering Archer's brigade into command (16.2): both columns reach the
    Gate on their entry turn, but the regiments of each stand at or next to Garnett's woods on the
    Confederate left (1921, 27.22) only three turns later: Branch on turn 12 (7:30 p.m.), Archer
    on turn 13 (8:00 p.m.), after sunset (7:14). The printed roster's entry turns (9 and 10) at
    2934 leave no time: history's counterattack of about 6-6:30 p.m. is possible here only at the
    Gate, not on the left (docs/data-notes/cedar-mountain-map.md, "Historical feasibility")."""
    g = cwbattles.load("cedar-mountain", options={"union_setup": "printed"})
    b = g.board
    s = g.new_game(seed=1)
    brigades = {"branch": [u.id for u in g.units if u.brigade == g.units[g.unit_index["cs-7nc"]].brigade
                           and u.type != "leader"],
                "archer": [u.id for u in g.units if u.brigade == g.units[g.unit_index["cs-1tn"]].brigade
                           and u.type != "leader"]}
    arrived = {}
    while s.turn <= 13 and not s.is_over:
        while find(s, "end_command") is not None:            # 16.2: Hill orders a brigade out of
            s.apply(find(s, "order") or find(s, "end_command"))    # his radius into command
        if s.turn >= 9:                                    # Hill first: his brigadiers need him near (16.2)
            ahead = hexof(s, brigades["branch"][2])
            if hexof(s, "hill") == "off":
                go(s, "hill", "2933", "enter")
            elif ahead != "off" and find(s, "move", "hill") is not None:
                go(s, "hill", ahead)
        for leader, regiments in brigades.items():
            if g.units[g.unit_index[leader]].entry_turn <= s.turn:
                brigade_to(s, leader, regiments, "1921", "2933")
                if all(b.distance(s.hex[g.unit_index[u]], b.index["1921"]) <= 1 for u in regiments):
                    arrived.setdefault(leader, s.turn)
        end_side(s, "confederate")
        end_side(s, "union")
    assert arrived == {"branch": 12, "archer": 13}, arrived
