"""The lobby: the host's seat, player names (and hostile ones), abandoned and finished
tables, the rules table, and the migration that added names to an old database."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from coltexpress.engine import names
from coltexpress.server import storage
from coltexpress.server.storage import Store
from coltexpress.words import base

from .client import Server


async def test_host_seat_and_names(server: Server) -> None:
    created = server.create(
        players=3, bots={"2": "easy"}, seed=8, host_seat=1, names={"0": "Bob", "1": "Anna"}
    )
    assert created.raw["host_seat"] == 1
    seats = created.raw["seats"]
    assert [s.get("name") for s in seats] == ["Bob", "Anna", None]
    assert all(s["bandits"] for s in seats)  # who plays which bandit, before the start
    host = await server.connect(created.table, created.tokens[1], 1)
    welcome = await host.expect("welcome")
    assert welcome["host"] == 1
    assert [s["name"] for s in welcome["seats"]] == ["Bob", "Anna", None]
    assert welcome["seats"][2]["level"] == "easy"
    bandits = welcome["view"]["players"][1]["bandits"]
    assert seats[1]["bandits"] == " and ".join(names.bandit(b) for b in bandits)
    # captions come with every view: the situation, the round card, no choices before the start
    assert welcome["captions"]["situation"]
    assert welcome["captions"]["round"]["title"].startswith("Round 1 of 5")
    lobby = server.lobby()
    assert lobby[created.table]["host"] == "Anna"
    assert lobby[created.table]["names"] == ["Bob", "Anna"]
    await host.close()


HOSTILE_NAMES: list[Any] = [
    "x" * 25,  # too long
    "a" * 10_000,
    "Bell\x07e",  # a control character
    "Anna\u202eevil",  # a bidi override
    "An\u200bna",  # zero width
    "Anna\nBob",  # a line break
    "Z\u0301\u0302\u0303\u0304",  # stacked accents
    "\u0301Anna",  # starts with an accent
    "\ue000Anna",  # private use
    "An\u3000na",  # an odd space
    42,
    ["Anna"],
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_names_are_refused(server: Server, name: Any) -> None:
    with server.http() as http:
        answer = http.post("/api/tables", json={"players": 3, "names": {"0": name}})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] in ("bad-name", "bad-request")


def test_names_and_host_seat_are_checked(server: Server) -> None:
    with server.http() as http:
        for body in [
            {"players": 3, "bots": {"1": "easy"}, "names": {"1": "Robot"}},
            {"players": 3, "names": {"5": "Anna"}},
            {"players": 3, "names": ["Anna"]},
            {"players": 3, "host_seat": 3},
            {"players": 3, "host_seat": "0"},
            {"players": 3, "bots": {"0": "easy"}, "host_seat": 0},
        ]:
            answer = http.post("/api/tables", json=body)
            assert answer.status_code == 400, (body, answer.text)
        # markup is plain text: kept as typed, the browser shows it as text
        made = http.post("/api/tables", json={"players": 3, "names": {"0": "  <b>Al</b>  x "}})
    assert made.status_code == 201
    assert made.json()["seats"][0]["name"] == "<b>Al</b> x"


async def test_abandoned_tables_leave_the_lobby(make_server: Any) -> None:
    server: Server = make_server(abandoned=1.5, grace=2.0)
    left = server.create(players=3, seed=1)
    kept = server.create(players=3, seed=2)
    over = server.create(players=3, bots={"0": "easy", "1": "easy", "2": "easy"}, seed=3)
    player = await server.connect(kept.table, kept.tokens[0], 0)
    await player.expect("welcome")
    spectator = await server.connect(over.table)
    await spectator.expect("welcome")
    await asyncio.to_thread(server.start, over)
    while spectator.status != "over":
        await spectator.recv()
    await spectator.close()
    await asyncio.sleep(2.5)  # "left" nobody joined, "kept" has a player connected

    tables = await asyncio.to_thread(server.lobby)
    assert left.table not in tables
    assert tables[kept.table]["status"] == "open"
    assert tables[over.table]["status"] == "over"  # finished games stay listed
    await player.close()
    await asyncio.sleep(2.5)  # now nobody is at "kept" either
    tables = await asyncio.to_thread(server.lobby)
    assert kept.table not in tables and over.table in tables
    # an abandoned table can still be joined by its link
    again = await server.connect(kept.table, kept.tokens[0], 0)
    assert (await again.expect("welcome"))["seat"] == 0
    await asyncio.sleep(0.3)
    assert kept.table in await asyncio.to_thread(server.lobby)
    await again.close()


def test_rules_table(server: Server) -> None:
    with server.http() as http:
        rules = http.get("/api/rules").json()
    assert rules["names"] == names.names()
    assert rules["topics"] == base.help_topics()
    assert rules["names"]["bandits"]["cheyenne"] == "Cheyenne"


def test_the_rules_of_a_table_are_its_own(server: Server) -> None:
    """``/api/rules?table=``: the rules panel of that table's game, expansions and variants
    only; an unknown table is 404."""
    base = server.create(players=3, preset="standard")
    both = server.create(players=4, preset="both-expansions")
    first = server.create(players=3, preset="first-game")
    with server.http() as http:
        topics = {
            t.table: http.get("/api/rules", params={"table": t.table}).json()
            for t in (base, both, first)
        }
        missing = http.get("/api/rules", params={"table": "nosuchtb"})
    plain = topics[base.table]["topics"]
    assert {"idea", "move+", "floor+", "capture", "ride"}.isdisjoint(plain["cards"])
    assert "Marshal & Prisoners" not in plain and "Horses & Stagecoach" not in plain
    assert set(plain["variants"]) == {"station"}
    expansions = topics[both.table]["topics"]
    assert {"idea", "capture", "ride"} <= set(expansions["cards"])
    assert "marshal" not in expansions["cards"]  # no Marshal card with Marshal & Prisoners
    assert {"Marshal & Prisoners", "Horses & Stagecoach", "goals", "hostages"} <= set(expansions)
    sections = [key for key, _ in topics[both.table]["sections"]]
    assert sections[:4] == ["cards", "turns", "powers", "events"]
    assert not topics[first.table]["topics"]["powers"]  # the first game has no powers
    assert "powers" not in [key for key, _ in topics[first.table]["sections"]]
    assert missing.status_code == 404 and missing.json()["error"] == "no-table"


def test_the_rules_panel_lists_the_marshals_deck_the_engine_deals(server: Server) -> None:
    """For every preset of Colt Express, a table's rules panel names the Marshal's deck as
    the engine deals it for that table (with Horses & Stagecoach, its Ride card), and no
    Marshal's deck without Marshal & Prisoners."""
    from coltexpress import Game
    from coltexpress.engine.actions import MARSHAL_FIGURE
    from coltexpress.engine.content import BULLET
    from coltexpress.engine.ids import KIND_NAMES
    from coltexpress.engine.options import PRESETS, Options

    with_marshal = 0
    for preset in PRESETS:
        made = server.create(preset=preset)
        with server.http() as http:
            panel = http.get("/api/rules", params={"table": made.table}).json()
        options = Options.preset(preset, players=len(made.raw["seats"]))
        text = str(panel["topics"])
        if not options.marshal_prisoners:
            assert "The Marshal's deck" not in text, preset
            continue
        with_marshal += 1
        game = Game.new(options, seed=5)
        marshal = game.chars.index(MARSHAL_FIGURE)
        dealt = sorted(
            names.card(KIND_NAMES[k])
            for k, b in zip(game.card_kind, game.card_bandit, strict=True)
            if b == marshal and k != BULLET
        )
        told = panel["topics"]["Marshal & Prisoners"]["marshal"]
        listed = told.split("The Marshal's deck: ", 1)[1].split(";", 1)[0].split(", ")
        said = []
        for item in listed:
            card, _, times = item.partition(" x")
            said += [card] * int(times or 1)
        assert sorted(said) == dealt, (preset, told)
    assert with_marshal == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"preset": "horses-stagecoach", "players": 8},
         "Horses & Stagecoach is for 3 to 7 players, not 8"),
        ({"preset": "horses-stagecoach", "players": 2},
         "Horses & Stagecoach is for 3 to 7 players, not 2"),
        ({"preset": "standard", "players": 8},
         "Colt Express is for 3 to 6 players (7 with Mei), not 8"),
    ],
)
def test_a_player_count_the_rules_refuse_is_refused_in_their_name(
    server: Server, body: dict[str, Any], message: str
) -> None:
    with server.http() as http:
        answer = http.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert answer.json() == {"error": "bad-options", "message": message}


