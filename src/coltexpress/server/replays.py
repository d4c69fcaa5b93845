"""Records and replays of finished games: built off the event loop, once, and limited per
address (docs/server.md, "Slow and greedy clients").

A replay replays the whole game, move by move, with each move's label and narration: for a
game of 200 moves some 50 ms of pure Python, which on the event loop held every other
request and every move of every table for as long (a thread would not help: the GIL). So
it is built in a worker process (``ReplayPool``: one by default, at a lower priority, forked
from the forkserver as the bot pool's), as encoded JSON, and kept: a finished game's
record, replay and replay steps never change, so each is built once (an LRU cache by
table, version and what, bounded in bytes) and, while it is being built, every request for
it waits on the same build. Every request for them counts against its address's limit
(``Settings.replay_limit`` a minute, ``throttle.Throttle``); beyond it, ``429``.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import msgspec

from ..updates.messages import visible
from . import words
from .kinds import TableGame, table_game
from .lifeline import worker_pool

__all__ = ["ReplayJob", "ReplayPool", "build"]

CACHE_BYTES = 64 * 1024 * 1024  # what the built answers of one process may weigh
# The review of a finished game (``coltexpress.review``) at a budget bounded for a server:
# search iterations a decision, random play-outs after each move for the chances.
REVIEW_ITERATIONS = 300
REVIEW_PLAYOUTS = 24
FINISHED = 10_000  # finished tables whose version the process remembers (no query on a hit)
_PRELOAD = ["coltexpress.server.replays", "coltexpress.games"]

_encode = msgspec.json.Encoder().encode


@dataclass(frozen=True)
class ReplayJob:
    """What to build (``record``, ``replay`` or ``step``, with ``step`` moves) of a
    finished game, from its record and its seats' (seat, name, kind)."""

    what: str
    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...]
    seats: tuple[tuple[int, str | None, str], ...]
    step: int = 0


def _mover(kind: TableGame, game: Any, names: dict[int, str | None]) -> dict[str, Any]:
    """Who makes the next move of ``game``: the bandit deciding (or the seat's bandits),
    and the name the host gave that player."""
    seat = game.pending.seat
    if seat is None:
        return {"seat": None, "who": None, "player": None}
    return {"seat": seat, "who": words.bandit_names(kind.mover(game)), "player": names[seat]}


def build(job: ReplayJob) -> bytes:
    """The JSON answer of ``job`` (docs/protocol.md): runs in the worker."""
    kind = table_game(job.game)
    names = {seat: name for seat, name, _ in job.seats}
    game = kind.new(job.options, job.seed)
    if job.what == "review":
        return _encode(_review(kind, game, job, names))
    if job.what == "record":
        for action in job.actions:
            game.apply(action)
        return _encode({"game": kind.name, **game.record()})
    if job.what == "step":
        move: dict[str, Any] = {"seat": None, "who": None, "player": None, "label": None}
        events: list[str] = []
        for i, action in enumerate(job.actions[: job.step]):
            if i == job.step - 1:
                move = {**_mover(kind, game, names), "label": kind.label(action, game.view(None))}
            events = [e.text() for e in game.apply(action) if visible(e, None)]
        view = game.view(None)
        return _encode(
            {
                "step": job.step,
                "moves": len(job.actions),
                "action": job.actions[job.step - 1] if job.step else None,
                **move,
                "view": view,
                "captions": kind.captions(view),
                "events": events,
            }
        )
    moves = []
    for n, action in enumerate(job.actions, start=1):
        entry = {"n": n, "action": action, **_mover(kind, game, names)}
        entry["label"] = kind.label(action, game.view(None))
        entry["events"] = [e.text() for e in game.apply(action) if visible(e, None)]
        moves.append(entry)
    players = [
        {
            "seat": seat,
            "bandits": words.bandit_names(kind.seat_bandits(game, seat)),
            "name": name,
            "kind": seat_kind,
        }
        for seat, name, seat_kind in job.seats
    ]
    return _encode(
        {
            "game": kind.name,
            "title": kind.title,
            "options": kind.options_summary(job.options),
            "moves": moves,
            "players": players,
        }
    )


