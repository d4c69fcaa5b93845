"""The session: seats and bots, narration visibility, save and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coltexpress.engine.event import Event
from coltexpress.tui.session import SAVE_FORMAT, SaveError, Session, visible_to

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
    public = Event("draw", {"seat": 1, "count": 3})
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
    assert data["format"] == SAVE_FORMAT
    assert data["humans"] == [0, 1] and data["bots"] == {"2": "easy", "3": "medium"}
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
    with pytest.raises(SaveError, match="not a coltexpress save"):
        Session.load(bad)
    s = session()
    data = s.to_save()
    data["record"]["actions"] = ["shoot nobody"]
    with pytest.raises(SaveError, match="does not describe a game"):
        Session.from_save(data)
