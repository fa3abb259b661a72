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
    gid, _, view = game(client, union_setup="choose")
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


def test_the_historical_set_up_is_the_default_and_by_hand_history_is_one_key_away(client):
    """Issue 27, point 3: no option gives the historical set-up (the Confederates move first); by
    hand, the view names the unit placed, Enter's default is its historical hex, facing and
    formation, and "place the rest" sets every unit left as history has them in one action."""
    _, _, view = game(client)
    assert view["phase"] == "movement" and view["to_act"] == "confederate"
    gid, tok, view = game(client, union_setup="choose")
    assert view["placing"] == "us-5ct" and view["phase"] == "deploy_unit"
    taken = []
    for seq in range(3):                                  # the hex, the facing, the formation
        item = view["legal"][view["default"]["index"]]
        assert "history" in view["default"]["why"]
        taken.append(item["action"])
        assert act(client, gid, tok, seq, item["action"]).status_code == 200
        view = client.get(f"/api/games/{gid}/view", params={"token": tok}).json()
    assert taken[0] == {"kind": "place", "hex": "2008"} and taken[1]["direction"] == "W"
    assert view["placing"] == "us-10me"
    rest = next(i for i in view["legal"] if i["action"]["kind"] == "place_rest")
    assert rest["text"] == "place the rest as history has them"
    assert act(client, gid, tok, 3, rest["action"]).status_code == 200
    view = client.get(f"/api/games/{gid}/view", params={"token": tok}).json()
    assert "placing" not in view and view["to_act"] == "confederate"
    _, _, printed = game(client, union_setup="printed")
    assert {u["id"]: u.get("hex") for u in view["position"]["units"]} == \
        {u["id"]: u.get("hex") for u in printed["position"]["units"]}
