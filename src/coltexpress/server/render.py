"""Viewers' updates built in a worker process, off the server's event loop, or in the
server's process while its event loop has time (``RenderPool``).

Building the updates of a move (each viewer's view, the words for it, the steps of the
move, the JSON) costs more than everything else the server does for that move. A render
worker keeps its own copy of each table's game, so a move travels to it as a few words (the
table, its version, the action) and comes back as one encoded update per seat that watches
(one for all the spectators). A table always goes to the same worker; when the worker's
copy is missing or behind (a new or restarted worker, a table it dropped) the job carries
the table's record and the copy is rebuilt from it. With no worker processes
(``Settings.render_workers`` 0) the same code runs in the server process.

A viewer that takes patches (``patch.py``) gets each moment of a move as the change from
the moment before: the worker keeps what each seat last saw of the table (its view and
captions), so a move's patches cost a comparison, not another view. A copy just rebuilt
does not know what the viewers last saw: its first updates go whole to every viewer.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import pickle
import random
import signal
import socket
import time
import zlib
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import msgspec

from ..updates.messages import Said, update_fields
from ..updates.patch import diff
from .kinds import TableGame, table_game
from .lifeline import follow

if TYPE_CHECKING:
    from ..progress import Meter

__all__ = ["Job", "Record", "RenderPool", "Renderer", "bench_updates"]

log = logging.getLogger(__name__)

COPIES = 20_000  # tables' games one renderer keeps (the least recently used go first)
GC_THRESHOLDS = (10_000, 10, 100)  # a server process's and a render worker's collector
FREEZE_EVERY = 0.05  # seconds: what a process holds is frozen out of the collector's walks
RENDER_TIMEOUT = 30.0  # seconds a job may wait for its worker before the worker is replaced
# ``RenderPool.balance``: the event loop's CPU time a second under which more tables' updates
# are built in its process, and over which fewer (latency stays low up to about 0.7: see
# docs/server.md); the least share moved at a time (of ``SHARES`` parts of the tables, by
# their ids' hashes; more when the moves measured say how much more fits); the jobs built
# here since the last look that tell what a job costs (the last such measure is kept for
# the looks that have fewer); seconds between two looks (a look after a move of tables
# only starts the next measure: the tables moved are rebuilt meanwhile)
BUSY = (0.5, 0.7)
STEP = 0.125
SHARES = 1024
MEASURED_JOBS = 50
BALANCE_EVERY = 2.0
_PRELOAD = ["coltexpress.server.render", "coltexpress.server.words", "coltexpress.server.se_words"]

Record = tuple[str, dict[str, Any], int, list[str]]  # game, options, seed, actions so far
Texts = dict[tuple[int | None, bool], str]  # (seat, patched) -> the encoded update
Seen = dict[str, Any]  # what a viewer sees at a moment: {"view", "captions"}
_encode = msgspec.json.Encoder().encode


@dataclass(frozen=True)
class Job:
    """The updates of one change of a table: ``action`` applied at ``version`` (None: the
    table as it stands, when the host starts it), whole for ``seats`` (None: the
    spectators) and as patches for ``patched``, each message starting with ``header``;
    ``record`` to rebuild the copy first."""

    table: str
    version: int
    action: str | None
    seats: tuple[int | None, ...]
    header: dict[str, Any]
    record: Record | None = None
    patched: tuple[int | None, ...] = ()


@dataclass
class _Copy:
    kind: TableGame
    game: Any
    round_start: Any  # the game as its current round was dealt (round summaries)
    version: int
    seen: dict[int | None, Seen] = field(default_factory=dict)  # each seat's, at ``version``
    public: dict[str, Any] | None = None  # the public view at ``version``, if built


class Renderer:
    """Copies of tables' games, and the updates built from them."""

    def __init__(self, limit: int = COPIES) -> None:
        self.limit = limit
        self.copies: OrderedDict[str, _Copy] = OrderedDict()

    def run(self, job: Job, applied: tuple[Any, list[Any]] | None = None) -> Texts | None:
        """The encoded updates of ``job`` by (seat, patched); None when this renderer's copy
        of the table is not at the job's version (send the record). ``applied``: the game
        after the job's action and its frames (``apply_frames``, the last frame holding
        that game), made already by the server, which changes them no more: the copy
        takes them instead of applying the action again."""
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
            if applied is not None:
                game, frames = applied
            else:
                game = before.clone()
                frames = game.apply_frames(job.action, own=True)
        # the spectator's first: the seats' words share what is alike
        seats = sorted(dict.fromkeys((*job.seats, *job.patched)), key=lambda s: s is not None)
        # the views, events and cards the viewers' updates share; the views share what did
        # not change with the public view of the table's last moment
        said = Said(tuple(seats), public=copy.public, public_game=copy.game)
        texts: Texts = {}
        seen: dict[int | None, Seen] = {}
        for seat in seats:
            fields = update_fields(copy.kind, game, seat, frames, before, copy.round_start, said,
                                   copy.seen.get(seat))
            if seat in job.seats:
                texts[seat, False] = _encode({**job.header, **fields}).decode()
            if seat in job.patched:
                last = copy.seen.get(seat)
                if before is None or last is None:  # the game starts, or this copy was
                    # rebuilt (a new worker, a table moved): the whole of it
                    texts[seat, True] = texts.get((seat, False)) or _encode(
                        {**job.header, **fields}).decode()
                else:
                    texts[seat, True] = _encode({**job.header, **_patched(last, fields)}).decode()
            seen[seat] = {"view": fields["view"], "captions": fields["captions"]}
        if before is not None:
            copy.game, copy.version = game, copy.version + 1
            if game.round_no != before.round_no:
                copy.round_start = game.clone()
        copy.seen, copy.public = seen, said.public
        return texts

    def adopt(self, table: str, kind: TableGame, game: Any, round_start: Any, version: int) -> None:
        """Take ``game`` (the table at ``version``; ``round_start``: the game as its round
        was dealt) as the copy of ``table``, without replaying its record: a server's
        own game, which nothing changes in place (a move is applied to a clone), so the
        copy shares it."""
        self.copies[table] = _Copy(kind, game, round_start, version)

    def drop(self, table: str, upto: int | None = None) -> None:
        """Forget ``table``'s copy (``upto``: only if it is at that version or older: the
        table may have come back since it was left)."""
        copy = self.copies.get(table)
        if copy is not None and (upto is None or copy.version <= upto):
            del self.copies[table]


