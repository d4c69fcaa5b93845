"""The Textual app, driven by keys (and a click) through Textual's pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Input, OptionList, Static

from coltexpress.engine.game import Game
from coltexpress.tui.app import ColtApp
from coltexpress.tui.replay import ReplayApp, ReplaySteps
from coltexpress.tui.screens import EndScreen, HandoverScreen, HelpScreen
from coltexpress.tui.session import Session
from coltexpress.tui.widgets import HandPanel

from .helpers import SIZE, app_for, session, settle


def shown(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


async def test_a_whole_game_with_number_keys_reaches_the_winner() -> None:
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        presses = 0
        await settle(pilot, app)
        while not isinstance(app.screen, EndScreen):
            assert app.awaiting == 0
            await pilot.press("1")
            presses += 1
            await settle(pilot, app)
        assert presses > 15
        assert s.over
        winner = shown(app.screen.query_one("#winner", Static))
        assert winner.startswith(("Winner: seat", "Winners: seat"))
        for seat in s.view(None)["result"]["winners"]:
            assert f"seat {seat}" in winner


async def test_a_whole_game_with_arrows_and_enter() -> None:
    s = session(seed=21, players=3, bots="medium", preset="expert")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, EndScreen):
            await pilot.press("down", "enter")
            await settle(pilot, app)
        assert s.over and s.view(None)["result"]["winners"]


async def test_notation_box_accepts_actions_and_explains_errors() -> None:
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = s.game.to_json()
        await pilot.press("slash", *"xyzzy", "enter")
        assert "'xyzzy' is not an action" in shown(app.query_one("#error", Static))
        assert app.focused is app.query_one("#notation")
        await pilot.press("escape")
        assert app.focused is app.query_one("#choices")
        app.query_one("#notation", Input).value = ""
        await pilot.press("9")  # no 9th option here: nothing happens
        assert s.game.to_json() == before
        legal = s.legal()
        n = len(s.game.record()["actions"])
        await pilot.press("slash", *legal[-1], "enter")
        assert s.game.record()["actions"][n] == legal[-1]
        assert shown(app.query_one("#error", Static)) == ""


async def test_clicking_an_option_plays_it() -> None:
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        n = len(s.game.record()["actions"])
        first = app.query_one("#choices", OptionList).get_option_at_index(0).id
        await pilot.click("#choices", offset=(4, 1))
        await settle(pilot, app)
        assert s.game.record()["actions"][n] == first


async def test_hot_seat_hides_the_hand_until_the_next_player_confirms() -> None:
    s = session(seed=3, players=3, humans=(0, 1), bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, HandoverScreen):
            await pilot.press("1")
            await settle(pilot, app)
        seat = app.screen.seat
        assert app.viewer is None
        assert shown(app.query_one(HandPanel)) == "Hand hidden."
        assert app.query_one("#choices", OptionList).option_count == 0
        await pilot.press("1")  # a choice key does nothing behind the handover screen
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.viewer == seat
        hand = shown(app.query_one(HandPanel))
        assert hand.startswith("Your hand:")
        assert app.query_one("#choices", OptionList).option_count == len(s.legal())


async def test_save_key_then_resume(tmp_path: Path) -> None:
    s = session(seed=7, players=4, bots="easy")
    path = tmp_path / "saved.json"
    app = ColtApp(s, delay=0, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("1")
        await settle(pilot, app)
        await pilot.press("s")
        assert path.exists()
    resumed = Session.load(path)
    assert resumed.game.to_json() == s.game.to_json()
    again = ColtApp(resumed, delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.awaiting == 0


async def test_help_screen_opens_anytime_and_closes() -> None:
    app = app_for(session())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(shown(w) for w in app.screen.query(Static))
        for words in ("Change Floor:", "Tunnel (T)", "Belle:", "Swivel Arm:", "Pickpocketing"):
            assert words in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


def finished_record() -> dict[str, object]:
    s = session(seed=4, players=3, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    return s.game.record()


async def test_replay_steps_forward_and_back() -> None:
    record = finished_record()
    steps = ReplaySteps.from_record(record)
    assert steps.states[-1].to_json() == Game.replay(record).to_json()
    saved = session(seed=4, players=3, humans=(), bots="easy")
    saved.bot_step()
    assert len(ReplaySteps.from_record(saved.to_save())) == 2  # a save from colt play too
    app = ReplayApp(steps, name="test")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right", "left")
        assert app.at == 2
        await pilot.press("end")
        assert app.at == len(steps) - 1
        await pilot.press("right")
        assert app.at == len(steps) - 1
        await pilot.press("f")
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape", "home")
        assert app.at == 0


async def test_the_app_looks_only_through_the_viewers_view(monkeypatch: pytest.MonkeyPatch) -> None:
    s = session(seed=7, players=4, bots="easy")
    seen: set[int | None] = set()
    real = Session.view

    def spy(self: Session, seat: int | None) -> dict[str, object]:
        seen.add(seat)
        return real(self, seat)

    monkeypatch.setattr(Session, "view", spy)
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(6):
            await pilot.press("1")
            await settle(pilot, app)
    assert seen == {0}


async def test_quitting_an_unfinished_game_asks_twice() -> None:
    app = app_for(session())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        assert app.is_running
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
