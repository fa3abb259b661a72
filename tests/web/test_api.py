"""The web API: every endpoint, and every bad request refused with a clear 4xx that changes nothing."""

import json

from fastapi.testclient import TestClient

from cwbattles.web.app import create_app

from .conftest import new_game, play, play_until, view, wait_for


def test_lobby_lists_scenarios_bots_and_games(client):
    scenarios = {s["name"]: s for s in client.get("/api/scenarios").json()}
    assert {k: scenarios["cedar-creek"][k] for k in ("title", "map")} == {"title": "Cedar Creek 1864", "map": "areas"}
    assert "random" in client.get("/api/bots").json()
    g = new_game(client)
    assert set(g["tokens"]) == {"union", "spectator", "creator"} and g["links"]["union"].startswith(f"/game/{g['id']}?token=")
    page = client.get("/api/games").json()
    assert page["total"] == 1 and page["next"] is None
    games = page["games"]
    assert games[0]["id"] == g["id"] and games[0]["players"] == {"union": "me", "confederate": "bot:random"}
    assert client.get("/").status_code == 200 and client.get(f"/game/{g['id']}").status_code == 200


def test_omitted_fields_give_a_game_as_the_union_against_the_heuristic(client):
    r = client.post("/api/games", json={"seed": 3})
    assert r.status_code == 200, r.text
    game = client.get("/api/games").json()["games"][0]
    assert game["game"] == "cedar-creek" and game["players"] == {"union": "me", "confederate": "bot:heuristic"}


def test_game_against_a_bot(client):
    g = new_game(client)
    tok = g["tokens"]["union"]
    v = wait_for(client, g["id"], tok, lambda v: v["to_act"] == "union")
    assert v["you"] == ["union"] and v["legal"] and v["seq"] > 0        # the bot moved first
    meta = client.get(f"/api/games/{g['id']}/meta").json()
    assert len(meta["geometry"]["zones"]) >= 30 and meta["counters"]["brigades"]
    before = v["seq"]
    v = play(client, g["id"], tok, v)
    assert v["seq"] == before + 1
    assert client.get(f"/api/games/{g['id']}/history/{before}", params={"token": tok}).json()["n"] == before


def test_bad_requests_change_nothing(client):
    g = new_game(client)
    gid, tok, spec = g["id"], g["tokens"]["union"], g["tokens"]["spectator"]
    v = wait_for(client, gid, tok, lambda v: v["to_act"] == "union")
    seq, action = v["seq"], v["legal"][0]["action"]
    cases = [
        (client.post(f"/api/games/{gid}/actions", content=b"{not json", headers={"content-type": "application/json"}), 400),
        (client.post("/api/games/nope/actions", json={"token": tok, "seq": seq, "action": action}), 404),
        (client.post("/api/games/0123456789ab/actions", json={"token": tok, "seq": seq, "action": action}), 404),
        (client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq, "action": {"kind": "fly"}}), 400),
        (client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq, "action": {"kind": "move", "zone": "kitching-camp"}}), 409),
        (client.post(f"/api/games/{gid}/actions", json={"token": "forged", "seq": seq, "action": action}), 403),
        (client.post(f"/api/games/{gid}/actions", json={"seq": seq, "action": action}), 403),
        (client.post(f"/api/games/{gid}/actions", json={"token": spec, "seq": seq, "action": action}), 403),
        (client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq - 1, "action": action}), 409),
        (client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq, "action": action, "x": 1}), 400),
        (client.post("/api/games", json={"game": "gettysburg"}), 400),
        (client.post("/api/games", json={"union": "god"}), 400),
        (client.post("/api/games", json={"seed": -4}), 400),
        (client.request("DELETE", f"/api/games/{gid}", json={"token": spec}), 403),
        (client.get(f"/api/games/{gid}/history/99999", params={"token": tok}), 404),
        (client.get(f"/api/games/{gid}/view", params={"token": "forged"}), 403),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        assert isinstance(response.json()["detail"], str) and response.json()["detail"]
    assert view(client, gid, tok).json()["seq"] == seq


def test_acting_for_the_other_side_is_refused(client):
    g = new_game(client, union="me", confederate="remote")
    gid = g["id"]
    v = view(client, gid, g["tokens"]["union"]).json()
    assert v["to_act"] == "confederate" and v["legal"] == []
    cv = view(client, gid, g["tokens"]["confederate"]).json()
    r = client.post(f"/api/games/{gid}/actions", json={"token": g["tokens"]["union"], "seq": cv["seq"],
                                                       "action": cv["legal"][0]["action"]})
    assert r.status_code == 403 and "turn" in r.json()["detail"]


def test_spectator_sees_but_cannot_act(client):
    g = new_game(client, union="remote", confederate="remote")
    v = view(client, g["id"], g["tokens"]["spectator"]).json()
    assert v["you"] == [] and v["legal"] == [] and v["position"]["units"]


