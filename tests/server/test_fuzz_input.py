"""Thousands of generated hostile inputs against a real in-process server: WebSocket frames
(before and after the hello) and HTTP bodies, paths and query strings. Every answer has the
documented shape (docs/protocol.md, "Errors"), the server logs no error and no traceback,
and a game still plays to its end afterwards.

The inputs come from a seeded generator (the same run every time): deep nesting, odd Unicode
(lone surrogates, NUL, bidi overrides, zero-width and combining marks, emoji), huge and
fractional numbers, wrong types, unknown fields, strings near the size limit, cut JSON."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from typing import Any
from urllib.parse import quote

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .client import Client, Server
from .conftest import ServerLog

SEED = 20261125
WS_FRAMES = 2000  # after a hello, on a seat's socket
HELLO_FRAMES = 300  # each on a new socket
HTTP_REQUESTS = 1500

# what each answer may be (docs/protocol.md)
WS_ERRORS = {
    "bad-message", "syntax", "illegal", "not-your-turn", "stale", "not-started", "over",
    "cannot-hand",
}
WS_REPLIES = {"error", "pong", "welcome", "ack"}
WS_BROADCASTS = {"update", "seat", "clock", "presence", "notice", "released", "handed"}
CLOSES = {1009, 4401, 4404, 4409}
HTTP_ERRORS = {
    400: {"bad-request", "bad-json", "bad-game", "bad-options", "bad-name", "bad-step",
          "seed-not-allowed"},
    401: {"no-token"},
    403: {"bad-token"},
    404: {"no-table", "no-step", "not-found"},
    405: {"bad-method"},
    409: {"not-open", "not-over"},
    413: {"too-large"},
}

ODD = [
    "\x00", "\u202e", "\u200b", "\u200f", "\ufeff", "😀", "e\u0301\u0301\u0301\u0301",
    "\ud800", "\udfff", "\uffff", "\n", "\\", '"', "%00", "\U0001d54f", "",
]


class Hostile:
    """A seeded source of hostile JSON values and texts."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def string(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.05:
            return "x" * rng.randint(15_000, 17_000)  # near the 16 KiB limit
        if roll < 0.5:
            return "".join(rng.choice(ODD) for _ in range(rng.randint(1, 6)))
        return rng.choice(["draw", "standard", "easy", "hard", "belle", "colt-express",
                           "super-express", "0", "1", "abcdefgh", "reflex", "order", "station"])

    def number(self) -> Any:
        return self.rng.choice([0, 1, -1, 3, 7, 2**31, 2**53 + 1, 2**63, 2**64, -(2**63),
                                10**29, 10**40, 1.5, -0.0, 1e308, True, False])

    def value(self, depth: int = 0) -> Any:
        roll = self.rng.random()
        if depth > 3 or roll < 0.35:
            return self.string()
        if roll < 0.6:
            return self.number()
        if roll < 0.7:
            return None
        if roll < 0.85:
            return [self.value(depth + 1) for _ in range(self.rng.randint(0, 3))]
        return {self.string()[:20]: self.value(depth + 1) for _ in range(self.rng.randint(0, 3))}

    def text(self, value: Any) -> str:
        """``value`` as JSON text, sometimes spoiled: nested deep, cut, with a NaN or a
        number too long."""
        text = json.dumps(value)  # lone surrogates come out as JSON escapes
        roll = self.rng.random()
        depth = self.rng.choice([9, 100, 1000, 5000, 7000])
        if roll < 0.06:
            return "[" * depth + text + "]" * depth
        if roll < 0.1 and text.endswith("}"):
            return text[:-1] + ', "deep": ' + "{\"a\": " * depth + "1" + "}" * depth + "}"
        if roll < 0.13:
            return text[: self.rng.randint(0, len(text))]
        if roll < 0.15 and text.endswith("}"):
            return text[:-1] + ', "n": ' + self.rng.choice(["NaN", "-Infinity", "1" * 50,
                                                             "1e999"]) + "}"
        return text

    def field(self, good: Any) -> Any:
        return good if self.rng.random() < 0.5 else self.value()

    def message(self, version: int, legal: list[str]) -> dict[str, Any]:
        rng = self.rng
        kind = rng.choice(
            ["act", "act", "act", "sync", "ping", "hello", "hand", "fly", 7, None]
        )
        message: dict[str, Any] = {} if kind is None else {"type": kind}
        if kind == "act":
            action = rng.choice(legal) if legal and rng.random() < 0.3 else "draw"
            message.update(action=self.field(action), version=self.field(version))
        elif kind == "sync":
            message["version"] = self.field(version)
        elif kind == "hello":
            message["token"] = self.field("nope")
        elif kind == "hand":
            message["seat"] = self.field(rng.randint(0, 3))
        if rng.random() < 0.5:
            message["id"] = self.field(rng.randint(0, 99))
        if rng.random() < 0.1:
            message[self.string()[:20]] = self.value()
        return message

    def table_body(self) -> Any:
        rng = self.rng
        if rng.random() < 0.05:
            return self.value()
        good: dict[str, Any] = {
            "game": rng.choice(["colt-express", "super-express"]),
            "players": rng.choice([3, 4]),
            "preset": "standard",
            "options": {"powers": True} if rng.random() < 0.5 else {"reflex": True},
            "characters": ["belle", "doc", "ghost"],
            "bots": {"1": "easy"},
            "names": {"0": "Anna"},
            "host_seat": 0,
            "clock": rng.choice([None, 0, 60]),
            "seed": 5,
        }
        body = {k: self.field(v) for k, v in good.items() if rng.random() < 0.6}
        if rng.random() < 0.15:
            body["options"] = {self.string()[:20]: self.value()}
        if rng.random() < 0.1:
            body[self.string()[:20]] = self.value()
        return body

    def segment(self) -> str:
        rng = self.rng
        return rng.choice([
            "abcdefgh", "a%00b", "%ff%fe", "%ED%A0%80", "x" * 300, "..", "%2F", "%E2%80%AE",
            quote(self.string()[:30], safe="", errors="surrogatepass"),
            "0", "-1", "99999999999", "1e3",
        ])

    def request(self, table: str) -> tuple[str, str, bytes | None]:
        """A method, a path (with query) and a body."""
        rng = self.rng
        seg = self.segment
        body = None
        roll = rng.random()
        if roll < 0.5:
            body = self.text(self.table_body()).encode("utf-8", "surrogatepass")
            if rng.random() < 0.05:
                body += b"\xff\xfe"
            return "POST", "/api/tables", body
        paths = [
            f"/api/tables/{seg()}/start", f"/api/tables/{seg()}/record",
            f"/api/tables/{seg()}/replay", f"/api/tables/{seg()}/replay/{seg()}",
            f"/api/tables/{table}/replay/{seg()}", f"/api/tables/{table}/start",
            f"/api/rules?game={seg()}", f"/api/tables?list={seg()}&page={seg()}",
            f"/{seg()}", f"/api/{seg()}", f"/t/{seg()}", f"/static/{seg()}",
        ]
        method = rng.choice(["GET", "GET", "POST", "PUT", "DELETE", "PATCH"])
        return method, rng.choice(paths), None


