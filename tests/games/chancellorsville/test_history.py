"""Historical feasibility (issue 25, point 4): on our reconstructed map, counters and turn record,
the armies of May 1863 can do what they did when they did it. Every move is a legal action of
the public API (``tests/games/blue_and_gray_march.py``); the other side passes. The turn each
movement completes is compared with the hour the sources give (turn record: Game-Turn 1 is
06:00 on 1 May, two-hour day turns, turn 9 is 06:00 on 2 May, turn 17 06:00 on 3 May)."""

import pytest

import cwbattles

from ..blue_and_gray_march import end_phase, march
from .helpers import hexof, legal, position


@pytest.fixture(scope="module")
def g():
    return cwbattles.load("chancellorsville")


def near(g, h: str, places, k: int = 1) -> bool:
    b = g.board
    return h not in ("off", "elim", "exited") and any(b.distance(b.index[h], b.index[p]) <= k for p in places)


def units(g, side, turn, division):
    return [u.id for u in g.units if u.side == side and u.entry_turn == turn and u.command == division
            and u.type != "leader"]


# Anderson's line of 1 May: the Zoan Church works (H2004, H2105, H2205, H2206: CMH3 p. 378) and
# Tabernacle Church (H2302), where the Mine Road meets the Plank Road.
ANDERSON = ("H2004", "H2105", "H2205", "H2206", "H2302")


def test_jacksons_corps_reaches_andersons_line_on_the_morning_of_1_may(g):
    """Source: Jackson's divisions left Hamilton's Crossing before dawn on 1 May; Jackson met
    Anderson near Zoan Church at 8 a.m. and ordered the advance at 11 a.m. on the Turnpike and
    the Plank Road with his arriving units (TL-CWH; history-maps, "Morning Movements", 1 May
    08:00). Here: Game-Turn 2 (08:00-10:00) the head of Rodes' division reaches Tabernacle
    Church; by the end of Game-Turn 3 (10:00-12:00, the forced march of 23.22) every brigade of
    Rodes' and Colston's divisions stands at Anderson's line or just beyond it."""
    s = g.new_game(seed=1)
    end_phase(s, "confederate")
    end_phase(s, "union")
    assert s.turn == 2
    column = units(g, 1, 2, "cs-r") + units(g, 1, 2, "cs-c")
    for uid in column:
        march(s, uid, "H2302", "enter")
    assert near(g, hexof(s, "cs-r-rodes"), ANDERSON), hexof(s, "cs-r-rodes")       # 08:00-10:00
    end_phase(s, "confederate")
    end_phase(s, "union")
    assert s.turn == 3
    for uid in column:
        if not near(g, hexof(s, uid), ANDERSON):
            march(s, uid, "H2104", "force")
    # at the works or up to two hexes (800 m) beyond them, the advance of 11 a.m. begun
    assert all(near(g, hexof(s, uid), ANDERSON, 2) for uid in column), {u: hexof(s, u) for u in column}


def test_union_columns_from_united_states_ford_to_chancellorsville_on_1_may(g):
    """Source: the III Corps crossed at United States Ford on the morning of 1 May and Sickles
    reported to Hooker about 9 a.m. (Ripley, Vermont Riflemen; chancellorsville-scenario.md
    23.13); by 11 a.m. it was joining Couch's II Corps in reserve at Chancellorsville
    (history-maps, "Morning Movements", 1 May). Here: entering at H0112 on Game-Turn 1, every
    division and both artillery units (III Corps, the Reserve) cross the ford on their first move
    and stand at the Chancellorsville clearing (within two hexes of H1616) by the end of
    Game-Turn 3 (10:00-12:00). The guns could not follow the road before issue 25: its bridge over
    the run south of the ford was missing (42 MP instead of 15)."""
    s = g.new_game(seed=1)
    end_phase(s, "confederate")
    column = ["us-iii-1", "us-iii-2", "us-iii-3", "us-iii-art", "us-res-art"]
    for uid in column:
        march(s, uid, "H1616", "enter")
        assert hexof(s, uid) not in ("H0112", "off"), uid          # across the ford on the first move
    for turn in (2, 3):
        end_phase(s, "union")
        end_phase(s, "confederate")
        assert s.turn == turn
        for uid in column:
            if not near(g, hexof(s, uid), ["H1616"], 2):
                march(s, uid, "H1616")
    assert all(near(g, hexof(s, uid), ["H1616"], 2) for uid in column), {u: hexof(s, u) for u in column}


