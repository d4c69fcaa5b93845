"""Slow clients (``server/guard.py``): a connection that trickles a request's headers is
closed once its time for them (``Settings.header_timeout``) is up, while the clients that
send their requests whole are served as usual, and a WebSocket outlives the deadline."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from typing import Any

import httpx

from .client import Server

TIMEOUT = 2.0  # the servers' header timeout here
SLACK = 5.0  # seconds allowed past it (a slow, shared machine)
SLOW = 20  # slow-header connections at once


def _address(server: Server) -> tuple[str, int]:
    host, port = server.base.removeprefix("http://").split(":")
    return host, int(port)


def _trickle(sock: socket.socket, first: bytes, until: float) -> float | None:
    """Send ``first``, then a header line every half second, never the blank line that
    ends the headers; the seconds until the server closed the connection, or None if it
    was still open at ``until`` (monotonic)."""
    began = time.monotonic()
    sock.settimeout(0.5)
    sock.sendall(first)
    n = 0
    while time.monotonic() < until:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - began
        except TimeoutError:
            pass
        except OSError:  # reset: closed too
            return time.monotonic() - began
        n += 1
        try:
            sock.sendall(f"X-Slow-{n}: {n}\r\n".encode())
        except OSError:
            return time.monotonic() - began
    return None


def test_slow_headers_are_closed_while_others_are_served(make_server: Any) -> None:
    server: Server = make_server(header_timeout=TIMEOUT)
    until = time.monotonic() + TIMEOUT + SLACK + 3
    closed: list[float | None] = []
    lock = threading.Lock()

    def slow() -> None:
        with socket.create_connection(_address(server)) as sock:
            took = _trickle(sock, b"GET /healthz HTTP/1.1\r\nHost: x\r\n", until)
        with lock:
            closed.append(took)

    threads = [threading.Thread(target=slow) for _ in range(SLOW)]
    for thread in threads:
        thread.start()
    # meanwhile a normal client is served, on fresh connections and a kept-alive one
    answers = 0
    with server.http() as http:
        while any(t.is_alive() for t in threads):
            assert http.get("/healthz").status_code == 200
            assert httpx.get(f"{server.base}/api/games", timeout=30).status_code == 200
            answers += 1
            time.sleep(0.2)
    for thread in threads:
        thread.join()
    assert answers >= 5
    assert len(closed) == SLOW
    assert all(t is not None and t <= TIMEOUT + SLACK for t in closed), closed
    assert all(t is not None and t >= TIMEOUT * 0.8 for t in closed), closed  # not at once


def test_a_kept_alive_connection_has_the_same_time_for_its_next_request(
    make_server: Any,
) -> None:
    server: Server = make_server(header_timeout=TIMEOUT)
    until = time.monotonic() + TIMEOUT + SLACK + 3
    with socket.create_connection(_address(server)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        took = _trickle(sock, b"GET /healthz HTTP/1.1\r\n", until)
    assert took is not None and took <= TIMEOUT + SLACK


def test_a_request_sent_whole_in_time_is_answered(make_server: Any) -> None:
    """Headers sent in pieces, all within the time: the request is served."""
    server: Server = make_server(header_timeout=TIMEOUT)
    with socket.create_connection(_address(server)) as sock:
        for piece in (b"GET /healthz HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
            sock.sendall(piece)
            time.sleep(TIMEOUT / 5)
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")


async def test_a_websocket_outlives_the_header_deadline(make_server: Any) -> None:
    server: Server = make_server(header_timeout=1.0)
    created = await asyncio.to_thread(server.create, players=3)
    client = await server.connect(created.table, created.tokens[0], 0)
    await asyncio.sleep(2.5)
    await client.ws.send(json.dumps({"type": "ping"}))
    while True:
        message = json.loads(await asyncio.wait_for(client.ws.recv(), 10))
        if message["type"] == "pong":
            break
    await client.close()
