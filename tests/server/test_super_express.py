"""Colt Super Express tables: created through the API (every preset, 3 to 7 players), bad
games and options refused with the documented JSON error, whole games over WebSockets with
human seats, bots and a spectator, the replay API, and the leak canary over every message
(the other seats' programmed stacks stay hidden), which proves itself on planted leaks."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from coltexpress.engine import names
from coltexpress.games import new_game, replay_any
from coltexpress.server.kinds import table_game
from coltexpress.superexpress import SuperGame
from coltexpress.superexpress.actions import KINDS
from coltexpress.tournament import make_agent, parse_agent
from coltexpress.updates.messages import steps_update
from coltexpress.words import super_express

from .canary import Timeline, check_message, super_secrets_changed
from .client import Client, Server, whole_game

SUPER = table_game("super-express")


@pytest.mark.parametrize(
    ("preset", "players"),
    [("standard", 3), ("reflex", 4), ("horse", 5), ("reflex-horse", 7)],
)
async def test_create_a_super_express_table(server: Server, preset: str, players: int) -> None:
    bots = {str(s): "easy" for s in range(1, players)}
    created = server.create(
        game="super-express", players=players, preset=preset, bots=bots, seed=41, host_seat=0,
        names={"0": "Anna"},
    )
    assert created.raw["game"] == "super-express"
    seats = created.raw["seats"]
    assert len(seats) == players and all(s["bandits"] for s in seats)
    lobby = server.lobby()
    entry = lobby[created.table]
    assert (entry["game"], entry["title"]) == ("super-express", "Colt Super Express")
    assert (entry["preset"], entry["players"], entry["host"]) == (preset, players, "Anna")
    client = await server.connect(created.table, created.tokens[0], 0)
    welcome = await client.expect("welcome")
    assert (welcome["game"], welcome["title"]) == ("super-express", "Colt Super Express")
    view, captions = welcome["view"], welcome["captions"]
    assert view["game"] == "super-express" and view["seat"] == 0
    assert view["caboose"] == players + 1 and len(view["cars"]) == players + 2
    assert view["cards"] == list(SUPER.options(preset, {"players": players}).card_kinds)
    assert view["hand"] == view["cards"] and view["stack"] == []
    assert seats[0]["bandits"] == captions["bandits"][0]["name"]
    assert captions["round"]["title"] == "Round 1"
    assert [c["name"] for c in captions["hand"]][:4] == ["Flip", "Change Floor", "Move", "Fire"]
    assert all(c["help"] for c in captions["cards"])
    await client.close()


def test_the_lobby_offers_both_games(server: Server) -> None:
    with server.http() as http:
        games = {g["game"]: g for g in http.get("/api/games").json()}
        rules = http.get("/api/rules", params={"game": "super-express"}).json()
        bad = http.get("/api/rules", params={"game": "snakes"})
    assert games["colt-express"]["players"] == [2, 8]
    se = games["super-express"]
    assert se["title"] == "Colt Super Express" and se["players"] == [3, 7]
    assert [p["preset"] for p in se["presets"]] == ["standard", "reflex", "horse", "reflex-horse"]
    assert all(p["text"] for p in se["presets"]) and se["default_preset"] == "standard"
    assert se["levels"] == ["easy", "medium", "hard"]
    assert rules["names"]["cards"]["floor"]["name"] == "Change Floor"
    assert rules["topics"]["cards"]["fire"].startswith("Fire: ")
    assert bad.status_code == 400 and bad.json()["error"] == "bad-game"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "snakes-and-ladders"}, 400, "bad-game"),
        ({"game": 7}, 400, "bad-game"),
        ({"game": "super-express", "preset": "expert"}, 400, "bad-options"),
        ({"game": "super-express", "players": 2}, 400, "bad-request"),
        ({"game": "super-express", "players": 8}, 400, "bad-request"),
        ({"game": "super-express", "options": {"loot_values": "gold"}}, 400, "bad-options"),
        ({"game": "super-express", "options": {"expert": True}}, 400, "bad-options"),
        ({"game": "super-express", "options": {"reflex": "yes"}}, 400, "bad-options"),
        ({"game": "super-express", "players": 3, "characters": ["belle", "belle", "doc"]}, 400,
         "bad-options"),
        ({"game": "super-express", "bots": {"1": "nightmare"}}, 400, "bad-request"),
        ({"game": "super-express", "players": 3, "bots": {"3": "easy"}}, 400, "bad-request"),
    ],
)
def test_bad_games_and_options_are_refused(
    server: Server, body: dict[str, Any], status: int, code: str
) -> None:
    with server.http() as http:
        answer = http.post("/api/tables", json=body)
    assert answer.status_code == status, answer.text
    error = answer.json()
    assert error["error"] == code and error["message"]


def test_options_and_characters_are_taken(server: Server) -> None:
    with server.http() as http:
        answer = http.post("/api/tables", json={
            "game": "super-express", "players": 3, "preset": "reflex",
            "characters": ["belle", "doc", "tuco"], "options": {"stunned_blocks": True},
        })
    assert answer.status_code == 201, answer.text
    assert [s["bandits"] for s in answer.json()["seats"]] == ["Belle", "Doc", "Tuco"]


GAMES = [
    ({"players": 3, "preset": "standard", "bots": {"2": "easy"}}, 2),
    ({"players": 5, "preset": "reflex-horse", "bots": {"0": "easy", "3": "easy", "4": "easy"}},
     2),
    ({"players": 7, "preset": "horse", "bots": {str(s): "easy" for s in range(2, 7)}}, 2),
    ({"players": 4, "preset": "reflex", "bots": {"1": "medium"}}, 3),
]


async def _game(server: Server, body: dict[str, Any], seed: int) -> tuple[Any, list[Client]]:
    return await whole_game(server, {"game": "super-express", **body}, seed, timeout=90)


@pytest.mark.parametrize(("body", "humans"), GAMES)
async def test_whole_game_with_humans_bots_and_a_spectator(
    server: Server, body: dict[str, Any], humans: int
) -> None:
    seed = random.Random(str(body)).getrandbits(62) + 2**62
    created, clients = await _game(server, body, seed)
    assert len(created.tokens) == humans
    answer = await asyncio.to_thread(server.record, created.table)
    assert answer.status_code == 200
    record = answer.json()
    assert record["game"] == "super-express" and record["seed"] == seed
    game = replay_any(record)
    assert isinstance(game, SuperGame) and game.is_over
    for client in clients:
        assert client.version == len(record["actions"])
        assert client.view == game.view(client.seat)
    _check_shootin_steps(clients[-1], game)
    await asyncio.to_thread(_check_replay, server, created.table, record)
    timeline = Timeline(record)
    secrets = [created.host_token, *created.tokens.values()]
    checks = 0
    for client in clients:
        for raw in client.raw:
            checks += check_message(raw, client.seat, timeline, secrets)
        await client.close()
    assert checks > 500


def _check_shootin_steps(spectator: Client, game: SuperGame) -> None:
    """The Shootin' phase arrives card by card: each card revealed is a step naming it; every
    round ends with a summary; the end of the game comes last with its words."""
    updates = [json.loads(r) for r in spectator.raw]
    updates = [u for u in updates if u["type"] == "update"]
    kinds = [s["kind"] for u in updates for s in u["steps"]] + [u["kind"] for u in updates]
    assert {"shootin", "reveal"} <= set(kinds)
    reveals = [p for u in updates for p in [*u["steps"], u] if p["kind"] == "reveal"]
    assert len(reveals) == sum(1 for u in updates for e in u["events"] if e["kind"] == "reveal")
    for part in reveals:
        assert part["card"]["owner"] and part["card"]["name"] and part["card"]["help"]
        assert part["view"]["decision"] in ("watch", "over") and "legal" not in part["view"]
    ends = [p for u in updates for p in [*u["steps"], u] if p["kind"] == "round-end"]
    assert len(ends) == sum(1 for u in updates for e in u["events"] if e["kind"] == "round-end")
    for part in ends:
        assert part["captions"]["summary"]
    last = updates[-1]
    assert last["view"]["result"] and last["captions"]["end"]
    assert last["captions"]["end"][0].split(":")[0].endswith(("wins", "share the win"))


def _check_replay(server: Server, table: str, record: dict[str, Any]) -> None:
    n = len(record["actions"])
    with server.http() as http:
        listing = http.get(f"/api/tables/{table}/replay").json()
    assert listing["game"] == "super-express" and listing["title"] == "Colt Super Express"
    assert [row[0] for row in listing["options"]] == ["Extensions", "Stunned bandits",
                                                       "Loot cards"]
    assert [m["n"] for m in listing["moves"]] == list(range(1, n + 1))
    assert all(m["label"].startswith("Program ") and m["who"] for m in listing["moves"])
    replayed = new_game("super-express", seed=record["seed"], **record["options"])
    for k in sorted({0, 1, n // 2, n}):
        answer = server.replay_step(table, k).json()
        while len(replayed.history) < k:
            mover = replayed.pending
            events = replayed.apply(record["actions"][len(replayed.history)])
            if len(replayed.history) == k:
                assert answer["events"] == [e.text() for e in events if e.seat is None]
                assert answer["seat"] == mover.seat
        assert answer["view"] == replayed.view(None)
        assert answer["captions"] == SUPER.captions(answer["view"])


# -- the canary's own tests: leaks planted in honest messages are caught ------------------


def _mid_round(seed: int = 2**62 + 5) -> tuple[SuperGame, Timeline]:
    """A game in the middle of a round's programming: seats 0.. have programmed cards."""
    game = new_game("super-express", "reflex-horse", players=4, seed=seed)
    rng = random.Random(seed)
    while game.n_players * 3 - sum(len(s) for s in game.stack) > 4:
        game.apply(rng.choice([str(a) for a in game.legal_actions()]))
    return game, Timeline(game.record())