def test_preview_reach_and_route(client):
    g = new_game(client, union="me", confederate="me", seed=5)
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    # Confederates: activate a division, pick a brigade, enter; then ask where it can go.
    while v["moving"] is None or v["position"]["units"] and not any(
            a["action"]["kind"] == "move" for a in v["legal"]):
        kinds = [a["action"]["kind"] for a in v["legal"]]
        pick = next((i for i, k in enumerate(kinds) if k in ("activate", "brigade", "enter")), 0)
        v = play(client, gid, tok, v, pick)
    unit = v["moving"]
    zones = client.get(f"/api/games/{gid}/reach", params={"unit": unit, "token": tok}).json()["zones"]
    assert zones and all(isinstance(c, int) for c in zones.values())
    far = max(zones, key=zones.get)
    r = client.post(f"/api/games/{gid}/route", json={"token": tok, "seq": v["seq"], "unit": unit, "zone": far})
    assert r.status_code == 200, r.text
    nv = r.json()
    assert next(u["zone"] for u in nv["position"]["units"] if u["id"] == unit) == far
    assert client.post(f"/api/games/{gid}/preview", json={"token": tok, "action": {"kind": "pass", "unit": unit}}).status_code == 400


def test_undo_own_action_on_one_screen(client):
    """Taken back at once; between two people it needs consent (test_trust)."""
    g = new_game(client, union="me", confederate="me", seed=8)
    gid, tok = g["id"], g["tokens"]["both"]
    v = play_until(client, gid, tok, view(client, gid, tok).json(), {"brigade"})
    seq = v["seq"]
    pick = next(i for i, a in enumerate(v["legal"]) if a["action"]["kind"] == "brigade")
    v = play(client, gid, tok, v, pick)
    assert v["undo"]["possible"]
    v = client.post(f"/api/games/{gid}/undo", json={"token": tok}).json()
    assert v["seq"] == seq


def test_websocket_pushes_updates(client):
    g = new_game(client, union="remote", confederate="remote")
    gid, ct, ut = g["id"], g["tokens"]["confederate"], g["tokens"]["union"]
    with client.websocket_connect(f"/ws/games/{gid}?token={ut}") as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["view"]["you"] == ["union"]
        play(client, gid, ct, view(client, gid, ct).json())
        pushed = ws.receive_json()
        assert pushed["view"]["seq"] == first["view"]["seq"] + 1
    with client.websocket_connect(f"/ws/games/{gid}?token=forged") as ws:
        assert ws.receive_json()["type"] == "error"


def test_games_survive_a_new_server_on_the_same_database(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    with TestClient(create_app(db)) as c:
        g = new_game(c, union="me", confederate="me", seed=6)
        tok = g["tokens"]["both"]
        v = view(c, g["id"], tok).json()
        for _ in range(15):
            v = play(c, g["id"], tok, v, len(v["legal"]) - 1)
        before = v["position"]
    with TestClient(create_app(db)) as c:
        v = view(c, g["id"], tok).json()
        assert v["position"] == before and v["seq"] == 15
        r = c.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]})
        assert r.status_code == 200 and view(c, g["id"], tok).status_code == 404


def test_a_corrupted_save_is_reported_not_replayed(tmp_path):
    import sqlite3
    db = str(tmp_path / "g.sqlite3")
    with TestClient(create_app(db)) as c:
        g = new_game(c, union="me", confederate="me", seed=6)
        tok = g["tokens"]["both"]
        v = view(c, g["id"], tok).json()
        for _ in range(5):
            v = play(c, g["id"], tok, v)
    con = sqlite3.connect(db)
    con.execute("UPDATE actions SET checksum = 'bad' WHERE game_id = ? AND seq = 2", (g["id"],))
    con.commit()
    con.close()
    with TestClient(create_app(db)) as c:
        r = view(c, g["id"], tok)
        assert r.status_code == 409 and "corrupted" in r.json()["detail"] and "actions[2]" in r.json()["detail"]


def test_a_hex_map_game_plays_through_the_api(client):
    g = new_game(client, game="champion-hill", seed=1)
    v = wait_for(client, g["id"], g["tokens"]["union"], lambda v: v["to_act"] == "union")
    assert client.get(f"/api/games/{g['id']}/meta").json()["geometry"]["kind"] == "hexes"
    v2 = play(client, g["id"], g["tokens"]["union"], v)
    assert v2["seq"] == v["seq"] + 1 and "total" in v2["result"]["union"]


def test_a_page_is_never_told_it_has_log_events_it_was_not_sent(client):
    """A bot may play between two views queued for a page; the next view must then carry the
    bot's log events. The count of what a page has is taken when its view is queued."""
    import asyncio

    from cwbattles.web.live import Subscriber

    g = new_game(client, union="me", confederate="me")
    session = client.app.state.manager.sessions[g["id"]]

    async def scenario():
        page = Subscriber(None, g["tokens"]["both"], 0, 8)
        session.subscribe(page)
        s = session.state
        await session.commit([(s.legal_actions()[0], s.to_act)])
        session.broadcast()
        s = session.state
        await session.commit([(s.legal_actions()[0], s.to_act)])
        session.broadcast()
        session.subscribers.discard(page)
        return [json.loads(page.queue.get_nowait())["view"] for _ in range(3)]

    first, second, third = client.portal.call(scenario)
    assert second["seq"] == first["seq"] + 1 and third["seq"] == second["seq"] + 1
    assert second["log_from"] == first["log_total"] and third["log_from"] == second["log_total"]
    assert third["log_total"] == len(session.log_events)
