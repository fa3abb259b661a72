"""The endpoints of the page's conveniences (play_aids): what picking a unit would offer, its
previews, and quick sequences of ordinary legal actions. See docs/web-api.md."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Query
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from cwbattles.engine.errors import CwbattlesError

from .errors import WebError
from .limits import check_action_doc
from .play_aids import AidError, Quick, options_for, preview_for
from .sessions import unavailable
from .store import StoreError


Token = Annotated[StrictStr, Field(max_length=64)] | None
Short = Annotated[StrictStr, Field(max_length=64)]


class QuickBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Token = None
    seq: StrictInt
    unit: Short | None = None        # the unit the sequence is about
    select: StrictBool = False       # first pick it (and activate its division if that is needed)
    to: Short | None = None          # then take it to this place by the cheapest path
    action: dict[str, Any] | None = None   # then play this action (an attack...)
    finish: StrictBool = False       # then end its move if nothing else is sensible, facing and line by default
    join: StrictBool = False         # then every unit that could join the attack declared joins it (8.2)
    log_from: StrictInt | None = None


class UnitPreviewBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Token = None
    unit: Short
    action: dict[str, Any]


def add_aid_routes(app: FastAPI, session_for, changed, view_json, limits) -> None:
    """Register the routes; ``session_for(gid)`` (await), ``changed(session)`` (tell the pages
    and the bots) and ``view_json(view)`` come from the application."""

    @app.get("/api/games/{gid}/options")
    async def unit_options(gid: str, unit: Annotated[str, Query(max_length=64)],
                           token: Annotated[str | None, Query(max_length=64)] = None):
        s = await session_for(gid)
        s.sides_for(token)
        if unit not in s.game.unit_index:
            raise WebError(400, f"unknown unit {unit!r}")
        return options_for(s.state, unit)

    @app.post("/api/games/{gid}/unit-preview")
    async def unit_preview(gid: str, body: UnitPreviewBody):
        s = await session_for(gid)
        s.require_player(body.token)
        check_action_doc(body.action, limits)
        if body.unit not in s.game.unit_index:
            raise WebError(400, f"unknown unit {body.unit!r}")
        try:
            return view_json(preview_for(s.state, body.unit, body.action))
        except (AidError, ValueError, CwbattlesError) as e:
            raise WebError(400, str(e)) from None

    @app.post("/api/games/{gid}/quick")
    async def quick(gid: str, body: QuickBody):
        s = await session_for(gid)
        if body.action is not None:
            check_action_doc(body.action, limits)
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
            try:
                if body.select:
                    q.select(body.unit)
                if body.to:
                    q.go(body.unit, body.to)
                if body.action is not None:
                    q.play(body.action)
                if body.finish:
                    q.finish(body.unit)
                if body.join:
                    q.join_attack()
            except AidError as e:
                if not q.steps:
                    raise WebError(409, str(e)) from None
                stopped = str(e)           # some actions were played: say why the rest were not
            if q.steps:
                try:
                    await s.commit(q.steps)
                except StoreError as e:
                    raise unavailable(e) from None
            answer = dict(s.view(body.token, max(0, known)))
        changed(s)
        answer["defaulted"] = q.defaulted
        answer["rolled"] = q.rolled()
        answer["stopped"] = stopped
        return view_json(answer)
