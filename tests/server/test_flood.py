"""Replays and records of finished games (``server/replays.py``): built off the event loop,
once, and limited per address. A flood of clients looping on the replay of a long game
leaves ``/healthz`` quick and gets 429s; the same build is shared by every request for it
and kept; the limit answers 429 with Retry-After."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgspec

from coltexpress.engine.options import Options
from coltexpress.server.kinds import table_game
from coltexpress.server.replays import ReplayJob, ReplayPool, build

from .client import Server
from .flood import finished_long_game, measure
from .procs import ServeProcess

CLIENTS = 16
# /healthz's 95th percentile under the flood: about 10 ms measured with replays built in
# their worker and kept, about 400 ms when each was built on the event loop (docs/server.md)
HEALTHZ_P95_MS = 150.0


def test_a_replay_flood_leaves_the_server_quick_and_gets_429(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'c.db'}", "--bot-delay", "0", log=tmp_path / "log"
    )
    server = proc.start()
    try:
        table, moves = finished_long_game(server)
        assert moves > 150
        report = measure(server.base, [f"/api/tables/{table}/replay"], CLIENTS, 8.0)
    finally:
        proc.stop()
    assert report["healthz_p95_ms"] < HEALTHZ_P95_MS, report
    answers = report["flood_answers"]
    assert answers.get(200, 0) >= 1 and answers.get(429, 0) >= 100, report
    assert set(answers) <= {200, 429}, report


def _finished_job(what: str, step: int = 0) -> ReplayJob:
    kind = table_game("colt-express")
    options = Options.preset("standard", players=3).to_dict()
    game, rng, actions = kind.new(options, 11), random.Random(11), []
    while not game.is_over:
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        actions.append(action)
    seats = ((0, "Ann", "human"), (1, None, "bot"), (2, None, "human"))
    return ReplayJob(what, "colt-express", options, 11, tuple(actions), seats, step)


async def test_each_answer_is_built_once_in_the_worker_and_kept() -> None:
    pool = ReplayPool()
    try:
        job = _finished_job("replay")
        key = ("t", len(job.actions), "replay", 0)
        answers = await asyncio.gather(*(pool.get(key, job) for _ in range(10)))
        assert pool.builds == 1
        assert all(a == answers[0] for a in answers)
        assert answers[0] == build(job)  # the worker builds what the server would
        listing = msgspec.json.decode(answers[0])
        assert len(listing["moves"]) == len(job.actions)
        assert [p["name"] for p in listing["players"]] == ["Ann", None, None]
        assert await pool.get(key, job) == answers[0] and pool.builds == 1  # kept
        assert pool.version("t") == len(job.actions)
        step = _finished_job("step", 5)
        await pool.get(("t", len(job.actions), "step", 5), step)
        assert pool.builds == 2
    finally:
        await pool.close()


async def test_the_cache_is_bounded_in_bytes() -> None:
    pool = ReplayPool(cache_bytes=1)  # nothing fits: built each time
    try:
        job = _finished_job("record")
        key = ("t", len(job.actions), "record", 0)
        await pool.get(key, job)
        await pool.get(key, job)
        assert pool.builds == 2 and pool.size == 0
    finally:
        await pool.close()


def test_over_the_limit_an_address_gets_429_with_retry_after(make_server: Any) -> None:
    server: Server = make_server(replay_limit=3)
    created = server.create(players=3, seed=1)
    with server.http() as http:
        for _ in range(3):  # counted whatever the answer (here: not over yet)
            assert http.get(f"/api/tables/{created.table}/replay").status_code == 409
        answer = http.get(f"/api/tables/{created.table}/record")
        assert answer.status_code == 429
        assert 1 <= int(answer.headers["Retry-After"]) <= 60
        body = answer.json()
        assert body["error"] == "too-many-requests" and "3 records and replays" in body["message"]
        assert http.get(f"/api/tables/{created.table}/replay/0").status_code == 429
        assert http.get("/healthz").status_code == 200  # nothing else is limited


def test_over_the_lobby_limit_an_address_gets_429(make_server: Any) -> None:
    server: Server = make_server(lobby_limit=3)
    with server.http() as http:
        for which in ("live", "finished", "live"):
            assert http.get("/api/tables", params={"list": which}).status_code == 200
        answer = http.get("/api/tables")
        assert answer.status_code == 429 and 1 <= int(answer.headers["Retry-After"]) <= 60
        body = answer.json()
        assert body["error"] == "too-many-requests" and "3 lobby pages" in body["message"]
        assert http.get("/api/games").status_code == 200  # nothing else is limited
