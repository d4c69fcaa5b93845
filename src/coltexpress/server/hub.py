"""Live tables in one server process: the game cache, viewers, moves, bots and presence.

The database is the truth. A process keeps, per table some of its viewers watch, the game
rebuilt from the stored moves; a move is stored (conditionally on the version) before any
viewer hears of it, and every 'table changed' notice makes each process read the new moves
and build its own viewers' messages, each from ``view(seat)`` and the events that seat may
see. The game itself is any game of the package: what differs between them (words, bot
levels, the card a moment reveals) is asked of the table's ``TableGame`` (``kinds.py``).

The event loop only checks, stores and sends: the viewers' updates are built by a render
worker (``render.py``, once per seat and once for all the spectators) and bots think in a
process pool (``bots.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import msgspec

from ..engine.errors import ColtError, GameOverError, IllegalActionError, NotationError
from ..updates.messages import away_moves, log_lines
from . import words
from .bots import BotPool, bot_seed
from .kinds import TableGame, table_game
from .pubsub import Bus
from .render import Record, RenderPool
from .replays import ReplayPool
from .storage import MoveConflict, Store, TableRow
from .throttle import Throttle

__all__ = ["Hub", "LiveTable", "ProtocolError", "Settings", "TableFull", "Viewer"]

log = logging.getLogger(__name__)
T = TypeVar("T")

STEP_GRACE = 1.5  # seconds of a turn clock's allowance per step of the move before
TAKEOVER_LEVEL = "medium"  # the bot that keeps an absent player's seat warm
DB_THREADS = 8  # threads for the store's blocking calls (SQLite writes take turns anyway)
# ticks (``Settings.tick``) before a turn clock's end from which its table's driver times it
# (before that, the heartbeat looks at it once a tick: ``Hub._clocks``)
CLOCK_NEAR = 2

# A game is any game of the package (``coltexpress.games``): they share the engine contract
# (pending, legal ids, apply, frame_count, view, record, clone) but no class. The frames of
# a move are built by the render workers (``render.py``); this process only counts them.
Game = Any
Event = Any


@dataclass
class Settings:
    """Server settings (the ``colt serve`` options and the knobs tests turn)."""

    db: str = "sqlite:///colt.db"
    redis: str | None = None
    grace: float = 30.0  # seconds before a bot takes over an absent player's seat
    bot_delay: float = 0.5  # pause before a bot moves, so people can follow
    max_message: int = 16 * 1024
    rate: int = 20  # messages per second per connection
    hello_timeout: float = 30.0
    # an open or playing table no human seat has been connected to for this many seconds is
    # abandoned: the lobby no longer lists it (it stays stored and can still be joined)
    abandoned: float = 15 * 60.0
    game: str = "colt-express"  # the game the lobby offers first (``colt serve --game``)
    # who may choose a table's seed: "solo" (only a table with one player seat: practice,
    # puzzles, reproducing a bug) or "any" (a server whose operator allows it everywhere;
    # the lobby and every view of such a table say the deal was chosen)
    chosen_seeds: str = "solo"
    create_limit: int = 20  # tables one address may create a minute (0: no limit)
    # WebSockets one address may hold open at once (0: no limit); more are closed, 4430
    socket_limit: int = 40
    # a table not over that no human seat was connected to for this many seconds is
    # deleted with its moves (finished tables are kept for their records)
    expire: float = 24 * 3600.0
    bot_workers: int = 0  # processes bots think in (0: one per core; bots.default_workers)
    spectators: int = 200  # spectators a table takes in one process; more are closed, 4403
    render_workers: int = 1  # processes that build viewers' updates (0: in this process)
    # seconds a connection has to send a request's complete headers (slowloris; 0: no limit)
    header_timeout: float = 10.0
    replay_limit: int = 600  # records, replays and replay steps one address may ask a minute
    replay_workers: int = 1  # processes that build records and replays (replays.py)
    lobby_limit: int = 300  # lobby pages one address may ask a minute (0: no limit)
    # the proxies whose X-Forwarded-For (and X-Forwarded-Proto) is believed: addresses and
    # networks (``colt serve --trusted-proxies``); none by default, so a client's own
    # header never changes the address its limits are counted by
    trusted_proxies: tuple[str, ...] = ()

    @property
    def tick(self) -> float:
        """Seconds between two checks for absent players (and their takeovers)."""
        return max(0.05, min(1.0, self.grace / 4))

    @property
    def beat(self) -> float:
        """Seconds between two presence heartbeats: a connected seat is never seen more
        than a quarter of ``grace`` ago, so it is never taken for absent."""
        return max(0.05, self.grace / 4)


class ProtocolError(Exception):
    """A refused message: ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TableFull(Exception):
    """A spectator over the table's ``Settings.spectators``."""


