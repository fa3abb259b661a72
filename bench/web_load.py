"""Load on the web app, on loopback only, bounded in count and time.

    python bench/web_load.py [--games 100] [--actions 20] [--think 1.0] [--seconds 120] [--spectators 1000]
                             [--search-bots 4]

Starts a server on 127.0.0.1 (a fresh SQLite file), creates N two-player games (each side's
invite claimed, as a browser would), opens a WebSocket for each side, then has every game's
player to act send actions concurrently. For each action it measures the time from sending the
POST to receiving the update on the OTHER side's WebSocket, and prints actions per second and
p50/p99 latency. With ``--spectators S`` the first game also has S spectator WebSockets open
(each reading as a browser would): for that game's actions it prints the time until the LAST
spectator has the update, and how many spectators the server dropped as too slow. With
``--search-bots K`` K more games of ``bot:mcts:10s`` against itself think all along (the server's
pool of search processes busy), and one game of a person against ``bot:random`` measures the time
from the person's action to the random bot's answer on the person's page.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import orjson
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().split(")")[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


async def wait_up(base: str) -> None:
    async with httpx.AsyncClient() as c:
        for _ in range(200):
            try:
                await c.get(f"{base}/api/bots")
                return
            except httpx.HTTPError:
                await asyncio.sleep(0.05)
    raise SystemExit("server did not start")


async def claimed_tokens(client, base, g) -> dict:
    """The creator's tokens plus a token for each remote side, claimed from its invite."""
    tokens = dict(g["tokens"])
    for side, link in g.get("invites", {}).items():
        gid, code = link.split("/game/")[1].split("?invite=")
        tokens[side] = (await client.post(f"{base}/api/games/{gid}/claim", json={"invite": code})).json()["token"]
    return tokens


async def spectate(url, arrivals, dropped, ready):
    """One spectator page: read every view, noting when each action number arrives."""
    async with websockets.connect(url, compression=None, max_size=None) as ws:
        ready.release()
        try:
            async for text in ws:
                arrivals.setdefault(orjson.loads(text)["view"]["seq"], []).append(time.perf_counter())
        except websockets.ConnectionClosed:
            pass
        if ws.close_code == 1013:
            dropped.append(1)


def spectators_process(url, count, pipe) -> None:
    """The spectators live in a process of their own, so that reading their thousand copies of
    every view never delays the players' client (and its measurements). perf_counter is the
    system's monotonic clock: its times compare across processes."""
    async def run():
        arrivals, dropped, ready = {}, [], asyncio.Semaphore(0)
        watchers = [asyncio.ensure_future(spectate(url, arrivals, dropped, ready)) for _ in range(count)]
        for _ in range(count):
            await ready.acquire()
        pipe.send("ready")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)           # "stop"
        for w in watchers:
            w.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
        pipe.send((arrivals, len(dropped)))
    asyncio.run(run())


async def one_game(base, ws_base, client, n_actions, latencies, deadline, think, rng, spectators=0, fanout=None):
    g = (await client.post(f"{base}/api/games", json={"union": "remote", "confederate": "remote"})).json()
    gid, tokens = g["id"], await claimed_tokens(client, base, g)
    watchers, sent = None, {}
    if spectators:
        import multiprocessing
        ours, theirs = multiprocessing.Pipe()
        url = f"{ws_base}/ws/games/{gid}?token={tokens['spectator']}"
        watchers = multiprocessing.Process(target=spectators_process, args=(url, spectators, theirs))
        watchers.start()
        await asyncio.get_running_loop().run_in_executor(None, ours.recv)     # all connected
    socks = {side: await websockets.connect(f"{ws_base}/ws/games/{gid}?token={tokens[side]}", compression=None, max_size=None) for side in ("union", "confederate")}
    views = {}
    for side, ws in socks.items():
        views[side] = orjson.loads(await ws.recv())["view"]
    done = 0
    try:
        while done < n_actions and time.time() < deadline:
            actor = views["union"]["to_act"]
            if actor is None:
                break
            other = "confederate" if actor == "union" else "union"
            v = views[actor]
            action = v["legal"][done % len(v["legal"])]["action"]
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))   # a player thinks
            t0 = time.perf_counter()
            sent[v["seq"] + 1] = t0
            r = await client.post(f"{base}/api/games/{gid}/actions",
                                  json={"token": tokens[actor], "seq": v["seq"], "action": action})
            if r.status_code != 200:
                raise RuntimeError(r.text)
            want = v["seq"] + 1
            while True:                      # the other side's page hears of it
                msg = orjson.loads(await socks[other].recv())
                if msg["view"]["seq"] >= want:
                    break
            latencies.append(time.perf_counter() - t0)
            views[other] = msg["view"]
            while True:                      # and so does the actor's own page
                msg = orjson.loads(await socks[actor].recv())
                if msg["view"]["seq"] >= want:
                    views[actor] = msg["view"]
                    break
            done += 1
    finally:
        for ws in socks.values():
            await ws.close()
        if watchers:
            await asyncio.sleep(2.0)               # the last views reach the last spectators
            ours.send("stop")
            arrivals, dropped = await asyncio.get_running_loop().run_in_executor(None, ours.recv)
            watchers.join()
            fanout["dropped"] = dropped
            fanout["last"] = [max(arrivals[seq]) - t0 for seq, t0 in sent.items()
                              if len(arrivals.get(seq, ())) >= spectators - dropped]
    return done


