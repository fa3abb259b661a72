"""The endpoints around a game that are not moves: its chat, and game records opened from a file
(in the replay viewer, or continued as a new game). The record of a game is ``GET .../record``
(app.py, views.client_record). See docs/web-api.md."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from .chat import Chat, ChatError
from .errors import WebError
from .records import RecordChecker, RecordShelf, continue_game, is_record
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
    checker = RecordChecker(limits.record_seconds)
    records_rate = RateLimit(limits.records_per_minute, 60.0)               # an address's records ...
    record_bytes = RateLimit(limits.record_bytes_per_minute, 60.0)          # ... and their bytes
    app.state.record_checker = checker

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
    async def open_record(body: RecordBody, request: Request):
        base = app.state.public_url
        caller = request.client.host if request.client else "?"
        size = int(request.headers.get("content-length") or 0)
        if not records_rate.allow(caller) or not record_bytes.allow(caller, size):
            raise WebError(429, f"at most {limits.records_per_minute} records and "
                                f"{limits.record_bytes_per_minute // (1024 * 1024)} MB a minute from one address: "
                                "try again in a minute")
        try:
            if body.play is not None and set(body.play) != set(SIDES):
                raise WebError(400, "play names the player of each side: union and confederate")
            form = await checker.stored_form(body.record)
            if body.play is not None:
                session, tokens = await continue_game(manager, form, body.play["union"], body.play["confederate"])
                await session_for(session.id)                  # its bots start if they are to act
                return {"id": session.id, "tokens": tokens, "actions": len(session.actions),
                        "commitment": form["commitment"],
                        "links": {k: f"{base}/game/{session.id}?token={v}" for k, v in tokens.items()
                                  if k != "creator"}}
            opened = await shelf.open(form)
            return dict(opened, link=f"{base}{opened['link']}")
        except WebError:
            raise
        except StoreError as e:
            raise unavailable(e) from None
        except Exception as e:          # a record file from anywhere: any fault is the file's
            raise WebError(400, f"this record cannot be opened: {str(e)[:300]}") from None

    return chat
