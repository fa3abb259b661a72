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
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from scripted_round import find_round
from playwright.sync_api import sync_playwright
import cwbattles
record, plan = find_round()
s=socket.socket(); s.bind(("127.0.0.1",0)); port=s.getsockname()[1]; s.close()
proc=subprocess.Popen([sys.executable,"-m","cwbattles.cli","serve","--port",str(port),"--db",f"/tmp/old-{port}.sqlite3"],
    env={"PYTHONPATH": sys.argv[1] if len(sys.argv) > 1 else "/tmp/old/src", "PATH": "/usr/bin:/bin"},stdout=open("/tmp/old.log","w"),stderr=subprocess.STDOUT)
base=f"http://127.0.0.1:{port}"
for _ in range(100):
    try: urllib.request.urlopen(base+"/api/scenarios"); break
    except OSError: time.sleep(0.1)
def api(m,p,b=None):
    r=urllib.request.Request(base+p,data=json.dumps(b).encode() if b is not None else None,method=m,headers={"Content-Type":"application/json"})
    return json.load(urllib.request.urlopen(r))
game=cwbattles.load("cedar-creek")
g=api("POST","/api/games",{"game":"cedar-creek","seed":record["seed"],"union":"me","confederate":"bot:heuristic"})
gid,tok=g["id"],g["tokens"]["union"]
st=game.new_game(seed=record["seed"])
def view(): return api("GET",f"/api/games/{gid}/view?token={tok}")
def wait_union(seq):
    for _ in range(2000):
        v=view()
        if v["seq"]>=seq and (v["to_act"]=="union" or v["over"]): return v
        time.sleep(0.01)
    raise SystemExit("stuck")
for e in record["actions"]:
    side=st.to_act; a=game.action_from_json(e["action"]); st.apply(a)
    if side=="union":
        v=wait_union(0)
        api("POST",f"/api/games/{gid}/actions",{"token":tok,"seq":v["seq"],"action":e["action"]})
v=wait_union(len(record["actions"]))
assert v["seq"]==len(record["actions"]), (v["seq"], len(record["actions"]))
clicks=[]
try:
  with sync_playwright() as pw:
    b=pw.chromium.launch(executable_path="/usr/bin/chromium",args=["--no-sandbox","--disable-gpu"])
    page=b.new_page(viewport={"width":1600,"height":1000}); page.goto(base+g["links"]["union"])
    page.wait_for_selector("svg.map .counter.brigade")
    def sync():
        v=wait_union(0)
        page.wait_for_function("n => document.getElementById('replay-label').textContent.startsWith(`live · ${n} action`)", arg=v["seq"])
        return v
    def click(sel, why):
        page.locator(sel).first.click(force="zone-tag" in sel); clicks.append(why)
    def button(v, kind, pred=lambda a: True, why=""):
        item=next(i for i in v["legal"] if i["action"]["kind"]==kind and pred(i["action"]))
        click(f"#actions button.action[data-index='{item['index']}']", why or item["text"])
    units={b.id:b for b in game.brigades}
    for unit, what, zone in plan:
        v=sync()
        if v["phase"]=="divisions":
            div=game.divisions[units[unit].division].id
            button(v,"activate",lambda a: a["division"]==div)
            v=sync()
        loc=page.locator(f"svg.map .counter[data-unit='{unit}']").first
        if loc.get_attribute("data-line")=="2":
            box=loc.locator("rect.body").bounding_box()
            page.mouse.click(box["x"]+box["width"]-4, box["y"]+4)
        else:
            loc.click()
        clicks.append(f"act with {unit}"); v=sync()
        if what=="move":
            click(f"svg.map .zone-tag[data-zone='{zone}']", f"{unit} to {zone}")
            v=sync()
            while v["moving"]==unit:
                button(v,"stop"); v=sync()
        else:
            click(f"svg.map .zone-tag[data-zone='{zone}']", f"{unit} attack {zone}")
            page.locator("#preview-commit").click(); clicks.append("commit the attack"); v=sync()
        while v["phase"] in ("facing","line") and v["to_act"]=="union":
            i=v["legal"][0]; click(f"#actions button.action[data-index='{i['index']}']", i["text"]); v=sync()
    v=sync(); assert v["phase"]=="hqphase", v["phase"]
    button(v,"end_hq"); v=sync()
    while v["to_act"]=="union" and not v["over"] and v["phase"] in ("resolve","hit","advance","facing","retreat","line"):
        if v["phase"]=="resolve":
            i=v["legal"][0]; button(v,"resolve"); page.locator("#preview-commit").click(); clicks.append("commit the roll")
        else:
            i=v["legal"][0]; click(f"#actions button.action[data-index='{i['index']}']", i["text"])
        time.sleep(0.3); v=sync()
    b.close()
finally:
    proc.terminate()
print(f"{len(clicks)} clicks:")
for c in clicks:
    print("  ", c)
