"""Updates as patches (``"patch": true`` in the hello): each moment of a move as the change
from the moment before, which a viewer applies to what it has. A viewer that takes patches
sees exactly what a viewer that takes whole updates sees, at every moment of every move, in
every game: the server's patches are checked against its whole updates, socket beside
socket, over whole games."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coltexpress.server.kinds import table_game
from coltexpress.server.render import Job, Renderer
from coltexpress.updates.patch import apply, diff

from .client import Client, Server, follow, moments

GAMES = [
    ("colt-express", "standard", 3),
    ("colt-express", "expert", 4),
    ("colt-express", "two-bandits", 2),
    ("colt-express", "first-game", 5),
    ("colt-express", "mei", 4),
    ("colt-express", "marshal-prisoners", 4),
    ("colt-express", "horses-stagecoach", 4),
    ("colt-express", "both-expansions", 5),
    ("super-express", "standard", 4),
    ("super-express", "reflex-horse", 3),
]

MOMENT = ("view", "captions", "kind", "card", "count")


def _moments(message: dict[str, Any]) -> list[dict[str, Any]]:
    """An update's moments, each as a viewer shows it."""
    return [{k: m.get(k) for k in MOMENT} for m in [*message["steps"], message]]


async def _updates(client: Client, until: int) -> dict[int, dict[str, Any]]:
    out = {}
    while client.version < until:
        message = await client.recv()
        if message["type"] == "update":
            out[message["version"]] = message
    return out


@pytest.mark.parametrize(("game", "preset", "players"), GAMES)
async def test_a_viewer_of_patches_sees_what_a_viewer_of_whole_updates_sees(
    server: Server, game: str, preset: str, players: int
) -> None:
    """A spectator on two sockets (whole updates; patches) through a whole game played by
    bots: every update's moments, applied from patches, equal the whole update's, and so
    do their events; a viewer of patches who comes in the middle of the game (its welcome
    whole, then patches) too."""
    bots = {str(s): "easy" for s in range(players)}
    created = server.create(game=game, preset=preset, players=players, bots=bots, seed=7)
    assert created.tokens == {}
    whole = await server.connect(created.table)
    patched = await server.connect(created.table, patch=True)
    for client in (whole, patched):
        await client.expect("welcome")
    await asyncio.to_thread(server.start, created)
    late: Client | None = None
    got_whole: dict[int, dict[str, Any]] = {}
    got_patched: dict[int, dict[str, Any]] = {}
    while whole.status != "over":
        message = await whole.recv()
        if message["type"] == "update":
            got_whole[message["version"]] = message
        if late is None and whole.version >= 20:
            late = await server.connect(created.table, patch=True)
    got_patched = await _updates(patched, whole.version)
    assert late is not None
    welcome = await late.expect("welcome")
    got_late = await _updates(late, whole.version)
    assert len(got_whole) > 20 and set(got_patched) == set(got_whole)
    assert set(got_late) == {v for v in got_whole if v > welcome["version"]}
    for version, message in got_whole.items():
        for other in (got_patched, got_late):
            if version in other:
                assert _moments(other[version]) == _moments(message), version
                assert other[version]["events"] == message["events"]
    assert any(m["steps"] for m in got_whole.values())  # moves of several moments came
    # what came was patches, and much smaller than the whole updates
    sizes = [len(raw) for raw in patched.raw if '"type":"update"' in raw]
    whole_sizes = [len(raw) for raw in whole.raw if '"type":"update"' in raw]
    assert sum(sizes) * 3 < sum(whole_sizes)


