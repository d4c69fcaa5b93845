"""Full games over WebSockets: human seats, bots and a spectator; the leak canary."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from coltexpress import Game

from .canary import Timeline, check_message
from .client import Client, Server

GAMES = [
    ({"players": 3, "preset": "standard", "bots": {"2": "easy"}}, 2),
    ({"players": 4, "preset": "expert", "bots": {"3": "medium"}}, 3),
    ({"players": 3, "preset": "two-bandits", "bots": {"1": "easy"}}, 2),
    ({"players": 5, "preset": "first-game", "bots": {"0": "easy", "4": "easy"}}, 3),
]


async def _game(server: Server, body: dict[str, Any], seed: int) -> tuple[Any, list[Client]]:
    created = server.create(**body, seed=seed)
    humans = [await server.connect(created.table, t, s) for s, t in created.tokens.items()]
    spectator = await server.connect(created.table)
    for c in [*humans, spectator]:
        welcome = await c.expect("welcome")
        assert welcome["status"] == "open" and welcome["seat"] == c.seat
    await asyncio.to_thread(server.start, created)
    rng = random.Random(seed)

    async def watch() -> None:
        while spectator.status != "over":
            await spectator.recv()

    await asyncio.wait_for(asyncio.gather(*(h.play(rng) for h in humans), watch()), timeout=60)
    return created, [*humans, spectator]


@pytest.mark.parametrize(("body", "humans"), GAMES)
async def test_full_game_with_humans_bots_and_spectator(
    server: Server, body: dict[str, Any], humans: int
) -> None:
    seed = random.Random(str(body)).getrandbits(62) + 2**62
    created, clients = await _game(server, body, seed)
    assert len(created.tokens) == humans
    answer = await asyncio.to_thread(server.record, created.table)
    assert answer.status_code == 200
    record = answer.json()
    assert record["seed"] == seed
    game = Game.replay(record)
    assert game.is_over
    for client in clients:
        assert client.version == len(record["actions"])
        assert client.view == game.view(client.seat)
    if body["preset"] == "standard":
        await asyncio.to_thread(_check_replay_steps, server, created.table, record)

    # the leak canary over every message of the game
    timeline = Timeline(record)
    secrets = [created.host_token, *created.tokens.values()]
    checks = 0
    for client in clients:
        for raw in client.raw:
            checks += check_message(raw, client.seat, timeline, secrets)
        await client.close()
    assert checks > 1000


def _check_replay_steps(server: Server, table: str, record: dict[str, Any]) -> None:
    """The replay endpoint gives the spectator's view after k moves and move k's narration."""
    from coltexpress import Options

    n = len(record["actions"])
    replayed = Game.new(Options.from_dict(record["options"]), seed=record["seed"])
    for k in (0, 1, n // 2, n):
        answer = server.replay_step(table, k).json()
        while len(replayed.history) < k:
            events = replayed.apply(record["actions"][len(replayed.history)])
            if len(replayed.history) == k:
                assert answer["events"] == [e.text() for e in events if e.seat is None]
        assert answer["view"] == replayed.view(None)
        assert answer["step"] == k and answer["moves"] == n
        assert "hand" not in answer["view"]
    assert server.replay_step(table, n + 1).status_code == 404
    assert server.replay_step(table, "x").status_code == 400


def test_canary_catches_a_leak() -> None:
    """The canary itself: another seat's hand, a hidden purse, the seed are caught."""
    import json

    game = Game.new(seed=2**62 + 5)
    record = game.record()
    timeline = Timeline(record)
    own = {"type": "welcome", "version": 0, "status": "open", "view": game.view(1)}
    check_message(json.dumps(own), 1, timeline, [])
    with pytest.raises(AssertionError, match="not its own"):
        other = {**own, "view": {**game.view(0), "seat": 1}}
        check_message(json.dumps(other), 1, timeline, [])
    leaked = json.dumps({**own, "view": {**game.view(1), "note": str(record["seed"])}})
    with pytest.raises(AssertionError, match="secret"):
        check_message(leaked, 1, timeline, [])
    hidden = next(
        t
        for t, public in enumerate(game.to_json()["loot_public"])
        if not public and game.to_json()["loot_kind"][t] == 0
    )
    fake = json.dumps({**own, "x": {"id": hidden, "kind": "purse", "value": 300}})
    with pytest.raises(AssertionError, match="purse"):
        check_message(fake, 1, timeline, [])
