"""Reconnecting resumes the seat; an absent player's seat goes to a bot and comes back."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from sqlalchemy import select

from coltexpress import Game, Options
from coltexpress.engine import names
from coltexpress.server.storage import Store, moves_t
from coltexpress.words import base

from .client import Server


def _bot_labels(tmp_path: Path, table: str, seat: int) -> list[str]:
    """The labels of the moves stored as made by a bot for ``seat``, each from the view
    ``seat`` had when it was made."""
    store = Store(f"sqlite:///{tmp_path / 'colt.db'}")
    try:
        row = store.get_table(table)
        assert row is not None
        with store.engine.connect() as conn:
            moves = conn.execute(
                select(moves_t.c.action, moves_t.c.seat, moves_t.c.by_bot)
                .where(moves_t.c.table_id == table)
                .order_by(moves_t.c.idx)
            ).all()
    finally:
        store.close()
    game = Game.new(Options.from_dict(row.options), seed=row.seed)
    labels = []
    for action, who, by_bot in moves:
        if who == seat and by_bot:
            labels.append(base.label(action, game.view(seat)))
        game.apply(action)
    return labels


async def test_reload_resumes_the_seat_with_the_full_view(server: Server) -> None:
    created = server.create(players=3, bots={"1": "easy", "2": "easy"}, seed=21)
    me = await server.connect(created.table, created.tokens[0], 0)
    await me.expect("welcome")
    await asyncio.to_thread(server.start, created)
    rng = random.Random(1)
    await asyncio.wait_for(me.play(rng, stop_after=8), 30)
    before = me.version
    await me.close()
    again = await server.connect(created.table, created.tokens[0], 0)
    welcome = await again.expect("welcome")
    assert welcome["seat"] == 0 and welcome["version"] >= before
    assert "hand" in welcome["view"] and welcome["log"]
    # a client that missed messages asks for the state again
    await again.send({"type": "sync", "version": 0})
    synced = await again.expect("welcome")
    assert synced["version"] >= welcome["version"]
    await asyncio.wait_for(again.play(rng), 60)
    assert again.status == "over"
    await again.close()


async def test_absent_player_is_replaced_by_a_bot_and_takes_the_seat_back(
    make_server: Any, tmp_path: Path
) -> None:
    server: Server = make_server(grace=0.3)
    created = server.create(players=3, bots={"2": "easy"}, seed=33, names={"0": "Anna"})
    gone = await server.connect(created.table, created.tokens[0], 0)
    stays = await server.connect(created.table, created.tokens[1], 1)
    first = await gone.expect("welcome")
    await stays.expect("welcome")
    assert "away" not in first
    await asyncio.to_thread(server.start, created)
    await gone.close()
    # seat 0 is absent: after the grace period a bot plays it, and everybody is told, with
    # the bandit's name (never a seat number)
    bandit = names.bandit(stays.view["players"][0]["bandits"][0])
    taken = await stays.until(lambda m: m["type"] == "seat")
    assert taken == {
        "type": "seat",
        "seat": 0,
        "state": "bot",
        "text": f"{bandit} is now played by a bot.",
    }
    rng = random.Random(2)
    await asyncio.wait_for(stays.play(rng, stop_after=stays.version + 12), 30)
    back = await server.connect(created.table, created.tokens[0], 0)
    welcome = await back.expect("welcome")
    assert welcome["seats"][0]["state"] == "human"
    assert welcome["seats"][0]["name"] == "Anna"
    # what the bot did meanwhile, as the labels of its moves from seat 0's view
    assert welcome["away"]["bandits"] == bandit
    assert welcome["away"]["moves"] == _bot_labels(tmp_path, created.table, 0)
    assert welcome["away"]["moves"]
    returned = await stays.until(lambda m: m["type"] == "seat")
    assert returned["state"] == "human" and "seat 0" not in returned["text"]
    assert returned["text"] == f"Anna is back and plays {bandit} again."
    # the two play the game out; the bot no longer moves for seat 0
    await asyncio.wait_for(asyncio.gather(back.play(rng), stays.play(rng)), 60)
    assert back.status == stays.status == "over"
    record = (await asyncio.to_thread(server.record, created.table)).json()
    assert len(record["actions"]) == back.version
    await back.close()
    await stays.close()


async def test_unclaimed_seats_are_played_by_bots_after_start(server: Server) -> None:
    created = server.create(players=3, seed=5)
    spectator = await server.connect(created.table)
    await spectator.expect("welcome")
    await asyncio.to_thread(server.start, created)

    async def watch() -> None:
        while spectator.status != "over":
            await spectator.recv()

    await asyncio.wait_for(watch(), 60)
    lobby = server.lobby()
    assert lobby[created.table]["status"] == "over"
    assert lobby[created.table]["seats_claimed"] == 0
    await spectator.close()
