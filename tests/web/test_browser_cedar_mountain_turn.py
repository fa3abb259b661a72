"""Cedar Mountain played by clicks and keys, counted (issue 27, "Measures"): the Union's first
player-turn (Game-Turn 2, after the Confederates' entry) against the heuristic bot, with the
historical set-up (the default): E ends the Command Phase, two regiments march as far as they go,
then E ends each phase until the Confederates' turn. The server, browser and helpers are those of
test_browser."""

from .counted_play import against_the_bot, end_phase, farthest, move_by_clicks
from .test_browser import browser, server, shot, wait_page_seq, wait_view  # noqa: F401

MOVERS = ("us-5ct", "us-28ny")
# Measured: 6 clicks and keys (E for the Command Phase; 2 moves of 2: counter, hex; E for the
# Movement Phase; the fire, melee and rally phases offer the Union nothing here and pass by
# themselves); a margin of 3.
MOST_CLICKS = 9


def test_a_cedar_mountain_player_turn_by_clicks(server, browser):  # noqa: F811
    gid, token, page, c = against_the_bot(server, browser, "cedar-mountain", "union", 2)
    v = wait_view(server, gid, token, lambda w: w["to_act"] == "union" and w["phase"] == "command_phase", timeout=60)
    start = v["seq"]
    wait_page_seq(page, start)
    v = end_phase(c, page, server, gid, token, "end the Command Phase")
    assert v["phase"] == "movement"
    wait_page_seq(page, v["seq"])
    for unit in MOVERS:
        move_by_clicks(c, page, server, gid, token, unit, farthest)
    page.screenshot(path=shot("cedar-mountain-turn-moved.png"))
    phases = []
    for _ in range(10):        # until the Confederates' player-turn (the bot may fire defensively meanwhile)
        v = wait_view(server, gid, token, lambda w: w["over"] or w["position"]["scalars"]["phasing"] == 1
                      or (w["to_act"] == "union" and w["legal"]))
        if v["over"] or v["position"]["scalars"]["phasing"] == 1:
            break
        wait_page_seq(page, v["seq"])
        phases.append(v["phase"])
        end_phase(c, page, server, gid, token, f"end the {v['phase']} phase")
    print(f"Cedar Mountain, the Union's first player-turn: {c.n} clicks and keys: {c.what}; phases ended: {phases}")
    assert c.n <= MOST_CLICKS, c.what
    assert not page.errors, page.errors
