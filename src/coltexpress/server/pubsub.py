"""'Table T changed' notices between server processes.

One process needs no broker (:class:`LocalBus`); several share Redis pub/sub
(:class:`RedisBus`). A notice carries only the table id: every process reads what changed
from the database and builds its own viewers' messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Bus", "LocalBus", "RedisBus", "make_bus"]

CHANNEL = "coltexpress:tables"
Handler = Callable[[str], Awaitable[None]]
log = logging.getLogger(__name__)


class Bus:
    """Publish 'table changed'; the handler runs for every notice, own ones included."""

    shared = False  # True when other processes may change the same tables

    def __init__(self) -> None:
        self.handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, table_id: str) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        """Stop listening."""


class LocalBus(Bus):
    """A single process: the notice goes straight to the handler."""

    async def publish(self, table_id: str) -> None:
        if self.handler is not None:
            await self.handler(table_id)


class RedisBus(Bus):
    """Redis pub/sub on one channel."""

    shared = True

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis.asyncio as aioredis

        self.url = url
        self.redis: Any = aioredis.from_url(url)
        self.pubsub: Any = None
        self.task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        await super().start(handler)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # a lost broker must not kill the server: retry
                log.exception("redis pub/sub failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if message is None or message.get("type") != "message":
                continue
            data = message["data"]
            table_id = data.decode() if isinstance(data, bytes) else str(data)
            if self.handler is not None:
                try:
                    await self.handler(table_id)
                except Exception:
                    log.exception("handling a notice for table %s failed", table_id)

    async def publish(self, table_id: str) -> None:
        await self.redis.publish(CHANNEL, table_id)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.pubsub is not None:
            await self.pubsub.aclose()
        await self.redis.aclose()


def make_bus(url: str | None) -> Bus:
    return RedisBus(url) if url else LocalBus()
