"""A game's remote seats: the invite that the first browser to open it claims (it gets a personal
link of its own, the player's way back to the game from any browser), the creator's re-issue of a
seat's invite (which revokes the old personal link), and watching for whoever holds an invite
that has been used already.
"""

from __future__ import annotations

import asyncio
import secrets

from cwbattles.engine.board import SIDES

from .errors import WebError, unavailable
from .limits import check_token
from .store import StoreError


def creator_keys(players) -> list[str]:
    """The tokens that speak for a game's creator: the creator's own, and the seats on the
    creator's screen."""
    return ["creator", "both"] + [s for s in SIDES if isinstance(players, dict) and players.get(s) == "me"]


def is_creator(tokens: dict, players, token) -> bool:
    return token is not None and any(isinstance(tokens.get(k), str) and
                                     secrets.compare_digest(tokens[k].encode(), token.encode())
                                     for k in creator_keys(players))


def _matching(session, code):
    code = check_token(code)
    for side, invite in session.invites.items():
        if code and isinstance(invite, dict) and secrets.compare_digest(str(invite.get("code")).encode(),
                                                                        code.encode()):
            return side, invite
    raise WebError(404, "unknown invite for this game")


async def _store_access(session, tokens: dict, invites: dict) -> None:
    """Stored first, then made live."""
    store = session.manager.store

    async def store_then_swap():
        await store.write(store.set_access, session.id, tokens, invites)
        session.tokens, session.invites = tokens, invites
        session._common = None

    try:
        await asyncio.shield(store_then_swap())
    except StoreError as e:
        raise unavailable(e) from None


async def claim(session, code) -> tuple[str, str]:
    """The first to open a side's invite link gets a fresh token for it (its personal link);
    after that nobody else can act for that side (the invite's creator included)."""
    side, invite = _matching(session, code)
    if invite.get("claimed"):
        raise WebError(409, f"this invite has been used already: the {side} side is played from the "
                            "personal link its player was given (the game's creator can issue a new invite)")
    token = secrets.token_urlsafe(18)
    await _store_access(session, {**session.tokens, side: token},
                        {**session.invites, side: {"code": invite["code"], "claimed": True}})
    return side, token


async def reissue(session, token, side: str) -> str:
    """The creator gives a remote seat a new invite: the old invite and the seat's personal link
    stop working (a player who lost the link gets a new one)."""
    if not is_creator(session.tokens, session.players, check_token(token)):
        raise WebError(403, "only the creator of a game can issue a new invite")
    if side not in SIDES or session.players.get(side) != "remote":
        raise WebError(400, f"{ascii(side)[:20]} is not a remote player's side of this game")
    if session.state.is_over:
        raise WebError(409, "the game is over: nobody needs to join it")
    code = secrets.token_urlsafe(18)
    tokens = {k: v for k, v in session.tokens.items() if k != side}
    await _store_access(session, tokens, {**session.invites, side: {"code": code, "claimed": False}})
    return code


def watch(session, code) -> str:
    """Whoever holds one of the game's invites may watch it: the spectator's token."""
    _matching(session, code)
    spectator = session.tokens.get("spectator")
    if not isinstance(spectator, str):
        raise WebError(403, "this game has no spectators")
    return spectator
