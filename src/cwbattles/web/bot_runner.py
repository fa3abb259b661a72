"""Where the server's bots think, and the loop that lets them play their sides.

Search bots (``mcts...``, ``commander...``) think in ONE bounded pool of worker processes for the whole server
(``cwbattles serve --bot-workers N``, at most the cores): never in the server's own process,
so a search never holds the event loop, or the GIL that serves every other game. A game has at
most one decision in the pool at a time and the pool serves decisions in the order they came,
so games take turns. The processes start on the first search and end after ``IDLE_SECONDS``
without one. A decision there uses one process: a spec's ``Nw`` does not start processes of its
own on the server. Quick bots (``random``, ``heuristic``: milliseconds) think in two threads.

Each decision is tied to the position it was computed for (the session's ``version``, which
every change of the game moves on): a decision that comes back after the game moved on (an
undo, another action) is discarded and the bot asked again. A bot loop that fails is logged
and started again; it never leaves a game waiting.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing as mp
import os
import secrets
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from . import intents
from .limits import is_search
from .store import StoreError

log = logging.getLogger("cwbattles.web.bots")
IDLE_SECONDS = 60.0          # the search processes end after this long without a decision
SEARCH_NICENESS = 10         # the search processes' priority below the server's
RESTARTS = 5                 # a failing bot loop is started again this many times in a row, at most
_GAMES: dict = {}            # in a worker process: the games loaded so far


def _yield_the_cores() -> None:
    """A search worker runs at a lower priority than the server: on a machine whose cores the
    searches fill, the server's process still gets a core at once to answer requests."""
    try:
        os.nice(SEARCH_NICENESS)
    except OSError:
        pass


def think(game_name: str, options: dict, position: dict, dice_seed: int, bot):
    """In a worker process: the bot's choice in the position (its dice re-seeded: the bot
    cannot peek at the real rolls), as JSON, and the bot as the choice left it (its generator,
    its plan)."""
    import cwbattles
    key = (game_name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = cwbattles.load(game_name, options=options or None)
    state = game.from_position(position)
    state.dice.reseed(dice_seed)
    if hasattr(bot, "workers"):
        bot.workers = 1               # the server's pool is the bound on processes
    action = bot.choose(state)
    return game.action_to_json(action), bot


def end_processes(pool: ProcessPoolExecutor) -> None:
    """Shut a process pool down at once, ending its busy workers (the pool has no other way)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


class BotPool:
    """The server's search processes (started on demand, ended when idle) and quick threads."""

    def __init__(self, workers: int):
        self.workers = max(1, int(workers))
        self._processes: ProcessPoolExecutor | None = None
        self._quick = ThreadPoolExecutor(2, thread_name_prefix="cwbattles-bot")
        self.thinking = 0                    # decisions in the process pool now
        self.last_used = time.monotonic()

    def processes(self) -> ProcessPoolExecutor:
        if self._processes is None:
            methods = mp.get_all_start_methods()
            context = mp.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._processes = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_yield_the_cores)
        return self._processes

    def process_ids(self) -> list[int]:
        """The worker processes alive now (for tests and the curious)."""
        pool = self._processes
        return [p.pid for p in (getattr(pool, "_processes", None) or {}).values()] if pool else []

    async def choose(self, spec: str, bot, state):
        """The bot's choice in ``state`` (a copy whose dice the caller has re-seeded)."""
        loop = asyncio.get_running_loop()
        if not is_search(spec):
            return await loop.run_in_executor(self._quick, bot.choose, state)
        game = state.game
        self.thinking += 1
        try:
            doc, after = await loop.run_in_executor(
                self.processes(), think, game.name, dict(game.options), state.to_position(),
                secrets.randbits(62), bot)
        finally:
            self.thinking -= 1
            self.last_used = time.monotonic()
        bot.__dict__.update(after.__dict__)      # its generator and plan go on from there
        return game.action_from_json(doc, "bot")

    def release_if_idle(self, now: float | None = None) -> bool:
        """End the search processes if no decision has needed them for IDLE_SECONDS."""
        now = time.monotonic() if now is None else now
        if self._processes is None or self.thinking or now - self.last_used < IDLE_SECONDS:
            return False
        pool, self._processes = self._processes, None
        pool.shutdown(wait=False, cancel_futures=True)
        return True

    def close(self) -> None:
        """Never waits: a decision still being thought is abandoned with its process (ended, or
        the server's exit would wait for it)."""
        if self._processes is not None:
            end_processes(self._processes)
            self._processes = None
        self._quick.shutdown(wait=False, cancel_futures=True)


async def play_bots(session) -> None:
    """Let bots play while a bot's side is to act, telling every page after each action. A
    decision is stored only if the game is still in the position it was made for, with what
    the bot said it intends when that changed (``web.intents``)."""
    failures = 0
    while not session.deleted and not session.state.is_over and session.state.to_act in session.bots:
        side = session.state.to_act
        version = session.version
        snapshot = session.state.clone()
        snapshot.dice.reseed(secrets.randbits(62))
        action = await session.manager.bot_pool.choose(session.players[side][4:], session.bots[side], snapshot)
        async with session.lock:
            if session.deleted or session.version != version or session.state.to_act != side:
                continue                      # the game moved on meanwhile (an undo): ask again
            if action not in session.state.legal_actions():
                raise RuntimeError(f"the {side} bot chose an illegal action: {action!r}")
            try:      # what the bot intends, if it says and it changed, is stored with its action
                await session.commit([(action, side, intents.note(session, side, session.bots[side]))])
            except StoreError as e:
                failures += 1
                if failures >= 3:
                    log.warning("game %s: the %s bot's action could not be stored (%s); the next request "
                                "for this game starts the bots again", session.id, side, e)
                    return
                await asyncio.sleep(0.5 * failures)
                continue
        failures = 0
        session.last_used = time.monotonic()
        session.broadcast()


async def keep_bots_playing(session) -> None:
    """The bot loop, started again (and logged) if it fails: a game never waits for a bot whose
    task died. Cancelled (the game deleted, the server stopping) it just stops."""
    for attempt in range(RESTARTS + 1):
        try:
            await play_bots(session)
            return
        except asyncio.CancelledError:
            raise
        except Exception:                                     # noqa: BLE001 (logged, then retried)
            log.exception("game %s: the bot loop failed (attempt %d); starting it again", session.id, attempt + 1)
            await asyncio.sleep(0.1 * (attempt + 1))
    log.error("game %s: the bot loop failed %d times; it waits for the next request", session.id, RESTARTS + 1)
