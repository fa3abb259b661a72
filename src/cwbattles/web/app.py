"""The FastAPI application: JSON endpoints, the WebSocket, and the static pages."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
import orjson
from fastapi.responses import FileResponse, JSONResponse
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict

import cwbattles
from cwbattles.bots import names as bot_names

from .aid_routes import add_aid_routes
from .catalog import bot_levels, scenario_options
from .table_routes import add_table_routes
from .sessions import Manager, WebError, load_game
from .store import Store

STATIC = Path(__file__).parent / "static"


class FastJSON(Response):
    """Large views serialised with orjson: several times faster than the standard encoder."""

    media_type = "application/json"

    def render(self, content) -> bytes:
        return orjson.dumps(content)


def map_key_facts(game) -> dict:
    """What a hex map's key and turn track show, for games that have them: the turns and their
    labels, and the terrain effects chart (Blue & Gray 10.1) as the game's tables give it."""
    facts = {}
    if hasattr(game, "turn_labels"):
        facts["track"] = {"turns": game.turns, "labels": list(game.turn_labels),
                          "night": sorted(getattr(game, "night_turns", ()))}
    tables = getattr(game, "tables", None)
    if isinstance(getattr(tables, "terrain", None), dict):
        facts["terrain_chart"] = {
            "terrain": {name: {"mp": t["mp"], "defender": float(t["defender"]), "blocks_los": t["blocks_los"]}
                        for name, t in tables.terrain.items()},
            "hexsides": {name: {"mp": h["mp"], "mp_into": h["mp_into"], "add": h["add"],
                                "attacker": float(h["attacker"]), "blocks_zoc": h["blocks_zoc"],
                                "attack_across": h["attack_across"]} for name, h in tables.hexsides.items()}}
    return facts


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(Strict):
    game: str = "cedar-creek"
    seed: int | None = None
    union: str = "me"
    confederate: str = "bot:heuristic"
    options: dict[str, Any] = {}


class TokenBody(Strict):
    token: str | None = None


class ActionBody(Strict):
    token: str | None = None
    seq: int
    action: dict[str, Any]
    log_from: int | None = None     # the answer's log starts here (default: the events this action made)


class PreviewBody(Strict):
    token: str | None = None
    action: dict[str, Any]


class RouteBody(Strict):
    token: str | None = None
    seq: int
    unit: str
    zone: str
    log_from: int | None = None


class UndoAnswer(Strict):
    token: str | None = None
    accept: bool


def public_base(url: str | None) -> str:
    """The address other machines reach this server at (--public-url), without a final slash;
    "" when links stay relative to the page that shows them."""
    if not url:
        return ""
    url = url.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or "://" == url[-3:]:
        raise ValueError(f"--public-url must be an http:// or https:// address, got {url!r}")
    return url


