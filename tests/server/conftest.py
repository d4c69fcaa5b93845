"""Fixtures for the server tests: services, an in-process server, WebSocket clients."""

from __future__ import annotations

import contextlib
import logging
import socket
import subprocess
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from coltexpress.server import Settings, uvicorn_config

from .client import Server


def _reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def _ensure(port: int, command: str) -> None:
    if _reachable(port):
        return
    subprocess.run(command, shell=True, check=False, capture_output=True)
    deadline = time.monotonic() + 30
    while not _reachable(port):
        if time.monotonic() > deadline:
            pytest.skip(f"the service on port {port} could not be started")
        time.sleep(0.2)


@pytest.fixture(scope="session")
def postgres() -> str:
    """PostgreSQL on 127.0.0.1:5432 (started if absent); yields the admin URL."""
    _ensure(5432, "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start")
    return "postgresql://postgres@127.0.0.1:5432/test"


@pytest.fixture(scope="session")
def redis_url() -> str:
    _ensure(6379, 'redis-server --daemonize yes --port 6379 --save "" --appendonly no')
    return "redis://127.0.0.1:6379/0"


@pytest.fixture
def fresh_pg(postgres: str) -> Iterator[str]:
    """A new empty database for one test, dropped afterwards."""
    import secrets

    import psycopg

    name = f"colt_test_{secrets.token_hex(4)}"
    admin = "postgresql://postgres@127.0.0.1:5432/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ThreadServer:
    """uvicorn in a thread of the test process."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn_config(settings, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return Server(f"http://127.0.0.1:{self.port}")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[object]:
    """A factory of in-process servers on a temporary SQLite database."""
    servers: list[ThreadServer] = []

    def make(**changes: object) -> Server:
        # the tests replay known deals: a server whose operator lets every table choose its
        # seed (its views say so); tests of the default pass chosen_seeds="solo"
        settings = Settings(
            db=f"sqlite:///{tmp_path / 'colt.db'}", bot_delay=0.0, grace=30.0, chosen_seeds="any"
        )
        for key, value in changes.items():
            setattr(settings, key, value)
        ts = ThreadServer(settings)
        servers.append(ts)
        return ts.__enter__()

    yield make
    for ts in reversed(servers):
        ts.__exit__()


@pytest.fixture
def server(make_server: object) -> Server:
    return make_server()  # type: ignore[operator,no-any-return]


@pytest.fixture(autouse=True)
async def _close_clients() -> AsyncIterator[None]:
    """Close the WebSocket clients a test left open, in the test's own event loop."""
    yield
    from .client import OPEN_CLIENTS

    while OPEN_CLIENTS:
        client = OPEN_CLIENTS.pop()
        with contextlib.suppress(Exception):
            await client.ws.close()


class ServerLog(logging.Handler):
    """The records of WARNING and above that an in-process server logs (the root logger,
    which the server's own loggers reach, and uvicorn's). ``attach()`` after the server
    started: uvicorn's logging setup replaces the handlers of its loggers."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []
        self.loggers = [logging.getLogger(), logging.getLogger("uvicorn")]

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def attach(self) -> None:
        for logger in self.loggers:
            if self not in logger.handlers:
                logger.addHandler(self)

    def detach(self) -> None:
        for logger in self.loggers:
            logger.removeHandler(self)

    def problems(self) -> list[str]:
        """Errors and tracebacks, one line each."""
        return [
            f"{r.levelname} {r.name}: {r.getMessage()}"
            for r in self.records
            if r.levelno >= logging.ERROR or r.exc_info
        ]


@pytest.fixture
def server_log() -> Iterator[ServerLog]:
    log = ServerLog()
    yield log
    log.detach()
