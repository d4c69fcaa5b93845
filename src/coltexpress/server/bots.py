"""Bots think in worker processes, never on the server's event loop.

A bot's decision is stateless: the agent of the seat's level is built for that one decision
from the table's seed, the seat and the table's version, and given a copy of the game (the
agent reads only its seat's ``Observation``). So a bot decides the same whatever process
asks, after a restart too, and the workers keep nothing between decisions.

The workers are forked from a ``forkserver`` that has the agents and the games imported:
a new pool starts in milliseconds, and no worker inherits the server's threads or sockets.
They run at a lower priority (``nice``) than the server, so a thinking bot takes the CPU the
event loop does not need.
"""

from __future__ import annotations

import asyncio
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .lifeline import worker_pool

__all__ = ["BotPool", "bot_seed", "decide", "default_workers"]

_PRELOAD = ["coltexpress.server.bots", "coltexpress.tournament", "coltexpress.games"]


def default_workers() -> int:
    """One worker per core, at least one: bots think while the event loop waits."""
    return max(1, os.cpu_count() or 1)


def bot_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the agent that decides for ``seat`` at ``version`` of a table."""
    return random.Random(f"{table_seed}/bot/{seat}/{version}").getrandbits(63)


def decide(spec: str, seed: int, game: Any) -> int:
    """The action id the agent ``spec`` (``tournament.parse_agent``) seeded ``seed``
    chooses in ``game``; runs in a worker."""
    from ..tournament import make_agent, parse_agent

    return make_agent(parse_agent(spec), seed).act(game)


class BotPool:
    """The worker processes of one server process; ``close`` when the server stops."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, _PRELOAD)
        return self._pool

    async def act(self, spec: str, seed: int, game: Any) -> int:
        """The action id the bot chooses; raises what the agent raised. A pool whose
        worker died is replaced for the next decision (this one raises)."""
        pool = self._executor()
        try:
            return await asyncio.wrap_future(pool.submit(decide, spec, seed, game))
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        """Stop the workers (decisions in progress are abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
