"""Viewers' updates built in a worker process, off the server's event loop.

Building the updates of a move (each viewer's view, the words for it, the steps of the
move, the JSON) costs more than everything else the server does for that move. A render
worker keeps its own copy of each table's game, so a move travels to it as a few words (the
table, its version, the action) and comes back as one encoded update per seat that watches
(one for all the spectators). A table always goes to the same worker; when the worker's
copy is missing or behind (a new or restarted worker, a table it dropped) the job carries
the table's record and the copy is rebuilt from it. With no worker processes
(``Settings.render_workers`` 0) the same code runs in the server process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import zlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import msgspec

from .kinds import TableGame, table_game
from .messages import update_fields

__all__ = ["Job", "Record", "RenderPool", "Renderer"]

log = logging.getLogger(__name__)

COPIES = 20_000  # tables' games one renderer keeps (the least recently used go first)
_PRELOAD = ["coltexpress.server.render", "coltexpress.server.words", "coltexpress.server.se_words"]

Record = tuple[str, dict[str, Any], int, list[str]]  # game, options, seed, actions so far
_encode = msgspec.json.Encoder().encode


@dataclass(frozen=True)
class Job:
    """The updates of one change of a table: ``action`` applied at ``version`` (None: the
    table as it stands, when the host starts it), for ``seats`` (None: the spectators),
    each message starting with ``header``; ``record`` to rebuild the copy first."""

    table: str
    version: int
    action: str | None
    seats: tuple[int | None, ...]
    header: dict[str, Any]
    record: Record | None = None


@dataclass
class _Copy:
    kind: TableGame
    game: Any
    round_start: Any  # the game as its current round was dealt (round summaries)
    version: int


class Renderer:
    """Copies of tables' games, and the updates built from them."""

    def __init__(self, limit: int = COPIES) -> None:
        self.limit = limit
        self.copies: OrderedDict[str, _Copy] = OrderedDict()

    def run(self, job: Job) -> dict[int | None, str] | None:
        """The encoded update of each seat of ``job``; None when this renderer's copy of
        the table is not at the job's version (send the record)."""
        if job.record is not None:
            self.copies[job.table] = _rebuild(job.record)
        copy = self.copies.get(job.table)
        if copy is None or copy.version != job.version:
            return None
        self.copies.move_to_end(job.table)
        while len(self.copies) > self.limit:
            self.copies.popitem(last=False)
        before, game, frames = None, copy.game, None
        if job.action is not None:
            before = copy.game
            game = before.clone()
            frames = game.apply_frames(job.action)
        texts = {
            seat: _encode(
                {**job.header, **update_fields(copy.kind, game, seat, frames, before,
                                               copy.round_start)}
            ).decode()
            for seat in job.seats
        }
        if before is not None:
            copy.game, copy.version = game, copy.version + 1
            if game.round_no != before.round_no:
                copy.round_start = game.clone()
        return texts

    def drop(self, table: str) -> None:
        self.copies.pop(table, None)


def _rebuild(record: Record) -> _Copy:
    name, options, seed, actions = record
    kind = table_game(name)
    game = kind.new(options, seed)
    round_start = game.clone()
    for action in actions:
        round_no = game.round_no
        game.apply(action)
        if game.round_no != round_no:
            round_start = game.clone()
    return _Copy(kind, game, round_start, len(actions))


_WORKER = Renderer()  # in a worker process: the copies of its tables


def _run(job: Job) -> dict[int | None, str] | None:
    return _WORKER.run(job)


def _drop(table: str) -> None:
    _WORKER.drop(table)


class RenderPool:
    """The render workers of one server process (``workers`` 0: render here). A table goes
    to one worker (its id's hash), whose jobs run one at a time in order."""

    def __init__(self, workers: int) -> None:
        self.local = Renderer()
        self.pools: list[ProcessPoolExecutor | None] = [None] * workers
        self.generation = [0] * workers  # bumped when a worker is replaced
        self.known: dict[str, tuple[int, int]] = {}  # table -> (generation, its copy's version)

    def _shard(self, table: str) -> int:
        return zlib.crc32(table.encode()) % len(self.pools)

    def _pool(self, index: int) -> ProcessPoolExecutor:
        pool = self.pools[index]
        if pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(_PRELOAD)
            pool = self.pools[index] = ProcessPoolExecutor(1, mp_context=context)
        return pool

    async def _run(self, index: int | None, job: Job) -> dict[int | None, str] | None:
        if index is None:
            return self.local.run(job)
        return await asyncio.wrap_future(self._pool(index).submit(_run, job))

    async def updates(
        self,
        table: str,
        version: int,
        action: str | None,
        seats: set[int | None],
        header: dict[str, Any],
        record: Callable[[], Record],
    ) -> dict[int | None, str]:
        """Each seat's encoded update for ``action`` at ``version`` of ``table`` (see
        ``Job``); ``record()`` gives the table's record at ``version`` when a copy needs
        it. A worker that fails is replaced, and this once the updates are built here."""
        index = self._shard(table) if self.pools else None
        generation = self.generation[index] if index is not None else 0
        fresh = self.known.get(table) == (generation, version)
        job = Job(table, version, action, tuple(seats), header, None if fresh else record())
        try:
            texts = await self._run(index, job)
            if texts is None:  # the copy was dropped or is behind: rebuild it
                texts = await self._run(index, replace(job, record=record()))
            if texts is None:
                raise RuntimeError(f"the renderer could not rebuild table {table}")
        except Exception:
            log.exception("rendering table %s failed; built in this process instead", table)
            self.known.pop(table, None)
            if index is not None:
                self._replace(index)
            texts = Renderer(1).run(replace(job, record=record()))
            assert texts is not None
            return texts
        self.known[table] = (generation, version + (action is not None))
        return texts

    def _replace(self, index: int) -> None:
        pool, self.pools[index] = self.pools[index], None
        self.generation[index] += 1
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def forget(self, table: str) -> None:
        """The table left this process: its copy may go."""
        if self.known.pop(table, None) is None:
            return
        if not self.pools:
            self.local.drop(table)
            return
        pool = self.pools[self._shard(table)]
        if pool is not None:
            with contextlib.suppress(RuntimeError):  # the pool is shutting down
                pool.submit(_drop, table)

    async def close(self) -> None:
        pools, self.pools = [p for p in self.pools if p is not None], []
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