_encode = msgspec.json.Encoder().encode


def dumps(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON (msgspec encodes several times faster than the
    standard library, which counts with a message per viewer per move)."""
    return _encode(message).decode()


@dataclass(eq=False)
class Viewer:
    """One WebSocket connection after its ``hello``: a seat or a spectator (seat None)."""

    table_id: str
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    watching: bool = False  # a spectator counted in its table's ``spectators``
    # closes the viewer's connection (code, reason): its seat was released
    kick: Callable[[int, str], None] | None = None
    patch: bool = False  # its updates carry each moment's change (``patch.py``)
    # its last message of the table was a welcome, so its next update comes whole: a
    # patch applies to what the seat's other viewers last had, which may say more than a
    # welcome says (the summary of the round the last move ended)
    welcomed: bool = False
    # sends texts at once, in one write, if the socket takes them
    # (``sockets.TableSocketProtocol.send_now``)
    direct: Callable[..., bool] | None = None
    sending: bool = False  # the connection's pump holds a text it could not send at once
    held: list[str] = field(default_factory=list)  # to go out with the next text (``hold``)

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(dumps(message))

    def hold(self, message: dict[str, Any]) -> None:
        """Keep ``message`` to go out before this viewer's next text, in the same write (a
        move's ack with the mover's update: one system call, not two); ``release`` sends it
        if nothing else went."""
        self.held.append(dumps(message))

    def send_text(self, text: str) -> None:
        """Send at once when nothing waits before it, else after what waits (what ``hold``
        kept goes first, in the same write)."""
        self.held.append(text)
        self.release()

    def release(self) -> None:
        if not self.held:
            return
        texts, self.held = self.held, []
        direct = self.direct
        if direct is None or self.sending or not self.queue.empty() or not direct(*texts):
            for text in texts:
                self.queue.put_nowait(text)


@dataclass(eq=False)
class LiveTable:
    """A table as one process holds it: its row, its game and its local viewers."""

    row: TableRow
    game: Game
    events: list[Event]
    kind: TableGame
    viewers: set[Viewer] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    spectators: int = 0  # spectators joined here (capped by ``Settings.spectators``)
    # the welcome every spectator gets, encoded once per state of the table (its key)
    spectator_welcome: tuple[tuple[Any, ...], str] | None = None
    round_start: Game | None = None  # the game as the current round was dealt (summaries)
    turn_started: float = field(default_factory=time.time)  # when the decision began here
    left_at: dict[int, float] = field(default_factory=dict)  # a seat's last socket closed

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def seat_state(self, seat: int) -> str:
        s = self.row.seats[seat]
        return "bot" if s.kind == "bot" or s.bot_active else "human"

    def bot(self, seat: int) -> tuple[str, int]:
        """The seat's bot for the decision at this version: the agent of its level for this
        game (a person's seat: the takeover level) and its seed (``bots.bot_seed``)."""
        s = self.row.seats[seat]
        level = s.level if s.kind == "bot" and s.level else TAKEOVER_LEVEL
        spec = self.kind.levels.get(level, level)
        return spec, bot_seed(self.row.seed, seat, self.version)

    def bandits(self, seat: int) -> list[str]:
        return self.kind.seat_bandits(self.game, seat)

    def clock_left(self, now: float) -> float | None:
        """Seconds left on the turn clock of the decision in progress, or None when the
        table has no clock or no person is deciding."""
        seat = self.game.current_seat
        if (
            not self.row.clock
            or self.row.status != "playing"
            or self.game.is_over
            or seat is None
            or self.seat_state(seat) != "human"
        ):
            return None
        allowed = self.row.clock + self.reserve_left(seat)
        return max(0.0, allowed - (now - self.turn_started))

    def reserve_left(self, seat: int) -> float:
        """Seconds of the turn clock's reserve the seat has not used."""
        return max(0.0, (self.row.reserve or 0) - self.row.seats[seat].reserve_used)

    def clock(self) -> dict[str, Any] | None:
        """The turn clock as viewers get it: seconds a decision, seconds left (the
        decision's own and the seat's reserve), the seat it runs for and the reserve it had
        when the decision began; None with no clock or no person deciding."""
        left = self.clock_left(time.time())
        if left is None:
            return None
        seat = self.game.current_seat
        return {
            "seconds": self.row.clock,
            "left": round(left, 1),
            "seat": seat,
            "reserve": round(self.reserve_left(seat), 1),
        }

    def spend_clock(self, seat: int, *, clock_out: bool) -> bool:
        """A person's decision is made: what it took beyond its own time comes out of the
        seat's reserve; a time-out uses it all and counts. True if the seat's row changed."""
        if not self.row.clock or self.seat_state(seat) != "human":
            return False
        s = self.row.seats[seat]
        if clock_out:
            s.reserve_used = float(self.row.reserve or 0)
            s.timeouts += 1
            return True
        over = time.time() - self.turn_started - self.row.clock
        if over <= 0 or not self.row.reserve:
            return False
        s.reserve_used = min(float(self.row.reserve), s.reserve_used + over)
        return True

    def here(self) -> set[int]:
        """The seats a viewer of this process is connected to."""
        return {v.seat for v in self.viewers if v.seat is not None}

    def presence(self, seat: int, here: set[int]) -> str | None:
        """Whether a person's seat has arrived: ``waiting`` (nobody has opened its link),
        ``here`` (connected) or ``left`` (came, and is not connected now); None for a bot's
        seat. Connected means to this process (docs/protocol.md)."""
        s = self.row.seats[seat]
        if s.kind != "human":
            return None
        if seat in here:
            return "here"
        return "left" if s.claimed else "waiting"

    def seats_summary(self) -> list[dict[str, Any]]:
        here = self.here()
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "state": self.seat_state(s.seat),
                "name": s.name,
                "level": s.level if s.kind == "bot" else None,
                "presence": self.presence(s.seat, here),
                "timeouts": s.timeouts if s.kind == "human" else 0,
            }
            for s in self.row.seats
        ]

    def tell_presence(self, seat: int) -> None:
        """Every viewer hears that a person's seat arrived or left."""
        notice = dumps(
            {"type": "presence", "seat": seat, "presence": self.presence(seat, self.here())}
        )
        for viewer in self.viewers:
            viewer.send_text(notice)

    def before_start(self, captions: dict[str, Any], seat: int | None) -> None:
        """Before the start a view's words say who will start the game, where they would
        say whose turn it is (nobody's has begun)."""
        if self.row.status != "open":
            return
        host = self.row.host_seat
        label = None
        if host is not None:
            label = words.player_label(self.bandits(host), self.row.seats[host].name)
        hosting = host is not None and host == seat
        captions["situation"] = words.not_started_text(label, hosting=hosting)

    def welcome(
        self, seat: int | None, away: list[str] | None = None, secret: str | None = None
    ) -> dict[str, Any]:
        view = self.game.view(seat)
        message = {
            "type": "welcome",
            "seat": seat,
            "version": self.version,
            "status": self.row.status,
            "game": self.kind.name,
            "title": self.kind.title,
            "view": view,
            "captions": self.kind.captions(view),
            "log": log_lines(self.events, view),
            "seats": self.seats_summary(),
            "host": self.row.host_seat,
            "clock": self.clock(),
            "notes": words.table_notes(self.row.clock, self.row.seed_chosen, self.row.reserve),
        }
        self.before_start(message["captions"], seat)
        if away and seat is not None:
            message["away"] = {"bandits": words.bandit_names(self.bandits(seat)), "moves": away}
        if secret is not None and seat is not None:
            message["secret"] = secret
        return message

    def update_header(self) -> dict[str, Any]:
        """The fields every viewer's update of the table's latest change starts with (the
        rest is built for each viewer: ``render.py``, ``messages.update_fields``)."""
        return {
            "type": "update",
            "version": self.version,
            "status": self.row.status,
            "clock": self.clock(),
        }

    def record_of(self, game: Game) -> Record:
        """What a renderer rebuilds its copy of this table from, at ``game``."""
        return (self.kind.name, self.row.options, self.row.seed, game.record()["actions"])

    def welcome_text(
        self, seat: int | None, away: list[str] | None = None, secret: str | None = None
    ) -> str:
        """The encoded welcome of a viewer. A spectator's is the same for every spectator:
        built once per state of the table (version, status, seats, clock) and shared."""
        if seat is not None:
            return dumps(self.welcome(seat, away, secret))
        states = tuple(self.seat_state(s.seat) for s in self.row.seats)
        here = frozenset(self.here())
        key = (self.version, self.row.status, states, here, repr(self.clock()))
        if self.spectator_welcome is None or self.spectator_welcome[0] != key:
            self.spectator_welcome = (key, dumps(self.welcome(None)))
        return self.spectator_welcome[1]

    def advance(self, before: Game, game: Game, events: list[Event]) -> None:
        """The move is stored: the table moves on and every local viewer hears of it."""
        self.game = game
        self.events += events
        self.row.version += 1
        self.row.status = "over" if game.is_over else "playing"
        # the browser plays a move's steps back one by one before the next decision can be
        # made: the clock of that decision starts once they are shown
        self.turn_started = time.time() + STEP_GRACE * (game.frame_count(events) - 1)
        if game.round_no != before.round_no:
            self.round_start = game.clone()


