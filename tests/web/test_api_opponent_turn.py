"""The other side's last player-turn, as the page reads it (follow.js, steps.js): in every game the
bot's events since the player's last decision carry structured data, and the moves among them
name the unit and two places of the map, so "Since your last decision" lists them and the map
draws their arrows (engine.log)."""

import pytest

from .conftest import wait_for

# (game, the side the player takes: the one that waits for the bot's first turn, options)
GAMES = [
    ("cedar-creek", "union", {}),
    ("champion-hill", "confederate", {}),
    ("chancellorsville", "union", {}),
    ("cedar-mountain", "union", {"union_setup": "printed"}),
]
PATH_KINDS = {"move", "enter", "retreat", "rout", "advance"}


def places_of(meta) -> set:
    geo = meta["geometry"]
    return {p["id"] for p in geo.get("hexes") or geo.get("zones")}


@pytest.mark.parametrize("name,mine,options", GAMES)
def test_the_other_sides_turn_is_listed_with_places_to_draw(client, name, mine, options):
    theirs = "confederate" if mine == "union" else "union"
    r = client.post("/api/games", json={"game": name, "seed": 2, mine: "me", theirs: "bot:heuristic",
                                        "options": options})
    assert r.status_code == 200, r.text
    g = r.json()
    gid, token = g["id"], g["tokens"][mine]
    v = wait_for(client, gid, token, lambda v: v["legal"] and any(e.get("by") == theirs for e in v["log"]),
                 timeout=60)
    meta = client.get(f"/api/games/{gid}/meta").json()
    places = places_of(meta)
    units = {u["id"] for u in meta["counters"].get("units") or meta["counters"]["brigades"]}
    own = [i for i, e in enumerate(v["log"]) if e.get("by") == mine]
    since = [e for e in v["log"][(own[-1] + 1 if own else 0):] if e.get("by") == theirs]
    drawn = [e["data"] for e in since if e.get("data") and e["data"]["kind"] in PATH_KINDS]
    assert drawn, f"{name}: none of the {len(since)} events of the other side's turn can be drawn"
    for d in drawn:
        assert d["unit"] in units and d["to"] in places and (d["from"] is None or d["from"] in places)
    # every event that names a unit says so in data, not only in words
    for e in since:
        if e.get("data"):
            assert e["data"]["kind"]
