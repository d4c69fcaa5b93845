"""The JSON API (docs/protocol.md): the games, tables, the lobby, the start, records,
replays and the rules table. Bad input gets ``{"error", "message"}`` with an HTTP status.

Every table plays one game of the package (``colt_tables.game``); what differs between the
games is asked of its ``kinds.TableGame``."""

from __future__ import annotations

import functools
import json
import math
import secrets
import time
from dataclasses import dataclass
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from ..engine.errors import OptionsError
from ..games import DEFAULT_GAME, GAMES
from . import schema, words
from .hub import Hub
from .kinds import TableGame, lobby_entry, table_game, table_games
from .replays import ReplayJob
from .storage import SeatRow, TableRow, hash_token

__all__ = [
    "create_table",
    "get_record",
    "get_replay",
    "get_replay_step",
    "health",
    "list_games",
    "hub_of",
    "list_tables",
    "rules",
    "start_table",
]

MAX_SEED = schema.MAX_SEED
_JSON = "application/json"


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _error(exc: ApiError) -> JSONResponse:
    # a body too large is not read to its end: the connection closes after the answer
    headers = {"Connection": "close"} if exc.status == 413 else None
    return JSONResponse(
        {"error": exc.code, "message": exc.message}, status_code=exc.status, headers=headers
    )


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _json_body(request: Request, limit: int) -> Any:
    """The request's JSON body, read no further than ``limit`` bytes: a larger declared
    length is refused before reading, a body without one (chunked) as soon as it passes
    the limit, so a huge upload never sits in memory."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, "too-large", f"the body is over {limit} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise ApiError(413, "too-large", f"the body is over {limit} bytes")
    except ClientDisconnect:
        raise ApiError(400, "bad-request", "the body was cut off") from None
    if not body:
        return {}
    try:
        return schema.parse_json(bytes(body), "the body")
    except schema.InputError as exc:
        raise ApiError(400, "bad-json", exc.message) from None


def _int(value: int | None, name: str, low: int, high: int) -> int:
    """A whole number (the schema checked its type) within the range this table allows."""
    if value is None or not low <= value <= high:
        raise ApiError(400, "bad-request", f"{name} must be an integer from {low} to {high}")
    return value


@dataclass
class TableRequest:
    """A checked create-table body."""

    game: TableGame
    preset: str
    options: Any
    bots: dict[int, str]
    seed: int
    names: dict[int, str]
    host_seat: int | None
    seed_chosen: bool = False  # the creator chose the seed (a practice table; views say so)
    clock: int | None = None  # seconds per decision, or None: no turn clock
    reserve: int | None = None  # seconds each seat may draw on after a decision's own time


def _seat_number(key: str, what: str, options: Any) -> int:
    """A seat of this table from an object's key (the schema checked it is digits)."""
    seat = int(key)
    if not 0 <= seat < options.players:
        raise ApiError(400, "bad-request", f"{what} {seat} is not a seat of this table")
    return seat


def _names(names_in: dict[str, str], options: Any, bots: dict[int, str]) -> dict[int, str]:
    out: dict[int, str] = {}
    for key, value in names_in.items():
        seat = _seat_number(key, "name seat", options)
        if seat in bots:
            raise ApiError(400, "bad-request", f"seat {seat} is a bot: only players have names")
        try:
            name = words.clean_name(value)
        except ValueError as exc:
            raise ApiError(400, "bad-name", str(exc)) from None
        if name is not None:
            out[seat] = name
    return out


MIN_CLOCK, MAX_CLOCK = 5, 3600  # seconds per decision a turn clock may give
# A table with two or more player seats gets a turn clock unless its creator says otherwise
# (``clock`` null or 0: none), so that an idle player cannot stall the others: a decision's
# own time, then a reserve the seat draws on over the whole game (like Board Game Arena's).
DEFAULT_CLOCK, DEFAULT_RESERVE = 60, 300

# the error code of a create-table field of the wrong shape (others: bad-request)
_FIELD_CODES = {
    "game": "bad-game", "preset": "bad-options", "options": "bad-options",
    "characters": "bad-options",
}


