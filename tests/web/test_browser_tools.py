"""The game page's tools, in headless Chromium: the hold-or-retreat preview and the keyboard, the
zone inspector, rule pop-ups, the chat between a player and a spectator, the narrow layout, a
finished game's record downloaded and opened again in the replay viewer (whose side panels follow
the replayed position, with no game-over dialog over it), invite links that carry the public
address, and Champion Hill's compulsory attacks. Positions are set up by continuing a record
built here (POST /api/records with ``play``). Screenshots: ``shot`` in test_browser."""

import json
import random
import subprocess
import sys

import cwbattles
from cwbattles import replay
from cwbattles.engine.records import Recorder

from .test_browser import (api, browser, gid_of, open_page, running_server, server, shot, view_of,  # noqa: F401
                           wait_page_seq, wait_view)



def record_until(name, seed, stop, limit=3000):
    """A record of a random game of ``name`` played until ``stop(state)`` (or its end)."""
    game = cwbattles.load(name)
    rec = Recorder(game, seed)
    rng = random.Random(seed)
    while not rec.state.is_over and not stop(rec.state) and len(rec.actions) < limit:
        rec.apply(rng.choice(rec.state.legal_actions()))
    return rec


def continued(base, rec, union="me", confederate="me"):
    return api(base, "POST", "/api/records", {"record": rec.to_json(), "play": {"union": union, "confederate": confederate}})


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def js(page, expr):
    return page.evaluate(f"() => {{ const app = window.cwbattles; return {expr}; }}")


# -- 11.4: the consequences of holding and of retreating, shown before the choice; keys -------------------
def test_hold_or_retreat_is_previewed_and_keys_choose(server, browser):  # noqa: F811
    rec = record_until("cedar-creek", 3, lambda s: s.stack and s.stack[-1][0] == "hit")
    assert rec.state.stack[-1][0] == "hit"
    g = continued(server, rec)
    gid, token = g["id"], g["tokens"]["both"]
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(page, g["actions"])
    aid = page.locator("#decision-aid .choice-preview.hit")
    aid.wait_for()
    text = aid.inner_text()
    assert "Hold the position" in text and "Retreat" in text and "retreat roll" in text
    expected = api(server, "POST", f"/api/games/{gid}/preview",
                   {"token": token, "action": next(i for i in view_of(server, gid, token)["legal"]
                                                   if i["action"]["kind"] == "hold")["action"]})
    for mode in expected["retreat"]["modes"]:
        assert f"{round(100 * mode['chance'], 1)}%".replace(".0%", "%") in text
    assert page.locator("#decision-aid .roll-cell").count() == 6
    page.locator(".side-panel").screenshot(path=shot("hold-or-retreat.png"))

    # The number keys press the numbered buttons: the key shown on "hold" holds.
    v = view_of(server, gid, token)
    key = page.locator("#actions button.kind-hold").get_attribute("data-key")
    assert key and key.isdigit()
    page.keyboard.press(key)
    after = wait_view(server, gid, token, lambda w: w["seq"] > v["seq"])
    assert any("holds its position" in e["text"] for e in after["log"][-12:])
    assert not page.errors, page.errors
    page.context.close()


