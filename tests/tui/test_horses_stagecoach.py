"""Horses & Stagecoach in the terminal (alone and with Marshal & Prisoners): whole games by
keys at every size, the stagecoach drawn beside the car it stands beside (its roof and
inside, figures and loot), the Shotgun, horses, whiskey flasks, the Horse Attack's riders,
hostages, the end screen with ransoms and the stations' money, the plain mode and the
command line; and no internal name or pronoun in what a player reads."""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest
from textual.widgets import DataTable, Static
from typer.testing import CliRunner

from coltexpress import Options
from coltexpress.cli import app as cli_app
from coltexpress.engine import names
from coltexpress.engine.hs.content import hs_content
from coltexpress.tui.app import ColtApp
from coltexpress.tui.plain import PlainGame
from coltexpress.tui.screens import EndScreen, HelpScreen, LogScreen
from coltexpress.tui.session import Session
from coltexpress.tui.widgets import PlayersPanel, TrainPanel
from coltexpress.words import base, common, horses_stagecoach

from .helpers import (
    LARGE,
    PRONOUN,
    SIZE,
    SMALL,
    Forbidden,
    app_for,
    find_problems,
    lowercase_names,
    render,
    settle,
)

HOSTAGE_SLUGS = sorted(h.name for h in hs_content().hostages)
CARD_SLUGS = sorted({c.name for c in hs_content().round_cards + hs_content().stations} - {"escape"})
FORBIDDEN: Forbidden = [
    (re.compile(r"\b(" + "|".join(map(re.escape, HOSTAGE_SLUGS + CARD_SLUGS)) + r")\b"), "slug"),
    (re.compile(r"@|#\d|\b[Ss]eat \d|\bhs\b|\battack_car\b|\bhostages_left\b"), "internal name"),
    PRONOUN,
    lowercase_names("marshal"),
]


def problems(text: str) -> list[str]:
    return find_problems(text, FORBIDDEN)


def hs_session(
    preset: str = "horses-stagecoach", *, seed: int = 5, players: int | None = None,
    humans: tuple[int, ...] = (0,), bots: str = "random",
) -> Session:
    options = Options.preset(preset) if players is None else Options.preset(preset,
                                                                          players=players)
    return Session.new(options, seed=seed, humans=humans, bots=bots)


def played(moves: int, seat: int | None = 0, *, preset: str = "horses-stagecoach",
           seed: int = 5) -> dict[str, Any]:
    """A seat's view after some random moves (every seat a bot)."""
    s = hs_session(preset, seed=seed, humans=())
    for _ in range(moves):
        s.bot_step()
    return s.view(seat)


def shown(widget: Static) -> str:
    return render(widget.content) if not isinstance(widget.content, str) else widget.content


def _visible(app: ColtApp, selector: str) -> bool:
    widget = app.query_one(selector)
    return bool(widget.display and widget.region.height > 0 and widget.region.width > 0)


