"""Malformed and hostile input: clear errors or close codes, and nothing changes."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from coltexpress.server import Settings
from coltexpress.server.storage import Store

from .client import Client, Server
from .conftest import ServerLog, ThreadServer
from .procs import ServeProcess


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


# -- the audit's cases: each gets its documented error, nothing changes, nothing is logged --

DEEP = "[" * 5000 + "]" * 5000  # 10,000 bytes: under the 16 KiB limit


async def _close_frame(client: Client) -> tuple[int, str]:
    """The close frame the server sent (code, reason): there must be one."""
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(50):
            await client.recv(timeout=10)
    assert info.value.rcvd is not None, "the socket was dropped without a close frame"
    return info.value.rcvd.code, info.value.rcvd.reason


async def test_deep_and_non_unicode_messages_get_bad_message(
    server: Server, db: str, server_log: ServerLog
) -> None:
    server_log.attach()
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=11)
    client = await server.connect(created.table, created.tokens[0], 0)
    await client.expect("welcome")
    stored = _stored(db, created.table)
    cases = [
        (DEEP, None, "the message nests deeper than 8 levels"),
        ('{"type": "act", "action": "draw", "version": 0, "id": 5, "x": ' + DEEP + "}", None,
         "nests deeper than 8 levels"),  # not read at all: no id to answer with
        ('{"type": "act", "action": "dr\\ud800aw", "version": 0, "id": 1}', 1,
         "action must be a notation string"),
        ('{"type": "act", "action": "draw", "version": 0, "id": "\\udc00"}', None,
         "id must be a short string"),
        ('{"type": "sync", "version": 1' + "0" * 40 + "}", None, "more than 30 digits"),
        ('{"type": "act", "action": "draw", "version": NaN}', None, "NaN is not a JSON number"),
        ('{"type": "ping", "pad": 1}', None, "unknown field 'pad'; the fields are: type, id"),
        ('{"type": "act", "action": "draw", "version": 0, "id": 2}' + "x", None, "not JSON"),
        ('{"type": "sync", "version": ' + "[" * 4000 + "]" * 4000 + "}", None,
         "nests deeper than 8 levels"),
    ]
    for text, msg_id, words in cases:
        await client.send(text)
        error = await client.expect("error")
        assert error["code"] == "bad-message" and words in error["message"], (text[:60], error)
        assert error["id"] == msg_id
        await asyncio.sleep(0.06)  # stay under the rate limit
    assert _stored(db, created.table) == stored
    await client.send({"type": "ping"})
    await client.expect("pong")
    assert server_log.problems() == []


async def test_a_token_that_is_no_unicode_closes_with_4401(
    server: Server, server_log: ServerLog
) -> None:
    server_log.attach()
    created = server.create(players=3, seed=1)
    for token in ("\\ud800", "a\\udfffb"):
        text = '{"type": "hello", "token": "' + token + '"}'  # a JSON escape, as sent
        client = Client(await _raw_connect(server, created.table), None)
        await client.send(text)
        assert await _close_frame(client) == (4401, "bad token")
    assert server_log.problems() == []


def _lobby_size(http: Any) -> int:
    return sum(
        len(http.get("/api/tables", params={"list": which}).json()["tables"])
        for which in ("live", "finished")
    )


CREATE_CASES: list[tuple[str | bytes, str, str]] = [
    (DEEP, "bad-json", "the body nests deeper than 8 levels"),
    ('{"players": 3, "options": {"cars": ' + DEEP + "}}", "bad-json", "nests deeper"),
    ('{"players": 3, "bots": {"1": ["easy"]}}', "bad-request",
     'bots must be an object like {"2": "hard"}'),
    ('{"players": 3, "bots": {"one": "easy"}}', "bad-request", "bots must be an object"),
    ('{"players": 3, "names": {"0": "\\ud800"}}', "bad-name", "names must be an object"),
    ('{"players": 3, "preset": "stan\\udc00dard"}', "bad-options", "preset must be the name"),
    ('{"players": 3, "options": {"warp": true}}', "bad-options",
     "Colt Express has no option 'warp'; its options are: players, characters, powers, "
     "events, round_deck, two_bandits, expert, edition, cars, mei, marshal_prisoners, "
     "horses_stagecoach, round_pool, station_pool"),
    ('{"players": 3, "options": {"cars": "abc"}}', "bad-options",
     "option cars must be a list of whole numbers, or null"),
    ('{"players": 3, "options": {"powers": "yes"}}', "bad-options",
     "option powers must be true or false"),
    ('{"players": 3, "options": {"edition": "1999"}}', "bad-options",
     "option edition must be one of '2016', 'accessible'"),
    ('{"game": "super-express", "options": {"cars": [1, 2]}}', "bad-options",
     "Colt Super Express has no option 'cars'; its options are: players, characters, reflex, "
     "horse, stunned_blocks, loot_values"),
    ('{"game": "super-express", "options": {"reflex": 1}}', "bad-options",
     "option reflex must be true or false"),
    ('{"players": 3, "seed": 1' + "0" * 40 + "}", "bad-json", "more than 30 digits"),
    ('{"players": 3, "clock": true}', "bad-request", "clock must be null or 0"),
    ('{"players": 3, "clock": 4}', "bad-request", "seconds per decision from 5 to 3600"),
    (b'{"players": 3, "names": {"0": "\xff"}}', "bad-json", "the body is not UTF-8 text"),
    ('{"players": 3, "extra": 1}', "bad-request", "unknown field 'extra'; the fields are: game"),
    ('{"players": 3, "game": "colt\\u0000express"}', "bad-game", "game must be one of"),
    ("[1, 2]", "bad-request", "the body must be a JSON object"),
]


def test_bad_create_bodies_get_their_error_in_words(server: Server, server_log: ServerLog) -> None:
    server_log.attach()
    with server.http() as http:
        before = _lobby_size(http)
        for body, code, words in CREATE_CASES:
            answer = http.post(
                "/api/tables",
                content=body if isinstance(body, bytes) else body.encode(),
                headers={"Content-Type": "application/json"},
            )
            assert answer.status_code == 400, (body[:60], answer.text)
            assert set(answer.json()) == {"error", "message"}
            assert answer.json()["error"] == code, (body[:60], answer.json())
            assert words in answer.json()["message"], (body[:60], answer.json())
            assert "__init__" not in answer.json()["message"]
        assert _lobby_size(http) == before
    assert server_log.problems() == []


BAD_IDS = ["a%00b", "x" * 300, "abcdefg%00", "%E2%80%AEabcdefg", "abc%F0%9F%98%80defg"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_table_ids_of_the_wrong_shape_are_never_looked_up(
    backend: str, make_server: Any, request: pytest.FixtureRequest, server_log: ServerLog
) -> None:
    if backend == "postgresql":
        server: Server = make_server(db=request.getfixturevalue("fresh_pg"))
    else:
        server = make_server()
    server_log.attach()
    created = server.create(players=3, seed=1)
    with server.http() as http:
        for table in [*BAD_IDS, "abcdefgh"]:  # the last has the shape, but is no table
            for method, path in [
                ("POST", f"/api/tables/{table}/start"),
                ("GET", f"/api/tables/{table}/record"),
                ("GET", f"/api/tables/{table}/replay"),
                ("GET", f"/api/tables/{table}/replay/0"),
            ]:
                answer = http.request(method, path)
                assert answer.status_code == 404, (path, answer.text)
                assert answer.json()["error"] == "no-table"
                message = answer.json()["message"]
                assert message.startswith("no table ") and len(message) <= 40, message
                assert "\x00" not in message and "x" * 9 not in message
    for table in [*BAD_IDS, "abcdefgh"]:
        client = Client(await _raw_connect(server, table), None)
        await client.send({"type": "hello"})
        code, reason = await _close_frame(client)
        assert code == 4404 and reason.startswith("no table ") and len(reason) <= 40, reason
    assert server.record(created.table).status_code == 409  # the real table is still there
    assert server_log.problems() == []


async def test_unknown_routes_and_methods_answer_json(
    server: Server, server_log: ServerLog
) -> None:
    server_log.attach()
    with server.http() as http:
        for method, path, status, code in [
            ("GET", "/nope", 404, "not-found"),
            ("GET", "/api/tables/abcdefgh/nope", 404, "not-found"),
            ("GET", "/static/nope.js", 404, "not-found"),
            ("GET", "/api/%00", 404, "not-found"),
            ("DELETE", "/api/tables", 405, "bad-method"),
            ("POST", "/api/games", 405, "bad-method"),
            ("PUT", "/", 405, "bad-method"),
        ]:
            answer = http.request(method, path)
            assert answer.status_code == status, (method, path, answer.text)
            assert answer.headers["content-type"] == "application/json"
            assert set(answer.json()) == {"error", "message"}
            assert answer.json()["error"] == code and answer.json()["message"]
    for path in ("/nope", "/ws", "/ws/a/b", "/static/x"):
        from websockets.asyncio.client import connect

        client = Client(await connect(f"{server.ws_base}{path}"), None)
        assert (await _close_frame(client))[0] == 4404
    assert server_log.problems() == []


async def test_a_failure_is_a_json_500_or_a_1011_close_and_is_logged(
    server: Server, server_log: ServerLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from coltexpress.server import api, hub

    server_log.attach()

    def planted(*args: Any) -> Any:
        raise RuntimeError("planted failure")

    monkeypatch.setattr(api, "lobby_entry", planted)
    with server.http() as http:
        answer = http.get("/api/games")
    assert answer.status_code == 500
    assert answer.json() == {
        "error": "server-error",
        "message": "the server failed on this request; it is logged",
    }
    created = server.create(players=3, seed=1)
    client = await server.connect(created.table, created.tokens[0], 0)
    await client.expect("welcome")
    monkeypatch.setattr(hub.Hub, "sync", planted)
    await client.send({"type": "sync"})
    assert await _close_frame(client) == (1011, "server error")
    assert len(server_log.problems()) == 2
    assert all(r.exc_info for r in server_log.records if r.levelno >= logging.ERROR)
    server_log.records.clear()  # planted: the fixture's check is for the tests above


async def test_hellos_to_unknown_tables_leave_no_lock_behind(tmp_path: Path) -> None:
    settings = Settings(db=f"sqlite:///{tmp_path / 'colt.db'}", bot_delay=0.0)
    threaded = ThreadServer(settings)
    with threaded as server:
        hub = threaded.server.config.app.state.hub
        for table in ["abcdefgh", "ABCDEFG1", "a%00b", "y" * 40]:
            for _ in range(3):
                client = Client(await _raw_connect(server, table), None)
                await client.send({"type": "hello"})
                assert (await _close_frame(client))[0] == 4404
        created = server.create(players=3)
        client = await server.connect(created.table, created.tokens[0], 0)
        await client.expect("welcome")
        assert hub.loading == {} and set(hub.live) == {created.table}
        await client.close()


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_huge_uploads_are_refused_without_being_read(tmp_path: Path) -> None:
    """300 MiB to POST /api/tables, with and without Content-Length: 413 too-large, and the
    process's memory stays where it was (it read at most the limit)."""
    serve = ServeProcess("--db", f"sqlite:///{tmp_path / 'colt.db'}", log=tmp_path / "log")
    server = serve.start()
    assert serve.process is not None
    pid = serve.process.pid
    chunk = b" " * (1 << 20)

    def upload() -> Iterator[bytes]:
        for _ in range(300):
            yield chunk

    try:
        with server.http() as http:
            server.create(players=3, seed=1)  # everything a create needs is loaded
            before = _rss_mib(pid)
            peak = [before]
            done = threading.Event()

            def sample() -> None:
                while not done.is_set():
                    peak.append(_rss_mib(pid))
                    time.sleep(0.005)

            sampler = threading.Thread(target=sample)
            sampler.start()
            try:
                for headers in ({"Content-Length": str(300 << 20)}, {}):
                    answer = http.post("/api/tables", content=upload(), headers=headers)
                    assert answer.status_code == 413, answer.text
                    assert answer.json() == {
                        "error": "too-large",
                        "message": "the body is over 16384 bytes",
                    }
            finally:
                done.set()
                sampler.join()
            assert max(peak) < before + 40, (before, max(peak))
            assert http.get("/healthz").status_code == 200
    finally:
        serve.stop()
    assert "Traceback" not in (tmp_path / "log").read_text()