def _check_ws_message(message: dict[str, Any]) -> None:
    assert message["type"] in WS_REPLIES | WS_BROADCASTS, message
    if message["type"] == "error":
        assert set(message) == {"type", "id", "code", "message"}, message
        assert message["code"] in WS_ERRORS, message
        assert isinstance(message["message"], str) and message["message"], message


def _check_close(exc: ConnectionClosed) -> int:
    assert exc.rcvd is not None, "the socket was dropped without a close frame"
    assert exc.rcvd.code in CLOSES, exc.rcvd
    return exc.rcvd.code


async def _reply(client: Client, seen: Counter[str]) -> None:
    """Read the answer to the last frame (broadcasts read on the way are checked too) and
    count it: its type, or its error code."""
    while True:
        message = await client.recv(timeout=10)
        _check_ws_message(message)
        if message["type"] in WS_REPLIES:
            seen[message.get("code", message["type"])] += 1
            return


async def test_fuzzed_input_gets_documented_answers(
    make_server: Any, server_log: ServerLog
) -> None:
    server: Server = make_server(rate=1_000_000, create_limit=0)
    server_log.attach()
    gen = Hostile(random.Random(SEED))
    created = server.create(players=3, bots={"1": "easy", "2": "easy"})
    server.start(created)

    async def seat() -> Client:
        client = await server.connect(created.table, created.tokens[0], 0)
        await client.expect("welcome")
        return client

    client = await seat()
    seen: Counter[str] = Counter()  # answers by type or error code, closes by code
    for _ in range(WS_FRAMES):
        legal = client.view.get("legal", []) if client.my_turn() else []
        text = gen.text(gen.message(client.version, legal))
        try:
            await client.send(text)
            await _reply(client, seen)
        except ConnectionClosed as exc:
            seen[f"close {_check_close(exc)}"] += 1
            client = await seat()
    await client.close()

    for _ in range(HELLO_FRAMES):
        table = created.table if gen.rng.random() < 0.8 else gen.segment()
        ws = await connect(f"{server.ws_base}/ws/{table}", max_size=None)
        raw = Client(ws, None)
        hello = {"type": "hello", "token": gen.field(created.tokens[0]), "id": gen.field(1)}
        try:
            await raw.send(gen.text(hello if gen.rng.random() < 0.8 else gen.value()))
            await _reply(raw, seen)
        except ConnectionClosed as exc:
            seen[f"close {_check_close(exc)}"] += 1
        await ws.close()
    # the generator reached every kind of answer
    assert {"bad-message", "ack", "pong", "welcome", "stale", "close 1009", "close 4401",
            "close 4404"} <= set(seen), seen

    statuses: Counter[int] = Counter()
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        for _ in range(HTTP_REQUESTS):
            method, path, body = gen.request(created.table)
            answer = await http.request(method, path, content=body)
            status = answer.status_code
            statuses[status] += 1
            if status == 200 and answer.headers["content-type"].startswith("text/html"):
                # a page (the lobby, a table's, a replay's, whatever the id: the page asks)
                assert answer.url.path == "/" or answer.url.path.startswith(("/t/", "/replay/"))
                continue
            assert status in {200, 201, *HTTP_ERRORS}, (method, path, body, answer.text)
            if status >= 400:
                data = answer.json()
                assert set(data) == {"error", "message"}, (method, path, data)
                assert data["error"] in HTTP_ERRORS[status], (method, path, data)
                assert isinstance(data["message"], str) and data["message"]
            elif not path.startswith("/static/"):
                answer.json()
    assert {201, 400, 404, 405, 413} <= set(statuses), statuses

    assert server_log.problems() == []
    # and a game still plays to its end
    after = server.create(players=3, bots={"1": "easy", "2": "easy"})
    server.start(after)
    player = await server.connect(after.table, after.tokens[0], 0)
    await asyncio.wait_for(player.play(random.Random(SEED)), 120)
    assert player.status == "over"
    await player.close()
    assert server_log.problems() == []
