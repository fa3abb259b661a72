"""Live games: each is a state rebuilt from the store, its players, and its open pages.

A session validates every request against its tokens and the engine's legal actions, plays an
action on a copy of the game, stores it, and only once it is stored makes the copy the live
game (a failed write leaves the live game exactly as the database holds it); then it lets bots
play their sides and queues the new view for every open page (``live``).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import secrets
import time
import uuid
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

import orjson

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.bots.intent import clean
from cwbattles.engine.board import SIDES
from cwbattles.engine.errors import CwbattlesError, DataError, IllegalAction
from cwbattles.engine.records import checksum_of, position_checksum
from cwbattles.engine.resign import apply_doc, resign_doc, resigning_side

from .errors import WebError, unavailable
from .bot_runner import BotPool, keep_bots_playing, play_bots
from .limits import Limits, cap_decisions, check_any_id, check_game_id, check_options, check_player, check_token
from . import intents, seats
from .live import Subscriber
from .play_aids import default_choice, reach_for, view_aids
from .routes import cheapest_path
from .store import DamagedGame, GameLimit, StoreError
from .views import fairness, new_salt, public_position

HUMAN = ("me", "remote")
MAX_SEED = 2 ** 63          # seeds are stored as SQLite's signed 64-bit integers

__all__ = ["WebError", "Manager", "GameSession", "load_game", "summary_of"]


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


def _damaged(gid: str, why: str) -> DamagedGame:
    return DamagedGame(f"game {gid} is damaged ({why}); its creator can delete it")


class GameSession:
    CHECKPOINT = 50         # a clone of the game kept every 50 actions (replay viewer, undo)

    def __init__(self, manager, record: dict):
        """Rebuild a game from its stored record (DamagedGame if the record does not replay)."""
        gid = record["id"]
        self.manager = manager
        self.id, self.name, self.seed = gid, record["game"], record["seed"]
        self.salt = record.get("salt") or ""
        self.options, self.players = record["options"], record["players"]
        self.tokens, self.invites = record["tokens"], record.get("invites") or {}
        self.created = record["created"]
        if not (isinstance(self.players, dict) and all(isinstance(self.players.get(s), str) for s in SIDES)
                and isinstance(self.tokens, dict) and all(isinstance(t, str) for t in self.tokens.values())
                and isinstance(self.invites, dict) and isinstance(self.options, dict)):
            raise _damaged(gid, "its players, tokens, invites or options are malformed")
        try:
            self.game = load_game(self.name, self.options)
            self.state = self.game.new_game(seed=self.seed)
        except (CwbattlesError, TypeError, ValueError) as e:
            raise _damaged(gid, f"it cannot be set up: {e}") from None
        self.initial_checksum = position_checksum(self.state)
        self.checkpoints = {0: self.state.clone()}
        self.log_len = [_count_new(self.state, None)]   # events before action 0, then after each action
        self.actions: list[dict] = []
        self.sides_of_action: list[str] = []
        self.dice_before: list[int] = []        # dice rolled before each action (undo: none since)
        self.checksums: list[str] = []
        self.intents: dict[int, dict] = {}      # action number -> the bot's intent it came with (web.intents)
        for entry in record["actions"]:
            where = f"action {entry['seq']}"
            try:
                if entry["seq"] != len(self.actions) or entry["side"] not in SIDES:
                    raise DataError(f"game {gid}", where, "out of sequence or for no side")
                before = self.state.dice.calls
                head = self.state._log
                apply_doc(self.state, entry["action"], f"game {gid} {where}")
            except (CwbattlesError, TypeError, ValueError) as e:
                raise _damaged(gid, f"{where} does not replay: {e}") from None
            self._record(entry["action"], entry["side"], before, entry["checksum"], _count_new(self.state, head))
            intent = clean(entry.get("intent"))
            if intent:
                self.intents[entry["seq"]] = intent
            if position_checksum(self.state) != entry["checksum"]:
                raise _damaged(gid, f"actions[{entry['seq']}].checksum: the saved game does not replay to "
                                    "its checksum (corrupted save?)")
        self._common = None                     # (view key, the view every page shares)
        self._position = None                   # (view key, the position) made by the last commit
        self._default = (None, None)            # (position key, the default of its decision)
        self.subscribers: set[Subscriber] = set()
        self.log_events: list[dict] = []
        self._log_head = None
        self._sync_log()
        self.lock = asyncio.Lock()
        self.version = 0                        # moves on with every change of the position (bot_runner)
        self.deleted = False
        self.undo_request: dict | None = None   # {"by": side, "to": actions kept, "at": actions then}
        self.undo_refused: dict | None = None   # {"by": the side that asked, "at": actions then}
        self.last_used = time.monotonic()
        self.bots = {}
        for side, player in self.players.items():
            if player == "record":            # a record opened for replay (web.records): nobody plays
                continue
            try:                              # a game stored before the limits (bot:mcts:infs...)
                check_player(player, manager.limits)
            except WebError as e:
                raise _damaged(gid, f"its {side} player cannot be played here: {e.detail}") from None
            if player.startswith("bot:"):
                self.bots[side] = make_bot(player[4:], seed=self._bot_seed(side))
                cap_decisions(self.bots[side], manager.limits)

    def _bot_seed(self, side: str) -> int:
        """A bot's own seed, from the game's seed and salt: watching a bot's choices must not
        narrow down the dice's seed."""
        if not self.salt:
            return self.seed * 2 + SIDES.index(side)
        return int.from_bytes(hashlib.sha256(f"bot:{self.seed}:{self.salt}:{side}".encode()).digest()[:8], "big")

    def _record(self, action_doc: dict, side: str, dice_before: int, checksum: str, events: int,
                state=None) -> None:
        """Note an action played; ``state`` is the game right after it (the live game if None)."""
        self.log_len.append(self.log_len[-1] + events)
        self.actions.append(action_doc)
        self.sides_of_action.append(side)
        self.dice_before.append(dice_before)
        self.checksums.append(checksum)
        if len(self.actions) % self.CHECKPOINT == 0:
            self.checkpoints[len(self.actions)] = (state or self.state).clone()

    # -- who may do what ----------------------------------------------------------------------
    def sides_for(self, token) -> list[str]:
        """The sides a token plays ([] for the spectator's and the creator's); 403 for a missing
        or unknown token (watching needs a link)."""
        token = check_token(token)
        if token is None:
            raise WebError(403, "a token is required: open the game with a player's or the spectator's link")
        for key, value in self.tokens.items():
            if secrets.compare_digest(value.encode(), token.encode()):
                if key == "both":
                    return list(SIDES)
                return [key] if key in SIDES else []
        raise WebError(403, "unknown token for this game")

    def require_player(self, token) -> list[str]:
        sides = self.sides_for(token)
        if not sides:
            raise WebError(403, "spectators cannot act")
        return sides

    def seats(self) -> dict:
        """For each remote side: whether its invite has been claimed."""
        return {side: ("taken" if (self.invites.get(side) or {}).get("claimed") or side in self.tokens else "open")
                for side in SIDES if self.players.get(side) == "remote"}

    # -- playing --------------------------------------------------------------------------------
    def _sync_log(self) -> None:
        """Bring the JSON copy of the log up to date, walking only the new events. Each event is
        marked with the action that made it (``seq``, its index; None for the set-up) and the
        side that played it (``by``): the page tells the other side's steps from its own by them."""
        head = self.state._log
        new = []
        node = head
        while node is not None and node is not self._log_head:
            node, event = node
            new.append(event.to_json())
        if node is not self._log_head:           # not a continuation (undo): start again
            self.log_events = [e.to_json() for e in self.state.log]
            first = 0
        else:
            first = len(self.log_events)
            self.log_events.extend(reversed(new))
        self._log_head = head
        k = 0
        for i in range(first, len(self.log_events)):
            while k < len(self.actions) and i >= self.log_len[k + 1]:
                k += 1
            seq = k if i >= self.log_len[0] and k < len(self.actions) else None
            self.log_events[i]["seq"], self.log_events[i]["by"] = seq, self.sides_of_action[seq] if seq is not None else None

    def summary(self) -> dict:
        return summary_of(self.state)

    async def commit(self, steps: list) -> None:
        """Play ``steps`` [(action, side[, intent])] on a copy of the game, store them in one
        transaction, and only then make the copy the live game. A failed write raises StoreError
        and leaves the live game as it was, which is what the database holds. An intent (what the
        bot that chose the action intends, ``web.intents``) is stored in the action's row."""
        new = self.state.clone()
        seq = len(self.actions)
        entries, befores, counts, after = [], [], [], []
        for action, side, *intent in steps:   # an Action, or the JSON of one (a resignation: engine.resign)
            if isinstance(action, dict) and resigning_side(action) is None:
                action = self.game.action_from_json(action)
            befores.append(new.dice.calls)
            head = new._log
            if isinstance(action, dict):
                apply_doc(new, action)
            else:
                new.apply(action)
            counts.append(_count_new(new, head))
            # a checkpoint is the game after ITS action, not after the whole batch (a route, a record)
            after.append(new.clone() if (seq + len(entries) + 1) % self.CHECKPOINT == 0 else None)
            position = new.to_position()
            doc = action if isinstance(action, dict) else self.game.action_to_json(action)
            entries.append((seq + len(entries), side, doc, checksum_of(position), clean(intent[0] if intent else None)))
        store = self.manager.store

        async def store_then_swap():
            await store.write(store.append, self.id, entries, summary_of(new))
            self.state = new
            self.version += 1
            for (n, side, doc, checksum, intent), before, count, state in zip(entries, befores, counts, after):
                self._record(doc, side, before, checksum, count, state)
                if intent:
                    self.intents[n] = intent
            self._sync_log()
            self.undo_request = None
            self._position = (self._view_key(), position)      # the views' position: made once

        # Shielded: a request cancelled while its write is on the way must still make the live
        # game what the database holds once the write is done.
        await shielded(store_then_swap())

    async def act(self, token, seq, action_doc) -> None:
        sides = self.require_player(token)
        self._check_turn(sides, seq)
        try:
            action = self.game.action_from_json(action_doc, "action")
        except DataError as e:
            raise WebError(400, str(e)) from None
        if action not in self.state.legal_actions():
            raise WebError(409, f"not a legal action now: {self.game.describe(action)}")
        await self._commit_or_503([(action, self.state.to_act)])

    async def resign(self, token, side) -> None:
        """A player resigns their side: the game is over, the other side wins (engine.resign);
        stored as the record's last action."""
        sides = self.require_player(token)
        if side not in sides:
            raise WebError(403, f"you do not play the {ascii(side)[:20]} side")
        if self.state.is_over:
            raise WebError(409, "the game is over")
        await self._commit_or_503([(resign_doc(side), side)])

    def _check_turn(self, sides, seq) -> None:
        if self.state.is_over:
            raise WebError(409, "the game is over")
        if self.state.to_act not in sides:
            raise WebError(403, f"it is the {self.state.to_act} player's turn to act, not yours")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != len(self.actions):
            raise WebError(409, f"stale action: it was sent for action number {seq!r}, "
                                f"the game is at {len(self.actions)}")

    async def _commit_or_503(self, steps) -> None:
        try:
            await self.commit(steps)
        except StoreError as e:
            raise unavailable(e) from None

    def reach(self, unit: str) -> dict:
        if unit not in self.game.unit_index:
            raise WebError(400, f"unknown unit {ascii(unit)[:80]}")
        return reach_for(self.state, unit)

    def default_choice(self):
        """The default of the pending decision (play_aids), computed once per position."""
        key = (len(self.actions), id(self.state))
        if self._default[0] != key:
            self._default = (key, default_choice(self.state, self.log_events))
        return self._default[1]

    async def route(self, token, seq, unit: str, zone: str) -> None:
        """Move the unit now moving to a reachable zone or hex by the cheapest path of legal
        moves, all stored in one transaction."""
        sides = self.require_player(token)
        self._check_turn(sides, seq)
        path = cheapest_path(self.state, unit, zone)
        if path is None:
            raise WebError(409, f"{ascii(unit)[:80]} cannot reach {ascii(zone)[:80]} now")
        side = self.state.to_act
        await self._commit_or_503([(action, side) for action in path])

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

    def other_humans(self, sides) -> list[str]:
        """The sides played by a person other than the holder of ``sides``: their agreement is
        needed to take anything back (a remote side nobody has claimed yet has no one to ask)."""
        return [s for s in SIDES if s not in sides and self.players.get(s) in HUMAN
                and self.seats().get(s, "taken") == "taken"]

    async def undo(self, token) -> None:
        sides = self.require_player(token)
        if self.undo_request is not None:
            if self.undo_request["by"] in sides:
                raise WebError(409, "waiting for the other player to answer the undo request")
            raise WebError(409, "the other player asked for an undo: answer it first")
        points = [p for p in (self.undo_point(s) for s in sides) if p is not None]
        if not points:
            raise WebError(409, "nothing to undo: no action of yours since the last die roll")
        point = max(points)
        if self.other_humans(sides):
            self.undo_request = {"by": next(s for s in sides if self.undo_point(s) == point),
                                 "to": point, "at": len(self.actions)}
            return
        await self._truncate(point)

    async def answer_undo(self, token, accept: bool) -> None:
        sides = self.require_player(token)
        request = self.undo_request
        if request is None or request["by"] in sides:
            raise WebError(409, "no undo request to answer")
        if accept:
            if request["at"] != len(self.actions) or self.undo_point(request["by"]) != request["to"]:
                self.undo_request = None
                raise WebError(409, "the undo is no longer possible: the game has moved on")
            await self._truncate(request["to"])
        else:                                     # the player who asked is told (until play goes on)
            self.undo_refused = {"by": request["by"], "at": len(self.actions)}
        self.undo_request = None

    async def _truncate(self, keep: int) -> None:
        """Take the game back to its first ``keep`` actions: stored first, then made live."""
        start = max(k for k in self.checkpoints if k <= keep)
        state = self.checkpoints[start].clone()
        for doc in self.actions[start:keep]:
            apply_doc(state, doc)
        store = self.manager.store

        async def store_then_swap():
            await store.write(store.truncate, self.id, keep, summary_of(state))
            self.state = state
            self.version += 1
            for name in ("actions", "sides_of_action", "dice_before", "checksums"):
                del getattr(self, name)[keep:]
            self.intents = {k: v for k, v in self.intents.items() if k < keep}
            del self.log_len[keep + 1:]
            self.checkpoints = {k: v for k, v in self.checkpoints.items() if k <= keep}
            self.undo_request = None
            self.log_events, self._log_head = [], None      # the log is made again (shorter)
            self._sync_log()
            for sub in self.subscribers:          # pages keep the events before the first undone action
                sub.sent, sub.cut = min(sub.sent, self.log_len[keep]), True

        try:
            await shielded(store_then_swap())
        except StoreError as e:
            raise unavailable(e) from None

    # -- seats ----------------------------------------------------------------------------------
    async def claim(self, code) -> tuple[str, str]:
        return await seats.claim(self, code)

    # -- views ------------------------------------------------------------------------------------
    def _view_key(self) -> tuple:
        return len(self.actions), id(self.state), self.state.dice.calls, len(self.tokens)

    def common_view(self) -> dict:
        """The part of the view every page shares (computed once per change)."""
        s = self.state
        key = self._view_key()
        if self._common and self._common[0] == key:
            return self._common[1]
        known = self._position
        pos = known[1] if known and known[0] == key else s.to_position()
        common = {"id": self.id, "game": self.name, "seq": len(self.actions), "to_act": s.to_act,
                  "over": s.is_over, "result": s.result, "position": public_position(pos),
                  "phase": s.stack[-1][0] if s.stack else None, "moving": self._moving(pos),
                  "players": self.players, "seats": self.seats(),
                  "fairness": fairness(self.name, self.seed, self.salt, s.is_over),
                  "intents": intents.live_view(self), **view_aids(s)}
        self._common = (key, common)
        return common

    def _moving(self, pos: dict):
        """The id of the unit in the middle of its move, if any."""
        u = getattr(self.state, "mv_unit", -1)
        return pos["units"][u]["id"] if u is not None and 0 <= u < len(pos["units"]) else None

    def view(self, token, log_from: int = 0, common: dict | None = None, you: list | None = None) -> dict:
        """What a page holding ``token`` sees; ``log`` holds the events from ``log_from`` on."""
        s = self.state
        you = self.sides_for(token) if you is None else you
        legal, default = [], None
        if s.to_act in you:
            previewable = getattr(s, "has_preview", None)      # a game may say which actions preview a combat
            legal = [{"index": i, "text": s.describe(a), "action": self.game.action_to_json(a)}
                     for i, a in enumerate(s.legal_actions())]
            if previewable:
                for item, a in zip(legal, s.legal_actions()):
                    item["preview"] = previewable(a)
            default = self.default_choice()
        request = self.undo_request
        undo_possible = request is None and any(self.undo_point(side) is not None for side in you)
        refused = self.undo_refused
        refused = refused["by"] if refused and refused["at"] == len(self.actions) and request is None else None
        log_from = max(0, min(int(log_from), len(self.log_events)))
        view = dict(common or self.common_view())
        view.update({"you": you, "legal": legal, "default": default, "log": self.log_events[log_from:], "log_from": log_from,
                     "log_total": len(self.log_events),
                     "undo": {"possible": undo_possible, "requested_by": request and request["by"],
                              "back_to": request and request["to"], "refused_for": refused}})
        return view

    def history(self, n: int) -> dict:
        """The position after the first n actions, replayed from the nearest checkpoint so that a
        replay viewer can step quickly."""
        if not 0 <= n <= len(self.actions):
            raise WebError(404, f"there are {len(self.actions)} actions; no position {n}")
        start = max(k for k in self.checkpoints if k <= n)
        s = self.checkpoints[start].clone()
        for k in range(start, n):
            apply_doc(s, self.actions[k])
        # The page draws the steps of action n (the last one played) and its side panels follow
        # the position: where action n's events start, the result, who is to act.
        return {"n": n, "total": len(self.actions), "position": public_position(s.to_position()),
                "log": [e.to_json() for e in s.log], "step_from": self.log_len[n - 1] if n else self.log_len[0],
                "result": s.result, "to_act": s.to_act, "over": s.is_over,
                "phase": s.stack[-1][0] if s.stack and not s.is_over else None, **intents.history_view(self, n)}

    # -- live pages and bots -------------------------------------------------------------------------
    def broadcast(self) -> None:
        """Queue the new view for every open page, with only the log events it has not had yet.
        Never waits: a page whose queue is full is dropped (it reconnects)."""
        if not self.subscribers:
            return
        common = self.common_view()
        texts: dict = {}          # pages that see the same thing share one serialised message
        pages = []
        for sub in self.subscribers:
            try:
                pages.append((self.sides_for(sub.token), sub))
            except WebError:      # its token is no longer good (never happens today)
                sub.dropped.set()
        # The players' pages first: their senders wake first, ahead of a crowd of spectators.
        pages.sort(key=lambda page: not page[0])
        for you, sub in pages:
            key = (tuple(you), sub.sent, sub.cut)
            if key not in texts:
                view = self.view(sub.token, sub.sent, common, you)
                if sub.cut:
                    view["log_cut"] = True        # the page's log ends at log_from + len(log) now
                texts[key] = orjson.dumps({"type": "view", "view": view}).decode()
            if sub.offer(texts[key]):
                sub.sent, sub.cut = len(self.log_events), False

    def subscribe(self, sub: Subscriber) -> None:
        """A page starts with the whole view, queued before any later one."""
        view = self.view(sub.token, 0)
        sub.offer(orjson.dumps({"type": "view", "view": view}).decode())
        sub.sent = view["log_total"]
        self.subscribers.add(sub)

    async def run_bots(self) -> None:
        """Let the bots play their sides (bot_runner.play_bots)."""
        await play_bots(self)

    def close(self) -> None:
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close:
                close()
        for sub in self.subscribers:
            sub.dropped.set()


