"""The web API on the two-section Chancellorsville board: the lobby offers it, the meta carries
both sections (F and H hexes, 1,400 in all), a leader moves by hex and the preview of an attack
has its exact odds."""


def test_the_lobby_offers_chancellorsville_with_both_map_sections(client):
    game = next(s for s in client.get("/api/scenarios").json() if s["name"] == "chancellorsville")
    assert game["map"] == "hexes" and {o["name"] for o in game["options"]} >= {"morale", "command_control"}
    r = client.post("/api/games", json={"game": "chancellorsville", "seed": 1, "union": "me", "confederate": "me"})
    assert r.status_code == 200, r.text
    g = r.json()
    tok = g["tokens"]["both"]
    meta = client.get(f"/api/games/{g['id']}/meta").json()
    ids = {h["id"] for h in meta["geometry"]["hexes"]}
    assert len(ids) == 1400 and {"F2501", "H1616", "F1326", "H1928"} <= ids
    assert {"F2401", "H1928"} <= set(meta["geometry"]["victory_hexes"])
    assert meta["track"]["turns"] == 32 and meta["track"]["night"] == [8, 16, 24, 32]
    v = client.get(f"/api/games/{g['id']}/view", params={"token": tok}).json()
    assert v["to_act"] == "confederate"
    lee = {"kind": "move", "unit": "cs-ldr-lee"}
    assert lee in [i["action"] for i in v["legal"]]
    v = client.post(f"/api/games/{g['id']}/actions", json={"token": tok, "seq": v["seq"], "action": lee}).json()
    assert v["moving"] == "cs-ldr-lee" and v["position"]["scalars"]["mv_mp"] == 12     # 23.51
