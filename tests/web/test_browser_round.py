"""A scripted Cedar Creek round played by clicking, counted: the Union activates two divisions of
three brigades; in each, two brigades move and the third attacks; the headquarters stay; both
attacks are resolved. Every click and key press counts; the round takes 12 or fewer (it took 27
before the page's defaults, quick moves and keys). Then the bot's reply is shown step by step
("since your last decision"), with the combat results on the map and in the panel.

The game is set up by continuing a record (POST /api/records with ``play``) built with the
heuristic bots; ``scripted_round`` finds the round and plans it."""

from .scripted_round import find_round
from .test_browser import (api, browser, hurry_pick, open_page, server, shot, sync_api, view_of,  # noqa: F401
                           wait_page_seq, wait_view)


class Counted:
    """The page with every click and key press counted."""

    def __init__(self, page):
        self.page = page
        self.n = 0
        self.what = []

    def click(self, selector, why):
        self.page.locator(selector).first.click()
        self.n += 1
        self.what.append(why)

    def key(self, key, why):
        self.page.keyboard.press(key)
        self.n += 1
        self.what.append(f"{key}: {why}")


def js(page, expr, arg=None):
    return page.evaluate(f"(arg) => {{ const app = window.cwbattles; return {expr}; }}", arg)


def wait_js(page, expr, arg=None, timeout=None):
    page.wait_for_function(f"(arg) => {{ const app = window.cwbattles; return {expr}; }}", arg=arg, timeout=timeout)


def test_a_round_of_two_divisions_in_twelve_clicks_or_fewer(server, browser):  # noqa: F811
    record, plan = find_round()
    game = api(server, "POST", "/api/records", {"record": record, "play": {"union": "me", "confederate": "bot:heuristic"}})
    gid, token = game["id"], game["tokens"]["union"]
    page = open_page(browser, server + game["links"]["union"])
    page.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(page, game["actions"])
    c = Counted(page)
    seq = game["actions"]
    # Pointing at a division's activation shows its brigades and the headquarters' command range.
    first_division = next(b["division"] for b in api(server, "GET", f"/api/games/{gid}/meta")["counters"]["brigades"]
                          if b["id"] == plan[0][0])
    page.locator(f"#actions button.kind-activate:has-text('{first_division.capitalize()}')").hover()
    page.wait_for_selector("svg.map .zone-highlight.command")
    assert page.locator("svg.map .counter.division-hl").count() == 3
    page.screenshot(path=shot("division-command-range.png"))
    page.mouse.move(5, 5)
    for k, (unit, what, zone) in enumerate(plan):
        # The brigade the page proposes next is picked by default; the first of a division is
        # picked by clicking it (which activates its division).
        try:        # the page proposes the next brigade of the division once the last answer is in
            wait_js(page, "!app.busy && app.picked && app.picked.unit === arg", unit, timeout=1500)
        except sync_api.TimeoutError:
            c.click(f"svg.map .counter[data-unit='{unit}']", f"pick {unit}")
        wait_js(page, "app.picked && app.picked.unit === arg && app.picked.options", unit)
        tag = f"svg.map .zone-tag[data-zone='{zone}']"
        if what == "attack":
            page.locator(tag).hover()                       # the preview shows beside the target
            wait_js(page, "app.hover && app.hover.ready && app.hover.place === arg", zone)
            if k == 2:
                page.screenshot(path=shot("attack-preview-on-map.png"))
        c.click(tag, f"{unit} {what} {zone}")
        v = wait_view(server, gid, token, lambda w, s=seq: w["seq"] > s)
        seq = v["seq"]
        wait_page_seq(page, seq, at_least=True)
        if what == "attack":
            assert any(u["id"] == unit and u["attack"] is not None for u in v["position"]["units"])
        else:
            assert next(u for u in v["position"]["units"] if u["id"] == unit)["zone"] == zone
        assert v["to_act"] == "union", v["phase"]
    # Headquarters: Enter leaves them where they are; each attack: Enter rolls its dice, with
    # its preview shown in the decision panel first.
    v = view_of(server, gid, token)
    assert v["phase"] == "hqphase" and v["legal"][v["default"]["index"]]["action"]["kind"] == "end_hq"
    c.key("Enter", "end headquarters movement")
    resolved = 0
    for _ in range(8):
        v = wait_view(server, gid, token, lambda w, s=seq: w["seq"] > s)
        seq = v["seq"]
        wait_page_seq(page, seq, at_least=True)
        if v["to_act"] != "union" or v["phase"] not in ("resolve", "hit", "advance", "retreat", "facing", "line"):
            break
        if v["phase"] == "resolve":
            wait_js(page, "app.aid && app.aid.seq === arg && app.aid.html", seq)
            if resolved == 0:
                page.screenshot(path=shot("resolve-default-preview.png"))
            c.key("Enter", "resolve the next attack")
            resolved += 1
            if resolved == 1:       # the result: a card above the decision and a badge on the map
                page.wait_for_selector("#combat-card .combat-card")
                card = page.locator("#combat-card").inner_text()
                assert "die" in card and "total" in card
                page.wait_for_selector("svg.map .step-badge.combat")
                page.screenshot(path=shot("combat-result.png"))
        else:      # a result that asks the Union something: its default, or its first choice
            c.key("Enter" if v.get("default") else "1", v["phase"])
    # Both attacks were fought (the last one declared is resolved by itself: no choice is left).
    # (an event's "by" is whoever's decision led to it: the last attack follows the defender's
    # answer to the first, so it is told by the attackers, not by who acted)
    attackers = {unit for unit, what, _ in plan if what == "attack"}
    fought = [e for e in view_of(server, gid, token)["log"] if (e.get("data") or {}).get("kind") == "combat"
              and set(e["data"]["attackers"]) & attackers and e["seq"] >= game["actions"]]
    assert resolved >= 1 and len(fought) == 2
    if view_of(server, gid, token)["to_act"] == "confederate":
        assert not page.title().startswith("● Your turn")
    print(f"clicks and keys for the round: {c.n}: {c.what}")
    assert c.n <= 12, c.what

    # The bot answers. When the Union decides again, its steps are listed ("since your last
    # decision"); one is drawn strongly when selected; the play button steps through them on the
    # replayed positions.
    end = seq
    for _ in range(200):
        v = wait_view(server, gid, token, lambda w: w["to_act"] == "union" or w["over"], timeout=30)
        if v["over"] or any(e.get("by") == "confederate" and e["seq"] >= end for e in v["log"]):
            break
        pick = hurry_pick(v["legal"])    # the rest of the Union's turn, by the API (not counted)
        api(server, "POST", f"/api/games/{gid}/actions", {"token": token, "seq": v["seq"], "action": pick["action"]})
    wait_page_seq(page, v["seq"], at_least=True)
    assert page.title().startswith("● Your turn")              # the tab says so (and a sound, if asked)
    page.wait_for_selector("#follow-list li")
    theirs = [e for e in v["log"] if e.get("by") == "confederate" and e.get("data")]
    assert theirs and page.locator("#follow-list li").count() >= 1
    assert "Confederate" in page.locator("#follow-title").inner_text()
    drawn = page.locator("#follow-list li").nth(page.locator("#follow-list li").count() - 1)
    drawn.click()
    page.wait_for_selector("#follow-list li.focus")
    assert page.locator("svg.map .layer-overlay > *").count() >= 1
    page.screenshot(path=shot("since-your-last-decision.png"))
    page.click("#follow-play")
    page.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('replay:')")
    page.click("#follow-play")           # stop: back to the live game
    page.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('live')")
    assert not page.errors, page.errors
    page.context.close()