def _body(data: Any) -> schema.TableBody:
    """The create-table body checked field by field (types, lengths, Unicode)."""
    try:
        return schema.convert(data, schema.TableBody)
    except schema.InputError as exc:
        code = _FIELD_CODES.get(exc.field, "bad-request")
        if exc.field == "names" and not exc.in_key:
            code = "bad-name"
        raise ApiError(400, code, exc.message) from None


def _table_request(data: Any, chosen_seeds: str = "solo") -> TableRequest:
    """Check a create-table body. A chosen seed lets whoever knows it replay the deal and
    see every hidden card: it is refused when more than one seat is a person's, unless the
    server allows it for every table (``Settings.chosen_seeds``)."""
    body = _body(data)
    name = DEFAULT_GAME if body.game is None else body.game
    if name not in GAMES:
        raise ApiError(400, "bad-game", f"game must be one of {', '.join(GAMES)}")
    game = table_game(name)
    presets = game.kind.presets
    preset = game.kind.default_preset if body.preset is None else body.preset
    if preset not in presets:
        raise ApiError(
            400, "bad-options", f"{game.title}: preset must be one of {', '.join(presets)}"
        )
    options_class = type(game.options(game.kind.default_preset, {}))
    try:
        overrides = schema.options_overrides(options_class, game.title, body.options or {})
    except schema.InputError as exc:
        raise ApiError(400, "bad-options", exc.message) from None
    if body.players is not None:
        low, high = game.kind.players
        overrides["players"] = _int(body.players, "players", low, high)
    if body.characters is not None:
        overrides["characters"] = tuple(body.characters)
    try:
        options = game.options(preset, overrides)
    except (OptionsError, ValueError) as exc:
        raise ApiError(400, "bad-options", str(exc)) from None
    bots: dict[int, str] = {}
    for key, level in (body.bots or {}).items():
        seat = _seat_number(key, "bot seat", options)
        if level not in game.levels:
            raise ApiError(
                400, "bad-request", f"bot level must be one of {', '.join(game.levels)}"
            )
        bots[seat] = level
    chosen = body.seed is not None
    seed = secrets.randbits(63) if body.seed is None else body.seed
    humans = options.players - len(bots)
    if chosen and humans > 1 and chosen_seeds != "any":
        raise ApiError(
            400,
            "seed-not-allowed",
            f"a chosen deal (seed) shows every hidden card to whoever knows it: only a table "
            f"with one player seat may choose it (this one has {humans}); leave it out and "
            f"the server deals in secret",
        )
    clock = body.clock or None  # null or 0: no clock
    reserve = body.reserve or None
    if "clock" not in data:  # the default: a clock where several people play
        clock, reserve = (DEFAULT_CLOCK, DEFAULT_RESERVE) if humans > 1 else (None, None)
        if body.reserve is not None or "reserve" in data:
            reserve = body.reserve or None
    if clock is not None and clock < MIN_CLOCK:
        raise ApiError(400, "bad-request", schema.TableBody.words["clock"])
    if clock is None:
        reserve = None
    host_seat = body.host_seat
    if host_seat is not None:
        host_seat = _int(host_seat, "host_seat", 0, options.players - 1)
        if host_seat in bots:
            raise ApiError(400, "bad-request", f"the host cannot sit at seat {host_seat}: a bot")
    names = _names(body.names or {}, options, bots)
    return TableRequest(
        game, preset, options, bots, seed, names, host_seat, chosen, clock, reserve
    )


def client_address(request: Request) -> str:
    """The address a request came from: the peer's, or, from a proxy named by
    ``--trusted-proxies``, the client's it forwarded (uvicorn's proxy headers middleware
    puts it here)."""
    return request.client.host if request.client is not None else "unknown"