def bench_updates(
    game: str, preset: str, players: int, seconds: float, seed: int = 1,
    meter: Meter | None = None, *, patched: bool = False,
) -> dict[str, Any]:
    """Random games of ``game`` for about ``seconds``, each move's updates built as a render
    worker builds them for every seat and one spectator, whole or (``patched``) as patches:
    the moves, the milliseconds and the bytes (before compression) a move's updates cost.
    Only the building is timed (and shown so on ``meter``, ``colt bench``'s bar)."""
    kind = table_game(game)
    options = kind.options(preset, {"players": players}).to_dict()
    seats: tuple[int | None, ...] = (*range(players), None)
    renderer = Renderer()
    rng = random.Random(seed)
    moves = size = 0
    spent = 0.0
    while spent < seconds:
        table, start = f"bench-{moves}", rng.randrange(1 << 30)
        current = kind.new(options, start)
        version = 0
        while not current.is_over and spent < seconds:
            action = str(rng.choice(current.legal_actions()))
            record: Record | None = (game, options, start, []) if version == 0 else None
            header = {"type": "update", "version": version + 1}
            began = time.perf_counter()
            whole, changes = ((), seats) if patched else (seats, ())
            job = Job(table, version, action, whole, header, record, changes)
            texts = renderer.run(job)
            spent += time.perf_counter() - began
            assert texts is not None
            size += sum(len(text) for text in texts.values())
            current.apply(action)
            moves, version = moves + 1, version + 1
            if meter is not None:
                meter.done, meter.measured = moves, spent
        renderer.drop(table)
    name = "patch" if patched else "update"
    return {
        f"{name}_moves": moves,
        f"{name}_ms_per_move": round(1000 * spent / max(moves, 1), 3),
        f"{name}_bytes_per_move": round(size / max(moves, 1)),
    }


