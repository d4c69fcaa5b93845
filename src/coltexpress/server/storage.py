"""Storage of tables, seats and moves (SQLAlchemy Core, synchronous; callers use a thread).

A move is stored with a conditional update of the table's version, so of two racing moves
for the same version exactly one is stored, whatever process submitted it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

__all__ = ["MoveConflict", "SeatRow", "Store", "TableRow", "hash_token", "normalize_url"]

log = logging.getLogger(__name__)

CHECKPOINT_MOVES = 300  # moves stored on the event loop between two checkpoints of SQLite's log

metadata = MetaData()

tables_t = Table(
    "colt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("preset", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(32), nullable=False),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("host_seat", Integer, nullable=True),
    Column("game", String(32), nullable=False, server_default="colt-express"),
    Column("clock", Integer, nullable=True),
    Column("seed_chosen", Boolean, nullable=False, server_default="0"),
    Column("reserve", Integer, nullable=True),  # the turn clock's reserve, seconds a seat
    Index("ix_colt_tables_created", "created"),
)

seats_t = Table(
    "colt_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("colt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(16), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("claimed", Boolean, nullable=False),
    Column("seen_at", Float, nullable=True),
    Column("bot_active", Boolean, nullable=False),
    Column("name", String(80), nullable=True),
    # the seat's own secret, made when its player first said hello with the invite
    Column("secret_hash", String(64), nullable=True, index=True),
    # seconds of the turn clock's reserve the seat has used, and its time-outs
    Column("reserve_used", Float, nullable=False, server_default="0"),
    Column("timeouts", Integer, nullable=False, server_default="0"),
)

moves_t = Table(
    "colt_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("colt_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", String(64), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("by_bot", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)


# The statements of every move and every heartbeat, given to the driver as they are: built
# with SQLAlchemy's expressions each costs about 0.4 ms of Python in a database thread, which
# the event loop then waits for (the GIL); this way, well under 0.1 ms.
_MOVE_VERSION = (
    "UPDATE colt_tables SET version = ?, status = ? "
    "WHERE id = ? AND version = ? AND status = 'playing'"
)
_MOVE_INSERT = (
    "INSERT INTO colt_moves (table_id, idx, action, seat, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)"
)
_MOVE_PG = (
    "WITH moved AS (UPDATE colt_tables SET version = %s, status = %s "
    "WHERE id = %s AND version = %s AND status = 'playing' RETURNING id) "
    "INSERT INTO colt_moves (table_id, idx, action, seat, by_bot, at) "
    "SELECT id, %s, %s, %s, %s, %s FROM moved"
)
_SEEN = "UPDATE colt_seats SET seen_at = ? WHERE table_id = ? AND seat = ?"
_SEEN_ARRAYS = (
    "UPDATE colt_seats AS s SET seen_at = %s FROM unnest(%s::text[], %s::int[]) AS v(t, n) "
    "WHERE s.table_id = v.t AND s.seat = v.n"
)


class MoveConflict(Exception):
    """The table's version moved on: another move was stored first."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3; a bare path means an SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None
    token_hash: str | None
    claimed: bool
    seen_at: float | None
    bot_active: bool
    name: str | None = None  # the name the host gave the player (plain text, checked)
    secret_hash: str | None = None  # the seat's own secret, once its player claimed it
    reserve_used: float = 0.0  # seconds of the turn clock's reserve used
    timeouts: int = 0  # how many times the seat's turn clock ran out


@dataclass
class TableRow:
    id: str
    created: float
    preset: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str  # open, playing, over
    version: int
    host_hash: str
    seats: list[SeatRow] = field(default_factory=list)
    host_seat: int | None = None  # the seat the host plays, if the host sits at the table
    game: str = "colt-express"  # the game played (a name of ``coltexpress.games.GAMES``)
    clock: int | None = None  # the turn clock: seconds per decision, or None
    seed_chosen: bool = False  # the creator chose the seed (a practice table)
    reserve: int | None = None  # the turn clock's reserve: seconds a seat, or None

    def last_human(self) -> float:
        """When a human seat was last connected (the creation time if never)."""
        seen = [s.seen_at for s in self.seats if s.kind == "human" and s.seen_at is not None]
        return max([self.created, *seen])


