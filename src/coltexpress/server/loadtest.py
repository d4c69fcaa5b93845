"""``colt loadtest``: many tables played over WebSockets at a human pace.

Every human seat of every table is a WebSocket of this client, and so is one spectator per
table. Each table makes one move every ``pace`` seconds (the tables start at random offsets,
so they do not move in lockstep): the seat whose decision it is plays a random legal move
from its own view. A table whose game ends is replaced by a new one.

By default the load is a server in steady state, whose tables are at all points of their
games: once seated, each table first plays a random number of moves (0 to ``WARM_MOVES``,
more than two rounds) as fast as the server answers them, a bounded number in flight, not
measured. With ``in_step`` the tables start their games together instead, and so reach the
costly phases of a round (Stealin': moves of many steps) at the same moment: the worst
case. Measured, after every table is seated, started (and warmed up), for ``seconds``:

- moves per second over all tables;
- the latency from sending a move to each other socket of its table (the spectator and the
  other seats) receiving the update of that version (p50, p90, p99, max);
- errors: any ``error`` message, an unexpected close, an update that did not come within
  ``TIMEOUT`` seconds, a failed HTTP call.

The client is kept lean so that it is not what limits the measure on the machine that runs
the server too: messages are decoded into the few fields it needs (``msgspec``), and its
own CPU use is reported (``client_cpu``: the share of one core), with the server's when this
command started it (``server_cpu``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec

from ..progress import Bars, Meter
from ..updates.patch import apply
from .render import FREEZE_EVERY

__all__ = ["LoadConfig", "run_loadtest"]

TIMEOUT = 10.0  # seconds a socket may wait for the update of a move before it is an error
CONNECTING = 64  # WebSocket handshakes, HTTP calls and warm-up moves in flight at once
WINDOW = 10.0  # seconds: the report's latencies by window of the measure
LAG_STEP = 0.01  # seconds between two readings of the client's own delay
WARM_MOVES = 50  # a 4-player Colt Express game is about 110 moves in 5 rounds


@dataclass(frozen=True)
class LoadConfig:
    """What to play: ``tables`` at once, one move per ``pace`` seconds each, for
    ``seconds``; ``bots`` seats per table played by server bots of ``level``; ``deflate``
    False: sockets without compression (less work for both ends, ten times the bytes);
    ``in_step``: every table starts its game at the measure, without the warm-up."""

    tables: int = 100
    pace: float = 3.0
    seconds: float = 60.0
    players: int = 4
    game: str = "colt-express"
    preset: str | None = None
    bots: int = 0
    level: str = "easy"
    deflate: bool = True  # offer permessage-deflate, as browsers do
    patch: bool = True  # take updates as patches, as the browser does
    in_step: bool = False


class _View(msgspec.Struct):
    actor: int | None = None
    legal: list[str] | None = None


class _ViewChange(msgspec.Struct, rename={"whole": "=", "inner": "~"}):
    """A patch's operation on the view (``patch.py``): only its changes are read."""

    whole: _View | None = None
    inner: dict[str, Any] | None = None


class _Change(msgspec.Struct):
    view: _ViewChange | None = None  # the captions' changes are skipped unread


class _Step(msgspec.Struct):
    change: _Change | None = None


class _Message(msgspec.Struct):
    """The fields of a server message this client reads; the rest is skipped unread."""

    type: str = ""
    version: int = -1
    status: str = ""
    view: _View | None = None
    code: str | None = None
    change: _Change | None = None  # patches: each moment from the one before
    steps: list[_Step] = []


_FOLLOWED = ("actor", "legal")  # what this client keeps of a view


_decode = msgspec.json.Decoder(_Message).decode


@dataclass
class _Stats:
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each latency's move was sent
    moves: int = 0
    warm_moves: int = 0
    games: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    measuring: bool = False
    lags: list[float] = field(default_factory=list)  # this client's own event loop delays
    meter: Meter | None = None  # the measure's bar: moves over the seconds

    def error(self, kind: str) -> None:
        if self.measuring:
            self.errors[kind] += 1

    def moved(self) -> None:
        self.moves += 1
        if self.meter is not None:
            self.meter.add()