# -- keys, rule pop-ups, the zone inspector, the chat, the narrow layout -----------------------------------
def test_keys_rules_inspector_chat_and_narrow_layout(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "cedar-creek", "seed": 8, "union": "me", "confederate": "me"})
    gid, token = g["id"], g["tokens"]["both"]
    v0 = view_of(server, gid, token)
    assert v0["phase"] == "facing"      # 12, 10.4: Payne arrives and the Confederates face him first
    api(server, "POST", f"/api/games/{gid}/actions",
        {"token": token, "seq": 0, "action": v0["legal"][v0["default"]["index"]]["action"]})
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(page, 1)

    # 1 presses the first numbered button (a division's activation), U takes it back (no die
    # was rolled), and Escape lets go of the brigade picked on the map.
    first = view_of(server, gid, token)
    key_one = page.locator("#actions button[data-key='1']").inner_text()
    page.keyboard.press("1")
    one = wait_view(server, gid, token, lambda w: w["seq"] > first["seq"])
    assert any(key_one.lstrip("1").strip() in e["text"] or "activated" in e["text"] for e in one["log"][-6:])
    wait_page_seq(page, one["seq"])
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    back = wait_view(server, gid, token, lambda w: w["seq"] < one["seq"])
    assert back["seq"] == first["seq"]
    wait_page_seq(page, back["seq"])

    # Every rule number opens its summary (our words, from the game's rules file).
    page.locator("#status .rule").first.click()
    pop = page.locator("#rule-pop")
    pop.wait_for()
    rules = api(server, "GET", f"/api/games/{gid}/meta")["rules"]
    cited = page.locator("#status .rule").first.inner_text()
    assert rules[cited]["title"] in pop.inner_text() and "printed rules" in pop.inner_text()
    box = pop.bounding_box()
    page.screenshot(path=shot("rule-popup.png"), clip={"x": max(0, box["x"] - 420), "y": 0,
                                                           "width": 420 + box["width"] + 20, "height": box["y"] + box["height"] + 20})
    page.locator("#log .rule").first.click()
    assert pop.is_visible()
    page.keyboard.press("Escape")

    # A zone where a click has nothing to do: the inspector lists every brigade there, the
    # second line too (a stack of the Union camps).
    units = view_of(server, gid, token)["position"]["units"]
    camp = max({u["zone"] for u in units if u["zone"]}, key=lambda z: sum(u["zone"] == z for u in units))
    lead = next(u["id"] for u in units if u["zone"] == camp and u["line"] == 1)
    page.locator(f"svg.map .counter[data-unit='{lead}']").click()     # a counter with nothing to do: its zone
    box = page.locator("#inspector")
    box.wait_for()
    here = [u for u in view_of(server, gid, token)["position"]["units"] if u["zone"] == camp]
    assert box.locator("tbody tr").count() == len(here) >= 1
    assert "1st" in box.inner_text() and "2nd" in box.inner_text() and "strength" in box.inner_text()
    page.screenshot(path=shot("zone-inspector.png"))
    page.keyboard.press("Escape")
    assert box.is_hidden()

    # The chat: a player writes, a spectator reads it live (as text, never as markup).
    watcher = open_page(browser, server + g["links"]["spectator"])
    watcher.wait_for_selector("svg.map .counter.brigade")
    watcher.wait_for_function("() => document.getElementById('connection').textContent.includes('live')")
    assert watcher.locator("#chat-form").is_hidden()                 # spectators read only
    page.fill("#chat-input", "<b>Hold</b> the ford!")
    page.press("#chat-input", "Enter")
    watcher.locator("#chat-list li").wait_for()
    line = watcher.locator("#chat-list li").first
    assert "<b>Hold</b> the ford!" in line.inner_text() and line.locator("b.both").count() == 1
    assert api(server, "GET", f"/api/games/{gid}/chat?token={g['tokens']['spectator']}")[0]["text"] == "<b>Hold</b> the ford!"
    watcher.locator(".chat-panel").screenshot(path=shot("chat.png"))
    # Keys typed in the chat are the message's; Escape, or a click on the map, gives them back.
    assert "Escape" in page.locator("#chat-form .hint").inner_text()
    page.keyboard.type("u")
    assert page.input_value("#chat-input") == "u"
    page.locator(".chat-panel").screenshot(path=shot("chat-keys.png"))
    page.keyboard.press("Escape")
    before = view_of(server, gid, token)["seq"]
    page.keyboard.press("1")
    wait_page_seq(page, wait_view(server, gid, token, lambda w: w["seq"] > before)["seq"])
    page.focus("#chat-input")
    page.mouse.click(*centre(page.locator("#map-scroll").bounding_box()))
    assert page.evaluate("document.activeElement.id") != "chat-input"
    assert page.input_value("#chat-input") == "u"
    assert not watcher.errors, watcher.errors
    watcher.context.close()

    # A narrow window (a tablet, 800 px): the map above, the panels below it.
    narrow = open_page(browser, server + g["links"]["both"], width=800, height=1000)
    narrow.wait_for_selector("svg.map .counter.brigade")
    map_box = narrow.locator(".map-pane").bounding_box()
    panel = narrow.locator(".side-panel").bounding_box()
    assert panel["y"] >= map_box["y"] + map_box["height"] - 1 and panel["width"] > 700
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 800
    narrow.screenshot(path=shot("narrow-layout.png"), full_page=False)
    assert not page.errors and not narrow.errors, page.errors + narrow.errors
    narrow.context.close()
    page.context.close()


# -- a finished game: its record, downloaded, verified, opened again in the replay viewer ------------------
BIG_SEED = 6221568302627038427        # more than 2^53: a JavaScript number would round it