def _table(row: Any, seats: list[SeatRow]) -> TableRow:
    return TableRow(
        id=row.id,
        created=row.created,
        preset=row.preset,
        players=row.players,
        options=json.loads(row.options),
        seed=int(row.seed),
        status=row.status,
        version=row.version,
        host_hash=row.host_hash,
        seats=seats,
        host_seat=row.host_seat,
        game=row.game,
        clock=row.clock,
        seed_chosen=bool(row.seed_chosen),
        reserve=row.reserve,
    )


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        seat=row.seat,
        kind=row.kind,
        level=row.level,
        token_hash=row.token_hash,
        claimed=bool(row.claimed),
        seen_at=row.seen_at,
        bot_active=bool(row.bot_active),
        name=row.name,
        secret_hash=row.secret_hash,
        reserve_used=row.reserve_used or 0.0,
        timeouts=row.timeouts or 0,
    )


def _move_pg_params(
    table_id: str, version: int, action: str, seat: int | None, by_bot: bool, over: bool
) -> tuple[Any, ...]:
    """The parameters of ``_MOVE_PG``: move number ``version`` of the table."""
    status = "over" if over else "playing"
    return (version + 1, status, table_id, version, version, action, seat, by_bot, time.time())


def _sqlite_move(
    execute: Callable[..., Any],
    table_id: str, version: int, action: str, seat: int | None, by_bot: bool, over: bool,
) -> None:
    """Move number ``version`` of the table, in a SQLite transaction ``execute`` (a
    driver's or SQLAlchemy's ``(sql, parameters)``) runs statements of: the version
    checked and moved on (MoveConflict if the table is no longer there), the move kept."""
    status = "over" if over else "playing"
    done = execute(_MOVE_VERSION, (version + 1, status, table_id, version)).rowcount
    _check_moved(done, table_id, version)
    execute(_MOVE_INSERT, (table_id, version, action, seat, by_bot, time.time()))


def _check_moved(rows: int, table_id: str, version: int) -> None:
    """MoveConflict unless the conditional update found the table at ``version``."""
    if rows != 1:
        raise MoveConflict(f"table {table_id} is no longer at version {version}")


