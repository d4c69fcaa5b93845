"""Marshal & Prisoners in the terminal: whole games with the human as the Marshal and as a
bandit, the prison car and its cell on the train, the expansion's panel, the end screen, the
plain mode, and no internal name or pronoun in what a player reads."""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable, Static

from coltexpress import Options
from coltexpress.engine import names
from coltexpress.tui.games.colt_board import mp_columns, mp_panel
from coltexpress.tui.plain import PlainGame
from coltexpress.tui.screens import EndScreen, LogScreen
from coltexpress.tui.session import Session
from coltexpress.tui.widgets import ExtraPanel, PlayersPanel, TrainPanel
from coltexpress.words import base, marshal_prisoners

from .helpers import (
    LARGE,
    PRONOUN,
    SMALL,
    Forbidden,
    app_for,
    find_problems,
    lowercase_names,
    render,
    settle,
)

GOAL_SLUGS = sorted(names.names()["goals"])
PENALTY_SLUGS = sorted(names.names()["penalties"])
FORBIDDEN: Forbidden = [
    (re.compile(r"\b(" + "|".join(map(re.escape, GOAL_SLUGS + PENALTY_SLUGS)) + r")\b"), "slug"),
    (re.compile(r"@|\b[Ss]eat \d|\bmarshal_|\bin_cell\b|\boff_train\b"), "internal name"),
    PRONOUN,
    lowercase_names("marshal"),
]


def problems(text: str) -> list[str]:
    return find_problems(text, FORBIDDEN)


def mp_session(
    seed: int = 5, *, players: int = 5, humans: tuple[int, ...] = (0,), bots: str = "random"
) -> Session:
    options = Options(marshal_prisoners=True, players=players)
    return Session.new(options, seed=seed, humans=humans, bots=bots)


def played(seat: int | None, moves: int, seed: int = 5) -> dict[str, Any]:
    """A seat's view after some random moves (no human: every seat is a bot)."""
    s = mp_session(seed, humans=())
    for _ in range(moves):
        s.bot_step()
    return s.view(seat)


def shown(widget: Static) -> str:
    return render(widget.content) if not isinstance(widget.content, str) else widget.content


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("seat", "players", "size"),
    [(0, 5, SMALL), (0, 5, LARGE), (2, 5, SMALL), (2, 5, LARGE), (0, 3, SMALL), (5, 8, LARGE)],
    ids=["marshal-80x24", "marshal-160x50", "bandit-80x24", "bandit-160x50", "marshal-3p",
         "bandit-8p"],
)
async def test_a_whole_game_as_the_marshal_and_as_a_bandit(
    seat: int, players: int, size: tuple[int, int]
) -> None:
    """A whole game by keys; at every decision the train names the prison car, the
    expansion's panel (large) or line (small) is on the screen, and the end screen lists the
    Marshal's goals and every bandit's Wanted Poster, prisoner and Brawler money."""
    s = mp_session(seed=11, players=players, humans=(seat,))
    app = app_for(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        presses = 0
        while not isinstance(app.screen, EndScreen):
            assert app.awaiting == seat
            view = app.current_view()
            assert view["mp"]["marshal_seat"] == 0
            train = render(app.query_one(TrainPanel).draw(view, compact=size == SMALL))
            assert ("PRISON" if size == SMALL else "PRISON CAR") in train
            panel = app.query_one(ExtraPanel)
            if size == SMALL:
                assert not panel.region.height  # the small screen keeps it for 'p'
                assert "Wanted:" in train
            else:
                assert panel.region.height > 3
                text = render(panel.draw(view))
                assert "Wanted Posters" in text and "Marshal's guns" in text
                assert ("Your goals" in text) == (seat == 0)
            await pilot.press(app._choices[presses % len(app._choices)]["key"])
            presses += 1
            await settle(pilot, app)
        assert s.over and presses > 15 and not s.bot_failures
        end = app.screen
        winner = shown(end.query_one("#winner", Static))
        assert winner.startswith("GAME OVER.")
        texts = [shown(w) for w in end.query(Static)]
        result = s.view(seat)["result"]
        for goal in result["goals"]:
            state = "Done" if goal["done"] else "Not done"
            assert any(t.strip().startswith(f"{state}: {names.goal(goal['goal'])}")
                       for t in texts), texts
        table = end.query_one(DataTable)
        assert table.row_count == players
        header = [str(c.label) for c in table.columns.values()]
        assert {"Poster", "Prisoner", "Brawler", "total"} <= set(header)
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= 78
        for text in texts:
            assert not problems(text)


async def test_bots_alone_play_a_whole_game_on_the_board() -> None:
    s = mp_session(seed=3, players=6, humans=())
    app = app_for(s)
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen) and s.over