def _welcome(game: SuperGame, view: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "welcome",
        "version": len(game.history),
        "status": "playing",
        "game": "super-express",
        "view": view,
        "captions": super_express.browser_captions(view),
    }


def test_the_canary_catches_another_seats_stack() -> None:
    game, timeline = _mid_round()
    seat = game.actor
    other = next(s for s in range(game.n_players) if s != seat and game.stack[s])
    view = game.view(seat)
    assert check_message(json.dumps(_welcome(game, view)), seat, timeline, []) > 3
    assert super_secrets_changed(game, seat)
    told = game.view(other)
    for leak in (
        {**view, "stack": told["stack"]},  # the other's stack as one's own
        {**view, "players": [{**p, "stack": told["stack"]} if p["seat"] == other else p
                             for p in view["players"]]},
    ):
        with pytest.raises(AssertionError, match=r"stack|hidden cards|not its own"):
            check_message(json.dumps(_welcome(game, leak)), seat, timeline, [])
    # the words of another seat's view (its hand) are caught too
    leaked = {**_welcome(game, view), "captions": super_express.browser_captions(told)}
    with pytest.raises(AssertionError, match="words"):
        check_message(json.dumps(leaked), seat, timeline, [])
    # a spectator never gets a hand
    spectator = game.view(None)
    check_message(json.dumps(_welcome(game, spectator)), None, timeline, [])
    with pytest.raises(AssertionError, match="spectator"):
        check_message(json.dumps(_welcome(game, {**spectator, "hand": told["hand"]})), None,
                      timeline, [])


