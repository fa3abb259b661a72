"""The web API on a hex-map game (Champion Hill): the lobby offers it, its meta carries what the
hex map draws, actions name hexes, illegal ones change nothing, and reach/route work on hexes."""

import pytest


@pytest.fixture
def hot_seat(client):
    """A Champion Hill game with both sides played here: (game id, token, first view)."""
    r = client.post("/api/games", json={"game": "champion-hill", "seed": 1, "union": "me", "confederate": "me"})
    assert r.status_code == 200, r.text
    g = r.json()
    tok = g["tokens"]["both"]
    return g["id"], tok, client.get(f"/api/games/{g['id']}/view", params={"token": tok}).json()


def act(client, gid, tok, seq, action):
    return client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": seq, "action": action})


def unit_of(view, uid):
    return next(u for u in view["position"]["units"] if u["id"] == uid)


def test_the_lobby_offers_the_hex_game_and_its_meta_has_what_the_map_draws(client, hot_seat):
    hill = next(s for s in client.get("/api/scenarios").json() if s["name"] == "champion-hill")
    assert (hill["title"], hill["map"]) == ("Champion Hill 1863", "hexes")
    assert {o["name"] for o in hill["options"]} >= {"morale", "optional_units"}
    gid, _, _ = hot_seat
    meta = client.get(f"/api/games/{gid}/meta").json()
    geo = meta["geometry"]
    assert geo["kind"] == "hexes" and len(geo["hexes"]) == 19 * 24 and "1309" in geo["victory_hexes"]
    assert any(side["features"] == ["bridge", "creek", "road"] for side in geo["hexsides"])
    assert meta["track"] == {"turns": 12, "labels": ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00",
                                                     "16:00", "17:00", "18:00", "19:00", "Night"], "night": [12]}
    assert meta["terrain_chart"]["terrain"]["woods"] == {"mp": {"infantry": 3, "cavalry": 3, "artillery": 3},
                                                         "defender": 1.0, "blocks_los": True}
    units = {u["id"]: u for u in meta["counters"]["units"]}
    assert units["us-12-1"]["entry_turn"] == 0 and units["us-12-1"]["entry_hex"] is None
    assert any(u["entry_turn"] == 3 and u["entry_hex"] == "1902" for u in units.values())


def test_a_unit_moves_hex_by_hex_and_illegal_actions_change_nothing(client, hot_seat):
    gid, tok, v = hot_seat
    assert v["to_act"] == "union" and {"kind": "move", "unit": "us-12-1"} in [i["action"] for i in v["legal"]]
    v = act(client, gid, tok, v["seq"], {"kind": "move", "unit": "us-12-1"}).json()
    assert v["moving"] == "us-12-1" and v["phase"] == "moving" and v["position"]["scalars"]["mv_mp"] == 6
    steps = sorted(i["action"]["hex"] for i in v["legal"] if i["action"]["kind"] == "step")
    assert steps == ["1304", "1305", "1403", "1405", "1504", "1505"]       # the six hexes around 1404

    refused = [
        (act(client, gid, tok, v["seq"], {"kind": "step", "hex": "0101"}), 409),      # not adjacent
        (act(client, gid, tok, v["seq"], {"kind": "step", "hex": "9999"}), 400),      # no such hex
        (act(client, gid, tok, v["seq"], {"kind": "move", "unit": "cs-st-lee"}), 409),  # the enemy's unit
        (act(client, gid, tok, v["seq"] - 1, {"kind": "step", "hex": "1403"}), 409),  # stale
    ]
    for response, status in refused:
        assert response.status_code == status, response.text
    assert client.get(f"/api/games/{gid}/view", params={"token": tok}).json()["position"] == v["position"]

    v = act(client, gid, tok, v["seq"], {"kind": "step", "hex": "1403"}).json()        # clear: 1 MP (6.2)
    assert unit_of(v, "us-12-1")["hex"] == "1403" and v["position"]["scalars"]["mv_mp"] == 5
    assert "1404 -> 1403" in v["log"][-1]["text"]


def test_reach_and_route_on_hexes(client, hot_seat):
    gid, tok, v = hot_seat
    v = act(client, gid, tok, v["seq"], {"kind": "move", "unit": "us-12-1"}).json()
    zones = client.get(f"/api/games/{gid}/reach", params={"unit": "us-12-1", "token": tok}).json()["zones"]
    # One MP to each clear neighbour; 1505 holds a full stack: it may be crossed, not entered to stay.
    assert {h: zones[h] for h in ("1403", "1304", "1305", "1405", "1504")} == dict.fromkeys(
        ("1403", "1304", "1305", "1405", "1504"), 1)
    assert "1404" not in zones and "1505" not in zones and zones["1204"] == 2
    assert client.get(f"/api/games/{gid}/reach", params={"unit": "nobody", "token": tok}).status_code == 400

    r = client.post(f"/api/games/{gid}/route", json={"token": tok, "seq": v["seq"], "unit": "us-12-1", "zone": "1204"})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["seq"] == v["seq"] + 2 and unit_of(after, "us-12-1")["hex"] == "1204"
    assert after["position"]["scalars"]["mv_mp"] == 4
    far = client.post(f"/api/games/{gid}/route", json={"token": tok, "seq": after["seq"], "unit": "us-12-1", "zone": "0124"})
    assert far.status_code == 409 and "cannot reach" in far.json()["detail"]
