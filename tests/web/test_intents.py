"""The bots' intentions on the server (issue 29 point 5): stored with the bot's action, carried by
the record as an annotation, shown to spectators of a game between bots and in the replay, never
to a bot's human opponent (nor through the spectator link its creator holds) while the game runs.

The commander plays with 4 plan evaluations a decision (``commander:4p``): no clock is read, so
the tests do not depend on the machine's speed. Champion Hill, seed 5: the Union acts first."""

import json
import sqlite3

from fastapi.testclient import TestClient

import cwbattles
from cwbattles.web.app import create_app
from cwbattles.web.limits import Limits
from cwbattles.web.store import Store

from .conftest import new_game, view, wait_for

BOT = "bot:commander:4p"


def history(client, gid, token, n):
    return client.get(f"/api/games/{gid}/history/{n}", params={"token": token}).json()


def record(client, gid, token):
    return client.get(f"/api/games/{gid}/record", params={"token": token}).json()


def stored_intents(db: str, gid: str) -> dict:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT seq, intent FROM actions WHERE game_id = ? AND intent != ''", (gid,)).fetchall()
    return {seq: json.loads(text) for seq, text in rows}


def test_a_human_opponent_never_sees_the_intentions_until_the_game_is_over(client, tmp_path):
    g = new_game(client, union=BOT, confederate="me", seed=5, game="champion-hill")
    gid, me, spectator = g["id"], g["tokens"]["confederate"], g["tokens"]["spectator"]
    with client.websocket_connect(f"/ws/games/{gid}?token={me}") as ws:
        pushed = [ws.receive_json()["view"]]
        while not pushed[-1]["legal"]:            # the bot's whole run, pushed to the human's page
            pushed.append(ws.receive_json()["view"])
    seq = pushed[-1]["seq"]
    assert seq > 1 and all(v["intents"] is None for v in pushed)
    # the bot said what it intends, and it is stored with its first action, durably
    db = str(tmp_path / "games.sqlite3")
    kept = stored_intents(db, gid)
    assert 0 in kept and kept[0]["plan"] and len(kept[0]["formations"]) == 8
    assert "3rd Division (Logan), XVII Corps" in kept[0]["formations"]
    for token in (me, spectator):                 # the creator holds the spectator link too
        assert view(client, gid, token).json()["intents"] is None
        h = history(client, gid, token, seq)
        assert h["intents"] is None and h["intent_log"] == []
        assert not any("intent" in a for a in record(client, gid, token)["actions"])
    # once the game is over, every page sees them, and the record carries them
    r = client.post(f"/api/games/{gid}/resign", json={"token": me, "side": "confederate"})
    assert r.status_code == 200, r.text
    v = view(client, gid, me).json()
    assert v["over"] and v["intents"]["union"]["formations"] == kept[0]["formations"]
    assert v["intents"]["union"]["formations_seq"] == 0 and "confederate" not in v["intents"]
    h = history(client, gid, spectator, 1)
    assert h["intent_log"][0] == {"seq": 0, "side": "union", "at": 2, **kept[0]}
    doc = record(client, gid, me)
    assert doc["actions"][0]["intent"] == kept[0] and "intent" not in doc["actions"][-1]
    final = cwbattles.replay(doc, verify=True)            # the annotations do not touch verification
    bare = dict(doc, actions=[{k: v for k, v in a.items() if k != "intent"} for a in doc["actions"]])
    assert cwbattles.replay(bare, verify=True).to_position() == final.to_position()
    # a new server on the same database has them; a record opened from the file shows them too
    with TestClient(create_app(db)) as again:
        assert history(again, gid, spectator, 1)["intent_log"][0]["formations"] == kept[0]["formations"]
    opened = client.post("/api/records", json={"record": doc}).json()
    assert history(client, opened["id"], opened["token"], 1)["intents"]["union"]["plan"] == kept[0]["plan"]


def test_spectators_of_a_game_between_bots_see_the_intentions_live(client, tmp_path):
    g = new_game(client, union=BOT, confederate=BOT, seed=5, game="champion-hill")
    gid, spectator = g["id"], g["tokens"]["spectator"]
    v = wait_for(client, gid, spectator, lambda v: v["intents"] and len(v["intents"]) == 2, timeout=60)
    assert not v["over"]
    for side in ("union", "confederate"):
        assert v["intents"][side]["plan"] and v["intents"][side]["formations"]
    with client.websocket_connect(f"/ws/games/{gid}?token={spectator}") as ws:
        assert ws.receive_json()["view"]["intents"]["union"]["formations"]
    doc = record(client, gid, spectator)         # in progress: the actions and their intents
    carried = {i: a["intent"] for i, a in enumerate(doc["actions"]) if "intent" in a}
    assert 0 in carried and set(carried) <= set(stored_intents(str(tmp_path / "games.sqlite3"), gid))
    n = max(carried) + 1
    h = history(client, gid, spectator, n)
    assert [m["seq"] for m in h["intent_log"]] == sorted(carried)
    for side, doc in h["intents"].items():       # in effect: the last objectives each side set
        last = [m for m in h["intent_log"] if m["side"] == side and "formations" in m][-1]
        assert doc["formations"] == last["formations"] and doc["formations_seq"] == last["seq"]
    r = client.request("DELETE", f"/api/games/{gid}", json={"token": g["tokens"]["creator"]})
    assert r.status_code == 200


def test_an_old_database_gains_the_intent_column_and_keeps_its_actions(tmp_path):
    db = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(db) as con:          # the actions table as it was before intentions
        con.executescript("CREATE TABLE actions (game_id TEXT NOT NULL, seq INTEGER NOT NULL, side TEXT NOT NULL, "
                          "action TEXT NOT NULL, checksum TEXT NOT NULL, PRIMARY KEY (game_id, seq));")
    store = Store(db)
    try:
        gid = "0123456789ab"
        store.create_game(gid, "cedar-creek", 1, "", {}, {"union": "me", "confederate": "bot:heuristic"},
                          {"creator": "c"}, {}, {"over": False})
        store.append(gid, [(0, "union", {"kind": "x"}, "c0"), (1, "confederate", {"kind": "y"}, "c1",
                                                            {"plan": "hold", "formations": {"A": "take 1"}})],
                     {"over": False})
        actions = store.game(gid)["actions"]
        assert [a["intent"] for a in actions] == [None, {"plan": "hold", "formations": {"A": "take 1"}}]
    finally:
        store.close()
    with sqlite3.connect(db) as con:          # an unreadable intent is dropped, the game still reads
        con.execute("UPDATE actions SET intent = '{not json' WHERE seq = 1")
    store = Store(db)
    try:
        assert [a["intent"] for a in store.game("0123456789ab")["actions"]] == [None, None]
    finally:
        store.close()


def test_the_lobby_offers_the_commander_last_with_its_time_on_this_server(tmp_path):
    with TestClient(create_app(str(tmp_path / "g.sqlite3"), Limits(bot_seconds=4))) as c:
        level = c.get("/api/bot-levels").json()[-1]
    assert level["spec"] == "bot:commander" and level["name"] == "Commander"
    assert "thinks up to 5 minutes a game, at most 4 s a decision" in level["text"]