def test_the_canary_catches_private_events_and_early_cards() -> None:
    """Another seat's private 'you program' line, and a step naming a card before its turn."""
    game = new_game("super-express", "standard", players=3, seed=2**62 + 9)
    rng = random.Random(9)
    while True:
        before = game.clone()
        frames = game.apply_frames(rng.choice([str(a) for a in game.legal_actions()]))
        if any(f.kind == "reveal" for f in frames):
            break
    timeline = Timeline(game.record())
    version = len(game.history)
    seat = (before.actor + 1) % 3
    update = steps_update(SUPER, seat, frames, before=before, round_start=timeline.round_starts[
        version - 1])
    message = {"type": "update", "version": version, "status": "playing", **update}
    assert check_message(json.dumps(message), seat, timeline, []) > 10
    private = next(e for e in timeline.events[version] if e.seat not in (None, seat))
    leaked = json.loads(json.dumps(message))
    leaked["events"].append({**private.data, "kind": private.kind, "text": private.text()})
    with pytest.raises(AssertionError, match="events"):
        check_message(json.dumps(leaked), seat, timeline, [])
    i = next(i for i, s in enumerate(message["steps"]) if s["kind"] == "reveal")
    early = json.loads(json.dumps(message))
    hidden = before.stack[(before.first + 1) % 3][0]
    early["steps"][i]["card"] = {**early["steps"][i]["card"], "card": KINDS[hidden],
                                 "seat": (before.first + 1) % 3}
    with pytest.raises(AssertionError, match="card"):
        check_message(json.dumps(early), seat, timeline, [])