async def create_table(request: Request) -> Response:
    hub = hub_of(request)
    wait = hub.creations.wait(client_address(request), time.monotonic())
    if wait > 0:
        limit = hub.settings.create_limit
        return _too_many("too-many-tables", f"create {limit} tables", wait)
    try:
        body = await _json_body(request, hub.settings.max_message)
        req = _table_request(body, hub.settings.chosen_seeds)
    except ApiError as exc:
        return _error(exc)
    options = req.options
    kind = req.game
    dealt = kind.kind.new(options, seed=req.seed)  # who plays which bandits
    table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
    host_token = secrets.token_urlsafe(24)
    seats: list[SeatRow] = []
    answer: list[dict[str, Any]] = []
    for seat in range(options.players):
        entry: dict[str, Any] = {
            "seat": seat,
            "bandits": words.bandit_names(kind.seat_bandits(dealt, seat)),
        }
        if seat in req.bots:
            seats.append(SeatRow(seat, "bot", req.bots[seat], None, True, None, False))
            entry.update(kind="bot", level=req.bots[seat])
        else:
            token = secrets.token_urlsafe(24)
            name = req.names.get(seat)
            seats.append(SeatRow(seat, "human", None, hash_token(token), False, None, False, name))
            entry.update(kind="human", name=name, invite=f"/t/{table_id}#seat={seat}&token={token}")
        answer.append(entry)
    row = TableRow(
        id=table_id,
        created=time.time(),
        preset=req.preset,
        players=options.players,
        options=options.to_dict(),
        seed=req.seed,
        status="open",
        version=0,
        host_hash=hash_token(host_token),
        seats=seats,
        host_seat=req.host_seat,
        game=kind.name,
        clock=req.clock,
        seed_chosen=req.seed_chosen,
        reserve=req.reserve,
    )
    await hub.db(hub.store.create_table, row)
    return JSONResponse(
        {
            "table": table_id,
            "game": kind.name,
            "host_token": host_token,
            "host_seat": req.host_seat,
            "clock": req.clock,
            "reserve": req.reserve,
            "seed_chosen": req.seed_chosen,
            "seats": answer,
        },
        status_code=201,
    )


def _lobby_entry(row: TableRow) -> dict[str, Any]:
    humans = [s for s in row.seats if s.kind == "human"]
    host = row.seats[row.host_seat] if row.host_seat is not None else None
    return {
        "table": row.id,
        "game": row.game,
        "title": table_game(row.game).title,
        "players": row.players,
        "preset": row.preset,
        "status": row.status,
        "seats_claimed": sum(s.claimed for s in humans),
        "seats_human": len(humans),
        "names": [s.name for s in humans if s.name],
        "host": host.name if host is not None else None,
        "created": row.created,
        "clock": row.clock,
        "seed_chosen": row.seed_chosen,
        "reserve": row.reserve,
        "notes": words.table_notes(row.clock, row.seed_chosen, row.reserve),
    }


LOBBY_PAGE = 50  # tables a lobby page lists at most


async def list_tables(request: Request) -> Response:
    """A page of the lobby (docs/protocol.md): ``?list=live`` (the default: open and playing
    tables not abandoned, docs/server.md) or ``?list=finished``, newest first, ``?page=``
    from 1, ``?per_page=`` up to 50; one query per page."""
    hub = hub_of(request)
    wait = hub.lobby_limit.wait(client_address(request), time.monotonic())
    if wait > 0:
        limit = hub.settings.lobby_limit
        return _too_many("too-many-requests", f"ask for {limit} lobby pages", wait)
    params = request.query_params
    which = params.get("list", "live")
    if which not in ("live", "finished"):
        return _error(ApiError(400, "bad-request", "list is live or finished"))
    try:
        page = _query_int(params.get("page", "1"), "page", 1, 10_000)
        per_page = _query_int(params.get("per_page", str(LOBBY_PAGE)), "per_page", 1, LOBBY_PAGE)
    except ApiError as exc:
        return _error(exc)
    rows = await hub.db(
        hub.store.lobby_page,
        over=which == "finished",
        cutoff=time.time() - hub.settings.abandoned,
        limit=per_page + 1,  # one more tells whether there is a next page
        offset=(page - 1) * per_page,
    )
    return JSONResponse(
        {
            "list": which,
            "page": page,
            "next_page": page + 1 if len(rows) > per_page else None,
            "tables": [_lobby_entry(r) for r in rows[:per_page]],
        }
    )