# The one-map Hooker and Lee's 2 May set-up for the III Corps (HexWar deployment),
# the rest of the Union as our 1 May set-up has it (the XI Corps at Dowdall's and Talley's).
III_CORPS_2_MAY = {"us-iii-1": "H1820", "us-iii-2": "H1617", "us-iii-3": "H1517", "us-iii-art": "H1719"}
RODES = ["cs-r-colquitt", "cs-r-rodes", "cs-r-ramseur", "cs-r-doles", "cs-r-iverson", "cs-r-carter"]
COLSTON = ["cs-c-paxton", "cs-c-colston", "cs-c-jones", "cs-c-nicholls", "cs-c-hpjones"]
# the Orange Turnpike west of Dowdall's Tavern (H1523), where Jackson deployed astride the road
TURNPIKE_WEST = ("H1425", "H1426", "H1427", "H1428")


def test_jacksons_flank_march_of_2_may(g):
    """Source: Jackson's column left the Plank Road at the Furnace road about 7 a.m. on 2 May
    (began 5:30 per SHSP40 p. 75), passed Catharine Furnace about 10-11 a.m. (NPS marker "Jackson
    on the Move"), took the woods road and the Brock Road round the Union right, deployed astride
    the Orange Turnpike west of Dowdall's Tavern in the afternoon and attacked about 5:15 p.m.
    (TL-CWH). Here: Rodes' and Colston's divisions start Game-Turn 9 (06:00) on the Furnace road
    between the Plank Road and the furnace, move only out of the Union zones of control, and
    Rodes' division (the first line) stands on or beside the Turnpike west of Dowdall's by the
    end of Game-Turn 14 (16:00-18:00), its head there on Game-Turn 13 (14:00-16:00)."""
    b = g.board
    union = {u.id: b.ids[u.setup] for u in g.units if u.side == 0 and u.setup >= 0 and b.ids[u.setup][0] == "H"}
    union.update(III_CORPS_2_MAY)
    road = ["H2217", "H2217", "H2216", "H2216", "H2215", "H2215", "H2115", "H2115", "H2014", "H2014", "H1914"]
    s = position(g, dict(union, **dict(zip(RODES + COLSTON, road))), turn=9, side="confederate")
    arrived = {}
    for turn in range(9, 15):
        assert s.turn == turn
        for uid in RODES + COLSTON:
            if not near(g, hexof(s, uid), TURNPIKE_WEST):
                march(s, uid, "H1427")
            if near(g, hexof(s, uid), TURNPIKE_WEST):
                arrived.setdefault(uid, turn)
        end_phase(s, "confederate")
        end_phase(s, "union")
    assert arrived.get("cs-r-colquitt", 99) <= 13, arrived
    assert all(arrived.get(uid, 99) <= 14 for uid in RODES), arrived


def test_sedgwick_from_fredericksburg_to_salem_church_on_3_may(g):
    """Source: Sedgwick's VI Corps carried Marye's Heights about 11 a.m. on 3 May and marched
    out the Plank Road; Wilcox delayed it, and Brooks' division attacked at Salem Church about
    3:30 p.m. (SALEM; TL-CWH). Here: the VI Corps on the Plank Road over Marye's Heights (F1013,
    F1014) after the assault of Game-Turn 19 (10:00-12:00), Wilcox at Salem Church (F1326); the Union's 23.4
    rolls scripted to let the corps move (1, "moves on 1-3"): Brooks' and Newton's divisions,
    in column on the road (6.4: 8 MP) on Game-Turn 20 and deployed on Game-Turn 21, stand next
    to Salem Church ready to attack on Game-Turn 21 (14:00-16:00), the hour of the sources."""
    start = {"us-vi-1": "F1014", "us-vi-3": "F1014", "us-vi-2": "F1013", "us-vi-l": "F1013",
             "cs-a-wilcox": "F1326"}
    s = position(g, start, turn=20, side="union")
    arrived = {}
    for turn in (20, 21):
        assert s.turn == turn and s.to_act == "union"
        for uid in ("us-vi-1", "us-vi-3"):
            if not near(g, hexof(s, uid), ["F1326"]):
                far = g.board.distance(g.board.index[hexof(s, uid)], g.board.index["F1326"]) > 5
                how = "march" if far and legal(s, "march", uid) else "move"   # 6.4: in column on the road
                march(s, uid, "F1326", how, into_zoc=True)
            if near(g, hexof(s, uid), ["F1326"]):
                arrived.setdefault(uid, turn)
        if turn == 20:
            end_phase(s, "union")
            s.dice.set_script([1])                         # 23.4: the VI Corps rolls 1, it may move
            end_phase(s, "confederate")
    assert arrived == {"us-vi-1": 21, "us-vi-3": 21}, arrived
