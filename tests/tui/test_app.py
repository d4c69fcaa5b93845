"""The Textual app, driven by keys (and a click) through Textual's pilot, at every size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Input, OptionList, Static

from coltexpress import Game
from coltexpress.tui.app import ColtApp
from coltexpress.tui.replay import ReplayApp, ReplaySteps
from coltexpress.tui.screens import (
    EndScreen,
    HandoverScreen,
    HelpScreen,
    LogScreen,
    SummaryScreen,
)
from coltexpress.tui.session import Session
from coltexpress.tui.widgets import HandPanel
from coltexpress.words.common import CHOICE_KEYS

from .helpers import LARGE, SIZE, SMALL, app_for, first_key, session, settle


def shown(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def _visible(app: ColtApp, selector: str) -> bool:
    widget = app.query_one(selector)
    return widget.display and widget.region.height > 0 and widget.region.width > 0


@pytest.mark.parametrize("size", [SMALL, SIZE, LARGE], ids=["80x24", "120x44", "160x50"])
async def test_a_whole_game_at_every_size_with_every_key(size: tuple[int, int]) -> None:
    """A whole game by keys; at each decision the hand, the choices and the log are on the
    screen, and keys that choose nothing (paging, arrows, Home/End, Space) never crash."""
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        presses = 0
        while not isinstance(app.screen, EndScreen):
            assert app.awaiting == 0
            for selector in ("#hand", "#choices", "#log", "#train", "#status"):
                assert _visible(app, selector), (size, selector)
            assert app.query_one(OptionList).option_count == len(s.legal())
            if presses % 7 == 0:
                await pilot.press("pagedown", "pageup", "home", "end", "down", "up", "space")
            await pilot.press(first_key(app))
            presses += 1
            await settle(pilot, app)
        assert presses > 15 and s.over
        winner = shown(app.screen.query_one("#winner", Static))
        assert winner.startswith("GAME OVER.")
        assert "win" in winner and "$" in winner


async def test_a_whole_game_with_arrows_and_enter() -> None:
    s = session(seed=21, players=3, bots="medium", preset="expert")
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, EndScreen):
            await pilot.press("down", "enter")
            await settle(pilot, app)
        assert s.over and s.view(None)["result"]["winners"]


# A card's key all game: face up, then face down (Ghost's first turn).
CARD_KEYS = {"move": ("2", "a"), "floor": ("3", "b"), "shoot": ("4", "c"), "rob": ("5", "d"),
             "punch": ("6", "e"), "marshal": ("7", "g")}


async def test_every_choice_has_a_key_and_the_hand_shows_the_same_keys() -> None:
    """Ghost's doubled list (each card face up or face down) is longer than nine: every
    choice still has a key, each card its own (a digit face up, a letter face down), and a
    card in hand shows the key that plays it."""
    s = session(seed=2, players=3, bots="easy")
    s.game = Game.new(s.game.options.with_(characters=("ghost", "belle", "doc")), seed=2)
    s.agents.clear()
    s.__post_init__()
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        choices = app._choices
        assert any(c["action"].endswith(" down") for c in choices)
        keys = [c["key"] for c in choices]
        assert all(keys) and len(set(keys)) == len(keys) and set(keys) <= set(CHOICE_KEYS)
        for c in choices:
            verb, _, card = c["action"].partition(" ")
            kind, _, down = card.partition(" ")
            assert c["key"] == ("1" if verb == "draw" else CARD_KEYS[kind][down == "down"])
        hand = shown(app.query_one(HandPanel))
        for c in choices:
            if c["action"].startswith("play ") and not c["action"].endswith(" down"):
                assert f"[{c['key']}] " in hand
        last = choices[-1]
        n = len(s.game.record()["actions"])
        await pilot.press(last["key"])
        await settle(pilot, app)
        assert s.game.record()["actions"][n] == last["action"]


async def test_the_stealin_phase_is_shown_card_by_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the last card of a round the board shows each card resolving in turn (views
    with nothing to decide, the resolved part of the pile growing), then a round summary
    that waits for a key before the next round is dealt."""
    s = session(seed=7, players=3, bots="easy")
    app = app_for(s, delay=0.01)
    shown_views: list[dict[str, Any]] = []
    real = ColtApp.show

    def spy(self: ColtApp, view: dict[str, Any]) -> None:
        shown_views.append(view)
        real(self, view)

    monkeypatch.setattr(ColtApp, "show", spy)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, SummaryScreen):
            await pilot.press(first_key(app))
            await settle(pilot, app)
        summary = " ".join(shown(w) for w in app.screen.query(Static))
        assert "End of round 1" in summary and "Press any key" in summary
        assert s.game.round_no == 1  # the next round is dealt already, but not shown
        watch = [v for v in shown_views if v["decision"] == "watch"]
        resolved = [sum(c["resolved"] for c in v["pile"]) for v in watch if v["pile"]]
        assert len(resolved) >= 3 and resolved == sorted(resolved)
        assert all("legal" not in v for v in watch)
        await pilot.press("x", "y")  # two keys at once close it once, and nothing breaks
        await settle(pilot, app)
        assert not isinstance(app.screen, SummaryScreen) and app.is_running


