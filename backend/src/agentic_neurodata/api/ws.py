"""WebSocket broadcast: every state change reaches every connected client, in order."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

CLIENT_QUEUE_LIMIT = 10_000


class Broadcaster:
    """Receives events from any thread (StateStore subscribers) and fans them out on the loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._clients: set[asyncio.Queue[dict[str, Any]]] = set()

    @property
    def client_count(self) -> int:
        return len(self._clients)

    def publish(self, event: dict[str, Any]) -> None:
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._fan_out, event)

    def _fan_out(self, event: dict[str, Any]) -> None:
        for queue in list(self._clients):
            if queue.full():  # a client that stopped reading must not hold memory forever
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(event)

    def register(self) -> asyncio.Queue[dict[str, Any]]:
        """A new client's queue, receiving events from now on. Register before reading the state for
        the client's first message, so no change between the two is lost (one seen twice is harmless)."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=CLIENT_QUEUE_LIMIT)
        self._clients.add(queue)
        return queue

    def unregister(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        self._clients.discard(queue)

    async def serve(self, websocket: WebSocket, hello: dict[str, Any], queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Send `hello`, then every event queued for this client; unregisters it when it leaves."""
        try:
            await websocket.accept()
            await websocket.send_json(hello)
            receiver = asyncio.create_task(self._drain_incoming(websocket, queue))
            while not receiver.done():
                getter = asyncio.create_task(queue.get())
                done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
                if getter in done:
                    await websocket.send_json(getter.result())
                else:
                    getter.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.unregister(queue)

    @staticmethod
    async def _drain_incoming(websocket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Clients need not send anything; reading tells us when they leave. 'ping' gets 'pong'
        (through the queue, so only one task ever sends)."""
        while True:
            message = await websocket.receive()
            if message.get("type") == "websocket.disconnect":
                return
            if message.get("text") == "ping" and not queue.full():
                queue.put_nowait({"type": "pong"})
