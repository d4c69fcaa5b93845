"""The address a client's limits are counted by: X-Forwarded-For only from the proxies
named by ``colt serve --trusted-proxies``; at most ``--socket-limit`` WebSockets open per
address. A real ``colt serve`` on 127.0.0.1, real sockets."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .client import OPEN_CLIENTS, Client, Server
from .procs import ServeProcess

BODY = {"players": 3, "bots": {"1": "easy", "2": "easy"}}


def _create(base: str, forwarded: str) -> int:
    answer = httpx.post(
        f"{base}/api/tables", json=BODY, headers={"X-Forwarded-For": forwarded}, timeout=30
    )
    return answer.status_code


def test_a_forged_forwarded_address_does_not_get_past_the_creation_limit(
    tmp_path: Path,
) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--create-limit", "2",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        # every request from 127.0.0.1 claims another address: all are 127.0.0.1's
        codes = [_create(server.base, f"203.0.113.{n}") for n in range(1, 4)]
        assert codes == [201, 201, 429]
    finally:
        proc.stop()


def test_a_trusted_proxys_forwarded_address_is_the_clients(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--create-limit", "2",
        "--trusted-proxies", "127.0.0.1,10.0.0.0/8",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        # the proxy (127.0.0.1) forwards three clients: each has its own count
        assert [_create(server.base, f"203.0.113.{n}") for n in range(1, 4)] == [201] * 3
        # one client through the proxy: its own limit
        assert [_create(server.base, "198.51.100.7") for _ in range(3)] == [201, 201, 429]
        # what a client put before the proxy's own entry is not believed: the address the
        # proxy saw (the last untrusted one) counts
        assert _create(server.base, "198.51.100.99, 198.51.100.7") == 429
    finally:
        proc.stop()


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from coltexpress.cli import main; main()", "serve",
         "--trusted-proxies", "10.0.0.1,proxy.example"],
        check=False, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "'proxy.example' is not an address or a network" in done.stdout + done.stderr


async def _socket(server: Server, table: str, forwarded: str | None = None) -> Client:
    """A spectator's socket, welcomed; ``forwarded``: the X-Forwarded-For it comes with."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    ws = await connect(f"{server.ws_base}/ws/{table}", max_size=None, additional_headers=headers)
    client = Client(ws, None)
    OPEN_CLIENTS.append(client)
    with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
        await client.send({"type": "hello"})
    return client


async def _refused(client: Client) -> tuple[int, str]:
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(5):
            await client.recv(timeout=10)
    assert info.value.rcvd is not None
    return info.value.rcvd.code, info.value.rcvd.reason


async def test_one_address_holds_at_most_socket_limit_sockets(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--socket-limit", "5",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        table = server.create(**BODY).table
        held = [await _socket(server, table) for _ in range(5)]
        for client in held:
            assert (await client.expect("welcome"))["seat"] is None
        # the sixth from the same address is closed at once, with a reason to read
        code, reason = await _refused(await _socket(server, table, forwarded="203.0.113.9"))
        assert code == 4430
        assert reason == "your address has 5 connections open, the most the server takes"
        # one closes: a place is free again
        await held.pop().close()
        for _ in range(50):  # the server counts the close when it sees it
            again = await _socket(server, table)
            try:
                await again.expect("welcome", timeout=10)
                break
            except ConnectionClosed:
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("no place freed after a socket closed")
        for client in [*held, again]:
            await client.close()
    finally:
        proc.stop()


async def test_behind_a_trusted_proxy_each_client_has_its_own_sockets(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--socket-limit", "3",
        "--trusted-proxies", "127.0.0.1",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        table = server.create(**BODY).table
        one = [await _socket(server, table, forwarded="198.51.100.1") for _ in range(3)]
        two = [await _socket(server, table, forwarded="198.51.100.2") for _ in range(3)]
        for client in [*one, *two]:
            await client.expect("welcome")
        code, _ = await _refused(await _socket(server, table, forwarded="198.51.100.1"))
        assert code == 4430
        for client in [*one, *two]:
            await client.close()
    finally:
        proc.stop()
