"""The web tests' client on a fresh database and the moves they share."""

import time

import pytest
from fastapi.testclient import TestClient

from cwbattles.web.app import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as c:
        yield c


def wait_for(client, gid, token, predicate, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
        if predicate(v):
            return v
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the game")


def new_game(client, union="me", confederate="bot:random", seed=3, game="cedar-creek", options=None):
    """A new game; a remote side's invite is claimed at once (as the invited browser would) and
    its token added to ``tokens``. No seed for games with a remote side (the server's secret)."""
    body = {"game": game, "union": union, "confederate": confederate}
    if options:
        body["options"] = options
    if "remote" not in (union, confederate):
        body["seed"] = seed
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    g = r.json()
    for side, link in g["invites"].items():
        g["tokens"][side] = claim(client, link)["token"]
    return g


def claim(client, invite_link):
    gid, code = invite_link.split("/game/")[1].split("?invite=")
    r = client.post(f"/api/games/{gid}/claim", json={"invite": code})
    assert r.status_code == 200, r.text
    return r.json()


def view(client, gid, token, **params):
    return client.get(f"/api/games/{gid}/view", params={"token": token, **params})


def play(client, gid, token, v, pick=0):
    legal = v["legal"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "seq": v["seq"], "action": legal[pick]["action"]})
    assert r.status_code == 200, r.text
    return r.json()


def play_until(client, gid, token, v, kinds, limit=300):
    """Play the first legal action until one of ``kinds`` is legal for this token."""
    for _ in range(limit):
        if any(a["action"]["kind"] in kinds for a in v["legal"]):
            return v
        v = play(client, gid, token, v)
    raise AssertionError(f"no {kinds} within {limit} actions")