async def test_a_viewer_welcomed_after_a_round_ends_applies_the_next_update(
    server: Server,
) -> None:
    """A round's last move leaves its summary in the captions of every viewer that saw it;
    a welcome, built from the table as it stands, has none. A viewer of patches (a seat's
    second socket, a spectator) that comes in just then gets its next update whole, then
    patches again, and sees what the seat's and the spectators' whole updates say."""
    created = server.create(players=3, preset="standard", seed=5)
    players = {}
    for seat, token in created.tokens.items():
        players[seat] = await server.connect(created.table, token, seat)
        await players[seat].expect("welcome")
    watcher = await server.connect(created.table)
    await watcher.expect("welcome")
    await asyncio.to_thread(server.start, created)
    everyone = [*players.values(), watcher]
    for client in everyone:
        await client.until(lambda m: m["type"] == "update")
    late: list[Client] = []
    seen_summary = False
    got: dict[int, list[dict[str, Any]]] = {}
    while watcher.status != "over" and len(got.get(0, [])) < 3:
        actor = watcher.view["actor"]
        mover = players[actor]
        version = mover.version
        await mover.send({"type": "act", "action": mover.view["legal"][0], "version": version,
                          "id": f"m{version}"})
        updates = {}
        for client in [*everyone, *late]:
            updates[id(client)] = await client.until(
                lambda m, v=version: m["type"] == "update" and m["version"] == v + 1)
        if late:
            pairs = [(late[0], players[0]), (late[1], watcher)]
            for i, (new, old) in enumerate(pairs):
                assert _moments(updates[id(new)]) == _moments(updates[id(old)])
                assert updates[id(new)]["events"] == updates[id(old)]["events"]
                got.setdefault(i, []).append(new.raw[-1])
        elif "summary" in updates[id(watcher)]["captions"]:
            seen_summary = True
            for seat in (0, None):
                token = None if seat is None else created.tokens[seat]
                client = await server.connect(created.table, token, seat, patch=True)
                welcome = await client.expect("welcome")
                assert "summary" not in welcome["captions"]
                late.append(client)
    assert seen_summary and len(got[0]) == 3 and len(got[1]) == 3
    for raws in got.values():  # the first whole, then patches
        assert ['"change"' in raw for raw in raws] == [False, True, True]


async def test_each_seat_of_patches_sees_its_own_secrets(server: Server) -> None:
    """Seats of people, each with a socket of each kind, play a whole game: at every
    update a seat's moments from patches equal its whole ones (its hand, the values it
    knows), and what a seat's patches carry is only what its whole updates carry."""
    created = server.create(players=3, preset="standard", seed=11)
    rng = random.Random(11)
    pairs = []
    for seat, token in created.tokens.items():
        whole = await server.connect(created.table, token, seat)
        await whole.expect("welcome")  # the invite claims the seat: the second uses its secret
        patched = await server.connect(created.table, token, seat, patch=True)
        await patched.expect("welcome")
        pairs.append((whole, patched))
    await asyncio.to_thread(server.start, created)
    players = [whole for whole, _ in pairs]

    async def follow(client: Client, log: dict[int, dict[str, Any]]) -> None:
        while client.status != "over":
            message = await client.recv()
            if message["type"] == "update":
                log[message["version"]] = message

    logs: list[dict[int, dict[str, Any]]] = [{} for _ in pairs]
    await asyncio.wait_for(
        asyncio.gather(*(p.play(rng) for p in players),
                       *(follow(pair[1], log) for pair, log in zip(pairs, logs, strict=True))),
        90,
    )
    for (whole, _), log in zip(pairs, logs, strict=True):
        wholes = {}
        for raw in whole.raw:
            message = json.loads(raw)
            if message["type"] == "update":
                wholes[message["version"]] = message
        assert set(log) == set(wholes)
        for version, message in wholes.items():
            assert _moments(log[version]) == _moments(message)
            assert log[version]["events"] == message["events"]


@pytest.mark.parametrize(("game", "preset", "players"), GAMES)
def test_the_seats_patches_built_together_equal_their_whole_updates(
    game: str, preset: str, players: int
) -> None:
    """A render worker builds a move's updates for every seat of a table with no spectator
    at once, the seats' words shared where their views are alike (``messages.Said``): each
    seat's moments from its patches equal its whole update's, over a whole random game."""
    kind = table_game(game)
    options = kind.options(preset, {"players": players}).to_dict()
    seats = tuple(range(players))
    patches, wholes = Renderer(), Renderer()
    rng = random.Random(players)
    current = kind.new(options, 5)
    shown: dict[int, dict[str, Any]] = {}
    version = 0
    while not current.is_over:
        action = str(rng.choice(current.legal_actions()))
        record = (game, options, 5, []) if version == 0 else None
        header = {"type": "update", "version": version + 1}
        patched = patches.run(Job("t", version, action, (), header, record, seats))
        whole = wholes.run(Job("t", version, action, seats, header, record))
        assert patched is not None and whole is not None
        for seat in seats:
            message = json.loads(whole[seat, False])
            patch = json.loads(patched[seat, True])
            if "change" not in patch:  # the copy's first move: it knows nothing the seat saw
                assert version == 0
            seen = moments(follow(shown.get(seat), patch))
            shown[seat] = seen[-1]
            assert seen == moments(message), (version, seat)
            assert patch["events"] == message["events"]
        current.apply(action)
        version += 1


