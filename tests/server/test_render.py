"""A move's updates are built for all its viewers together (``render.Renderer``), sharing
what they have in common (``messages.Said``: each event's words, each step's card, the
words of the parts of their views that are alike, and of the moment before). Each
viewer's update must be exactly the one built for that viewer alone, in every game and
option set, at every move of whole games (round ends, events, stations, the end); and
its patches, applied to what the viewer had, must give that update's moments (the first
update of a copy just built comes whole: it knows nothing the viewer saw before)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from coltexpress.server.kinds import table_game
from coltexpress.server.render import Job, Renderer
from coltexpress.updates.messages import update_fields
from coltexpress.updates.patch import apply
from tests.test_views import assert_shared

TABLES = [
    ("colt-express", "standard", 4),
    ("colt-express", "two-bandits", 3),
    ("colt-express", "marshal-prisoners", 5),
    ("colt-express", "horses-stagecoach", 4),
    ("colt-express", "expert", 3),
    ("colt-express", "first-game", 5),
    ("colt-express", "both-expansions", 4),
    ("super-express", "reflex-horse", 4),
    ("super-express", "standard", 3),
]


@pytest.mark.parametrize(("name", "preset", "players"), TABLES)
def test_updates_built_together_equal_each_built_alone(
    name: str, preset: str, players: int
) -> None:
    kind = table_game(name)
    options = kind.options(preset, {"players": players}).to_dict()
    seats: tuple[int | None, ...] = (*range(players), None)
    renderer = Renderer()
    game = kind.new(options, 5)
    round_start = game.clone()
    rng = random.Random(5)
    version, steps = 0, 0
    had: dict[int | None, dict[str, Any]] = {}
    while not game.is_over:
        action = rng.choice([str(a) for a in game.legal_actions()])
        record = (name, options, 5, list(game.record()["actions"])) if version == 0 else None
        header = {"type": "update", "version": version + 1}
        texts = renderer.run(Job("t", version, action, seats, header, record, seats))
        assert texts is not None
        before, after = game, game.clone()
        frames = after.apply_frames(action)
        for seat in seats:  # each alone: nothing shared with another viewer
            alone: dict[str, Any] = {
                **header, **update_fields(kind, after, seat, frames, before, round_start)
            }
            whole = msgspec.json.decode(msgspec.json.encode(alone))
            assert msgspec.json.decode(texts[seat, False]) == whole, (version, seat)
            patched = msgspec.json.decode(texts[seat, True])
            if version == 0:  # a copy just built knows nothing the viewer saw: whole
                assert patched == whole, seat
                had[seat] = {"view": whole["view"], "captions": whole["captions"]}
                continue
            now = had[seat]
            for moment, expected in zip([*patched["steps"], patched],
                                        [*whole["steps"], whole], strict=True):
                now = apply(now, moment.pop("change"))
                assert now == {"view": expected["view"], "captions": expected["captions"]}
                assert {k: v for k, v in moment.items() if k != "steps"} == {
                    k: v for k, v in expected.items() if k not in ("view", "captions", "steps")
                }, (version, seat)
            had[seat] = now
        steps += len(frames) - 1
        if after.round_no != before.round_no:
            round_start = after.clone()
        game, version = after, version + 1
    assert steps > 0  # moves with several steps were among them


@pytest.mark.parametrize(("name", "preset", "players"), [TABLES[0], TABLES[3], TABLES[7]])
def test_a_moves_views_keep_what_did_not_change_since_the_tables_last_moment(
    name: str, preset: str, players: int
) -> None:
    """A renderer builds each moment's public view sharing what did not change with the
    moment before, the last of the previous move included (compared here after the moves
    of one step): an equal part is the same object, which the viewers' words and patches
    then compare at once."""
    kind = table_game(name)
    options = kind.options(preset, {"players": players}).to_dict()
    seats: tuple[int | None, ...] = (*range(players), None)
    renderer = Renderer()
    game = kind.new(options, 9)
    rng = random.Random(9)
    version, kept, compared = 0, 0, 0
    last: dict[str, Any] | None = None
    while not game.is_over:
        action = rng.choice([str(a) for a in game.legal_actions()])
        record = (name, options, 9, []) if version == 0 else None
        job = Job("t", version, action, (), {"type": "update"}, record, seats)
        assert renderer.run(job) is not None
        view = renderer.copies["t"].seen[None]["view"]
        if last is not None and len(game.clone().apply_frames(action)) == 1:  # else the
            kept += assert_shared(last, view)  # moment before is the move's last step
            compared += 1
        last = view
        game.apply(action)
        version += 1
    assert compared > version // 2
    assert kept > 10 * compared  # most of a moment is as it was


def test_a_viewers_words_keep_those_of_its_moment_before_and_of_the_spectators() -> None:
    """Words that depend only on parts of a view alike to those of the viewer's moment
    before, or of the spectator's at the same moment, are theirs (the same object, which
    the patches compare at once): a seat's hand, while its hand and its choices are
    unchanged; the situation, for every seat that does not decide (the same sentence as
    the spectator's)."""
    kind = table_game("colt-express")
    options = kind.options("standard", {"players": 4}).to_dict()
    seats: tuple[int | None, ...] = (0, 1, 2, 3, None)
    renderer = Renderer()
    game = kind.new(options, 13)
    rng = random.Random(13)
    version, hands, situations = 0, 0, 0
    while not game.is_over:
        action = rng.choice([str(a) for a in game.legal_actions()])
        record = ("colt-express", options, 13, []) if version == 0 else None
        before = dict(renderer.copies["t"].seen) if version else {}
        job = Job("t", version, action, (), {"type": "update"}, record, seats)
        assert renderer.run(job) is not None
        seen = renderer.copies["t"].seen
        watcher = seen[None]
        for seat in range(4):
            now, last = seen[seat], before.get(seat)
            view = now["view"]
            if last is not None and (last["view"]["hand"], last["view"].get("legal")) == (
                view["hand"], view.get("legal")
            ):
                assert now["captions"]["hand"] is last["captions"]["hand"], (version, seat)
                hands += 1
            if view["actor"] not in (None, seat) and "result" not in view:
                assert now["captions"]["situation"] is watcher["captions"]["situation"]
                situations += 1
        game.apply(action)
        version += 1
    assert hands > 100 and situations > 100