def _patched(last: Seen, fields: dict[str, Any]) -> dict[str, Any]:
    """An update's ``fields`` as patches (``patch.py``): each step's ``change`` from the
    moment before (the first from ``last``, what the viewer saw before the move), then
    the update's own ``change``, in place of the views and captions."""
    out = {key: value for key, value in fields.items() if key not in _WHOLE}
    steps = []
    for step in fields["steps"]:
        now = {"view": step["view"], "captions": step["captions"]}
        fields_of_step = {k: v for k, v in step.items() if k not in _WHOLE}
        steps.append({**fields_of_step, "change": diff(last, now)})
        last = now
    out["steps"] = steps
    out["change"] = diff(last, {"view": fields["view"], "captions": fields["captions"]})
    return out


_WHOLE = ("view", "captions", "steps")


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


def _serve(sock: socket.socket, server: int) -> None:
    """A render worker: jobs in, answers out, in order, until the server closes the socket
    or ends (``lifeline.follow``). A job that fails answers its error (the server builds
    those updates itself)."""
    follow(server)
    # Ctrl-C in a terminal reaches every process of the server: the server closes this
    # socket when it stops (``_Worker.close``), so the worker ignores it (no traceback)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    renderer = Renderer()
    stream = sock.makefile("rwb")
    # as in the server (``tune_process``): rendering makes no cyclic garbage, and the copies
    # of the games are many: walked by the collector, they cost a tenth of the work
    gc.set_threshold(*GC_THRESHOLDS)
    frozen = time.monotonic()
    while len(head := stream.read(4)) == 4:
        if time.monotonic() - frozen > FREEZE_EVERY:
            gc.freeze()
            frozen = time.monotonic()
        message = pickle.loads(stream.read(int.from_bytes(head, "big")))
        try:
            if isinstance(message, Job):
                answer: tuple[str, Any] = ("ok", renderer.run(message))
            else:  # (a table's id, a version or None): its copy may go
                renderer.drop(*message)
                answer = ("ok", None)
        except Exception as exc:
            answer = ("error", f"{type(exc).__name__}: {exc}")
        data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        try:
            stream.write(len(data).to_bytes(4, "big") + data)
            stream.flush()
        except (BrokenPipeError, ConnectionResetError):  # the server stopped meanwhile
            return


class _Worker:
    """One render process and the socket to it. Jobs go out as pickles and their answers
    come back in the same order, read by the event loop: no thread on this side."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_PRELOAD)
        self.sock, theirs = socket.socketpair()
        self.process = context.Process(
            target=_serve, args=(theirs, os.getpid()), name="colt-render", daemon=True
        )
        self.process.start()
        theirs.close()
        # the jobs sent and not answered, oldest first: when each was sent, its answer
        self.waiting: deque[tuple[float, asyncio.Future[Any]]] = deque()
        self.writer: asyncio.StreamWriter | None = None
        self.connecting = asyncio.Lock()
        self.reading: asyncio.Task[None] | None = None
        self.watching: asyncio.Task[None] | None = None
        self.broken = False
        self.hung = False  # killed by ``_watch``

    async def call(self, message: Job | tuple[str, int | None]) -> Any:
        """The worker's answer to ``message``; RuntimeError if it failed or stopped."""
        if self.writer is None:
            async with self.connecting:
                if self.writer is None:
                    reader, self.writer = await asyncio.open_connection(sock=self.sock)
                    self.reading = asyncio.create_task(self._read(reader))
        if self.broken:
            raise RuntimeError("the render worker stopped")
        data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self.waiting.append((loop.time(), future))
        self.writer.write(len(data).to_bytes(4, "big") + data)
        if self.watching is None:
            self.watching = loop.create_task(self._watch())
        status, answer = await future
        if status != "ok":
            raise RuntimeError(f"the render worker failed: {answer}")
        return answer

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                size = int.from_bytes(await reader.readexactly(4), "big")
                answer = pickle.loads(await reader.readexactly(size))
                _, future = self.waiting.popleft()
                if not future.done():
                    future.set_result(answer)
        except (asyncio.IncompleteReadError, OSError):  # the worker stopped
            self.broken = True
            if self.writer is not None:
                self.writer.close()
            why = "did not answer" if self.hung else "stopped"
            while self.waiting:
                _, future = self.waiting.popleft()
                if not future.done():
                    future.set_exception(RuntimeError(f"the render worker {why}"))

    async def _watch(self) -> None:
        """A worker that holds a job past ``RENDER_TIMEOUT`` is killed: its jobs fail and
        are built in the server, and a new worker takes its tables (``RenderPool``). One
        timer for all the jobs, not one a job: the oldest job waiting is the one to watch."""
        loop = asyncio.get_running_loop()
        while not self.broken:
            await asyncio.sleep(RENDER_TIMEOUT / 10)
            if self.waiting and loop.time() - self.waiting[0][0] > RENDER_TIMEOUT:
                self.hung = True
                self.process.kill()
                return

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        else:
            self.sock.close()
        for task in (self.reading, self.watching):
            if task is not None:
                task.cancel()
        await asyncio.to_thread(self.process.join, 10)
        if self.process.is_alive():
            self.process.kill()


