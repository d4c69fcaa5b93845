"""What lets one process hold many tables: bots thinking in worker processes, spectators
capped and served messages built once, the batched presence heartbeat, and the load test
itself (its figures live in docs/server.md, never in assertions here)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from coltexpress.server import hub as hub_module
from coltexpress.server import render
from coltexpress.server.bots import BotPool, bot_seed, decide
from coltexpress.server.kinds import table_game
from coltexpress.server.storage import SeatRow, Store, TableRow

from .client import Client, Server, follow, moments

SPEC = "heuristic"


def _game_midway(seed: int) -> Any:
    kind = table_game("colt-express")
    game = kind.new(kind.options("standard", {"players": 4}).to_dict(), seed)
    rng = random.Random(seed)
    for _ in range(10):
        game.apply(rng.choice([str(a) for a in game.legal_actions()]))
    return game


async def test_bot_pool_decides_in_a_worker_as_the_agent_would_here() -> None:
    pool = BotPool(1)
    try:
        for seed in range(3):
            game = _game_midway(seed)
            agent_seed = bot_seed(seed, game.current_seat, 10)
            here = decide(SPEC, agent_seed, game.clone())
            assert await pool.act(SPEC, agent_seed, game.clone()) == here
            assert here in game.legal_ids()
        # what the agent raises in the worker reaches the caller (the hub falls back)
        over = _game_midway(4)
        while not over.is_over:
            over.apply(over.legal_actions()[0])
        with pytest.raises(ValueError, match="over"):
            await pool.act(SPEC, 1, over)
    finally:
        await pool.close()


def test_a_bot_decision_is_seeded_by_table_seat_and_version() -> None:
    assert bot_seed(7, 1, 3) == bot_seed(7, 1, 3)
    assert len({bot_seed(7, 1, 3), bot_seed(7, 2, 3), bot_seed(7, 1, 4), bot_seed(8, 1, 3)}) == 4


async def _play_out(server: Server, body: dict[str, Any], seed: int) -> list[Client]:
    created = server.create(**body, seed=seed)
    humans = [await server.connect(created.table, t, s) for s, t in created.tokens.items()]
    spectator = await server.connect(created.table)
    for client in [*humans, spectator]:
        await client.expect("welcome")
    await asyncio.to_thread(server.start, created)
    rng = random.Random(seed)

    async def watch() -> None:
        while spectator.status != "over":
            await spectator.recv()

    await asyncio.wait_for(asyncio.gather(*(h.play(rng) for h in humans), watch()), 90)
    return [*humans, spectator]


async def test_a_failing_bot_falls_back_to_a_random_legal_move(
    server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: BotPool, spec: str, seed: int, game: Any) -> int:
        raise RuntimeError("the bot is broken")

    monkeypatch.setattr(BotPool, "act", broken)
    with caplog.at_level(logging.ERROR, logger="coltexpress.server.hub"):
        clients = await _play_out(
            server, {"players": 3, "preset": "standard", "bots": {"1": "easy", "2": "hard"}}, 5
        )
    assert clients[-1].status == "over"
    failures = [r for r in caplog.records if "a random legal move instead" in r.getMessage()]
    assert len(failures) > 10


async def _spectators(server: Server, table: str, count: int) -> list[Client]:
    watchers = [await server.connect(table) for _ in range(count)]
    for watcher in watchers:
        await watcher.expect("welcome")
    return watchers


async def test_spectators_over_the_cap_are_closed_with_4403(make_server: Any) -> None:
    server: Server = make_server(spectators=2)
    created = server.create(players=3, bots={"1": "easy", "2": "easy"})
    first, second = await _spectators(server, created.table, 2)
    extra = await server.connect(created.table)
    with pytest.raises(ConnectionClosed) as closed:
        await extra.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert "2 spectators" in closed.value.rcvd.reason
    player = await server.connect(created.table, created.tokens[0], 0)  # seats are not capped
    assert (await player.expect("welcome"))["seat"] == 0
    await first.close()  # a spectator who leaves frees a place
    await asyncio.sleep(0.2)
    (again,) = await _spectators(server, created.table, 1)
    assert again.version == 0 and second.version == 0


async def test_spectators_of_one_version_share_messages_built_once(
    make_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    server: Server = make_server(render_workers=0)  # built in this process: counted here
    builds: Counter[tuple[str, int | None]] = Counter()
    welcome, update_fields = hub_module.LiveTable.welcome, render.update_fields

    def counted_welcome(self: Any, seat: int | None, *args: Any, **kwargs: Any) -> Any:
        builds["welcome", seat] += 1
        return welcome(self, seat, *args, **kwargs)

    def counted_update(kind: Any, game: Any, seat: int | None, *args: Any) -> Any:
        builds["update", seat] += 1
        return update_fields(kind, game, seat, *args)

    monkeypatch.setattr(hub_module.LiveTable, "welcome", counted_welcome)
    monkeypatch.setattr(render, "update_fields", counted_update)
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=3)
    me = await server.connect(created.table, created.tokens[0], 0)
    await me.expect("welcome")
    watchers = await _spectators(server, created.table, 5)
    assert builds["welcome", None] == 1  # five spectators, one version: one welcome
    assert len({w.raw[-1] for w in watchers}) == 1
    await asyncio.to_thread(server.start, created)
    await me.until(lambda m: m["type"] == "update" and m["status"] == "playing")
    for watcher in watchers:
        await watcher.until(lambda m: m["type"] == "update")
    builds.clear()
    rng = random.Random(3)
    await asyncio.wait_for(me.play(rng, stop_after=me.version + 1), 30)
    version = me.version
    for watcher in watchers:
        await watcher.until(lambda m, v=version: m.get("version") == v)
    assert builds["update", None] == builds["update", 0] >= 1  # once each per change
    texts = {w.raw[-1] for w in watchers}
    assert len(texts) == 1 and json.loads(texts.pop())["version"] == version


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_one_statement_marks_every_connected_seat_seen(
    db: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("fresh_pg") if db == "postgresql" else f"sqlite:///{tmp_path}/s.db"
    store = Store(url)
    try:
        store.migrate()
        for table in ("a", "b"):
            seats = [SeatRow(s, "human", None, f"{table}{s}", True, None, False) for s in range(3)]
            store.create_table(TableRow(table, 0.0, "standard", 3, {}, 1, "playing", 0, "h", seats))
        store.seen_many([("a", 0), ("a", 2), ("b", 1)], 99.0)
        seen = {
            (t, s.seat): s.seen_at
            for t in ("a", "b")
            for s in store.get_table(t).seats  # type: ignore[union-attr]
        }
        assert seen == {
            ("a", 0): 99.0, ("a", 1): None, ("a", 2): 99.0,
            ("b", 0): None, ("b", 1): 99.0, ("b", 2): None,
        }
        store.seen_many([], 100.0)  # nobody here: nothing to do
    finally:
        store.close()


def test_loadtest_smoke_reports_its_figures_and_no_errors() -> None:
    command = [sys.executable, "-c", "from coltexpress.cli import main; main()", "loadtest",
               "--tables", "3", "--pace", "0.2", "--seconds", "5", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    for key in ("moves_per_second", "latency_p50_ms", "latency_p99_ms", "errors", "tables",
                "players", "seconds", "samples", "db"):
        assert key in report
    assert report["errors"] == 0, report
    assert report["tables"] == 3 and report["db"] == "sqlite"
    assert report["start"] == "spread" and report["warmup_moves"] > 0
    assert report["samples"] > 0 and report["moves_per_second"] > 0
    # the server's CPU over the measure, per move (Linux: read from /proc)
    moves = report["moves_per_second"] * report["seconds"]
    assert report["server_cpu_ms_per_move"] == pytest.approx(
        report["server_cpu"] * report["seconds"] * 1000 / moves, rel=0.2)
    assert report["server_cpu_ms_per_move"] > 0
    # split between the event loop's process and its workers (the render worker builds)
    # (the render worker builds the tables the event loop has no time for: here, maybe none)
    assert report["loop_cpu_ms_per_move"] > 0 and report["workers_cpu_ms_per_move"] >= 0
    assert report["loop_cpu_ms_per_move"] + report["workers_cpu_ms_per_move"] == pytest.approx(
        report["server_cpu_ms_per_move"], abs=0.05)
    assert report["updates"] == "patches"
    windows = report["latency_windows"]  # the measure by 10-second windows: 0-10 s, 10-20 s
    assert [w["from_s"] for w in windows][:1] == [0.0]
    assert sum(w["samples"] for w in windows) == report["samples"]
    assert max(w["max_ms"] for w in windows) == report["latency_max_ms"]


def _table(players: int, seed: int) -> tuple[dict[str, Any], Any, random.Random]:
    """A standard Colt Express table's options, its game dealt from ``seed``, and the
    random moves' source."""
    options = table_game("colt-express").options("standard", {"players": players}).to_dict()
    return options, table_game("colt-express").new(options, seed), random.Random(seed)