def _column(text: str, header: str) -> int:
    """The middle of a car's column in a drawing, by its header."""
    line = next(line for line in text.splitlines() if header in line)
    return line.index(header) + len(header) // 2


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("preset", "players", "seat", "size"),
    [
        ("horses-stagecoach", 4, 0, SMALL),
        ("horses-stagecoach", 4, 2, LARGE),
        ("horses-stagecoach", 7, 3, SIZE),
        ("both-expansions", 5, 2, SMALL),
        ("both-expansions", 5, 0, LARGE),
        ("both-expansions", 5, 3, SIZE),  # too short for both panels: the compact board
    ],
    ids=["hs-80x24", "hs-160x50", "hs-7p-120x44", "both-80x24", "both-marshal-160x50",
         "both-120x44"],
)
async def test_a_whole_game_by_keys_at_every_size(
    preset: str, players: int, seat: int, size: tuple[int, int]
) -> None:
    """At every decision the hand, the choices, the log, the train and the status are on
    the screen; the train shows the stagecoach beside its car (and the riders during the
    Horse Attack); the game ends on the end screen with the ransoms' column."""
    s = hs_session(preset, seed=11, players=players, humans=(seat,))
    app = app_for(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        presses = 0
        attack = False
        while not isinstance(app.screen, EndScreen):
            assert app.awaiting == seat
            for selector in ("#hand", "#choices", "#log", "#train", "#status"):
                assert _visible(app, selector), (size, selector)
            assert app.query_one("#choices").region.height >= 2
            view = app.current_view()
            compact = app.query_one(TrainPanel).compact
            tall = 50 if preset == "both-expansions" else 40
            assert compact == (size[0] < 120 or size[1] < tall)
            train = render(TrainPanel.draw(view, compact=compact), width=size[0])
            assert "coach" in train and ("↑" if compact else "roof:") in train
            if view["decision"] == "horse-attack":
                attack = True
                assert ("♞" if compact else "♞ riding") in train
            await pilot.press(app._choices[presses % len(app._choices)]["key"])
            presses += 1
            await settle(pilot, app)
        assert s.over and presses > 15
        assert attack == (seat != 0 or preset == "horses-stagecoach")  # the Marshal rides not
        end = app.screen
        assert shown(end.query_one("#winner", Static)).startswith("GAME OVER.")
        table = end.query_one(DataTable)
        header = [str(c.label) for c in table.columns.values()]
        assert ("Ransom" if preset == "both-expansions" else "ransom") in header
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= 78
        for text in (shown(w) for w in end.query(Static)):
            assert not problems(text), problems(text)


async def test_bots_alone_play_a_whole_game_of_both_expansions_on_the_board() -> None:
    s = hs_session("both-expansions", seed=3, players=6, humans=())
    app = app_for(s)
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen) and s.over


# ---------------------------------------------------------------------------- the board


@pytest.mark.parametrize("compact", [False, True], ids=["large", "compact"])
def test_the_stagecoach_stands_beside_its_car_with_its_figures_and_loot(compact: bool) -> None:
    view = copy.deepcopy(played(60))
    hs = view["hs"]
    hs["coach"], hs["shotgun"] = 2, None
    inside, on_roof = view["bandits"][0], view["bandits"][1]
    inside.update(car=None, roof=False, coach=True)
    on_roof.update(car=None, roof=True, coach=True)
    width = 80 if compact else 160
    text = render(TrainPanel.draw(view, compact=compact), width=width)
    lines = text.splitlines()
    header = "CAR2" if compact else "CAR 2"
    middle = _column(text, header)
    short = (lambda b: names.bandit(b["character"])[:3]) if compact else (
        lambda b: names.bandit(b["character"]))
    # the stagecoach's cell is in car 2's column: its roof (the Shotgun guarding, the
    # strongbox, a bandit), then its inside (another bandit)
    roof_line = next(line for line in lines if ("↑" if compact else "roof:") in line
                     and "⌐" in line)
    in_line = lines[lines.index(roof_line) + 1]
    assert short(on_roof) in roof_line and "▣1" in roof_line
    assert short(inside) in in_line and ("↓" if compact else "in:") in in_line
    for line in (roof_line, in_line):
        start = line.index("↑" if line is roof_line and compact else "↓" if compact
                           else "roof:" if line is roof_line else "in:")
        assert abs(start - middle) < (8 if compact else 14), (line, middle)
    # the bandits in the stagecoach are not drawn on the train
    assert text.count(short(inside)) == 1 and text.count(short(on_roof)) == 1


