"""A failed write loses nothing and poisons nothing (issue 19, point 5): while another connection
holds SQLite's write lock, or the disk is full, an action is refused with a clear 503, the live
game stays exactly what the database holds, other requests are not held up, and the game goes
on (and survives a restart) once the database takes writes again."""

import sqlite3
import threading
import time

from fastapi.testclient import TestClient

from cwbattles.web.app import create_app
from cwbattles.web.limits import Limits

from .conftest import new_game, play, view


def stored_actions(db, gid):
    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    finally:
        con.close()


def test_a_locked_database_refuses_the_action_and_the_game_goes_on_after(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db, Limits(store_timeout=1.0))) as c:
        g = new_game(c, union="me", confederate="me")
        other = new_game(c, union="me", confederate="me", seed=4)
        gid, tok = g["id"], g["tokens"]["both"]
        v = view(c, gid, tok).json()
        for _ in range(3):
            v = play(c, gid, tok, v)
        intruder = sqlite3.connect(db, isolation_level=None)
        intruder.execute("BEGIN IMMEDIATE")                  # holds the write lock
        answers = []
        waiting = threading.Thread(target=lambda: answers.append(c.post(
            f"/api/games/{gid}/actions", json={"token": tok, "seq": v["seq"], "action": v["legal"][0]["action"]})))
        waiting.start()
        time.sleep(0.2)
        # The write waits for the lock in the store's thread; the event loop serves everyone else.
        t0 = time.perf_counter()
        assert view(c, other["id"], other["tokens"]["both"]).status_code == 200
        assert time.perf_counter() - t0 < 0.5
        waiting.join()
        refused = answers[0]
        assert refused.status_code == 503 and "nothing was done" in refused.json()["detail"]
        assert "locked" in refused.json()["detail"]
        now = view(c, gid, tok, log_from=v["log_from"]).json()
        assert now == v                                     # the live game did not move
        intruder.execute("ROLLBACK")
        intruder.close()
        assert stored_actions(db, gid) == [0, 1, 2]
        v = play(c, gid, tok, v)                            # the same action, now stored
        v = play(c, gid, tok, v)
        assert v["seq"] == 5 and stored_actions(db, gid) == [0, 1, 2, 3, 4]
    with TestClient(create_app(db)) as c:                   # a restart replays every stored action
        again = view(c, gid, tok).json()
        assert again["seq"] == 5 and again["position"] == v["position"]


def test_a_full_disk_gives_503_with_the_real_error_and_changes_nothing(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db)) as c:
        g = new_game(c, union="me", confederate="me")
        gid, tok = g["id"], g["tokens"]["both"]
        v = play(c, gid, tok, view(c, gid, tok).json())
        writer = c.app.state.manager.store.db
        pages = writer.execute("PRAGMA page_count").fetchone()[0]
        writer.execute(f"PRAGMA max_page_count = {pages}")  # no room for another page
        sent = 0
        for _ in range(400):                                # until an action needs a new page
            r = c.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": v["seq"], "action": v["legal"][0]["action"]})
            if r.status_code != 200:
                break
            v, sent = r.json(), sent + 1
        assert r.status_code == 503, r.text
        detail = r.json()["detail"]
        assert "full" in detail and "no transaction is active" not in detail
        assert view(c, gid, tok).json()["seq"] == v["seq"] == len(stored_actions(db, gid))
        writer.execute("PRAGMA max_page_count = 1073741823")
        v = play(c, gid, tok, v)
        assert stored_actions(db, gid) == list(range(v["seq"]))


def test_acknowledged_actions_are_synced_to_disk(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as c:
        writer = c.app.state.manager.store.db
        assert writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert writer.execute("PRAGMA synchronous").fetchone()[0] == 2        # FULL


def test_writes_queued_together_commit_together_and_fail_alone(tmp_path):
    """Group commit: writes waiting at once share a transaction, each in its own savepoint, so a
    failing one (an action number already stored) takes nothing else with it."""
    import asyncio

    from cwbattles.web.store import Store, StoreError

    store = Store(str(tmp_path / "g.sqlite3"))
    try:
        for n in range(20):
            store.create_game(f"{n:012x}", "cedar-creek", n, "", {}, {"union": "me", "confederate": "me"},
                              {"creator": "t"}, {}, {"over": False})
        store.append(f"{3:012x}", [(0, "union", {"kind": "x"}, "c")], {"over": False})

        async def together():
            writes = [store.write(store.append, f"{n:012x}", [(0, "union", {"kind": "x"}, "c")], {"over": n == 5})
                      for n in range(20)]
            return await asyncio.gather(*writes, return_exceptions=True)

        outcomes = asyncio.run(together())
        assert [n for n, o in enumerate(outcomes) if isinstance(o, StoreError)] == [3]
        assert "UNIQUE" in str(outcomes[3])
        assert all(len(store.game(f"{n:012x}")["actions"]) == 1 for n in range(20))
        assert store.open_games() == 19
    finally:
        store.close()