async def test_patch_must_be_true_or_false(server: Server) -> None:
    created = server.create(players=3, bots={"1": "easy", "2": "easy"})
    client = await server.connect(created.table)
    await client.send({"type": "hello", "patch": "yes"})
    error = await client.expect("error")
    assert error["code"] == "bad-message" and "patch must be true or false" in error["message"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab", max_size=2),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("abc", max_size=2),
                                                                  inner, max_size=4),
    max_leaves=20,
)
OBJECTS = st.dictionaries(st.text("abc", max_size=2), JSON, max_size=5)


@settings(max_examples=400, deadline=None)
@given(OBJECTS, OBJECTS)
def test_a_patch_makes_the_old_object_the_new_one(old: dict[str, Any], new: dict[str, Any]) -> None:
    """apply(old, diff(old, new)) == new, through JSON, leaving ``old`` as it was."""
    kept = json.dumps(old, sort_keys=True)
    patch = json.loads(json.dumps(diff(old, new)))
    assert apply(old, patch) == new
    assert json.dumps(old, sort_keys=True) == kept
    assert (patch == {}) == (old == new)


def test_a_patch_names_only_what_changed() -> None:
    old = {"a": 1, "b": [1, 2], "c": {"d": [{"e": 1}, {"e": 2}]}, "gone": None}
    new = {"a": 1, "b": [1, 2, 3], "c": {"d": [{"e": 1}, {"e": 5}]}, "new": None}
    assert diff(old, new) == {
        "b": {"+": [3]},
        "c": {"~": {"d": {"@": {"1": {"~": {"e": {"=": 5}}}}}}},
        "new": {"=": None},
        "gone": {"-": 1},
    }


@pytest.mark.parametrize("patch", [
    {"a": {"~": {}}},  # a change to what is not there
    {"x": {"+": [1]}},  # a list's change to a number
    {"l": {"@": {"5": {"=": 1}}}},  # no such item
    {"z": {"-": 1}},  # nothing to remove
    {"x": {"?": 1}},  # no such operation
])
def test_a_patch_that_does_not_fit_is_refused(patch: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        apply({"x": 1, "l": [1]}, patch)


async def test_a_viewer_sends_at_once_only_when_nothing_waits() -> None:
    """``Viewer.send_text``: a text goes into the socket at once when the socket takes it
    and nothing waits before it; once a text had to wait (the socket could not take more),
    every later one waits behind it, in order, until the connection's pump has sent them."""
    from coltexpress.server.hub import Viewer

    sent: list[str] = []
    takes = True

    def direct(text: str) -> bool:
        if takes:
            sent.append(text)
        return takes

    viewer = Viewer("t", 0, direct=direct)
    viewer.send_text("a")
    assert sent == ["a"] and viewer.queue.empty()
    takes = False
    viewer.send_text("b")  # the socket is full: it waits
    takes = True
    viewer.send_text("c")  # the socket takes more, but "b" waits before it
    assert sent == ["a"] and viewer.queue.qsize() == 2
    viewer.sending = True  # the pump holds "b" and sends it
    assert viewer.queue.get_nowait() == "b"
    viewer.send_text("d")  # "c" still waits: "d" after it
    assert [viewer.queue.get_nowait(), viewer.queue.get_nowait()] == ["c", "d"]
    viewer.sending = False
    viewer.send_text("e")  # nothing waits: at once again
    assert sent == ["a", "e"] and viewer.queue.empty()


async def test_a_held_message_goes_out_with_the_next_in_one_write() -> None:
    """``Viewer.hold`` (a move's ack): the message goes out before the viewer's next text,
    both in one call of the socket's ``send_now`` (one write); ``release`` sends it alone
    when nothing else went; and a socket that cannot take them now gets both queued, the
    held one first."""
    from coltexpress.server.hub import Viewer

    writes: list[tuple[str, ...]] = []
    takes = True

    def direct(*texts: str) -> bool:
        if takes:
            writes.append(texts)
        return takes

    viewer = Viewer("t", 0, direct=direct)
    viewer.hold({"type": "ack", "version": 2})
    assert writes == []
    viewer.send_text("update 2")
    assert writes == [('{"type":"ack","version":2}', "update 2")] and not viewer.held
    viewer.hold({"type": "ack", "version": 3})
    viewer.release()
    viewer.release()  # nothing more to send
    assert writes[1:] == [('{"type":"ack","version":3}',)]
    takes = False
    viewer.hold({"type": "ack", "version": 4})
    viewer.send_text("update 4")
    assert len(writes) == 2 and viewer.queue.qsize() == 2
    assert viewer.queue.get_nowait() == '{"type":"ack","version":4}'
    assert viewer.queue.get_nowait() == "update 4"
