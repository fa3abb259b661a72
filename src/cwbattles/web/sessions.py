"""Live games: each is a state rebuilt from the store, its players, and its open pages.

A session validates every request against its tokens and the engine's legal actions, writes
each action to the store before anyone hears of it, lets bots play their sides, and pushes
the new view to every open page.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json

import orjson
import secrets
import uuid

import cwbattles
from cwbattles.bots import make_bot, names as bot_names
from cwbattles.engine.errors import CwbattlesError, DataError, IllegalAction
from cwbattles.engine.records import position_checksum

from .play_aids import default_choice, reach_for, view_aids
from .routes import cheapest_path

SIDES = ("union", "confederate")


@functools.lru_cache(maxsize=32)
def _load(name: str, options_json: str):
    return cwbattles.load(name, options=json.loads(options_json) or None)


def load_game(name: str, options: dict | None):
    """Games are static facts: load each (name, options) once and share it."""
    return _load(name, json.dumps(options or {}, sort_keys=True))


def summary_of(state) -> dict:
    """The lobby's line about a game."""
    res = state.result
    return {"turn": state.turn, "round": state.round, "over": state.is_over,
            "winner": res["winner"] if state.is_over else None,
            "score": {"union": res["union"]["total"], "confederate": res["confederate"]["total"]},
            "title": state.game.title}


