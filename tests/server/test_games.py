"""Full games over WebSockets: human seats, bots and a spectator; the leak canary."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from coltexpress import Game, Options
from coltexpress.engine import names
from coltexpress.server.kinds import table_game
from coltexpress.updates.messages import steps_update
from coltexpress.words import base

from .canary import Timeline, check_message
from .client import SECRETS, Client, Server, whole_game

COLT = table_game("colt-express")

GAMES = [
    ({"players": 3, "preset": "standard", "bots": {"2": "easy"}}, 2),
    ({"players": 4, "preset": "expert", "bots": {"3": "medium"}}, 3),
    ({"players": 3, "preset": "two-bandits", "bots": {"1": "easy"}}, 2),
    ({"players": 5, "preset": "first-game", "bots": {"0": "easy", "4": "easy"}}, 3),
    ({"players": 4, "preset": "marshal-prisoners", "bots": {"2": "easy"}}, 3),
    ({"players": 4, "preset": "horses-stagecoach", "bots": {"3": "easy"}}, 3),
    ({"players": 5, "preset": "both-expansions", "bots": {"0": "easy", "4": "easy"}}, 3),
]


async def _game(server: Server, body: dict[str, Any], seed: int) -> tuple[Any, list[Client]]:
    return await whole_game(server, body, seed, timeout=60)


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
    await asyncio.to_thread(_check_replay_steps, server, created.table, record)
    _check_steps(clients[-1])

    # the leak canary over every message of the game
    timeline = Timeline(record)
    secrets = [created.host_token, *created.tokens.values()]
    # each seat's own secret (its first welcome carries it) reaches no other viewer
    own = {seat: SECRETS[token] for seat, token in created.tokens.items()}
    checks = 0
    for client in clients:
        others = [secret for seat, secret in own.items() if seat != client.seat]
        for raw in client.raw:
            checks += check_message(raw, client.seat, timeline, [*secrets, *others])
        await client.close()
    assert checks > 1000


def _check_steps(spectator: Client) -> None:
    """The Stealin' phase arrives as steps: each card revealed, the event, the end of each
    round with its summary, and the end of the game last."""
    updates = [json.loads(r) for r in spectator.raw]
    updates = [u for u in updates if u["type"] == "update"]
    kinds = [s["kind"] for u in updates for s in u["steps"]] + [u["kind"] for u in updates]
    assert {"stealin", "reveal", "round-end"} <= set(kinds)
    assert kinds.count("round-end") == 5
    last = updates[-1]
    assert last["kind"] == "game-over" and last["captions"]["end"]
    assert [s["kind"] for s in last["steps"]][-1] == "round-end"
    for u in updates:
        for part in [*u["steps"], u]:
            if part["kind"] == "round-end":
                bandits = part["view"]["bandits"]
                assert len(part["captions"]["summary"]) == len(bandits)
            if part["kind"] == "reveal":
                assert part["card"]["card"] and part["card"]["owner"]
        offset = 0  # each step's events begin with the event it is about
        for part in [*u["steps"], u]:
            if part["kind"] != "play":
                assert u["events"][offset]["kind"] == part["kind"]
            offset += part.get("count", 0)
        assert offset <= len(u["events"])


def _check_replay_steps(server: Server, table: str, record: dict[str, Any]) -> None:
    """The replay endpoint gives the spectator's view after k moves, move k's maker, label,
    words and narration; the whole list numbers every move (past 99 too)."""
    n = len(record["actions"])
    replayed = Game.new(Options.from_dict(record["options"]), seed=record["seed"])
    with server.http() as http:
        listing = http.get(f"/api/tables/{table}/replay").json()
    assert [m["n"] for m in listing["moves"]] == list(range(1, n + 1))
    for k in sorted({0, 1, n // 2, min(100, n), n}):
        answer = server.replay_step(table, k).json()
        while len(replayed.history) < k:
            before = replayed.view(None)
            mover = replayed.pending
            events = replayed.apply(record["actions"][len(replayed.history)])
            if len(replayed.history) == k:
                public = [e.text() for e in events if e.seat is None]
                assert answer["events"] == public == listing["moves"][k - 1]["events"]
                label = base.label(record["actions"][k - 1], before)
                assert answer["label"] == label == listing["moves"][k - 1]["label"]
                assert answer["seat"] == mover.seat
                seat_bandits = before["players"][mover.seat]["bandits"]
                bandits = [mover.bandit] if mover.bandit else seat_bandits
                assert answer["who"] == " and ".join(names.bandit(b) for b in bandits)
        assert answer["view"] == replayed.view(None)
        assert answer["captions"] == base.browser_captions(replayed.view(None))
        assert answer["step"] == k and answer["moves"] == n
        assert "hand" not in answer["view"] and "hand" not in answer["captions"]
    assert server.replay_step(table, n + 1).status_code == 404
    assert server.replay_step(table, "x").status_code == 400
    assert server.replay_step(table, "-1").status_code == 400


def test_canary_catches_a_leak() -> None:
    """The canary itself: another seat's hand, a hidden purse, the seed are caught."""
    game = Game.new(seed=2**62 + 5)
    record = game.record()
    timeline = Timeline(record)
    view = game.view(1)
    own = {"type": "welcome", "version": 0, "status": "open", "view": view}
    own["captions"] = base.browser_captions(view)
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
    with pytest.raises(AssertionError, match="another hand"):
        words_of_other = {**own["captions"], "hand": base.browser_captions(game.view(0))["hand"]}
        check_message(json.dumps({**own, "captions": words_of_other}), 1, timeline, [])


