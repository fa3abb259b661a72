"""Fuzzing the web API (issue 19, points 3, 8, 9): a thousand requests built from valid ones
and then mutated (bodies, tokens, ids, types, raw bytes), on every endpoint. None may answer 5xx
or anything but a JSON message; every refused request leaves its game exactly as it was; and
after the run every game still replays from the database to the live state."""

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cwbattles.web.app import create_app

from .mutate import mutate

CHANGES = {("POST", "actions"), ("POST", "route"), ("POST", "undo"), ("POST", "undo/answer"), ("POST", "claim")}
JUNK_TOKENS = ["forged", "é", "\ud800", "a" * 65, "", " ", "../../etc", 5, None, True, ["x"], {"t": 1}]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A server with three games (hot seat on each map, and one against a claimed remote player)."""
    with TestClient(create_app(str(tmp_path_factory.mktemp("fuzz") / "games.sqlite3")), raise_server_exceptions=False) as c:
        games = []
        for body in ({"game": "cedar-creek", "seed": 1, "union": "me", "confederate": "me"},
                     {"game": "champion-hill", "seed": 2, "union": "me", "confederate": "me"},
                     {"game": "cedar-creek", "union": "me", "confederate": "remote"}):
            g = c.post("/api/games", json=body).json()
            for side, link in g["invites"].items():
                gid, code = link.split("/game/")[1].split("?invite=")
                g["tokens"][side] = c.post(f"/api/games/{gid}/claim", json={"invite": code}).json()["token"]
            games.append(g)
        yield c, games


def snapshot(client, gid):
    s = client.app.state.manager.sessions.get(gid)
    return None if s is None else (len(s.actions), json.dumps(s.state.to_position()), json.dumps(s.undo_request))


def request_for(data, client, games):
    """(method, endpoint kind, path, query, body) from a valid request, then mutated."""
    g = data.draw(st.sampled_from(games), label="game")
    gid = data.draw(st.sampled_from([g["id"]] * 16 + ["0123456789ab", "nope", "é", "../x", "a" * 300]), label="gid")
    player = [t for k, t in g["tokens"].items() if k != "creator"]
    # who may not delete: the games must live through the run (the creator's deleting is tested elsewhere)
    remote = [g["tokens"][side] for side in g["invites"]] + [g["tokens"]["spectator"]]
    v = client.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["spectator"]}).json()
    actor = g["tokens"].get("both") or g["tokens"].get(v["to_act"]) or player[0]
    token = data.draw(st.sampled_from([actor] * 8 + player + list(g["tokens"].values()) + JUNK_TOKENS), label="token")
    mine = client.get(f"/api/games/{g['id']}/view", params={"token": actor}).json()
    pick = data.draw(st.integers(0, 99), label="action")       # a number, not a choice among what the game offers now:
    action = mine["legal"][pick % len(mine["legal"])]["action"] if mine["legal"] else {"kind": "pass"}   # replayable
    unit = v["moving"] or v["position"]["units"][0]["id"]
    n = data.draw(st.sampled_from([0, 3, -1, 10 ** 6]), label="n")
    kind = data.draw(st.sampled_from(["actions", "actions", "route", "preview", "undo", "undo/answer", "claim", "view",
                                      "history", "record", "reach", "meta", "delete", "create", "lobby"]), label="kind")
    bodies = {"actions": {"token": token, "seq": v["seq"], "action": action, "log_from": 0},
              "route": {"token": token, "seq": v["seq"], "unit": unit, "zone": "1204"},
              "preview": {"token": token, "action": action}, "undo": {"token": token},
              "undo/answer": {"token": token, "accept": True}, "claim": {"invite": "x" * 24},
              "delete": {"token": data.draw(st.sampled_from(remote + JUNK_TOKENS), label="delete token")},
              "create": {"game": "cedar-creek", "seed": 3, "union": "me", "confederate": "me", "options": {}}}
    queries = {"view": {"token": token, "log_from": 0}, "history": {"token": token}, "record": {"token": token},
               "reach": {"token": token, "unit": unit}, "lobby": {"offset": 0, "limit": 5}}
    method, path = {"delete": ("DELETE", f"/api/games/{gid}"), "create": ("POST", "/api/games"),
                    "lobby": ("GET", "/api/games"), "meta": ("GET", f"/api/games/{gid}/meta"),
                    "history": ("GET", f"/api/games/{gid}/history/{n}"),
                    }.get(kind, ("GET" if kind in queries else "POST", f"/api/games/{gid}/{kind}"))
    # a third of the requests as they are (the games move on, to states worth fuzzing), the rest mutated
    body = mutate(data, bodies.get(kind, {}), [unit, "move", "1204", "union"], edits=3, fewest=0)
    query = mutate(data, queries.get(kind, {}), [unit], edits=1, fewest=0)
    body, query = (body if kind in bodies else None), (query if kind in queries else None)
    return g, method, kind, path, query, body


@settings(max_examples=1000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_no_request_gets_a_5xx_or_changes_a_game_it_was_refused(world, data):
    client, games = world
    g, method, kind, path, query, body = request_for(data, client, games)
    before = snapshot(client, g["id"])
    raw = data.draw(st.sampled_from(["json", "json", "json", "bytes", "text"]), label="encoding")
    noise, cut = data.draw(st.binary(max_size=40), label="bytes"), data.draw(st.integers(0, 40), label="cut")
    if body is None:
        content = None
    elif raw == "json":
        content = json.dumps(body, allow_nan=True).encode()
    elif raw == "bytes":
        content = noise
    else:
        content = json.dumps(body)[:cut].encode()
    params = {k: v for k, v in (query or {}).items() if isinstance(v, (str, int)) and not isinstance(v, bool)} \
        if isinstance(query, dict) else {}
    try:
        params = {k: str(v).encode("utf-8", "surrogatepass").decode("utf-8", "replace") for k, v in params.items()}
        r = client.request(method, path, params=params, content=content, headers={"content-type": "application/json"})
    except UnicodeEncodeError:
        return                                            # the client itself cannot send this URL
    assert r.status_code < 500, (method, path, body, r.text)
    answer = r.json()
    if r.status_code >= 400:
        assert isinstance(answer["detail"], str) and answer["detail"]
    if r.status_code != 200 or (method, kind) not in CHANGES:
        assert snapshot(client, g["id"]) == before, (method, path, body, r.status_code)


def test_after_the_fuzz_every_game_replays_from_the_database(world):
    client, games = world
    manager = client.app.state.manager
    for g in games:
        live = client.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["spectator"]}).json()
        manager.sessions.pop(g["id"], None)
        again = client.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["spectator"]}).json()
        assert again["position"] == live["position"] and again["seq"] == live["seq"]
