"""Game records from a file (the JSON that ``cwbattles replay --verify`` checks, which a finished
game's page downloads and ``cwbattles play --record`` writes): opened in the replay viewer, or
continued as a new game.

An opened record is verified like ``replay --verify`` (every checksum, the result), then held
in memory as a read-only game with only a spectator link: the game page and its replay viewer
show it like any other game. The last ``KEEP`` opened records are kept. A record continued as a
game (a terminal game saved with ``--record``, say) becomes a stored game whose players are this
screen or bots: its seed is in the file, so no remote player may join it.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import secrets
import time
import uuid
from concurrent.futures import ProcessPoolExecutor

from cwbattles.bots.intent import clean
from cwbattles.engine.errors import CwbattlesError
from cwbattles import replay
from cwbattles.engine.records import commitment_of, position_checksum
from cwbattles.engine.resign import apply_doc, resigning_side

from .bot_runner import end_processes

KEEP = 16
MAX_ACTIONS = 50000


def stored_form(doc: dict, source: str = "record") -> dict:
    """Verify a record (as ``replay --verify``) and give it the form of a stored game: each
    action with the side that played it and its checksum. Raises CwbattlesError."""
    if not isinstance(doc, dict):
        raise CwbattlesError(f"{source}: a record is a JSON object")
    if "seed" not in doc and isinstance(doc.get("fairness"), dict):
        raise CwbattlesError(f"{source}: the record of a game in progress has no seed yet: it can be "
                             "replayed once the game is over")
    for key, kind in (("game", str), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise CwbattlesError(f"{source}: '{key}' is missing or not a {kind.__name__}")
    if len(doc["actions"]) > MAX_ACTIONS:
        raise CwbattlesError(f"{source}: more than {MAX_ACTIONS} actions")
    final = replay(doc, source=source, verify=True)
    if "result" in doc and doc["result"] != final.result:
        raise CwbattlesError(f"{source}: the recorded result differs from the replayed one")
    game = final.game
    state = game.new_game(seed=doc["seed"])
    actions = []
    for i, entry in enumerate(doc["actions"]):
        side = resigning_side(entry["action"]) or state.to_act
        apply_doc(state, entry["action"], f"{source}: actions[{i}].action")
        actions.append({"seq": i, "side": side, "action": entry["action"], "checksum": position_checksum(state),
                        "intent": clean(entry.get("intent"))})     # an annotation: never verified
    return {"game": game.name, "seed": doc["seed"], "options": dict(game.options), "actions": actions,
            "commitment": commitment_of(doc)}


class RecordChecker:
    """Records are verified in a worker process of their own, never on the event loop, each
    within ``seconds``: a record that takes longer is refused and its worker ended."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._pool: ProcessPoolExecutor | None = None

    async def stored_form(self, doc: dict) -> dict:
        if self._pool is None:
            methods = mp.get_all_start_methods()
            context = mp.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = ProcessPoolExecutor(1, mp_context=context)
        pool = self._pool
        future = asyncio.get_running_loop().run_in_executor(pool, stored_form, doc)
        try:
            return await asyncio.wait_for(future, self.seconds)
        except asyncio.TimeoutError:
            self._end(pool)
            raise CwbattlesError(f"verifying this record took over {self.seconds:g} s, this server's "
                                 "limit") from None

    def _end(self, pool) -> None:
        """End a worker busy with a record too long to check (the pool has no other way)."""
        if self._pool is pool:
            self._pool = None
        end_processes(pool)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def is_record(session) -> bool:
    """Whether a session is a record opened for replay (read-only)."""
    return session.players.get("union") == "record"


async def continue_game(manager, form: dict, union: str, confederate: str):
    """A new stored game that starts with every action of a verified record (``stored_form``);
    its players are "me" or bots. Returns (session, tokens)."""
    if "remote" in (union, confederate):
        raise CwbattlesError("a record's seed is known to whoever holds the file: continue it against a bot "
                             "or on this screen, not with a remote player")
    session, tokens, _ = await manager.create(form["game"], form["seed"], union, confederate, form["options"])
    if form["actions"]:
        await session.commit([(e["action"], e["side"], e.get("intent")) for e in form["actions"]])
    return session, tokens


class RecordShelf:
    """The records opened in this server, as read-only sessions in the manager."""

    def __init__(self, manager):
        self.manager = manager
        self.opened: list[str] = []

    async def open(self, form: dict) -> dict:
        """A verified record (``stored_form``) held as a read-only game."""
        rid = uuid.uuid4().hex[:12]
        spectator = secrets.token_urlsafe(18)
        record = {"id": rid, "players": {"union": "record", "confederate": "record"},
                  "tokens": {"spectator": spectator}, "invites": {}, "created": time.time(), **form}
        session = await asyncio.get_running_loop().run_in_executor(
            self.manager._loader, type(self.manager).session_class, self.manager, record)
        session.last_used = float("inf")          # not a stored game: never evicted (the shelf keeps KEEP)
        self.manager.sessions[rid] = session
        self.opened.append(rid)
        while len(self.opened) > KEEP:
            self.manager.sessions.pop(self.opened.pop(0), None)
        return {"id": rid, "token": spectator, "link": f"/game/{rid}?token={spectator}",
                "actions": len(form["actions"]), "commitment": form["commitment"]}
