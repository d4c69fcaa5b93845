"""Storage: racing moves (SQLite, PostgreSQL), kill -9 and restart, two processes."""

from __future__ import annotations

import asyncio
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from coltexpress.server.storage import MoveConflict, SeatRow, Store, TableRow

from .client import Server
from .procs import ServeProcess


def _table(store: Store, table_id: str) -> None:
    store.create_table(
        TableRow(
            id=table_id,
            created=time.time(),
            preset="standard",
            players=3,
            options={"players": 3},
            seed=1,
            status="playing",
            version=0,
            host_hash="0" * 64,
            seats=[SeatRow(s, "bot", "easy", None, True, None, False) for s in range(3)],
        )
    )


def _race(store: Store, table_id: str, version: int, actions: list[str]) -> list[str]:
    """Submit the same version from several threads at once; returns who won."""
    barrier = threading.Barrier(len(actions))
    won: list[str] = []

    def submit(action: str) -> None:
        barrier.wait()
        try:
            store.append_move(table_id, version, action, 0, by_bot=False, over=False)
            won.append(action)
        except MoveConflict:
            pass

    threads = [threading.Thread(target=submit, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return won


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'race.db'}"
    else:
        url = request.getfixturevalue("fresh_pg")
    s = Store(url)
    s.migrate()
    yield s
    s.close()


def test_racing_moves_exactly_one_is_stored(store: Store) -> None:
    _table(store, "race")
    winners = []
    for version in range(10):
        won = _race(store, "race", version, [f"a{version}", f"b{version}", f"c{version}"])
        assert len(won) == 1
        winners += won
    assert store.moves("race") == winners
    row = store.get_table("race")
    assert row is not None and row.version == 10


async def test_racing_moves_on_the_event_loops_connections_exactly_one_is_stored(
    fresh_pg: str,
) -> None:
    """PostgreSQL: the server stores moves on connections of its event loop
    (``append_move_async``); racing there, exactly one of each version is stored too, the
    others get MoveConflict, and a stale version is refused."""
    store = Store(fresh_pg)
    store.migrate()
    await store.open_moves()
    try:
        _table(store, "race")
        winners = []
        for version in range(10):
            actions = [f"a{version}", f"b{version}", f"c{version}"]
            results = await asyncio.gather(
                *(store.append_move_async("race", version, a, 0, by_bot=False, over=False)
                  for a in actions),
                return_exceptions=True,
            )
            won = [a for a, r in zip(actions, results, strict=True) if r is None]
            assert len(won) == 1
            assert all(isinstance(r, MoveConflict) for r in results if r is not None)
            winners += won
        with pytest.raises(MoveConflict):
            await store.append_move_async("race", 3, "late", 0, by_bot=False, over=False)
        assert store.moves("race") == winners
        row = store.get_table("race")
        assert row is not None and row.version == 10
    finally:
        await store.close_moves()
        store.close()


def test_sqlite_moves_stored_at_once_unless_the_database_is_busy(tmp_path: Path) -> None:
    """SQLite: the event loop stores a move itself (``append_move_now``) when nothing else
    writes; a stale version gets MoveConflict and stores nothing; while a store thread of
    the process holds the write lock, or another process writes the file, it does nothing
    and says so (the move then goes to a thread, ``append_move``); racing with threads,
    exactly one of each version is stored; and its write-ahead log is checkpointed in a
    thread every ``CHECKPOINT_MOVES`` moves, not by its commits."""
    import sqlite3

    from coltexpress.server import storage

    path = tmp_path / "now.db"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    try:
        _table(store, "t")
        store.checkpoint()  # the schema and the table in the file itself
        assert store.append_move_now("t", 0, "a0", 0, by_bot=False, over=False)
        with pytest.raises(MoveConflict):
            store.append_move_now("t", 0, "late", 0, by_bot=False, over=False)
        with store.writing:  # a store thread of this process writes
            assert not store.append_move_now("t", 1, "b1", 0, by_bot=False, over=False)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process writes
        assert not store.append_move_now("t", 1, "b1", 0, by_bot=False, over=False)
        other.execute("ROLLBACK")
        other.close()
        assert store.moves("t") == ["a0"]
        winners = ["a0"]
        for version in range(1, 8):
            barrier = threading.Barrier(2)
            outcome: list[str] = []

            def now(version: int = version, barrier: threading.Barrier = barrier,
                    outcome: list[str] = outcome) -> None:
                barrier.wait()
                try:
                    if store.append_move_now("t", version, f"n{version}", 0, by_bot=False,
                                             over=False):
                        outcome.append(f"n{version}")
                except MoveConflict:
                    pass

            thread = threading.Thread(target=now)
            thread.start()
            won = _race_one(store, barrier, version)
            thread.join()
            assert len(outcome + won) == 1
            winners += outcome + won
        assert store.moves("t") == winners
        due = [store.checkpoint_due()]
        for version in range(8, 8 + storage.CHECKPOINT_MOVES):
            assert store.append_move_now("t", version, "x", 0, by_bot=False, over=False)
            due.append(store.checkpoint_due())
        assert due.count(True) == 1 and not store.checkpoint_due()

        def in_the_file() -> int:
            """The moves in the database file itself (without its log)."""
            copy = tmp_path / "copy.db"
            shutil.copyfile(path, copy)
            conn = sqlite3.connect(copy)
            (count,) = conn.execute("SELECT count(*) FROM colt_moves").fetchone()
            conn.close()
            for stale in tmp_path.glob("copy.db*"):
                stale.unlink()
            return int(count)

        assert in_the_file() <= 8  # the loop's commits left their moves in the log
        store.checkpoint()
        assert in_the_file() == 8 + storage.CHECKPOINT_MOVES
        row = store.get_table("t")
        assert row is not None and row.version == 8 + storage.CHECKPOINT_MOVES
    finally:
        store.close()


def _race_one(store: Store, barrier: threading.Barrier, version: int) -> list[str]:
    barrier.wait()
    try:
        store.append_move("t", version, f"t{version}", 0, by_bot=False, over=False)
    except MoveConflict:
        return []
    return [f"t{version}"]


async def test_racing_moves_over_websockets(server: Server) -> None:
    """Two connections of the same seat submit the same version at once: one is acked."""
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=77)
    one = await server.connect(created.table, created.tokens[0], 0)
    await one.expect("welcome")  # the seat claimed: the second socket uses its secret
    two = await server.connect(created.table, created.tokens[0], 0)
    await two.expect("welcome")
    await asyncio.to_thread(server.start, created)
    while not one.my_turn():
        await one.recv()
    while two.version != one.version:
        await two.recv()
    version, legal = one.version, one.view["legal"]
    await asyncio.gather(
        one.send({"type": "act", "action": legal[0], "version": version, "id": "one"}),
        two.send({"type": "act", "action": legal[-1], "version": version, "id": "two"}),
    )
    answers = [await c.until(lambda m: m["type"] in ("ack", "error")) for c in (one, two)]
    kinds = sorted(a["type"] for a in answers)
    assert kinds == ["ack", "error"]
    assert next(a for a in answers if a["type"] == "error")["code"] == "stale"
    await one.close()
    await two.close()