class WebError(Exception):
    """A refused request: an HTTP status and a plain message."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


def parse_player(spec) -> str:
    if spec in ("me", "remote"):
        return spec
    if isinstance(spec, str) and spec.startswith("bot:") and spec[4:].split(":")[0] in bot_names():
        return spec
    raise WebError(400, f"a player is 'me', 'remote' or 'bot:NAME' with NAME one of {bot_names()}; got {spec!r}")


class GameSession:
    def __init__(self, manager, record: dict):
        self.manager = manager
        self.id = record["id"]
        self.name = record["game"]
        self.seed = record["seed"]
        self.options = record["options"]
        self.players = record["players"]
        self.tokens = record["tokens"]
        self.created = record["created"]
        self.game = load_game(self.name, self.options)
        self.sides_of_action: list[str] = []
        self.actions: list[dict] = []
        self.dice_before: list[int] = []        # dice calls before each action (for undo)
        self.state = self.game.new_game(seed=self.seed)
        self.checkpoints = {0: self.state.clone()}      # positions for the replay viewer
        self.log_events: list[dict] = []
        self._log_head = None
        self._sync_log()
        for entry in record["actions"]:
            action = self.game.action_from_json(entry["action"], f"game {self.id} action {entry['seq']}")
            self._play(action, entry["side"])
            if position_checksum(self.state) != entry["checksum"]:
                raise DataError(f"game {self.id}", f"actions[{entry['seq']}].checksum",
                                "the saved game does not replay to its checksum (corrupted save?)")
        self._common = None                     # (key, the shared part of the view)
        self.subscribers: dict = {}            # websocket -> [token, log events already sent]
        self.lock = asyncio.Lock()
        self.undo_request: str | None = None
        self.bots = {side: make_bot(p[4:], seed=self.seed * 2 + i)
                     for i, (side, p) in enumerate(self.players.items()) if p.startswith("bot:")}

    # -- who may do what ----------------------------------------------------------------------
    def sides_for(self, token) -> list[str]:
        if not token or not isinstance(token, str):
            return []
        for key, value in self.tokens.items():
            if secrets.compare_digest(value, token):
                if key == "both":
                    return list(SIDES)
                return [key] if key in SIDES else []
        raise WebError(403, "unknown token for this game")

    def require_player(self, token) -> list[str]:
        if not token:
            raise WebError(403, "a player's token is required")
        sides = self.sides_for(token)
        if not sides:
            raise WebError(403, "spectators cannot act")
        return sides

    # -- playing --------------------------------------------------------------------------------
    def _play(self, action, side: str) -> None:
        self.dice_before.append(self.state.dice.calls)
        self.state.apply(action)
        self.actions.append(self.game.action_to_json(action))
        self.sides_of_action.append(side)
        self._sync_log()

    def _sync_log(self) -> None:
        """Bring the JSON copy of the log up to date, walking only the new events. Each new
        event is marked with the action that made it (``seq``, its index) and the side that
        played it (``by``): the page tells the opponent's steps from its own by them."""
        head = self.state._log
        new = []
        node = head
        while node is not None and node is not self._log_head:
            node, event = node
            new.append(event.to_json())
        if node is not self._log_head:           # not a continuation (undo): start again
            self.log_events = [e.to_json() for e in self.state.log]
        else:
            seq = len(self.actions) - 1
            by = self.sides_of_action[seq] if seq >= 0 else None
            for event in reversed(new):
                event["seq"], event["by"] = (seq, by) if seq >= 0 else (None, None)
                self.log_events.append(event)
        self._log_head = head

    def summary(self) -> dict:
        return summary_of(self.state)

    def commit(self, action, side: str) -> None:
        """Apply one legal action and store it (one transaction) before anyone is told."""
        seq = len(self.actions)
        self._play(action, side)
        common = self.common_view()
        checksum = hashlib.sha256(json.dumps(common["position"], sort_keys=True, separators=(",", ":"))
                                  .encode()).hexdigest()[:16]
        self.manager.store.append(self.id, seq, side, self.actions[-1], checksum, self.summary())

    def act(self, token, seq, action_doc) -> None:
        sides = self.require_player(token)
        if self.state.is_over:
            raise WebError(409, "the game is over")
        if self.state.to_act not in sides:
            raise WebError(403, f"it is the {self.state.to_act} player's turn to act, not yours")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != len(self.actions):
            raise WebError(409, f"stale action: it was sent for action number {seq!r}, "
                                f"the game is at {len(self.actions)}")
        try:
            action = self.game.action_from_json(action_doc, "action")
        except DataError as e:
            raise WebError(400, str(e)) from None
        if action not in self.state.legal_actions():
            raise WebError(409, f"not a legal action now: {self.game.describe(action)}")
        self.undo_request = None
        self.commit(action, self.state.to_act)

    def reach(self, unit: str) -> dict:
        if unit not in self.game.unit_index:
            raise WebError(400, f"unknown unit {unit!r}")
        return reach_for(self.state, unit)

    def default_choice(self):
        """The default of the pending decision (play_aids), computed once per position."""
        key = (len(self.actions), id(self.state))
        if getattr(self, "_default", (None,))[0] != key:
            self._default = (key, default_choice(self.state, self.log_events))
        return self._default[1]

    def route(self, token, seq, unit: str, zone: str) -> None:
        """Move the unit now moving to a reachable zone or hex by the cheapest path of legal moves."""
        sides = self.require_player(token)
        if self.state.to_act not in sides:
            raise WebError(403, "not your turn")
        if seq != len(self.actions):
            raise WebError(409, f"stale request for action number {seq!r}")
        path = cheapest_path(self.state, unit, zone)
        if path is None:
            raise WebError(409, f"{unit} cannot reach {zone} now")
        for action in path:
            self.commit(action, self.state.to_act)

    # -- undo -------------------------------------------------------------------------------------
    def undo_point(self, side: str) -> int | None:
        """Where undoing ``side``'s last action would take the game back to: the index of that
        action, if no die has been rolled since it was played."""
        if self.state.is_over:
            return None
        for k in range(len(self.actions) - 1, -1, -1):
            if self.sides_of_action[k] == side:
                return k if self.dice_before[k] == self.state.dice.calls else None
        return None

    def undo(self, token) -> None:
        sides = self.require_player(token)
        points = [p for p in (self.undo_point(s) for s in sides) if p is not None]
        if not points:
            raise WebError(409, "nothing to undo: no action of yours since the last die roll")
        other = [s for s in SIDES if s not in sides]
        if other and self.players[other[0]] == "remote" and self.undo_request is None:
            self.undo_request = sides[0]          # 3: the other player must agree
            return
        if other and self.players[other[0]] == "remote" and self.undo_request in sides:
            raise WebError(409, "waiting for the other player to answer the undo request")
        self._truncate(max(points))

    def answer_undo(self, token, accept) -> None:
        sides = self.require_player(token)
        if self.undo_request is None or self.undo_request in sides:
            raise WebError(409, "no undo request to answer")
        requester = self.undo_request
        self.undo_request = None
        if accept is True:
            point = self.undo_point(requester)
            if point is None:
                raise WebError(409, "the undo is no longer possible")
            self._truncate(point)

    def _truncate(self, keep: int) -> None:
        actions, sides = self.actions[:keep], self.sides_of_action[:keep]
        self.checkpoints = {k: v for k, v in self.checkpoints.items() if k <= keep}
        self.state = self.game.new_game(seed=self.seed)
        self.actions, self.sides_of_action, self.dice_before = [], [], []
        self.log_events, self._log_head = [], None
        self._sync_log()
        for doc, side in zip(actions, sides):
            self._play(self.game.action_from_json(doc), side)
        self.manager.store.truncate(self.id, keep, self.summary())
        self.undo_request = None
        for sub in self.subscribers.values():
            sub[1] = 0                            # pages get the whole (shorter) log again

    # -- views ------------------------------------------------------------------------------------
    def common_view(self) -> dict:
        """The part of the view every page shares (computed once per change)."""
        s = self.state
        key = (len(self.actions), id(s), s.dice.calls)
        if self._common and self._common[0] == key:
            return self._common[1]
        pos = s.to_position()
        common = {"id": self.id, "game": self.name, "seq": len(self.actions), "to_act": s.to_act,
                "over": s.is_over, "result": s.result, "position": pos,
                "phase": s.stack[-1][0] if s.stack else None, "moving": self._moving(pos),
                "players": self.players, **view_aids(s)}
        self._common = (key, common)
        return common

    def _moving(self, pos: dict):
        """The id of the unit in the middle of its move, if any."""
        u = getattr(self.state, "mv_unit", -1)
        return pos["units"][u]["id"] if u is not None and 0 <= u < len(pos["units"]) else None

    def view(self, token, log_from: int = 0, common: dict | None = None) -> dict:
        """What a page holding ``token`` sees; ``log`` holds the events from ``log_from`` on."""
        s = self.state
        you = self.sides_for(token)
        legal, default = [], None
        if s.to_act in you:
            legal = [{"index": i, "text": s.describe(a), "action": self.game.action_to_json(a)}
                     for i, a in enumerate(s.legal_actions())]
            default = self.default_choice()
        undo_possible = any(self.undo_point(side) is not None for side in you) and self.undo_request is None
        log_from = max(0, min(int(log_from), len(self.log_events)))
        view = dict(common or self.common_view())
        view.update({"you": you, "legal": legal, "default": default, "log": self.log_events[log_from:], "log_from": log_from,
                     "log_total": len(self.log_events),
                     "undo": {"possible": undo_possible, "requested_by": self.undo_request}})
        return view

    CHECKPOINT = 50

    def history(self, n: int) -> dict:
        """The position after the first n actions, replayed from the nearest checkpoint (a
        clone kept every 50 actions) so that a replay viewer can step quickly."""
        if not 0 <= n <= len(self.actions):
            raise WebError(404, f"there are {len(self.actions)} actions; no position {n}")
        start = max(k for k in self.checkpoints if k <= n)
        s = self.checkpoints[start].clone()
        step_from = None                    # where the events of action n (the last one played) start
        for k in range(start, n):
            if k == n - 1:
                step_from = len(s.log)
            s.apply(self.game.action_from_json(self.actions[k]))
            if (k + 1) % self.CHECKPOINT == 0 and k + 1 not in self.checkpoints:
                self.checkpoints[k + 1] = s.clone()
        log = [e.to_json() for e in s.log]
        if step_from is None and n:         # action n was the checkpoint's last: find its events by mark
            step_from = next((i for i, e in enumerate(self.log_events) if e.get("seq") == n - 1), len(log))
        return {"n": n, "total": len(self.actions), "position": s.to_position(), "log": log,
                "step_from": step_from if n else len(log), "result": s.result, "to_act": s.to_act,
                "over": s.is_over, "phase": s.stack[-1][0] if s.stack and not s.is_over else None}

    # -- live pages and bots -------------------------------------------------------------------------
    async def broadcast(self) -> None:
        """Send every open page the new view, with only the log events it has not had yet."""
        common = self.common_view()
        for ws, sub in list(self.subscribers.items()):
            token, sent = sub
            try:
                view = self.view(token, sent, common)
                await ws.send_text(orjson.dumps({"type": "view", "view": view}).decode())
                # What this page now has, not what the log holds after the pause: a bot may
                # have played meanwhile, and its events are still to be sent.
                sub[1] = max(sub[1], view["log_total"])
            except Exception:
                self.subscribers.pop(ws, None)

    async def run_bots(self) -> None:
        """Let bots play while a bot's side is to act, telling every page after each action."""
        loop = asyncio.get_running_loop()
        while not self.state.is_over and self.state.to_act in self.bots:
            side = self.state.to_act
            bot = self.bots[side]
            snapshot = self.state.clone()
            seq = len(self.actions)
            action = await loop.run_in_executor(None, bot.choose, snapshot)
            async with self.lock:
                if len(self.actions) != seq or self.state.to_act != side:
                    continue                      # the game changed meanwhile (an undo)
                self.commit(action, side)
            await self.broadcast()