def _review(kind: TableGame, game: Any, job: ReplayJob,
            names: dict[int, str | None]) -> dict[str, Any]:
    """The review of the game: each seat's accuracy and marks, each reviewed decision
    (its move, 1 for the first, the choice made and the better one in a spectator's
    words, its mark and loss), and every seat's chance to win after every move."""
    from ..review import action_text, review_record

    played = kind.new(job.options, job.seed)
    for action in job.actions:
        played.apply(action)
    done = review_record({"game": kind.name, **played.record()},
                         iterations=REVIEW_ITERATIONS, playouts=REVIEW_PLAYOUTS)
    by_move = {d.move: d for d in done.decisions}
    decisions = []
    for move, action in enumerate(job.actions):
        d = by_move.get(move)
        if d is not None:
            view = game.view(None)
            decisions.append({
                "move": move + 1, "seat": d.seat, "mark": d.mark, "loss": round(d.loss, 3),
                "verdict": d.verdict,
                "played": kind.label(action, view),
                "better": None if d.loss <= 0 else kind.label(action_text(game, d.best.action),
                                                              view),
            })
        game.apply(action)
    seats = []
    for seat in range(done.players):
        summary = done.summary(seat)
        seats.append({"seat": seat, "bandits": words.bandit_names(kind.seat_bandits(game, seat)),
                      "name": names.get(seat), "accuracy": summary["accuracy"],
                      "marks": summary["marks"]})
    return {"seats": seats, "decisions": decisions, "chances": done.chances,
            "iterations": REVIEW_ITERATIONS}


Key = tuple[str, int, str, int]  # table, version, what, step


class ReplayPool:
    """The replay worker(s) of one server process and the answers they built."""

    def __init__(self, workers: int = 1, cache_bytes: int = CACHE_BYTES) -> None:
        self.workers = max(1, workers)
        self.cache_bytes = cache_bytes
        self.cache: OrderedDict[Key, bytes] = OrderedDict()
        self.size = 0
        self.building: dict[Key, asyncio.Future[bytes]] = {}  # the builds under way
        self.finished: OrderedDict[str, int] = OrderedDict()  # table -> its final version
        self.builds = 0  # answers built (the tests count them)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, _PRELOAD)
        return self._pool

    def version(self, table: str) -> int | None:
        """The final version of a finished table this process built something of."""
        return self.finished.get(table)

    def cached(self, key: Key) -> bytes | None:
        data = self.cache.get(key)
        if data is not None:
            self.cache.move_to_end(key)
        return data

    async def get(self, key: Key, job: ReplayJob) -> bytes:
        """The answer of ``job`` (for ``key``): from the cache, from the build under way,
        or built now in the worker."""
        data = self.cached(key)
        if data is not None:
            return data
        task = self.building.get(key)
        if task is None:  # one build, whoever asked first, whoever stops waiting
            task = asyncio.ensure_future(self._build(job))
            self.building[key] = task
            task.add_done_callback(lambda done: self._built(key, done))
        return await asyncio.shield(task)

    def _built(self, key: Key, task: asyncio.Future[bytes]) -> None:
        del self.building[key]
        if not task.cancelled() and task.exception() is None:
            self._keep(key, task.result())

    async def _build(self, job: ReplayJob) -> bytes:
        for attempt in (1, 2):  # a worker that died is replaced once
            pool = self._executor()
            try:
                data: bytes = await asyncio.wrap_future(pool.submit(build, job))
            except BrokenProcessPool:
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
                continue
            self.builds += 1
            return data
        raise AssertionError("unreachable")

    def _keep(self, key: Key, data: bytes) -> None:
        table, version = key[0], key[1]
        self.finished[table] = version
        self.finished.move_to_end(table)
        while len(self.finished) > FINISHED:
            self.finished.popitem(last=False)
        if len(data) > self.cache_bytes:
            return
        old = self.cache.pop(key, None)
        self.size += len(data) - (len(old) if old is not None else 0)
        self.cache[key] = data
        while self.size > self.cache_bytes:
            _, dropped = self.cache.popitem(last=False)
            self.size -= len(dropped)

    async def close(self) -> None:
        """Stop the worker (builds in progress are abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