def test_the_games_list_each_presets_player_counts(make_server: Any) -> None:
    """Each preset's player counts are those its rules accept: every one makes a table."""
    server: Server = make_server(create_limit=0)
    with server.http() as http:
        games = http.get("/api/games").json()
        presets = {(g["game"], p["preset"]): p for g in games for p in g["presets"]}
        assert presets["colt-express", "horses-stagecoach"]["players"] == [3, 4, 5, 6, 7]
        assert presets["colt-express", "marshal-prisoners"]["players"] == [3, 4, 5, 6, 7, 8]
        assert presets["colt-express", "standard"]["players"] == [3, 4, 5, 6, 7]
        assert presets["colt-express", "two-player"]["players"] == [2]
        assert presets["super-express", "horse"]["players"] == [3, 4, 5, 6, 7]
        for (game, preset), entry in presets.items():
            assert entry["default_players"] in entry["players"]
            for players in (entry["players"][0], entry["players"][-1]):
                body = {"game": game, "preset": preset, "players": players}
                answer = http.post("/api/tables", json=body)
                assert answer.status_code == 201, (body, answer.text)


def test_migration_adds_names_to_an_old_database(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    config.attributes["engine"] = store.engine
    command.upgrade(config, "0001")
    with store.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO colt_tables VALUES ('old', :t, 'standard', 2, '{}', '1', 'open', 0, "
                "'h')"
            ),
            {"t": time.time()},
        )
        conn.execute(
            text("INSERT INTO colt_seats VALUES ('old', 0, 'human', NULL, 'x', 0, NULL, 0)")
        )
    store.migrate()
    row = store.get_table("old")
    assert row is not None and row.host_seat is None and row.seats[0].name is None
    store.close()


async def test_marshal_and_prisoners_table(server: Server) -> None:
    """A Marshal & Prisoners table for 3 to 8 players: the host sits as the Marshal (seat 0),
    bots play the bandits, and every view carries the expansion's words."""
    for players in (3, 8):
        created = server.create(
            players=players,
            preset="marshal-prisoners",
            bots={str(s): "easy" for s in range(1, players)},
            host_seat=0,
        )
        seats = created.raw["seats"]
        assert seats[0]["bandits"] == "the Marshal" and seats[0]["kind"] == "human"
        assert len(seats) == players
    marshal = await server.connect(created.table, created.tokens[0], 0)
    welcome = await marshal.expect("welcome")
    mp = welcome["captions"]["mp"]
    assert mp["prison"] == "The caboose is the prison car."
    assert mp["goals"]["mine"] and all(g["name"] and g["help"] for g in mp["goals"]["mine"])
    assert len(mp["posters"]) == 7
    await marshal.close()
    with server.http() as http:
        answer = http.post("/api/tables", json={"players": 9, "preset": "marshal-prisoners"})
        assert answer.status_code == 400
        answer = http.post("/api/tables", json={"players": 8, "preset": "standard"})
        assert answer.status_code == 400
