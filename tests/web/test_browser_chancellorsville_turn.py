"""Chancellorsville played by clicks and keys, counted (issue 27, "Measures"): the Confederate
first player-turn against the heuristic bot, three brigades moved as far as they go and the
phases ended with E. The server, browser and helpers are those of test_browser."""

from .counted_play import against_the_bot, end_phase, farthest, move_by_clicks
from .test_browser import browser, server, shot, wait_page_seq, wait_view  # noqa: F401

MOVERS = ("cs-a-mahone", "cs-a-posey", "cs-a-wilcox")
# Measured: 10 clicks and keys (3 moves of 3: counter, "move" in its menu beside "march", hex;
# E ending the Movement Phase, after which the Combat Phase with no attack to make passes to the
# Union); a margin of 3.
MOST_CLICKS = 14


def test_a_chancellorsville_player_turn_by_clicks(server, browser):  # noqa: F811
    gid, token, page, c = against_the_bot(server, browser, "chancellorsville", "confederate", 1)
    page.wait_for_selector("svg.hex-map .counter.hexunit", timeout=60_000)
    wait_page_seq(page, 0)
    for unit in MOVERS:
        move_by_clicks(c, page, server, gid, token, unit, farthest)
    page.screenshot(path=shot("chancellorsville-turn-moved.png"))
    v = end_phase(c, page, server, gid, token, "end the Movement Phase")
    phases = [v["phase"]]
    for _ in range(6):             # the Combat Phase (no enemy within reach on the first turn) and what follows
        if v["to_act"] != "confederate" or v["phase"] == "movement" or v["over"]:
            break
        wait_page_seq(page, v["seq"])
        v = end_phase(c, page, server, gid, token, f"end the {v['phase']} phase")
        phases.append(v["phase"])
    v = wait_view(server, gid, token, lambda w: w["to_act"] == "union" or w["phase"] == "movement")
    print(f"Chancellorsville, the Confederate first player-turn: {c.n} clicks and keys: {c.what}; phases after E: {phases}")
    assert c.n <= MOST_CLICKS, c.what
    assert not page.errors, page.errors
