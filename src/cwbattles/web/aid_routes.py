"""The endpoints of the page's conveniences (play_aids): what picking a unit would offer, its
previews, and quick sequences of ordinary legal actions. See docs/web-api.md."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict

from cwbattles.engine.errors import CwbattlesError

from .play_aids import AidError, Quick, options_for, preview_for
from .sessions import WebError


class QuickBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = None
    seq: int
    unit: str | None = None          # the unit the sequence is about
    select: bool = False             # first pick it (and activate its division if that is needed)
    to: str | None = None            # then take it to this place by the cheapest path
    action: dict[str, Any] | None = None   # then play this action (an attack...)
    finish: bool = False             # then end its move if nothing else is sensible, facing and line by default
    log_from: int | None = None


class UnitPreviewBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = None
    unit: str
    action: dict[str, Any]


def add_aid_routes(app: FastAPI, session_for, changed, view_json) -> None:
    """Register the routes; ``session_for(gid)``, ``changed(session)`` (await: tell the pages and
    the bots) and ``view_json(view)`` come from the application."""

    @app.get("/api/games/{gid}/options")
    async def unit_options(gid: str, unit: str, token: str | None = None):
        s = session_for(gid)
        s.sides_for(token)
        if unit not in s.game.unit_index:
            raise WebError(400, f"unknown unit {unit!r}")
        return options_for(s.state, unit)

    @app.post("/api/games/{gid}/unit-preview")
    async def unit_preview(gid: str, body: UnitPreviewBody):
        s = session_for(gid)
        s.require_player(body.token)
        if body.unit not in s.game.unit_index:
            raise WebError(400, f"unknown unit {body.unit!r}")
        try:
            return view_json(preview_for(s.state, body.unit, body.action))
        except (AidError, ValueError, CwbattlesError) as e:
            raise WebError(400, str(e)) from None

    @app.post("/api/games/{gid}/quick")
    async def quick(gid: str, body: QuickBody):
        s = session_for(gid)
        async with s.lock:
            sides = s.require_player(body.token)
            if s.state.is_over:
                raise WebError(409, "the game is over")
            if s.state.to_act not in sides:
                raise WebError(403, f"it is the {s.state.to_act} player's turn to act, not yours")
            if body.seq != len(s.actions) or isinstance(body.seq, bool):
                raise WebError(409, f"stale request for action number {body.seq!r}, the game is at {len(s.actions)}")
            if body.unit is not None and body.unit not in s.game.unit_index:
                raise WebError(400, f"unknown unit {body.unit!r}")
            if (body.select or body.to or body.finish) and body.unit is None:
                raise WebError(400, "select, to and finish need a unit")
            known = len(s.log_events) if body.log_from is None else body.log_from
            q = Quick(s, s.state.to_act)
            stopped = None
            s.undo_request = None
            try:
                if body.select:
                    q.select(body.unit)
                if body.to:
                    q.go(body.unit, body.to)
                if body.action is not None:
                    q.play(body.action)
                if body.finish:
                    q.finish(body.unit)
            except AidError as e:
                if len(s.actions) == body.seq:
                    raise WebError(409, str(e)) from None
                stopped = str(e)           # some actions were played: say why the rest were not
            answer = dict(s.view(body.token, known))
        await changed(s)
        answer["defaulted"] = q.defaulted
        answer["rolled"] = q.rolled()
        answer["stopped"] = stopped
        return view_json(answer)
