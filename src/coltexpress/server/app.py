"""The ASGI application: pages, the table WebSocket and the routes of the JSON API (api.py;
docs/protocol.md)."""

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
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import schema, words
from .api import (
    create_table,
    get_record,
    get_replay,
    get_replay_step,
    get_review,
    health,
    hub_of,
    list_games,
    list_tables,
    release_seat,
    rules,
    start_table,
)
from .hub import Hub, LiveTable, ProtocolError, Settings, TableFull, Viewer, dumps
from .kinds import lobby_entry, table_games
from .pubsub import make_bus
from .sockets import SEND_NOW
from .storage import Store

__all__ = ["create_app"]

log = logging.getLogger(__name__)
WEB = Path(__file__).resolve().parent.parent / "web"

# WebSocket close codes (docs/protocol.md)
CLOSE_TOO_BIG = 1009
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_FULL = 4403  # a spectator over the table's Settings.spectators
CLOSE_RATE = 4429
CLOSE_SEAT_TAKEN = 4409  # an invite said hello after the seat's player claimed it
CLOSE_TOO_MANY = 4430  # one address holds Settings.socket_limit WebSockets open already
CLOSE_NO_HELLO = 4408
CLOSE_SERVER_ERROR = 1011


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


async def lobby_page(request: Request) -> Response:
    """The lobby, with the games it offers written into it (the form is whole at once)."""
    path = WEB / "lobby.html"
    if not path.is_file():
        missing: Response = await _page("lobby.html", "Lobby")(request)
        return missing
    first = hub_of(request).settings.game
    offered = sorted(table_games(), key=lambda g: g.name != first)  # the server's game first
    games = json.dumps([lobby_entry(g) for g in offered]).replace("</", "<\\/")
    return HTMLResponse(path.read_text(encoding="utf-8").replace("__GAMES__", games))


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
        self.kicks: set[asyncio.Task[None]] = set()

    def send(self, message: dict[str, Any]) -> None:
        if self.viewer is not None:
            self.viewer.send_text(dumps(message))
        else:
            self.outbox.put_nowait(dumps(message))

    def error(self, code: str, message: str, msg_id: Any = None) -> None:
        self.send({"type": "error", "id": msg_id, "code": code, "message": message})

    async def _pump(self, queue: asyncio.Queue[str | None]) -> None:
        while (text := await queue.get()) is not None:
            await self.ws.send_text(text)

    async def _pump_viewer(self, viewer: Viewer, first: asyncio.Task[None]) -> None:
        """The viewer's messages, after what ``first`` (the pump of the messages before the
        hello) sends. A message goes out at once when the socket takes it
        (``Viewer.direct``); what waits (a socket that cannot take more now) goes from
        here, in order."""
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.shield(first)
        viewer.direct = self.ws.scope.get(SEND_NOW)
        while (text := await viewer.queue.get()) is not None:
            viewer.sending = True
            await self.ws.send_text(text)
            viewer.sending = False

    async def run(self) -> None:
        await self.ws.accept()
        pump = self.outbox_pump = asyncio.create_task(self._pump(self.outbox))
        try:
            await self._receive_loop()
        except WebSocketDisconnect:
            pass
        except Exception:  # a bug: logged, and the client gets a close frame saying so
            log.exception("connection to table %s failed", schema.shown_id(self.table_id))
            await self.close(CLOSE_SERVER_ERROR, "server error")
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
    outbox_pump: asyncio.Task[None] | None = None

    async def close(self, code: int, reason: str) -> None:
        await asyncio.sleep(0)  # let queued messages go first
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, reason=reason)

    def kick(self, code: int, reason: str) -> None:
        """Close this connection from elsewhere (its seat was released)."""
        task = asyncio.get_running_loop().create_task(self.close(code, reason))
        self.kicks.add(task)
        task.add_done_callback(self.kicks.discard)

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
        """One message, checked against its schema (``schema.read_message``); False closes
        the connection. A bad token in a hello closes it with 4401, anything else malformed
        gets ``bad-message`` and changes nothing."""
        try:
            message = schema.read_message(text)
        except schema.InputError as exc:
            if self.viewer is None and exc.field == "token":
                await self.close(CLOSE_BAD_TOKEN, "bad token")
                return False
            self.error("bad-message", exc.message, exc.msg_id)
            return True
        msg_id = message.id
        if isinstance(message, schema.Ping):
            self.send({"type": "pong"})
            return True
        if self.viewer is None:
            if not isinstance(message, schema.Hello):
                self.error("bad-message", "the first message must be hello", msg_id)
                return True
            return await self._hello(message)
        if self.table is None:  # set together with the viewer
            return False
        if isinstance(message, schema.Hello):
            self.error("bad-message", "already said hello", msg_id)
        elif isinstance(message, schema.Sync):
            await self.hub.sync(self.table, self.viewer)
        elif isinstance(message, schema.Hand):
            try:
                await self.hub.hand(self.table, self.viewer, message.seat)
            except ProtocolError as exc:
                self.error(exc.code, exc.message, msg_id)
        else:
            seat = self.viewer.seat
            if seat is not None and self.table.seat_state(seat) == "bot":
                await self.hub.reclaim(self.table, self.viewer)  # the player is back
            try:
                await self.hub.submit(
                    self.table,
                    self.viewer.seat,
                    message.action,
                    message.version,
                    reply=self.viewer,
                    msg_id=msg_id,
                )
            except ProtocolError as exc:
                self.error(exc.code, exc.message, msg_id)
        return True

    async def _hello(self, hello: schema.Hello) -> bool:
        """The viewer's seat from its token (none: a spectator); a table id of the wrong
        shape is refused before any database call."""
        table = await self.hub.load(self.table_id) if schema.is_table_id(self.table_id) else None
        if table is None:
            await self.close(CLOSE_NO_TABLE, f"no table {schema.shown_id(self.table_id)}")
            return False
        seat = None
        secret = None  # the seat's own secret, made at its first hello with the invite
        if hello.token:
            found = await self.hub.db(self.hub.store.find_seat, self.table_id, hello.token)
            if found is None:
                await self.close(CLOSE_BAD_TOKEN, "bad token")
                return False
            seat, by_invite, claimed = found
            if by_invite:
                secret = secrets.token_urlsafe(24)
                if claimed or not await self.hub.db(
                    self.hub.store.claim_secret, self.table_id, seat, hello.token, secret
                ):
                    self.hub.tell_intruder(table, seat)
                    await self.close(CLOSE_SEAT_TAKEN, words.SEAT_TAKEN)
                    return False
        viewer = Viewer(self.table_id, seat, kick=self.kick, patch=hello.patch)
        self.table, self.viewer = table, viewer
        # what was queued before the hello goes first, then the viewer's own queue
        self.outbox.put_nowait(None)
        assert self.outbox_pump is not None
        self.viewer_pump = asyncio.create_task(self._pump_viewer(viewer, self.outbox_pump))
        try:
            await self.hub.join(table, viewer, secret=secret)
        except TableFull as exc:
            await self.close(CLOSE_FULL, str(exc))
            return False
        return True