@dataclass(eq=False)
class _Socket:
    """One WebSocket of a table (a seat, or the spectator: seat None) and what it last saw."""

    ws: Any
    seat: int | None
    version: int = -1
    status: str = ""
    actor: int | None = None
    legal: list[str] = field(default_factory=list)


def _follow(sock: _Socket, moments: list[Any]) -> None:
    """The seat's turn and legal moves after an update's patches (``patch.py``)."""
    for moment in moments:
        view = moment.change.view if moment.change is not None else None
        if view is None:
            continue
        if view.whole is not None:
            sock.actor, sock.legal = view.whole.actor, view.whole.legal or []
        elif view.inner is not None:
            changed = {k: v for k, v in view.inner.items() if k in _FOLLOWED}
            if changed:
                now = apply({"actor": sock.actor, "legal": sock.legal}, changed)
                sock.actor, sock.legal = now.get("actor"), now.get("legal") or []


class _Table:
    """One table of the load: created, seated, started, then played at the pace."""

    def __init__(self, base: str, config: LoadConfig, stats: _Stats, rng: random.Random):
        self.base = base
        self.config = config
        self.stats = stats
        self.rng = rng
        self.sockets: list[_Socket] = []
        self.sent: dict[int, tuple[float, int | None]] = {}  # version -> (when, mover)
        self.changed = asyncio.Event()
        self.done = False

    async def setup(self, gate: asyncio.Semaphore) -> None:
        config = self.config
        body: dict[str, Any] = {"game": config.game, "players": config.players}
        if config.preset:
            body["preset"] = config.preset
        body["bots"] = {str(s): config.level for s in range(config.players - config.bots,
                                                             config.players)}
        async with gate:
            created = await _post(f"{self.base}/api/tables", body)
            table = created["table"]
            ws_base = self.base.replace("http", "ws", 1)
            from websockets.asyncio.client import connect

            seats = [
                (s["seat"], s["invite"].split("token=")[1])
                for s in created["seats"]
                if s["kind"] == "human"
            ]
            for seat, token in [*seats, (None, None)]:
                ws = await connect(
                    f"{ws_base}/ws/{table}",
                    ping_interval=None,
                    max_size=None,
                    compression="deflate" if config.deflate else None,
                )
                hello: dict[str, Any] = {"type": "hello", "patch": config.patch}
                if token:
                    hello["token"] = token
                await ws.send(json.dumps(hello))
                self.sockets.append(_Socket(ws, seat))
        self.readers = [asyncio.create_task(self._read(s)) for s in self.sockets]
        await self._until(lambda: all(s.version >= 0 for s in self.sockets))
        async with gate:
            await _post(f"{self.base}/api/tables/{table}/start", {}, created["host_token"])
        await self._until(lambda: all(s.status == "playing" for s in self.sockets))

    async def _read(self, sock: _Socket) -> None:
        stats = self.stats
        try:
            async for raw in sock.ws:
                now = time.perf_counter()
                message = _decode(raw)
                kind = message.type
                if kind in ("update", "welcome"):
                    if message.change is not None:
                        if message.version != sock.version + 1:  # had (after a sync)
                            continue
                        _follow(sock, [*message.steps, message])
                    else:
                        view = message.view or _View()
                        sock.actor, sock.legal = view.actor, view.legal or []
                    sock.version, sock.status = message.version, message.status
                    sent = self.sent.get(message.version) if kind == "update" else None
                    if sent is not None and sent[1] != sock.seat and stats.measuring:
                        stats.latencies.append(now - sent[0])
                        stats.sent_at.append(sent[0])
                    self.changed.set()
                elif kind == "error":
                    stats.error(f"error {message.code}")
        except Exception:  # the socket failed under us: counted below
            pass
        if not self.done:  # closed by the server, not by this client
            stats.error("closed")
        self.changed.set()

    async def _until(self, ready: Callable[[], bool], timeout: float = TIMEOUT) -> bool:
        """Wait until ``ready()``; False (and an error counted) after ``timeout``."""
        deadline = time.monotonic() + timeout
        while not ready():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0 or self.done:
                self.stats.error("timeout")
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return True

    @staticmethod
    def _past(version: int, sockets: list[_Socket]) -> bool:
        return all(s.version > version for s in sockets)

    def _mover(self, version: int) -> _Socket | None:
        """The seat socket whose decision it is at ``version``; None on a bot's turn."""
        return next(
            (s for s in self.sockets if s.seat is not None and s.seat == s.actor
             and s.version == version and s.legal),
            None,
        )

    async def _send_move(self, mover: _Socket, version: int) -> None:
        move = {"type": "act", "action": self.rng.choice(mover.legal),
                "version": version, "id": version}
        await mover.ws.send(json.dumps(move))

    async def warm(self, moves: int, gate: asyncio.Semaphore) -> None:
        """Play ``moves`` moves as fast as the server answers them, unmeasured: the table
        is then at a random point of its game."""
        spectator = self.sockets[-1]
        for _ in range(moves):
            if spectator.status != "playing":
                return
            version = spectator.version
            mover = self._mover(version)
            if mover is None:  # a bot's turn: it moves at the server's pace
                passed = await self._until(partial(self._past, version, [spectator]),
                                           TIMEOUT + self.config.pace)
            else:
                async with gate:
                    await self._send_move(mover, version)
                    passed = await self._until(partial(self._past, version, self.sockets))
            if not passed:
                return
            self.stats.warm_moves += 1

    async def play(self, stop: float) -> None:
        """Move every ``pace`` seconds until the game ends or ``stop`` (a monotonic time)."""
        pace = self.config.pace
        spectator = self.sockets[-1]
        next_at = time.monotonic() + self.rng.uniform(0, pace)
        while spectator.status == "playing" and time.monotonic() < stop:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at = max(next_at + pace, time.monotonic())
            version = spectator.version
            mover = self._mover(version)
            if mover is None:  # a bot's turn: it moves at the server's pace
                await self._until(partial(self._past, version, [spectator]), TIMEOUT + pace)
                continue
            self.sent[version + 1] = (time.perf_counter(), mover.seat)
            await self._send_move(mover, version)
            if await self._until(partial(self._past, version, self.sockets)) and (
                self.stats.measuring
            ):
                self.stats.moved()
            self.sent.pop(version + 1, None)
        if spectator.status == "over" and self.stats.measuring:
            self.stats.games += 1

    async def close(self) -> None:
        self.done = True
        for sock in self.sockets:
            with contextlib.suppress(Exception):
                await sock.ws.close()
        for reader in getattr(self, "readers", []):
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader


