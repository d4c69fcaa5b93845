"""The session: seats and bots, narration visibility, save and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coltexpress.engine.event import Event
from coltexpress.records import LEGACY_SAVE
from coltexpress.tui.session import SaveError, Session, visible_to

from .helpers import session


def test_bots_take_every_other_seat_with_their_level() -> None:
    s = session(humans=(0, 2), bots="hard,easy")
    assert s.humans == (0, 2)
    assert s.bot_levels == {1: "hard", 3: "easy"}
    with pytest.raises(ValueError, match="2 bot seats need 1 or 2"):
        session(humans=(0, 2), bots="hard,easy,medium")
    with pytest.raises(ValueError, match="unknown agent"):
        session(bots="wizard")


def test_private_events_reach_only_their_seat() -> None:
    mine = Event("drawn", {"cards": ["move"]}, 1)
    public = Event("draw", {"seat": 1, "who": ["belle"], "count": 3})
    assert visible_to(public, 0) and visible_to(public, None)
    assert visible_to(mine, 1)
    assert not visible_to(mine, 0) and not visible_to(mine, None)


def play_a_while(s: Session, steps: int) -> None:
    for _ in range(steps):
        if s.bot_to_act() is not None:
            s.bot_step()
        else:
            s.play(s.legal()[-1])


def test_save_and_resume_round_trip(tmp_path: Path) -> None:
    s = session(seed=11, humans=(0, 1), bots="easy,medium")
    play_a_while(s, 40)
    path = s.save(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["format"] == "coltexpress-record"  # the one saved-game format
    assert data["seats"] == {"humans": [0, 1], "bots": {"2": "easy", "3": "medium"}}
    again = Session.load(path)
    assert again.game.to_json() == s.game.to_json()
    assert again.humans == s.humans and again.bot_levels == s.bot_levels
    assert again.view(0) == s.view(0)
    # The resumed game goes on to the end.
    while not again.over:
        play_a_while(again, 1)
    assert again.view(None)["result"]["winners"]


def test_bad_saves_are_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SaveError, match="cannot read"):
        Session.load(bad)
    bad.write_text(json.dumps({"format": "other"}))
    with pytest.raises(SaveError, match="not a saved game"):
        Session.load(bad)
    s = session()
    data = s.to_save()
    data["actions"] = ["shoot nobody"]
    with pytest.raises(SaveError, match="does not describe a game"):
        Session.from_save(data)
    data = s.to_save()
    data["seats"] = {"humans": "everyone"}
    with pytest.raises(SaveError, match="seats are malformed"):
        Session.from_save(data)


def test_every_saved_game_format_resumes(tmp_path: Path) -> None:
    """A save of colt play, a bare record (Game.record(), a tournament's with its agents)
    and the earlier terminal save all resume; a record without seats gets seat 0 human."""
    s = session(seed=11, humans=(0,), bots="easy")
    play_a_while(s, 12)
    record = s.game.record()
    legacy = {
        "format": LEGACY_SAVE,
        "record": record,
        "humans": [0],
        "bots": {"1": "easy", "2": "easy", "3": "easy"},
    }
    for data in (s.to_save(), record, {**record, "agents": ["easy"] * 4}, legacy):
        again = Session.from_save(json.loads(json.dumps(data)))
        assert again.game.to_json() == s.game.to_json()
        assert again.humans == (0,)
        assert set(again.bot_levels) == {1, 2, 3}


def test_a_saved_game_writes_atomically(tmp_path: Path) -> None:
    s = session()
    path = s.save(tmp_path / "g.json")
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left
    assert Session.load(path).game.to_json() == s.game.to_json()