@pytest.mark.parametrize("compact", [False, True], ids=["large", "compact"])
def test_the_shotgun_on_a_roof_horses_and_whiskey(compact: bool) -> None:
    view = copy.deepcopy(played(60))
    hs = view["hs"]
    hs["coach"], hs["shotgun"], hs["horses"] = 3, 3, [1, 1, 4]
    for space in view["spaces"]:
        if space["car"] == 2 and not space["roof"]:
            space["loot"] = [{"id": 40, "kind": "whiskey", "half": False},
                             {"id": 41, "kind": "whiskey", "half": False, "old": True},
                             {"id": 42, "kind": "whiskey", "half": True, "old": False}]
    text = render(TrainPanel.draw(view, compact=compact), width=80 if compact else 160)
    head = next(line for line in text.splitlines() if "LOCO" in line)
    assert ("CAR1 ♞2" if compact else "CAR 1 ♞2") in head and "♞" in head.split("CAR")[-1]
    assert ("CAR2 ♞" if compact else "CAR 2 ♞") not in head
    # the Shotgun on the roof of car 3, no longer on the stagecoach's roof
    roof = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("roof "))
    assert "⌐" in roof and abs(roof.index("⌐") - _column(text, "CAR3" if compact else
                                                          "CAR 3")) < 10
    coach_roof = next(line for line in text.splitlines() if ("↑" if compact else "roof:") in line)
    assert "⌐" not in coach_roof
    # the flasks: 2 whose kind the viewer does not know to be old, 1 old
    assert "w2 W1" in text
    hs["shotgun"] = None
    text = render(TrainPanel.draw(view, compact=compact), width=80 if compact else 160)
    assert "⌐" in next(line for line in text.splitlines()
                       if ("↑" if compact else "roof:") in line)


def test_the_horse_attack_shows_the_riders_at_the_car_they_reached() -> None:
    s = hs_session(seed=2, players=4, humans=())
    view = s.view(None)
    assert view["decision"] == "horse-attack" and view["hs"]["riding"]
    text = render(TrainPanel.draw(view), width=160)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "♞ riding" in line)
    assert abs(lines[at].index("♞ riding") - _column(text, "CABOOSE")) < 14
    below = " ".join(lines[at + 1 : at + 4])
    for name in view["hs"]["riding"]:
        assert names.bandit(name) in below
    words = " ".join(base.train_lines(view))
    assert "The Horse Attack has reached the caboose; on horseback:" in words
    assert base.figure_where(view, view["bandits"][0]).startswith("on horseback")


def test_players_panel_and_words_name_hostages_and_the_stagecoach() -> None:
    view = copy.deepcopy(played(90, 1))
    hs = view["hs"]
    first, second = view["bandits"][0], view["bandits"][1]
    hs["hostages"] = {first["character"]: "banker", second["character"]: "photographer"}
    hs["hostages_left"] = 1
    hs["coach"] = 2
    first.update(car=None, roof=False, coach=True)
    hs["away"], hs["caught"] = [second["character"]], []
    table = render(PlayersPanel.draw(view, {}))
    assert "hostage" in table and "The Banker" in table and "The Photographer" in table
    assert "inside the stagecoach (beside car 2)" in table
    assert "rode away from the train" in table
    lines = horses_stagecoach.lines(view)
    assert "Hostages: 1 hostage card face down beside the locomotive." in lines
    banker = next(line for line in lines if "The Banker" in line)
    assert f"{names.bandit(first['character'])} has a strongbox" in banker
    brief = horses_stagecoach.brief(view)
    assert "Hostages 1 left" in brief and "Banker" in brief and "Rode away" in brief
    train = base.train_lines(view)
    assert any(line.startswith("Inside the stagecoach: " + names.bandit(first["character"]))
               for line in train)
    assert any("The stagecoach stands beside car 2" in line for line in train)
    for text in [table, *lines, brief, *train, *base.figure_lines(view)]:
        assert not problems(text), problems(text)


def test_turmoil_and_secret_choices_are_said_without_their_secrets() -> None:
    view = copy.deepcopy(played(60, 0))
    view["hs"]["turmoil_chosen"] = [1, 2]
    view["hs"]["my_turmoil"] = "play shoot"
    lines = horses_stagecoach.lines(view)
    who = common.and_list([names.player(view["players"][s]["bandits"]) for s in (1, 2)])
    assert f"Turmoil: {who} have chosen in secret." in lines
    assert "Your secret choice: Play Shoot." in lines
    brief = horses_stagecoach.brief(view)
    short = [names.bandit(view["players"][s]["bandits"][0])[:3] for s in (1, 2)]
    assert f"Turmoil: 2/4 chosen ({short[0]} {short[1]})" in brief
    spectator = copy.deepcopy(view)
    spectator["hs"].pop("my_turmoil")
    assert not any("secret choice" in line for line in horses_stagecoach.lines(spectator))