async def _post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    """A JSON POST over a fresh HTTP/1.1 connection (the few calls need no pool)."""
    parts = urlsplit(url)
    data = json.dumps(body).encode()
    head = [f"POST {parts.path} HTTP/1.1", f"Host: {parts.netloc}", "Connection: close",
            "Content-Type: application/json", f"Content-Length: {len(data)}"]
    if token:
        head.append(f"Authorization: Bearer {token}")
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 80)
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        answer = await asyncio.wait_for(reader.read(), 60)
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
    status_line, _, rest = answer.partition(b"\r\n")
    status = int(status_line.split()[1])
    payload = rest.partition(b"\r\n\r\n")[2]
    if status >= 300:
        raise RuntimeError(f"POST {parts.path}: {status} {payload[:200]!r}")
    return json.loads(payload)


async def _slot(
    index: int,
    base: str,
    config: LoadConfig,
    stats: _Stats,
    gate: asyncio.Semaphore,
    ready: Callable[[], Awaitable[float]],
) -> None:
    """One of the ``tables`` places: its table, then a new one whenever a game ends."""
    rng = random.Random(index)
    stop: float | None = None
    while stop is None or time.monotonic() < stop:
        table = _Table(base, config, stats, rng)
        try:
            await table.setup(gate)
            if stop is None:
                if not config.in_step:
                    await table.warm(rng.randint(0, WARM_MOVES), gate)
                stop = await ready()  # every first table is seated: the measure starts
            await table.play(stop)
        except Exception:
            stats.error("setup")
            if stop is None:
                stop = await ready()
            await asyncio.sleep(1.0)
        finally:
            await table.close()