def _query_int(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) < 7) or not low <= int(text) <= high:
        raise ApiError(400, "bad-request", f"{name} must be a whole number from {low} to {high}")
    return int(text)


async def list_games(request: Request) -> Response:
    """The games a table can play, with their presets, player counts and bot levels."""
    return JSONResponse([lobby_entry(g) for g in table_games()])


@functools.lru_cache(maxsize=256)
def _rules(game: str, options: str | None) -> bytes:
    """The rules panel of ``game`` with ``options`` (JSON; None: everything the game has),
    encoded once (some 40 KB)."""
    panel = table_game(game).rules(None if options is None else json.loads(options))
    return bytes(JSONResponse(panel).body)


async def rules(request: Request) -> Response:
    """The rules panel of a table (``?table=``: its game with its options and nothing else),
    or of a game (``?game=``; Colt Express by default: everything it has): its display
    names and rules help."""
    table_id = request.query_params.get("table")
    if table_id is not None:
        hub = hub_of(request)
        row = await hub.db(hub.store.get_table, table_id) if schema.is_table_id(table_id) else None
        if row is None:
            return _error(ApiError(404, "no-table", f"no table {schema.shown_id(table_id)}"))
        options = json.dumps(row.options, sort_keys=True)
        return Response(_rules(row.game, options), media_type=_JSON)
    name = request.query_params.get("game", DEFAULT_GAME)
    if name not in GAMES:
        return _error(ApiError(400, "bad-game", f"game must be one of {', '.join(GAMES)}"))
    return Response(_rules(name, None), media_type=_JSON)


async def _table_row(request: Request) -> TableRow | Response:
    """The stored row of the table the path names, or the 404 ``no-table`` answer. An id
    not of the shape the server makes (``schema.is_table_id``) is never looked up, and an
    answer shows at most its escaped start."""
    hub = hub_of(request)
    table_id = request.path_params["table"]
    row = await hub.db(hub.store.get_table, table_id) if schema.is_table_id(table_id) else None
    if row is None:
        return _error(ApiError(404, "no-table", f"no table {schema.shown_id(table_id)}"))
    return row


def _not_host(request: Request, row: TableRow) -> Response | None:
    """The refusal of a host's call without the table's host token, or None."""
    auth = request.headers.get("authorization", "")
    if not auth.startswith("Bearer "):
        return _error(ApiError(401, "no-token", "send Authorization: Bearer <host_token>"))
    if not secrets.compare_digest(hash_token(auth[7:].strip()), row.host_hash):
        return _error(ApiError(403, "bad-token", "that is not this table's host token"))
    return None


async def release_seat(request: Request) -> Response:
    """The host gives a person's seat to a new player while its player is away: a new
    invite, and the seat's secret (its player's key) opens nothing any more."""
    hub = hub_of(request)
    row = await _table_row(request)
    if isinstance(row, Response):
        return row
    denied = _not_host(request, row)
    if denied is not None:
        return denied
    text = request.path_params["seat"]
    seat = int(text) if text.isdigit() and len(text) <= 2 else -1
    if not 0 <= seat < len(row.seats) or row.seats[seat].kind != "human":
        return _error(
            ApiError(400, "bad-request", "seat must be the number of a player's seat (not a bot's)")
        )
    kind = table_game(row.game)
    who = words.bandit_names(kind.seat_bandits(kind.new(row.options, row.seed), seat))
    if row.status == "over":
        return _error(ApiError(409, "over", "the game is over: its seats stay as they were"))
    if not hub.seat_away(row, seat):
        return _error(
            ApiError(
                409,
                "seat-here",
                f"{who}'s player is at the table: a seat is released only while its player "
                "is away",
            )
        )
    invite = secrets.token_urlsafe(24)
    await hub.db(hub.store.release, row.id, seat, invite, playing=row.status == "playing")
    await hub.bus.publish(row.id)
    return JSONResponse(
        {"table": row.id, "seat": seat, "invite": f"/t/{row.id}#seat={seat}&token={invite}"}
    )


