"""An idle player cannot stall a table: tables of several people get a turn clock (a
decision's own time and a reserve), the clock's bot moves for a player whose time ran out,
and after two time-outs the other players may hand the seat to a bot until its player
comes back."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from coltexpress.engine import names

from .client import Client, Server


def test_a_table_of_several_people_gets_a_turn_clock_by_default(server: Server) -> None:
    two = server.create(players=3, bots={"2": "easy"})
    assert (two.raw["clock"], two.raw["reserve"]) == (60, 300)
    alone = server.create(players=3, bots={"1": "easy", "2": "easy"})
    assert (alone.raw["clock"], alone.raw["reserve"]) == (None, None)
    off = server.create(players=3, bots={"2": "easy"}, clock=0)  # friends who choose none
    assert (off.raw["clock"], off.raw["reserve"]) == (None, None)
    also_off = server.create(players=3, clock=None)
    assert also_off.raw["clock"] is None
    chosen = server.create(players=3, clock=30)  # a chosen clock has no reserve unless asked
    assert (chosen.raw["clock"], chosen.raw["reserve"]) == (30, None)
    both = server.create(players=3, clock=30, reserve=120)
    assert (both.raw["clock"], both.raw["reserve"]) == (30, 120)
    lobby = server.lobby()
    assert (lobby[two.table]["clock"], lobby[two.table]["reserve"]) == (60, 300)
    assert lobby[two.table]["notes"][0].startswith(
        "Turn clock: 1 min a decision, and 5 min in reserve for each player over the game;"
    )
    assert lobby[alone.table]["notes"] == [] and lobby[off.table]["notes"] == []


async def _bandit(client: Client, seat: int) -> str:
    return names.bandit(client.view["players"][seat]["bandits"][0])


async def test_an_idle_players_seat_is_handed_to_a_bot_after_two_time_outs(
    make_server: Any,
) -> None:
    server: Server = make_server()
    created = server.create(
        players=3, bots={"2": "easy"}, seed=11, names={"0": "Anna", "1": "Ben"},
        clock=5, reserve=1,
    )
    anna = await server.connect(created.table, created.tokens[0], 0)  # here, and idle
    ben = await server.connect(created.table, created.tokens[1], 1)
    spectator = await server.connect(created.table)
    for client in (anna, ben, spectator):
        await client.expect("welcome")
    await asyncio.to_thread(server.start, created)
    await ben.expect("update")
    belle = await _bandit(ben, 0)
    rng = random.Random(5)
    requests = 0

    async def hand(client: Client, seat: int) -> dict[str, Any]:
        nonlocal requests
        requests += 1
        await client.send({"type": "hand", "seat": seat, "id": f"h{requests}"})
        return await client.until(lambda m: m.get("id") == f"h{requests}" or
                                  m["type"] == "handed")

    # nobody may hand a seat whose time has not run out, nor their own, nor a spectator
    refused = await hand(ben, 0)
    assert refused["type"] == "error" and refused["code"] == "cannot-hand"
    assert "run out twice" in refused["message"]
    assert (await hand(ben, 1))["code"] == "cannot-hand"
    assert (await hand(ben, 2))["code"] == "cannot-hand"  # a bot's seat
    assert (await hand(spectator, 0))["code"] == "cannot-hand"

    # Ben plays; Anna never moves: the clock's bot moves for her, twice
    clocks: list[dict[str, Any]] = []
    while len(clocks) < 2:
        if ben.my_turn():
            await ben.paced_send({"type": "act", "action": rng.choice(ben.view["legal"]),
                                  "version": ben.version, "id": f"m{ben.version}"})
        message = await ben.recv(timeout=30)
        if message["type"] == "clock":
            assert message["seat"] == 0
            assert message["text"] == f"Anna's time ran out: a bot made this move for {belle}."
            clocks.append(message)
            if len(clocks) == 1:  # once is not enough
                assert (await hand(ben, 0))["code"] == "cannot-hand"
    # Anna herself cannot hand her seat away; Ben hands it to a bot, everyone is told
    assert (await hand(anna, 0))["code"] == "cannot-hand"
    told = await hand(ben, 0)
    assert told["type"] == "handed" and told["seat"] == 0
    doc = await _bandit(ben, 1)
    assert told["text"] == f"{doc} (Ben) handed {belle} to a bot until Anna comes back."
    seat = await ben.until(lambda m: m["type"] == "seat")
    assert (seat["seat"], seat["state"]) == (0, "bot")
    assert (await spectator.until(lambda m: m["type"] == "handed"))["text"] == told["text"]
    assert (await hand(ben, 0))["code"] == "cannot-hand"  # a bot plays it already

    # the game goes on without waiting for Anna: the bot moves for her, no clock runs
    moved_for_anna = 0
    while moved_for_anna < 2 and ben.status != "over":
        actor = ben.view.get("actor")
        if ben.my_turn():
            await ben.paced_send({"type": "act", "action": rng.choice(ben.view["legal"]),
                                  "version": ben.version, "id": f"m{ben.version}"})
        message = await ben.recv(timeout=30)
        assert message["type"] != "clock", message
        if message["type"] == "update":
            assert message["clock"] is None or message["clock"]["seat"] != 0
            moved_for_anna += actor == 0
    assert moved_for_anna == 2

    # Anna moves again: her seat is hers at once, and everyone is told
    await anna.send({"type": "sync"})
    await anna.expect("welcome")
    await anna.send({"type": "act", "action": "x", "version": anna.version, "id": "back"})
    back = await ben.until(lambda m: m["type"] == "seat")
    assert (back["seat"], back["state"]) == (0, "human")
    assert back["text"] == f"Anna is back and plays {belle} again."
    # her time-outs start anew: the others cannot hand her seat at once
    assert (await hand(ben, 0))["code"] == "cannot-hand"
    for client in (anna, ben, spectator):
        await client.close()
