"""A server killed with SIGKILL in the middle of games, started again on the same database,
resumes every game exactly where it was: no acknowledged action is lost."""

import os
import signal
import socket
import subprocess
import sys
import time

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db, port):
    proc = subprocess.Popen([sys.executable, "-m", "cwbattles.cli", "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/bots", timeout=0.5)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def test_sigkill_and_restart_lose_nothing(tmp_path):
    db, port = str(tmp_path / "games.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port)
    try:
        games = []
        for seed in (1, 2, 3):
            g = httpx.post(f"{base}/api/games", json={"seed": seed, "union": "me", "confederate": "me"}).json()
            games.append((g["id"], g["tokens"]["both"]))
        last = {}
        for step in range(40):
            for gid, tok in games:
                v = httpx.get(f"{base}/api/games/{gid}/view", params={"token": tok}).json()
                r = httpx.post(f"{base}/api/games/{gid}/actions",
                               json={"token": tok, "seq": v["seq"], "action": v["legal"][step % len(v["legal"])]["action"]})
                assert r.status_code == 200, r.text
                last[gid] = r.json()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    proc = start_server(db, port)
    try:
        for gid, tok in games:
            v = httpx.get(f"{base}/api/games/{gid}/view", params={"token": tok}).json()
            assert v["seq"] == last[gid]["seq"] == 40
            assert v["position"] == last[gid]["position"]
            assert [a["action"] for a in v["legal"]] == [a["action"] for a in last[gid]["legal"]]
    finally:
        proc.kill()
        proc.wait()
