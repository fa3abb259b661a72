"""Live pages: each open WebSocket is a subscriber with a bounded queue of its own.

An action's request only puts the new view into each subscriber's queue (``offer``, which never
waits); a task per connection (``pump``) sends what is queued. A page that does not keep up
(its queue is full: it stopped reading, or its network is too slow) is dropped: its socket is
closed with code 1013 ("try again later") and the page reconnects, receiving the whole view
again. So no page, however slow, can hold up an action or another page.
"""

from __future__ import annotations

import asyncio

TRY_AGAIN = 1013          # WebSocket close code: the page was too slow, reconnect


class Subscriber:
    """One open page: its token, how much of the log it has been sent, and its queue."""

    __slots__ = ("ws", "token", "sent", "cut", "queue", "dropped")

    def __init__(self, ws, token, sent: int, size: int):
        self.ws, self.token, self.sent = ws, token, sent
        self.cut = False          # an undo shortened the log: the next view says where it now ends
        self.queue: asyncio.Queue = asyncio.Queue(size)
        self.dropped = asyncio.Event()

    def offer(self, text: str) -> bool:
        """Queue a message without waiting; False (and the page is dropped) if it is full."""
        if self.dropped.is_set():
            return False
        try:
            self.queue.put_nowait(text)
            return True
        except asyncio.QueueFull:
            self.dropped.set()
            return False

    async def pump(self) -> None:
        """Send the queued messages in order, for as long as the connection lives."""
        while True:
            text = await self.queue.get()
            await self.ws.send_text(text)


async def serve(sub: Subscriber) -> bool:
    """Run a connection until the page leaves or is dropped; True if it was dropped."""
    async def listen():
        while True:
            message = await sub.ws.receive()
            if message["type"] == "websocket.disconnect":
                return

    tasks = [asyncio.ensure_future(c) for c in (sub.pump(), listen(), sub.dropped.wait())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # cancelled, not awaited: a connection being torn down must not wait on its own helpers
        for t in tasks:
            t.cancel()
            t.add_done_callback(_quiet)
    if sub.dropped.is_set():
        try:   # a page that stopped reading may never take the close frame: do not wait for it
            await asyncio.wait_for(sub.ws.close(code=TRY_AGAIN, reason="too slow: reconnect"), 1.0)
        except Exception:
            pass
        return True
    return False


def _quiet(task: asyncio.Task) -> None:
    """Retrieve a finished helper's exception (a send to a closed socket) so nobody reports it."""
    if not task.cancelled():
        task.exception()
