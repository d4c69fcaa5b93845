"""Colt Super Express in the terminal: whole games by keys at 80x24 and on the full board,
a whole game in the plain mode, the train drawn from the locomotive to the caboose with each
floor's figures in order, facing and stunned as the view says, the Shootin' phase card by
card in step with the story, ``colt play --game super-express`` and ``colt replay`` on the
command line, saves; and no internal name or pronoun in what a player reads."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, OptionList, Static
from typer.testing import CliRunner

from coltexpress.cli import app as cli_app
from coltexpress.engine import names
from coltexpress.games import options_for
from coltexpress.tournament import make_agent, parse_agent
from coltexpress.tui.app import ColtApp
from coltexpress.tui.games import EndTable, front
from coltexpress.tui.plain import PlainGame
from coltexpress.tui.replay import ReplayApp, ReplaySteps, narrate
from coltexpress.tui.screens import EndScreen, HandoverScreen, HelpScreen, LogScreen
from coltexpress.tui.session import Session
from coltexpress.tui.widgets import HandPanel, PilePanel, PlayersPanel, TrainPanel
from coltexpress.words import super_express as words
from coltexpress.words.super_express import card

from .helpers import (
    LARGE,
    PRONOUN,
    SMALL,
    Forbidden,
    app_for,
    find_problems,
    first_key,
    lowercase_names,
    render,
    settle,
)

runner = CliRunner()
SE = front("super-express")
CARDS = ("flip", "floor", "move", "fire", "reflex", "horse")
FORBIDDEN: Forbidden = [
    (re.compile(r"\bprogram (" + "|".join(CARDS) + r")\b"), "notation"),
    (re.compile(r"\b(reflex|flip)\b"), "a card's slug"),
    (re.compile(r"super-express|\b[Ss]eat \d|\bNone\b|\bTrue\b|\bFalse\b|[{}_@]"),
     "internal name"),
    PRONOUN,
    lowercase_names(),
]


def problems(text: str) -> list[str]:
    return find_problems(text, FORBIDDEN)


def se_session(
    preset: str = "standard", *, players: int = 4, seed: int = 3,
    humans: tuple[int, ...] = (0,), bots: str = "easy",
) -> Session:
    options = options_for("super-express", preset, players=players)
    return Session.new(options, seed=seed, humans=humans, bots=bots)


def shown(widget: Static) -> str:
    return render(widget.content) if not isinstance(widget.content, str) else widget.content


def _visible(app: ColtApp, selector: str) -> bool:
    widget = app.query_one(selector)
    return bool(widget.display and widget.region.height > 0 and widget.region.width > 0)


def token(b: dict[str, Any], *, short: bool) -> str:
    """A figure as the board draws it: an arrow the way it faces, a cross when stunned."""
    name = names.bandit(b["character"])[:3] if short else names.bandit(b["character"])
    text = f"◀{name}" if b["facing"] == "locomotive" else f"{name}▶"
    return text + ("✕" if b["stunned"] else "")


def frames_of_a_game(preset: str, players: int, seed: int) -> list[tuple[dict[str, Any], Any]]:
    """Every frame of a bot game, as seat 0 sees it (the board's view), with its events."""
    s = se_session(preset, players=players, seed=seed, humans=())
    out = []
    while not s.over:
        frames = s.bot_step()
        for n, frame in enumerate(frames):
            following = frames[n + 1].events if n + 1 < len(frames) else []
            out.append((s.frame_view(frame, 0, following), frame))
    return out


# ---------------------------------------------------------------------------- the app


@pytest.mark.parametrize(("size", "preset", "players"),
                         [(SMALL, "reflex-horse", 7), (LARGE, "standard", 4),
                          ((120, 40), "reflex", 5)],
                         ids=["80x24-7p", "160x50-4p", "120x40-5p"])
async def test_a_whole_game_by_keys_at_every_size(
    size: tuple[int, int], preset: str, players: int
) -> None:
    """Each decision: the board, the hand, the choices (one per card in hand, in words) and
    the log on the screen; keys that choose nothing never crash; the end screen at last."""
    s = se_session(preset, players=players, seed=11)
    app = app_for(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        presses = 0
        while not isinstance(app.screen, EndScreen):
            assert app.awaiting == 0
            for selector in ("#hand", "#choices", "#log", "#train", "#status", "#pile"):
                assert _visible(app, selector), (size, selector)
            view = app.current_view()
            assert app.query_one(OptionList).option_count == len(view["hand"]) == len(s.legal())
            labels = [c["label"] for c in app._choices]
            assert all(label.startswith("Program ") for label in labels)
            assert app.query_one("#choices").border_title.startswith("Your choice: your ")
            hand = shown(app.query_one(HandPanel))
            assert hand.startswith("Your hand:")
            assert all(f"[{c['key']}] {c['label'].split()[1]}" in hand for c in app._choices)
            if presses % 5 == 0:
                await pilot.press("pagedown", "pageup", "home", "end", "down", "up")
            await pilot.press(app._choices[-1]["key"] if presses % 3 else first_key(app))
            presses += 1
            await settle(pilot, app)
        assert s.over and presses >= 3 and not s.bot_failures
        winner = shown(app.screen.query_one("#winner", Static))
        assert winner.startswith("GAME OVER.") and "win" in winner
        table = app.screen.query_one(DataTable)
        assert table.row_count == players
        assert "WINNER" in str(table.get_row_at(0)) or any(
            "WINNER" in str(table.get_row_at(i)) for i in range(players))


async def test_the_board_fits_80x24_with_seven_players() -> None:
    """At the smallest size with the longest train: the compact train, the cards of the
    round, the hand and the choices all fit; the players' table waits behind p."""
    s = se_session("reflex-horse", players=7, seed=5)
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert app.screen.has_class("compact")
        train = app.query_one("#train")
        assert train.region.height <= 7
        assert app.query_one("#choices").region.height >= 4
        text = render(TrainPanel.draw(app.current_view(), compact=True), width=80)
        assert "LOCO" in text and "CAB" in text
        assert all(len(line) <= 80 for line in text.splitlines())
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        lines = "\n".join(shown(w) for w in app.screen.query(Static))
        assert "(you)" in lines and "The train: the locomotive and 8 cars" in lines
        assert "played by a bot, easy" in lines


async def test_the_shootin_phase_is_shown_card_by_card_in_step_with_the_story() -> None:
    """With a pause between cards, each frame of the Shootin' phase shows as many cards
    revealed as the story has told (the board never shows the next card early)."""
    s = se_session(seed=4, bots="easy")
    app = app_for(s, delay=0.001)
    boards: list[tuple[int, int]] = []
    real = app.show

    def spy(view: dict[str, Any]) -> None:
        if view["decision"] == "watch":
            story = [e.text for e in s.log[: app._logged] if e.seat is None]
            start = max(i for i, text in enumerate(story) if text.startswith(("Round ",
                                                                              "Shootin'!")))
            told = sum(bool(re.match(r"[A-Z][a-z]+ reveals ", text)) for text in story[start:])
            boards.append((sum(len(p["revealed"]) for p in view["players"]), told))
        real(view)

    app.show = spy  # type: ignore[method-assign]
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        while not s.over and len(boards) < 6:
            await pilot.press(first_key(app))
            await settle(pilot, app)
            if app.screen is not app.screen_stack[0]:
                await pilot.press("space")
                await settle(pilot, app)
    assert len(boards) >= 6
    assert boards == [(told, told) for _, told in boards]  # as many as told, never more
    assert any(told for _, told in boards)


def test_frames_show_no_card_before_its_reveal() -> None:
    """The engine's frames take the next card off its stack early; the board's views put
    it back until its reveal is told."""
    checked = 0
    for preset, players, seed in (("standard", 4, 2), ("reflex-horse", 6, 8)):
        told: list[str] = []
        for view, frame in frames_of_a_game(preset, players, seed):
            for e in frame.events:
                if e.kind in ("round", "shootin"):
                    told = []
                elif e.kind == "reveal":
                    told.append(e.data["card"])
            if view["decision"] != "watch":
                continue
            checked += 1
            revealed = sum(len(p["revealed"]) for p in view["players"])
            assert revealed == len(told), (frame.kind, revealed, told)
            me = view["players"][0]
            if not view["bandits"][0]["out"]:  # the viewer's own cards: stack + revealed
                assert len(view["stack"]) + len(me["revealed"]) == me["programmed"] == 3
    assert checked > 50


def test_the_round_summary_knows_the_last_round() -> None:
    """The summary of a round waits for a key before the next round, or before the final
    scores when that round ended the game."""
    seen = set()
    for seed in range(1, 7):
        s = se_session("reflex-horse", players=4, seed=seed, humans=())
        while not s.over:
            frames = s.bot_step()
            for n, frame in enumerate(frames):
                if frame.kind != "round-end":
                    continue
                following = frames[n + 1].events if n + 1 < len(frames) else []
                after = s.frame_view(frame, 0, following)
                ends = any(f.kind == "game-over" for f in frames[n + 1:])
                assert SE.last_round(after, after) == ends
                seen.add(ends)
    assert seen == {True, False}


def test_the_train_shows_each_floor_in_order_with_facing_and_stunned() -> None:
    """Every floor of every car, at every frame of two games: the full drawing's cell holds
    the view's figures in order (the locomotive's side first), each with its arrow and its
    stunned mark; the compact drawing holds them too, at 80 columns."""
    seen_stunned = seen_two = False
    for preset, players, seed in (("reflex-horse", 5, 1), ("standard", 7, 6)):
        for view, _frame in frames_of_a_game(preset, players, seed)[::3]:
            by_name = {b["character"]: b for b in view["bandits"]}
            full = render(TrainPanel.draw(view, compact=False), width=200).splitlines()
            rows: list[list[str]] = [[]]
            for line in full:  # a row's lines (a full cell wraps onto more lines)
                if line.startswith("│"):
                    rows[-1].append(line)
                elif rows[-1]:
                    rows.append([])
            rows = [r for r in rows if r]
            assert len(rows) == 2 and rows[0][0].startswith("│roof")
            assert rows[1][0].startswith("│in")
            for row, floor in zip(rows, ("roof", "inside"), strict=True):
                cells = [" ".join(parts) for parts in zip(
                    *(line.strip("│").split("│")[1:] for line in row), strict=True)]
                assert len(cells) == len(view["cars"]) == view["caboose"] + 1
                for cell, car in zip(cells, view["cars"], strict=True):
                    expected = [token(by_name[f], short=False) for f in car[floor]]
                    assert cell.split() == expected, (cell, expected)
                    seen_stunned |= any("✕" in t for t in expected)
                    seen_two |= len(expected) > 1
            compact = render(TrainPanel.draw(view, compact=True), width=80)
            assert all(len(line) <= 80 for line in compact.splitlines())
            flat = " ".join(compact.split())
            for b in view["bandits"]:
                if b["car"] is not None:
                    assert token(b, short=True) in flat
    assert seen_stunned and seen_two


def test_headers_out_falling_and_loot_cards_under_the_train() -> None:
    """The train shrinks: its caboose is named by its number; under the train, who is
    falling, who is out (and since when), each bandit's Loot cards."""
    frames = frames_of_a_game("reflex-horse", 5, 1)
    view = next(v for v, _ in frames if v["round"] == 3)
    text = render(TrainPanel.draw(view), width=160)
    assert "LOCOMOTIVE" in text and f"CABOOSE ({view['caboose']})" in text
    assert view["caboose"] == 4 and "CAR 3" in text and "CAR 4" not in text
    small = render(TrainPanel.draw(view, compact=True), width=80)
    assert "LOCO" in small and "CAR3" in small and "CAB" in small and "CAR4" not in small
    out = [b for b in view["bandits"] if b["out"]]
    assert out and "Out: " in text
    for b in out:
        assert f"{names.bandit(b['character'])} (round {b['out_round']})" in text
    looted = [b for b in view["bandits"] if b["loot"]]
    assert looted and "Loot cards: " in text
    for b in looted:
        values = "+".join(str(t["value"]) for t in b["loot"])
        assert f"{names.bandit(b['character'])} {values}" in text
    falling = next(v for v, _ in frames if any(b["falling"] for b in v["bandits"]))
    who = next(b for b in falling["bandits"] if b["falling"])
    assert f"Falling: {names.bandit(who['character'])}" in render(TrainPanel.draw(falling))
    assert any(line.startswith("Off the train, falling: ")
               for line in words.train_lines(falling))


def test_the_players_table_and_the_cards_of_the_round() -> None:
    frames = frames_of_a_game("reflex", 4, 3)
    schemin = next(v for v, f in frames if v["decision"] == "program" and any(
        p["programmed"] for p in v["players"]))
    text = render(PlayersPanel.draw(schemin, {0: "you"}), width=160)
    for p in schemin["players"]:
        assert "▮" * p["programmed"] + "▯" * (3 - p["programmed"]) in text or (
            schemin["bandits"][p["seat"]]["out"])
    assert "Schemin'" in render(PilePanel.draw(schemin), width=160)
    shootin = next(v for v, f in frames if v["decision"] == "watch" and sum(
        len(p["revealed"]) for p in v["players"]) >= 2)
    pile = render(PilePanel.draw(shootin), width=160)
    assert pile.startswith("Shootin', cards in the order revealed:") and "next:" in pile
    order = words.reveal_order(shootin)
    seat, i = order[0]
    first = shootin["players"][seat]
    assert f"{names.bandit(first['bandit'])} {card(first['revealed'][i])}" in pile
    small = render(PilePanel.draw(shootin, compact=True), width=80)
    assert len(small.splitlines()) <= 2


async def test_help_players_and_story_speak_of_this_game() -> None:
    s = se_session("reflex-horse", seed=5)
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert app.title == "Colt Super Express"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(shown(w) for w in app.screen.query(Static))
        for topic in ("Colt Super Express: the rules in brief", "Flip:", "Change Floor:",
                      "Reflex:", "Horse:", "Wake up:", "Line of sight:", "Loot cards:",
                      "Falling:"):
            assert topic in text, topic
        assert "Stealin'" not in text and "Marshal" not in text
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = "\n".join(shown(w) for w in app.screen.query(Static))
        assert "Round 1:" in text


async def test_hot_seat_hides_every_hand_and_stack_between_players() -> None:
    """Two humans: the keyboard changes hands behind a screen naming the next bandit; no
    hand, stack or set-aside card shows meanwhile, and the story keeps to public lines."""
    s = se_session("reflex", players=4, seed=3, humans=(0, 2), bots="easy")
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        handovers = 0
        while handovers < 3 and not s.over:
            if isinstance(app.screen, HandoverScreen):
                handovers += 1
                seat = app.screen.seat
                name = names.bandit(s.view(None)["players"][seat]["bandit"])
                assert app.screen.players[seat] == name
                assert app.viewer is None
                assert shown(app.query_one(HandPanel)).strip() == "Hand hidden."
                assert "hand" not in app.current_view() and "stack" not in app.current_view()
                await pilot.press("enter")
                await settle(pilot, app)
                assert app.viewer == seat
                assert shown(app.query_one(HandPanel)).startswith("Your hand:")
                continue
            await pilot.press(first_key(app))
            await settle(pilot, app)
        assert handovers >= 2


async def test_the_notation_box_takes_program_actions() -> None:
    s = se_session(seed=6)
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        card = s.legal()[-1]
        await pilot.press("slash")
        for ch in "program jump":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await pilot.pause()
        error = shown(app.query_one("#error", Static))
        assert "'program jump' is not an action" in error
        box = app.query_one("#notation")
        box.value = card  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)
        assert s.game.record()["actions"].count(card) >= 1


async def test_every_move_is_saved_and_resumes(tmp_path: Path) -> None:
    s = se_session(seed=9)
    path = tmp_path / "se.json"
    app = app_for(s, save=path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press(first_key(app))
        await settle(pilot, app)
    data = json.loads(path.read_text())
    assert data["game"] == "super-express" and data["format"] == "coltexpress-record"
    assert data["seats"] == {"humans": [0], "bots": {"1": "easy", "2": "easy", "3": "easy"}}
    resumed = Session.load(path)
    assert resumed.game.to_json() == s.game.to_json()
    assert resumed.front.name == "super-express"


# ---------------------------------------------------------------------------- bots


def test_the_bot_levels_play_this_game() -> None:
    """Every level makes an agent that plays Colt Super Express to the end without falling
    back on a random choice."""
    s = se_session(seed=2, humans=(), bots="easy,medium,random,ismcts:iterations=20")
    while not s.over:
        s.bot_step()
    assert not s.bot_failures
    game = options_for("super-express", "reflex-horse", players=5)
    for level in ("easy", "medium", "hard", "heuristic"):
        world = Session.new(game, seed=8, humans=(), bots=level).game
        agent = make_agent(parse_agent(SE.agent(level)), seed=1)
        for _ in range(4):
            choice = agent.act(world)
            assert choice in world.legal_ids()
            world.apply_id(choice)


# ---------------------------------------------------------------------------- plain mode


@pytest.mark.parametrize(("preset", "seat"), [("standard", 0), ("reflex-horse", 2)])
def test_the_plain_mode_plays_a_whole_game_in_words(preset: str, seat: int) -> None:
    s = se_session(preset, players=5, seed=12, humans=(seat,))
    out = io.StringIO()
    script = io.StringIO("help\nhelp line of sight\nhelp nosuch\ntrain\nplayers\npile\nhand\n"
                         "why 1\nnotation\noptions\nnotation\n" + "1\n" * 300)
    assert PlainGame(s, stdin=script, stdout=out).run() == 0
    text = out.getvalue()
    assert s.over
    assert text.startswith("Colt Super Express. Type 'help'")
    assert "Line of sight: the bandits in front of a shooter" in text
    assert "No help on 'nosuch'" in text
    assert "Your turn: program your first card of 3, face down." in text
    assert "  1. Program " in text and "[program " in text  # the notation when asked
    assert "Shootin'! In turn, each player reveals the top card of their stack." in text
    assert "Round 1 in short:" in text and "Where everyone is:" in text
    assert " wins" in text or "share the win" in text
    for ch in "┃━│╭◀▶✕▮":
        assert ch not in text  # no drawing
    assert "\x1b[" not in text
    for line in text.splitlines():
        if "[program" in line or "Commands:" in line:
            continue  # the notation, shown when asked; the commands name it
        assert not problems(line), problems(line)


def test_nothing_a_player_reads_leaks_an_internal_name_or_a_pronoun() -> None:
    """Every sentence and drawing a player reads, over whole games of every preset."""
    for preset, players, seed in (("standard", 3, 1), ("reflex", 4, 2), ("horse", 6, 3),
                                  ("reflex-horse", 7, 4)):
        s = se_session(preset, players=players, seed=seed, humans=())
        before = s.view(0)
        texts = [e.text for e in s.log]
        while True:
            for seat in (0, players - 1, None):
                view = s.view(seat)
                texts += [*SE.train_lines(view), *SE.figure_lines(view), SE.situation(view),
                          SE.hand_sentence(view), *SE.pile_lines(view)]
                texts += [c["label"] + " " + c["hint"] for c in SE.choices(view)]
                texts.append(render(TrainPanel.draw(view, compact=True), width=80))
                texts.append(render(TrainPanel.draw(view), width=160))
                texts.append(render(PlayersPanel.draw(view, {}), width=160))
                texts.append(render(PilePanel.draw(view, compact=True), width=80))
                texts.append(render(HandPanel.draw(view), width=80))
                if "result" in view:
                    texts += SE.result_lines(view)
                    banner, parts = SE.end_parts(view, {})
                    texts.append(banner)
                    for part in parts:
                        if isinstance(part, EndTable):
                            texts += [" ".join(part.columns), *(" ".join(r) for r in part.rows)]
                        else:
                            texts.append(part if isinstance(part, str) else part.plain)
            if s.over:
                break
            frames = s.bot_step()
            texts += [e.text() for f in frames for e in f.events]
            if any(f.kind == "round-end" for f in frames):
                texts += SE.round_summary(before, s.view(0), [], [e for f in frames
                                                                 for e in f.events])
                before = s.view(0)
        texts.append(SE.help_text(s.game.options))
        for text in texts:
            assert not problems(text), problems(text)


# ---------------------------------------------------------------------------- command line


def test_colt_play_game_super_express_plain_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "se.json"
    args = ["play", "--game", "super-express", "--preset", "reflex", "--players", "4",
            "--seat", "2", "--plain", "--seed", "4", "--bots", "easy", "--delay", "0",
            "--save", str(path)]
    result = runner.invoke(cli_app, args, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Colt Super Express.")
    assert "Reflex" in result.output and "The game is over" in result.output
    data = json.loads(path.read_text())
    assert data["game"] == "super-express" and data["options"]["reflex"] is True
    assert data["seats"]["humans"] == [1]
    result = runner.invoke(cli_app, ["play", "--plain", "--resume", str(path)],
                           input="quit\n")
    assert result.exit_code == 0 and "Colt Super Express." in result.output


def test_colt_play_game_super_express_refuses_bad_options() -> None:
    for args, message in [
        (["--players", "2"], "3 to 7 players"),
        (["--preset", "expert"], "unknown preset"),
        (["--round-cards", "braking"], "colt-express only"),
        (["--characters", "belle,doc"], "4 characters are needed"),
    ]:
        result = runner.invoke(cli_app, ["play", "--game", "super-express", "--plain", *args],
                               input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
    result = runner.invoke(cli_app, ["play", "--game", "chess", "--plain"], input="quit\n")
    assert result.exit_code == 2 and "unknown game" in result.output


def test_colt_play_game_super_express_starts_the_app(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    started: list[ColtApp] = []

    def run(self: ColtApp) -> None:
        started.append(self)

    monkeypatch.setattr(ColtApp, "run", run)
    result = runner.invoke(cli_app, ["play", "--game", "super-express", "--preset", "horse",
                                     "--seed", "3", "--save", str(tmp_path / "a.json")])
    assert result.exit_code == 0, result.output
    assert started and started[0].session.game.options.horse
    assert started[0].front.title == "Colt Super Express"


def _finished(seed: int = 4) -> Session:
    s = se_session("reflex-horse", players=5, seed=seed, humans=())
    while not s.over:
        s.bot_step()
    return s


@pytest.mark.parametrize("form", ["colt play", "record", "tournament"])
def test_colt_replay_narrates_a_super_express_record(tmp_path: Path, form: str) -> None:
    s = _finished()
    record = s.game.record()  # the engine's record: it names its game, no format
    data = {"colt play": s.to_save(), "record": record,
            "tournament": {**record, "agents": ["easy"] * 5}}[form]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli_app, ["replay", str(path), "--text"])
    assert result.exit_code == 0, result.output
    assert "   1. " in result.output and "Program " in result.output
    assert "Shootin'!" in result.output and "The game is over" in result.output
    assert "on the train to the end" in result.output


def test_replay_refuses_a_broken_super_express_record(tmp_path: Path) -> None:
    record = _finished().game.record()
    record["actions"][3] = "program jump"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(cli_app, ["replay", str(path), "--text"])
    assert result.exit_code == 2 and "does not replay" in result.output


async def test_the_replay_board_steps_card_by_card() -> None:
    s = _finished(seed=6)
    steps = ReplaySteps.from_record(s.to_save())
    assert steps.front.name == "super-express"
    assert steps[0].heading == "Before the first move."
    assert steps[1].label.startswith("Program ") and steps[1].who
    reveals = [st for st in steps.steps if any(" reveals " in line for line in st.lines)]
    assert len(reveals) > 9
    for st in steps.steps:  # the board never shows a card before its reveal is told
        view = st.view()
        assert "hand" not in view and "stack" not in view  # a spectator's view
    text = "\n".join(narrate(steps))
    assert "The game is over" in text
    replay = ReplayApp(steps, name="a game")
    async with replay.run_test(size=SMALL) as pilot:
        assert replay.title == "Colt Super Express replay"
        await pilot.press(*["right"] * 30)
        assert "LOCO" in render(replay.query_one(TrainPanel).content, width=80)
        await pilot.press("end", "f")
        await pilot.pause()
        assert isinstance(replay.screen, EndScreen)
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(replay.screen, HelpScreen)
