"""Horses & Stagecoach tables through the API: the presets horses-stagecoach and
both-expansions (and the option on another preset), their player counts, the first view (the
Horse Attack) and its words; and the leak canary's Horses & Stagecoach secrets (another
seat's Turmoil or Horse Attack choice, an unseen flask's kind) caught when planted."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from coltexpress import Game, Options
from coltexpress.engine import names
from coltexpress.words import base

from .canary import Timeline, check_message, hs_secrets_changed
from .client import Server


@pytest.mark.parametrize(
    ("preset", "players", "marshal"),
    [
        ("horses-stagecoach", 3, False),
        ("horses-stagecoach", 7, False),
        ("both-expansions", 3, True),
        ("both-expansions", 8, True),
    ],
)
async def test_create_a_horses_and_stagecoach_table(
    server: Server, preset: str, players: int, marshal: bool
) -> None:
    bots = {str(s): "easy" for s in range(1, players)}
    created = server.create(players=players, preset=preset, bots=bots, seed=31, host_seat=0)
    seats = created.raw["seats"]
    assert len(seats) == players and all(s["bandits"] for s in seats)
    assert (seats[0]["bandits"] == "the Marshal") == marshal
    lobby = server.lobby()
    assert lobby[created.table]["preset"] == preset
    assert lobby[created.table]["players"] == players
    client = await server.connect(created.table, created.tokens[0], 0)
    welcome = await client.expect("welcome")
    view, captions = welcome["view"], welcome["captions"]
    assert view["options"]["horses_stagecoach"] is True
    assert view["options"]["marshal_prisoners"] is marshal
    # before round 1: the Horse Attack, every bandit riding beside the train
    hs = view["hs"]
    assert hs["coach"] == 0 and hs["shotgun"] is None and hs["horses"] == []
    riders = [b["character"] for b in view["bandits"] if b["character"] != "marshal"]
    assert sorted(hs["riding"]) == sorted(riders)
    assert hs["hostages_left"] == len(riders) - 1  # players (bandits) minus one
    assert captions["round"]["title"] == "Before round 1: the Horse Attack"
    assert captions["hs"]["attack"]["riders"]
    assert "guards the strongbox" in captions["hs"]["shotgun"].lower()
    assert any("stagecoach" in line for line in captions["train"])
    await client.close()


def test_the_option_on_another_preset(server: Server) -> None:
    with server.http() as http:
        answer = http.post(
            "/api/tables",
            json={"players": 4, "preset": "standard", "options": {"horses_stagecoach": True}},
        )
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize(
    ("preset", "players"), [("horses-stagecoach", 2), ("horses-stagecoach", 8)]
)
def test_player_counts_the_expansion_does_not_allow(
    server: Server, preset: str, players: int
) -> None:
    with server.http() as http:
        answer = http.post("/api/tables", json={"players": players, "preset": preset})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "bad-options"


def _game_with(preset: str, wanted: Any) -> tuple[Game, int]:
    """A random game of ``preset`` played until ``wanted(game)`` names a seat."""
    for seed in range(2**62, 2**62 + 60):
        game = Game.new(Options.preset(preset), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = wanted(game)
            if seat is not None:
                return game, seat
            game.apply(rng.choice([str(a) for a in game.legal_actions()]))
    raise AssertionError("no such moment in 60 games")


def _message(game: Game, view: dict[str, Any]) -> str:
    return json.dumps(
        {
            "type": "welcome",
            "version": len(game.history),
            "status": "playing",
            "view": view,
            "captions": base.browser_captions(view),
        }
    )


def test_canary_catches_another_seats_turmoil_choice() -> None:
    def chosen(game: Game) -> int | None:
        hs = game.hs
        assert hs is not None
        made = [s for s in range(game.n_players) if hs.turmoil[s] >= 0]
        return next((s for s in range(game.n_players) if s not in made), None) if made else None

    game, seat = _game_with("horses-stagecoach", chosen)
    timeline = Timeline(game.record())
    view = game.view(seat)
    assert "my_turmoil" not in view["hs"]
    assert check_message(_message(game, view), seat, timeline, []) > 3
    assert hs_secrets_changed(game, seat) is not None
    other = next(s for s in range(game.n_players) if game.view(s)["hs"].get("my_turmoil"))
    leaked = {**view, "hs": {**view["hs"], "my_turmoil": game.view(other)["hs"]["my_turmoil"]}}
    with pytest.raises(AssertionError, match="Turmoil"):
        check_message(_message(game, leaked), seat, timeline, [])


def test_canary_catches_another_riders_choice() -> None:
    def chosen(game: Game) -> int | None:
        hs = game.hs
        assert hs is not None
        made = {game.seat_of[b] for b in range(game.n_bandits) if hs.attack[b] >= 0}
        waiting = {game.seat_of[b] for b in range(game.n_bandits) if hs.riding[b]} - made
        return min(waiting) if made and waiting else None

    game, seat = _game_with("both-expansions", chosen)
    timeline = Timeline(game.record())
    view = game.view(seat)
    check_message(_message(game, view), seat, timeline, [])
    rider = next(b for b in range(game.n_bandits) if game.hs and game.hs.attack[b] >= 0)
    told = game.view(game.seat_of[rider])["hs"]["my_attack"]
    with pytest.raises(AssertionError, match="rider"):
        check_message(
            _message(game, {**view, "hs": {**view["hs"], "my_attack": told}}), seat, timeline, []
        )
    # the names the riders read: who has chosen, never what
    riders = base.browser_captions(view)["hs"]["attack"]["riders"]
    assert any(r["chosen"] for r in riders)
    assert names.bandit(game.chars[rider]) in [r["bandit"] for r in riders]


def test_canary_catches_an_unseen_flasks_kind() -> None:
    def flask_unseen(game: Game) -> int | None:
        return 0 if game.hs is not None and game.hs.attack_car < 0 else None

    game, seat = _game_with("horses-stagecoach", flask_unseen)
    timeline = Timeline(game.record())
    view = game.view(seat)
    check_message(_message(game, view), seat, timeline, [])
    leaked = json.loads(json.dumps(view))
    flask = next(t for s in leaked["spaces"] for t in s["loot"] if t["kind"] == "whiskey")
    assert "old" not in flask
    flask["old"] = False
    with pytest.raises(AssertionError, match="whiskey"):
        check_message(_message(game, leaked), seat, timeline, [])
