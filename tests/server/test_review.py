"""The review of a finished online game (``GET /api/tables/T/review``): built in its own
worker off the event loop, once, with each decision in a spectator's words and every
seat's chance after every move; refused before the end; limited per address."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from typing import Any

import msgspec

from coltexpress.engine.options import Options
from coltexpress.review import review_record
from coltexpress.server.kinds import table_game
from coltexpress.server.replays import REVIEW_ITERATIONS, REVIEW_PLAYOUTS, ReplayJob, ReplayPool

from .client import Server
from .flood import finished_long_game


def _colt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "coltexpress.cli", *args],
                          capture_output=True, text=True, check=False, timeout=600)


def _finished(seed: int) -> ReplayJob:
    kind = table_game("colt-express")
    options = Options.preset("standard", players=3).to_dict()
    game, rng, actions = kind.new(options, seed), random.Random(seed), []
    while not game.is_over:
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        actions.append(action)
    seats = ((0, "Ann", "human"), (1, None, "bot"), (2, "Bo", "human"))
    return ReplayJob("review", "colt-express", options, seed, tuple(actions), seats)


async def test_a_review_is_built_once_in_its_worker_and_is_colt_reviews() -> None:
    pool = ReplayPool()
    job = _finished(3)
    try:
        key = ("t", len(job.actions), "review", 0)
        answers = await asyncio.gather(*(pool.get(key, job) for _ in range(4)))
        assert pool.builds == 1 and all(a == answers[0] for a in answers)
        answer = msgspec.json.decode(answers[0])
    finally:
        await pool.close()
    game = table_game("colt-express").new(job.options, job.seed)
    for action in job.actions:
        game.apply(action)
    same = review_record({"game": "colt-express", **game.record()},
                         iterations=REVIEW_ITERATIONS, playouts=REVIEW_PLAYOUTS)
    assert [list(c) for c in same.chances] == answer["chances"]
    assert [d["move"] - 1 for d in answer["decisions"]] == [d.move for d in same.decisions]
    assert [d["mark"] for d in answer["decisions"]] == [d.mark for d in same.decisions]
    assert [s["name"] for s in answer["seats"]] == ["Ann", None, "Bo"]
    assert [s["accuracy"] for s in answer["seats"]] == [
        same.summary(s)["accuracy"] for s in range(3)]
    for d in answer["decisions"]:
        if d["better"] is None:  # the best choice was made
            assert d["loss"] == 0
        assert "_" not in d["played"] and "@" not in d["played"]


def test_the_review_waits_for_the_end_and_is_served_once_it_is_over(make_server: Any) -> None:
    server: Server = make_server(replay_limit=100)
    waiting = server.create(players=3, seed=1)
    with server.http() as http:
        early = http.get(f"/api/tables/{waiting.table}/review")
        assert early.status_code == 409 and "once the game is over" in early.json()["message"]
        table, moves = finished_long_game(server)
        answer = http.get(f"/api/tables/{table}/review", timeout=300)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert len(body["chances"]) == moves + 1
        assert body["decisions"] and {d["mark"] for d in body["decisions"]} <= {
            "good", "inaccuracy", "mistake", "blunder"}
        again = http.get(f"/api/tables/{table}/review")
        assert again.status_code == 200 and again.content == answer.content
        assert http.get("/api/tables/no-such-table/review").status_code == 404
    # colt review takes the online game's address (its record, fetched)
    online = _colt("review", f"{server.base}/replay/{table}", "--seat", "1",
                   "--iterations", "20", "--playouts", "2", "--no-luck", "--json")
    assert online.returncode == 0, online.stderr
    reviewed = json.loads(online.stdout)
    assert reviewed["seats"] == [1] and len(reviewed["chances"]) == moves + 1
    early = _colt("review", f"{server.base}/t/{waiting.table}")
    assert early.returncode != 0 and "once the game is over" in early.stderr