@pytest.mark.parametrize(("key", "screen"), [("p", LogScreen), ("l", LogScreen),
                                             ("question_mark", HelpScreen)])
async def test_a_board_key_closes_the_round_summary_and_does_its_work(
    key: str, screen: type,
) -> None:
    """p, l or ? on the round summary close it and open the players, the story or the
    rules, as on the board (before: the summary swallowed the key); the summary says so."""
    s = session(seed=7, players=3, bots="easy")
    app = app_for(s, delay=0.01)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, SummaryScreen):
            await pilot.press(first_key(app))
            await settle(pilot, app)
        summary = " ".join(shown(w) for w in app.screen.query(Static))
        assert "p, l, ? and s also do what they do on the board" in summary
        await pilot.press(key)
        for _ in range(50):
            await pilot.pause()
        assert isinstance(app.screen, screen), app.screen
        assert not any(isinstance(x, SummaryScreen) for x in app.screen_stack)


async def test_notation_box_accepts_actions_and_explains_errors() -> None:
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = s.game.to_json()
        await pilot.press("slash", *"xyzzy", "enter")
        assert "'xyzzy' is not an action." in shown(app.query_one("#error", Static))
        assert app.focused is app.query_one("#notation")
        await pilot.press("escape")
        assert app.focused is app.query_one("#choices")
        app.query_one("#notation", Input).value = ""
        await pilot.press("z")  # no such choice here: nothing happens
        assert s.game.to_json() == before
        legal = s.legal()
        n = len(s.game.record()["actions"])
        await pilot.press("slash", *legal[-1], "enter")
        await settle(pilot, app)
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


async def test_each_choice_shows_its_rules_help() -> None:
    s = session(seed=7, players=4, bots="easy")
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        hints = set()
        for _ in range(len(app._choices)):
            hints.add(shown(app.query_one("#hint", Static)))
            await pilot.press("down")
        assert len(hints) >= 2 and all(hints)


async def test_hot_seat_hides_the_hand_until_the_next_player_confirms() -> None:
    s = session(seed=3, players=3, humans=(0, 1), bots="easy")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, HandoverScreen):
            await pilot.press(first_key(app))
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
        assert shown(app.query_one(HandPanel)).startswith("Your hand:")
        assert app.query_one("#choices", OptionList).option_count == len(s.legal())


