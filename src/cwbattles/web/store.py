"""SQLite storage: each game is its seed, options and players plus its list of actions.

One transaction per acknowledged change, WAL mode with ``synchronous=FULL``: an action the
server has acknowledged survives a killed process and a power cut, and replaying the list
rebuilds every game exactly.

The database is only ever touched from two threads of its own, one that writes and one that
reads (WAL lets a reader go on while a writer waits for a lock), never from the event loop:
``await store.write(...)`` and ``await store.read(...)`` run the methods below there. A failed
write raises ``StoreError`` and leaves the database as it was before it.

Writes waiting together are committed together (group commit): the writer takes every write
queued, runs each in a savepoint of one transaction, and commits once. A commit costs a disk
flush (7 ms here with ``synchronous=FULL``), so one flush for all the games that acted in that
moment, instead of one each, is what keeps a hundred games from queueing behind the disk. Each
write still succeeds or fails alone: one that fails is rolled back to its savepoint.
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import queue
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from .rows import COLUMNS, DamagedGame, read_action, read_row, read_tokens, safe_id

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
    "damaged": "TEXT NOT NULL DEFAULT ''",       # why the game does not replay, once a load found it (rows.py)
}
ADDED_ACTION_COLUMNS = {
    "intent": "TEXT NOT NULL DEFAULT ''",        # what the bot said it intended, as JSON (bots.intent)
}


def _settle(done: asyncio.Future, outcome) -> None:
    if done.cancelled():
        return
    if isinstance(outcome, BaseException):
        done.set_exception(outcome)
    else:
        done.set_result(outcome)


class StoreError(Exception):
    """A write that did not happen (database locked by someone else, disk full...): nothing of
    it is in the database."""


def _write(method):
    """A writing method: run inside the writer's batch (its savepoint), or, called directly
    (tests, tools), as a transaction of its own."""
    @functools.wraps(method)
    def run(self, *args):
        if getattr(self._batch, "active", False):
            return method(self, *args)
        with self.write_lock:
            return self._alone(method, args)
    return run


class GameLimit(Exception):
    """A game not stored: the cap on games in progress is reached."""




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
        have = {row[1] for row in self.db.execute("PRAGMA table_info(actions)")}
        for name, decl in ADDED_ACTION_COLUMNS.items():
            if name not in have:
                self.db.execute(f"ALTER TABLE actions ADD COLUMN {name} {decl}")
        self.reader = self._connect(path, timeout)
        self._batch = threading.local()
        self._jobs: queue.Queue = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name="cwbattles-store-write", daemon=True)
        self._writer.start()
        self._reads = ThreadPoolExecutor(1, thread_name_prefix="cwbattles-store-read")

    @staticmethod
    def _connect(path: str, timeout: float) -> sqlite3.Connection:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=timeout)
        db.execute("PRAGMA synchronous=FULL")       # each commit reaches the disk before it returns
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def close(self) -> None:
        self._jobs.put(None)
        self._writer.join()
        self._reads.shutdown(wait=True)
        with self.write_lock, self.read_lock:
            self.db.close()
            self.reader.close()

    # -- off the event loop -----------------------------------------------------------------------
    async def write(self, method, *args):
        """Run a writing method in the writer's thread, committed with the writes queued with it."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._jobs.put((method, args, loop, done))
        return await done

    async def read(self, method, *args):
        """Run a reading method in the reader's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._reads, method, *args)

    # -- writing ----------------------------------------------------------------------------------
    def _write_loop(self) -> None:
        """The writer's thread: take the writes queued, commit them together, tell each its fate."""
        while True:
            job = self._jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < 200:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self._jobs.put(None)          # stop after this batch
                    break
                batch.append(job)
            with self.write_lock:
                outcomes = self._commit_together([(method, args) for method, args, _, _ in batch])
            for (_, _, loop, done), outcome in zip(batch, outcomes):
                loop.call_soon_threadsafe(_settle, done, outcome)

    def _commit_together(self, writes: list) -> list:
        """Each write in its own savepoint of one transaction; the outcome of each: its value,
        or the exception that undid it (every one a StoreError if the transaction fails)."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            outcomes = [self._in_savepoint(i, method, args) for i, (method, args) in enumerate(writes)]
            db.execute("COMMIT")
            return outcomes
        except sqlite3.Error as e:
            self._undo()
            return [StoreError(f"the database refused the write: {e}")] * len(writes)

    def _in_savepoint(self, i: int, method, args):
        db = self.db
        db.execute(f"SAVEPOINT w{i}")
        self._batch.active = True
        try:
            outcome = method(*args)
        except Exception as e:                        # noqa: BLE001 (this write alone fails)
            if not db.in_transaction:                 # SQLite gave up the whole transaction (a full disk)
                raise sqlite3.OperationalError(str(e)) from None
            db.execute(f"ROLLBACK TO w{i}")
            outcome = e if not isinstance(e, sqlite3.Error) else StoreError(f"the database refused the write: {e}")
        finally:
            self._batch.active = False
        db.execute(f"RELEASE w{i}")
        return outcome

    def _alone(self, method, args):
        """One write as a transaction of its own (called directly, not by the writer's thread)."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            self._batch.active = True
            try:
                value = method(self, *args)
            finally:
                self._batch.active = False
            db.execute("COMMIT")
            return value
        except sqlite3.Error as e:
            self._undo()
            raise StoreError(f"the database refused the write: {e}") from None
        except BaseException:
            self._undo()
            raise

    def _undo(self) -> None:
        # SQLite has already rolled back after some errors (a full disk): rolling back again
        # would raise "no transaction is active" and hide the real error.
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    @_write
    def create_game(self, gid: str, game: str, seed: int, salt: str, options: dict, players: dict,
                    tokens: dict, invites: dict, summary: dict, max_open: int | None = None) -> None:
        """A new game; GameLimit if ``max_open`` games not yet over are stored already (counted
        in the same transaction as the insert: creates racing each other cannot pass the cap)."""
        if max_open is not None:
            open_now = self.db.execute("SELECT COUNT(*) FROM games WHERE over = 0").fetchone()[0]
            if open_now >= max_open:
                raise GameLimit(f"the server holds {max_open} games in progress, its limit")
        self.db.execute(
            "INSERT INTO games (id, game, seed, salt, options, players, tokens, invites, created, summary, over) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, game, seed, salt, json.dumps(options), json.dumps(players), json.dumps(tokens),
             json.dumps(invites), time.time(), json.dumps(summary), int(bool(summary.get("over")))))

    @_write
    def append(self, gid: str, entries: list, summary: dict) -> None:
        """Actions [(seq, side, action, checksum[, intent])] and the game's new summary, all or
        nothing: a bot's intent is as durable as the action it came with."""
        self.db.executemany(
            "INSERT INTO actions (game_id, seq, side, action, checksum, intent) VALUES (?, ?, ?, ?, ?, ?)",
            [(gid, seq, side, json.dumps(action), checksum, json.dumps(rest[0]) if rest and rest[0] else "")
             for seq, side, action, checksum, *rest in entries])
        self._summary(gid, summary)

    @_write
    def truncate(self, gid: str, keep: int, summary: dict) -> None:
        """Drop the actions from number ``keep`` on (undo)."""
        self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (gid, keep))
        self._summary(gid, summary)

    def _summary(self, gid: str, summary: dict) -> None:
        self.db.execute("UPDATE games SET summary = ?, over = ? WHERE id = ?",
                        (json.dumps(summary), int(bool(summary.get("over"))), gid))

    @_write
    def set_access(self, gid: str, tokens: dict, invites: dict) -> None:
        """The game's tokens and invites (an invite claimed)."""
        self.db.execute("UPDATE games SET tokens = ?, invites = ? WHERE id = ?",
                        (json.dumps(tokens), json.dumps(invites), gid))

    @_write
    def mark_damaged(self, gid: str, why: str) -> None:
        """Note that a game does not replay (the lobby lists it as damaged from then on)."""
        self.db.execute("UPDATE games SET damaged = ? WHERE id = ?", (why[:500] or "damaged", gid))

    @_write
    def delete(self, gid: str) -> None:
        self.db.execute("DELETE FROM games WHERE id = ?", (gid,))

    # -- reading ----------------------------------------------------------------------------------
    def _query(self, sql: str, params=()) -> list:
        with self.read_lock:
            return self.reader.execute(sql, params).fetchall()

    def game(self, gid: str) -> dict | None:
        """Everything stored about a game (None if there is no such game); DamagedGame if a
        column cannot be read (rows.read_row)."""
        rows = self._query(f"SELECT {', '.join(COLUMNS)} FROM games WHERE id = ?", (gid,))
        if not rows:
            return None
        record = read_row(rows[0])
        actions = self._query("SELECT seq, side, action, checksum, intent FROM actions WHERE game_id = ? "
                               "ORDER BY seq", (gid,))
        record["actions"] = [read_action(a, gid) for a in actions]
        return record

    def access(self, gid: str) -> dict | None:
        """The tokens of a game, read alone so that a game damaged elsewhere can still be deleted
        by its creator; None if there is no such game, DamagedGame if its tokens cannot be read."""
        rows = self._query("SELECT tokens FROM games WHERE id = ?", (gid,))
        if not rows:
            return None
        try:
            return read_tokens(rows[0][0])
        except ValueError as e:
            raise DamagedGame(f"game {safe_id(gid)} is damaged ({e})") from None

    def has(self, gid: str) -> bool:
        """Whether a row of that id is stored (damaged or not)."""
        return bool(self._query("SELECT 1 FROM games WHERE id = ?", (gid,)))

    def open_games(self) -> int:
        """How many stored games are not over."""
        return self._query("SELECT COUNT(*) FROM games WHERE over = 0")[0][0]

    def list_games(self, offset: int, limit: int) -> tuple[list[dict], int]:
        """One page of the lobby, newest first, and the number of games. A row that does not
        read (rows.read_row, or an action that is not JSON) is listed with ``damaged`` saying
        why, not left out and not fatal to the page."""
        total = self._query("SELECT COUNT(*) FROM games")[0][0]
        rows = self._query(f"SELECT {', '.join('g.' + c for c in COLUMNS)}, "
                           "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id), "
                           "(SELECT MIN(a.seq) FROM actions a WHERE a.game_id = g.id AND NOT json_valid(a.action)) "
                           "FROM games g ORDER BY g.created DESC, g.id LIMIT ? OFFSET ?", (limit, offset))
        out = []
        for *row, n, bad_action in rows:
            try:
                record = read_row(row)
                if bad_action is not None:
                    raise DamagedGame(f"game {record['id']} is damaged (actions[{bad_action}].action: not valid JSON)")
                entry = {"id": record["id"], "game": record["game"], "seed": record["seed"], "salt": record["salt"],
                         "created": record["created"], "actions": n, "players": record["players"]}
                entry.update({k: v for k, v in record["summary"].items() if k not in entry})
            except DamagedGame as e:
                entry = {"id": safe_id(row[0]), "actions": n, "damaged": str(e)}
                if isinstance(row[8], (int, float)) and math.isfinite(row[8]):
                    entry["created"] = row[8]
                if isinstance(row[1], str) and row[1].isprintable():
                    entry["game"] = row[1][:40]
            out.append(entry)
        return out, total
