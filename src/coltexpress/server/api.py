"""The JSON API (docs/protocol.md): the games, tables, the lobby, the start, records,
replays and the rules table. Bad input gets ``{"error", "message"}`` with an HTTP status.

Every table plays one game of the package (``colt_tables.game``); what differs between the
games is asked of its ``kinds.TableGame``."""

from __future__ import annotations

import json
import math
import secrets
import time
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from ..engine.errors import OptionsError
from ..games import DEFAULT_GAME, GAMES
from . import words
from .hub import Game, Hub, LiveTable
from .kinds import TableGame, lobby_entry, table_game, table_games
from .messages import visible
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

MAX_SEED = 2**63 - 1


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _error(exc: ApiError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)


def hub_of(request: Request | WebSocket) -> Hub:
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


def _seat_number(key: Any, what: str, options: Any) -> int:
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise ApiError(400, "bad-request", f"{what} {str(key)[:20]!r} is not a number") from None
    if not 0 <= seat < options.players:
        raise ApiError(400, "bad-request", f"{what} {seat} is not a seat of this table")
    return seat


def _names(body: dict[str, Any], options: Any, bots: dict[int, str]) -> dict[int, str]:
    names_in = body.get("names") or {}
    if not isinstance(names_in, dict):
        raise ApiError(400, "bad-request", 'names must be an object like {"0": "Anna"}')
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


