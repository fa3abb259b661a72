"""The page's conveniences through the API (web/play_aids.py, aid_routes.py, table_routes.py):
log events marked with the action and side that made them, defaults, what picking a unit
offers, quick requests of ordinary legal actions, the chat, records opened or continued, the
lobby's options and bot levels, and links that carry --public-url."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import cwbattles
from cwbattles.cli import main
from cwbattles.engine.records import Recorder
from cwbattles.web.app import create_app, public_base

from .conftest import new_game, play, view


def test_log_events_say_which_action_and_side_made_them_and_survive_an_undo(client):
    g = new_game(client, union="me", confederate="me", seed=5)
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    assert all(e["seq"] is None and e["by"] is None for e in v["log"])          # the set-up
    sides = []
    for _ in range(12):
        sides.append(v["to_act"])
        v = play(client, gid, tok, v)
    log = view(client, gid, tok).json()["log"]
    marked = [e for e in log if e["seq"] is not None]
    assert marked and all(e["by"] == sides[e["seq"]] for e in marked)
    assert [e["seq"] for e in marked] == sorted(e["seq"] for e in marked)
    undone = client.post(f"/api/games/{gid}/undo", json={"token": tok}).json()
    again = view(client, gid, tok).json()["log"]
    assert len(again) == undone["log_total"] < len(log)
    assert sum(e["seq"] is None for e in again) == sum(e["seq"] is None for e in log)   # not doubled
    assert [e["text"] for e in again] == [e["text"] for e in log[:len(again)]]
    assert all(e.get("seq") is None or e["seq"] < undone["seq"] for e in again)


def test_history_gives_the_steps_of_the_action_and_the_result_then(client):
    g = new_game(client, union="me", confederate="me", seed=5)
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    for _ in range(6):
        v = play(client, gid, tok, v)
    log = view(client, gid, tok).json()["log"]
    h = client.get(f"/api/games/{gid}/history/4", params={"token": tok}).json()
    assert [e["text"] for e in h["log"][h["step_from"]:]] == [e["text"] for e in log if e["seq"] == 3]
    assert h["result"]["union"]["total"] >= 0 and h["to_act"] in ("union", "confederate")


def quick(client, gid, tok, seq, **body):
    return client.post(f"/api/games/{gid}/quick", json={"token": tok, "seq": seq, **body})


def test_picking_a_unit_shows_its_reach_without_rolling_and_a_quick_move_ends_with_defaults(client):
    g = new_game(client, union="me", confederate="me", seed=4)
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    assert v["phase"] == "facing"           # 12, 10.4: Payne arrives first and the Confederates face him
    v = play(client, gid, tok, v, v["default"]["index"])
    assert v["phase"] == "divisions" and v["default"] is None        # which division: the player's call
    calls, start = v["position"]["dice"]["calls"], v["seq"]
    o = client.get(f"/api/games/{gid}/options", params={"unit": "battle", "token": tok}).json()
    assert o["selectable"] and o["reach"]
    v = view(client, gid, tok).json()
    assert v["seq"] == start and v["position"]["dice"]["calls"] == calls           # nothing played or rolled
    far = max(o["reach"], key=lambda z: (o["reach"][z], z))
    r = quick(client, gid, tok, start, unit="battle", select=True, to=far, finish=True)
    assert r.status_code == 200, r.text
    q = r.json()
    texts = [d["text"] for d in q["defaulted"]]
    assert texts[0] == "activate Ramseur" and "Battle ends its move" in texts and any("faces" in t for t in texts)
    battle = next(u for u in q["position"]["units"] if u["id"] == "battle")
    assert battle["zone"] == far and q["moving"] is None
    # They were ordinary actions: played one by one on a twin game they give the same position.
    done = [a["action"] for a in client.get(f"/api/games/{gid}/record", params={"token": tok}).json()["actions"]]
    assert len(done) == q["seq"]
    twin = new_game(client, union="me", confederate="me", seed=4)
    t = view(client, twin["id"], twin["tokens"]["both"]).json()
    for doc in done:
        t = play_doc(client, twin["id"], twin["tokens"]["both"], t, doc)
    assert t["position"]["units"] == q["position"]["units"]
    # Refusals: a spectator, a stale number, an unknown unit, a place out of reach.
    assert quick(client, gid, g["tokens"]["spectator"], q["seq"], unit="cook", select=True).status_code == 403
    assert quick(client, gid, tok, start, unit="cook", select=True).status_code == 409
    assert quick(client, gid, tok, q["seq"], unit="nobody", select=True).status_code == 400
    # Out of reach: the pick is made, the rest is not, and the answer says why.
    far_away = quick(client, gid, tok, q["seq"], unit="cook", select=True, to="winchester-road", finish=True)
    assert far_away.status_code == 200 and "cannot reach" in far_away.json()["stopped"]
    assert far_away.json()["moving"] == "cook"


def play_doc(client, gid, tok, v, doc):
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": v["seq"], "action": doc})
    assert r.status_code == 200, r.text
    return r.json()


def test_defaults_of_housekeeping_decisions(client):
    g = new_game(client, union="me", confederate="me", seed=3)
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    seen = {}
    for _ in range(400):
        kinds = {i["action"]["kind"] for i in v["legal"]}
        if v["default"] is not None:
            seen[v["legal"][v["default"]["index"]]["action"]["kind"]] = v["default"]["why"]
        if {"end_hq", "resolve"} <= set(seen):
            break
        v = play(client, gid, tok, v, 0 if "end_hq" not in kinds else
                 next(i for i, x in enumerate(v["legal"]) if x["action"]["kind"] == "end_hq"))
    assert seen.get("end_hq") == "leave the headquarters where they are"
    assert "resolve" in seen


def test_chat_is_stored_escaped_by_the_page_and_limited(client, tmp_path):
    g = new_game(client, union="me", confederate="remote", seed=None)
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/chat", json={"token": g["tokens"]["union"], "text": " <i>forward</i>\x07 "})
    assert r.status_code == 200 and r.json()["text"] == "<i>forward</i>" and r.json()["author"] == "union"
    client.post(f"/api/games/{gid}/chat", json={"token": g["tokens"]["confederate"], "text": "never"})
    read = client.get(f"/api/games/{gid}/chat", params={"token": g["tokens"]["spectator"]}).json()
    assert [(m["author"], m["text"]) for m in read] == [("union", "<i>forward</i>"), ("confederate", "never")]
    assert client.get(f"/api/games/{gid}/chat", params={"token": g["tokens"]["spectator"], "after": 0}).json()[0]["n"] == 1
    assert client.post(f"/api/games/{gid}/chat", json={"token": g["tokens"]["spectator"], "text": "hi"}).status_code == 403
    assert client.post(f"/api/games/{gid}/chat", json={"token": "forged", "text": "hi"}).status_code == 403
    assert client.post(f"/api/games/{gid}/chat", json={"token": g["tokens"]["union"], "text": "x" * 501}).status_code == 400
    assert client.post(f"/api/games/{gid}/chat", json={"token": g["tokens"]["union"], "text": " \n "}).status_code == 400
    assert client.get(f"/api/games/{gid}/chat").status_code == 403                  # watching needs a link


def test_chat_survives_a_restart_and_goes_with_the_game(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    with TestClient(create_app(db)) as c:
        g = new_game(c, union="me", confederate="me", seed=2)
        c.post(f"/api/games/{g['id']}/chat", json={"token": g["tokens"]["both"], "text": "kept"})
    with TestClient(create_app(db)) as c:
        assert c.get(f"/api/games/{g['id']}/chat", params={"token": g["tokens"]["both"]}).json()[0]["text"] == "kept"
        c.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]})
    import sqlite3
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM chat").fetchone()[0] == 0


def finished_record(seed=21, name="cedar-creek"):
    game = cwbattles.load(name)
    rec = Recorder(game, seed)
    rng = random.Random(seed)
    while not rec.state.is_over:
        rec.apply(rng.choice(rec.state.legal_actions()))
    return rec


def test_a_record_opens_read_only_and_a_forged_one_is_refused(client):
    rec = finished_record()
    doc = rec.to_json()
    opened = client.post("/api/records", json={"record": doc}).json()
    rid, tok = opened["id"], opened["token"]
    v = view(client, rid, tok).json()
    assert v["over"] and v["seq"] == len(rec.actions) and v["you"] == [] and v["legal"] == []
    assert client.get(f"/api/games/{rid}/record", params={"token": tok}).json()["result"] == rec.state.result
    h = client.get(f"/api/games/{rid}/history/3", params={"token": tok}).json()
    assert h["n"] == 3
    assert client.post(f"/api/games/{rid}/chat", json={"token": tok, "text": "x"}).status_code == 403
    bad = dict(doc, actions=[dict(a) for a in doc["actions"]])
    bad["actions"][5]["checksum"] = "0" * 16
    r = client.post("/api/records", json={"record": bad})
    assert r.status_code == 400 and "divergence at action 6" in r.json()["detail"]
    assert client.post("/api/records", json={"record": {"game": "nope", "seed": 1, "actions": []}}).status_code == 400


def test_a_record_continues_as_a_new_game_on_this_screen_or_against_a_bot(client):
    game = cwbattles.load("cedar-creek")
    rec = Recorder(game, 9)
    rng = random.Random(9)
    for _ in range(40):
        rec.apply(rng.choice(rec.state.legal_actions()))
    g = client.post("/api/records", json={"record": rec.to_json(), "play": {"union": "me", "confederate": "me"}}).json()
    v = view(client, g["id"], g["tokens"]["both"]).json()
    assert v["seq"] == 40 and v["position"]["units"] == rec.state.to_position()["units"]
    refused = client.post("/api/records", json={"record": rec.to_json(), "play": {"union": "me", "confederate": "remote"}})
    assert refused.status_code == 400 and "remote" in refused.json()["detail"]


def test_the_lobby_offers_rule_options_and_bot_levels(client):
    cc = next(s for s in client.get("/api/scenarios").json() if s["name"] == "cedar-creek")
    assert {"sheridan_turn", "no_tactical_retreat", "no_surprise"} <= {o["name"] for o in cc["options"]}
    assert all(o["description"] and o["rule"] for o in cc["options"])
    levels = client.get("/api/bot-levels").json()
    assert [lv["spec"] for lv in levels][:2] == ["bot:random", "bot:heuristic"] and all(lv["text"] for lv in levels)
    g = new_game(client, union="me", confederate=levels[-1]["spec"], seed=1)
    assert g["id"]
    meta = client.get(f"/api/games/{g['id']}/meta").json()
    assert meta["rules"]["11.4"]["source"] == "printed"


def test_links_carry_the_public_url(tmp_path):
    with TestClient(create_app(str(tmp_path / "g.sqlite3"), public_url="http://192.168.1.20:8000/")) as c:
        g = c.post("/api/games", json={"game": "cedar-creek", "union": "me", "confederate": "remote"}).json()
        assert g["invites"]["confederate"].startswith("http://192.168.1.20:8000/game/")
        assert all(link.startswith("http://192.168.1.20:8000/game/") for link in g["links"].values())
        code = g["invites"]["confederate"].split("?invite=")[1]
        claimed = c.post(f"/api/games/{g['id']}/claim", json={"invite": code}).json()
        assert claimed["link"].startswith("http://192.168.1.20:8000/game/")
    assert public_base(None) == "" and public_base("https://example.org/cw/") == "https://example.org/cw"
    for bad in ("192.168.1.20:8000", "ftp://x", "http://", "http://a b"):
        with pytest.raises(ValueError):
            public_base(bad)
    out = CliRunner().invoke(main, ["serve", "--public-url", "nope"])
    assert out.exit_code != 0 and "--public-url" in out.output


def test_an_attack_sent_quickly_faces_its_target_by_default(client):
    """The facing after an attack (11.1) is taken by default toward the zone attacked."""
    game = cwbattles.load("cedar-creek")
    rec = Recorder(game, 3)
    rng = random.Random(5)
    while True:          # a brigade about to move with an attack on offer
        legal = rec.state.legal_actions()
        if rec.state.stack[-1][0] == "move" and any(a.kind == "attack" for a in legal):
            break
        eager = [a for a in legal if a.kind in ("attack", "move", "enter")]
        rec.apply(rng.choice(eager if eager and rng.random() < 0.7 else legal))
    g = client.post("/api/records", json={"record": rec.to_json(), "play": {"union": "me", "confederate": "me"}}).json()
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    attack = next(i["action"] for i in v["legal"] if i["action"]["kind"] == "attack")
    q = quick(client, gid, tok, v["seq"], unit=v["moving"], action=attack, finish=True).json()
    faced = [d["text"] for d in q["defaulted"] if " faces " in d["text"]]
    target = game.board.zones[game.board.index[attack["zone"]]].name
    assert faced and faced[0].endswith(f"faces {target}")
    attacker = next(u for u in q["position"]["units"] if u["id"] == v["moving"])
    assert attacker["facing"] == attack["zone"] and attacker["attack"] is not None


def test_the_lobby_offers_both_readings_of_the_cedar_creek_counters(client):
    """Rule option oob (issue 18): a choice with its default, and a game made with the returns
    reading shows that reading's counters (Kidd 6 mounted, where the calibrated reading has 5)."""
    cc = next(s for s in client.get("/api/scenarios").json() if s["name"] == "cedar-creek")
    oob = next(o for o in cc["options"] if o["name"] == "oob")
    assert (oob["type"], oob["choices"], oob["default"]) == ("str", ["calibrated", "returns"], "calibrated")
    for options, kidd in (({}, 5), ({"oob": "calibrated"}, 5), ({"oob": "returns"}, 6)):
        r = client.post("/api/games", json={"game": "cedar-creek", "union": "me", "confederate": "me", "seed": 1,
                                            "options": options})
        assert r.status_code == 200, r.text
        counters = client.get(f"/api/games/{r.json()['id']}/meta").json()["counters"]["brigades"]
        assert next(b["strength"] for b in counters if b["id"] == "kidd") == kidd
    refused = client.post("/api/games", json={"game": "cedar-creek", "union": "me", "confederate": "me", "seed": 1,
                                              "options": {"oob": "printed"}})
    assert refused.status_code == 400 and "oob" in refused.text