def _move(
    game: Any, rng: random.Random, options: dict[str, Any], seed: int, version: int
) -> tuple[str, render.Record, dict[str, Any]]:
    """A random legal move of a ``_table`` game at ``version``, the table's record before
    it and the header of its update."""
    action = rng.choice([str(a) for a in game.legal_actions()])
    record = ("colt-express", options, seed, list(game.record()["actions"]))
    return action, record, {"type": "update", "version": version + 1}


async def test_a_render_worker_that_hangs_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that stops answering (stopped by a signal) is killed once a job has waited
    ``RENDER_TIMEOUT``: that move's updates are built in the server process, the same as a
    worker's, and the next move's by a new worker."""
    import signal

    monkeypatch.setattr(render, "RENDER_TIMEOUT", 1.0)
    options, game, rng = _table(3, 5)
    workers, here = render.RenderPool(1), render.RenderPool(0)
    seats: set[int | None] = {None, 0, 1, 2}
    stopped = None
    try:
        for version in range(6):
            action, record, header = _move(game, rng, options, 5, version)
            hung = None
            if version == 3:
                hung = stopped = workers.workers[0]
                assert hung is not None
                os.kill(hung.process.pid, signal.SIGSTOP)
            texts = [
                await pool.updates("t", version, action, seats, header, lambda r=record: r)
                for pool in (workers, here)
            ]
            assert texts[0] == texts[1]
            if hung is not None:
                await asyncio.to_thread(hung.process.join, 10)
                assert hung.hung and hung.process.exitcode == -signal.SIGKILL
                assert workers.workers[0] is None  # a new worker next time
            game.apply(action)
        assert stopped is not None and workers.workers[0] not in (None, stopped)
    finally:
        await workers.close()
        await here.close()


def test_the_tables_built_here_follow_how_busy_the_event_loop_is() -> None:
    """``RenderPool.balance``: the tables start in the workers; while the event loop's CPU
    time stays under ``BUSY[0]`` of a core a step more of them is built in its process at
    each look, over ``BUSY[1]`` a step fewer, in between none; a look after a move only
    starts the next measure; a pool without workers builds everything here."""
    pool = render.RenderPool(1)
    every = render.BALANCE_EVERY
    clock = cpu = 0.0

    def look(busy: float, seconds: float = every) -> float:
        nonlocal clock, cpu
        clock += seconds
        cpu += busy * seconds
        pool.balance(clock, cpu)
        return pool.here

    assert pool.here == 0.0
    pool.balance(clock, cpu)  # the first look starts the measure
    assert look(0.2) == render.STEP  # idle: a step of the tables comes here
    assert look(0.2) == render.STEP  # the look after a move measures afresh
    assert look(0.2, every / 2) == render.STEP  # too soon for another look
    assert look(0.2, every / 2) == 2 * render.STEP
    look(0.2)
    assert look(0.6) == 2 * render.STEP  # between the two: stays
    assert look(0.9) == render.STEP  # busy: a step goes back to the workers
    look(0.9)
    assert look(0.9) == 0.0
    look(0.9)
    assert look(0.9) == 0.0  # never fewer than none
    for _ in range(40):
        look(0.1)
    assert pool.here == 1.0  # never more than all
    here = render.RenderPool(0)
    here.balance(0.0, 0.0)
    here.balance(10.0, 10.0)
    assert here.here == 1.0
    shares = {"here": 0, "worker": 0}
    pool.here = 0.5
    for n in range(2000):
        shares["here" if pool._route(f"table{n}") is None else "worker"] += 1
    assert 800 < shares["here"] < 1200  # half of the tables, by their ids


def test_the_balance_moves_as_many_tables_as_the_jobs_measured_say_fit() -> None:
    """``RenderPool.balance`` with the jobs measured since the last look (at least
    ``MEASURED_JOBS`` built here): as many of the workers' tables come here as bring the
    event loop halfway between ``BUSY[0]`` and ``BUSY[1]`` of a core by what a job built
    here cost, and as many go back when it is over ``BUSY[1]``; never less than a
    ``STEP``; with too few built here since, by the cost last measured, and a ``STEP``
    when none was."""
    pool = render.RenderPool(1)
    every = 5.0  # seconds between two looks here
    assert every >= render.BALANCE_EVERY
    goal = sum(render.BUSY) / 2
    clock = cpu = 0.0

    def look(busy: float, spent: float, here: int, away: int) -> float:
        nonlocal clock, cpu
        pool.spent, pool.jobs_here, pool.jobs_away = spent, here, away
        clock += every
        cpu += busy * every
        pool.balance(clock, cpu)
        return pool.here

    pool.here = 0.25
    pool.balance(clock, cpu)  # the first look starts the measure
    # 0.2 of a core; the workers' jobs would cost the loop 1.6 of a core (1 ms each, 8,000
    # in 5 s) for the three quarters of the tables they build: 0.4 / 1.6 of them fits
    grain = 1 / render.SHARES  # the share moved is rounded down to a part of the tables
    assert look(0.2, 0.5, 500, 8000) == pytest.approx(0.25 + 0.75 * (goal - 0.2) / 1.6,
                                                      abs=grain)
    moved = pool.here
    assert look(0.2, 0.5, 500, 8000) == moved  # the look after a move measures afresh
    pool.here = 0.5
    assert look(0.6, 0.5, 500, 500) == 0.5  # in between: stays
    # 0.9 of a core, of which the jobs built here (2,000 of 1 ms) took 0.4: three quarters
    # of this process's tables go back
    assert look(0.9, 2.0, 2000, 0) == pytest.approx(0.5 - 0.5 * (0.9 - goal) / 0.4,
                                                    abs=grain)
    look(0.1, 0.0, 0, 0)
    # too few jobs built here since the last look: the cost last measured (1 ms) tells
    pool.here = 0.125
    assert look(0.2, 0.0, render.MEASURED_JOBS - 1, 8000) == pytest.approx(
        0.125 + 0.875 * (goal - 0.2) / 1.6, abs=grain)
    look(0.1, 0.0, 0, 0)
    fresh = render.RenderPool(1)  # never measured: a step
    fresh.balance(0.0, 0.0)
    fresh.spent, fresh.jobs_here, fresh.jobs_away = 0.01, render.MEASURED_JOBS - 1, 8000
    fresh.balance(every, 0.2 * every)
    assert fresh.here == render.STEP
    pool.here = 0.125
    assert look(0.9, 0.01, render.MEASURED_JOBS - 1, 0) == 0.0  # at least a step
    look(0.1, 0.0, 0, 0)
    # a little over the limit, the jobs built here most of the loop's time (0.7 of a
    # core): a tenth of the tables would do, a step goes
    pool.here = 0.5
    assert look(0.75, 3.5, 20_000, 10) == 0.5 - render.STEP
    look(0.1, 0.0, 0, 0)
    assert look(0.1, 0.5, 500, 10_000_000) == 0.375 + render.STEP  # at least a step in


async def test_a_table_coming_to_this_process_takes_the_servers_game_not_its_record() -> None:
    """``RenderPool.updates`` given the server's own game (``snapshot``: the table's
    game, the game at the job's version, the game as its round was dealt): a table whose
    updates come to this process (a new one, or one moved back from a worker) starts from
    that game, which nothing changes, without replaying its record; its updates are those
    of a copy rebuilt from the record. A worker still needs the record."""
    options, game, rng = _table(4, 17)
    kind = table_game("colt-express")
    moving, still = render.RenderPool(1), render.RenderPool(0)
    seats: set[int | None] = {None, 0, 1, 2, 3}
    asked: list[int] = []
    start = game.clone()
    rounds = game.round_no
    try:
        for version in range(56):
            moving.here = 0.0 if (version // 7) % 2 else 1.0  # moves every 7 moves
            action, record, header = _move(game, rng, options, 17, version)

            def ask(r: render.Record = record, v: int = version) -> render.Record:
                asked.append(v)
                return r

            whole = await still.updates("t", version, action, seats, header, lambda r=record: r)
            texts = await moving.updates("t", version, action, seats, header, ask, set(),
                                         (kind, game, start))
            assert texts == whole, version
            after = game.clone()
            after.apply(action)
            if after.round_no != game.round_no:
                start = after.clone()
            game = after
        assert asked == [7, 21, 35, 49]  # only when the table went to the worker
        assert game.round_no > rounds  # rounds ended among the moves
    finally:
        await moving.close()
        await still.close()


async def test_a_move_the_server_applied_is_not_applied_again_for_its_updates() -> None:
    """``RenderPool.updates`` given the server's applied move (``applied``: the game after
    it, and its frames, the last holding that game): a table built in this process takes
    that game as its copy's, without applying the move again, and its updates are those
    of a copy that applied it; a table built by a worker leaves it (the worker applies the
    move to its own copy)."""
    options, game, rng = _table(4, 23)
    kind = table_game("colt-express")
    pool, still = render.RenderPool(1), render.RenderPool(0)
    seats: set[int | None] = {None, 0, 1, 2, 3}
    start = game.clone()
    taken = 0
    try:
        for version in range(40):
            pool.here = 0.0 if (version // 10) % 2 else 1.0
            action, record, header = _move(game, rng, options, 23, version)
            after = game.clone()
            here = pool.builds_here("t")
            applied = (after, after.apply_frames(action, own=True)) if here else None
            whole = await still.updates("t", version, action, seats, header, lambda r=record: r)
            texts = await pool.updates("t", version, action, seats, header,
                                       lambda r=record: r, set(), (kind, game, start), applied)
            assert texts == whole, version
            if here:
                assert pool.local.copies["t"].game is after  # the server's own game
                taken += 1
            else:
                after.apply(action)
            if after.round_no != game.round_no:
                start = after.clone()
            game = after
        assert taken == 20
    finally:
        await pool.close()
        await still.close()


async def test_a_table_moved_between_a_worker_and_this_process_shows_the_same() -> None:
    """A table whose updates move from a worker to this process and back (``balance``)
    is rebuilt where it goes: every seat's whole updates are those of a table that never
    moved, and a viewer of patches, given the first update after each move whole, sees
    at every moment what the viewer of whole updates sees."""
    options, game, rng = _table(3, 21)
    moving, still = render.RenderPool(1), render.RenderPool(0)
    seats: set[int | None] = {None, 0, 1, 2}
    shown: dict[int | None, dict[str, Any]] = {}
    places = []
    wholes = 0
    try:
        for version in range(60):
            moving.here = 1.0 if (version // 7) % 2 else 0.0  # moves every 7 moves
            action, record, header = _move(game, rng, options, 21, version)
            whole = await still.updates("t", version, action, seats, header, lambda r=record: r)
            both = await moving.updates("t", version, action, {0}, header, lambda r=record: r,
                                        seats)
            places.append(moving.known["t"][0])
            assert both[0, False] == whole[0, False]
            for seat in seats:
                message, patch = json.loads(whole[seat, False]), json.loads(both[seat, True])
                wholes += "change" not in patch
                seen = moments(follow(shown.get(seat), patch))
                shown[seat] = seen[-1]
                assert seen == moments(message), (version, seat)
            game.apply(action)
        assert places[:7] == [0] * 7 and places[7:14] == [None] * 7 and places[14] == 0
        assert wholes == len(seats) * (1 + 8)  # its first move, and the first after each of 8
    finally:
        await moving.close()
        await still.close()


async def test_render_workers_build_what_this_process_would() -> None:
    """A move's updates from a worker's copy of the table equal those built here, whether
    the copy follows move by move or is rebuilt from the record (a new worker, a table it
    dropped), and a worker that dies is replaced."""
    options, game, rng = _table(4, 11)
    workers, here = render.RenderPool(1), render.RenderPool(0)
    seats: set[int | None] = {None, 0, 1, 2, 3}
    try:
        for version in range(40):
            action, record, header = _move(game, rng, options, 11, version)
            if version == 25:
                workers.forget("t")  # the worker drops its copy: rebuilt from the record
            if version == 32:  # the worker dies: built here this once, then by a new one
                worker = workers.workers[0]
                assert worker is not None
                worker.process.kill()
                await asyncio.to_thread(worker.process.join, 10)
            texts = [
                await pool.updates("t", version, action, seats, header, lambda r=record: r)
                for pool in (workers, here)
            ]
            assert texts[0] == texts[1] and set(texts[0]) == {(s, False) for s in seats}
            game.apply(action)
    finally:
        await workers.close()
        await here.close()