async def shielded(coro):
    """Await ``coro`` shielded from the caller's cancellation; if the caller is cancelled, the
    coroutine's own failure (a write refused because the game was deleted meanwhile) is still
    retrieved, never left as "Task exception was never retrieved"."""
    task = asyncio.ensure_future(coro)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)


def _count_new(state, head) -> int:
    """How many events the state's log holds after ``head`` (an earlier point of its chain)."""
    n, node = 0, state._log
    while node is not None and node is not head:
        node = node[0]
        n += 1
    return n


class Manager:
    """All games: created, loaded from the store on first use, kept in memory while used."""

    session_class = GameSession

    def __init__(self, store, limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self.sessions: OrderedDict[str, GameSession] = OrderedDict()    # least recently used first
        self._loading: dict = {}
        self.bot_tasks: dict = {}
        self.sockets = 0
        self.bot_pool = BotPool(self.limits.bot_workers)
        self._loader = ThreadPoolExecutor(2, thread_name_prefix="cwbattles-load")

    def close(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        for s in self.sessions.values():
            s.close()
        self.bot_pool.close()
        self._loader.shutdown(wait=False, cancel_futures=True)

    def kick_bots(self, session: GameSession) -> None:
        """Start the session's bot loop if a bot is to act and no loop runs already."""
        task = self.bot_tasks.get(session.id)
        if session.state.to_act in session.bots and (task is None or task.done()):
            self.bot_tasks[session.id] = asyncio.get_running_loop().create_task(keep_bots_playing(session))

    async def create(self, name, seed, union, confederate, options) -> tuple[GameSession, dict, dict]:
        limits = self.limits
        if not isinstance(name, str) or name not in cwbattles.games():
            raise WebError(400, f"unknown game {ascii(name)[:60]}; known: {cwbattles.games()}")
        players = {"union": check_player(union, limits), "confederate": check_player(confederate, limits)}
        options = check_options(options, limits)
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
                raise WebError(400, f"seed must be a whole number from 0 to 2^63 - 1, got {ascii(seed)[:40]}")
            if "remote" in players.values():
                raise WebError(400, "a game with a remote player gets a secret seed from the server: leave "
                                    "the seed out (a chosen seed is for games against bots or on one screen)")
        if await self.store.read(self.store.open_games) >= limits.max_games:
            raise WebError(429, f"the server holds {limits.max_games} games in progress, its limit: "
                                "finish or delete one, or try later")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        try:
            first = load_game(name, options).new_game(seed=seed)
        except CwbattlesError as e:
            raise WebError(400, str(e)) from None
        tokens = {"creator": secrets.token_urlsafe(18), "spectator": secrets.token_urlsafe(18)}
        for side, p in players.items():
            if p == "me":
                tokens[side] = secrets.token_urlsafe(18)
        if players["union"] == players["confederate"] == "me":
            tokens["both"] = secrets.token_urlsafe(18)
        invites = {side: {"code": secrets.token_urlsafe(18), "claimed": False}
                   for side, p in players.items() if p == "remote"}
        gid = uuid.uuid4().hex[:12]
        try:
            await self.store.write(self.store.create_game, gid, name, seed, new_salt(), options, players, tokens,
                                   invites, summary_of(first), limits.max_games)
        except GameLimit as e:
            raise WebError(429, f"{e}: finish or delete one, or try later") from None
        except StoreError as e:
            raise WebError(503, f"the game could not be stored ({e}); try again") from None
        session = await self.get(gid)
        return session, tokens, {side: inv["code"] for side, inv in invites.items()}

    async def get(self, gid) -> GameSession:
        gid = check_game_id(gid)
        session = self.sessions.get(gid)
        if session is not None:
            self.sessions.move_to_end(gid)
            session.last_used = time.monotonic()
            return session
        pending = self._loading.get(gid)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        pending = self._loading[gid] = loop.create_future()
        try:
            try:
                record = await self.store.read(self.store.game, gid)
                if record is None:
                    raise WebError(404, f"no game {gid!r}")
                try:
                    session = await loop.run_in_executor(self._loader, GameSession, self, record)
                except DamagedGame as e:          # the row reads but does not replay: the lobby says so
                    try:
                        await self.store.write(self.store.mark_damaged, gid, str(e))
                    except StoreError:
                        pass
                    raise
            except DamagedGame as e:
                raise WebError(409, str(e)) from None
            self.sessions[gid] = session
            pending.set_result(session)
        except BaseException as e:
            pending.set_exception(e)
            pending.exception()          # retrieved: nobody else may be waiting for it
            raise
        finally:
            del self._loading[gid]
        self.evict()
        return session

    def evict(self, now: float | None = None) -> int:
        """Let idle games leave memory (the least recently used first, and any beyond
        ``max_live``): they are reloaded from the database when next asked for."""
        now = time.monotonic() if now is None else now
        evicted = 0
        for gid, s in list(self.sessions.items()):
            idle = now - s.last_used > self.limits.idle_seconds
            if not idle and len(self.sessions) <= self.limits.max_live:
                break
            task = self.bot_tasks.get(gid)
            if s.subscribers or s.lock.locked() or s.undo_request or (task is not None and not task.done()):
                continue
            del self.sessions[gid]
            self.bot_tasks.pop(gid, None)
            s.close()
            evicted += 1
        return evicted

    async def delete(self, gid, token) -> None:
        """Only the creator's token deletes a game (any game, between bots or damaged included,
        whatever its stored id); a game whose tokens cannot be read is deleted by the server's
        operator (``cwbattles admin delete ID``)."""
        gid = check_any_id(gid)
        token = check_token(token)
        try:
            tokens = await self.store.read(self.store.access, gid)
        except DamagedGame as e:
            raise WebError(409, f"{e}: its creator cannot be known, so only the server's operator can delete "
                                "it (cwbattles admin delete ID)") from None
        if tokens is None:
            raise WebError(404, f"no game {ascii(gid)[:80]}")
        if token is None or not secrets.compare_digest(tokens["creator"].encode(), token.encode()):
            raise WebError(403, "only the creator of a game can delete it")
        try:
            await self.store.write(self.store.delete, gid)
        except StoreError as e:
            raise unavailable(e) from None
        session = self.sessions.pop(gid, None)
        task = self.bot_tasks.pop(gid, None)
        if session is not None:
            session.deleted = True                # a decision still being thought is never stored
        if task is not None:
            task.cancel()                         # never waited for: its process finishes alone
        if session is not None:
            session.close()
