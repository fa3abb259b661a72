"""The FastAPI application: JSON endpoints, the WebSocket, and the static pages."""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

import cwbattles
from cwbattles.bots import names as bot_names

from . import live, seats
from .aid_routes import add_aid_routes
from .catalog import bot_levels, scenario_options
from .errors import WebError
from .limits import BodyLimit, Limits, check_action_doc, check_token
from .sessions import Manager, load_game
from .store import Store
from .table_routes import add_table_routes
from .views import client_record, lobby_entry

STATIC = Path(__file__).parent / "static"
EVICT_EVERY = 30.0          # seconds between looks for idle games to let go of


class FastJSON(Response):
    """Large views serialised with orjson: several times faster than the standard encoder."""

    media_type = "application/json"

    def render(self, content) -> bytes:
        return orjson.dumps(content)


class PlainJSON(Response):
    """Errors: ASCII-only JSON, so that no character a client sent can break the answer."""

    media_type = "application/json"

    def render(self, content) -> bytes:
        return json.dumps(content, ensure_ascii=True).encode()


def map_key_facts(game) -> dict:
    """What a hex map's key and turn track show, for games that have them: the turns and their
    labels, and the terrain effects chart (Blue & Gray 10.1) as the game's tables give it."""
    facts = {}
    if hasattr(game, "turn_labels"):
        facts["track"] = {"turns": game.turns, "labels": list(game.turn_labels),
                          "night": sorted(getattr(game, "night_turns", ()))}
    tables = getattr(game, "tables", None)
    if callable(getattr(game, "terrain_chart", None)):          # a game that writes its own chart
        facts["terrain_chart"] = game.terrain_chart()
    elif isinstance(getattr(tables, "terrain", None), dict):
        facts["terrain_chart"] = {
            "terrain": {name: {"mp": t["mp"], "defender": float(t["defender"]), "blocks_los": t["blocks_los"]}
                        for name, t in tables.terrain.items()},
            "hexsides": {name: {"mp": h["mp"], "mp_into": h["mp_into"], "add": h["add"],
                                "attacker": float(h["attacker"]), "blocks_zoc": h["blocks_zoc"],
                                "attack_across": h["attack_across"]} for name, h in tables.hexsides.items()}}
    return facts