async def table_socket(websocket: WebSocket) -> None:
    """One table WebSocket, counted against its address's ``Settings.socket_limit`` (the
    client's address, forwarded by a trusted proxy, or the peer's): one too many is
    accepted and closed at once with 4430 and a reason a player can read."""
    hub = hub_of(websocket)
    address = websocket.client.host if websocket.client is not None else "unknown"
    if not hub.open_socket(address):
        limit = hub.settings.socket_limit
        await websocket.accept()
        await websocket.close(
            code=CLOSE_TOO_MANY,
            reason=f"your address has {limit} connections open, the most the server takes",
        )
        return
    try:
        await Connection(hub, websocket, websocket.path_params["table"]).run()
    finally:
        hub.close_socket(address)


async def no_socket(websocket: WebSocket) -> None:
    """A WebSocket to any other path: accepted, then closed with 4404 and a reason."""
    await websocket.accept()
    await websocket.close(code=CLOSE_NO_TABLE, reason="no such WebSocket: tables are /ws/{table}")


# -- errors as JSON -----------------------------------------------------------------------

_HTTP_CODES = {404: "not-found", 405: "bad-method"}


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, a method the route does not take) as the
    API's JSON errors, ``{"error", "message"}`` (docs/protocol.md)."""
    if not isinstance(exc, HTTPException):
        return await server_error(request, exc)
    code = _HTTP_CODES.get(exc.status_code, f"http-{exc.status_code}")
    where = ascii(request.url.path[:60])
    if exc.status_code == 404:
        message = f"nothing at {where}: see docs/protocol.md for the pages and calls"
    elif exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        message = f"{request.method} is not allowed at {where}; use {allowed}"
    else:
        message = exc.detail
    return JSONResponse(
        {"error": code, "message": message}, status_code=exc.status_code, headers=exc.headers
    )


async def server_error(request: Request, exc: Exception) -> Response:
    """Any unexpected exception: a JSON 500 (Starlette still logs the traceback)."""
    return JSONResponse(
        {"error": "server-error", "message": "the server failed on this request; it is logged"},
        status_code=500,
    )


def create_app(settings: Settings | None = None) -> Starlette:
    """The server as an ASGI app; the store is migrated when it starts."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.db)
        await asyncio.to_thread(store.migrate)
        await store.open_moves()
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
        sweeper = asyncio.create_task(hub.expire_loop())
        try:
            yield
        finally:
            sweeper.cancel()
            await hub.close()
            await bus.close()
            await store.close_moves()
            store.close()

    routes = [
        Route("/", lobby_page),
        Route("/t/{table}", _page("table.html", "Table")),
        Route("/replay/{table}", _page("replay.html", "Replay")),
        Route("/healthz", health),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}/start", start_table, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/release", release_seat, methods=["POST"]),
        Route("/api/tables/{table}/record", get_record, methods=["GET"]),
        Route("/api/tables/{table}/replay", get_replay, methods=["GET"]),
        Route("/api/tables/{table}/review", get_review, methods=["GET"]),
        Route("/api/tables/{table}/replay/{step}", get_replay_step, methods=["GET"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/rules", rules, methods=["GET"]),
        WebSocketRoute("/ws/{table}", table_socket),
        WebSocketRoute("/{path:path}", no_socket),  # every other WebSocket
        Mount("/static", app=StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    handlers = {HTTPException: http_error, Exception: server_error}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)
    app.router.redirect_slashes = False  # a path with a slash too many is unknown: JSON 404
    return app
