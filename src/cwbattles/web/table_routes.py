"""The endpoints around a game that are not moves: its chat, its record (download, and a record
file opened in the replay viewer). See docs/web-api.md."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict

from .chat import Chat, ChatError
from .records import RecordShelf, continue_game, record_of
from .sessions import SIDES, WebError


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = None
    text: str


class RecordBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any]
    play: dict[str, str] | None = None     # {"union": "me", "confederate": "bot:heuristic"}: continue it


def author_of(session, token) -> str:
    """The side a player's token plays ("union", "confederate", or "both" on a hot seat)."""
    sides = session.require_player(token)
    return sides[0] if len(sides) == 1 else "both"


async def tell(session, message: dict) -> None:
    """Send a message to every open page of the game (a page that fails is dropped)."""
    text = orjson.dumps(message).decode()
    for ws in list(session.subscribers):
        try:
            await ws.send_text(text)
        except Exception:
            session.subscribers.pop(ws, None)


def add_table_routes(app: FastAPI, manager, db_path: str, session_for) -> Chat:
    chat = Chat(db_path)
    shelf = RecordShelf(manager, type(manager).session_class)

    @app.get("/api/games/{gid}/chat")
    async def read_chat(gid: str, token: str | None = None, after: int = -1):
        s = session_for(gid)
        s.sides_for(token)
        if not token:
            raise WebError(403, "reading the chat needs a player's or the spectator's link")
        if s.id.startswith("rec"):
            return []
        return chat.messages(s.id, after)

    @app.post("/api/games/{gid}/chat")
    async def write_chat(gid: str, body: ChatBody):
        s = session_for(gid)
        author = author_of(s, body.token)
        if s.id.startswith("rec"):
            raise WebError(409, "a record opened for replay has no chat")
        try:
            message = chat.post(s.id, author, body.text)
        except ChatError as e:
            raise WebError(400, str(e)) from None
        await tell(s, {"type": "chat", "message": message})
        return message

    @app.get("/api/games/{gid}/record")
    async def download_record(gid: str, token: str | None = None):
        s = session_for(gid)
        s.sides_for(token)
        if not token:
            raise WebError(403, "a player's or the spectator's link is needed")
        if not s.state.is_over and any(p not in ("record",) for p in s.players.values()) and not s.id.startswith("rec"):
            raise WebError(409, "the record, which holds the dice's seed, is given once the game is over")
        return record_of(s)

    @app.post("/api/records")
    async def open_record(body: RecordBody):
        try:
            if body.play is not None:
                if set(body.play) != set(SIDES):
                    raise WebError(400, "play names the player of each side: union and confederate")
                session, tokens = continue_game(manager, body.record, body.play["union"], body.play["confederate"])
                session_for(session.id)                      # its bots start if they are to act
                return {"id": session.id, "tokens": tokens, "seed": session.seed, "actions": len(session.actions),
                        "links": {k: f"{app.state.public_url}/game/{session.id}?token={v}" for k, v in tokens.items()}}
            return shelf.open(body.record)
        except WebError:
            raise
        except Exception as e:          # a record file from anywhere: any fault is the file's
            raise WebError(400, f"this record cannot be opened: {e}") from None

    return chat


