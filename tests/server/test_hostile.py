"""Malformed and hostile input: clear errors or close codes, and nothing changes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from coltexpress.server.storage import Store

from .client import Client, Server


async def _closed_with(client: Client) -> int | None:
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(50):
            await client.recv(timeout=10)
    assert info.value.rcvd is not None
    return info.value.rcvd.code


def _stored(server_db: str, table: str) -> tuple[int, list[str]]:
    store = Store(server_db)
    try:
        row = store.get_table(table)
        assert row is not None
        return row.version, store.moves(table)
    finally:
        store.close()


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'colt.db'}"


async def test_hostile_messages_change_nothing(server: Server, db: str) -> None:
    created = server.create(players=3, bots={"2": "easy"}, seed=11)
    a = await server.connect(created.table, created.tokens[0], 0)
    b = await server.connect(created.table, created.tokens[1], 1)
    await a.expect("welcome")
    await b.expect("welcome")
    await a.send({"type": "act", "action": "draw", "version": 0, "id": 1})
    assert (await a.expect("error"))["code"] == "not-started"
    await asyncio.to_thread(server.start, created)
    await a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
    await b.until(lambda m: m["type"] == "update" and m["status"] == "playing")
    actor, other = (a, b) if a.view["actor"] == 0 else (b, a)
    if a.view["actor"] not in (0, 1):  # the bot plays first: let it
        await a.until(lambda m: m["type"] == "update" and m["view"]["actor"] in (0, 1))
        await b.until(lambda m: m["type"] == "update" and m["version"] == a.version)
        actor, other = (a, b) if a.view["actor"] == 0 else (b, a)
    version, moves = _stored(db, created.table)

    hostile: list[tuple[Client, Any, str]] = [
        (actor, "not json {", "bad-message"),
        (actor, "[1, 2]", "bad-message"),
        (actor, {"no": "type"}, "bad-message"),
        (actor, {"type": 7}, "bad-message"),
        (actor, {"type": "fly"}, "bad-message"),
        (actor, {"type": "hello"}, "bad-message"),
        (actor, {"type": "act", "action": 5, "version": version}, "bad-message"),
        (actor, {"type": "act", "action": "draw", "version": "1"}, "bad-message"),
        (actor, {"type": "act", "action": "draw", "version": True}, "bad-message"),
        (actor, {"type": "act", "action": "draw", "version": version, "id": [1]}, "bad-message"),
        (actor, {"type": "act", "action": "x" * 500, "version": version}, "bad-message"),
        (actor, {"type": "act", "action": "jump", "version": version}, "syntax"),
        (actor, {"type": "act", "action": "shoot nobody", "version": version}, "syntax"),
        (actor, {"type": "act", "action": "rob jewel", "version": version}, "illegal"),
        (actor, {"type": "act", "action": "draw", "version": version + 5}, "stale"),
        (actor, {"type": "act", "action": "draw", "version": version - 1}, "stale"),
        (other, {"type": "act", "action": "draw", "version": version}, "not-your-turn"),
    ]
    for client, message, code in hostile:
        await client.send(message)
        error = await client.expect("error")
        assert error["code"] == code, (message, error)
        assert error["message"]
        await asyncio.sleep(0.06)  # stay under the rate limit
    assert _stored(db, created.table) == (version, moves)
    await actor.send({"type": "sync", "version": 0})
    welcome = await actor.expect("welcome")
    assert welcome["version"] == version
    await actor.send(b"\x00binary")
    assert (await actor.expect("error"))["code"] == "bad-message"
    await actor.send({"type": "ping"})
    await actor.expect("pong")
    # a legal move still goes through, with an ack carrying the client's id
    await actor.send({"type": "act", "action": "draw", "version": version, "id": "ok"})
    ack = await actor.expect("ack")
    assert ack == {"type": "ack", "id": "ok", "version": version + 1}
    stored_version, stored_moves = _stored(db, created.table)
    # the bot may already have answered: the draw is stored at its version, and kept
    assert stored_version >= version + 1 and stored_moves[version] == "draw"
    for c in (a, b):
        await c.close()


async def test_spectator_cannot_play(server: Server) -> None:
    created = server.create(players=3, bots={"0": "easy", "1": "easy", "2": "easy"}, seed=4)
    spectator = await server.connect(created.table)
    welcome = await spectator.expect("welcome")
    assert welcome["seat"] is None and "hand" not in welcome["view"]
    await spectator.send({"type": "act", "action": "draw", "version": 0})
    assert (await spectator.expect("error"))["code"] == "not-started"
    await asyncio.to_thread(server.start, created)
    await spectator.send({"type": "act", "action": "draw", "version": spectator.version})
    error = await spectator.until(lambda m: m["type"] == "error")
    assert error["code"] in ("not-your-turn", "stale", "over")
    await spectator.close()


async def test_bad_tokens_are_closed_with_4401(server: Server) -> None:
    one = server.create(players=3, seed=1)
    two = server.create(players=3, seed=2)
    for token in ("nope", two.tokens[0], 12345, "x" * 1000):
        client = Client(await _raw_connect(server, one.table), None)
        await client.send({"type": "hello", "token": token})
        assert await _closed_with(client) == 4401
    client = Client(await _raw_connect(server, "no-such-table"), None)
    await client.send({"type": "hello"})
    assert await _closed_with(client) == 4404


async def _raw_connect(server: Server, table: str) -> Any:
    from websockets.asyncio.client import connect

    return await connect(f"{server.ws_base}/ws/{table}", max_size=None)


async def test_huge_frames_are_refused_with_1009(server: Server) -> None:
    created = server.create(players=3, seed=1)
    client = await server.connect(created.table, created.tokens[0], 0)
    await client.expect("welcome")
    await client.send(json.dumps({"type": "ping", "pad": "x" * 20000}))
    assert await _closed_with(client) == 1009


async def test_flooding_is_closed_with_4429(server: Server) -> None:
    created = server.create(players=3, seed=1)
    client = await server.connect(created.table, created.tokens[0], 0)
    await client.expect("welcome")
    for _ in range(40):
        try:
            await client.send({"type": "ping"})
        except ConnectionClosed:
            break
    assert await _closed_with(client) == 4429


def test_http_errors(server: Server) -> None:
    created = server.create(players=3, seed=1)
    with server.http() as http:
        bad_bodies: list[Any] = [
            {"players": 9},
            {"players": "3"},
            {"preset": "nope"},
            {"players": 3, "bots": {"7": "easy"}},
            {"players": 3, "bots": {"1": "godlike"}},
            {"players": 3, "options": {"warp": True}},
            {"players": 3, "characters": ["belle", "belle", "doc"]},
            {"players": 3, "seed": -1},
            {"players": 3, "extra": 1},
            [1, 2],
        ]
        for body in bad_bodies:
            answer = http.post("/api/tables", json=body)
            assert answer.status_code == 400, (body, answer.text)
            assert set(answer.json()) == {"error", "message"}
        assert http.post("/api/tables", content=b"{not json").status_code == 400
        assert http.post("/api/tables", content=b" " * 70000).status_code == 413
        start = f"/api/tables/{created.table}/start"
        assert http.post(start).status_code == 401
        assert http.post(start, headers={"Authorization": "Bearer nope"}).status_code == 403
        assert http.post("/api/tables/none/start").status_code == 404
        assert http.get(f"/api/tables/{created.table}/record").status_code == 409
        assert http.get("/api/tables/none/record").status_code == 404
        ok = {"Authorization": f"Bearer {created.host_token}"}
        assert http.post(start, headers=ok).status_code == 200
        assert http.post(start, headers=ok).status_code == 409
        lobby = http.get("/api/tables").json()["tables"]
        assert {"table", "players", "preset", "status", "seats_claimed", "seats_human"} <= set(
            lobby[0]
        )
        assert all(created.host_token not in str(entry) for entry in lobby)
        for page in ("/", f"/t/{created.table}", f"/replay/{created.table}"):
            answer = http.get(page)
            assert answer.status_code == 200 and "html" in answer.headers["content-type"]
