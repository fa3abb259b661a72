"""The web API on a GBACW game (Cedar Mountain): the lobby offers it, its meta carries the ground
(elevations, crests, cornfields, deployment areas) and the terrain chart, the Union set-up and
moves go through the same door, reach answers in Movement Points, a move previews no dice."""

import pytest
from fastapi.testclient import TestClient

from cwbattles.web.app import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as c:
        yield c


def game(client, **options):
    r = client.post("/api/games", json={"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                        "options": options})
    assert r.status_code == 200, r.text
    g = r.json()
    tok = g["tokens"]["both"]
    return g["id"], tok, client.get(f"/api/games/{g['id']}/view", params={"token": tok}).json()


def act(client, gid, tok, seq, action):
    return client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq, "action": action})


def test_the_meta_carries_the_ground_and_the_chart(client):
    listed = {s["name"]: s for s in client.get("/api/scenarios").json()}
    assert listed["cedar-mountain"]["title"] == "Cedar Mountain 1862" and listed["cedar-mountain"]["map"] == "hexes"
    gid, _, view = game(client)
    meta = client.get(f"/api/games/{gid}/meta").json()
    geo = meta["geometry"]
    assert geo["system"] == "gbacw" and len(geo["hexes"]) == 40 * 34 and geo["printed_top"] == "east"
    assert {"elevation", "crest", "axial"} <= set(geo["hexes"][0])
    assert "2816" in geo["cornfields"] and set(geo["deployment_areas"]) == set("123456")
    assert meta["terrain_chart"]["terrain"]["woods"]["mp"]["line"] == 2
    assert any(u["type"] == "leader" and u["radius"] for u in meta["counters"]["units"])
    assert view["phase"] == "deploy_unit" and view["to_act"] == "union"


def test_set_up_and_a_move_through_the_api(client):
    gid, tok, view = game(client, union_setup="printed")
    assert view["to_act"] == "confederate" and view["phase"] == "movement"
    enter = next(item for item in view["legal"] if item["action"]["kind"] == "enter")
    assert act(client, gid, tok, 0, enter["action"]).status_code == 200
    v = client.get(f"/api/games/{gid}/view", params={"token": tok}).json()
    assert v["moving"] == enter["action"]["unit"]
    reach = client.get(f"/api/games/{gid}/reach", params={"unit": v["moving"], "token": tok}).json()
    assert reach["zones"] and all(isinstance(mp, (int, float)) for mp in reach["zones"].values())
    bad = act(client, gid, tok, 1, {"kind": "step", "hex": "0101"})
    assert bad.status_code in (400, 409)


def test_a_choice_without_dice_previews_nothing(client):
    """Fire and melee previews are checked exactly in the engine's tests (test_fire.py, test_22_overshoot.py)."""
    gid, tok, view = game(client, union_setup="printed")
    first = view["legal"][0]
    r = client.post(f"/api/games/{gid}/preview", json={"token": tok, "action": first["action"]})
    assert r.status_code == 200 and r.json() == {}        # a move has no dice