def test_a_declared_attack_is_joined_by_every_unit_its_preview_counted(client):
    """Blue & Gray 8.2: the units of a stack attack together. A quick ``join`` after the
    declaration adds every unit that could join (the ones the declaration's preview counted),
    each listed as taken by default; an undo withholds the last one and the attack may still be
    resolved."""
    # the Union's Movement Phase, Game-Turn 2: the heuristic bots' first 207 actions of seed 1,
    # stored (the bots of its day played them) so that the bots' knowledge may change without
    # moving the position
    record = json.loads((Path(__file__).parent / "records" / "champion-hill-seed1-207.json").read_text())
    g = client.post("/api/records", json={"record": record, "play": {"union": "me", "confederate": "me"}}).json()
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    end = next(i["action"] for i in v["legal"] if i["action"]["kind"] == "end_movement")
    v = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": v["seq"], "action": end}).json()
    attack = {"kind": "attack", "hex": "1618"}
    counted = [u["name"] for u in client.post(f"/api/games/{gid}/preview", json={"token": tok, "action": attack})
               .json()["attacker"]["units"]]
    q = quick(client, gid, tok, v["seq"], action=attack, join=True).json()
    frame = q["position"]["stack"][-1]
    assert frame[0] == "declare" and len(frame[3]) == len(counted) >= 2
    assert [d["text"] for d in q["defaulted"]] == [f"{name} joins the attack" for name in counted]
    assert not any(i["action"]["kind"] == "attacker" for i in q["legal"])
    undone = client.post(f"/api/games/{gid}/undo", json={"token": tok}).json()
    assert len(undone["position"]["stack"][-1][3]) == len(counted) - 1
    assert any(i["action"]["kind"] == "resolve" for i in undone["legal"])