async def start_table(request: Request) -> Response:
    hub = hub_of(request)
    row = await _table_row(request)
    if isinstance(row, Response):
        return row
    table_id = row.id
    denied = _not_host(request, row)
    if denied is not None:
        return denied
    if not await hub.db(hub.store.start, table_id):
        return _error(ApiError(409, "not-open", f"table {table_id} has already started"))
    await hub.bus.publish(table_id)
    return JSONResponse({"table": table_id, "status": "playing"})


def _too_many(code: str, what: str, wait: float) -> Response:
    """429 with Retry-After: ``what`` is what one address may do a minute."""
    seconds = math.ceil(wait)
    return JSONResponse(
        {"error": code, "message": f"one address may {what} a minute: try again in {seconds} s"},
        status_code=429,
        headers={"Retry-After": str(seconds)},
    )


async def _finished(request: Request, what: str, step: int = 0) -> Response:
    """The ``record``, ``replay`` or replay ``step`` of a finished table: built once, in
    the replay worker (``replays.py``), or the error response that says why there is none.
    Every request counts against its address's limit (``Settings.replay_limit``)."""
    hub = hub_of(request)
    wait = hub.replay_limit.wait(client_address(request), time.monotonic())
    if wait > 0:
        limit = hub.settings.replay_limit
        return _too_many("too-many-requests", f"ask for {limit} records and replays", wait)
    headers = None
    table_id = request.path_params["table"]
    if what == "record":
        headers = {"Content-Disposition": f'attachment; filename="colt-{table_id}.json"'}
    replays = hub.reviews if what == "review" else hub.replays
    version = replays.version(table_id)  # a finished table built before: no query
    if version is not None and step <= version:
        data = replays.cached((table_id, version, what, step))
        if data is not None:
            return Response(data, media_type=_JSON, headers=headers)
    row = await _table_row(request)
    if isinstance(row, Response):
        return row
    if row.status != "over":
        shown = "a replay" if what != "record" else "the record"
        return _error(ApiError(409, "not-over", f"{shown} is published once the game is over"))
    if not 0 <= step <= row.version:
        return _error(ApiError(404, "no-step", f"steps run from 0 to {row.version}"))
    key = (row.id, row.version, what, step)
    data = replays.cached(key)
    if data is None:
        moves = await hub.db(hub.store.moves, row.id)
        seats = tuple((s.seat, s.name, s.kind) for s in row.seats)
        job = ReplayJob(what, row.game, row.options, row.seed, tuple(moves), seats, step)
        data = await replays.get(key, job)
    return Response(data, media_type=_JSON, headers=headers)


async def get_record(request: Request) -> Response:
    """The game record, with the game it is of (``coltexpress.games.replay_any``)."""
    return await _finished(request, "record")


async def get_replay_step(request: Request) -> Response:
    """A finished game after its first ``step`` moves, as a spectator sees it, with that
    move's maker, label and public narration (the replay page steps through these)."""
    text = request.path_params["step"]
    if not (text.isascii() and text.isdigit() and len(text) < 10):
        return _error(ApiError(400, "bad-step", "the step is a number of moves"))
    return await _finished(request, "step", int(text))


async def get_review(request: Request) -> Response:
    """The review of a finished game (``coltexpress.review``, a bounded budget): each
    seat's accuracy and marks, each decision's mark and the better choice, every seat's
    chance to win after every move. Built once, in its own worker; the first request
    waits for it (seconds)."""
    return await _finished(request, "review")


async def get_replay(request: Request) -> Response:
    """Every move of a finished game in one list: number, maker, label and the public
    narration it caused (the replay page shows them up to the current step only)."""
    return await _finished(request, "replay")


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})
