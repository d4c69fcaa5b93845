"""The ASGI application: pages, the JSON API and the table WebSocket (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import OptionsError
from ..engine.event import Event
from ..engine.game import Game
from ..engine.options import PRESETS, Options
from ..tournament import LEVELS
from .hub import Hub, LiveTable, ProtocolError, Settings, Viewer, dumps
from .pubsub import make_bus
from .storage import SeatRow, Store, TableRow, hash_token

__all__ = ["create_app"]

log = logging.getLogger(__name__)
WEB = Path(__file__).resolve().parent.parent / "web"
MAX_SEED = 2**63 - 1

# WebSocket close codes (docs/protocol.md)
CLOSE_TOO_BIG = 1009
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_RATE = 4429
CLOSE_NO_HELLO = 4408


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _error(exc: ApiError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _json_body(request: Request, limit: int) -> Any:
    body = await request.body()
    if len(body) > limit:
        raise ApiError(413, "too-large", f"the body is over {limit} bytes")
    if not body:
        return {}
    try:
        return json.loads(body)
    except ValueError:
        raise ApiError(400, "bad-json", "the body is not JSON") from None


def _int(value: Any, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ApiError(400, "bad-request", f"{name} must be an integer from {low} to {high}")
    return value


def _table_request(body: Any) -> tuple[str, Options, dict[int, str], int]:
    """Check a create-table body; returns preset, options, bot seats and seed."""
    if not isinstance(body, dict):
        raise ApiError(400, "bad-request", "the body must be a JSON object")
    known = {"players", "preset", "options", "characters", "bots", "seed"}
    unknown = sorted(set(body) - known)
    if unknown:
        raise ApiError(400, "bad-request", f"unknown field(s) {unknown}; known: {sorted(known)}")
    preset = body.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ApiError(400, "bad-options", f"preset must be one of {', '.join(PRESETS)}")
    overrides = body.get("options") or {}
    if not isinstance(overrides, dict):
        raise ApiError(400, "bad-options", "options must be an object")
    if "players" in body:
        overrides = {**overrides, "players": _int(body["players"], "players", 2, 7)}
    characters = body.get("characters")
    if characters is not None:
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise ApiError(400, "bad-options", "characters must be a list of names")
        overrides = {**overrides, "characters": tuple(characters)}
    try:
        options = Options.preset(preset, **overrides)
    except (OptionsError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad-options", str(exc)) from None
    bots_in = body.get("bots") or {}
    if not isinstance(bots_in, dict):
        raise ApiError(400, "bad-request", 'bots must be an object like {"2": "hard"}')
    bots: dict[int, str] = {}
    for key, level in bots_in.items():
        try:
            seat = int(key)
        except ValueError:
            raise ApiError(400, "bad-request", f"bot seat {key!r} is not a number") from None
        if not 0 <= seat < options.players:
            raise ApiError(400, "bad-request", f"bot seat {seat} is not a seat of this table")
        if level not in LEVELS:
            raise ApiError(400, "bad-request", f"bot level must be one of {', '.join(LEVELS)}")
        bots[seat] = level
    seed = body.get("seed")
    seed = secrets.randbits(63) if seed is None else _int(seed, "seed", 0, MAX_SEED)
    return preset, options, bots, seed


async def create_table(request: Request) -> Response:
    hub = _hub(request)
    try:
        preset, options, bots, seed = _table_request(
            await _json_body(request, hub.settings.max_message)
        )
    except ApiError as exc:
        return _error(exc)
    table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
    host_token = secrets.token_urlsafe(24)
    seats: list[SeatRow] = []
    answer: list[dict[str, Any]] = []
    for seat in range(options.players):
        if seat in bots:
            seats.append(SeatRow(seat, "bot", bots[seat], None, True, None, False))
            answer.append({"seat": seat, "kind": "bot", "level": bots[seat]})
        else:
            token = secrets.token_urlsafe(24)
            seats.append(SeatRow(seat, "human", None, hash_token(token), False, None, False))
            answer.append(
                {
                    "seat": seat,
                    "kind": "human",
                    "invite": f"/t/{table_id}#seat={seat}&token={token}",
                }
            )
    row = TableRow(
        id=table_id,
        created=time.time(),
        preset=preset,
        players=options.players,
        options=options.to_dict(),
        seed=seed,
        status="open",
        version=0,
        host_hash=hash_token(host_token),
        seats=seats,
    )
    await hub.db(hub.store.create_table, row)
    return JSONResponse(
        {"table": table_id, "host_token": host_token, "seats": answer}, status_code=201
    )


def _lobby_entry(row: TableRow) -> dict[str, Any]:
    humans = [s for s in row.seats if s.kind == "human"]
    return {
        "table": row.id,
        "players": row.players,
        "preset": row.preset,
        "status": row.status,
        "seats_claimed": sum(s.claimed for s in humans),
        "seats_human": len(humans),
    }


async def list_tables(request: Request) -> Response:
    hub = _hub(request)
    rows = await hub.db(hub.store.list_tables)
    return JSONResponse([_lobby_entry(r) for r in rows])


async def start_table(request: Request) -> Response:
    hub = _hub(request)
    table_id = request.path_params["table"]
    row = await hub.db(hub.store.get_table, table_id)
    if row is None:
        return _error(ApiError(404, "no-table", f"no table {table_id!r}"))
    auth = request.headers.get("authorization", "")
    if not auth.startswith("Bearer "):
        return _error(ApiError(401, "no-token", "send Authorization: Bearer <host_token>"))
    if not secrets.compare_digest(hash_token(auth[7:].strip()), row.host_hash):
        return _error(ApiError(403, "bad-token", "that is not this table's host token"))
    if not await hub.db(hub.store.start, table_id):
        return _error(ApiError(409, "not-open", f"table {table_id} has already started"))
    await hub.bus.publish(table_id)
    return JSONResponse({"table": table_id, "status": "playing"})


async def _finished_game(request: Request, what: str) -> Game | Response:
    """The game of a finished table, or the error response that says why there is none."""
    hub = _hub(request)
    table_id = request.path_params["table"]
    row = await hub.db(hub.store.get_table, table_id)
    if row is None:
        return _error(ApiError(404, "no-table", f"no table {table_id!r}"))
    if row.status != "over":
        return _error(ApiError(409, "not-over", f"{what} is published once the game is over"))
    moves = await hub.db(hub.store.moves, table_id)
    return hub.build(row, moves).game


async def get_record(request: Request) -> Response:
    game = await _finished_game(request, "the record")
    if isinstance(game, Response):
        return game
    table_id = request.path_params["table"]
    return JSONResponse(
        game.record(),
        headers={"Content-Disposition": f'attachment; filename="colt-{table_id}.json"'},
    )


async def get_replay_step(request: Request) -> Response:
    """A finished game after its first ``step`` moves, as a spectator sees it, with the
    public narration of that move (the replay page steps through these)."""
    final = await _finished_game(request, "a replay")
    if isinstance(final, Response):
        return final
    try:
        step = int(request.path_params["step"])
    except ValueError:
        return _error(ApiError(400, "bad-step", "the step is a number of moves"))
    actions = final.record()["actions"]
    if not 0 <= step <= len(actions):
        return _error(ApiError(404, "no-step", f"steps run from 0 to {len(actions)}"))
    game = Game.new(final.options, seed=final.seed)
    events: list[Event] = []
    for text in actions[:step]:
        events = game.apply(text)
    return JSONResponse(
        {
            "step": step,
            "moves": len(actions),
            "action": actions[step - 1] if step else None,
            "view": game.view(None),
            "events": [e.text() for e in events if e.seat is None],
        }
    )


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})


def _page(name: str, title: str) -> Any:
    async def page(request: Request) -> Response:
        path = WEB / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(
            f"<!doctype html><title>{title}</title><h1>Colt Express</h1>"
            f"<p>{title}: the browser table is not installed yet.</p>"
        )

    return page


# -- the WebSocket ---------------------------------------------------------------------


class Connection:
    """One WebSocket: the hello, then act / sync / ping, with size and rate limits."""

    def __init__(self, hub: Hub, websocket: WebSocket, table_id: str) -> None:
        self.hub = hub
        self.ws = websocket
        self.table_id = table_id
        self.table: LiveTable | None = None
        self.viewer: Viewer | None = None
        self.times: deque[float] = deque()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        queue = self.viewer.queue if self.viewer is not None else self.outbox
        queue.put_nowait(dumps(message))

    def error(self, code: str, message: str, msg_id: Any = None) -> None:
        self.send({"type": "error", "id": msg_id, "code": code, "message": message})

    async def _pump(self, queue: asyncio.Queue[str | None]) -> None:
        while (text := await queue.get()) is not None:
            await self.ws.send_text(text)

    async def run(self) -> None:
        await self.ws.accept()
        pump = asyncio.create_task(self._pump(self.outbox))
        try:
            await self._receive_loop()
        except WebSocketDisconnect:
            pass
        finally:
            if self.viewer is not None:
                self.viewer.queue.put_nowait(None)
            self.outbox.put_nowait(None)
            if self.table is not None and self.viewer is not None:
                await self.hub.leave(self.table, self.viewer)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            if self.viewer_pump is not None:
                self.viewer_pump.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self.viewer_pump

    viewer_pump: asyncio.Task[None] | None = None

    async def close(self, code: int, reason: str) -> None:
        await asyncio.sleep(0)  # let queued messages go first
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, reason=reason)

    async def _receive_loop(self) -> None:
        settings = self.hub.settings
        while True:
            timeout = settings.hello_timeout if self.viewer is None else None
            try:
                message = await asyncio.wait_for(self.ws.receive(), timeout)
            except TimeoutError:
                await self.close(CLOSE_NO_HELLO, "no hello")
                return
            if message["type"] == "websocket.disconnect":
                return
            now = time.monotonic()
            self.times.append(now)
            while self.times and self.times[0] <= now - 1.0:
                self.times.popleft()
            if len(self.times) > settings.rate:
                await self.close(CLOSE_RATE, f"more than {settings.rate} messages a second")
                return
            text = message.get("text")
            if text is None:
                self.error("bad-message", "send JSON text frames, not binary ones")
                continue
            if len(text.encode()) > settings.max_message:
                await self.close(
                    CLOSE_TOO_BIG, f"messages are at most {settings.max_message} bytes"
                )
                return
            if not await self._handle(text):
                return

    async def _handle(self, text: str) -> bool:
        """One message; False closes the connection."""
        try:
            data = json.loads(text)
        except ValueError:
            self.error("bad-message", "the message is not JSON")
            return True
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            self.error("bad-message", 'a message is a JSON object with a "type"')
            return True
        msg_id = data.get("id")
        if msg_id is not None and not (
            isinstance(msg_id, (str, int))
            and not isinstance(msg_id, bool)
            and len(str(msg_id)) <= 64
        ):
            self.error("bad-message", "id must be a short string or an integer")
            return True
        kind = data["type"]
        if kind == "ping":
            self.send({"type": "pong"})
            return True
        if self.viewer is None:
            if kind != "hello":
                self.error("bad-message", "the first message must be hello", msg_id)
                return True
            return await self._hello(data)
        if self.table is None:  # set together with the viewer
            return False
        if kind == "hello":
            self.error("bad-message", "already said hello", msg_id)
        elif kind == "sync":
            await self.hub.sync(self.table, self.viewer)
        elif kind == "act":
            action, version = data.get("action"), data.get("version")
            if not isinstance(action, str) or not action.strip() or len(action) > 100:
                self.error("bad-message", "action must be a notation string", msg_id)
            elif not isinstance(version, int) or isinstance(version, bool):
                self.error("bad-message", "version must be an integer", msg_id)
            else:
                try:
                    await self.hub.submit(
                        self.table,
                        self.viewer.seat,
                        action,
                        version,
                        reply=self.viewer,
                        msg_id=msg_id,
                    )
                except ProtocolError as exc:
                    self.error(exc.code, exc.message, msg_id)
        else:
            self.error("bad-message", f"unknown message type {kind[:40]!r}", msg_id)
        return True

    async def _hello(self, data: dict[str, Any]) -> bool:
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            await self.close(CLOSE_BAD_TOKEN, "bad token")
            return False
        table = await self.hub.load(self.table_id)
        if table is None:
            await self.close(CLOSE_NO_TABLE, f"no table {self.table_id[:40]!r}")
            return False
        seat = None
        if token:
            seat = await self.hub.db(self.hub.store.seat_by_token, self.table_id, token)
            if seat is None:
                await self.close(CLOSE_BAD_TOKEN, "bad token")
                return False
        viewer = Viewer(self.table_id, seat)
        self.table, self.viewer = table, viewer
        # what was queued before the hello goes first, then the viewer's own queue
        self.outbox.put_nowait(None)
        self.viewer_pump = asyncio.create_task(self._pump(viewer.queue))
        await self.hub.join(table, viewer)
        return True


async def table_socket(websocket: WebSocket) -> None:
    hub = _hub(websocket)
    await Connection(hub, websocket, websocket.path_params["table"]).run()


def create_app(settings: Settings | None = None) -> Starlette:
    """The server as an ASGI app; the store is migrated when it starts."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.db)
        await asyncio.to_thread(store.migrate)
        bus = make_bus(settings.redis)
        hub = Hub(settings, store, bus)
        await bus.start(hub.on_notice)
        playing = await hub.db(store.table_ids, "playing")
        for table_id in playing:  # rebuilt from the record: a bad one is reported, not fatal
            try:
                await hub.load(table_id)
            except Exception:
                log.exception("table %s does not replay", table_id)
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.close()
            await bus.close()
            store.close()

    routes = [
        Route("/", _page("lobby.html", "Lobby")),
        Route("/t/{table}", _page("table.html", "Table")),
        Route("/replay/{table}", _page("replay.html", "Replay")),
        Route("/healthz", health),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}/start", start_table, methods=["POST"]),
        Route("/api/tables/{table}/record", get_record, methods=["GET"]),
        Route("/api/tables/{table}/replay/{step}", get_replay_step, methods=["GET"]),
        WebSocketRoute("/ws/{table}", table_socket),
        Mount("/static", app=StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
