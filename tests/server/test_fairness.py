"""Fair online play: the seed of a table with several players stays the server's secret
until the game is over; a turn clock keeps a connected player who never moves from stalling
the table; and the lobby's own limits (creation rate, paging, expiry of abandoned tables)."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event

from coltexpress.server.hub import STEP_GRACE
from coltexpress.server.storage import Store

from .client import Server


def _stored_seed(server_db: str, table: str) -> int:
    store = Store(server_db)
    try:
        row = store.get_table(table)
        assert row is not None
        return row.seed
    finally:
        store.close()


def test_a_chosen_seed_is_refused_when_several_people_play(make_server: Any) -> None:
    server: Server = make_server(chosen_seeds="solo")  # the default of colt serve
    with server.http() as http:
        refused = http.post("/api/tables", json={"players": 3, "bots": {"2": "easy"}, "seed": 7})
        assert refused.status_code == 400
        assert refused.json()["error"] == "seed-not-allowed"
        assert "one player seat" in refused.json()["message"]
        # practice: the creator alone against bots may choose the deal
        solo = http.post(
            "/api/tables", json={"players": 3, "bots": {"1": "easy", "2": "easy"}, "seed": 7}
        )
        assert solo.status_code == 201, solo.text
        assert solo.json()["seed_chosen"] is True
        fair = http.post("/api/tables", json={"players": 3, "bots": {"2": "easy"}})
        assert fair.json()["seed_chosen"] is False
    lobby = server.lobby()
    practice = lobby[solo.json()["table"]]
    assert practice["seed_chosen"] is True
    assert any("chose the deal" in note for note in practice["notes"])
    fair_notes = lobby[fair.json()["table"]]["notes"]  # the standard turn clock, no more
    assert len(fair_notes) == 1 and fair_notes[0].startswith("Turn clock:")


async def test_every_view_of_a_practice_table_says_the_deal_was_chosen(make_server: Any) -> None:
    server: Server = make_server(chosen_seeds="solo")
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=12)
    player = await server.connect(created.table, created.tokens[0], 0)
    spectator = await server.connect(created.table)
    for client in (player, spectator):
        welcome = await client.expect("welcome")
        assert any("chose the deal" in note for note in welcome["notes"])


async def test_the_seed_of_a_table_of_several_players_reaches_nobody_before_the_end(
    make_server: Any, tmp_path: Path
) -> None:
    server: Server = make_server(chosen_seeds="solo")
    created = server.create(players=3, bots={"2": "easy"}, names={"0": "Anna", "1": "Bob"})
    seed = str(_stored_seed(f"sqlite:///{tmp_path / 'colt.db'}", created.table))
    assert len(seed) > 6  # drawn from secrets: 63 bits
    heard = [str(created.raw)]
    a = await server.connect(created.table, created.tokens[0], 0)
    b = await server.connect(created.table, created.tokens[1], 1)
    watcher = await server.connect(created.table)
    await asyncio.to_thread(server.start, created)
    rng = random.Random(5)

    async def watch() -> None:
        while watcher.status != "over":
            await watcher.recv()

    await asyncio.wait_for(asyncio.gather(a.play(rng), b.play(rng), watch()), 300)
    with server.http() as http:
        for path in ("/api/tables?list=live", "/api/games"):
            heard.append(http.get(path).text)
    for text in heard + a.raw + b.raw + watcher.raw:
        assert seed not in text
    # with the record, once the game is over
    record = server.record(created.table)
    assert record.status_code == 200 and record.json()["seed"] == int(seed)


async def test_before_the_end_the_record_is_refused(make_server: Any) -> None:
    server: Server = make_server(chosen_seeds="solo")
    created = server.create(players=3, bots={"2": "easy"})
    await asyncio.to_thread(server.start, created)
    answer = server.record(created.table)
    assert answer.status_code == 409 and answer.json()["error"] == "not-over"


def test_turn_clock_values_are_checked(server: Server) -> None:
    with server.http() as http:
        for clock in (4, 3601, "60", True, -5, 1.5):
            answer = http.post("/api/tables", json={"players": 3, "clock": clock})
            assert answer.status_code == 400, (clock, answer.text)
            assert "clock" in answer.json()["message"]
        for clock, stored in ((None, None), (0, None), (5, 5), (3600, 3600)):
            answer = http.post("/api/tables", json={"players": 3, "clock": clock})
            assert answer.status_code == 201 and answer.json()["clock"] == stored


async def test_turn_clock_plays_for_a_connected_player_who_never_moves(
    server: Server, tmp_path: Path
) -> None:
    created = server.create(
        players=3, bots={"1": "easy", "2": "easy"}, seed=3, clock=5, names={"0": "Anna"}
    )
    assert server.lobby()[created.table]["clock"] == 5
    idle = await server.connect(created.table, created.tokens[0], 0)
    spectator = await server.connect(created.table)
    welcome = await idle.expect("welcome")
    assert any("Turn clock: 5 s a decision" in note for note in welcome["notes"])
    await spectator.expect("welcome")
    await asyncio.to_thread(server.start, created)
    # wait for Anna's first decision, then do nothing
    turn = await idle.until(lambda m: m["type"] == "update" and m["view"]["actor"] == 0)
    assert turn["clock"]["seat"] == 0 and turn["clock"]["seconds"] == 5
    # the steps of the move before are shown first: each adds to the clock
    allowance = 5 + STEP_GRACE * len(turn["steps"])
    assert allowance - 1.0 < turn["clock"]["left"] <= allowance
    started = time.monotonic()
    version = turn["version"]
    told = await spectator.until(lambda m: m["type"] == "clock")
    assert told["seat"] == 0
    assert told["text"].startswith("Anna's time ran out: a bot made this move for ")
    assert time.monotonic() - started >= allowance - 1.0  # not before the clock ran out
    moved = await idle.until(lambda m: m["type"] == "update" and m["version"] > version)
    assert moved["version"] == version + 1
    store = Store(f"sqlite:///{tmp_path / 'colt.db'}")
    try:
        assert store.bot_run(created.table, 0) == [version]  # the bot's move, for seat 0
        row = store.get_table(created.table)
        assert row is not None and not row.seats[0].bot_active  # the seat stays Anna's
    finally:
        store.close()
    # Anna moves herself next time: her move is hers
    again = await idle.until(lambda m: m["type"] == "update" and m["view"]["actor"] == 0)
    await idle.send(
        {"type": "act", "action": again["view"]["legal"][0], "version": again["version"]}
    )
    assert (await idle.expect("ack"))["version"] == again["version"] + 1


async def test_without_a_clock_a_player_may_think_as_long_as_they_like(server: Server) -> None:
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=3)
    idle = await server.connect(created.table, created.tokens[0], 0)
    await idle.expect("welcome")
    await asyncio.to_thread(server.start, created)
    turn = await idle.until(lambda m: m["type"] == "update" and m["view"]["actor"] == 0)
    assert turn["clock"] is None
    await asyncio.sleep(6)
    await idle.send({"type": "sync"})
    assert (await idle.expect("welcome"))["version"] == turn["version"]


def test_table_creation_is_limited_per_address(make_server: Any) -> None:
    server: Server = make_server(create_limit=3)
    with server.http() as http:
        made = [http.post("/api/tables", json={"players": 3}) for _ in range(3)]
        assert all(a.status_code == 201 for a in made)
        refused = http.post("/api/tables", json={"players": 3})
    assert refused.status_code == 429
    assert refused.json()["error"] == "too-many-tables"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert "3 tables a minute" in refused.json()["message"]
    assert len(server.lobby()) == 3


def test_the_lobby_comes_in_pages_newest_first(server: Server) -> None:
    made = [server.create(players=3).table for _ in range(7)]
    seen: list[str] = []
    with server.http() as http:
        page, pages = 1, 0
        while page is not None:
            answer = http.get("/api/tables", params={"page": page, "per_page": 3}).json()
            assert len(answer["tables"]) <= 3
            seen += [t["table"] for t in answer["tables"]]
            page, pages = answer["next_page"], pages + 1
        for bad in ("0", "x", "-1", "99999999"):
            refused = http.get("/api/tables", params={"page": bad})
            assert refused.status_code == 400 and refused.json()["error"] == "bad-request"
        refused = http.get("/api/tables", params={"per_page": "51"})
        assert refused.status_code == 400
        assert http.get("/api/tables", params={"list": "all"}).status_code == 400
    assert pages == 3
    assert seen == made[::-1]


def test_a_lobby_page_is_one_query(tmp_path: Path) -> None:
    from coltexpress.server.storage import SeatRow, TableRow

    store = Store(f"sqlite:///{tmp_path / 'colt.db'}")
    store.migrate()
    now = time.time()
    for i in range(12):
        seats = [SeatRow(s, "human", None, f"h{i}{s}", False, None, False) for s in range(4)]
        store.create_table(
            TableRow(f"t{i:02}", now + i, "standard", 4, {}, i, "open", 0, "x", seats)
        )
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    page = store.lobby_page(over=False, cutoff=now - 60, limit=5, offset=5)
    store.close()
    assert [t.id for t in page] == ["t06", "t05", "t04", "t03", "t02"]
    assert all(len(t.seats) == 4 for t in page)
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 1


async def test_abandoned_tables_expire_but_finished_and_watched_ones_stay(
    make_server: Any,
) -> None:
    server: Server = make_server(expire=1.0, grace=2.0)
    watched = server.create(players=3, seed=2)
    player = await server.connect(watched.table, watched.tokens[0], 0)
    await player.expect("welcome")
    gone = server.create(players=3, seed=1)
    over = server.create(players=3, bots={"0": "easy", "1": "easy", "2": "easy"}, seed=3)
    spectator = await server.connect(over.table)
    await spectator.expect("welcome")
    await asyncio.to_thread(server.start, over)
    while spectator.status != "over":
        await spectator.recv()
    await spectator.close()
    await asyncio.sleep(3.0)  # a sweep every second
    with httpx.Client(base_url=server.base) as http:
        start = http.post(
            f"/api/tables/{gone.table}/start",
            headers={"Authorization": f"Bearer {gone.host_token}"},
        )
    assert start.status_code == 404 and start.json()["error"] == "no-table"
    assert server.record(over.table).status_code == 200
    await player.send({"type": "sync"})
    assert (await player.expect("welcome"))["seat"] == 0
    await player.close()


def test_the_clock_of_a_decision_starts_after_the_steps_before_it() -> None:
    """A move that resolves several cards is played back step by step: the next decision's
    clock gets STEP_GRACE seconds a step on top of its own."""
    from coltexpress import Options
    from coltexpress.server.hub import Hub, Settings
    from coltexpress.server.pubsub import make_bus
    from coltexpress.server.storage import SeatRow, TableRow

    options = Options.preset("standard", players=3)
    seats = [SeatRow(s, "human", None, f"h{s}", True, None, False) for s in range(3)]
    row = TableRow("t0000000", 0.0, "standard", 3, options.to_dict(), 4, "playing", 0, "x",
                   seats, clock=30)
    table = Hub(Settings(), None, make_bus(None)).build(row, [])  # type: ignore[arg-type]
    rng = random.Random(2)
    while True:  # play until a move turns the pile over and resolves cards in steps
        before = table.game
        game = before.clone()
        action = str(rng.choice(list(game.legal_actions())))
        frames = before.clone().apply_frames(action)  # the steps the browser plays back
        now = time.time()
        table.advance(before, game, game.apply(action))  # as the hub does: the events
        left = table.clock_left(now)
        if left is None:
            continue
        assert left == pytest.approx(30 + STEP_GRACE * (len(frames) - 1), abs=0.5)
        if len(frames) > 2:
            break
