"""SQLite storage: each game is its seed, options and players plus its list of actions.

One transaction per acknowledged change, WAL mode with ``synchronous=FULL``: an action the
server has acknowledged survives a killed process and a power cut, and replaying the list
rebuilds every game exactly.

The database is only ever touched from two threads of its own, one that writes and one that
reads (WAL lets a reader go on while a writer waits for a lock), never from the event loop:
``await store.write(...)`` and ``await store.read(...)`` run the methods below there. A failed
write raises ``StoreError`` and leaves the database as it was before it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    tokens TEXT NOT NULL,
    created REAL NOT NULL,
    summary TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    side TEXT NOT NULL,
    action TEXT NOT NULL,
    checksum TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
# Columns added since the first schema (a database made before them gains them on opening).
ADDED_COLUMNS = {
    "salt": "TEXT NOT NULL DEFAULT ''",          # the seed commitment's salt (see views.py)
    "invites": "TEXT NOT NULL DEFAULT '{}'",     # side -> {"code", "claimed"} for remote sides
    "over": "INTEGER NOT NULL DEFAULT 0",        # 1 once the game has ended (open games are capped)
}


class StoreError(Exception):
    """A write that did not happen (database locked by someone else, disk full...): nothing of
    it is in the database."""


class DamagedGame(Exception):
    """A stored game whose row cannot be read back (a column is not valid JSON)."""


def _loads(text, what: str, gid: str):
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise DamagedGame(f"game {gid} is damaged: its stored {what} is not valid JSON") from None


class Store:
    """The database file, with a writing and a reading connection, each used by one thread."""

    def __init__(self, path: str, timeout: float = 5.0):
        self.path = path
        # each connection is used by its own thread; the locks matter only to direct calls (tests)
        self.write_lock, self.read_lock = threading.Lock(), threading.Lock()
        self.db = self._connect(path, timeout)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        for name, decl in ADDED_COLUMNS.items():
            if name not in have:
                self.db.execute(f"ALTER TABLE games ADD COLUMN {name} {decl}")
        self.reader = self._connect(path, timeout)
        self._writes = ThreadPoolExecutor(1, thread_name_prefix="cwbattles-store-write")
        self._reads = ThreadPoolExecutor(1, thread_name_prefix="cwbattles-store-read")

    @staticmethod
    def _connect(path: str, timeout: float) -> sqlite3.Connection:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=timeout)
        db.execute("PRAGMA synchronous=FULL")       # each commit reaches the disk before it returns
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def close(self) -> None:
        self._writes.shutdown(wait=True)
        self._reads.shutdown(wait=True)
        with self.write_lock, self.read_lock:
            self.db.close()
            self.reader.close()

    # -- off the event loop -----------------------------------------------------------------------
    async def write(self, method, *args):
        """Run a writing method in the writer's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._writes, method, *args)

    async def read(self, method, *args):
        """Run a reading method in the reader's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._reads, method, *args)

    # -- writing ----------------------------------------------------------------------------------
    def _transaction(self, statements) -> None:
        """Run ``statements`` [(sql, params)] as one transaction, or not at all."""
        db = self.db
        with self.write_lock:
            try:
                db.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    db.execute(sql, params)
                db.execute("COMMIT")
            except sqlite3.Error as e:
                # SQLite has already rolled back after some errors (a full disk): rolling back
                # again would raise "no transaction is active" and hide the real error.
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise StoreError(f"the database refused the write: {e}") from None

    def create_game(self, gid: str, game: str, seed: int, salt: str, options: dict, players: dict,
                    tokens: dict, invites: dict, summary: dict) -> None:
        self._transaction([(
            "INSERT INTO games (id, game, seed, salt, options, players, tokens, invites, created, summary, over) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, game, seed, salt, json.dumps(options), json.dumps(players), json.dumps(tokens),
             json.dumps(invites), time.time(), json.dumps(summary), int(bool(summary.get("over")))))])

    def append(self, gid: str, entries: list, summary: dict) -> None:
        """Actions [(seq, side, action, checksum)] and the game's new summary, in one transaction."""
        self._transaction(
            [("INSERT INTO actions (game_id, seq, side, action, checksum) VALUES (?, ?, ?, ?, ?)",
              (gid, seq, side, json.dumps(action), checksum)) for seq, side, action, checksum in entries]
            + [("UPDATE games SET summary = ?, over = ? WHERE id = ?",
                (json.dumps(summary), int(bool(summary.get("over"))), gid))])

    def truncate(self, gid: str, keep: int, summary: dict) -> None:
        """Drop the actions from number ``keep`` on (undo)."""
        self._transaction([
            ("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (gid, keep)),
            ("UPDATE games SET summary = ?, over = ? WHERE id = ?",
             (json.dumps(summary), int(bool(summary.get("over"))), gid))])

    def set_access(self, gid: str, tokens: dict, invites: dict) -> None:
        """The game's tokens and invites (an invite claimed)."""
        self._transaction([("UPDATE games SET tokens = ?, invites = ? WHERE id = ?",
                            (json.dumps(tokens), json.dumps(invites), gid))])

    def delete(self, gid: str) -> None:
        self._transaction([("DELETE FROM games WHERE id = ?", (gid,))])

    # -- reading ----------------------------------------------------------------------------------
    def _query(self, sql: str, params=()) -> list:
        with self.read_lock:
            return self.reader.execute(sql, params).fetchall()

    def game(self, gid: str) -> dict | None:
        """Everything stored about a game (None if there is no such game); DamagedGame if a
        column cannot be read."""
        rows = self._query("SELECT id, game, seed, salt, options, players, tokens, invites, created, summary "
                           "FROM games WHERE id = ?", (gid,))
        if not rows:
            return None
        r = rows[0]
        actions = self._query("SELECT seq, side, action, checksum FROM actions WHERE game_id = ? ORDER BY seq", (gid,))
        return {"id": r[0], "game": r[1], "seed": r[2], "salt": r[3], "options": _loads(r[4], "options", gid),
                "players": _loads(r[5], "players", gid), "tokens": _loads(r[6], "tokens", gid),
                "invites": _loads(r[7], "invites", gid), "created": r[8], "summary": _loads(r[9], "summary", gid),
                "actions": [{"seq": a[0], "side": a[1], "action": _loads(a[2], f"action {a[0]}", gid),
                             "checksum": a[3]} for a in actions]}

    def access(self, gid: str) -> tuple[dict, dict] | None:
        """(tokens, players) of a game, read alone so that a game damaged elsewhere can still be
        deleted by its creator; None if there is no such game."""
        rows = self._query("SELECT tokens, players FROM games WHERE id = ?", (gid,))
        if not rows:
            return None
        tokens = _loads(rows[0][0], "tokens", gid)
        try:
            players = json.loads(rows[0][1])
        except (TypeError, ValueError):
            players = {}
        return tokens, players

    def open_games(self) -> int:
        """How many stored games are not over."""
        return self._query("SELECT COUNT(*) FROM games WHERE over = 0")[0][0]

    def list_games(self, offset: int, limit: int) -> tuple[list[dict], int]:
        """One page of the lobby, newest first, and the number of games. A row that cannot be
        read is listed with ``damaged`` saying why, not left out and not fatal to the page."""
        total = self._query("SELECT COUNT(*) FROM games")[0][0]
        rows = self._query("SELECT g.id, g.game, g.seed, g.salt, g.players, g.created, g.summary, "
                           "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                           "FROM games g ORDER BY g.created DESC, g.id LIMIT ? OFFSET ?", (limit, offset))
        out = []
        for gid, game, seed, salt, players, created, summary, n in rows:
            entry = {"id": gid, "game": game, "seed": seed, "salt": salt, "created": created, "actions": n}
            try:
                entry["players"] = _loads(players, "players", gid)
                summary = _loads(summary, "summary", gid)
                if not isinstance(entry["players"], dict) or not isinstance(summary, dict):
                    raise DamagedGame(f"game {gid} is damaged: its stored players or summary is not an object")
                entry.update({k: v for k, v in summary.items() if k not in entry})
            except DamagedGame as e:
                entry = {"id": gid, "game": game, "created": created, "actions": n, "damaged": str(e)}
            out.append(entry)
        return out, total