def _spectators_last(viewer: Viewer) -> bool:
    return viewer.seat is None


def fallback_move(table: LiveTable, seat: int) -> str:
    """A legal move for a bot that could not choose one (a bot that does not know a
    situation yet): drawn from the table's seed and version, so the game goes on."""
    legal = [str(a) for a in table.game.legal_actions()]
    return random.Random(f"{table.row.seed}/fallback/{table.version}").choice(legal)


class Hub:
    """Every live table of this process, the store and the bus between processes."""

    def __init__(self, settings: Settings, store: Store, bus: Bus) -> None:
        self.settings = settings
        self.store = store
        self.bus = bus
        self.live: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.creations = Throttle(settings.create_limit, 60.0)  # tables an address creates
        self.sockets: dict[str, int] = {}  # WebSockets open, by address
        self.bots = BotPool(settings.bot_workers or None)
        self.threads = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="colt-db")
        self.render = RenderPool(settings.render_workers)
        self.replays = ReplayPool(settings.replay_workers)
        # reviews take seconds to build: their own worker, so replays never wait on them
        self.reviews = ReplayPool(1)
        self.replay_limit = Throttle(settings.replay_limit, 60.0)  # per address
        self.lobby_limit = Throttle(settings.lobby_limit, 60.0)  # per address
        self.beat: asyncio.Task[None] | None = None  # the presence heartbeat (_heartbeat)
        self.beaten = 0.0  # when the heartbeat last marked this process's seats seen
        self.closing = False

    def open_socket(self, address: str) -> bool:
        """Count a WebSocket of ``address``; False (counting nothing) when the address has
        ``Settings.socket_limit`` open already."""
        limit = self.settings.socket_limit
        held = self.sockets.get(address, 0)
        if limit > 0 and held >= limit:
            return False
        self.sockets[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        held = self.sockets.get(address, 0) - 1
        if held > 0:
            self.sockets[address] = held
        else:
            self.sockets.pop(address, None)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking store call in one of the store's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.threads, partial(fn, *args, **kwargs))

    # -- loading --------------------------------------------------------------------------

    def build(self, row: TableRow, moves: list[str]) -> LiveTable:
        """The table rebuilt from its record: its game, options, seed, then every stored
        move."""
        kind = table_game(row.game)
        game = kind.new(row.options, row.seed)
        events: list[Event] = []
        round_start = game.clone()
        for action in moves:
            round_no = game.round_no
            events += game.apply(action)
            if game.round_no != round_no:
                round_start = game.clone()
        row.version = len(moves)
        return LiveTable(row=row, game=game, events=events, kind=kind, round_start=round_start)

    async def load(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store if this process has none; None if there
        is no such table. An id not of the shape the server makes is never looked up, and
        the lock that keeps two loads of one table apart is dropped once it is loaded (or
        found missing), so ``loading`` does not grow with every unknown id asked for."""
        from .schema import is_table_id

        if table_id in self.live:
            return self.live[table_id]
        if not is_table_id(table_id):
            return None
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                if table_id in self.live:
                    return self.live[table_id]
                row = await self.db(self.store.get_table, table_id)
                if row is None:
                    return None
                moves = await self.db(self.store.moves, table_id)
                # a load that raced past a dropped lock keeps the table loaded first
                return self.live.setdefault(table_id, self.build(row, moves))
        finally:
            if not lock.locked() and self.loading.get(table_id) is lock:
                del self.loading[table_id]

    def evict(self, table: LiveTable) -> None:
        if table.viewers:
            return
        if table.driver is not None:  # even for a table no longer the live one (its driver
            table.driver.cancel()  # waits for changes that will not come)
        if self.live.get(table.id) is table:
            del self.live[table.id]
            self.render.forget(table.id)

    async def _broadcast(
        self, table: LiveTable, before: Game | None, action: str | None,
        start: Game | None = None, applied: tuple[Game, list[Any]] | None = None,
    ) -> None:
        """Queue every local viewer's update of the change just made (``action`` from
        ``before``; None: the host started the game; ``start``: the game as ``before``'s
        round was dealt; ``applied``: the game after ``action`` and its frames, if cut
        already), the players' queues first. Each is built once per seat and form
        (whole, or patches: ``Viewer.patch``), whatever its sockets, and once for all the
        spectators, by the table's render worker; the caller holds the table's lock, so a
        viewer's updates keep their order."""
        if not table.viewers:
            return
        whole = {v.seat for v in table.viewers if not v.patch or v.welcomed}
        patched = {v.seat for v in table.viewers if v.patch and not v.welcomed}
        source = table.game if before is None else before
        texts = await self.render.updates(
            table.id,
            table.version - (action is not None),
            action,
            whole,
            table.update_header(),
            partial(table.record_of, source),
            patched,
            None if start is None else (table.kind, source, start),
            applied,
        )
        for viewer in sorted(table.viewers, key=_spectators_last):
            text = texts.get((viewer.seat, viewer.patch and not viewer.welcomed))
            if text is not None:
                viewer.send_text(text)
                viewer.welcomed = False

    # -- changes --------------------------------------------------------------------------

    async def on_notice(self, table_id: str) -> None:
        """Another process (or this one) changed table ``table_id``."""
        table = self.live.get(table_id)
        if table is None:
            return
        async with table.lock:
            await self._catch_up(table)
        table.wake.set()

    async def _catch_up(self, table: LiveTable) -> None:
        """Read the table's row and new moves; tell local viewers what changed."""
        row = await self.db(self.store.get_table, table.id)
        if row is None:
            return
        new = (
            await self.db(self.store.moves, table.id, table.version)
            if row.version > table.version
            else []
        )
        old = table.row
        old_states = [table.seat_state(s.seat) for s in old.seats]
        status_changed = row.status != old.status
        for action in new:
            before, start = table.game, table.round_start
            game = before.clone()
            table.advance(before, game, game.apply(action))
            await self._broadcast(table, before, action, start)
        row.version = table.row.version
        if table.game.is_over:
            row.status = "over"
        table.row = row
        if status_changed and not new:
            table.turn_started = time.time()  # the game starts: the first decision's clock
            await self._broadcast(table, None, None, table.round_start)
        for seat, (was, now_seat) in enumerate(zip(old.seats, row.seats, strict=True)):
            if was.token_hash != now_seat.token_hash:  # the host released the seat
                text = words.released_text(table.bandits(seat))
                released = dumps({"type": "released", "seat": seat, "text": text})
                for viewer in list(table.viewers):
                    viewer.send_text(released)
                    if viewer.seat == seat and viewer.kick is not None:
                        viewer.kick(4401, "the host released this seat")
        for seat, before_state in enumerate(old_states):
            now = table.seat_state(seat)
            if now != before_state:
                text = words.seat_change_text(table.bandits(seat), row.seats[seat].name, now)
                notice = dumps({"type": "seat", "seat": seat, "state": now, "text": text})
                for viewer in table.viewers:
                    viewer.send_text(notice)

    async def submit(
        self,
        table: LiveTable,
        seat: int | None,
        action: str,
        version: int,
        *,
        by_bot: bool = False,
        clock_out: bool = False,
        reply: Viewer | None = None,
        msg_id: Any = None,
    ) -> None:
        """Validate, store, then broadcast one move; raises ProtocolError, changing nothing.
        ``clock_out``: the bot moves for a person whose turn clock ran out."""
        async with table.lock:
            if self.bus.shared:  # another process may have moved: read its moves first
                await self._catch_up(table)
            status = table.row.status
            if status == "open":
                raise ProtocolError("not-started", "the host has not started the game yet")
            if status == "over" or table.game.is_over:
                raise ProtocolError("over", "the game is over")
            if version != table.version:
                raise ProtocolError(
                    "stale",
                    f"you saw version {version}, the table is at {table.version}; send sync",
                )
            actor = table.game.current_seat
            if seat is None:
                raise ProtocolError("not-your-turn", "spectators cannot play")
            if seat != actor:  # players read this: bandits, not seat numbers
                who = "nobody" if actor is None else words.bandit_names(table.bandits(actor))
                raise ProtocolError("not-your-turn", f"it is not your turn: {who} must decide")
            if not by_bot and table.seat_state(seat) == "bot":
                mine = words.bandit_names(table.bandits(seat))
                raise ProtocolError("not-your-turn", f"a bot plays for {mine} now")
            if clock_out:
                left = table.clock_left(time.time())
                if left is None or left > 0:
                    raise ProtocolError("not-your-turn", "the player's time has not run out")
            elif by_bot and table.seat_state(seat) != "bot":  # its player came back meanwhile
                raise ProtocolError("not-your-turn", "the player is back")
            before = table.game
            game = before.clone()
            # a table whose updates are built here: the move cut into frames once, for
            # the updates too (``RenderPool.updates``' ``applied``)
            frames = None
            try:
                if self.render.builds_here(table.id):
                    frames = game.apply_frames(action, own=True)
                    events = [event for frame in frames for event in frame.events]
                else:
                    events = game.apply(action)
            except NotationError as exc:
                raise ProtocolError("syntax", str(exc)) from None
            except IllegalActionError as exc:
                raise ProtocolError("illegal", str(exc)) from None
            except GameOverError as exc:
                raise ProtocolError("over", str(exc)) from None
            except ColtError as exc:
                raise ProtocolError("illegal", str(exc)) from None
            notation = table.kind.action_text(game.history[-1])  # canonical, whatever was typed
            try:
                if self.store.move_pool is not None:  # PostgreSQL: on this loop, no thread
                    await self.store.append_move_async(
                        table.id, version, notation, seat, by_bot=by_bot, over=game.is_over
                    )
                elif not self.store.append_move_now(  # SQLite: here if it need not wait
                    table.id, version, notation, seat, by_bot=by_bot, over=game.is_over
                ):
                    await self.db(
                        self.store.append_move,
                        table.id,
                        version,
                        notation,
                        seat,
                        by_bot=by_bot,
                        over=game.is_over,
                    )
            except MoveConflict:
                raise ProtocolError("stale", "another move was stored first; send sync") from None
            if self.store.checkpoint_due():
                self.threads.submit(self.store.checkpoint)
            if reply is not None:  # it goes out with the mover's update
                reply.hold({"type": "ack", "id": msg_id, "version": version + 1})
            try:
                if table.spend_clock(seat, clock_out=clock_out):  # rare: over its time
                    spent = table.row.seats[seat]
                    await self.db(
                        self.store.spend, table.id, seat, spent.reserve_used, spent.timeouts
                    )
                start = table.round_start
                table.advance(before, game, events)
                await self._broadcast(
                    table, before, notation, start, None if frames is None else (game, frames)
                )
            finally:
                if reply is not None:
                    reply.release()
        table.wake.set()
        if self.bus.shared:  # this process's viewers have it already
            await self.bus.publish(table.id)

    # -- viewers and presence -------------------------------------------------------------

    def seat_away(self, row: TableRow, seat: int) -> bool:
        """Whether nobody holds a person's seat (``row`` as just read): no socket of it
        here, and none elsewhere either (its last socket closed here after the last
        heartbeat that saw it, or no heartbeat of any process saw it for two beats)."""
        live = self.live.get(row.id)
        if live is not None and seat in live.here():
            return False
        seen = row.seats[seat].seen_at
        if seen is None:
            return True
        left = live.left_at.get(seat) if live is not None else None
        return (left is not None and left >= seen) or seen < time.time() - 2 * self.settings.beat

    def tell_intruder(self, table: LiveTable, seat: int) -> None:
        """The sockets of ``seat`` here hear that someone said hello with its invite after
        its player claimed it (and was turned away)."""
        notice = dumps(
            {"type": "notice", "seat": seat, "text": words.intruder_text(table.bandits(seat))}
        )
        for viewer in table.viewers:
            if viewer.seat == seat:
                viewer.send_text(notice)

    async def join(self, table: LiveTable, viewer: Viewer, *, secret: str | None = None) -> None:
        """The viewer is welcomed and hears every change from now on; a spectator over
        ``Settings.spectators`` raises TableFull, changing nothing. ``secret``: the seat's
        own secret, just made, which its welcome carries (once)."""
        if viewer.seat is None:
            if table.spectators >= self.settings.spectators:
                raise TableFull(
                    f"this table has {self.settings.spectators} spectators, the most it takes"
                )
            table.spectators += 1
            viewer.watching = True
        if self.beat is None:
            self.beat = asyncio.create_task(self._heartbeat())
        had_bot = False
        if viewer.seat is not None:
            had_bot = await self.db(self.store.claim, table.id, viewer.seat, time.time())
            if had_bot:
                await self.bus.publish(table.id)
        async with table.lock:
            await self._catch_up(table)  # from here no bot moves for this seat (submit)
            arrived = viewer.seat is not None and viewer.seat not in table.here()
            table.viewers.add(viewer)
            away = None
            run = []
            if had_bot and viewer.seat is not None:
                run = await self.db(self.store.bot_run, table.id, viewer.seat)
            if run and viewer.seat is not None:
                actions = table.game.record()["actions"]
                away = away_moves(
                    table.kind, table.row.options, table.row.seed, actions, viewer.seat, run
                )
            viewer.send_text(table.welcome_text(viewer.seat, away, secret))
            viewer.welcomed = True
            if arrived and viewer.seat is not None:
                table.tell_presence(viewer.seat)
        if table.driver is None or table.driver.done():
            table.driver = asyncio.create_task(self._drive(table))
        table.wake.set()

    async def reclaim(self, table: LiveTable, viewer: Viewer) -> None:
        """A player whose seat a bot plays (the others handed it over while they were idle)
        moves again: the seat is theirs at once, and every viewer is told."""
        if viewer.seat is None or table.row.seats[viewer.seat].kind != "human":
            return
        if await self.db(self.store.claim, table.id, viewer.seat, time.time()):
            # here at once (the notice); with a shared bus the move catches up first anyway
            await self.bus.publish(table.id)

    async def hand(self, table: LiveTable, viewer: Viewer, target: int) -> None:
        """Another player hands an idle person's seat to its bot until its player comes
        back; ProtocolError (``cannot-hand``) when that is not allowed, changing nothing:
        only a player of another seat, during the game, for a person's seat that a person
        plays, whose turn clock ran out at least twice and who has not moved since."""
        by = viewer.seat
        seats = table.row.seats
        if by is None or seats[by].kind != "human":
            raise ProtocolError("cannot-hand", "only a player at the table can do that")
        if not 0 <= target < len(seats) or seats[target].kind != "human":
            raise ProtocolError("cannot-hand", "that seat is not a player's")
        who = words.bandit_names(table.bandits(target))
        if target == by:
            raise ProtocolError("cannot-hand", "you cannot hand your own seat to a bot")
        async with table.lock:
            await self._catch_up(table)
        s = table.row.seats[target]
        if table.row.status != "playing" or table.game.is_over:
            raise ProtocolError("cannot-hand", "the game is not being played")
        if s.bot_active:
            raise ProtocolError("cannot-hand", f"a bot plays for {who} already")
        if (
            not table.row.clock
            or s.timeouts < 2
            or not await self.db(self.store.bot_run, table.id, target)
        ):
            raise ProtocolError(
                "cannot-hand",
                f"{who}'s turn clock must have run out twice, with no move of their own "
                "since, before their seat can be handed to a bot",
            )
        if not await self.db(self.store.hand_to_bot, table.id, target):
            raise ProtocolError("cannot-hand", f"a bot plays for {who} already")
        by_label = words.player_label(table.bandits(by), seats[by].name)
        text = words.handed_text(table.bandits(target), s.name, by_label)
        notice = dumps({"type": "handed", "seat": target, "text": text})
        for other in table.viewers:
            other.send_text(notice)
        await self.bus.publish(table.id)

    async def leave(self, table: LiveTable, viewer: Viewer) -> None:
        table.viewers.discard(viewer)
        if viewer.watching:
            viewer.watching = False
            table.spectators -= 1
        now = time.time()
        if viewer.seat is not None and viewer.seat not in table.here() and not self.closing:
            table.left_at[viewer.seat] = now
            table.tell_presence(viewer.seat)
        if viewer.seat is not None and not self.closing:
            with contextlib.suppress(Exception):
                await self.db(self.store.seen, table.id, [viewer.seat], now)
        self.evict(table)

    async def sync(self, table: LiveTable, viewer: Viewer) -> None:
        async with table.lock:  # the welcome goes before any later update
            await self._catch_up(table)
            viewer.send_text(table.welcome_text(viewer.seat))
            viewer.welcomed = True

    # -- bots -----------------------------------------------------------------------------

    async def _drive(self, table: LiveTable) -> None:
        """While someone here watches the table: its bot moves (presence and takeovers
        are the process's heartbeat, ``_heartbeat``)."""
        while table.viewers and not self.closing:
            table.wake.clear()
            wait: float | None
            try:
                await self._bot_move(table)
                await self._clock_out(table)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot driver of table %s failed", table.id)
                wait = self.settings.tick  # try again
            else:
                wait = None  # until the table changes (``wake``): a thousand idle tables
                # cost nothing
            left = table.clock_left(time.time())
            if left is not None and left < CLOCK_NEAR * self.settings.tick:
                wait = left + 0.01 if wait is None else min(wait, left + 0.01)
            # a clock further off has no timer of its own (a thousand tables' timers, set
            # again at every move, cost the event loop): the heartbeat wakes the driver as
            # the clock nears its end (``_clocks``)
            if wait is None:
                await table.wake.wait()
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await table.wake.wait()

    async def _heartbeat(self) -> None:
        """Presence for the whole process: once a beat one statement for every seat
        connected here, whatever the number of tables; once a tick the takeovers, and the
        share of the tables whose updates are built here (``RenderPool.balance``)."""
        while not self.closing:
            try:
                await self._presence()
            except Exception:
                log.exception("the presence heartbeat failed")
            self._clocks()
            self.render.balance()  # on the loop's thread: its CPU time says how busy it is
            await asyncio.sleep(self.settings.tick)

    def _clocks(self) -> None:
        """Wake the driver of each table watched here whose turn clock nears its end (less
        than ``CLOCK_NEAR`` ticks left), to time the rest itself (``_drive``)."""
        now = time.time()
        near = CLOCK_NEAR * self.settings.tick
        for table in self.live.values():
            if table.viewers:
                left = table.clock_left(now)
                if left is not None and left < near:
                    table.wake.set()

    async def _presence(self) -> None:
        now = time.time()
        watched = [t for t in self.live.values() if t.viewers]
        local = {t.id: {v.seat for v in t.viewers if v.seat is not None} for t in watched}
        if now - self.beaten >= self.settings.beat:
            # a beat writes every connected seat (thousands of rows at a thousand tables),
            # so not more often than presence needs
            pairs = [(table_id, seat) for table_id, seats in local.items() for seat in seats]
            await self.db(self.store.seen_many, pairs, now)
            self.beaten = now
        cutoff = now - self.settings.grace
        for table in watched:
            if table.row.status != "playing":
                continue
            absent = [
                s.seat
                for s in table.row.seats
                if s.kind == "human"
                and s.claimed
                and not s.bot_active
                and s.seat not in local[table.id]
                and s.seen_at is not None
                and s.seen_at < cutoff
            ]
            changed = False
            for seat in absent:
                changed |= await self.db(self.store.take_over, table.id, seat, cutoff)
            if changed:
                await self.bus.publish(table.id)

    async def _bot_move(self, table: LiveTable) -> None:
        if table.row.status != "playing" or table.game.is_over:
            return
        seat = table.game.current_seat
        if seat is None or table.seat_state(seat) != "bot":
            return
        version = table.version
        if self.settings.bot_delay > 0:
            await asyncio.sleep(self.settings.bot_delay)
            if table.version != version:
                return
        action = await self._bot_action(table, seat)
        with contextlib.suppress(ProtocolError):  # someone else moved first: fine
            await self.submit(table, seat, action, version, by_bot=True)

    async def _bot_action(self, table: LiveTable, seat: int) -> str:
        """The move the seat's bot chooses in the table's game as it stands, thought out
        in a worker process (``bots.BotPool``) on a copy of the game."""
        spec, seed = table.bot(seat)
        try:
            return table.kind.action_text(await self.bots.act(spec, seed, table.game.clone()))
        except Exception:  # the table goes on; the failure is logged for a bug report
            log.exception("bot of table %s, seat %s failed: a random legal move instead",
                          table.id, seat)
            return fallback_move(table, seat)

    async def _clock_out(self, table: LiveTable) -> None:
        """A person's turn clock ran out: the seat's bot makes that one decision, and every
        viewer is told."""
        left = table.clock_left(time.time())
        seat = table.game.current_seat
        if left is None or left > 0 or seat is None:
            return
        version = table.version
        action = await self._bot_action(table, seat)
        try:
            await self.submit(table, seat, action, version, by_bot=True, clock_out=True)
        except ProtocolError:  # the player moved in time, or another process was first
            return
        text = words.clock_out_text(table.bandits(seat), table.row.seats[seat].name)
        for viewer in table.viewers:
            viewer.send({"type": "clock", "seat": seat, "text": text})

    async def expire_loop(self) -> None:
        """Delete abandoned tables (``Settings.expire``), every tenth of that time or ten
        minutes, whichever is sooner; the tables this process watches are kept."""
        every = max(1.0, min(600.0, self.settings.expire / 10))
        while not self.closing:
            try:
                gone = await self.db(
                    self.store.expire, time.time() - self.settings.expire, set(self.live)
                )
                if gone:
                    log.info("expired %d abandoned tables", len(gone))
            except Exception:
                log.exception("expiring abandoned tables failed")
            await asyncio.sleep(every)

    async def close(self) -> None:
        self.closing = True
        if self.beat is not None:
            self.beat.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.beat
        await self.bots.close()
        await self.render.close()
        await self.replays.close()
        await self.reviews.close()
        self.threads.shutdown(wait=False)
        for table in list(self.live.values()):
            if table.driver is not None:
                table.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.driver
            for viewer in table.viewers:
                viewer.queue.put_nowait(None)
