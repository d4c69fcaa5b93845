"""A tiny test-only table server implementing docs/protocol.md with the real engine.

It exists so the browser pages can be developed and tested before (or without) the real
server in ``coltexpress.server``. In memory only: no storage, no grace periods, no rate
limits. Run it with ``python tests/web/fake_server.py --port 8765``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from coltexpress import Game, Options
from coltexpress.engine.errors import ColtError, NotationError
from coltexpress.engine.event import Event
from coltexpress.tournament import make_agent, parse_agent

WEB = Path(__file__).resolve().parents[2] / "src" / "coltexpress" / "web"
BOT_DELAY = 0.05


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _visible(event: Event, seat: int | None) -> bool:
    if event.seat is not None and event.seat != seat:
        return False
    return not (event.kind == "neutral-bullet" and event.data.get("reason") == "marshal")


@dataclass
class Table:
    id: str
    game: Game
    preset: str
    host: str
    tokens: dict[str, int]  # token hash -> seat
    bots: dict[int, str]
    status: str = "open"
    claimed: set[int] = field(default_factory=set)
    events: list[Event] = field(default_factory=list)
    conns: dict[WebSocket, int | None] = field(default_factory=dict)
    agents: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def version(self) -> int:
        return len(self.game.record()["actions"])

    def welcome(self, seat: int | None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "seat": seat,
            "version": self.version,
            "view": self.game.view(seat),
            "log": [e.text() for e in self.events if _visible(e, seat)],
            "status": self.status,
            "seats": [
                {"seat": s, "kind": kind, "state": kind}
                for s in range(self.game.n_players)
                for kind in ["bot" if s in self.bots else "human"]
            ],
        }

    def robot(self, seat: int) -> bool:
        return seat in self.bots or seat not in self.claimed


TABLES: dict[str, Table] = {}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def create(request: Request) -> Response:
    try:
        body = await request.json()
        players = int(body.get("players", 3))
        preset = str(body.get("preset", "standard"))
        options = Options.preset(preset, players=players, **(body.get("options") or {}))
        bots = {int(k): str(v) for k, v in (body.get("bots") or {}).items()}
        for level in bots.values():
            parse_agent(level)
        seed = int(body.get("seed") or secrets.randbelow(1_000_000) + 1)
        game = Game.new(options, seed=seed)
    except (ValueError, TypeError, ColtError, json.JSONDecodeError) as exc:
        return _error(400, "bad-request", str(exc))
    table_id = secrets.token_urlsafe(6)
    host = secrets.token_urlsafe(16)
    seats: list[dict[str, Any]] = []
    tokens: dict[str, int] = {}
    for s in range(players):
        if s in bots:
            seats.append({"seat": s, "kind": "bot", "level": bots[s]})
        else:
            tok = secrets.token_urlsafe(16)
            tokens[_hash(tok)] = s
            seats.append(
                {"seat": s, "kind": "human", "invite": f"/t/{table_id}#seat={s}&token={tok}"}
            )
    table = Table(table_id, game, preset, host, tokens, bots)
    for s, level in bots.items():
        table.agents[s] = make_agent(parse_agent(level), seed=seed * 101 + s)
    TABLES[table_id] = table
    return JSONResponse({"table": table_id, "host_token": host, "seats": seats})


async def listing(_: Request) -> Response:
    return JSONResponse(
        [
            {
                "table": t.id,
                "players": t.game.n_players,
                "preset": t.preset,
                "status": t.status,
                "seats_claimed": len(t.claimed),
                "seats_human": t.game.n_players - len(t.bots),
            }
            for t in TABLES.values()
        ]
    )


async def start(request: Request) -> Response:
    table = TABLES.get(request.path_params["table"])
    if table is None:
        return _error(404, "unknown-table", "no such table")
    if request.headers.get("authorization", "") != f"Bearer {table.host}":
        return _error(403, "forbidden", "only the host can start the table")
    if table.status != "open":
        return _error(409, "conflict", "the table has already started")
    table.status = "playing"
    for s in range(table.game.n_players):
        if s not in table.agents:
            table.agents[s] = make_agent(parse_agent("easy"), seed=s + 1)
    await broadcast(table, [])
    asyncio.get_running_loop().create_task(run_bots(table))
    return JSONResponse({"table": table.id, "status": table.status})


async def record(request: Request) -> Response:
    table = TABLES.get(request.path_params["table"])
    if table is None:
        return _error(404, "unknown-table", "no such table")
    if table.status != "over":
        return _error(409, "not-over", "the game is not over yet")
    return JSONResponse(table.game.record())


async def broadcast(table: Table, events: list[Event]) -> None:
    for ws, seat in list(table.conns.items()):
        msg = {
            "type": "update",
            "version": table.version,
            "status": table.status,
            "view": table.game.view(seat),
            "events": [{**e.to_dict(), "text": e.text()} for e in events if _visible(e, seat)],
        }
        with contextlib.suppress(Exception):
            await ws.send_json(msg)


async def apply(table: Table, action: str | int) -> None:
    events = table.game.apply_id(action) if isinstance(action, int) else table.game.apply(action)
    table.events += events
    if table.game.is_over:
        table.status = "over"
    await broadcast(table, events)


async def run_bots(table: Table) -> None:
    while table.status == "playing":
        seat = table.game.current_seat
        if seat is None or not table.robot(seat):
            return
        await asyncio.sleep(BOT_DELAY)
        async with table.lock:
            if table.game.current_seat != seat:
                continue
            await apply(table, table.agents[seat].act(table.game))


async def ws_endpoint(ws: WebSocket) -> None:
    table = TABLES.get(ws.path_params["table"])
    await ws.accept()
    if table is None:
        await ws.close(4404)
        return
    try:
        hello = await ws.receive_json()
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await ws.close(4400)
            return
        seat: int | None = None
        if hello.get("token"):
            seat = table.tokens.get(_hash(str(hello["token"])))
            if seat is None:
                await ws.close(4401)
                return
            table.claimed.add(seat)
        table.conns[ws] = seat
        await ws.send_json(table.welcome(seat))
        while True:
            msg = await ws.receive_json()
            kind = msg.get("type") if isinstance(msg, dict) else None
            if kind == "ping":
                await ws.send_json({"type": "pong"})
            elif kind == "sync":
                await ws.send_json(table.welcome(seat))
            elif kind == "act":
                await act(table, ws, seat, msg)
            else:
                await ws.send_json({"type": "error", "code": "bad-message", "message": "?"})
    except (WebSocketDisconnect, json.JSONDecodeError, RuntimeError):
        pass
    finally:
        table.conns.pop(ws, None)


async def act(table: Table, ws: WebSocket, seat: int | None, msg: dict[str, Any]) -> None:
    mid = msg.get("id")

    async def error(code: str, message: str) -> None:
        await ws.send_json({"type": "error", "id": mid, "code": code, "message": message})

    async with table.lock:
        if table.status == "open":
            return await error("not-started", "the game has not started")
        if table.status == "over":
            return await error("over", "the game is over")
        if seat is None or table.game.current_seat != seat:
            return await error("not-your-turn", "it is not your turn")
        if msg.get("version") != table.version:
            return await error("stale", f"the table is at version {table.version}")
        try:
            await apply(table, str(msg.get("action", "")))
        except NotationError as exc:
            return await error("syntax", str(exc))
        except ColtError as exc:
            return await error("illegal", str(exc))
        await ws.send_json({"type": "ack", "id": mid, "version": table.version})
    asyncio.get_running_loop().create_task(run_bots(table))
    return None


def page(name: str) -> Any:
    async def handler(_: Request) -> Response:
        return FileResponse(WEB / name)

    return handler


app = Starlette(
    routes=[
        Route("/", page("lobby.html")),
        Route("/t/{table}", page("table.html")),
        Route("/replay/{table}", page("replay.html")),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables", listing, methods=["GET"]),
        Route("/api/tables/{table}/start", start, methods=["POST"]),
        Route("/api/tables/{table}/record", record, methods=["GET"]),
        WebSocketRoute("/ws/{table}", ws_endpoint),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
)


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
