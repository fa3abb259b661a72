"""Poisoned games, bounded resources and strict input (issue 19, points 6-9): invalid games are
never stored, a damaged row is listed as damaged and can be deleted, bot budgets and the
server's resources are bounded, and every malformed request gets a 4xx naming what is wrong."""

import sqlite3
import time

import pytest
from fastapi.testclient import TestClient

from cwbattles.web.app import create_app
from cwbattles.web.limits import Limits

from .conftest import new_game, view, wait_for


@pytest.fixture
def limited(tmp_path):
    """A client on a server with small limits (pass them as the fixture's param)."""
    def make(**limits):
        return TestClient(create_app(str(tmp_path / "games.sqlite3"), Limits(**limits)))
    return make


# -- 6. poisoned games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("player", ["bot:random:junk", "bot:mcts:-5", "bot:heuristic:2w", "bot:", "bot:mcts:1x"])
def test_an_invalid_player_is_refused_before_anything_is_stored(client, player):
    r = client.post("/api/games", json={"seed": 1, "union": "me", "confederate": player})
    assert r.status_code == 400 and player in r.json()["detail"]
    assert client.get("/api/games").json()["total"] == 0


def test_a_damaged_game_is_listed_as_damaged_and_its_creator_can_delete_it(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db)) as c:
        bad, good = new_game(c, union="me", confederate="me"), new_game(c, union="me", confederate="me", seed=4)
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET players = '{not json', summary = 'nor this' WHERE id = ?", (bad["id"],))
    con.commit()
    con.close()
    with TestClient(create_app(db)) as c:
        lobby = c.get("/api/games")
        assert lobby.status_code == 200
        games = {g["id"]: g for g in lobby.json()["games"]}
        assert "damaged" in games[bad["id"]] and "not valid JSON" in games[bad["id"]]["damaged"]
        assert games[good["id"]]["players"] == {"union": "me", "confederate": "me"}
        r = view(c, bad["id"], bad["tokens"]["both"])
        assert r.status_code == 409 and "damaged" in r.json()["detail"]
        assert c.request("DELETE", f"/api/games/{bad['id']}", json={"token": bad["tokens"]["spectator"]}).status_code == 403
        assert c.request("DELETE", f"/api/games/{bad['id']}", json={"token": bad["tokens"]["creator"]}).status_code == 200
        assert [g["id"] for g in c.get("/api/games").json()["games"]] == [good["id"]]


def test_a_game_stored_with_a_poisoned_player_is_damaged_not_fatal(tmp_path):
    """A database from before the checks may hold a game whose bot cannot be built or would
    search forever: it is reported as damaged and its creator can delete it."""
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db)) as c:
        g = new_game(c, union="me", confederate="me")
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET players = ? WHERE id = ?", ('{"union": "me", "confederate": "bot:mcts:infs"}', g["id"]))
    con.commit()
    con.close()
    with TestClient(create_app(db)) as c:
        r = view(c, g["id"], g["tokens"]["both"])
        assert r.status_code == 409 and "confederate player" in r.json()["detail"]
        assert c.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]}).status_code == 200


# -- 7. bot budgets --------------------------------------------------------------------------------------
@pytest.mark.parametrize("player,problem", [("bot:mcts:infs", "bad budget"), ("bot:mcts:nans", "bad budget"),
                                            ("bot:mcts:25s", "at most"), ("bot:mcts:1s:500w", "worker"),
                                            ("bot:mcts:100000000", "simulations")])
def test_bot_budgets_are_bounded(client, player, problem):
    r = client.post("/api/games", json={"seed": 1, "union": "me", "confederate": player})
    assert r.status_code == 400 and problem in r.json()["detail"]


def test_a_busy_search_bot_never_delays_a_quick_bot(limited):
    with limited(bot_workers=1) as c:
        busy = c.app.state.manager.bot_pool.processes().submit(time.sleep, 8)   # every search process thinking
        try:
            g = new_game(c, union="me", confederate="bot:random")
            wait_for(c, g["id"], g["tokens"]["union"], lambda v: v["to_act"] == "union", timeout=5)
            assert not busy.done()
        finally:
            busy.cancel()


# -- 8. limits -------------------------------------------------------------------------------------------
def test_a_body_too_large_is_refused_before_it_is_read(client):
    big = b'{"seed": 1, "union": "' + b"x" * 200_000 + b'"}'
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "bytes" in r.json()["detail"]

    def chunks():                                           # no Content-Length: counted as it comes
        for _ in range(100):
            yield b"x" * 10_000
    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games").json()["total"] == 0