def test_a_bot_that_fails_on_the_expansion_does_not_end_the_game() -> None:
    """The heuristic bots (easy, medium) and the search bots finish a game of Marshal &
    Prisoners; a bot that fails on a rule has that one choice made at random, and the
    failure is kept."""
    for bots in ("easy", "medium", "ismcts:iterations=20"):
        s = mp_session(seed=2, players=4, humans=(), bots=bots)
        while not s.over:
            s.bot_step()
        assert s.view(None)["result"]["winners"]

    class Broken:
        def act(self, game: Any) -> int:
            raise RuntimeError("no idea")

    s = mp_session(seed=2, players=3, humans=())
    s.agents[1] = Broken()  # type: ignore[assignment]
    while not s.over:
        s.bot_step()
    assert s.bot_failures and all("no idea" in f for f in s.bot_failures)


# ---------------------------------------------------------------------------- the board


def _jail(view: dict[str, Any], inside: str, fallen: str) -> dict[str, Any]:
    """A view with one bandit in the cell and another knocked off the train."""
    v = copy.deepcopy(view)
    for b in v["bandits"]:
        if b["character"] == inside:
            b["car"], b["roof"] = v["mp"]["prison_car"], False
        if b["character"] == fallen:
            b["car"], b["roof"] = None, None
    v["mp"]["in_cell"] = [inside]
    v["mp"]["off_train"] = [fallen]
    return v


@pytest.mark.parametrize("compact", [False, True], ids=["large", "compact"])
def test_the_train_shows_the_prison_car_its_cell_and_who_is_off_the_train(
    compact: bool,
) -> None:
    view = played(0, 30)
    bandits = [b["character"] for b in view["bandits"][1:]]
    v = _jail(view, bandits[0], bandits[1])
    text = render(TrainPanel.draw(v, compact=compact), width=80 if compact else 160)
    jailed, fallen = names.bandit(bandits[0]), names.bandit(bandits[1])
    lines = text.splitlines()
    cell = next(line for line in lines if "▦" in line)
    assert (jailed[:3] if compact else f"▦ cell: {jailed}") in cell
    off = next(line for line in lines if "Off the train" in line)
    assert (fallen[:3] if compact else fallen) in off
    assert "★" in text and ("★Mar" if compact else "★ MARSHAL") in text
    # the Marshal's figure is not drawn as a bandit: no "the Marshal" or "The" in a cell
    assert "the Marshal" not in text and "The Mar" not in text
    # a jailed bandit is drawn in the cell only, not among the figures in the caboose (the
    # lines under the train name every bandit)
    train = "\n".join(lines[:lines.index(off)])
    assert train.count(jailed[:3] if compact else jailed) == 1
    plain = render(TrainPanel.draw(view, compact=compact))
    assert "Off the train" not in plain
    assert ("▦ cell: empty" in plain) != compact


def test_the_standard_game_keeps_its_caboose() -> None:
    s = Session.new(Options.preset("standard", players=3), seed=1, humans=(0,), bots="random")
    text = render(TrainPanel.draw(s.view(0)))
    assert "CABOOSE" in text and "PRISON" not in text and "▦" not in text


