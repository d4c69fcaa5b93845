"""``colt loadtest``: concurrent tables over WebSockets on loopback.

Each table has one seat played by this client (random legal moves from its own view), the
other seats played by server bots, and a spectator. Reported: moves per second over all
tables, and the latency from sending a move to the spectator receiving its update.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["run_loadtest"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


async def _table(
    base: str,
    players: int,
    level: str,
    seed: int,
    sent: dict[tuple[str, int], float],
    latencies: list[float],
) -> int:
    from websockets.asyncio.client import connect

    bots = {str(s): level for s in range(1, players)}
    created = await asyncio.to_thread(
        _post, f"{base}/api/tables", {"players": players, "preset": "standard", "bots": bots}
    )
    table = created["table"]
    token = created["seats"][0]["invite"].split("token=")[1]
    ws_base = base.replace("http", "ws", 1)
    rng = random.Random(seed)
    moves = 0
    recent: list[float] = []
    async with (
        connect(f"{ws_base}/ws/{table}") as spectator,
        connect(f"{ws_base}/ws/{table}") as player,
    ):
        await spectator.send(json.dumps({"type": "hello"}))
        await player.send(json.dumps({"type": "hello", "token": token}))
        await asyncio.to_thread(
            _post, f"{base}/api/tables/{table}/start", {}, created["host_token"]
        )

        async def watch() -> None:
            async for raw in spectator:
                message = json.loads(raw)
                if message["type"] == "update":
                    key = (table, message["version"])
                    if key in sent:
                        latencies.append(time.perf_counter() - sent.pop(key))
                    if message["status"] == "over":
                        return

        watcher = asyncio.create_task(watch())
        async for raw in player:
            message = json.loads(raw)
            if message["type"] not in ("welcome", "update"):
                continue
            moves = message["version"]
            view = message["view"]
            if message["status"] == "over" or view.get("decision") == "over":
                break
            if message["status"] == "playing" and view.get("actor") == 0 and view.get("legal"):
                # stay under the server's limit of 20 messages a second
                now = time.perf_counter()
                recent = [t for t in recent if t > now - 1.0]
                if len(recent) >= 15:
                    await asyncio.sleep(recent[0] + 1.0 - now)
                recent.append(time.perf_counter())
                sent[(table, message["version"] + 1)] = time.perf_counter()
                await player.send(
                    json.dumps(
                        {
                            "type": "act",
                            "action": rng.choice(view["legal"]),
                            "version": message["version"],
                            "id": message["version"],
                        }
                    )
                )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(watcher, 30)
    return moves


async def _run(base: str, tables: int, players: int, level: str) -> dict[str, Any]:
    sent: dict[tuple[str, int], float] = {}
    latencies: list[float] = []
    start = time.perf_counter()
    results = await asyncio.gather(
        *(_table(base, players, level, i, sent, latencies) for i in range(tables))
    )
    elapsed = time.perf_counter() - start
    total = sum(results)
    ordered = sorted(latencies) or [0.0]
    return {
        "tables": tables,
        "moves": total,
        "seconds": round(elapsed, 2),
        "moves_per_s": round(total / elapsed, 1),
        "latency_samples": len(latencies),
        "latency_p50_ms": round(statistics.median(ordered) * 1000, 2),
        "latency_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
    }


def run_loadtest(*, tables: int, players: int, level: str, url: str | None) -> dict[str, Any]:
    """Run the benchmark; without ``url`` a server is started on a temporary SQLite file."""
    if url is not None:
        return asyncio.run(_run(url.rstrip("/"), tables, players, level))
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        db = f"sqlite:///{Path(tmp) / 'load.db'}"
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from coltexpress.cli import main; main()",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                "0",
            ],
            stdout=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            report = asyncio.run(_run(base, tables, players, level))
            report["server"] = "one process, SQLite"
            return report
        finally:
            process.terminate()
            process.wait(timeout=10)