class Store:
    """All database access of the server."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.sqlite = self.url.startswith("sqlite")
        if self.sqlite:
            memory = ":memory:" in self.url or self.url.rstrip("/").endswith("sqlite:")
            self.engine: Engine = create_engine(
                self.url,
                connect_args={"timeout": 30, "check_same_thread": False},
                **({"poolclass": NullPool} if memory else {"pool_size": 8, "max_overflow": 8}),
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_size=10, max_overflow=20)
        self._write_lock = threading.Lock()
        self.writing: contextlib.AbstractContextManager[Any] = (
            self._write_lock if self.sqlite else contextlib.nullcontext()
        )
        # SQLite: a connection of the event loop's own that stores moves at once when the
        # database is free (``append_move_now``), its write-ahead log checkpointed in a
        # thread (``checkpoint``) rather than by a commit on the loop
        self._mover: sqlite3.Connection | None = None
        self._mover_path = _sqlite_file(self.url) if self.sqlite else None
        self._unchecked = 0  # moves stored by ``append_move_now`` since the last checkpoint
        self.move_pool: Any = None  # PostgreSQL: connections the event loop stores moves on

    async def open_moves(self) -> None:
        """PostgreSQL: open a pool of connections on which the event loop itself stores
        moves (``append_move_async``), with no thread between them. SQLite keeps its
        writer thread."""
        if self.sqlite:
            return
        from psycopg_pool import AsyncConnectionPool
        from sqlalchemy.engine import make_url

        conninfo = make_url(self.url).set(drivername="postgresql")
        self.move_pool = AsyncConnectionPool(
            conninfo.render_as_string(hide_password=False), min_size=2, max_size=20,
            kwargs={"autocommit": True}, open=False,
        )
        await self.move_pool.open(wait=True)

    async def close_moves(self) -> None:
        if self.move_pool is not None:
            await self.move_pool.close()
            self.move_pool = None

    def _sql(self, sql: str) -> str:
        """A statement of the hot paths, written with ``?`` for its parameters, in the
        driver's own style (psycopg: ``%s``)."""
        return sql if self.engine.dialect.paramstyle == "qmark" else sql.replace("?", "%s")

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """A write transaction. SQLite has one writer at a time: the writers of this
        process take turns on a lock here rather than in SQLite's busy handler, whose
        sleeps grow to 100 ms and would land on a move's latency."""
        with self.writing, self.engine.begin() as conn:
            yield conn

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        config.attributes["engine"] = self.engine
        command.upgrade(config, "head")

    def close(self) -> None:
        if self._mover is not None:
            self._mover.close()
            self._mover = None
        self.engine.dispose()

    # -- tables ---------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    created=row.created,
                    preset=row.preset,
                    players=row.players,
                    options=json.dumps(row.options),
                    seed=str(row.seed),
                    status=row.status,
                    version=row.version,
                    host_hash=row.host_hash,
                    host_seat=row.host_seat,
                    game=row.game,
                    clock=row.clock,
                    seed_chosen=row.seed_chosen,
                    reserve=row.reserve,
                )
            )
            for s in row.seats:
                conn.execute(
                    insert(seats_t).values(
                        table_id=row.id,
                        seat=s.seat,
                        kind=s.kind,
                        level=s.level,
                        token_hash=s.token_hash,
                        claimed=s.claimed,
                        seen_at=s.seen_at,
                        bot_active=s.bot_active,
                        name=s.name,
                        secret_hash=s.secret_hash,
                        reserve_used=s.reserve_used,
                        timeouts=s.timeouts,
                    )
                )

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
        return _table(row, [_seat(s) for s in seats])

    def lobby_page(
        self, *, over: bool, cutoff: float, limit: int, offset: int = 0
    ) -> list[TableRow]:
        """One page of the lobby in one query, newest first: the tables not over that were
        created or had a human seat connected since ``cutoff`` (``over`` False), or the
        finished ones (``over`` True); each with its seats."""
        t = tables_t
        if over:
            wanted = t.c.status == "over"
        else:
            seen = (
                select(seats_t.c.table_id)
                .where(
                    seats_t.c.table_id == t.c.id,
                    seats_t.c.kind == "human",
                    seats_t.c.seen_at >= cutoff,
                )
                .exists()
            )
            wanted = and_(t.c.status != "over", or_(t.c.created >= cutoff, seen))
        page = (
            select(t.c.id)
            .where(wanted)
            .order_by(t.c.created.desc(), t.c.id.desc())
            .limit(limit)
            .offset(offset)
            .subquery()
        )
        query = (
            select(t, *[c.label(f"seat_{c.name}") for c in seats_t.c])
            .join(page, page.c.id == t.c.id)
            .join(seats_t, seats_t.c.table_id == t.c.id)
            .order_by(t.c.created.desc(), t.c.id.desc(), seats_t.c.seat)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out: list[TableRow] = []
        first = len(t.c)  # the seat's columns follow the table's, in their order
        names = [c.name for c in seats_t.c]
        for row in rows:
            if not out or out[-1].id != row.id:
                out.append(_table(row, []))
            # by position: a row's attributes by label cost most of the page's time, in a
            # thread that holds the GIL the event loop needs
            values = dict(zip(names, row[first:], strict=True))
            out[-1].seats.append(_seat(SimpleNamespace(**values)))
        return out

    def expire(self, before: float, keep: set[str]) -> list[str]:
        """Delete the tables not over that no human seat was connected to since ``before``
        (nor created since), with their seats and moves, except those in ``keep`` (watched
        here); the ids deleted."""
        seen = (
            select(seats_t.c.table_id)
            .where(
                seats_t.c.table_id == tables_t.c.id,
                seats_t.c.kind == "human",
                seats_t.c.seen_at >= before,
            )
            .exists()
        )
        with self.begin() as conn:
            ids = [
                i
                for i in conn.execute(
                    select(tables_t.c.id).where(
                        tables_t.c.status != "over", tables_t.c.created < before, ~seen
                    )
                ).scalars()
                if i not in keep
            ]
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                conn.execute(delete(moves_t).where(moves_t.c.table_id.in_(chunk)))
                conn.execute(delete(seats_t).where(seats_t.c.table_id.in_(chunk)))
                conn.execute(delete(tables_t).where(tables_t.c.id.in_(chunk)))
        return ids

    def table_ids(self, status: str) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(select(tables_t.c.id).where(tables_t.c.status == status)).scalars()
            )

    def start(self, table_id: str) -> bool:
        """open -> playing; unclaimed human seats are played by bots until claimed."""
        with self.begin() as conn:
            done = conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id, tables_t.c.status == "open")
                .values(status="playing")
            ).rowcount
            if done:
                conn.execute(
                    update(seats_t)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.kind == "human",
                        seats_t.c.claimed == False,  # noqa: E712 (SQL, not Python)
                    )
                    .values(bot_active=True)
                )
        return bool(done)

    # -- moves ----------------------------------------------------------------------------

    def append_move(
        self,
        table_id: str,
        version: int,
        action: str,
        seat: int | None,
        *,
        by_bot: bool,
        over: bool,
    ) -> None:
        """Store move number ``version`` if the table is still at ``version`` (else raise
        MoveConflict). The version check and the insert are one transaction."""
        if not self.sqlite:  # one statement, one round trip: the version check and insert
            params = _move_pg_params(table_id, version, action, seat, by_bot, over)
            with self.engine.connect() as conn:
                conn.execution_options(isolation_level="AUTOCOMMIT")
                _check_moved(conn.exec_driver_sql(_MOVE_PG, params).rowcount, table_id, version)
            return
        with self.begin() as conn:
            _sqlite_move(conn.exec_driver_sql, table_id, version, action, seat, by_bot, over)

    def append_move_now(
        self,
        table_id: str,
        version: int,
        action: str,
        seat: int | None,
        *,
        by_bot: bool,
        over: bool,
    ) -> bool:
        """SQLite: ``append_move`` on the caller's thread, the event loop, when it needs no
        wait: no other writer of this process holds the write lock and no other process
        writes the file. A move costs the loop a few statements on a connection of its own
        instead of a hop to a store thread and back. False, nothing done: the database was
        busy (or is not a SQLite file): store the move with ``append_move`` in a thread.
        MoveConflict as ``append_move``."""
        if self._mover_path is None or not self._write_lock.acquire(blocking=False):
            return False
        try:
            conn = self._mover or self._open_mover()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:  # another process writes: wait in a thread
                return False
            try:
                _sqlite_move(conn.execute, table_id, version, action, seat, by_bot, over)
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            self._unchecked += 1
            return True
        finally:
            self._write_lock.release()

    def _open_mover(self) -> sqlite3.Connection:
        assert self._mover_path is not None
        conn = sqlite3.connect(
            self._mover_path, timeout=0, isolation_level=None, check_same_thread=False
        )
        _sqlite_pragmas(conn, None)
        conn.execute("PRAGMA busy_timeout=0")  # busy: the move goes to a thread instead
        conn.execute("PRAGMA wal_autocheckpoint=0")  # ``checkpoint``, in a thread
        self._mover = conn
        return conn

    def checkpoint_due(self) -> bool:
        """Whether ``append_move_now`` stored enough moves since a checkpoint was last due
        to call ``checkpoint`` now (the count starts anew)."""
        if self._unchecked < CHECKPOINT_MOVES:
            return False
        self._unchecked = 0
        return True

    def checkpoint(self) -> None:
        """Copy the write-ahead log's pages into the database file (without waiting for
        readers), so that the log stays small; for a store thread."""
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:  # the next one will do; the log only grows meanwhile
            log.exception("SQLite checkpoint failed")

    async def append_move_async(
        self,
        table_id: str,
        version: int,
        action: str,
        seat: int | None,
        *,
        by_bot: bool,
        over: bool,
    ) -> None:
        """``append_move`` on the event loop's own connections (``open_moves``): the same
        one statement, the same MoveConflict."""
        params = _move_pg_params(table_id, version, action, seat, by_bot, over)
        async with self.move_pool.connection() as conn:
            _check_moved((await conn.execute(_MOVE_PG, params)).rowcount, table_id, version)

    def moves(self, table_id: str, start: int = 0) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(moves_t.c.action)
                    .where(moves_t.c.table_id == table_id, moves_t.c.idx >= start)
                    .order_by(moves_t.c.idx)
                ).scalars()
            )

    def bot_run(self, table_id: str, seat: int) -> list[int]:
        """The numbers of the moves a bot made for ``seat`` since the seat's last own move
        (what a player coming back missed)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(moves_t.c.idx, moves_t.c.by_bot)
                .where(moves_t.c.table_id == table_id, moves_t.c.seat == seat)
                .order_by(moves_t.c.idx)
            ).all()
        run: list[int] = []
        for idx, by_bot in rows:
            run = [*run, idx] if by_bot else []
        return run

    # -- seats ----------------------------------------------------------------------------

    def find_seat(self, table_id: str, token: str) -> tuple[int, bool, bool] | None:
        """The seat ``token`` opens: ``(seat, by_invite, claimed)`` where ``by_invite`` says
        the token is the seat's invite (else its own secret) and ``claimed`` that the seat
        already has a secret; None for no seat of the table."""
        digest = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats_t.c.seat, seats_t.c.token_hash, seats_t.c.secret_hash).where(
                    seats_t.c.table_id == table_id,
                    or_(seats_t.c.token_hash == digest, seats_t.c.secret_hash == digest),
                )
            ).first()
        if row is None:
            return None
        by_invite = row.token_hash == digest
        return row.seat, by_invite, row.secret_hash is not None

    def claim_secret(self, table_id: str, seat: int, invite: str, secret: str) -> bool:
        """The first hello with the seat's invite: the seat's secret becomes ``secret``
        (its hash stored), only if the seat has none yet and ``invite`` is still its
        invite. False when another hello won the race (or the host released the seat)."""
        with self.begin() as conn:
            return bool(
                conn.execute(
                    update(seats_t)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.seat == seat,
                        seats_t.c.token_hash == hash_token(invite),
                        seats_t.c.secret_hash.is_(None),
                    )
                    .values(secret_hash=hash_token(secret))
                ).rowcount
            )

    def release(self, table_id: str, seat: int, invite: str, *, playing: bool) -> bool:
        """The host gives a person's seat to a new player: a new invite, no secret (the old
        one opens nothing), no name, nobody claimed it; a bot plays it meanwhile once the
        game has started. False if the seat is not a person's."""
        with self.begin() as conn:
            return bool(
                conn.execute(
                    update(seats_t)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.seat == seat,
                        seats_t.c.kind == "human",
                    )
                    .values(
                        token_hash=hash_token(invite),
                        secret_hash=None,
                        claimed=False,
                        name=None,
                        bot_active=playing,
                        reserve_used=0.0,
                        timeouts=0,
                    )
                ).rowcount
            )

    def spend(self, table_id: str, seat: int, reserve_used: float, timeouts: int) -> None:
        """What a seat has used of its turn clock's reserve, and its time-outs (written
        only when a decision took longer than its own time)."""
        with self.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(reserve_used=reserve_used, timeouts=timeouts)
            )

    def hand_to_bot(self, table_id: str, seat: int) -> bool:
        """Other players give a person's seat to its bot until its player comes back
        (their next hello or move, ``claim``). False if a bot has it already."""
        with self.begin() as conn:
            return bool(
                conn.execute(
                    update(seats_t)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.seat == seat,
                        seats_t.c.kind == "human",
                        seats_t.c.bot_active == False,  # noqa: E712
                    )
                    .values(bot_active=True)
                ).rowcount
            )

    def seen(self, table_id: str, seats: list[int], now: float) -> None:
        """Presence heartbeat of seats connected to this process."""
        if not seats:
            return
        with self.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat.in_(seats))
                .values(seen_at=now)
            )

    def seen_many(self, seats: list[tuple[str, int]], now: float) -> None:
        """The presence heartbeat of a whole process: every ``(table, seat)`` connected
        to it marked seen at ``now`` in one statement (PostgreSQL: the seats as two arrays;
        SQLite: one statement run for each seat inside the driver)."""
        if not seats:
            return
        with self.begin() as conn:
            if self.sqlite:
                conn.exec_driver_sql(_SEEN, [(now, t, s) for t, s in seats])
            else:
                tables, numbers = zip(*seats, strict=True)
                conn.exec_driver_sql(_SEEN_ARRAYS, (now, list(tables), list(numbers)))

    def claim(self, table_id: str, seat: int, now: float) -> bool:
        """The player is here: claimed, seen, and his seat is his again. True if a bot had it."""
        with self.begin() as conn:
            had_bot = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.bot_active == True,  # noqa: E712
                )
                # back from a bot: the time-outs that let the others hand it over start anew
                .values(bot_active=False, timeouts=0)
            ).rowcount
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(claimed=True, seen_at=now)
            )
        return bool(had_bot)

    def take_over(self, table_id: str, seat: int, last_seen_before: float) -> bool:
        """A bot takes an absent player's seat (only if he is still absent)."""
        with self.begin() as conn:
            return bool(
                conn.execute(
                    update(seats_t)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.seat == seat,
                        seats_t.c.kind == "human",
                        seats_t.c.bot_active == False,  # noqa: E712
                        seats_t.c.seen_at < last_seen_before,
                    )
                    .values(bot_active=True)
                ).rowcount
            )


def _sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None: a database in memory)."""
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    return None if not database or database == ":memory:" else database


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # a commit reaches the write-ahead log, not the disk: a killed process loses nothing,
    # a power cut may lose the last commits, never the database's consistency
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