def _tunnel_update() -> tuple[Timeline, dict[str, Any], int]:
    """An honest update for seat 1 whose steps show a face-down card of another seat."""
    for seed in range(2**62, 2**62 + 40):
        game = Game.new(Options.preset("standard", players=3), seed=seed)
        rng = random.Random(seed)
        start = game.clone()
        while not game.is_over:
            before = game.clone()
            frames = game.apply_frames(rng.choice([str(a) for a in game.legal_actions()]))
            hidden = [
                i
                for i, f in enumerate(frames[:-1])
                if f.kind == "reveal" and any(e["card"] is None for e in f.view(1)["pile"])
            ]
            if hidden:
                update = steps_update(COLT, 1, frames, before=before, round_start=start)
                version = len(game.history)
                message = {"type": "update", "version": version, "status": "playing", **update}
                return Timeline(game.record()), message, hidden[0]
            if game.round_no != before.round_no:
                start = game.clone()
    raise AssertionError("no game with a face-down card in a step")


def test_canary_checks_every_step() -> None:
    """Leaks planted in the steps of an update are caught: another seat's hand in a step's
    view, a face-down card named in a step's words, a card named before it is revealed."""
    timeline, message, i = _tunnel_update()
    assert check_message(json.dumps(message), 1, timeline, []) > 10
    game = timeline.frames[message["version"]][i].state
    down = next(j for j, e in enumerate(message["steps"][i]["view"]["pile"]) if e["card"] is None)

    def planted(change: Any) -> str:
        copy = json.loads(json.dumps(message))
        change(copy["steps"][i])
        return json.dumps(copy)

    def other_hand(step: dict[str, Any]) -> None:
        step["view"]["hand"] = [game.card_name(c) for c in game.hand[1] + game.deck[0][:1]]

    def named(step: dict[str, Any]) -> None:
        step["captions"]["pile"][down]["card"] = names.card(game.card_name(game.pile[down]))

    def early(step: dict[str, Any]) -> None:
        step["card"] = {**step["card"], "index": down}

    for change, match in [
        (other_hand, "not its own"),
        (named, "face-down card named"),
        (early, "does not reveal"),
    ]:
        with pytest.raises(AssertionError, match=match):
            check_message(planted(change), 1, timeline, [])


def test_canary_catches_the_marshals_goals() -> None:
    """Marshal & Prisoners: the Marshal's current goals (the list, a goal's name or help)
    in a bandit's message are caught; the Marshal's own message holds them and passes."""
    game = Game.new(Options.preset("marshal-prisoners"), seed=2**62 + 7)
    timeline = Timeline(game.record())
    marshal = game.view(None)["mp"]["marshal_seat"]
    mine = game.view(marshal)
    goals = mine["mp"]["my_goals"]
    assert goals

    def message(view: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "welcome",
            "version": 0,
            "status": "open",
            "view": view,
            "captions": base.browser_captions(view),
        }

    told = base.browser_captions(mine)["mp"]["goals"]["mine"]
    assert any(g["name"] == names.goal(goals[0]) for g in told)
    check_message(json.dumps(message(mine)), marshal, timeline, [])
    bandit = message(game.view(1))
    check_message(json.dumps(bandit), 1, timeline, [])
    with pytest.raises(AssertionError, match="goal"):
        view = game.view(1)
        view["mp"] = {**view["mp"], "my_goals": goals}
        check_message(json.dumps({**bandit, "view": view}), 1, timeline, [])
    with pytest.raises(AssertionError, match="goal"):
        check_message(json.dumps({**bandit, "note": names.goal_help(goals[0])}), 1, timeline, [])