def test_the_panel_shows_every_part_of_the_expansion() -> None:
    view = played(0, 90)
    mp = copy.deepcopy(view["mp"])
    bandits = list(mp["posters"])
    mp["posters"] = {b: "captured" if b == bandits[0] else "wanted" for b in bandits}
    mp["prisoners"] = {bandits[1]: "mei"}
    mp["prisoners_waiting"] = ["tuco"]
    mp["brawlers_left"] = [500, 300]
    mp["brawlers_won"] = {bandits[2]: [800]}
    mp["guns"] = [{"bullets": 4, "top": "got-im"}, {"bullets": 0, "top": None}]
    mp["penalties"] = {bandits[3]: ["wounded-knee"]}
    mp["taken_prisoners"] = ["doc"]
    mp["taken_mailbags"] = [{"id": 3, "kind": "mailbag"}]
    mp["goals_upcoming"], mp["goals_current"] = 2, 3
    mp["goals_revealed"] = ["dodge-bullets"]
    mp["my_goals"] = ["warrant@tuco", "arch-enemy"]
    view = {**view, "mp": mp}
    assert "Wanted Posters" in render(mp_panel(view))
    flat = " ".join(" ".join(t.plain.split()) for t in mp_columns(view))
    assert f"{names.bandit(bandits[0])} captured" in flat
    assert f"{names.bandit(bandits[1])} wanted" in flat
    assert f"{names.bandit(bandits[1])} holds Mei's trusty sidekick" in flat
    assert "Prisoners waiting: Tuco's trusty sidekick" in flat
    assert "Brawler cards left: Silver Punch $500, Bronze Punch $300" in flat
    assert f"{names.bandit(bandits[2])} Gold Punch $800" in flat
    assert "left 4 (Got 'Im!)" in flat and "right 0" in flat
    assert f"{names.bandit(bandits[3])}: Wounded Knee" in flat
    assert "Achievement zone: Doc's trusty sidekick; a mailbag" in flat
    assert "2 upcoming (face down), 3 current" in flat and "revealed: Dodge Bullets!" in flat
    assert "Arrest Warrant: Tuco: At the end, the Marshal has captured Tuco at least once" in flat
    assert names.goal_help("arch-enemy") in flat
    assert not problems(flat)
    # a bandit's seat never sees the Marshal's goals
    bandit_view = {**played(1, 90), "mp": {**mp}}
    bandit_view["mp"].pop("my_goals")
    assert "Your goals" not in render(mp_panel(bandit_view))
    # the words: the same information in sentences
    words = " ".join(marshal_prisoners.lines(view))
    for part in ("Wanted Posters", "captured by the Marshal", "Mei's trusty sidekick",
                 "Tuco's trusty sidekick", "Silver Punch ($500)", "Gold Punch ($800)",
                 "left gun 4 Bullet cards, Got 'Im! on top", "right gun empty",
                 "Wounded Knee", "Doc's trusty sidekick", "1 mailbag", "2 upcoming",
                 "Dodge Bullets!", "Your current goals", names.goal_help("warrant@tuco")):
        assert part in words, part
    assert not problems(words)


def test_players_and_words_name_the_cell_and_the_marshal_as_printed() -> None:
    view = played(None, 30)
    bandits = [b["character"] for b in view["bandits"][1:]]
    v = _jail(view, bandits[0], bandits[1])
    lines = base.figure_lines(v)
    assert lines[0].startswith("The Marshal:") and "Bullet cards left" in lines[0]
    assert f"{names.bandit(bandits[0])}: in the cell of the prison car" in lines[1]
    assert f"{names.bandit(bandits[1])}: off the train" in lines[2]
    train = base.train_lines(v)
    assert f"In the cell of the prison car: {names.bandit(bandits[0])}." in train
    assert f"Off the train: {names.bandit(bandits[1])}." in train
    assert any("the caboose, is the prison car" in line for line in train)
    table = render(PlayersPanel.draw(v, {}))
    assert "in the cell of the prison car" in table and "off the train" in table
    for line in lines + train:
        assert not problems(line), line


def test_nothing_a_player_reads_leaks_a_slug_or_a_pronoun_over_a_game() -> None:
    for seed in (1, 4):
        s = mp_session(seed=seed, players=6, humans=())
        while True:
            for seat in (0, 3, None):
                view = s.view(seat)
                texts = [*marshal_prisoners.lines(view), *base.figure_lines(view),
                         *base.train_lines(view), marshal_prisoners.brief(view),
                         base.situation(view)]
                texts.append(render(mp_panel(view)))
                texts.append(render(TrainPanel.draw(view, compact=True), width=80))
                if "result" in view:
                    texts += base.result_lines(view)
                for text in texts:
                    assert not problems(text), problems(text)
            if s.over:
                break
            s.bot_step()


async def test_p_shows_the_expansion_on_a_small_screen() -> None:
    s = mp_session(seed=5, humans=(0,))
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = "\n".join(shown(w) for w in app.screen.query(Static))
        assert "Wanted Posters" in text and "Your current goals" in text
        assert "The Marshal (you)" in text and "prison car" in text