def test_every_level_plays_super_express() -> None:
    """The lobby's bot levels are agents that play this game (legal moves to the end)."""
    for level, spec in SUPER.levels.items():
        game = new_game("super-express", "reflex-horse", players=3, seed=11)
        agent = make_agent(parse_agent(spec.replace("1000", "60").replace("150", "30")), 1)
        while not game.is_over:
            action = agent.act(game)
            assert action in game.legal_ids(), level
            game.apply_id(action)


def test_old_tables_are_colt_express(tmp_path: Path) -> None:
    """The migration that adds the game to tables: the tables made before play Colt
    Express; a new table keeps its game."""
    import time

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from coltexpress.server import storage
    from coltexpress.server.storage import Store, TableRow

    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    config.attributes["engine"] = store.engine
    command.upgrade(config, "0002")
    with store.engine.begin() as conn:
        conn.execute(
            text("INSERT INTO colt_tables VALUES ('old', :t, 'standard', 3, '{}', '1', 'open', 0, "
                 "'h', NULL)"),
            {"t": time.time()},
        )
    store.migrate()
    old = store.get_table("old")
    assert old is not None and old.game == "colt-express"
    store.create_table(TableRow("new", time.time(), "reflex", 3, {"players": 3}, 1, "open", 0,
                                "h", [], None, "super-express"))
    new = store.get_table("new")
    assert new is not None and new.game == "super-express"
    store.close()


def test_the_lobby_page_offers_the_servers_game_first(make_server: Any) -> None:
    """``colt serve --game super-express``: its lobby offers Colt Super Express first, and
    still offers Colt Express."""
    server: Server = make_server(game="super-express")
    with server.http() as http:
        page = http.get("/").text
    data = page.split('<script type="application/json" id="games">')[1].split("</script>")[0]
    assert [g["game"] for g in json.loads(data)] == ["super-express", "colt-express"]


async def test_bad_moves_are_refused_and_change_nothing(server: Server) -> None:
    """A move in notation that is not an action, a card the game was set up without, another
    seat's turn: each refused with its error code, the table unchanged."""
    created = server.create(game="super-express", players=3, preset="standard", seed=2**62 + 3)
    seats = {s: await server.connect(created.table, t, s) for s, t in created.tokens.items()}
    for c in seats.values():
        await c.expect("welcome")
    await asyncio.to_thread(server.start, created)
    for c in seats.values():
        await c.expect("update")
    actor = next(c for c in seats.values() if c.my_turn())
    other = next(c for c in seats.values() if c is not actor)
    for client, action, code in [
        (actor, "program sideways", "syntax"),
        (actor, "play shoot", "syntax"),
        (actor, "program horse", "illegal"),
        (other, "program flip", "not-your-turn"),
    ]:
        await client.send({"type": "act", "action": action, "version": client.version, "id": 1})
        error = await client.expect("error")
        assert error["code"] == code, (action, error)
        assert "program" in error["message"] or code == "not-your-turn"
    await actor.send({"type": "act", "action": "Program  FIRE", "version": actor.version,
                      "id": 2})
    assert (await actor.expect("ack"))["version"] == 1
    mine = await actor.expect("update")
    update = await other.expect("update")
    assert mine["view"]["stack"] == ["fire"] and update["version"] == 1
    told = update["view"]["players"][actor.seat]
    assert (told["programmed"], told["revealed"]) == (1, [])
    for c in seats.values():
        await c.close()
    with server.http() as http:
        assert http.get(f"/api/tables/{created.table}/record").status_code == 409


