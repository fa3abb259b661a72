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

import secrets
import time
import uuid

from cwbattles.engine.errors import CwbattlesError
from cwbattles import replay
from cwbattles.engine.records import position_checksum

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
        side = state.to_act
        state.apply(game.action_from_json(entry["action"], f"{source}: actions[{i}].action"))
        actions.append({"seq": i, "side": side, "action": entry["action"], "checksum": position_checksum(state)})
    return {"game": game.name, "seed": doc["seed"], "options": dict(game.options), "actions": actions}


def is_record(session) -> bool:
    """Whether a session is a record opened for replay (read-only)."""
    return session.players.get("union") == "record"


async def continue_game(manager, doc: dict, union: str, confederate: str):
    """A new stored game that starts with every action of the record (verified first); its
    players are "me" or bots. Returns (session, tokens)."""
    form = stored_form(doc)
    if "remote" in (union, confederate):
        raise CwbattlesError("a record's seed is known to whoever holds the file: continue it against a bot "
                             "or on this screen, not with a remote player")
    session, tokens, _ = await manager.create(form["game"], form["seed"], union, confederate, form["options"])
    game = session.game
    if form["actions"]:
        await session.commit([(game.action_from_json(e["action"]), e["side"]) for e in form["actions"]])
    return session, tokens


class RecordShelf:
    """The records opened in this server, as read-only sessions in the manager."""

    def __init__(self, manager):
        self.manager = manager
        self.opened: list[str] = []

    def open(self, doc: dict) -> dict:
        form = stored_form(doc)
        rid = uuid.uuid4().hex[:12]
        spectator = secrets.token_urlsafe(18)
        record = {"id": rid, "players": {"union": "record", "confederate": "record"},
                  "tokens": {"spectator": spectator}, "invites": {}, "created": time.time(), **form}
        session = type(self.manager).session_class(self.manager, record)
        session.last_used = float("inf")          # not a stored game: never evicted (the shelf keeps KEEP)
        self.manager.sessions[rid] = session
        self.opened.append(rid)
        while len(self.opened) > KEEP:
            self.manager.sessions.pop(self.opened.pop(0), None)
        return {"id": rid, "token": spectator, "link": f"/game/{rid}?token={spectator}",
                "actions": len(form["actions"])}