async def search_game(base, client, k) -> None:
    r = await client.post(f"{base}/api/games", json={"seed": k, "union": "bot:mcts:10s", "confederate": "bot:mcts:10s"})
    if r.status_code != 200:
        raise RuntimeError(r.text)


async def random_bot_game(base, ws_base, client, n_actions, deadline, think, rng, bot_moves) -> None:
    """A person against bot:random: from the person's POST to the bot's move on their page."""
    g = (await client.post(f"{base}/api/games", json={"seed": 5, "union": "me", "confederate": "bot:random"})).json()
    gid, token = g["id"], g["tokens"]["union"]
    async with websockets.connect(f"{ws_base}/ws/games/{gid}?token={token}", compression=None, max_size=None) as ws:
        v = orjson.loads(await ws.recv())["view"]
        while v["to_act"] != "union" and not v["over"]:
            v = orjson.loads(await ws.recv())["view"]
        done = 0
        while done < n_actions and time.time() < deadline and not v["over"]:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = v["legal"][done % len(v["legal"])]["action"]
            t0 = time.perf_counter()
            r = await client.post(f"{base}/api/games/{gid}/actions", json={"token": token, "seq": v["seq"], "action": action})
            if r.status_code != 200:
                raise RuntimeError(r.text)
            mine, first = r.json()["seq"], True
            while True:                      # this action's view on the page, then the bot's moves
                v = orjson.loads(await ws.recv())["view"]
                if v["seq"] < mine:
                    continue                 # views of earlier actions still queued
                if v["seq"] > mine and first:
                    bot_moves.append(time.perf_counter() - t0)
                    first = False
                if v["to_act"] == "union" or v["over"]:
                    break
            done += 1


async def main_async(args) -> None:
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    db = os.path.join(tempfile.mkdtemp(), "load.sqlite3")
    caps = ["--max-games", str(args.games + args.search_bots + 10),
            "--max-sockets", str(2 * args.games + args.spectators + 100)]
    proc = subprocess.Popen([sys.executable, "-m", "cwbattles.cli", "serve", "--port", str(port), "--db", db, *caps],
                            stdout=subprocess.DEVNULL, stderr=open(db + ".log", "w"))
    print(f"server log: {db}.log")
    try:
        await wait_up(base)
        cpu_before = server_cpu_seconds(proc.pid)
        latencies: list[float] = []
        deadline = time.time() + args.seconds
        limits = httpx.Limits(max_connections=args.games * 2, keepalive_expiry=1.0)   # under the server's 5 s
        async with httpx.AsyncClient(limits=limits, timeout=30) as client:
            t0 = time.perf_counter()
            rng = random.Random(args.seed)
            fanout = {"dropped": 0, "last": []}
            bot_moves: list[float] = []
            for k in range(args.search_bots):
                await search_game(base, client, k)
            extra = [random_bot_game(base, ws_base, client, args.actions, deadline, args.think or 0.2,
                                     random.Random(rng.random()), bot_moves)] if args.search_bots else []
            counts = await asyncio.gather(*(one_game(base, ws_base, client, args.actions, latencies, deadline,
                                                     args.think, random.Random(rng.random()),
                                                     args.spectators if i == 0 else 0, fanout)
                                            for i in range(args.games)), *extra)
            counts = counts[:args.games]
            elapsed = time.perf_counter() - t0
        total = sum(counts)
        server_cpu = server_cpu_seconds(proc.pid) - cpu_before if cpu_before is not None else None
        client_cpu = sum(os.times()[:2])
        q = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [0] * 99
        print(f"games: {args.games} concurrent, {2 * args.games} WebSocket clients, loopback; "
              f"each game acts every {args.think:g} s on average" if args.think else
              f"games: {args.games} concurrent, {2 * args.games} WebSocket clients, loopback; no think time "
              f"(every game acts as fast as the server answers: a saturation test)")
        print(f"actions: {total} in {elapsed:.1f} s = {total / elapsed:.0f} actions/s")
        if server_cpu is not None:
            print(f"CPU per action: server {server_cpu / max(total, 1) * 1000:.2f} ms, "
                  f"load generator {client_cpu / max(total, 1) * 1000:.2f} ms")
        print(f"latency, POST sent to the other side's update received: p50 {q[49] * 1000:.1f} ms, "
              f"p99 {q[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
        if bot_moves:
            b = statistics.quantiles(bot_moves, n=100) if len(bot_moves) >= 2 else bot_moves * 99
            print(f"with {args.search_bots} games of bot:mcts:10s thinking: a person's POST to bot:random's move on "
                  f"their page: p50 {b[49] * 1000:.1f} ms, p99 {b[98] * 1000:.1f} ms over {len(bot_moves)} moves")
        if args.spectators:
            last = fanout["last"]
            f = statistics.quantiles(last, n=100) if len(last) >= 2 else [last[0] if last else 0] * 99
            print(f"the first game with {args.spectators} spectator WebSockets: {len(last)} actions; POST sent to "
                  f"the last spectator's update received: p50 {f[49] * 1000:.1f} ms, p99 {f[98] * 1000:.1f} ms; "
                  f"{fanout['dropped']} spectators dropped as too slow")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--actions", type=int, default=20, help="actions per game")
    ap.add_argument("--seconds", type=float, default=120, help="stop sending after this long")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds between a game's actions (0: as fast as possible)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spectators", type=int, default=0, help="spectator WebSockets open on the first game")
    ap.add_argument("--search-bots", type=int, default=0,
                    help="games of bot:mcts:10s against itself thinking all along, and one person against bot:random")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