def create_app(db_path: str = "cwbattles.sqlite3", public_url: str | None = None) -> FastAPI:
    store = Store(db_path)
    base = public_base(public_url)

    @asynccontextmanager
    async def lifespan(app):
        yield
        for task in app.state.bot_tasks.values():
            task.cancel()
        chat.close()
        store.close()

    app = FastAPI(title="cwbattles", description="Civil War board wargames with every rule enforced",
                  lifespan=lifespan)
    manager = Manager(store)
    app.state.manager = manager
    app.state.bot_tasks = {}

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError):
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors())
        return JSONResponse({"detail": f"malformed request: {problems}"}, status_code=400)

    def kick_bots(session) -> None:
        """Start the session's bot loop if a bot is to act and no loop runs already."""
        task = app.state.bot_tasks.get(session.id)
        if session.state.to_act in session.bots and (task is None or task.done()):
            app.state.bot_tasks[session.id] = asyncio.get_running_loop().create_task(session.run_bots())

    def session_for(gid: str):
        session = manager.get(gid)
        kick_bots(session)
        return session

    async def changed(session) -> None:
        await session.broadcast()
        kick_bots(session)

    add_aid_routes(app, session_for, changed, FastJSON)
    chat = add_table_routes(app, manager, db_path, session_for)
    app.state.public_url = base

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
        return bot_levels(bot_names())

    @app.post("/api/games")
    async def create(body: CreateGame):
        session, tokens = manager.create(body.game, body.seed, body.union, body.confederate, body.options)
        kick_bots(session)
        links = {k: f"{base}/game/{session.id}?token={v}" for k, v in tokens.items()}
        return {"id": session.id, "seed": session.seed, "tokens": tokens, "links": links}

    @app.get("/api/games")
    async def list_games():
        return store.list_games()

    @app.delete("/api/games/{gid}")
    async def delete(gid: str, body: TokenBody):
        manager.delete(gid, body.token)
        return {"deleted": gid}

    # -- a game -----------------------------------------------------------------------------------
    @app.get("/api/games/{gid}/meta")
    async def meta(gid: str):
        s = session_for(gid)
        rules = s.game.rule_summaries() if hasattr(s.game, "rule_summaries") else {}
        return FastJSON({"id": s.id, "game": s.name, "title": s.game.title, "geometry": s.game.geometry(),
                         "counters": s.game.counters(), "players": s.players, "rules": rules,
                         **map_key_facts(s.game)})

    @app.get("/api/games/{gid}/view")
    async def view(gid: str, token: str | None = None, log_from: int = 0):
        return FastJSON(session_for(gid).view(token, log_from))

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, body: ActionBody):
        s = session_for(gid)
        async with s.lock:
            known = len(s.log_events) if body.log_from is None else body.log_from
            s.act(body.token, body.seq, body.action)
        await changed(s)
        return FastJSON(s.view(body.token, known))

    @app.post("/api/games/{gid}/route")
    async def route(gid: str, body: RouteBody):
        s = session_for(gid)
        async with s.lock:
            known = len(s.log_events) if body.log_from is None else body.log_from
            s.route(body.token, body.seq, body.unit, body.zone)
        await changed(s)
        return FastJSON(s.view(body.token, known))

    @app.post("/api/games/{gid}/preview")
    async def preview(gid: str, body: PreviewBody):
        s = session_for(gid)
        s.sides_for(body.token)
        try:
            action = s.game.action_from_json(body.action, "action")
            return FastJSON(s.state.preview(action))
        except (ValueError, cwbattles.CwbattlesError) as e:
            raise WebError(400, str(e)) from None

    @app.get("/api/games/{gid}/reach")
    async def reach(gid: str, unit: str):
        return {"unit": unit, "zones": session_for(gid).reach(unit)}

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, body: TokenBody):
        s = session_for(gid)
        async with s.lock:
            s.undo(body.token)
        await changed(s)
        return FastJSON(s.view(body.token))

    @app.post("/api/games/{gid}/undo/answer")
    async def undo_answer(gid: str, body: UndoAnswer):
        s = session_for(gid)
        async with s.lock:
            s.answer_undo(body.token, body.accept)
        await changed(s)
        return FastJSON(s.view(body.token))

    @app.get("/api/games/{gid}/history/{n}")
    async def history(gid: str, n: int):
        return FastJSON(session_for(gid).history(n))

    @app.websocket("/ws/games/{gid}")
    async def live(ws: WebSocket, gid: str, token: str | None = None):
        try:
            s = session_for(gid)
            s.sides_for(token)
        except WebError as e:
            await ws.accept()
            await ws.send_json({"type": "error", "detail": e.detail})
            await ws.close(code=4000 + e.status)
            return
        await ws.accept()
        # The first view and the subscription are made together, with no pause between them:
        # a broadcast can then only follow this view, never overtake it or skip a log event.
        first = s.view(token)
        s.subscribers[ws] = [token, first["log_total"]]
        try:
            await ws.send_json({"type": "view", "view": first})
            while True:
                await ws.receive_text()
        except WebSocketDisconnect:
            pass
        finally:
            s.subscribers.pop(ws, None)

    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