async def test_every_move_is_saved_and_a_crash_loses_nothing(tmp_path: Path) -> None:
    """The app saves after every move (no key needed): a game stopped at any point, even by
    an error, resumes exactly from its file."""
    s = session(seed=7, players=4, bots="easy")
    path = tmp_path / "autosave.json"
    app = app_for(s, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press(first_key(app))
        await settle(pilot, app)
        played = len(s.game.record()["actions"])
        assert json.loads(path.read_text())["actions"] == s.game.record()["actions"]
        await pilot.press("s")
    resumed = Session.load(path)
    assert len(resumed.game.record()["actions"]) == played
    assert resumed.game.to_json() == s.game.to_json()
    again = app_for(resumed)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.awaiting == 0


async def test_help_players_and_story_open_anytime_and_close() -> None:
    app = app_for(session())
    async with app.run_test(size=SMALL) as pilot:
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
        await pilot.press("escape", "p")
        assert isinstance(app.screen, LogScreen)
        lines = [shown(w) for w in app.screen.query(Static)]
        assert any("(you)" in line for line in lines)
        await pilot.press("up", "down", "pageup", "pagedown")  # scroll, never close
        assert isinstance(app.screen, LogScreen)
        await pilot.press("escape", "l")
        assert isinstance(app.screen, LogScreen)
        await pilot.press("enter", "enter", "enter")  # keys arriving together close it once
        assert not isinstance(app.screen, LogScreen) and app.is_running


async def test_a_terminal_too_small_says_how_large_it_must_be() -> None:
    app = app_for(session())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "at least 80x24" in shown(app.query_one("#tiny", Static))
        assert app.query_one("#tiny").region.height > 0
        await pilot.press("pagedown", "1", "space")
        assert app.is_running


async def test_the_app_looks_only_through_the_viewers_view(monkeypatch: pytest.MonkeyPatch) -> None:
    s = session(seed=7, players=4, bots="easy")
    seen: set[int | None] = set()
    real, real_frame = Session.view, Session.frame_view

    def spy(self: Session, seat: int | None) -> dict[str, object]:
        seen.add(seat)
        return real(self, seat)

    def spy_frame(
        self: Session, frame: Any, seat: int | None, following: Any = None
    ) -> dict[str, object]:
        seen.add(seat)
        return real_frame(self, frame, seat, following)

    monkeypatch.setattr(Session, "view", spy)
    monkeypatch.setattr(Session, "frame_view", spy_frame)
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(20):
            await pilot.press(first_key(app))
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


# ---------------------------------------------------------------------------- replays


def finished_record() -> dict[str, object]:
    s = session(seed=4, players=3, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    return s.to_save()


async def test_replay_opens_before_the_first_move_and_steps_card_by_card() -> None:
    record = finished_record()
    steps = ReplaySteps.from_record(record)
    assert steps[len(steps) - 1].game.to_json() == Game.replay(record).to_json()
    assert steps[0].move == 0 and "result" not in steps[0].view()
    assert len(steps) > steps.moves  # the Stealin' cards are steps of their own
    app = ReplayApp(steps, name="test")
    async with app.run_test(size=SMALL) as pilot:
        assert app.at == 0
        assert shown(app.query_one("#heading", Static)) == "Before the first move."
        await pilot.press("right", "right", "right", "left")
        assert app.at == 2
        heading = shown(app.query_one("#heading", Static))
        assert heading.startswith("Move 2: ") and ":" in heading[8:]
        await pilot.press("pagedown")
        assert steps[app.at].move == 12
        await pilot.press("end")
        assert app.at == len(steps) - 1
        await pilot.press("right")
        assert app.at == len(steps) - 1
        await pilot.press("f")
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape", "home")
        assert app.at == 0


async def test_the_board_replay_shows_a_reviewed_moves_mark_and_the_better_choice() -> None:
    from coltexpress.records import normalize
    from coltexpress.review import review_record

    s = session(seed=4, players=3, humans=(), bots="easy")
    for _ in range(4):
        s.bot_step()
    record = normalize(s.to_save())
    steps = ReplaySteps.from_record(record)
    steps.review = {d.move + 1: d for d in review_record(record, iterations=40,
                                                          playouts=1).decisions}
    app = ReplayApp(steps, name="test")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("right")
        heading = shown(app.query_one("#heading", Static))
        assert heading.startswith("Move 1: ")
        mark = steps.review[1].mark
        assert f"({mark}: " in heading
        assert ("better: " in heading) == (steps.review[1].loss > 0)
