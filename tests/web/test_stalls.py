"""No client can stall a game: a page that opens the live socket and never reads is dropped
once its queue is full, while every action goes on answering at once (issue 19, point 4).
A real server on loopback: the stall needs real socket buffers to fill."""

import base64
import os
import socket
import struct
import tempfile
import time
from pathlib import Path

import httpx

from .test_kill_restart import free_port, start_server

ACTIONS = 400          # the unbounded server hung after about 255 (its socket buffers full)


def stalled_socket(port, gid, token):
    """A WebSocket that completes its handshake, then never reads (a tiny receive buffer)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/games/{gid}?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s


def read_to_end(sock, timeout=10.0):
    """Read what the server sent until its close frame or the end of the connection: (closed?,
    close code or None). A page dropped while its socket was full may get no close frame."""
    sock.settimeout(timeout)
    data, i = b"", 0
    while True:
        while True:                               # the complete frames read so far
            if i + 2 > len(data):
                break
            opcode, n, j = data[i] & 0x0F, data[i + 1] & 0x7F, i + 2
            extended = {126: 2, 127: 8}.get(n, 0)
            if j + extended > len(data):          # the frame's length not all read yet
                break
            if n == 126:
                n, j = struct.unpack(">H", data[j:j + 2])[0], j + 2
            elif n == 127:
                n, j = struct.unpack(">Q", data[j:j + 8])[0], j + 8
            if j + n > len(data):
                break
            if opcode == 8:
                return True, struct.unpack(">H", data[j:j + 2])[0] if n >= 2 else None
            i = j + n
        try:
            chunk = sock.recv(1 << 20)
        except (socket.timeout, ConnectionError):
            return False, None
        if not chunk:
            return True, None
        data += chunk


def test_a_page_that_never_reads_stalls_nothing(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # on tmpfs where there is one: this test is about sockets, not about waiting for the disk
    db = tmp_path / "games.sqlite3" if not os.path.isdir("/dev/shm") else Path(tempfile.mkdtemp(dir="/dev/shm")) / "g.sqlite3"
    proc = start_server(str(db), port)
    try:
        g = httpx.post(f"{base}/api/games", json={"seed": 1, "union": "me", "confederate": "me"}).json()
        gid, tok = g["id"], g["tokens"]["both"]
        silent = stalled_socket(port, gid, tok)
        v = httpx.get(f"{base}/api/games/{gid}/view", params={"token": tok}).json()
        slowest = 0.0
        with httpx.Client(timeout=5.0) as c:
            for step in range(ACTIONS):
                if v["over"]:
                    break
                t0 = time.perf_counter()
                r = c.post(f"{base}/api/games/{gid}/actions",
                           json={"token": tok, "seq": v["seq"], "action": v["legal"][step % len(v["legal"])]["action"]})
                slowest = max(slowest, time.perf_counter() - t0)
                assert r.status_code == 200, r.text
                v = r.json()
        assert v["seq"] >= ACTIONS - 1 and slowest < 2.0
        # The server let go of the silent page (with "try again later", 1013, if the close frame
        # got through); a page that reads is served.
        closed, code = read_to_end(silent)
        assert closed and code in (None, 1013)
        silent.close()
        import websockets.sync.client as wsc
        with wsc.connect(f"ws://127.0.0.1:{port}/ws/games/{gid}?token={tok}", max_size=None) as ws:
            import json
            assert json.loads(ws.recv(timeout=5))["view"]["seq"] == v["seq"]
    finally:
        proc.kill()
        proc.wait()