def test_nothing_a_player_reads_leaks_a_slug_or_a_pronoun_over_a_game() -> None:
    for preset, seed in (("horses-stagecoach", 1), ("both-expansions", 4)):
        s = hs_session(preset, seed=seed, players=5, humans=())
        while True:
            for seat in (0, 3, None):
                view = s.view(seat)
                texts = [*horses_stagecoach.lines(view), *base.figure_lines(view),
                         *base.train_lines(view), horses_stagecoach.brief(view),
                         base.situation(view)]
                texts += [c["label"] + " " + c["hint"] for c in base.choices(view)]
                texts.append(render(TrainPanel.draw(view, compact=True), width=80))
                texts.append(render(TrainPanel.draw(view), width=160))
                texts.append(render(PlayersPanel.draw(view, {})))
                if "result" in view:
                    texts += base.result_lines(view)
                for text in texts:
                    assert not problems(text), problems(text)
            if s.over:
                break
            s.bot_step()


async def test_p_and_help_show_the_expansion() -> None:
    s = hs_session(seed=5, humans=(0,))
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = "\n".join(shown(w) for w in app.screen.query(Static))
        assert "The stagecoach stands beside" in text and "Hostages:" in text
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(shown(w) for w in app.screen.query(Static))
        for topic in ("Horses & Stagecoach", "Stagecoach:", "Shotgun:", "Horse Attack:",
                      "Whiskey:", "The Lady's Poodle:", "Turmoil (Tu):", "Ride:", "Escape"):
            assert topic in text, topic
        assert "Brawler cards" not in text  # no Marshal & Prisoners in this game


def test_a_base_game_has_no_stagecoach() -> None:
    s = Session.new(Options.preset("standard", players=4), seed=1, humans=(0,), bots="random")
    view = s.view(0)
    for compact in (False, True):
        text = render(TrainPanel.draw(view, compact=compact), width=80 if compact else 160)
        assert "coach" not in text.lower() and "♞" not in text and "⌐" not in text
    assert horses_stagecoach.lines(view) == [] and horses_stagecoach.brief(view) == ""
    assert "hostage" not in render(PlayersPanel.draw(view, {}))


# ---------------------------------------------------------------------------- plain mode


@pytest.mark.parametrize(("preset", "seat"), [("horses-stagecoach", 1), ("both-expansions", 2)])
def test_the_plain_mode_plays_a_whole_game_in_words(preset: str, seat: int) -> None:
    s = hs_session(preset, seed=9, humans=(seat,))
    out = io.StringIO()
    script = io.StringIO("stagecoach\nhelp Shotgun\n" + "1\n" * 900)
    assert PlainGame(s, stdin=script, stdout=out).run() == 0
    text = out.getvalue()
    assert s.over and "Game over." in text
    assert "The Horse Attack!" in text and "Your secret choice:" in text
    assert text.count("Horses & Stagecoach:") == 5  # once a round
    assert text.count("Where everyone is:") == 6  # at the Horse Attack, then every round
    for part in ("The stagecoach stands beside", "Hostages:", "Shotgun: guards the strongbox",
                 "Round 5 in short:"):
        assert part in text, part
    for line in text.splitlines():
        assert not problems(line), line
    for ch in "┃━│╭♞⌐":
        assert ch not in text


def test_colt_play_runs_both_presets_to_the_end(tmp_path: Any) -> None:
    runner = CliRunner()
    for preset in ("horses-stagecoach", "both-expansions"):
        args = ["play", "--plain", "--preset", preset, "--seed", "4", "--bots", "random",
                "--delay", "0", "--save", str(tmp_path / f"{preset}.json")]
        result = runner.invoke(cli_app, args, input="1\n" * 900)
        assert result.exit_code == 0, result.output
        assert "Game over." in result.output and "The Horse Attack!" in result.output
