"""The server's limits: what one client may ask of it, and the checks that hold it to them.

Every number is in ``Limits`` (``cwbattles serve --max-games --max-sockets`` set two of them);
requests beyond a limit are refused before anything is stored: 413 for a body too large, 429
for a full server, 400 for a field too long or a bot budget too large.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
from dataclasses import dataclass, field

from cwbattles.bots import parse_spec

from .errors import WebError

CORES = os.cpu_count() or 1
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
GAME_ID = re.compile(r"[0-9a-f]{12}")


@dataclass(frozen=True)
class Limits:
    max_body: int = 64 * 1024          # bytes of a request body (an action is under 200)
    max_record_body: int = 8 * 1024 * 1024   # a game record sent to /api/records* (a whole game: ~1 MB)
    max_games: int = 1000              # games not yet over, in the database
    max_sockets: int = 2000            # open live connections, all games together
    socket_queue: int = 64             # views waiting for one page; a page further behind is dropped
    idle_seconds: float = 600.0        # a game nobody used for this long leaves memory (reloaded on demand)
    max_live: int = 400                # games kept in memory at most (the idle ones leave first)
    lobby_page: int = 50               # games a lobby page lists by default ...
    lobby_page_max: int = 200          # ... and at most
    bot_seconds: float = 10.0          # a search bot's time a decision, at most
    bot_simulations: int = 20000       # a search bot's simulations a decision, at most
    bot_game_seconds: float = 600.0    # a bot that budgets the whole game (commander): its time, at most
    bot_plans: int = 2000              # the commander's plan evaluations a decision, at most
    bot_workers: int = CORES           # the server's search processes (one pool for all games), at most the cores
    store_timeout: float = 5.0         # seconds a write waits for the database lock before failing
    chat_messages: int = 8             # chat messages one player's token may post ...
    chat_seconds: float = 10.0         # ... in this many seconds
    records_per_minute: int = 6        # records one address may open or continue a minute ...
    record_bytes_per_minute: int = 16 * 1024 * 1024   # ... and their bytes together
    record_seconds: float = 20.0       # a record's verification, at most (in a worker process)
    lengths: dict = field(default_factory=lambda: {"player": 40, "game": 40, "place": 64, "unit": 64})


class RateLimit:
    """At most ``amount`` (a count, or bytes with ``cost``) per key in any ``seconds``."""

    def __init__(self, amount: float, seconds: float, keys: int = 10000):
        self.amount, self.seconds, self.keys = amount, seconds, keys
        self.spent: dict = {}                  # key -> [(time, cost)] within the window

    def allow(self, key, cost: float = 1, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        recent = [(t, c) for t, c in self.spent.get(key, ()) if now - t < self.seconds]
        if sum(c for _, c in recent) + cost > self.amount:
            self.spent[key] = recent
            return False
        recent.append((now, cost))
        self.spent[key] = recent
        if len(self.spent) > self.keys:        # forget keys that spent nothing lately
            self.spent = {k: v for k, v in self.spent.items() if v and now - v[-1][0] < self.seconds}
        return True


# -- tokens and ids ---------------------------------------------------------------------------------
def check_token(token) -> str | None:
    """A token as sent (None or a string of at most 64 URL-safe ASCII characters), or WebError."""
    if token is None or token == "":
        return None
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise WebError(400, "malformed token: a token is a string of up to 64 letters, digits, '-' and '_'")
    return token


def check_any_id(gid) -> str:
    """An id as a delete may name it: any stored row, even one whose id is damaged (printable
    ASCII, at most 64 characters); 404 otherwise."""
    if not isinstance(gid, str) or not 1 <= len(gid) <= 64 or not (gid.isascii() and gid.isprintable()):
        raise WebError(404, f"no game {ascii(gid)[:80]}")
    return gid


def check_game_id(gid) -> str:
    if not isinstance(gid, str) or not GAME_ID.fullmatch(gid):
        raise WebError(404, f"no game {ascii(gid)[:80]}")
    return gid


# -- bots ---------------------------------------------------------------------------------------------
def check_bot(spec: str, limits: Limits) -> str:
    """A bot spec the server will run (``random``, ``heuristic``, ``mcts:1s:2w``...), within the
    limits; WebError (400) naming what is wrong otherwise."""
    try:
        name, budget = parse_spec(spec)
    except ValueError as e:
        raise WebError(400, f"bad player bot:{spec}: {e}") from None
    seconds, sims, workers = budget["seconds"], budget["simulations"], budget["workers"]
    if name in WHOLE_GAME:
        if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= limits.bot_game_seconds):
            raise WebError(400, f"bad player bot:{spec}: a commander thinks at most {limits.bot_game_seconds:g} s "
                               f"a game on this server, got {seconds!r} s")
        seconds = None          # its decisions are capped one by one (``cap_decisions``)
    plans = budget.get("plans")
    if plans is not None and not 0 <= plans <= limits.bot_plans:
        raise WebError(400, f"bad player bot:{spec}: at most {limits.bot_plans} plan evaluations a decision "
                           f"on this server, got {plans}")
    if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= limits.bot_seconds):
        raise WebError(400, f"bad player bot:{spec}: a bot thinks at most {limits.bot_seconds:g} s a decision "
                           f"on this server, got {seconds!r} s")
    if sims is not None and not 0 <= sims <= limits.bot_simulations:
        raise WebError(400, f"bad player bot:{spec}: at most {limits.bot_simulations} simulations a decision "
                           f"on this server, got {sims}")
    if not 1 <= workers <= CORES:
        raise WebError(400, f"bad player bot:{spec}: at most {CORES} worker processes (the "
                           f"server's cores), got {workers}")
    return name


SEARCH_BOTS = ("mcts", "commander")
WHOLE_GAME = ("commander",)        # bots whose seconds are for the whole game, not a decision


def is_search(spec: str) -> bool:
    """Whether a checked bot spec searches (and so thinks for a while): those share a pool of
    their own, so that they never hold up a quick bot."""
    return parse_spec(spec)[0] in SEARCH_BOTS


def cap_decisions(bot, limits: Limits) -> None:
    """A bot that divides a whole game's time among its decisions never gives one of them more
    than the server's time a decision (``bot_seconds``), whatever its share."""
    if hasattr(bot, "max_decision_seconds"):
        bot.max_decision_seconds = limits.bot_seconds