def test_record_download_verify_and_open_in_the_replay_viewer(server, browser, tmp_path):  # noqa: F811
    rec = record_until("cedar-creek", BIG_SEED, lambda s: False)
    g = continued(server, rec)
    page = open_page(browser, server + g["links"]["both"])
    page.locator("#gameover").wait_for()
    assert str(BIG_SEED) in page.locator("#gameover").inner_text()        # the seed shown exactly

    # The replay viewer: the game-over dialog leaves the map, the side panels follow the past.
    page.click("#replay-start")
    page.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('replay: after action 0 ')")
    assert page.locator("#gameover").is_hidden()
    assert page.locator("#turn-track .box.current").first.inner_text().startswith("1")
    assert "No rolls yet" in page.locator("#rolls").inner_text() or page.locator("#rolls li").count() <= 3
    page.click("#replay-end")

    # Download the record: the file replay --verify checks.
    with page.expect_download() as download:
        page.click("#record-download")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["seed"] == BIG_SEED
    assert replay(doc, verify=True).result == rec.state.result and len(doc["actions"]) == len(rec.actions)
    checked = subprocess.run([sys.executable, "-m", "cwbattles.cli", "replay", str(path), "--verify"],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # Open it in the lobby: it is checked and shown in the replay viewer.
    lobby = open_page(browser, server + "/")
    lobby.set_input_files("#record-file", str(path))
    lobby.wait_for_url("**/game/*")
    lobby.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(lobby, len(rec.actions))
    assert "over" in lobby.locator("#actions").inner_text() and lobby.locator("#actions button").count() == 0
    lobby.click("#replay-start")
    lobby.click("#replay-forward")
    lobby.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('replay: after action 1 ')")
    # Far on: an action that made a combat, whose dice and result the replayed map shows.
    rid, rtoken = gid_of(lobby.url), lobby.url.split("token=")[1]
    fought = [e["seq"] for e in view_of(server, rid, rtoken)["log"] if (e.get("data") or {}).get("kind") == "combat"]
    n = next(k for k in fought if k > 250) + 1
    lobby.evaluate("""n => { const s = document.getElementById('replay-slider'); s.value = String(n);
                             s.dispatchEvent(new Event('input')); }""", n)
    lobby.wait_for_function("n => document.getElementById('replay-label').textContent.startsWith(`replay: after action ${n} `)", arg=n)
    lobby.wait_for_selector("svg.map .step-badge.combat")
    lobby.locator("svg.map .step-badge.combat").first.scroll_into_view_if_needed()   # an action may fight two
    lobby.screenshot(path=shot("replay-record.png"))
    assert not page.errors and not lobby.errors, page.errors + lobby.errors
    lobby.context.close()
    page.context.close()


# -- 10.5: a full zone the brigade may cross, not stop in: marked "pass", a click says why, no number ------
def test_a_zone_to_pass_through_is_marked_pass_and_a_click_explains(server, browser):  # noqa: F811
    from cwbattles.games.cedar_creek.movement import can_stack
    rec = record_until("cedar-creek", 1, lambda s: s.mv_unit >= 0 and s.zone[s.mv_unit] >= 0 and any(
        a.kind == "move" and not can_stack(s, s.mv_unit, a.a) for a in s.legal_actions()))
    s = rec.state
    full = next(a.a for a in s.legal_actions() if a.kind == "move" and not can_stack(s, s.mv_unit, a.a))
    zone = rec.game.board.zones[full]
    g = continued(server, rec)
    gid, token = g["id"], g["tokens"]["both"]
    assert zone.id not in api(server, "GET", f"/api/games/{gid}/reach?unit={rec.game.brigades[s.mv_unit].id}&token={token}")["zones"]
    page = open_page(browser, server + g["links"]["both"])
    tag = page.locator(f"svg.map .zone-tag[data-zone='{zone.id}']")
    tag.wait_for()
    page.wait_for_function("() => window.cwbattles.reach !== null")
    assert tag.inner_html().count(">pass<") == 1
    numbered = [b.inner_text() for b in page.locator("#actions button[data-key]").all()]
    assert not any(zone.name in t for t in numbered), numbered
    seq = view_of(server, gid, token)["seq"]
    tag.click()
    page.locator("#toast").wait_for()
    assert "may pass through" in page.locator("#toast").inner_text()
    assert view_of(server, gid, token)["seq"] == seq                       # nothing was sent
    page.screenshot(path=shot("pass-through.png"))
    assert not page.errors, page.errors
    page.context.close()


# -- 8.6: declared lower odds are worse than the units' own: the key asks before rolling ------------------
def test_declared_lower_odds_ask_before_the_dice_roll(server, browser):  # noqa: F811
    rec = record_until("champion-hill", 1, lambda s: any(a.kind == "resolve_at" for a in s.legal_actions()))
    g = continued(server, rec)
    gid, token = g["id"], g["tokens"]["both"]
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("#actions button.action")
    seq = view_of(server, gid, token)["seq"]
    lower = page.locator("#actions button.kind-resolve_at[data-key]").first
    key = lower.get_attribute("data-key")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.keyboard.press(key)
    assert asked and "lower odds" in asked[0]
    assert view_of(server, gid, token)["seq"] == seq                       # refused: nothing rolled
    page.once("dialog", lambda d: d.accept())
    page.keyboard.press(key)
    wait_page_seq(page, wait_view(server, gid, token, lambda w: w["seq"] > seq)["seq"])
    assert not page.errors, page.errors
    page.context.close()


# -- 10.4: an enemy's move that stops for my facing: the status speaks to me, not to the mover ----------
def test_the_status_speaks_to_the_side_that_decides_during_the_enemys_move(server, browser):  # noqa: F811
    rec = record_until("cedar-creek", 1, lambda s: s.mv_unit >= 0 and s.to_act
                       and s.SIDES[s.side_of(s.mv_unit)] != s.to_act)
    decider = rec.state.to_act
    mover = rec.game.brigades[rec.state.mv_unit].name if hasattr(rec.game, "brigades") else None
    g = continued(server, rec)
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("#actions button.action")
    status = page.locator("#status").inner_text()
    assert "MP left" not in status and "Shift+click" not in status        # not the mover's instructions
    assert f"{decider.capitalize()} side has decided" in status
    page.locator("#status").screenshot(path=shot("status-decider.png"))
    assert mover is None or mover in status
    assert not page.errors, page.errors
    page.context.close()


# -- resigning ends the game: recorded in the result and as the record's last action, which verifies ------
def test_resign_then_the_downloaded_record_verifies(server, browser, tmp_path):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "champion-hill", "seed": str(BIG_SEED), "union": "me",
                                           "confederate": "bot:random"})
    page = open_page(browser, server + g["links"]["union"])
    page.wait_for_selector("#actions button.action")
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    page.locator("#gameover").wait_for()
    text = page.locator("#gameover").inner_text()
    assert "Union player resigned" in text and "Confederate" in text and str(BIG_SEED) in text
    assert page.locator("#resign").is_hidden()
    page.screenshot(path=shot("resigned.png"))
    with page.expect_download() as download:
        page.click("#record-download")
    path = tmp_path / "resigned.json"
    download.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["actions"][-1]["action"] == {"kind": "resign", "side": "union"} and doc["result"]["winner"] == "confederate"
    checked = subprocess.run([sys.executable, "-m", "cwbattles.cli", "replay", str(path), "--verify"],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert not page.errors, page.errors
    page.context.close()


# -- 7: invite links carry the public address; the first browser to open one takes the side --------------
def test_invite_links_use_the_public_url(browser, tmp_path):  # noqa: F811
    with running_server(tmp_path / "lan.sqlite3", "--public-url", "http://localhost:{port}") as (base, port):
        public = f"http://localhost:{port}"
        creator = open_page(browser, base + "/")
        creator.wait_for_selector("#player-confederate option[value='remote']", state="attached")
        creator.select_option("#scenario", "cedar-creek")
        creator.wait_for_selector("#options-body input[type=checkbox]")
        creator.screenshot(path=shot("lobby-options.png"))
        creator.select_option("#player-union", "me")
        creator.select_option("#player-confederate", "remote")
        creator.click("#create-button")
        creator.wait_for_selector("#go-to-game")
        invite = creator.locator(".invite-confederate input").input_value()
        assert invite.startswith(f"{public}/game/") and "?invite=" in invite
        assert creator.locator(".invite-spectator input").input_value().startswith(public)
        creator.locator("#created").screenshot(path=shot("invite-public-url.png"))
        # Another browser (its own context) opens the invite at the public address and takes the side.
        guest = open_page(browser, invite)
        guest.wait_for_selector("svg.map .counter.brigade")
        guest.wait_for_function("() => document.getElementById('status').textContent.includes('You play: Confederate')")
        gid = gid_of(invite)
        assert api(base, "GET", f"/api/games/{gid}/meta")["seats"] == {"confederate": "taken"}
        assert not creator.errors and not guest.errors, creator.errors + guest.errors
        guest.context.close()
        creator.context.close()


# -- 5: Champion Hill's compulsory attacks marked, the list grouped, the preview beside the target ---------
def test_champion_hill_compulsory_attacks_and_grouped_actions(server, browser):  # noqa: F811
    def in_combat(s):
        return s.stack and s.stack[-1][0] == "combat" and s.turn >= 3 and s.obligations().get("attack")
    rec = record_until("champion-hill", 4, in_combat)
    assert in_combat(rec.state)
    g = continued(server, rec)
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(page, g["actions"])
    duty = rec.state.obligations()
    page.wait_for_selector("svg.hex-map .counter.must-attack")
    assert page.locator("svg.hex-map .counter.must-attack").count() >= len(duty["attack"])
    assert page.locator("svg.hex-map .counter.must-defend").count() >= len(duty["defend"])
    # "End the phase" heads the list when it is legal; with many choices they are grouped by unit.
    legal = view_of(server, g["id"], g["tokens"]["both"])["legal"]
    first = page.locator("#actions button.action").first
    if any(i["action"]["kind"] == "end_combat" for i in legal):
        assert "end" in first.get_attribute("class")
    # Pointing at a hex to attack shows its itemised preview beside it on the map.
    target = next(i["action"]["hex"] for i in legal if i["action"]["kind"] == "attack")
    page.locator(f"svg.hex-map .zone-tag[data-hex='{target}']").hover()
    page.wait_for_function("() => window.cwbattles.hover?.ready")
    assert "odds" in page.locator("#preview").inner_text().lower()
    page.screenshot(path=shot("champion-hill-combat.png"))
    assert not page.errors, page.errors
    page.context.close()


# -- 8.7: where each retreat or advance leads, before the choice ------------------------------------------
def test_champion_hill_advance_choices_are_previewed(server, browser):  # noqa: F811
    def advancing(s):
        return s.stack and s.stack[-1][0] in ("advance", "retreat") and len(s.legal_actions()) > 1
    rec = record_until("champion-hill", 2, advancing)
    assert advancing(rec.state)
    g = continued(server, rec)
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    aid = page.locator("#decision-aid .choice-preview.choice")
    aid.wait_for()
    rows = aid.locator("tr")
    assert rows.count() == len(rec.state.legal_actions())
    assert "defence" in aid.inner_text() or "stays where it is" in aid.inner_text()
    page.locator(".side-panel").screenshot(path=shot("champion-hill-choice-preview.png"))
    assert not page.errors, page.errors
    page.context.close()


# -- a brigade drawn under another is picked from the zone inspector -----------------------------------
def _second_line_pick(server, gid, token, limit=600):
    """Play the defaults until a brigade of a stack's second line may be picked: its id and zone."""
    v = view_of(server, gid, token)
    for _ in range(limit):
        units = {u["id"]: u for u in v["position"]["units"]}
        for item in v["legal"]:
            u = units.get(item["action"].get("unit"))
            if item["action"]["kind"] == "brigade" and u and u["line"] == 2 and any(
                    o["zone"] == u["zone"] and o["line"] == 1 for o in units.values()):
                return v, u["id"], u["zone"]
        item = v["legal"][v["default"]["index"]] if v.get("default") else v["legal"][0]
        api(server, "POST", f"/api/games/{gid}/actions", {"token": token, "seq": v["seq"], "action": item["action"]})
        v = view_of(server, gid, token)
    raise AssertionError("no second-line brigade to pick")


def test_a_second_line_brigade_is_picked_from_the_zone_inspector(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "cedar-creek", "seed": 8, "union": "me", "confederate": "me"})
    gid, token = g["id"], g["tokens"]["both"]
    v, unit, zone = _second_line_pick(server, gid, token)
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(page, v["seq"])
    page.keyboard.press("Escape")                                  # let go of the default pick
    page.locator(f"svg.map polygon[data-zone='{zone}']").first.hover(force=True)
    page.keyboard.press("i")
    row = page.locator(f"#inspector tr[data-unit='{unit}']")
    row.wait_for()
    assert "2nd" in row.inner_text()
    row.click()
    page.wait_for_function("(u) => window.cwbattles.picked?.unit === u", arg=unit)
    assert page.locator("#inspector").is_hidden() and view_of(server, gid, token)["seq"] == v["seq"]
    assert not page.errors, page.errors