def test_the_end_explained_when_the_marshal_wins_with_a_partner() -> None:
    s = mp_session(seed=5, humans=())
    while not s.over:
        s.bot_step()
    view = copy.deepcopy(s.view(0))
    result = view["result"]
    result["marshal_wins"] = True
    result["goals_done"] = 4
    result["winners"] = [0, 2]
    result["cannot_win"] = {"3": "in-the-cell"}
    lines = marshal_prisoners.end_lines(view)
    partner = names.bandit(view["players"][2]["bandits"][0])
    assert lines[0] == f"You win: 4 of the Marshal's goals completed (4 needed), with {partner}, " \
        "the poorest bandit!"
    jailed = names.bandit(view["players"][3]["bandits"][0])
    assert any(line.startswith(f"{jailed}:") and "is in the cell and cannot win" in line
               for line in lines)
    assert not any(line.startswith("You:") for line in lines[1:])  # the Marshal has no money


# ---------------------------------------------------------------------------- plain mode


@pytest.mark.parametrize("seat", [0, 3], ids=["marshal", "bandit"])
def test_the_plain_mode_says_the_expansion_in_words(seat: int) -> None:
    s = mp_session(seed=9, humans=(seat,))
    out = io.StringIO()
    script = io.StringIO("marshal\ntrain\nplayers\n" + "1\n" * 600)
    assert PlainGame(s, stdin=script, stdout=out).run() == 0
    text = out.getvalue()
    assert s.over and "Game over." in text
    assert text.count("Marshal & Prisoners:") == 5  # once a round
    for part in ("Wanted Posters:", "Prisoners waiting behind the prison car",
                 "The Marshal's cylinder piles:", "Brawler cards left:",
                 "The Marshal's Achievement zone:", "The Marshal's goals:",
                 "car 5, the caboose, is the prison car", "The cell of the prison car",
                 "The Marshal's goals (", "Bullets fired:"):
        assert part in text, part
    assert ("Your current goals:" in text) == (seat == 0)
    result = s.view(seat)["result"]
    for goal in result["goals"]:
        mark = "Done" if goal["done"] else "Not done"
        assert f"  {mark}: {names.goal(goal['goal'])}" in text
    for line in text.splitlines():
        if line.startswith(("Your choice:", "  ")) and "Play " in line:
            continue
        assert not problems(line), line
    for ch in "┃━│╭▦★":
        assert ch not in text


def test_at_80_columns_names_and_the_turn_strip_stay_whole() -> None:
    """The compact board at 80 columns: the Marshal's goals break between names, never
    inside one (before: "Arrest Warrant: Ghost, Arch" / "Enemy"); the round card's turns
    never break (before: "S S" / "T S S"); the marks for mailbags and the cell are keyed;
    after the game "The game is over." is said once (before: three times) and the end
    table's winner mark is not the Marshal's ★."""
    from coltexpress import Game
    from coltexpress.tui.games import front_for_view

    from .helpers import render

    g = Game.new(Options.preset("marshal-prisoners"), seed=2)
    view = copy.deepcopy(g.view(0))
    view["mp"]["my_goals"] = ["warrant@ghost", "arch-enemy", "golden-bullet-award"]
    view["mp"]["my_goals_done"] = [False, False, True]
    front = front_for_view(view)
    train = render(front.train(view, compact=True), 80)
    for goal in ("Arrest Warrant: Ghost (not yet)", "Arch Enemy (not yet)",
                 "Golden Bullet Award (done so far)"):
        assert any(goal in line for line in train.splitlines()), train
    assert "✉ mailbag" in train and "▦ cell" in train, train
    view["round_card"] = {**view["round_card"], "turns": ["S", "S", "T", "S", "S", "Sp"]}
    status = render(front.status(view), 80)
    assert "S·S·T·S·S·Sp" in status, status
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    end = g.view(0)
    board = "\n".join(render(r, 80) for r in (front.status(end), front.pile(end, compact=True),
                                             front.hand(end)))
    assert board.count("The game is over.") == 1, board
    _, parts = front.end_parts(end, {0: "you"})
    table = next(p for p in parts if not isinstance(p, (str, Text)))
    flags = [row[0] for row in table.rows]
    assert not any("★" in f for f in flags) and any("✓" in f for f in flags), table.rows
