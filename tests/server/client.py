"""A test client of the table server: HTTP calls and WebSocket seats/spectators."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from coltexpress.updates.patch import apply

TIMEOUT = 30.0



def follow(seen: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """``message`` (a welcome or an update, whole or of patches) made whole in place: each
    moment of patches applied to the one before, the first to ``seen`` (what the viewer
    had: ``{"view", "captions"}``)."""
    if "change" in message:  # patches: each moment from the one before
        for step in [*message["steps"], message]:
            seen = apply(seen, step.pop("change"))
            step.update(seen)
    return message


def moments(message: dict[str, Any]) -> list[dict[str, Any]]:
    """A whole update's moments as its viewer has them: ``{"view", "captions"}`` each."""
    return [{"view": m["view"], "captions": m["captions"]} for m in [*message["steps"], message]]

@dataclass
class Created:
    table: str
    host_token: str
    tokens: dict[int, str]
    raw: dict[str, Any]


# Every client a test opens; a fixture closes those left open when a test ends (a failed
# assertion must not leave sockets for the garbage collector to complain about later).
OPEN_CLIENTS: list[Client] = []

# A seat's own secret by its invite token: the first hello with an invite claims the seat and
# its welcome carries the secret, with which the seat's player comes back (the invite is
# refused from then on), as the browser keeps it.
SECRETS: dict[str, str] = {}


class Server:
    def __init__(self, base: str) -> None:
        self.base = base
        self.ws_base = base.replace("http", "ws", 1)

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=TIMEOUT)

    def create(self, **body: Any) -> Created:
        with self.http() as http:
            answer = http.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        data = answer.json()
        tokens = {
            s["seat"]: s["invite"].split("token=")[1] for s in data["seats"] if s["kind"] == "human"
        }
        return Created(data["table"], data["host_token"], tokens, data)

    def start(self, created: Created) -> None:
        with self.http() as http:
            answer = http.post(
                f"/api/tables/{created.table}/start",
                headers={"Authorization": f"Bearer {created.host_token}"},
            )
        assert answer.status_code == 200, answer.text

    def lobby(self) -> dict[str, dict[str, Any]]:
        """The first page of the lobby's live and finished tables, by table id."""
        out: dict[str, dict[str, Any]] = {}
        with self.http() as http:
            for which in ("live", "finished"):
                answer = http.get("/api/tables", params={"list": which})
                assert answer.status_code == 200, answer.text
                out.update({t["table"]: t for t in answer.json()["tables"]})
        return out

    def record(self, table: str) -> httpx.Response:
        with self.http() as http:
            return http.get(f"/api/tables/{table}/record")

    def replay_step(self, table: str, step: int | str) -> httpx.Response:
        with self.http() as http:
            return http.get(f"/api/tables/{table}/replay/{step}")

    async def connect(
        self,
        table: str,
        token: str | None = None,
        seat: int | None = None,
        *,
        as_given: bool = False,
        patch: bool = False,
    ) -> Client:
        """A socket that says hello with ``token`` (none: a spectator); an invite whose
        seat this client already claimed is replaced by the seat's secret, unless
        ``as_given``. ``patch``: it takes updates as patches, which ``recv`` applies (its
        messages read as whole ones, ``raw`` keeps what came)."""
        ws = await connect(f"{self.ws_base}/ws/{table}", max_size=None)
        client = Client(ws, seat, invite=token)
        OPEN_CLIENTS.append(client)
        if token and not as_given:
            token = SECRETS.get(token, token)
        hello = {"type": "hello", **({"token": token} if token else {})}
        await client.send({**hello, "patch": True} if patch else hello)
        return client


@dataclass
class Client:
    ws: ClientConnection
    seat: int | None
    invite: str | None = None  # the token of the hello (an invite: kept with its secret)
    raw: list[str] = field(default_factory=list)
    version: int = -1
    status: str = ""
    view: dict[str, Any] = field(default_factory=dict)
    seen: dict[str, Any] = field(default_factory=dict)  # the last moment: view and captions

    sent_at: list[float] = field(default_factory=list)

    async def paced_send(self, message: Any, per_second: int = 15) -> None:
        """Send, staying under the server's rate limit (20 messages a second)."""
        loop = asyncio.get_running_loop()
        self.sent_at = [t for t in self.sent_at if t > loop.time() - 1.0]
        if len(self.sent_at) >= per_second:
            await asyncio.sleep(self.sent_at[0] + 1.0 - loop.time())
        self.sent_at.append(loop.time())
        await self.send(message)

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(raw, str)
        self.raw.append(raw)
        message: dict[str, Any] = json.loads(raw)
        if message["type"] == "welcome" and "secret" in message and self.invite:
            SECRETS[self.invite] = message["secret"]
        if message["type"] in ("welcome", "update"):
            follow(self.seen, message)
            self.seen = {"view": message["view"], "captions": message["captions"]}
            self.version = message["version"]
            self.status = message["status"]
            self.view = message["view"]
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read until a message of type ``kind`` (others are kept in ``raw``)."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def until(self, predicate: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if predicate(message):
                return message

    def my_turn(self) -> bool:
        return (
            self.status == "playing"
            and self.view.get("actor") == self.seat
            and bool(self.view.get("legal"))
        )

    async def play(self, rng: random.Random, *, stop_after: int | None = None) -> None:
        """Play random legal moves from this seat's own view until the game is over."""
        sent = -1
        while self.status != "over":
            if stop_after is not None and self.version >= stop_after:
                return
            if self.my_turn() and sent != self.version:
                sent = self.version
                await self.paced_send(
                    {
                        "type": "act",
                        "action": rng.choice(self.view["legal"]),
                        "version": self.version,
                        "id": f"m{self.version}",
                    }
                )
            await self.recv()

    async def close(self) -> None:
        await self.ws.close()


async def whole_game(
    server: Server, body: dict[str, Any], seed: int, timeout: float = 90
) -> tuple[Created, list[Client]]:
    """A table created with ``body`` and ``seed``, every human seat connected and playing
    random legal moves with a spectator watching, until the game is over; the table and its
    clients (the spectator last)."""
    created = server.create(**body, seed=seed)
    humans = [await server.connect(created.table, t, s) for s, t in created.tokens.items()]
    spectator = await server.connect(created.table)
    for c in [*humans, spectator]:
        welcome = await c.expect("welcome")
        assert welcome["status"] == "open" and welcome["seat"] == c.seat
    await asyncio.to_thread(server.start, created)
    rng = random.Random(seed)

    async def watch() -> None:
        while spectator.status != "over":
            await spectator.recv()

    await asyncio.wait_for(asyncio.gather(*(h.play(rng) for h in humans), watch()), timeout)
    return created, [*humans, spectator]