async def test_kill_9_mid_game_then_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'colt.db'}"
    proc = ServeProcess("--db", db, "--bot-delay", "0", log=tmp_path / "serve.log")
    server = proc.start()
    try:
        created = server.create(players=3, bots={"2": "easy"}, seed=2**62 + 9)
        a = await server.connect(created.table, created.tokens[0], 0)
        b = await server.connect(created.table, created.tokens[1], 1)
        await a.expect("welcome")
        await b.expect("welcome")
        await asyncio.to_thread(server.start, created)
        rng = random.Random(3)
        await asyncio.wait_for(
            asyncio.gather(a.play(rng, stop_after=20), b.play(rng, stop_after=20)), 30
        )
        seen = max(a.version, b.version)
        assert f"http://127.0.0.1:{proc.port}" in (tmp_path / "serve.log").read_text()
        await asyncio.to_thread(proc.kill9)
        proc = ServeProcess("--db", db, "--bot-delay", "0", log=tmp_path / "serve.log")
        server = proc.start()
        a = await server.connect(created.table, created.tokens[0], 0)
        b = await server.connect(created.table, created.tokens[1], 1)
        wa, wb = await a.expect("welcome"), await b.expect("welcome")
        # every acknowledged move survived; the table goes on from where it was
        assert wa["version"] >= seen and wb["version"] == wa["version"]
        assert wa["status"] == "playing" and wa["log"]
        await asyncio.wait_for(asyncio.gather(a.play(rng), b.play(rng)), 60)
        record = (await asyncio.to_thread(server.record, created.table)).json()
        assert len(record["actions"]) == a.version == b.version
        await a.close()
        await b.close()
    finally:
        proc.stop()


async def test_two_processes_share_tables_through_redis(
    tmp_path: Path, fresh_pg: str, redis_url: str
) -> None:
    args = ("--db", fresh_pg, "--redis", redis_url, "--bot-delay", "0")
    first = ServeProcess(*args, log=tmp_path / "a.log")
    second = ServeProcess(*args, log=tmp_path / "b.log")
    server_a, server_b = first.start(), second.start()
    try:
        created = server_a.create(players=3, bots={"2": "easy"}, seed=2**62 + 17)
        a = await server_a.connect(created.table, created.tokens[0], 0)
        b = await server_b.connect(created.table, created.tokens[1], 1)
        watcher = await server_b.connect(created.table)
        for c in (a, b, watcher):
            await c.expect("welcome")
        await asyncio.to_thread(server_a.start, created)
        # a move made through process A reaches viewers connected to process B
        while not a.my_turn():
            await a.recv()
        version = a.version
        await a.send({"type": "act", "action": a.view["legal"][0], "version": version, "id": 1})
        await a.expect("ack")
        update = await watcher.until(
            lambda m: m["type"] == "update" and m["version"] == version + 1
        )
        assert "hand" not in update["view"]
        rng = random.Random(4)

        async def watch() -> None:
            while watcher.status != "over":
                await watcher.recv()

        await asyncio.wait_for(asyncio.gather(a.play(rng), b.play(rng), watch()), 60)
        assert a.version == b.version == watcher.version
        assert a.view["decision"] == "over"
        record = (await asyncio.to_thread(server_b.record, created.table)).json()
        assert len(record["actions"]) == a.version
        for c in (a, b, watcher):
            await c.close()
    finally:
        first.stop()
        second.stop()
