"""The browser pages, driven in headless Chromium: the lobby, the map (click a brigade, see where
it can go, click a zone), live updates between two players, the combat preview, undo, the
replay viewer, and what a spectator or a forged link sees.

Uses Debian's /usr/bin/chromium through Playwright (never a downloaded browser); the module is
skipped when either is missing. The server runs in a subprocess on a free port.
"""

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip("no /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Screenshots of the page's features: test-artifacts/ by default; CWBATTLES_SHOTS=docs/img
# refreshes the ones the documentation shows (look at each one before committing it).
SHOTS = Path(os.environ.get("CWBATTLES_SHOTS") or ARTIFACTS)


def shot(name: str) -> str:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return str(SHOTS / name)
TIMEOUT_MS = 15000


# -- the server and the browser ------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(db, *extra, host="127.0.0.1"):
    """``cwbattles serve`` on a free port of the loopback, with ``extra`` arguments; yields
    (base address, port)."""
    port = free_port()
    log = open(db.with_suffix(".log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "cwbattles.cli", "serve", "--host", host,
                             "--port", str(port), "--db", str(db), *[a.format(port=port) for a in extra]],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/scenarios", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"the server did not start; see {log.name}")
            time.sleep(0.1)
    try:
        yield base, port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # a module's tests open many records from one address within a minute
    with running_server(tmp_path_factory.mktemp("web") / "games.sqlite3", "--records-per-minute", "200") as (base, _):
        yield base


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_page(browser, url, width=1600, height=1000, touch=False):
    """A page in its own context (its own localStorage), failing the test on any script error;
    `touch` makes it a touch screen (no pointer that can rest over the map)."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    if url:
        page.goto(url)
    return page


# -- the API, for setting up positions and checking what the pages show ------------------------------
def api(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def view_of(base, gid, token):
    return api(base, "GET", f"/api/games/{gid}/view?token={token}")


def new_game(base, union, confederate, seed):
    """A game; with a remote side, no seed (the server draws a secret one) and invite links."""
    body = {"game": "cedar-creek", "union": union, "confederate": confederate}
    if "remote" not in (union, confederate):
        body["seed"] = seed
    return api(base, "POST", "/api/games", body)


def wait_view(base, gid, token, predicate, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = view_of(base, gid, token)
        if predicate(v):
            return v
        time.sleep(0.05)
    raise AssertionError("timed out waiting for the game")


def wait_page_seq(page, seq, at_least=False):
    """Until the page shows the live game after `seq` actions (or more, ``at_least``: where a bot
    may answer before the page is looked at; never after an undo, where the count goes down)."""
    page.wait_for_function("([n, more]) => { const t = document.getElementById('replay-label').textContent;"
                           " const m = /^live · (\\d+) action/.exec(t); return m && (more ? +m[1] >= n : +m[1] === n); }",
                           arg=[seq, at_least])


def click_legal(page, item):
    page.locator(f"#actions button.action[data-index='{item['index']}']").click()


# Which choice moves the game on fastest when the test does not care.
HURRY = ["stop", "end_division", "end_hq", "hq_stop", "no_advance", "retreat_stop", "pass", "tactical_retreat",
         "activate", "face", "line", "fatigue", "hold", "retreat", "retreat_to", "hq_displace", "resolve"]


def hurry_pick(legal):
    for kind in HURRY:
        for item in legal:
            if item["action"]["kind"] == kind:
                return item
    return legal[0]


def play_in_page(page, base, gid, token, item):
    """Play one legal action by clicking its button (through the preview for combats). An attack
    the preview marks as a likely loss asks first (risk.js): the test goes on with it."""
    def go_on(dialog):
        dialog.accept()
    page.on("dialog", go_on)
    try:
        click_legal(page, item)
        if item["action"]["kind"] in ("attack", "charge", "resolve"):
            page.locator("#preview-commit").click()
    finally:
        page.remove_listener("dialog", go_on)


def token_of(url):
    return parse_qs(urlparse(url).query)["token"][0]


def gid_of(url):
    return urlparse(url).path.rstrip("/").split("/")[-1]


def drive_api_until(base, gid, token, wanted, seed=5, limit=2000):
    """Random play through the API (both sides, hot seat) until one of `wanted` kinds is legal."""
    rng = random.Random(seed)
    v = view_of(base, gid, token)
    for _ in range(limit):
        kinds = {i["action"]["kind"] for i in v["legal"]}
        if kinds & wanted or v["over"]:
            return v
        eager = [i for i in v["legal"] if i["action"]["kind"] in ("attack", "charge", "move", "enter")]
        calm = [i for i in v["legal"] if i["action"]["kind"] not in ("end_division", "pass")] or v["legal"]
        pick = rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(calm)
        v = api(base, "POST", f"/api/games/{gid}/actions", {"token": token, "seq": v["seq"], "action": pick["action"]})
    raise AssertionError(f"no {wanted} within {limit} actions")


# -- 1: the lobby, a brigade moved on the map, the bot answers -----------------------------------------
def test_lobby_game_against_bot_move_by_clicking(server, browser):
    page = open_page(browser, server + "/")
    page.wait_for_selector("#player-confederate option[value='bot:random']", state="attached")
    page.select_option("#player-union", "me")
    page.select_option("#player-confederate", "bot:random")
    page.check("input[name=seedmode][value=fixed]")
    page.fill("#seed", "4")
    page.click("#create-button")
    page.wait_for_selector("#go-to-game")
    assert page.locator(".invite-spectator input").input_value().startswith(server + "/game/")
    page.click("#go-to-game")
    page.wait_for_selector("svg.map .counter.brigade")
    gid, token = gid_of(page.url), token_of(page.url)
    assert page.locator("#status").inner_text().count("Union") >= 1

    # Play (by clicking buttons) until the Union must choose which brigade acts.
    v = None
    for _ in range(80):
        v = wait_view(server, gid, token, lambda v: v["legal"] or v["over"])
        assert not v["over"]
        wait_page_seq(page, v["seq"])
        kinds = {i["action"]["kind"] for i in v["legal"]}
        if "brigade" in kinds:
            on_map = {u["id"] for u in v["position"]["units"] if u["zone"] and u["line"] == 1}
            if any(i["action"]["kind"] == "brigade" and i["action"]["unit"] in on_map for i in v["legal"]):
                break
        pick = next((i for i in v["legal"] if i["action"]["kind"] == "activate"), None) or hurry_pick(v["legal"])
        play_in_page(page, server, gid, token, pick)
        # the click's action is stored before the game moves on: wait for it, not for the old view
        wait_view(server, gid, token, lambda w, s=v["seq"]: w["seq"] > s)
    else:
        raise AssertionError("never reached a brigade choice")

    # The choosable brigades glow; a click on one picks it (nothing is sent yet: the next brigade
    # of the division is picked by default), and the zones it can reach are marked with their MP.
    on_map = {u["id"] for u in v["position"]["units"] if u["zone"] and u["line"] == 1}
    choices = [i["action"]["unit"] for i in v["legal"] if i["action"]["kind"] == "brigade" and i["action"]["unit"] in on_map]
    assert page.locator("svg.map .counter.brigade.selectable").count() >= len(choices)
    moved, reach = None, {}
    for unit in choices:
        if page.evaluate("u => window.cwbattles.picked?.unit !== u", unit):
            page.locator(f"svg.map .counter.brigade[data-unit='{unit}']").click()
        page.wait_for_function("u => window.cwbattles.picked?.unit === u && window.cwbattles.picked.options", arg=unit)
        reach = page.evaluate("() => window.cwbattles.picked.options.reach")
        if reach:
            moved = unit
            break
    assert moved, "no brigade of the division could move"
    assert view_of(server, gid, token)["seq"] == v["seq"]             # picking sent nothing
    assert "Picked" in page.locator("#status").inner_text() or "by default" in page.locator("#status").inner_text()
    page.wait_for_selector("svg.map .zone-highlight.reach")
    assert page.locator("svg.map .zone-highlight.reach").count() >= len(reach)
    assert "MP" in page.locator("svg.map .zone-tag.reach").first.text_content()
    page.locator(f"svg.map .counter[data-unit='{moved}']").hover()
    assert page.locator("#tooltip").is_visible() and "division" in page.locator("#tooltip").inner_text()

    # Shift+click the nearest zone: the brigade is activated and moves there, and its move goes on.
    target = min(reach, key=lambda z: (reach[z], z))
    before = v["seq"]
    page.locator(f"svg.map .zone-tag[data-zone='{target}']").click(modifiers=["Shift"])
    v = wait_view(server, gid, token, lambda w: w["seq"] > before + 1)  # "act with", then the move
    unit = next(u for u in v["position"]["units"] if u["id"] == moved)
    assert unit["zone"] == target
    wait_page_seq(page, v["seq"])
    page.wait_for_function("([u, z]) => document.querySelector(`svg.map .counter[data-unit='${u}']`)?.dataset.zone === z",
                           arg=[moved, target])

    # Still moving with zones farther than one step in reach? Shift+clicking one goes there by the cheapest path.
    if v["moving"] == moved:
        reach = api(server, "GET", f"/api/games/{gid}/reach?unit={moved}&token={token}")["zones"]
        steps = {i["action"]["zone"] for i in v["legal"] if i["action"]["kind"] == "move"}
        farther = sorted(z for z in reach if z not in steps)
        if farther:
            page.wait_for_selector(f"svg.map .zone-highlight.reach[data-zone='{farther[0]}']")
            before = v["seq"]
            page.locator(f"svg.map .zone-tag[data-zone='{farther[0]}']").click(modifiers=["Shift"])
            v = wait_view(server, gid, token, lambda w: w["seq"] >= before + 2)    # one move per step
            assert next(u for u in v["position"]["units"] if u["id"] == moved)["zone"] == farther[0]

    # Finish the Union's part of the round; the bot answers and the page shows it live.
    confederate_rolls = sum("Confederate activation roll" in e["text"] for e in api(
        server, "GET", f"/api/games/{gid}/view?token={token}")["log"])
    for _ in range(150):
        v = wait_view(server, gid, token, lambda w: w["legal"] or w["over"] or w["to_act"] == "confederate")
        if v["to_act"] != "union" or v["over"]:
            break
        wait_page_seq(page, v["seq"])
        play_in_page(page, server, gid, token, hurry_pick(v["legal"]))
        wait_view(server, gid, token, lambda w, s=v["seq"]: w["seq"] != s)
    page.wait_for_function(
        "n => [...document.querySelectorAll('#log li .text')].filter(e => e.textContent.includes('Confederate activation roll')).length > n",
        arg=confederate_rolls)
    assert not page.errors, page.errors

    ARTIFACTS.mkdir(exist_ok=True)
    page.click("#zoom-fit")
    page.locator("svg.map").screenshot(path=str(ARTIFACTS / "map.png"))
    page.context.close()


# -- 2: two remote players see each other's moves without reloading -------------------------------------
def test_two_players_see_each_others_moves(server, browser):
    g = new_game(server, "remote", "remote", seed=2)
    union = open_page(browser, server + g["invites"]["union"])
    confed = open_page(browser, server + g["invites"]["confederate"])
    for page in (union, confed):
        page.wait_for_selector("svg.map .counter.brigade")
        page.wait_for_function("() => document.getElementById('connection').textContent.includes('live')")
    ctoken = token_of(confed.url)            # each page claimed its side and holds its own token
    # The Confederates have the initiative on turn 1: the Union page has no buttons.
    assert union.locator("#actions button.action").count() == 0
    assert "Confederate to act" in union.locator("#status").inner_text()
    seen = set()
    undone = False
    for _ in range(8):
        v = view_of(server, g["id"], ctoken)
        if v["to_act"] != "confederate":
            break
        wait_page_seq(confed, v["seq"])
        pick = next((i for i in v["legal"] if i["action"]["kind"] in ("enter", "move")), None) or hurry_pick(v["legal"])
        play_in_page(confed, server, g["id"], ctoken, pick)
        v = wait_view(server, g["id"], ctoken, lambda w, s=v["seq"]: w["seq"] > s)
        # Without reloading, the other player's page follows: same number of actions, same newest log line.
        wait_page_seq(union, v["seq"])
        newest = union.locator("#log li .text").first.inner_text()
        assert newest == v["log"][-1]["text"]
        seen.add(newest)
        if not undone and v["undo"]["possible"]:
            # An undo between two remote players needs the other's consent: asked on one page,
            # answered on the other; both pages go back.
            undone = True
            confed.locator("#undo-button").click()
            union.locator("#undo-accept").wait_for()
            sync_api.expect(union.locator("#undo")).to_contain_text("asks to take back")
            sync_api.expect(confed.locator("#undo")).to_contain_text("waiting")
            union.locator("#undo-accept").click()
            back = wait_view(server, g["id"], ctoken, lambda w: w["seq"] < v["seq"])
            wait_page_seq(confed, back["seq"])
            wait_page_seq(union, back["seq"])
    assert undone
    assert union.locator("svg.map .counter.brigade.confederate").count() >= 1 or any("activated" in s for s in seen)
    assert union.evaluate("performance.getEntriesByType('navigation').length") == 1   # never reloaded
    assert not union.errors and not confed.errors, union.errors + confed.errors
    union.context.close()
    confed.context.close()


# -- 3: spectators see everything and can do nothing; a forged link is refused -------------------------
def test_spectator_and_forged_token(server, browser):
    g = new_game(server, "me", "remote", seed=3)
    page = open_page(browser, server + g["links"]["spectator"])
    page.wait_for_selector("svg.map .counter.brigade")
    assert "spectator" in page.locator("#status").inner_text()
    assert "spectator" in page.locator("#actions").inner_text()
    assert page.locator("#actions button").count() == 0 and page.locator("#undo button").count() == 0
    assert page.locator("svg.map .counter.selectable").count() == 0
    assert page.locator("svg.map .counter.brigade.union").count() >= 20   # every Union brigade is drawn
    assert not page.errors, page.errors
    page.context.close()

    forged = open_page(browser, f"{server}/game/{g['id']}?token=not-a-real-token")
    banner = forged.locator("#error-banner")
    banner.wait_for(state="visible")
    assert "token" in banner.inner_text().lower()
    assert forged.locator("#actions button").count() == 0
    forged.context.close()

    missing = open_page(browser, f"{server}/game/nosuchgame?token=x")
    missing.locator("#error-banner").wait_for(state="visible")
    assert "no game" in missing.locator("#error-banner").inner_text()
    missing.context.close()


# -- 4: the combat preview, committing by clicking the zone, undo, the replay viewer ----------------------
def test_attack_preview_undo_and_replay(server, browser):
    g = new_game(server, "me", "me", seed=3)
    token = g["tokens"]["both"]
    v = drive_api_until(server, g["id"], token, {"attack"})
    attack = next(i for i in v["legal"] if i["action"]["kind"] == "attack")
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.map .counter.brigade")
    wait_page_seq(page, v["seq"])

    # The button opens the preview: both sides' modifiers with rule numbers, odds summing to 100%.
    click_legal(page, attack)
    preview = page.locator("#preview")
    preview.wait_for(state="visible")
    assert "11.3" in preview.inner_text()
    odds = [float(t.rstrip("%")) for t in page.locator("#preview td.pct").all_inner_texts()]
    assert len(odds) == 5 and abs(sum(odds) - 100) < 0.6
    expected = api(server, "POST", f"/api/games/{g['id']}/preview", {"token": token, "action": attack["action"]})
    assert f"{100 * expected['odds']['defender_hit']:.1f}%" in odds_text(page, "defender_hit")
    page.click("#preview-cancel")
    assert preview.is_hidden() and view_of(server, g["id"], token)["seq"] == v["seq"]

    # Pointing at the attacked zone on the map shows the same preview beside it; a click there
    # then declares the attack.
    tag = page.locator(f"svg.map .zone-tag[data-zone='{attack['action']['zone']}']")
    tag.hover()
    preview.wait_for(state="visible")
    page.wait_for_function("() => window.cwbattles.hover?.ready")
    assert "hover" in preview.get_attribute("class") and "11.3" in preview.inner_text()
    assert view_of(server, g["id"], token)["seq"] == v["seq"]
    tag.click()
    after = wait_view(server, g["id"], token, lambda w: w["seq"] > v["seq"])
    wait_page_seq(page, after["seq"])
    assert page.locator("svg.map .attack-tag").count() >= 1

    # The attacker's facing toward its target was taken by default and is listed: "undo these"
    # takes it back (the attack stays); Undo then takes back the attack (no die was rolled since).
    assert after["seq"] == v["seq"] + 2 and "faces" in page.locator("#defaulted").inner_text()
    page.click("#undo-defaults")
    back = wait_view(server, g["id"], token, lambda w: w["seq"] == after["seq"] - 1)
    wait_page_seq(page, back["seq"])
    assert back["phase"] == "facing" and page.locator("#defaulted").is_hidden()
    page.click("#undo-button")
    back = wait_view(server, g["id"], token, lambda w: w["seq"] < after["seq"] - 1)
    wait_page_seq(page, back["seq"])
    assert back["seq"] == v["seq"]

    # The replay viewer: the first position, one step on, then back to live.
    page.click("#replay-start")
    page.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('replay: after action 0 ')")
    assert page.locator("#actions button.action").count() == 0
    page.click("#replay-forward")
    page.wait_for_function("() => document.getElementById('replay-label').textContent.startsWith('replay: after action 1 ')")
    page.click("#replay-live")
    wait_page_seq(page, back["seq"])
    assert page.locator("#actions button.action").count() == len(back["legal"])
    assert not page.errors, page.errors
    page.context.close()


def odds_text(page, outcome):
    return page.locator(f"#preview td.pct[data-outcome='{outcome}']").inner_text()


# -- 5: a game that is over shows the victory count and the winner ---------------------------------------
def test_game_over_summary(server, browser):
    g = new_game(server, "me", "me", seed=11)
    token = g["tokens"]["both"]
    v = view_of(server, g["id"], token)
    rng = random.Random(1)
    while not v["over"]:
        pick = rng.choice(v["legal"])
        v = api(server, "POST", f"/api/games/{g['id']}/actions", {"token": token, "seq": v["seq"], "action": pick["action"]})
    page = open_page(browser, server + g["links"]["spectator"])
    box = page.locator("#gameover")
    box.wait_for(state="visible")
    winner = {"union": "Union", "confederate": "Confederate"}[v["result"]["winner"]]
    assert f"{winner} victory" in box.inner_text()
    assert f"Union {v['result']['union']['total']}" in box.inner_text()
    assert "VP for zones held" in box.inner_text()
    assert not page.errors, page.errors
    page.context.close()


# -- 6: the lobby lists the games, resumes them and deletes them -------------------------------------------
def test_lobby_resume_and_delete(server, browser):
    page = open_page(browser, server + "/")
    page.wait_for_selector("#player-confederate option[value='bot:random']", state="attached")
    page.select_option("#player-union", "remote")
    page.select_option("#player-confederate", "me")
    page.click("#create-button")
    page.wait_for_selector("#go-to-game")
    invite = page.locator(".invite-union input").input_value()
    assert "/game/" in invite and "invite=" in invite
    gid = gid_of(invite)
    row = page.locator(f"#games tr[data-game='{gid}']")
    row.wait_for()
    assert "remote" in row.inner_text() and "T1" in row.inner_text()

    # Resume: the link this browser kept opens the game as the Confederate.
    row.locator("a.resume").click()
    page.wait_for_selector("svg.map .counter.brigade")
    assert "You play: Confederate" in page.locator("#status").inner_text()

    page.goto(server + "/")
    page.once("dialog", lambda d: d.accept())
    page.locator(f"#games tr[data-game='{gid}'] button.delete").click()
    page.locator(f"#games tr[data-game='{gid}']").wait_for(state="detached")
    with pytest.raises(urllib.error.HTTPError) as gone:
        api(server, "GET", f"/api/games/{gid}/meta")
    assert gone.value.code == 404
    assert not page.errors, page.errors
    page.context.close()