def _table_request(body: Any, chosen_seeds: str = "solo") -> TableRequest:
    """Check a create-table body. A chosen seed lets whoever knows it replay the deal and
    see every hidden card: it is refused when more than one seat is a person's, unless the
    server allows it for every table (``Settings.chosen_seeds``)."""
    if not isinstance(body, dict):
        raise ApiError(400, "bad-request", "the body must be a JSON object")
    known = {
        "game", "players", "preset", "options", "characters", "bots", "seed", "names",
        "host_seat", "clock",
    }
    unknown = sorted(set(body) - known)
    if unknown:
        raise ApiError(400, "bad-request", f"unknown field(s) {unknown}; known: {sorted(known)}")
    name = body.get("game", DEFAULT_GAME)
    if not isinstance(name, str) or name not in GAMES:
        raise ApiError(400, "bad-game", f"game must be one of {', '.join(GAMES)}")
    game = table_game(name)
    presets = game.kind.presets
    preset = body.get("preset", game.kind.default_preset)
    if not isinstance(preset, str) or preset not in presets:
        raise ApiError(
            400, "bad-options", f"{game.title}: preset must be one of {', '.join(presets)}"
        )
    overrides = body.get("options") or {}
    if not isinstance(overrides, dict):
        raise ApiError(400, "bad-options", "options must be an object")
    if "players" in body:
        low, high = game.kind.players
        overrides = {**overrides, "players": _int(body["players"], "players", low, high)}
    characters = body.get("characters")
    if characters is not None:
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise ApiError(400, "bad-options", "characters must be a list of names")
        overrides = {**overrides, "characters": tuple(characters)}
    try:
        options = game.options(preset, overrides)
    except (OptionsError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad-options", str(exc)) from None
    bots_in = body.get("bots") or {}
    if not isinstance(bots_in, dict):
        raise ApiError(400, "bad-request", 'bots must be an object like {"2": "hard"}')
    bots: dict[int, str] = {}
    for key, level in bots_in.items():
        seat = _seat_number(key, "bot seat", options)
        if not isinstance(level, str) or level not in game.levels:
            raise ApiError(
                400, "bad-request", f"bot level must be one of {', '.join(game.levels)}"
            )
        bots[seat] = level
    seed = body.get("seed")
    chosen = seed is not None
    seed = secrets.randbits(63) if seed is None else _int(seed, "seed", 0, MAX_SEED)
    humans = options.players - len(bots)
    if chosen and humans > 1 and chosen_seeds != "any":
        raise ApiError(
            400,
            "seed-not-allowed",
            f"a chosen seed reveals every hidden card to whoever knows it: only a table with "
            f"one player seat may choose it (this one has {humans}); leave seed out",
        )
    clock_in = body.get("clock")  # null or 0: no clock
    off = clock_in is None or (clock_in == 0 and not isinstance(clock_in, bool))
    clock = None if off else _int(clock_in, "clock", MIN_CLOCK, MAX_CLOCK)
    host_seat = body.get("host_seat")
    if host_seat is not None:
        host_seat = _int(host_seat, "host_seat", 0, options.players - 1)
        if host_seat in bots:
            raise ApiError(400, "bad-request", f"the host cannot sit at seat {host_seat}: a bot")
    return TableRequest(
        game, preset, options, bots, seed, _names(body, options, bots), host_seat, chosen, clock
    )


def client_address(request: Request) -> str:
    """The address a request came from (behind a proxy, uvicorn's ``--proxy-headers``
    puts the forwarded one here)."""
    return request.client.host if request.client is not None else "unknown"


async def create_table(request: Request) -> Response:
    hub = hub_of(request)
    wait = hub.creations.wait(client_address(request), time.monotonic())
    if wait > 0:
        limit = hub.settings.create_limit
        return JSONResponse(
            {
                "error": "too-many-tables",
                "message": f"one address may create {limit} tables a minute: "
                f"try again in {math.ceil(wait)} s",
            },
            status_code=429,
            headers={"Retry-After": str(math.ceil(wait))},
        )
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
    )
    await hub.db(hub.store.create_table, row)
    return JSONResponse(
        {
            "table": table_id,
            "game": kind.name,
            "host_token": host_token,
            "host_seat": req.host_seat,
            "clock": req.clock,
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
        "notes": words.table_notes(row.clock, row.seed_chosen),
    }


LOBBY_PAGE = 50  # tables a lobby page lists at most


async def list_tables(request: Request) -> Response:
    """A page of the lobby (docs/protocol.md): ``?list=live`` (the default: open and playing
    tables not abandoned, docs/server.md) or ``?list=finished``, newest first, ``?page=``
    from 1, ``?per_page=`` up to 50; one query per page."""
    hub = hub_of(request)
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


async def rules(request: Request) -> Response:
    """The rules panel of a game (``?game=``; Colt Express by default): its display names
    and rules help."""
    name = request.query_params.get("game", DEFAULT_GAME)
    if name not in GAMES:
        return _error(ApiError(400, "bad-game", f"game must be one of {', '.join(GAMES)}"))
    return JSONResponse(table_game(name).rules())


async def start_table(request: Request) -> Response:
    hub = hub_of(request)
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


async def _finished(request: Request, what: str) -> LiveTable | Response:
    """A finished table rebuilt, or the error response that says why there is none."""
    hub = hub_of(request)
    table_id = request.path_params["table"]
    row = await hub.db(hub.store.get_table, table_id)
    if row is None:
        return _error(ApiError(404, "no-table", f"no table {table_id!r}"))
    if row.status != "over":
        return _error(ApiError(409, "not-over", f"{what} is published once the game is over"))
    moves = await hub.db(hub.store.moves, table_id)
    return hub.build(row, moves)


def _mover(kind: TableGame, game: Game, row: TableRow) -> dict[str, Any]:
    """Who makes the next move of ``game``: the bandit deciding (or the seat's bandits),
    and the name the host gave that player."""
    seat = game.pending.seat
    if seat is None:
        return {"seat": None, "who": None, "player": None}
    bandits = kind.mover(game)
    return {"seat": seat, "who": words.bandit_names(bandits), "player": row.seats[seat].name}


async def get_record(request: Request) -> Response:
    """The game record, with the game it is of (``coltexpress.games.replay_any``)."""
    table = await _finished(request, "the record")
    if isinstance(table, Response):
        return table
    table_id = request.path_params["table"]
    return JSONResponse(
        {"game": table.kind.name, **table.game.record()},
        headers={"Content-Disposition": f'attachment; filename="colt-{table_id}.json"'},
    )


async def get_replay_step(request: Request) -> Response:
    """A finished game after its first ``step`` moves, as a spectator sees it, with that
    move's maker, label and public narration (the replay page steps through these)."""
    table = await _finished(request, "a replay")
    if isinstance(table, Response):
        return table
    text = request.path_params["step"]
    if not (text.isascii() and text.isdigit() and len(text) < 10):
        return _error(ApiError(400, "bad-step", "the step is a number of moves"))
    step = int(text)
    final = table.game
    actions = final.record()["actions"]
    if not 0 <= step <= len(actions):
        return _error(ApiError(404, "no-step", f"steps run from 0 to {len(actions)}"))
    kind = table.kind
    game = kind.new(table.row.options, table.row.seed)
    move: dict[str, Any] = {"seat": None, "who": None, "player": None, "label": None}
    events: list[str] = []
    for i, action in enumerate(actions[:step]):
        if i == step - 1:
            move = {**_mover(kind, game, table.row), "label": kind.label(action, game.view(None))}
        events = [e.text() for e in game.apply(action) if visible(e, None)]
    view = game.view(None)
    return JSONResponse(
        {
            "step": step,
            "moves": len(actions),
            "action": actions[step - 1] if step else None,
            **move,
            "view": view,
            "captions": kind.captions(view),
            "events": events,
        }
    )


async def get_replay(request: Request) -> Response:
    """Every move of a finished game in one list: number, maker, label and the public
    narration it caused (the replay page shows them up to the current step only)."""
    table = await _finished(request, "a replay")
    if isinstance(table, Response):
        return table
    final, kind = table.game, table.kind
    game = kind.new(table.row.options, table.row.seed)
    moves = []
    for n, action in enumerate(final.record()["actions"], start=1):
        entry = {"n": n, "action": action, **_mover(kind, game, table.row)}
        entry["label"] = kind.label(action, game.view(None))
        entry["events"] = [e.text() for e in game.apply(action) if visible(e, None)]
        moves.append(entry)
    players = [
        {
            "seat": s.seat,
            "bandits": words.bandit_names(kind.seat_bandits(final, s.seat)),
            "name": s.name,
            "kind": s.kind,
        }
        for s in table.row.seats
    ]
    return JSONResponse(
        {
            "game": kind.name,
            "title": kind.title,
            "options": kind.options_summary(table.row.options),
            "moves": moves,
            "players": players,
        }
    )


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})
