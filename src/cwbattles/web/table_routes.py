"""The endpoints around a game that are not moves: its chat, and game records opened from a file
(in the replay viewer, or continued as a new game). The record of a game is ``GET .../record``
(app.py, views.client_record). See docs/web-api.md."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Query
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from .chat import Chat, ChatError
from .errors import WebError
from .records import RecordShelf, continue_game, is_record
from .limits import RateLimit
from .sessions import SIDES, unavailable
from .store import StoreError

Token = Annotated[StrictStr, Field(max_length=64)] | None


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Token = None
    text: Annotated[StrictStr, Field(max_length=2000)]


class RecordBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any]
    play: dict[str, Annotated[StrictStr, Field(max_length=64)]] | None = None   # continue it: each side's player


def author_of(session, token) -> str:
    """The side a player's token plays ("union", "confederate", or "both" on a hot seat)."""
    sides = session.require_player(token)
    return sides[0] if len(sides) == 1 else "both"


def tell(session, message: dict) -> None:
    """Queue a message for every open page of the game (never waits; live.Subscriber)."""
    text = orjson.dumps(message).decode()
    for sub in list(session.subscribers):
        sub.offer(text)


def add_table_routes(app: FastAPI, manager, db_path: str, session_for) -> Chat:
    limits = app.state.limits
    chat = Chat(db_path, timeout=limits.store_timeout)
    chat_rate = RateLimit(limits.chat_messages, limits.chat_seconds)     # a player's messages
    shelf = RecordShelf(manager)

    @app.get("/api/games/{gid}/chat")
    async def read_chat(gid: str, token: Annotated[str | None, Query(max_length=64)] = None,
                        after: Annotated[int, Query(ge=-1, le=10 ** 9)] = -1):
        s = await session_for(gid)
        s.sides_for(token)
        if is_record(s):
            return []
        return await chat.run(chat.messages, s.id, after)

    @app.post("/api/games/{gid}/chat")
    async def write_chat(gid: str, body: ChatBody):
        s = await session_for(gid)
        author = author_of(s, body.token)
        if is_record(s):
            raise WebError(409, "a record opened for replay has no chat")
        if not chat_rate.allow((s.id, body.token)):
            raise WebError(429, f"at most {limits.chat_messages} messages in {limits.chat_seconds:g} s "
                                "from one player: wait a moment")
        try:
            message = await chat.run(chat.post, s.id, author, body.text)
        except ChatError as e:
            raise WebError(400, str(e)) from None
        except StoreError as e:
            raise unavailable(e) from None
        tell(s, {"type": "chat", "message": message})
        return message

    @app.post("/api/records")
    async def open_record(body: RecordBody):
        base = app.state.public_url
        try:
            if body.play is not None:
                if set(body.play) != set(SIDES):
                    raise WebError(400, "play names the player of each side: union and confederate")
                session, tokens = await continue_game(manager, body.record, body.play["union"],
                                                      body.play["confederate"])
                await session_for(session.id)                  # its bots start if they are to act
                return {"id": session.id, "tokens": tokens, "actions": len(session.actions),
                        "links": {k: f"{base}/game/{session.id}?token={v}" for k, v in tokens.items()
                                  if k != "creator"}}
            opened = shelf.open(body.record)
            return dict(opened, link=f"{base}{opened['link']}")
        except WebError:
            raise
        except Exception as e:          # a record file from anywhere: any fault is the file's
            raise WebError(400, f"this record cannot be opened: {str(e)[:300]}") from None

    return chat