# -- request bodies: strict types (true is not 1, "yes" is not true), bounded lengths ------------------
Token = Annotated[StrictStr, Field(max_length=64)] | None
Short = Annotated[StrictStr, Field(max_length=64)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


SeedText = Annotated[StrictStr, Field(pattern=r"^[0-9]{1,19}$")]


class CreateGame(Strict):
    game: Short = "cedar-creek"
    seed: StrictInt | SeedText | None = None      # a string from a page: JavaScript rounds 64-bit numbers
    union: Short = "me"
    confederate: Short = "bot:heuristic"
    options: dict[Short, Any] = {}


class TokenBody(Strict):
    token: Token = None


class ResignBody(Strict):
    token: Token = None
    side: Short


class ClaimBody(Strict):
    invite: Short


class ActionBody(Strict):
    token: Token = None
    seq: StrictInt
    action: dict[str, Any]
    log_from: StrictInt | None = None     # the answer's log starts here (default: the events this action made)


class PreviewBody(Strict):
    token: Token = None
    action: dict[str, Any]


class RouteBody(Strict):
    token: Token = None
    seq: StrictInt
    unit: Short
    zone: Short
    log_from: StrictInt | None = None


class UndoAnswer(Strict):
    token: Token = None
    accept: StrictBool


QueryToken = Annotated[str | None, Query(max_length=64)]


def public_base(url: str | None) -> str:
    """The address other machines reach this server at (--public-url), without a final slash;
    "" when links stay relative to the page that shows them."""
    if not url:
        return ""
    url = url.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or "://" == url[-3:] or any(c in url for c in " \"<>"):
        raise ValueError(f"--public-url must be an http:// or https:// address, got {url!r}")
    return url


def create_app(db_path: str = "cwbattles.sqlite3", limits: Limits | None = None,
               public_url: str | None = None) -> FastAPI:
    limits = limits or Limits()
    base = public_base(public_url)
    store = Store(db_path, timeout=limits.store_timeout)
    manager = Manager(store, limits)

    async def evict_now_and_then():
        while True:
            await asyncio.sleep(EVICT_EVERY)
            manager.evict()
            manager.bot_pool.release_if_idle()

    @asynccontextmanager
    async def lifespan(app):
        evictor = asyncio.get_running_loop().create_task(evict_now_and_then())
        yield
        evictor.cancel()
        manager.close()
        chat.close()
        app.state.record_checker.close()
        store.close()

    app = FastAPI(title="cwbattles", description="Civil War board wargames with every rule enforced",
                  lifespan=lifespan)
    app.state.manager = manager
    app.state.limits = limits
    app.state.public_url = base
    app.add_middleware(BodyLimit, max_body=limits.max_body, max_record_body=limits.max_record_body)

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError):
        return PlainJSON({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors())
        return PlainJSON({"detail": f"malformed request: {problems}"[:1000]}, status_code=400)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        # A bug, never an expected refusal (the fuzz tests look for these): a plain message, no traceback.
        return PlainJSON({"detail": f"internal error ({type(exc).__name__})"}, status_code=500)

    async def session_for(gid: str):
        session = await manager.get(gid)
        manager.kick_bots(session)
        return session

    def changed(session) -> None:
        session.broadcast()
        manager.kick_bots(session)

    add_aid_routes(app, session_for, changed, FastJSON, limits)
    chat = add_table_routes(app, manager, db_path, session_for)

    # -- pages ------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{gid}", include_in_schema=False)
    async def game_page(gid: str):
        return FileResponse(STATIC / "game.html")

    # -- the lobby --------------------------------------------------------------------------------
    @app.get("/api/scenarios")
    async def scenarios():
        return [{"name": n, "title": load_game(n, None).title, "map": load_game(n, None).geometry()["kind"],
                 "options": scenario_options(load_game(n, None))} for n in cwbattles.games()]

    @app.get("/api/bots")
    async def bots():
        return bot_names()

    @app.get("/api/bot-levels")
    async def levels():
        return bot_levels(bot_names(), limits.bot_seconds)

    @app.post("/api/games")
    async def create(body: CreateGame):
        seed = None if body.seed is None else int(body.seed)
        session, tokens, invites = await manager.create(body.game, seed, body.union, body.confederate,
                                                        body.options)
        manager.kick_bots(session)
        answer = {"id": session.id, "tokens": tokens,
                  "links": {k: f"{base}/game/{session.id}?token={v}" for k, v in tokens.items() if k != "creator"},
                  "invites": {side: f"{base}/game/{session.id}?invite={code}" for side, code in invites.items()},
                  "fairness": session.common_view()["fairness"]}
        if seed is not None:          # the creator's own choice (never a secret server seed), as text
            answer["seed"] = str(seed)
        return answer

    @app.get("/api/games")
    async def list_games(offset: Annotated[int, Query(ge=0, le=10 ** 9)] = 0,
                         limit: Annotated[int | None, Query(ge=1)] = None):
        limit = min(limit or limits.lobby_page, limits.lobby_page_max)
        rows, total = await store.read(store.list_games, offset, limit)
        return {"games": [lobby_entry(r) for r in rows], "total": total, "offset": offset, "limit": limit,
                "next": offset + limit if offset + limit < total else None}

    @app.delete("/api/games/{gid}")
    async def delete(gid: str, body: TokenBody):
        await manager.delete(gid, body.token)
        return {"deleted": gid}

    # -- a game -----------------------------------------------------------------------------------
    @app.get("/api/games/{gid}/meta")
    async def meta(gid: str):
        s = await session_for(gid)
        rules = s.game.rule_summaries() if hasattr(s.game, "rule_summaries") else {}
        return FastJSON({"id": s.id, "game": s.name, "title": s.game.title, "geometry": s.game.geometry(),
                         "counters": s.game.counters(), "players": s.players, "seats": s.seats(),
                         "rules": rules, **map_key_facts(s.game)})

    @app.post("/api/games/{gid}/claim")
    async def claim(gid: str, body: ClaimBody):
        s = await session_for(gid)
        async with s.lock:
            side, token = await s.claim(body.invite)
        changed(s)
        return {"side": side, "token": token, "link": f"{base}/game/{s.id}?token={token}"}

    @app.post("/api/games/{gid}/watch")
    async def watch(gid: str, body: ClaimBody):
        s = await session_for(gid)
        token = seats.watch(s, body.invite)
        return {"token": token, "link": f"{base}/game/{s.id}?token={token}"}

    @app.post("/api/games/{gid}/invites/{side}")
    async def reissue(gid: str, side: Short, body: TokenBody):
        s = await session_for(gid)
        async with s.lock:
            code = await seats.reissue(s, body.token, side)
        changed(s)
        return {"side": side, "invite": f"{base}/game/{s.id}?invite={code}"}

    @app.get("/api/games/{gid}/view")
    async def view(gid: str, token: QueryToken = None, log_from: Annotated[int, Query(ge=0)] = 0):
        return FastJSON((await session_for(gid)).view(token, log_from))

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, body: ActionBody):
        s = await session_for(gid)
        check_action_doc(body.action, limits)
        async with s.lock:
            known = len(s.log_events) if body.log_from is None else body.log_from
            await s.act(body.token, body.seq, body.action)
        changed(s)
        return FastJSON(s.view(body.token, max(0, known)))

    @app.post("/api/games/{gid}/route")
    async def route(gid: str, body: RouteBody):
        s = await session_for(gid)
        async with s.lock:
            known = len(s.log_events) if body.log_from is None else body.log_from
            await s.route(body.token, body.seq, body.unit, body.zone)
        changed(s)
        return FastJSON(s.view(body.token, max(0, known)))

    @app.post("/api/games/{gid}/preview")
    async def preview(gid: str, body: PreviewBody):
        s = await session_for(gid)
        s.sides_for(body.token)
        check_action_doc(body.action, limits)
        try:
            action = s.game.action_from_json(body.action, "action")
            return FastJSON(s.state.preview(action))
        except (ValueError, cwbattles.CwbattlesError) as e:
            raise WebError(400, str(e)) from None

    @app.get("/api/games/{gid}/reach")
    async def reach(gid: str, unit: Annotated[str, Query(max_length=64)], token: QueryToken = None):
        s = await session_for(gid)
        s.sides_for(token)
        return {"unit": unit, "zones": s.reach(unit)}

    @app.post("/api/games/{gid}/resign")
    async def resign(gid: str, body: ResignBody):
        s = await session_for(gid)
        async with s.lock:
            await s.resign(body.token, body.side)
        changed(s)
        return FastJSON(s.view(body.token))

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, body: TokenBody):
        s = await session_for(gid)
        async with s.lock:
            await s.undo(body.token)
        changed(s)
        return FastJSON(s.view(body.token))

    @app.post("/api/games/{gid}/undo/answer")
    async def undo_answer(gid: str, body: UndoAnswer):
        s = await session_for(gid)
        async with s.lock:
            await s.answer_undo(body.token, body.accept)
        changed(s)
        return FastJSON(s.view(body.token))

    @app.get("/api/games/{gid}/history/{n}")
    async def history(gid: str, n: int, token: QueryToken = None):
        s = await session_for(gid)
        s.sides_for(token)
        return FastJSON(s.history(n))

    @app.get("/api/games/{gid}/record")
    async def record(gid: str, token: QueryToken = None):
        s = await session_for(gid)
        s.sides_for(token)
        return FastJSON(client_record(s))

    @app.websocket("/ws/games/{gid}")
    async def live_updates(ws: WebSocket, gid: str):
        token = ws.query_params.get("token")
        try:
            if manager.sockets >= limits.max_sockets:
                raise WebError(429, f"the server has {limits.max_sockets} live connections open, its limit; "
                                    "try again later")
            check_token(token)
            s = await session_for(gid)
            s.sides_for(token)
        except WebError as e:
            await ws.accept()
            await ws.send_text(json.dumps({"type": "error", "status": e.status, "detail": e.detail}))
            await ws.close(code=4000 + e.status)
            return
        await ws.accept()
        manager.sockets += 1
        sub = live.Subscriber(ws, token, 0, limits.socket_queue)
        s.subscribe(sub)
        try:
            await live.serve(sub)
        finally:
            s.subscribers.discard(sub)
            manager.sockets -= 1

    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
