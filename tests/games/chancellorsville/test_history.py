"""Historical feasibility (issue 25, point 4): on our reconstructed map, counters and turn record,
the armies of May 1863 can do what they did when they did it. Every move is a legal action of
the public API (``tests/games/blue_and_gray_march.py``); the other side passes. The turn each
movement completes is compared with the hour the sources give (turn record: Game-Turn 1 is
06:00 on 1 May, two-hour day turns, turn 9 is 06:00 on 2 May, turn 17 06:00 on 3 May)."""

import pytest

import cwbattles

from ..blue_and_gray_march import end_phase, march
from .helpers import hexof, position


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