class Manager:
    """All games: created, loaded from the store on first use, kept in memory."""

    session_class = GameSession

    def __init__(self, store):
        self.store = store
        self.sessions: dict[str, GameSession] = {}

    def create(self, name: str, seed, union, confederate, options) -> tuple[GameSession, dict]:
        if name not in cwbattles.games():
            raise WebError(400, f"unknown game {name!r}; known: {cwbattles.games()}")
        players = {"union": parse_player(union), "confederate": parse_player(confederate)}
        if seed is None:
            seed = secrets.randbelow(2 ** 31)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise WebError(400, f"seed must be a whole number >= 0, got {seed!r}")
        if not isinstance(options, dict):
            raise WebError(400, "options must be an object")
        try:
            game = load_game(name, options)
            first = game.new_game(seed=seed)
        except CwbattlesError as e:
            raise WebError(400, str(e)) from None
        tokens = {side: secrets.token_urlsafe(18) for side, p in players.items() if p in ("me", "remote")}
        if players["union"] == players["confederate"] == "me":
            tokens["both"] = secrets.token_urlsafe(18)
        tokens["spectator"] = secrets.token_urlsafe(18)
        gid = uuid.uuid4().hex[:12]
        self.store.create_game(gid, name, seed, options, players, tokens, summary_of(first))
        session = self.get(gid)
        return session, tokens

    def get(self, gid: str) -> GameSession:
        if gid in self.sessions:
            return self.sessions[gid]
        record = self.store.game(gid) if isinstance(gid, str) else None
        if record is None:
            raise WebError(404, f"no game {gid!r}")
        try:
            session = GameSession(self, record)
        except (CwbattlesError, IllegalAction) as e:
            raise WebError(500, f"game {gid} cannot be restored: {e}") from None
        self.sessions[gid] = session
        return session

    def delete(self, gid: str, token) -> None:
        session = self.get(gid)
        session.require_player(token)
        self.store.delete(gid)
        self.sessions.pop(gid, None)