def test_fields_are_bounded(client):
    g = new_game(client, union="me", confederate="me")
    for body in ({"seed": 1, "union": "bot:random" + ":" * 100}, {"seed": 1, "game": "g" * 10_000},
                 {"seed": 1, "options": {"o" * 100: 1}}):
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, body
    v = view(client, g["id"], g["tokens"]["both"]).json()
    long_action = {"kind": "move", "zone": "z" * 500}
    r = client.post(f"/api/games/{g['id']}/actions", json={"token": g["tokens"]["both"], "seq": v["seq"], "action": long_action})
    assert r.status_code == 400 and "characters" in r.json()["detail"]
    assert client.get("/api/games").json()["total"] == 1


def test_the_lobby_pages(client):
    ids = [new_game(client, union="me", confederate="me", seed=s)["id"] for s in range(5)]
    first = client.get("/api/games", params={"limit": 2}).json()
    assert first["total"] == 5 and len(first["games"]) == 2 and first["next"] == 2
    seen = [g["id"] for g in first["games"]]
    offset = first["next"]
    while offset is not None:
        page = client.get("/api/games", params={"limit": 2, "offset": offset}).json()
        seen += [g["id"] for g in page["games"]]
        offset = page["next"]
    assert seen == ids[::-1]
    assert client.get("/api/games", params={"limit": 10 ** 6}).json()["limit"] == 200


def test_idle_games_leave_memory_and_come_back_on_demand(limited):
    with limited(max_live=2) as c:
        games = [new_game(c, union="me", confederate="me", seed=s) for s in range(5)]
        manager = c.app.state.manager
        assert len(manager.sessions) <= 3
        g = games[0]
        v = view(c, g["id"], g["tokens"]["both"]).json()          # reloaded from the database
        assert v["seq"] == 0 and g["id"] in manager.sessions
        assert manager.evict(now=time.monotonic() + 10 ** 6) >= 1 and not manager.sessions
        assert view(c, g["id"], g["tokens"]["both"]).json()["position"] == v["position"]


def test_caps_on_games_and_sockets_answer_429(limited):
    with limited(max_games=2, max_sockets=1) as c:
        g = new_game(c, union="me", confederate="me")
        new_game(c, union="me", confederate="me", seed=4)
        r = c.post("/api/games", json={"seed": 5, "union": "me", "confederate": "me"})
        assert r.status_code == 429 and "limit" in r.json()["detail"]
        with c.websocket_connect(f"/ws/games/{g['id']}?token={g['tokens']['both']}") as first:
            assert first.receive_json()["type"] == "view"
            with c.websocket_connect(f"/ws/games/{g['id']}?token={g['tokens']['both']}") as second:
                refused = second.receive_json()
                assert refused["type"] == "error" and refused["status"] == 429
        with c.websocket_connect(f"/ws/games/{g['id']}?token={g['tokens']['both']}") as again:
            assert again.receive_json()["type"] == "view"       # a socket freed is a socket for the next


# -- 9. strict input: 4xx naming the problem, never 500 ------------------------------------------------
def test_malformed_tokens_are_refused_everywhere(client):
    g = new_game(client, union="me", confederate="me")
    gid = g["id"]
    for bad in ("é", "\u2603" * 3, "to ken"):
        for path, params in (("view", {}), ("history/0", {}), ("record", {}), ("reach", {"unit": "battle"})):
            r = client.get(f"/api/games/{gid}/{path}", params={"token": bad, **params})
            assert r.status_code == 400 and "token" in r.json()["detail"], (path, bad)
        with client.websocket_connect(f"/ws/games/{gid}?token={bad}") as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["status"] == 400
    surrogate = b'{"token": "\\ud800", "seq": 0, "action": {"kind": "pass"}}'
    for path in ("actions", "undo", "preview"):
        r = client.post(f"/api/games/{gid}/{path}", content=surrogate, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500, (path, r.text)
    r = client.request("DELETE", f"/api/games/{gid}", content=b'{"token": "\\udfff"}', headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500


def test_malformed_actions_previews_and_seeds_are_refused(client):
    g = new_game(client, union="me", confederate="me")
    gid, tok = g["id"], g["tokens"]["both"]
    v = view(client, gid, tok).json()
    for kind in (["move"], {"a": 1}, 5, None):
        r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": v["seq"], "action": {"kind": kind}})
        assert r.status_code == 400 and "kind" in r.json()["detail"], kind
    for action in ({"kind": "resolve", "combat": 99}, {"kind": "resolve"}, {"kind": "resolve", "combat": -1},
                   {"kind": "resolve", "combat": "x"}):
        r = client.post(f"/api/games/{gid}/preview", json={"token": tok, "action": action})
        assert r.status_code == 400 and r.json()["detail"], action
    for seed in (2 ** 63, 2 ** 64, 10 ** 30, -1):
        r = client.post("/api/games", json={"seed": seed, "union": "me", "confederate": "me"})
        assert r.status_code == 400 and "seed" in r.json()["detail"], seed
    assert client.post("/api/games", json={"seed": 2 ** 63 - 1, "union": "me", "confederate": "me"}).status_code == 200
    assert view(client, gid, tok).json()["seq"] == v["seq"]
