"""Champion Hill played by clicks and keys, counted (issue 27, point 9 and "Measures"): the Union
player-turn of Game-Turn 2, from a game the heuristic bots played until then, against the bot.

On the way: a click on friendly counters in a hex the picked unit can reach moves it there (it
opened that stack's menu before); a stack's menu left open closes when the phase changes; an
attack committed from its preview is joined at once by every unit the preview counted (8.2: the
units of a stack attack together), so the declaration is resolved with one more key.
The server, browser and helpers are those of test_browser."""

import json
from pathlib import Path

from .test_browser import api, browser, open_page, server, shot, wait_page_seq, wait_view  # noqa: F401
from .counted_play import counted
from .test_browser_round import wait_js

# The Union's Movement Phase of Game-Turn 2 begins after the bots' 206th action (seed 1). The
# record is stored (the heuristic bots of its day played it), so that the bots' knowledge may
# change without moving the position this test clicks through.
START = 206
RECORD = Path(__file__).parent / "records" / "champion-hill-seed1-206.json"
MOVER, FROM, INTO = "us-3-1", "1603", "1404"        # John E. Smith's brigade, into a stack of four
TARGET = "1307"
# Measured: 9 clicks and keys (moves 3, end movement 1, attack 1, resolve 1, after-combat
# choices 0-2, end combat 1); the bound leaves a margin for the die's follow-ups.
MOST_CLICKS = 13


def frame_of(view):
    return (view["position"].get("stack") or [[None]])[-1]


def test_a_champion_hill_player_turn_by_clicks(server, browser):  # noqa: F811
    record = json.loads(RECORD.read_text())
    game = api(server, "POST", "/api/records", {"record": record, "play": {"union": "me", "confederate": "bot:heuristic"}})
    gid, token = game["id"], game["tokens"]["union"]
    page = open_page(browser, server + game["links"]["union"])
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(page, START)
    c = counted(page)

    # Point 9: pick a brigade, then click the counters of the friendly stack it can reach.
    c.click(f"svg.hex-map .counter[data-unit='{MOVER}']", f"pick {MOVER}")
    if page.locator("#chooser").is_visible():
        c.click("#chooser button:not(.cancel):not(:has-text('strategically'))", f"move {MOVER}")
    wait_js(page, "app.picked && app.picked.unit === arg && app.picked.options", MOVER)
    assert INTO in js_reach(page)
    page.screenshot(path=shot("champion-hill-picked-beside-a-stack.png"))
    c.click(f"svg.hex-map .hex-stack[data-hex='{INTO}'] .counter >> nth=-1", f"{MOVER} into the stack in {INTO}")
    v = wait_view(server, gid, token, lambda w: w["seq"] > START and w["moving"] is None)
    assert next(u for u in v["position"]["units"] if u["id"] == MOVER)["hex"] == INTO
    assert page.locator("#chooser").is_hidden()
    wait_page_seq(page, v["seq"])

    # A stack's menu left open closes once the phase moves on (here: E ends the Movement Phase).
    page.locator("svg.hex-map .hex-stack[data-hex='1507'] .counter >> nth=-1").click()
    assert page.locator("#chooser").is_visible()
    c.key("e", "end the Movement Phase")
    v = wait_view(server, gid, token, lambda w: w["phase"] == "combat")
    wait_page_seq(page, v["seq"])
    assert page.locator("#chooser").is_hidden()
    assert any(i["action"] == {"kind": "attack", "hex": TARGET} for i in v["legal"])

    # The attack: its preview under the pointer, one click commits it, every unit it counted joins.
    page.locator(f"svg.hex-map .zone-tag[data-hex='{TARGET}']").hover()
    wait_js(page, "app.hover && app.hover.ready && app.hover.place === arg", TARGET)
    joining = page.evaluate("() => window.cwbattles.hover.preview.attacker.units.length")
    c.click(f"svg.hex-map .zone-tag[data-hex='{TARGET}']", f"attack {TARGET}")
    v = wait_view(server, gid, token, lambda w: frame_of(w)[0] == "declare" and len(frame_of(w)[3]) == joining)
    assert not any(i["action"]["kind"] == "attacker" for i in v["legal"])
    assert any(i["action"]["kind"] == "resolve" for i in v["legal"])
    wait_page_seq(page, v["seq"])
    page.wait_for_function("() => /has joined/.test(document.querySelector('#status').innerText)")
    assert page.locator("#defaulted li").count() == joining
    page.screenshot(path=shot("champion-hill-stack-attacks-together.png"))
    phone = open_page(browser, server + game["links"]["union"], width=390, height=844)
    phone.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(phone, v["seq"])
    phone.screenshot(path=shot("champion-hill-stack-attacks-together-phone.png"))
    phone.context.close()

    # Enter resolves it at the odds shown in the decision panel.
    wait_js(page, "app.aid && app.aid.seq === app.view.seq && app.aid.item && !app.busy")
    seq = v["seq"]
    c.key("Enter", "resolve the attack")
    v = wait_view(server, gid, token, lambda w: w["seq"] > seq)
    # What the die brings: the Union answers its own choices (advance, losses) by default or key 1.
    for _ in range(8):
        v = wait_view(server, gid, token, lambda w: w["to_act"] == "union" or w["over"])
        wait_page_seq(page, v["seq"])
        if v["phase"] == "combat" or v["over"]:
            break
        wait_js(page, "!app.busy")
        c.key("Enter" if v.get("default") else "1", f"after the combat: {v['phase']}")
        v = wait_view(server, gid, token, lambda w, s=v["seq"]: w["seq"] > s)
    # Other attacks may wait (8.1: units in enemy zones must attack); ending the phase is the
    # last key of the player-turn when nothing obliges.
    if any(i["action"]["kind"] == "end_combat" for i in v["legal"]):
        seq = v["seq"]
        wait_js(page, "!app.busy")
        c.key("e", "end the Combat Phase")
        wait_view(server, gid, token, lambda w: w["seq"] > seq and w["phase"] != "combat")
    print(f"Champion Hill, the Union player-turn of Game-Turn 2: {c.n} clicks and keys: {c.what}")
    assert c.n <= MOST_CLICKS, c.what
    assert not page.errors, page.errors


def js_reach(page):
    return page.evaluate("() => Object.keys(window.cwbattles.picked.options.reach)")