async def _run(
    base: str, config: LoadConfig, bars: Bars, server: int | None = None
) -> dict[str, Any]:
    stats = _Stats()
    ready_tables = bars.stage("setting up tables", "tables", total=config.tables)
    gate = asyncio.Semaphore(CONNECTING)
    began = time.monotonic()
    seated = 0
    go = asyncio.Event()
    window: dict[str, float] = {}

    async def ready() -> float:
        nonlocal seated
        seated += 1
        ready_tables.add()
        if seated == config.tables:
            # what this client holds now (every socket) stays: keep the collector off it,
            # so its pauses do not count as the server's latency
            gc.collect()
            gc.freeze()
            window["start"] = time.monotonic()
            window["cpu"] = time.process_time()
            window["perf"] = time.perf_counter()
            stats.meter = bars.stage("measuring", "moves", seconds=config.seconds)
            stats.measuring = True
            go.set()
        await go.wait()
        return window["start"] + config.seconds

    server_cpu = _ServerCpu(server)
    tasks = [
        asyncio.create_task(_slot(i, base, config, stats, gate, ready))
        for i in range(config.tables)
    ]
    await go.wait()
    server_cpu.mark()
    lag = asyncio.create_task(_lag(stats))
    await asyncio.sleep(config.seconds)
    stats.measuring = False
    if stats.meter is not None:
        stats.meter.end()
    lag.cancel()
    elapsed = time.monotonic() - window["start"]
    client_cpu = (time.process_time() - window["cpu"]) / elapsed
    server_share = server_cpu.share(elapsed)
    server_rss = server_cpu.rss_mb()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    ordered = sorted(stats.latencies)

    report: dict[str, Any] = {
        "tables": config.tables,
        "players": config.players,
        "bots": config.bots,
        "game": config.game,
        "pace": config.pace,
        "start": "in-step" if config.in_step else "spread",
        "updates": "patches" if config.patch else "whole",
        "warmup_seconds": round(window["start"] - began, 1),
        "warmup_moves": stats.warm_moves,
        "seconds": round(elapsed, 1),
        "moves": stats.moves,
        "moves_per_second": round(stats.moves / elapsed, 1),
        "games_finished": stats.games,
        "samples": len(ordered),
        "latency_p50_ms": _pct(ordered, 0.5),
        "latency_p90_ms": _pct(ordered, 0.9),
        "latency_p99_ms": _pct(ordered, 0.99),
        "latency_max_ms": round(ordered[-1] * 1000, 1) if ordered else 0.0,
        "latency_windows": _windows(stats, window["perf"]),
        "errors": sum(stats.errors.values()),
        "error_kinds": dict(stats.errors),
        "client_cpu": round(client_cpu, 2),
        "client_lag_max_ms": round(max(stats.lags, default=0.0) * 1000, 1),
    }
    if server_share is not None:
        report["server_cpu"] = round(server_share, 2)
        # what a move costs the server, whatever the load: compares machines and versions
        report["server_cpu_ms_per_move"] = (
            round(server_share * elapsed * 1000 / stats.moves, 2) if stats.moves else None
        )
        parts = server_cpu.parts()
        if parts is not None and stats.moves:  # the event loop's process; the workers'
            report["loop_cpu_ms_per_move"] = round(parts[0] * 1000 / stats.moves, 2)
            report["workers_cpu_ms_per_move"] = round(parts[1] * 1000 / stats.moves, 2)
        report["server_rss_mb"] = server_rss
    return report


def _pct(ordered: list[float], p: float) -> float:
    """The ``p`` quantile of sorted latencies, in milliseconds."""
    if not ordered:
        return 0.0
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000, 1)


