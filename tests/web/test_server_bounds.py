"""Bounds that hold under concurrency and on every write path (issue 26, points 4, 6, 10, 11, 12)."""

import asyncio
import sqlite3

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cwbattles.bots import parse_spec
from cwbattles.cli import main
from cwbattles.web.app import create_app
from cwbattles.web.errors import WebError
from cwbattles.web.limits import Limits

from .conftest import new_game, play, view


def test_concurrent_creates_never_pass_max_games(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.sqlite3"), Limits(max_games=5))) as c:
        manager = c.app.state.manager

        async def create_100():
            async def one(k):
                try:
                    await manager.create("cedar-creek", k, "me", "me", {})
                    return 200
                except WebError as e:
                    return e.status
            return await asyncio.gather(*(one(k) for k in range(100)))

        answers = c.portal.call(create_100)
        assert answers.count(200) == 5 and answers.count(429) == 95
        assert c.get("/api/games").json()["total"] == 5


def test_chat_on_a_locked_database_answers_503_and_stores_nothing(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db, Limits(store_timeout=0.3))) as c:
        g = new_game(c, union="me", confederate="me")
        intruder = sqlite3.connect(db, isolation_level=None)
        intruder.execute("BEGIN IMMEDIATE")                  # holds the write lock
        try:
            r = c.post(f"/api/games/{g['id']}/chat", json={"token": g["tokens"]["both"], "text": "hello"})
        finally:
            intruder.execute("ROLLBACK")
            intruder.close()
        assert r.status_code == 503 and "nothing was done" in r.json()["detail"]
        assert c.get(f"/api/games/{g['id']}/chat", params={"token": g["tokens"]["both"]}).json() == []


def test_a_player_cannot_flood_the_chat(client):
    g = new_game(client, union="me", confederate="remote")
    me, other = g["tokens"]["union"], g["tokens"]["confederate"]
    codes = [client.post(f"/api/games/{g['id']}/chat", json={"token": me, "text": f"m{k}"}).status_code
             for k in range(12)]
    assert codes[:8] == [200] * 8 and set(codes[8:]) == {429}
    assert client.post(f"/api/games/{g['id']}/chat", json={"token": other, "text": "still heard"}).status_code == 200


def test_only_the_creators_token_deletes(client):
    g = new_game(client, union="me", confederate="me")
    for key in ("both", "union", "confederate", "spectator"):
        r = client.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"][key]})
        assert r.status_code == 403 and "creator" in r.json()["detail"], key
    assert client.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]}).status_code == 200


BAD_SPECS = ["mcts:１s", "mcts:1s:1s", "mcts:2w:2w", "mcts::", "mcts:1_0s", "mcts:infs", "mcts: 1s",
             "random:", "heuristic:2s", "mcts:1.s", "mcts:-1"]


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_one_grammar_for_bot_specs_on_the_server_and_the_command_line(client, spec):
    with pytest.raises(ValueError, match="spec"):
        parse_spec(spec)
    r = client.post("/api/games", json={"seed": 1, "union": "me", "confederate": f"bot:{spec}"})
    assert r.status_code == 400 and spec in r.json()["detail"]
    out = CliRunner().invoke(main, ["selfplay", "--union", spec, "--games", "1"])
    assert out.exit_code == 2 and "bot spec" in out.output


@pytest.mark.parametrize("spec,budget", [("mcts:1s:2w", (1.0, None, 2)), ("mcts:500ms", (0.5, None, 1)),
                                         ("mcts:2000", (None, 2000, 1)), ("mcts:2w:2.5s:30", (2.5, 30, 2))])
def test_good_bot_specs_read_as_before(spec, budget):
    name, b = parse_spec(spec)
    assert name == "mcts" and (b["seconds"], b["simulations"], b["workers"]) == budget


def test_an_undo_sends_each_page_only_what_changed(client):
    g = new_game(client, union="me", confederate="me", game="cedar-mountain")
    gid, tok = g["id"], g["tokens"]["both"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        log = ws.receive_json()["view"]["log"]
        v = view(client, gid, tok).json()
        for _ in range(60):
            v = play(client, gid, tok, v)
            sent = ws.receive_json()["view"]
            log = log[:sent["log_from"]] + sent["log"]
            if v["undo"]["possible"] and v["seq"] >= 20:
                break
        assert client.post(f"/api/games/{gid}/undo", json={"token": tok}).status_code == 200
        sent = ws.receive_json()["view"]
        assert sent["log_cut"] and 0 < sent["log_from"] <= len(log) and len(sent["log"]) < len(log)
        log = log[:sent["log_from"]] + sent["log"]
        assert log == view(client, gid, tok).json()["log"]
