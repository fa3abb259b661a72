"""A chat per game, stored with it: players write, players and spectators read.

Messages are plain text (the pages escape them), at most ``MAX_LENGTH`` characters with control
characters removed, at most ``MAX_MESSAGES`` a game; the author is the side the writer's token
plays, never a name the writer chooses. They live in the game's database (table ``chat``) and
go when the game is deleted.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor

from .store import StoreError

MAX_LENGTH = 500
MAX_MESSAGES = 2000

SCHEMA = """
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


class ChatError(ValueError):
    """A message refused (the reason is for the writer)."""


def clean(text) -> str:
    """The message as stored: a string, no control characters but line breaks, trimmed,
    neither empty nor longer than MAX_LENGTH."""
    if not isinstance(text, str):
        raise ChatError("a message is text")
    text = "".join(c for c in text if c == "\n" or unicodedata.category(c)[0] != "C").strip()
    if not text:
        raise ChatError("the message is empty")
    if len(text) > MAX_LENGTH:
        raise ChatError(f"a message has at most {MAX_LENGTH} characters (this one has {len(text)})")
    return text


class Chat:
    """The chat table of a database file (a connection of its own, thread-safe)."""

    def __init__(self, path: str, timeout: float = 5.0):
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=timeout)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="cwbattles-chat")

    async def run(self, method, *args):
        """Run a method in the chat's own thread (the event loop never waits on the database)."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, method, *args)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        with self.lock:
            self.db.close()

    def post(self, gid: str, author: str, text) -> dict:
        """Store a message; StoreError (and nothing stored) if the database refuses it (locked,
        full), like every other write."""
        text = clean(text)
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                n = self.db.execute("SELECT COUNT(*) FROM chat WHERE game_id = ?", (gid,)).fetchone()[0]
                if n >= MAX_MESSAGES:
                    raise ChatError(f"this game's chat is full ({MAX_MESSAGES} messages)")
                now = time.time()
                self.db.execute("INSERT INTO chat (game_id, n, author, text, time) VALUES (?, ?, ?, ?, ?)",
                                (gid, n, author, text, now))
                self.db.execute("COMMIT")
            except BaseException as e:
                if self.db.in_transaction:
                    try:
                        self.db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                if isinstance(e, sqlite3.Error):
                    raise StoreError(f"the database refused the write: {e}") from None
                raise
        return {"n": n, "author": author, "text": text, "time": now}

    def messages(self, gid: str, after: int = -1, limit: int = 200) -> list[dict]:
        with self.lock:
            rows = self.db.execute("SELECT n, author, text, time FROM chat WHERE game_id = ? AND n > ? "
                                   "ORDER BY n LIMIT ?", (gid, after, limit)).fetchall()
        return [{"n": r[0], "author": r[1], "text": r[2], "time": r[3]} for r in rows]