class RenderPool:
    """The render workers of one server process (``workers`` 0: render here), and the
    share of the tables whose updates are built in this process instead (``here``).

    Building a move's updates in this process saves the hand-over (the job and its
    answer pickled, a system call each way, the worker's process woken: about a tenth of
    the server's CPU a move at a thousand tables on two cores, docs/server.md) but takes
    the event loop's time. So the tables start in the workers, and a server whose event
    loop has time builds more and more of them itself, handing them back as the loop gets
    busy (``balance``, from the loop's own CPU time): each table is built in one place at
    a time, a share of the tables chosen by their ids' hashes, and a table that moves is
    rebuilt there from its record at its next change. A table goes to one worker (its
    id's hash), whose jobs run one at a time in order."""

    def __init__(self, workers: int, here: float = 0.0) -> None:
        self.local = Renderer()
        self.workers: list[_Worker | None] = [None] * workers
        self.generation = [0] * workers  # bumped when a worker is replaced
        # table -> (where its copy is: a worker's index or None, that worker's
        # generation, its copy's version)
        self.known: dict[str, tuple[int | None, int, int]] = {}
        self.closed = False
        self.here = here if workers else 1.0  # the share of the tables built here
        self.measured: tuple[float, float] | None = None  # (loop's CPU time, clock) last
        self.moved = False  # the last look moved tables
        # since the last look: the seconds spent building updates here, the jobs built
        # here, the jobs sent to the workers
        self.spent = 0.0
        self.jobs_here = 0
        self.jobs_away = 0
        self.cost: float | None = None  # what a job built here cost, at the last measure

    def _route(self, table: str) -> int | None:
        """Where ``table``'s updates are built: a worker's index, or None (here)."""
        if not self.workers or self.closed:
            return None
        mark = zlib.crc32(table.encode())
        if (mark >> 16) % SHARES < self.here * SHARES:
            return None
        return mark % len(self.workers)

    def balance(self, now: float | None = None, cpu: float | None = None) -> None:
        """Move tables between this process and the workers from the event loop's CPU
        time since the last look (``time.thread_time``, called on the loop's thread;
        ``now``, ``cpu``: the clock and that time, given in tests): over ``BUSY[1]`` of a
        core, fewer tables are built here; under ``BUSY[0]``, more. At least ``STEP`` of
        them move; as many as bring the loop halfway between the two, by what a job built
        here cost and how many went to the workers (or here) since the last look, once
        ``MEASURED_JOBS`` built here in one look told what a job costs. A look after a move
        starts a new measure without moving (``BALANCE_EVERY``)."""
        if not self.workers:
            return
        now = time.monotonic() if now is None else now
        cpu = time.thread_time() if cpu is None else cpu
        if self.measured is not None and now - self.measured[1] < BALANCE_EVERY:
            return
        last, self.measured = self.measured, (cpu, now)
        spent, built, away = self.spent, self.jobs_here, self.jobs_away
        self.spent, self.jobs_here, self.jobs_away = 0.0, 0, 0
        if last is None or self.moved:
            self.moved = False
            return
        seconds = now - last[1]
        busy = (cpu - last[0]) / seconds
        # what a job costs the loop when built here (the last measure when too few were
        # built since: a loop that handed its tables back still knows; None: never told)
        if built >= MEASURED_JOBS:
            self.cost = spent / built
        cost = self.cost
        goal = (BUSY[0] + BUSY[1]) / 2
        here = self.here
        if busy > BUSY[1]:
            share = STEP
            if cost is not None:  # the part of the tables built here to hand back
                share = max(share, here * min(1.0, (busy - goal) / (built * cost / seconds)))
            here = max(0.0, here - share)
        elif busy < BUSY[0]:
            share = STEP
            if cost is not None and away:  # the part of the workers' tables that fits
                share = max(share, (1 - here) * (goal - busy) / (away * cost / seconds))
            here = min(1.0, here + share)
        here = int(here * SHARES) / SHARES
        self.moved, self.here = here != self.here, here

    def _worker(self, index: int) -> _Worker:
        worker = self.workers[index]
        if worker is None:
            worker = self.workers[index] = _Worker()
        return worker

    def builds_here(self, table: str) -> bool:
        """Whether ``table``'s updates are built in this process now (its next ``updates``
        may take the server's own applied move: ``applied``)."""
        return self._route(table) is None

    async def _run(
        self, index: int | None, job: Job, applied: tuple[Any, list[Any]] | None = None
    ) -> Texts | None:
        if index is None:
            began = time.perf_counter()
            done = self.local.run(job, applied)
            self.spent += time.perf_counter() - began
            self.jobs_here += 1
            return done
        self.jobs_away += 1
        texts: Texts | None = await self._worker(index).call(job)
        return texts

    async def updates(
        self,
        table: str,
        version: int,
        action: str | None,
        seats: set[int | None],
        header: dict[str, Any],
        record: Callable[[], Record],
        patched: set[int | None] = frozenset(),  # type: ignore[assignment]
        snapshot: tuple[TableGame, Any, Any] | None = None,
        applied: tuple[Any, list[Any]] | None = None,
    ) -> Texts:
        """The encoded update for ``action`` at ``version`` of ``table`` of each of
        ``seats`` whole and of each of ``patched`` as patches, by (seat, patched) (see
        ``Job``); ``record()`` gives the table's record at ``version`` when a copy needs
        it; ``snapshot``, the table's game, the game at ``version`` and as its round was
        dealt (the server's own, unchanged), makes a copy in this process without replaying the
        record (``Renderer.adopt``); ``applied``, the game after ``action`` and its frames
        (``Renderer.run``), spares a copy in this process applying the action again. A
        worker that fails is replaced, and this once the updates are built here."""
        index = self._route(table)
        generation = self.generation[index] if index is not None else 0
        fresh = self.known.get(table) == (index, generation, version)
        if not fresh and index is None and snapshot is not None:
            self.local.adopt(table, *snapshot, version)
            fresh = True
        job = Job(table, version, action, tuple(seats), header, None if fresh else record(),
                  tuple(patched))
        try:
            texts = await self._run(index, job, applied)
            if texts is None:  # the copy was dropped or is behind: rebuild it
                texts = await self._run(index, replace(job, record=record()), applied)
            if texts is None:
                raise RuntimeError(f"the renderer could not rebuild table {table}")
        except Exception:
            log.exception("rendering table %s failed; built in this process instead", table)
            self.known.pop(table, None)
            worker = self.workers[index] if index is not None else None
            if index is not None and worker is not None and worker.broken:
                self.workers[index] = None  # a new worker next time
                self.generation[index] += 1
            texts = Renderer(1).run(replace(job, record=record()), applied)
            assert texts is not None
            return texts
        was = self.known.get(table)
        self.known[table] = (index, generation, version + (action is not None))
        if was is not None and was[0] != index:  # the table moved: its old copy may go
            self._drop(table, was[0], was[2])
        return texts

    def _drop(self, table: str, index: int | None, upto: int | None = None) -> None:
        """Drop the copy of ``table`` kept here or by worker ``index`` (``upto``: only a
        copy at that version or older, as ``Renderer.drop``)."""
        if index is None or self.closed:
            self.local.drop(table, upto)
            return
        worker = self.workers[index]
        if worker is not None and not worker.broken:
            task = asyncio.get_running_loop().create_task(worker.call((table, upto)))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())

    def forget(self, table: str) -> None:
        """The table left this process: its copy may go."""
        known = self.known.pop(table, None)
        if known is not None:
            self._drop(table, known[0])

    async def close(self) -> None:
        self.closed = True
        for worker in self.workers:
            if worker is not None:
                await worker.close()