def _windows(stats: _Stats, start: float) -> list[dict[str, float]]:
    """The latencies by ``WINDOW`` seconds of the measure (by when the move was sent):
    where in the run the slow moves were."""
    groups: dict[int, list[float]] = {}
    for sent, latency in zip(stats.sent_at, stats.latencies, strict=True):
        groups.setdefault(int((sent - start) // WINDOW), []).append(latency)
    out = []
    for index in sorted(groups):
        ordered = sorted(groups[index])
        out.append({"from_s": index * WINDOW, "samples": len(ordered),
                    "p50_ms": _pct(ordered, 0.5), "p99_ms": _pct(ordered, 0.99),
                    "max_ms": round(ordered[-1] * 1000, 1)})
    return out


class _ServerCpu:
    """The CPU the started server (its event loop's process, and its worker processes:
    render, bots) used over the measure, read from /proc; None elsewhere."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        self.start: tuple[float, float] | None = None
        self.end: tuple[float, float] | None = None

    def mark(self) -> None:
        self.start = self._ticks()

    def _ticks(self) -> tuple[float, float] | None:
        """Seconds of CPU so far: the server's own process, its worker processes."""
        if self.pid is None:
            return None
        try:
            spent = []
            for pid in [self.pid, *_children(self.pid)]:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                spent.append(int(fields[11]) + int(fields[12]))  # utime, stime
            tick = os.sysconf("SC_CLK_TCK")
            return spent[0] / tick, sum(spent[1:]) / tick
        except (OSError, ValueError, IndexError):
            return None

    def rss_mb(self) -> float | None:
        """The resident memory of the server and its worker processes, in MiB."""
        if self.pid is None:
            return None
        total = 0
        for pid in [self.pid, *_children(self.pid)]:
            with contextlib.suppress(OSError, ValueError, IndexError):
                status = Path(f"/proc/{pid}/status").read_text()
                total += int(status.split("VmRSS:")[1].split()[0])  # kB
        return round(total / 1024, 1)

    def share(self, elapsed: float) -> float | None:
        """The server's share of a core over ``elapsed`` (its processes together)."""
        self.end = self._ticks()
        if self.end is None or self.start is None:
            return None
        return sum(self.end) / elapsed - sum(self.start) / elapsed

    def parts(self) -> tuple[float, float] | None:
        """The CPU seconds of the event loop's process and of the workers over the measure
        (after ``share``)."""
        if self.end is None or self.start is None:
            return None
        return self.end[0] - self.start[0], self.end[1] - self.start[1]


def _children(pid: int) -> list[int]:
    """Every descendant of ``pid`` (the server's worker processes are the children of
    its forkserver)."""
    found = []
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            found += [int(child), *_children(int(child))]
    return found


async def _lag(stats: _Stats) -> None:
    """How late this client's own event loop runs (a late client inflates the latency
    it measures): every 10 ms, the delay past the expected wake-up. Every 50 ms what the
    client holds is frozen out of the garbage collector's walks (as the server does)."""
    freeze_every = round(FREEZE_EVERY / LAG_STEP)
    while True:
        start = time.perf_counter()
        await asyncio.sleep(LAG_STEP)
        stats.lags.append(time.perf_counter() - start - LAG_STEP)
        if len(stats.lags) % freeze_every == 0:
            gc.freeze()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _database(db: str | None, tmp: str) -> Iterator[str]:
    """The database of the started server: a new SQLite file, or for ``postgresql://…`` a
    fresh database on that server (created here, dropped after)."""
    if db is None or not db.startswith(("postgresql://", "postgres://")):
        yield db or f"sqlite:///{Path(tmp) / 'load.db'}"
        return
    import psycopg

    parts = urlsplit(db)
    name = f"colt_load_{secrets.token_hex(4)}"
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield parts._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def run_loadtest(
    config: LoadConfig, *, url: str | None = None, db: str | None = None,
    bars: Bars | None = None,
) -> dict[str, Any]:
    """Run the load; without ``url`` a ``colt serve`` is started here on ``db`` (default a
    temporary SQLite file), with bots moving at the pace and table creation unlimited.
    ``bars``: where the run shows its stages (the tables set up, then the measure)."""
    bars = bars or Bars(show=False)
    if url is not None:
        report = asyncio.run(_run(url.rstrip("/"), config, bars))
        report["db"] = "the server's"
        return report
    with tempfile.TemporaryDirectory() as tmp, _database(db, tmp) as database:
        port = _free_port()
        command = [sys.executable, "-c", "from coltexpress.cli import main; main()",
                   "serve", "--port", str(port), "--db", database,
                   "--bot-delay", str(config.pace), "--create-limit", "0",
                   "--socket-limit", "0"]  # every socket of the load comes from here
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_for(base, process)
            report = asyncio.run(_run(base, config, bars, process.pid))
            report["db"] = "postgresql" if database.startswith("postgres") else "sqlite"
            return report
        finally:
            process.terminate()
            process.wait(timeout=30)


def _wait_for(base: str, process: subprocess.Popen[bytes]) -> None:
    import urllib.request

    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