async def test_a_table_is_rebuilt_from_the_database(make_server: Any, tmp_path: Path) -> None:
    """Another server on the same database rebuilds a Colt Super Express table from its
    stored moves: the view it sends is the game replayed from those moves."""
    from coltexpress.server.storage import Store

    first: Server = make_server()
    seed = 2**62 + 21
    created = first.create(game="super-express", players=4, preset="reflex-horse",
                           bots={"1": "easy", "2": "easy", "3": "easy"}, seed=seed)
    seat = await first.connect(created.table, created.tokens[0], 0)
    await seat.expect("welcome")
    await asyncio.to_thread(first.start, created)
    await asyncio.wait_for(seat.play(random.Random(2), stop_after=14), 60)
    await seat.close()
    second: Server = make_server()
    spectator = await second.connect(created.table)
    welcome = await spectator.expect("welcome")
    assert welcome["game"] == "super-express" and welcome["version"] >= 14
    store = Store(f"sqlite:///{tmp_path / 'colt.db'}")
    moves = store.moves(created.table)[: welcome["version"]]
    store.close()
    game = new_game("super-express", "reflex-horse", players=4, seed=seed)
    for action in moves:
        game.apply(action)
    assert welcome["view"] == game.view(None)
    await spectator.close()


async def test_an_absent_player_gets_a_bot_and_reads_what_it_did(make_server: Any) -> None:
    """A Colt Super Express seat left empty goes to the takeover bot (the medium level, which
    plays this game); its player comes back and reads the cards the bot programmed, worded
    from the seat's own view."""
    server: Server = make_server(grace=0.3)
    created = server.create(game="super-express", players=3, preset="reflex",
                            bots={"2": "easy"}, seed=2**62 + 33, names={"0": "Anna"})
    gone = await server.connect(created.table, created.tokens[0], 0)
    stays = await server.connect(created.table, created.tokens[1], 1)
    await gone.expect("welcome")
    await stays.expect("welcome")
    await asyncio.to_thread(server.start, created)
    await gone.close()
    bandit = names.bandit(stays.view["players"][0]["bandit"])
    taken = await stays.until(lambda m: m["type"] == "seat")
    assert taken["text"] == f"{bandit} is now played by a bot."
    rng = random.Random(3)
    await asyncio.wait_for(stays.play(rng, stop_after=stays.version + 9), 30)
    back = await server.connect(created.table, created.tokens[0], 0)
    welcome = await back.expect("welcome")
    assert welcome["status"] == "playing"
    assert welcome["away"]["bandits"] == bandit
    assert welcome["away"]["moves"]
    assert all(m.startswith("Program ") for m in welcome["away"]["moves"])
    await asyncio.wait_for(asyncio.gather(back.play(rng), stays.play(rng)), 60)
    assert back.status == stays.status == "over"
    await back.close()
    await stays.close()


def test_the_card_count_of_a_phase_says_why_it_drops() -> None:
    """The banner counts the cards of the Shootin' phase from the views of its moments
    ("Card 5 of 12"); when a bandit goes out with cards still face down the count drops
    ("Card 8 of 11"): from then on in that round every moment's captions say whose cards
    left the pile and how many, so that the count and the note make the phase's cards."""
    drops = 0
    for seed in range(1, 12):
        game = SUPER.new({"players": 5, "reflex": True, "horse": True}, seed)
        rng = random.Random(seed)
        phase: tuple[int, int] | None = None  # (round, cards at the phase's start)
        while not game.is_over:
            before = game.clone()
            frames = game.apply_frames(rng.choice(game.legal_actions()))
            update = steps_update(SUPER, None, frames, before=before, round_start=None)
            for step in [*update["steps"], update]:
                if not step["card"]:
                    continue
                view, caps = step["view"], step["captions"]
                total = sum(p["programmed"] for p in view["players"])
                if phase is None or phase[0] != view["round"]:
                    phase = (view["round"], total + _left(view))
                note = caps.get("pile_note", "")
                assert total + _left(view) == phase[1], (seed, view["round"], total, note)
                for p in view["players"]:
                    left = super_express.PROGRAMMED - p["programmed"]
                    b = view["bandits"][p["seat"]]
                    if b["out"] and b["out_round"] == view["round"] and left:
                        drops += 1
                        who = names.bandit(b["character"])
                        assert f"{who}'s {left} face-down card" in note, note
                if total == phase[1]:
                    assert not note, note
    assert drops  # the deals above do drop cards


def _left(view: dict[str, Any]) -> int:
    """The cards still face down that bandits out this round took off the pile (the count
    as the test sees it, from the rules: each player programs 3 cards)."""
    return sum(
        super_express.PROGRAMMED - p["programmed"]
        for p in view["players"]
        if view["bandits"][p["seat"]]["out"]
        and view["bandits"][p["seat"]]["out_round"] == view["round"]
    )
