"""A stored game damaged on disk, column by column (issue 26, point 7): the lobby lists it as
damaged with what is wrong and never answers 500, its views answer 409, and its creator can
delete it (or, when its tokens cannot be read, the server's operator with ``cwbattles admin
delete``)."""

import sqlite3

from click.testing import CliRunner
from fastapi.testclient import TestClient

from cwbattles.cli import main
from cwbattles.web.app import create_app

from .conftest import new_game, play, view

# (table, column, value, what the lobby's note names); the value is SQL
DAMAGES = [
    ("games", "game", "X'00ff'", "game"), ("games", "game", "'no-such-game'", "game"),
    ("games", "seed", "'abc'", "seed"), ("games", "seed", "-1", "seed"),
    ("games", "salt", "X'00'", "salt"),
    ("games", "options", "'[1]'", "options"), ("games", "options", "'{bad'", "options"),
    ("games", "players", "'null'", "players"), ("games", "players", "'{\"union\": 5, \"confederate\": \"me\"}'", "players"),
    ("games", "tokens", "'[1]'", "tokens"), ("games", "tokens", "'null'", "tokens"),
    ("games", "tokens", "'{bad'", "tokens"), ("games", "tokens", "'{\"creator\": 5}'", "tokens"),
    ("games", "invites", "'{\"confederate\": 5}'", "invites"),
    ("games", "created", "'x'", "created"), ("games", "summary", "'{bad'", "summary"),
    ("games", "id", "'XYZ not hex'", "id"),
    ("actions", "action", "'{bad'", "actions[0].action"),
    ("actions", "checksum", "'0000'", None),           # found when the game is loaded
]


def test_every_damaged_column_is_listed_viewable_as_409_and_deletable(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db)) as c:
        games = []
        for k in range(len(DAMAGES)):
            g = new_game(c, union="me", confederate="me", seed=k + 1)
            play(c, g["id"], g["tokens"]["both"], view(c, g["id"], g["tokens"]["both"]).json())
            games.append(g)
        healthy = new_game(c, union="me", confederate="me", seed=99)
    con = sqlite3.connect(db)
    ids = []
    for g, (table, column, value, _) in zip(games, DAMAGES):
        where = "id" if table == "games" else "game_id"
        con.execute(f"UPDATE {table} SET {column} = {value} WHERE {where} = ?", (g["id"],))
        ids.append("XYZ not hex" if column == "id" else g["id"])
    con.commit()
    con.close()
    with TestClient(create_app(db)) as c:
        lobby = c.get("/api/games", params={"limit": 200})
        assert lobby.status_code == 200
        listed = {e["id"]: e for e in lobby.json()["games"]}
        assert "damaged" not in listed[healthy["id"]]
        for gid, g, (table, column, value, named) in zip(ids, games, DAMAGES):
            if named:
                assert named in listed[gid]["damaged"], (column, value, listed[gid])
            if column != "id":
                r = view(c, gid, g["tokens"]["both"])
                assert r.status_code == 409 and "damaged" in r.json()["detail"], (column, value, r.text)
        checksum_game = ids[-1]                  # the load found it: the lobby says so from now on
        assert "checksum" in {e["id"]: e for e in c.get("/api/games", params={"limit": 200}).json()["games"]}[
            checksum_game]["damaged"]
        for gid, g, (table, column, value, named) in zip(ids, games, DAMAGES):
            r = c.request("DELETE", f"/api/games/{gid}", json={"token": g["tokens"]["creator"]})
            if column == "tokens":
                assert r.status_code == 409 and "admin delete" in r.json()["detail"], (value, r.text)
                out = CliRunner().invoke(main, ["admin", "delete", gid, "--db", db])
                assert out.exit_code == 0, out.output
            else:
                assert r.status_code == 200, (column, value, r.text)
        assert [e["id"] for e in c.get("/api/games").json()["games"]] == [healthy["id"]]
