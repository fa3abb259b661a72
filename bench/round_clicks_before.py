"""How many clicks the game page of an older commit needs for the scripted Cedar Creek round of
tests/web/test_browser_round.py (two divisions, six brigades, two attacks), for comparison with
the page of today (which the browser test counts: 11 with one hit decision, at most 12).

    git archive 60fa1c6 | tar -x -C /tmp/old      # the page before issue 20
    python bench/round_clicks_before.py /tmp/old/src

The old server runs in a subprocess from that tree; the round is set up by posting the Union's
actions of the record the test builds (the Confederates are the old server's own heuristic bot,
seeded alike), then played by clicking as that page needs: a division's button, the brigade's
counter, the destination, "ends its move", a facing, a line, each attack's zone and Commit,
"end headquarters movement", each resolve's zone and Commit. Prints the count and each click.
Measured on 2026-11-24: 31 (one of them the hit decision the dice bring).
"""
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import cwbattles
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from scripted_round import find_round  # noqa: E402

OLD_SRC = sys.argv[1] if len(sys.argv) > 1 else "/tmp/old/src"

record, plan = find_round()
with socket.socket() as sock:
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
db = Path(tempfile.mkdtemp()) / "old.sqlite3"
proc = subprocess.Popen([sys.executable, "-m", "cwbattles.cli", "serve", "--port", str(port), "--db", str(db)],
                        env={"PYTHONPATH": OLD_SRC, "PATH": "/usr/bin:/bin"},
                        stdout=open(db.with_suffix(".log"), "w"), stderr=subprocess.STDOUT)
base = f"http://127.0.0.1:{port}"
for _ in range(100):
    try:
        urllib.request.urlopen(base + "/api/scenarios")
        break
    except OSError:
        time.sleep(0.1)


def api(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))


game = cwbattles.load("cedar-creek")
g = api("POST", "/api/games", {"game": "cedar-creek", "seed": record["seed"], "union": "me",
                               "confederate": "bot:heuristic"})
gid, tok = g["id"], g["tokens"]["union"]


def view():
    return api("GET", f"/api/games/{gid}/view?token={tok}")


def union_to_act(at_least=0):
    for _ in range(2000):
        v = view()
        if v["seq"] >= at_least and (v["to_act"] == "union" or v["over"]):
            return v
        time.sleep(0.01)
    raise SystemExit("the old server's bot did not answer")


# Play up to the round: the Union's actions by the API, the Confederates' by the old server's bot.
state = game.new_game(seed=record["seed"])
for entry in record["actions"]:
    side = state.to_act
    state.apply(game.action_from_json(entry["action"]))
    if side == "union":
        v = union_to_act()
        api("POST", f"/api/games/{gid}/actions", {"token": tok, "seq": v["seq"], "action": entry["action"]})
v = union_to_act(len(record["actions"]))
assert v["seq"] == len(record["actions"]), (v["seq"], len(record["actions"]))
clicks = []
try:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.goto(base + g["links"]["union"])
        page.wait_for_selector("svg.map .counter.brigade")
        last = {"seq": v["seq"]}

        def acted():
            """After a click that plays an action: the game moved on and the page shows it."""
            for _ in range(2000):
                w = view()
                if w["seq"] > last["seq"] and (w["to_act"] == "union" or w["over"]):
                    break
                time.sleep(0.01)
            last["seq"] = w["seq"]
            page.wait_for_function("n => document.getElementById('replay-label').textContent.startsWith(`live · ${n} action`)",
                                   arg=w["seq"])
            page.wait_for_timeout(300)     # the live socket's copy of the same view draws the page again
            return w

        def click(sel, why):
            page.locator(sel).first.click(force="zone-tag" in sel)
            clicks.append(why)

        def button(v, kind, pred=lambda a: True):
            item = next(i for i in v["legal"] if i["action"]["kind"] == kind and pred(i["action"]))
            click(f"#actions button.action[data-index='{item['index']}']", item["text"])

        units = {b.id: b for b in game.brigades}
        for unit, what, zone in plan:
            if v["phase"] == "divisions":
                div = game.divisions[units[unit].division].id
                button(v, "activate", lambda a: a["division"] == div)
                v = acted()
            loc = page.locator(f"svg.map .counter[data-unit='{unit}']").first
            if loc.get_attribute("data-line") == "2":      # a second line shows only its corner
                box = loc.locator("rect.body").bounding_box()
                page.mouse.click(box["x"] + box["width"] - 4, box["y"] + 4)
            else:
                loc.click()
            clicks.append(f"act with {unit}")
            v = acted()
            click(f"svg.map .zone-tag[data-zone='{zone}']", f"{unit} {'to' if what == 'move' else 'attacks'} {zone}")
            if what == "attack":
                page.locator("#preview-commit").click()
                clicks.append("commit the attack")
            v = acted()
            while v["moving"] == unit:
                button(v, "stop")
                v = acted()
            while v["phase"] in ("facing", "line") and v["to_act"] == "union":
                click(f"#actions button.action[data-index='{v['legal'][0]['index']}']", v["legal"][0]["text"])
                v = acted()
        assert v["phase"] == "hqphase", v["phase"]
        button(v, "end_hq")
        v = acted()
        while v["to_act"] == "union" and not v["over"] and v["phase"] in ("resolve", "hit", "advance", "facing", "retreat", "line"):
            if v["phase"] == "resolve":
                button(v, "resolve")
                page.locator("#preview-commit").click()
                clicks.append("commit the roll")
            else:
                click(f"#actions button.action[data-index='{v['legal'][0]['index']}']", v["legal"][0]["text"])
            v = acted()
        browser.close()
finally:
    proc.terminate()
print(f"{len(clicks)} clicks:")
for c in clicks:
    print("  ", c)
