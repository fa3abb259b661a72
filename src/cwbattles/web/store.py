"""SQLite storage: each game is its seed, options and players plus its list of actions.

One transaction per action, WAL mode: a server killed at any moment loses no acknowledged
action, and replaying the list rebuilds every game exactly.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time

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


class Store:
    """A thread-safe handle on the database file."""

    def __init__(self, path: str):
        self.path = path
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def create_game(self, gid: str, game: str, seed: int, options: dict, players: dict, tokens: dict,
                    summary: dict) -> None:
        with self.lock:
            self.db.execute("INSERT INTO games (id, game, seed, options, players, tokens, created, summary) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (gid, game, seed, json.dumps(options), json.dumps(players), json.dumps(tokens),
                             time.time(), json.dumps(summary)))

    def append(self, gid: str, seq: int, side: str, action: dict, checksum: str, summary: dict) -> None:
        """One action and the game's new summary, in one transaction."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute("INSERT INTO actions (game_id, seq, side, action, checksum) VALUES (?, ?, ?, ?, ?)",
                                (gid, seq, side, json.dumps(action), checksum))
                self.db.execute("UPDATE games SET summary = ? WHERE id = ?", (json.dumps(summary), gid))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def truncate(self, gid: str, keep: int, summary: dict) -> None:
        """Drop the actions from number ``keep`` on (undo)."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (gid, keep))
                self.db.execute("UPDATE games SET summary = ? WHERE id = ?", (json.dumps(summary), gid))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def delete(self, gid: str) -> None:
        with self.lock:
            self.db.execute("DELETE FROM games WHERE id = ?", (gid,))

    def game(self, gid: str) -> dict | None:
        with self.lock:
            row = self.db.execute("SELECT id, game, seed, options, players, tokens, created, summary "
                                  "FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None:
                return None
            actions = self.db.execute("SELECT seq, side, action, checksum FROM actions WHERE game_id = ? "
                                      "ORDER BY seq", (gid,)).fetchall()
        return {"id": row[0], "game": row[1], "seed": row[2], "options": json.loads(row[3]),
                "players": json.loads(row[4]), "tokens": json.loads(row[5]), "created": row[6],
                "summary": json.loads(row[7]),
                "actions": [{"seq": a[0], "side": a[1], "action": json.loads(a[2]), "checksum": a[3]}
                            for a in actions]}

    def list_games(self) -> list[dict]:
        with self.lock:
            rows = self.db.execute("SELECT g.id, g.game, g.seed, g.players, g.created, g.summary, "
                                   "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                                   "FROM games g ORDER BY g.created DESC").fetchall()
        return [{"id": r[0], "game": r[1], "seed": r[2], "players": json.loads(r[3]), "created": r[4],
                 **json.loads(r[5]), "actions": r[6]} for r in rows]