def check_player(spec, limits: Limits) -> str:
    """'me', 'remote' or 'bot:SPEC' within the limits."""
    if not isinstance(spec, str) or len(spec) > limits.lengths["player"]:
        raise WebError(400, f"a player is 'me', 'remote' or 'bot:NAME' of at most {limits.lengths['player']} "
                           f"characters; got {ascii(spec)[:60]}")
    if spec in ("me", "remote"):
        return spec
    if spec.startswith("bot:"):
        check_bot(spec[4:], limits)
        return spec
    raise WebError(400, f"a player is 'me', 'remote' or 'bot:NAME'; got {ascii(spec)}")


# -- request bodies -----------------------------------------------------------------------------------
def check_action_doc(doc, limits: Limits) -> dict:
    """A JSON action as the client sent it: a small object of short strings and integers."""
    if not isinstance(doc, dict) or len(doc) > 8:
        raise WebError(400, "an action is an object with a 'kind' and at most 7 other keys")
    for key, value in doc.items():
        if len(key) > 32:
            raise WebError(400, f"action key {ascii(key)[:40]}...: too long")
        if isinstance(value, str) and len(value) > limits.lengths["place"]:
            raise WebError(400, f"action.{key}: at most {limits.lengths['place']} characters")
        if isinstance(value, int) and not isinstance(value, bool) and not -2 ** 31 <= value < 2 ** 31:
            raise WebError(400, f"action.{key}: {value} is out of range")
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise WebError(400, f"action.{key}: expected a string or a whole number, got {type(value).__name__}")
    return doc


def check_options(options, limits: Limits) -> dict:
    if not isinstance(options, dict):
        raise WebError(400, "options must be an object")
    if len(json.dumps(options)) > 2000:
        raise WebError(400, "options: too long")
    return options


class BodyLimit:
    """ASGI middleware: a request body larger than ``max_body`` gets 413 before the app reads
    it (a declared Content-Length is believed for the refusal, never for the reading)."""

    RECORDS = "/api/records"           # the one route that takes a whole game (a record file)

    def __init__(self, app, max_body: int, max_record_body: int | None = None):
        self.app, self.body_limit = app, max_body
        self.record_limit = max_record_body or max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path", "")
        limit = self.record_limit if path == self.RECORDS or path.startswith(self.RECORDS + "/") \
            else self.body_limit
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                return await _refuse(send, 400, "malformed Content-Length header")
            if int(declared) > limit:
                return await _refuse(send, 413, f"request body over {limit} bytes")
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                return await _refuse(send, 413, f"request body over {limit} bytes")
            chunks.append(body)
            if not message.get("more_body"):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()      # the disconnect, when the app waits for it
            sent = True
            return {"type": "http.request", "body": whole, "more_body": False}

        return await self.app(scope, replay, send)


async def _refuse(send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
