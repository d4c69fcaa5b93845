"""A seat belongs to the person who claimed it: the invite turns into their own secret,
the invite is refused after that (and its player told), the secret brings them back from
any device, and the host can give an away player's seat to someone else."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from coltexpress.engine import names

from .client import SECRETS, Client, Server

TAKEN = "This seat has been taken by its player; ask the host for a new link if it was yours."


async def _closed(client: Client) -> tuple[int, str, list[dict[str, Any]]]:
    """Read until the server closes the socket: its close code, reason and what came
    before."""
    got: list[dict[str, Any]] = []
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(50):
            got.append(await client.recv(timeout=10))
    assert info.value.rcvd is not None
    return info.value.rcvd.code, info.value.rcvd.reason, got


def _release(server: Server, table: str, seat: int, host_token: str) -> httpx.Response:
    with server.http() as http:
        return http.post(
            f"/api/tables/{table}/seats/{seat}/release",
            headers={"Authorization": f"Bearer {host_token}"},
        )


def _bandit(client: Client, seat: int) -> str:
    return names.bandit(client.view["players"][seat]["bandits"][0])


async def test_a_second_claimant_with_the_invite_is_refused_and_the_player_told(
    server: Server,
) -> None:
    created = server.create(players=3, bots={"2": "easy"}, seed=4, names={"0": "Anna"})
    invite = created.tokens[0]
    anna = await server.connect(created.table, invite, 0)
    welcome = await anna.expect("welcome")
    secret = welcome["secret"]  # the seat's own key, sent this once
    assert isinstance(secret, str) and len(secret) >= 20 and secret != invite
    # whoever else holds the invite (the host has every link) is turned away: no welcome,
    # no hand, a close code and a reason that says what to do
    other = await server.connect(created.table, invite, 0, as_given=True)
    code, reason, got = await _closed(other)
    assert (code, reason) == (4409, TAKEN)
    assert got == []
    # and the seat's player is told, in words, without ids or tokens
    notice = await anna.expect("notice")
    assert notice["seat"] == 0
    assert "invite link of your seat" in notice["text"] and "turned away" in notice["text"]
    assert _bandit(anna, 0) in notice["text"]
    for secret_text in (created.table, invite, secret):
        assert secret_text not in notice["text"]
    # the secret is in no message of the other seat nor of a spectator
    bob = await server.connect(created.table, created.tokens[1], 1)
    watcher = await server.connect(created.table)
    for client in (bob, watcher):
        await client.expect("welcome")
    await anna.send({"type": "sync"})
    again = await anna.expect("welcome")
    assert "secret" not in again  # sent once, at the claim
    await bob.send({"type": "ping"})
    await bob.expect("pong")
    await watcher.send({"type": "ping"})
    await watcher.expect("pong")
    assert not any(secret in raw for raw in bob.raw + watcher.raw)
    for client in (anna, bob, watcher):
        await client.close()


async def test_the_invite_is_refused_while_its_player_is_away_too(server: Server) -> None:
    created = server.create(players=3, bots={"2": "easy"}, seed=5)
    anna = await server.connect(created.table, created.tokens[0], 0)
    await anna.expect("welcome")
    await anna.close()
    other = await server.connect(created.table, created.tokens[0], 0, as_given=True)
    code, reason, _ = await _closed(other)
    assert (code, reason) == (4409, TAKEN)


async def test_a_reconnect_and_another_device_with_the_secret_work(server: Server) -> None:
    created = server.create(players=3, bots={"2": "easy"}, seed=6)
    anna = await server.connect(created.table, created.tokens[0], 0)
    first = await anna.expect("welcome")
    secret = first["secret"]
    await asyncio.to_thread(server.start, created)
    await anna.expect("update")
    await anna.close()
    # the page reloads, or the network dropped: the secret opens the seat again
    back = await server.connect(created.table, secret, 0, as_given=True)
    welcome = await back.expect("welcome")
    assert welcome["seat"] == 0 and "hand" in welcome["view"] and "secret" not in welcome
    # another device of the same player, at the same time
    phone = await server.connect(created.table, secret, 0, as_given=True)
    assert (await phone.expect("welcome"))["seat"] == 0
    assert SECRETS[created.tokens[0]] == secret
    await back.close()
    await phone.close()


async def test_the_host_releases_an_away_players_seat(make_server: Any) -> None:
    server: Server = make_server(grace=0.4)
    created = server.create(
        players=3, bots={"2": "easy"}, seed=7, names={"0": "Anna", "1": "Bob"}, host_seat=0
    )
    anna = await server.connect(created.table, created.tokens[0], 0)
    bob = await server.connect(created.table, created.tokens[1], 1)
    await anna.expect("welcome")
    bob_secret = (await bob.expect("welcome"))["secret"]
    await asyncio.to_thread(server.start, created)
    # refused while Bob is here, and without the host's token
    here = await asyncio.to_thread(_release, server, created.table, 1, created.host_token)
    assert here.status_code == 409 and here.json()["error"] == "seat-here"
    assert "is at the table" in here.json()["message"]
    stranger = await asyncio.to_thread(_release, server, created.table, 1, "not-the-host")
    assert stranger.status_code == 403
    bot_seat = await asyncio.to_thread(_release, server, created.table, 2, created.host_token)
    assert bot_seat.status_code == 400
    await bob.close()
    await anna.until(lambda m: m["type"] == "presence" and m["presence"] == "left")
    released = await asyncio.to_thread(_release, server, created.table, 1, created.host_token)
    assert released.status_code == 200, released.text
    invite = released.json()["invite"]
    assert invite.startswith(f"/t/{created.table}#seat=1&token=")
    new_token = invite.split("token=")[1]
    assert new_token not in (created.tokens[1], bob_secret)
    # every viewer is told, in words
    told = await anna.expect("released")
    assert told["seat"] == 1
    assert told["text"] == (
        f"The host released {_bandit(anna, 1)}'s seat: a new link invites its next player."
    )
    # Bob's secret and his old invite open nothing now
    old = await server.connect(created.table, bob_secret, 1, as_given=True)
    assert (await _closed(old))[0] == 4401
    old_invite = await server.connect(created.table, created.tokens[1], 1, as_given=True)
    assert (await _closed(old_invite))[0] == 4401
    # the new link claims the seat for its next player, with a secret of their own
    carl = await server.connect(created.table, new_token, 1, as_given=True)
    welcome = await carl.expect("welcome")
    assert welcome["seat"] == 1 and welcome["secret"] not in (bob_secret, new_token)
    assert welcome["seats"][1]["name"] is None  # Bob's name went with him
    await carl.close()
    await anna.close()


def _migrate_from_0004(url: str) -> None:
    """A database made by the server before seats had secrets and clocks a reserve, with a
    claimed seat, brought to the newest schema: the seat has no secret yet (its next hello
    with the invite makes one), no reserve used and no time-out; the table no reserve."""
    from pathlib import Path

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from coltexpress.server import storage
    from coltexpress.server.storage import Store, hash_token

    store = Store(url)
    try:
        config = Config()
        config.set_main_option(
            "script_location", str(Path(storage.__file__).parent / "migrations")
        )
        config.attributes["engine"] = store.engine
        command.upgrade(config, "0004")
        with store.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO colt_tables (id, created, preset, players, options, seed, "
                    "status, version, host_hash, game, clock, seed_chosen) VALUES ('old', 1.0, "
                    "'standard', 2, '{}', '1', 'playing', 0, 'h', 'colt-express', 60, false)"
                )
            )
            conn.execute(
                text(
                    "INSERT INTO colt_seats (table_id, seat, kind, token_hash, claimed, "
                    "bot_active) VALUES ('old', 0, 'human', :h, true, false)"
                ),
                {"h": hash_token("invite")},
            )
        store.migrate()
        row = store.get_table("old")
        assert row is not None and row.reserve is None and row.clock == 60
        seat = row.seats[0]
        assert (seat.secret_hash, seat.reserve_used, seat.timeouts) == (None, 0.0, 0)
        # its player's next hello with the invite claims it
        assert store.find_seat("old", "invite") == (0, True, False)
        assert store.claim_secret("old", 0, "invite", "mine")
        assert store.find_seat("old", "mine") == (0, False, True)
        assert not store.claim_secret("old", 0, "invite", "theirs")  # once only
    finally:
        store.close()


def test_migration_of_an_old_sqlite_database(tmp_path: Any) -> None:
    _migrate_from_0004(f"sqlite:///{tmp_path / 'old.db'}")


def test_migration_of_an_old_postgresql_database(fresh_pg: str) -> None:
    _migrate_from_0004(fresh_pg)
