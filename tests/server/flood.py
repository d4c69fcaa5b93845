"""A replay flood: clients looping on the replay of a finished long game while another
measures ``/healthz``. Used by ``test_flood.py``, and a measure of its own (docs/server.md):

    .venv/bin/python -m tests.server.flood                 # a colt serve of this checkout
    .venv/bin/python -m tests.server.flood --url http://127.0.0.1:8000 --clients 16

The flooding clients run in a process of their own, so that their Python does not slow
the measuring client's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from .client import Server

LONG_GAME: dict[str, Any] = {  # about 200 moves, every seat a bot
    "players": 6,
    "preset": "both-expansions",
    "bots": {str(s): "easy" for s in range(6)},
    "seed": 3,
}


def finished_long_game(server: Server) -> tuple[str, int]:
    """A table whose bots played a long game to its end (it is watched meanwhile: bots
    play while someone watches); its id and number of moves."""
    created = server.create(**LONG_GAME)
    server.start(created)

    async def watch() -> int:
        async with connect(f"{server.ws_base}/ws/{created.table}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 120))
                if message.get("status") == "over":
                    return int(message["version"])

    return created.table, asyncio.run(watch())


async def _loop(base: str, paths: list[str], until: float, counts: Counter[int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        n = 0
        while time.monotonic() < until:
            try:
                answer = await http.get(paths[n % len(paths)])
                counts[answer.status_code] += 1
            except httpx.HTTPError:
                counts[0] += 1
            n += 1


def _flood(base: str, paths: list[str], clients: int, seconds: float, out: Any) -> None:
    counts: Counter[int] = Counter()
    until = time.monotonic() + seconds

    async def run() -> None:
        await asyncio.gather(*(_loop(base, paths, until, counts) for _ in range(clients)))

    asyncio.run(run())
    out.send(dict(counts))


def measure(
    base: str, paths: list[str], clients: int, seconds: float, warmup: float = 1.0
) -> dict[str, Any]:
    """``clients`` looping on ``paths`` for ``seconds`` while ``/healthz`` is asked every
    50 ms: its latencies (ms) and the flood's answers by status (0: failed)."""
    context = multiprocessing.get_context("spawn")
    theirs, ours = context.Pipe(duplex=False)
    flooder = context.Process(target=_flood, args=(base, paths, clients, seconds + warmup, ours))
    flooder.start()
    latencies: list[float] = []
    with httpx.Client(base_url=base, timeout=60) as http:
        time.sleep(warmup)  # the flood's process started and running
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            began = time.perf_counter()
            assert http.get("/healthz").status_code == 200
            latencies.append(1000 * (time.perf_counter() - began))
            time.sleep(0.05)
    counts = theirs.recv()
    flooder.join(60)
    latencies.sort()
    return {
        "healthz_p50_ms": round(statistics.median(latencies), 1),
        "healthz_p95_ms": round(latencies[int(0.95 * (len(latencies) - 1))], 1),
        "healthz_max_ms": round(latencies[-1], 1),
        "healthz_asked": len(latencies),
        "flood_answers": counts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: colt serve started here)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--steps", action="store_true", help="flood the replay's steps too")
    parser.add_argument(
        "--serve", default="", help="more options of the colt serve started here, e.g. "
        "'--replay-limit 0'"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc = None
        if args.url is None:
            from .procs import ServeProcess

            db = f"sqlite:///{Path(tmp) / 'flood.db'}"
            more = args.serve.split()
            proc = ServeProcess("--db", db, "--bot-delay", "0", *more, log=Path(tmp) / "log")
            server = proc.start()
        else:
            server = Server(args.url.rstrip("/"))
        try:
            table, moves = finished_long_game(server)
            paths = [f"/api/tables/{table}/replay"]
            if args.steps:
                paths += [f"/api/tables/{table}/replay/{k}" for k in range(moves + 1)]
            before = measure(server.base, [], 0, 3.0, warmup=0.0)
            report = measure(server.base, paths, args.clients, args.seconds)
            print(json.dumps({"moves": moves, "idle": before, "flood": report}, indent=1))
        finally:
            if proc is not None:
                proc.stop()


if __name__ == "__main__":
    main()
