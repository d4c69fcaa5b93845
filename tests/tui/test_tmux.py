"""``colt play`` and ``colt replay`` in a real terminal (tmux) at the sizes the docs promise:
keys sent as a person types them, the screen read as a person reads it, the save file for
what was played.

What is expected on the screen comes from the game itself: the save file (written after
every move) replayed, or the same new game (same options, seed, seats and bots) when no move
was made yet; the choices, their keys, labels and help from the game's front, as the app
shows them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from coltexpress import Options
from coltexpress.engine import names
from coltexpress.games import options_for
from coltexpress.tui.session import Session

from .terminal import Terminal, flat, left_of_log, terminal

SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


@dataclass(frozen=True)
class Game:
    """A ``colt play`` game: its command line, and the same game made here."""

    preset: str
    seed: int
    seat: int = 1  # as --seat counts
    game: str = "colt-express"
    humans: int = 1
    players: int | None = None
    characters: str | None = None

    def args(self, save: Path) -> list[str]:
        out = ["play", "--game", self.game, "--preset", self.preset, "--seed", str(self.seed),
               "--seat", str(self.seat), "--humans", str(self.humans), "--bots", "easy",
               "--delay", "0", "--save", str(save)]
        if self.players is not None:
            out += ["--players", str(self.players)]
        if self.characters is not None:
            out += ["--characters", self.characters]
        return out

    def fresh(self) -> Session:
        extra: dict[str, Any] = {}
        if self.players is not None:
            extra["players"] = self.players
        if self.characters is not None:
            extra["characters"] = tuple(self.characters.split(","))
        if self.game == "colt-express":
            options: Any = Options.preset(self.preset, **extra)
        else:
            options = options_for(self.game, self.preset, **extra)
        n = options.players
        humans = tuple(sorted((self.seat - 1 + i) % n for i in range(self.humans)))
        return Session.new(options, seed=self.seed, humans=humans, bots="easy")

    def now(self, save: Path) -> Session:
        """The game as the app has it: the save (after every move), or the new game."""
        return Session.load(save) if save.exists() else self.fresh()


def actions(save: Path) -> list[str]:
    return list(json.loads(save.read_text())["actions"]) if save.exists() else []


def choices_of(s: Session) -> list[dict[str, str]]:
    seat = s.human_to_act()
    assert seat is not None, "no human to act"
    return s.front.choices(s.view(seat))


def shows(screen: str, choices: list[dict[str, str]], *, hint: int | None = 0) -> list[str]:
    """What of the choices (each key with its label; the help of choice ``hint``, the
    highlighted one) is not on the screen, left of the log."""
    text = flat(left_of_log(screen))
    missing = [f"{c['key']} {c['label']}" for c in choices
               if f"{c['key']} {c['label']}" not in text]
    if hint is not None and flat(choices[hint]["hint"]) not in text:
        missing.append(choices[hint]["hint"])
    return missing


def at_decision(term: Terminal, game: Game, save: Path, *, after: str = "",
                hint: int | None = 0) -> tuple[Session, str]:
    """Wait for the human's next decision on the screen: the save (or the new game) says a
    human is to act, and every choice with its key and the help of the highlighted one is
    on the screen (``after``: the screen before the last key, which must have changed)."""
    found: list[Session] = []

    def ready(screen: str) -> bool:
        if after and screen == after:
            return False
        s = game.now(save)
        if s.human_to_act() is None or "Your choice" not in screen:
            return False
        found[:] = [s]
        return not shows(screen, choices_of(s), hint=hint)

    screen = term.wait_for(ready, what="every choice and its help on the screen")
    return found[0], screen


def play_key(term: Terminal, game: Game, save: Path, key: str, screen: str) -> tuple[Session,
                                                                                     str]:
    """Press a choice's key at a decision and wait for the next decision."""
    done = len(actions(save))
    term.keys(key)
    term.wait_for(lambda _: len(actions(save)) > done, what=f"a move played by {key!r}")
    return at_decision(term, game, save, after=screen)


# ---------------------------------------------------------------------------- Space


def test_space_at_a_decision_chooses_nothing(tmp_path: Path) -> None:
    """Space skips pauses; at a decision it says so and plays nothing: the save is as it
    was and the same choices are offered (before: it played the highlighted choice)."""
    game = Game("standard", seed=7)
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        s, _ = at_decision(term, game, save)
        before = actions(save)
        term.keys("Space")
        term.wait_for(
            lambda sc: "Space only skips pauses" in flat(sc) or actions(save) != before,
            what="an answer to Space")
        assert actions(save) == before
        term.wait_for(lambda sc: not shows(sc, choices_of(s)), what="the same choices")
        term.keys("Space", "Space")  # a speeding-up turn's two Spaces: still nothing
        term.keys("Down")
        term.wait_for(lambda sc: flat(choices_of(s)[1]["hint"]) in flat(sc))
        assert actions(save) == before


# ---------------------------------------------------------------------------- every size


GAMES = {
    "base": Game("standard", seed=7),
    "marshal": Game("marshal-prisoners", seed=21, seat=1),
    "mp-bandit": Game("marshal-prisoners", seed=66, seat=2),
    "horses": Game("horses-stagecoach", seed=3),
    "both": Game("both-expansions", seed=75, seat=2),
    "super": Game("reflex-horse", seed=3, game="super-express"),
}
SCHEMIN = {"play", "program"}  # the decision of a Schemin' turn, in each game


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", list(GAMES))
def test_every_choice_and_its_help_are_on_the_screen(
    tmp_path: Path, name: str, size: tuple[int, int]
) -> None:
    """At every size from 80x24, up to the first Schemin' turn (Horses & Stagecoach's Horse
    Attack before it): each option's key and label and the help line of the highlighted
    option are on the screen, none cut (before: 120x40 showed two options and no help with
    Marshal & Prisoners; 80x24 cut the help)."""
    game = GAMES[name]
    save = tmp_path / "game.json"
    with terminal(*size, tmp_path) as term:
        term.start(*game.args(save))
        s, screen = at_decision(term, game, save)
        while s.view(s.human_to_act())["decision"] not in SCHEMIN:
            s, screen = play_key(term, game, save, choices_of(s)[0]["key"], screen)
        assert len(choices_of(s)) >= 6, "a Schemin' turn with many cards"
        assert "…" not in screen, screen


def test_a_long_list_scrolls_with_the_highlighted_choice_in_view(tmp_path: Path) -> None:
    """Ghost's first turn doubles the list (each card face up or face down): at 80x24 the
    list scrolls, several options at a time, the highlighted one and its help always on the
    screen; at 100x30 all of them fit."""
    game = Game("standard", seed=12, characters="ghost,belle,doc,tuco")
    s = game.fresh()
    while s.bot_to_act() is not None:
        s.bot_step()
    listed = choices_of(s)
    assert len(listed) >= 11
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        for n, choice in enumerate(listed):
            def highlighted(screen: str, c: dict[str, str] = choice) -> bool:
                text = flat(left_of_log(screen))
                return f"{c['key']} {c['label']}" in text and flat(c["hint"]) in text

            screen = term.wait_for(highlighted, what=f"option {n + 1} and its help")
            on_screen = sum(f"{c['key']} {c['label']}" in flat(screen) for c in listed)
            assert on_screen >= 5, screen
            term.keys("Down")
        assert actions(save) == actions(tmp_path / "none.json")  # nothing played
    with terminal(100, 30, tmp_path) as term:
        term.start(*game.args(tmp_path / "again.json"))
        at_decision(term, game, tmp_path / "again.json")


# ---------------------------------------------------------------------------- 80x24 words


CARDS = {names.card(k, owner=False) for k in
         ("move", "floor", "shoot", "rob", "punch", "marshal", "idea", "move+", "floor+",
          "capture", "ride")} | {"face down"}
SHORT = {names.bandit(b)[:3] for b in
         ("belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei")} | {"★Mar"}


def pile_entries(screen: str) -> list[str]:
    """The compact pile's entries (``Doc Move``; the cards it leaves out after them, ``+3
    more``), line by line: an entry is never split between two lines."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(" Pile:"))
    pile = [lines[start]]
    if not lines[start + 1].startswith((" Your hand", " Hand hidden", "─")):
        pile.append(lines[start + 1])
    if pile[0].startswith(" Pile: no card played yet"):
        return []
    pile[0] = re.sub(r"^ Pile: (\(\d+ (earlier|resolved)\) )?", "", pile[0])
    return [e.strip() for line in pile for e in line.split(" · ") if e.strip()]


def test_at_80x24_no_word_no_bandit_is_cut(tmp_path: Path) -> None:
    """A whole round at 80x24: the pile shows whole cards (the last played, and how many
    before), never "Che Punch ·" or half a name; nothing ends in an ellipsis."""
    game = Game("standard", seed=7)
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        s, screen = at_decision(term, game, save)
        seen = 0
        while s.game.round_no == 0:  # (round_no counts from 0)
            assert "…" not in screen, screen
            entries = pile_entries(screen)
            for entry in entries:
                bandit, _, card = entry.partition(" ")
                assert (bandit in SHORT and card in CARDS) or re.fullmatch(
                    r"\+\d+ more", entry), (entry, screen)
            seen = max(seen, len(entries))
            s, screen = play_key(term, game, save, choices_of(s)[-1]["key"], screen)
        assert seen >= 5


def test_at_80x24_the_expansions_lines_keep_every_bandit(tmp_path: Path) -> None:
    """The Marshal's line (goals, Wanted Posters, prisoners, Brawler cards, guns) and the
    Horse Attack's riders wrap between their parts: every bandit and every part is whole
    (before: "· Braw…", "♞ Bel Dja Gho…")."""
    save = tmp_path / "marshal.json"
    game = GAMES["marshal"]
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        _, screen = at_decision(term, game, save)
        assert "…" not in screen, screen
        text = flat(screen)
        view = game.now(save).view(0)
        for bandit in view["mp"]["posters"]:
            assert names.bandit(bandit)[:3] in text
        assert f"Brawlers {len(view['mp']['brawlers_left'])}" in text
        assert "Guns: left 6, right 6" in text and "Goals:" in text
    save = tmp_path / "both.json"
    game = GAMES["both"]
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        _, screen = at_decision(term, game, save)
        assert "…" not in screen, screen
        riders = game.now(save).view(1)["hs"]["riding"]
        assert len(riders) >= 4
        lines = screen.splitlines()
        coach = next(i for i, line in enumerate(lines) if line.startswith("coach"))
        row = " ".join(lines[coach:coach + 3])  # the riders, wrapped in their column
        for bandit in riders:
            assert names.bandit(bandit)[:3] in row, screen


# ---------------------------------------------------------------------------- keys


def test_a_card_keeps_its_key_and_a_dead_key_says_so(tmp_path: Path) -> None:
    """Playing the only Rob leaves Punch on its key 6 (before: Punch moved to 5); 5 then
    says that no choice has it and plays nothing."""
    game = Game("standard", seed=7)
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        s, screen = at_decision(term, game, save)
        keys = {c["label"]: c["key"] for c in choices_of(s)}
        assert keys["Play Rob"] == "5" and keys["Play Punch"] == "6"
        s, screen = play_key(term, game, save, "5", screen)
        listed = {c["label"]: c["key"] for c in choices_of(s)}
        assert "Play Rob" not in listed and listed["Play Punch"] == "6"
        assert "6 Play Punch" in flat(screen) and "[6] Punch" in flat(screen)
        before = actions(save)
        term.keys("5")
        screen = term.wait_for(lambda sc: "No choice has key 5 now" in flat(sc),
                               what="the dead key's message")
        assert actions(save) == before


# ---------------------------------------------------------------------------- screens


def closed(term: Terminal, title: str) -> str:
    """Esc, and the screen titled ``title`` gone (a key sent right after Esc would make an
    Alt+key of it, as in any terminal)."""
    term.keys("Escape")
    return term.wait_for(lambda sc: title not in sc, what=f"{title!r} closed")


def settled(term: Terminal) -> str:
    """The screen once it stays the same for a second (a screen just opened may still
    scroll to where it opens)."""
    import time

    screen = term.screen()
    for _ in range(60):
        time.sleep(1)
        now = term.screen()
        if now == screen:
            break
        screen = now
    return screen


def scrolled(term: Terminal, key: str, before: str) -> str:
    term.keys(key)
    return term.wait_for(lambda sc: sc != before, what=f"the screen scrolled by {key}")


def test_the_story_the_players_and_the_help_scroll_with_the_paging_keys(
    tmp_path: Path,
) -> None:
    """Over the board, PageUp, PageDown, Home and End scroll the screen shown (the story,
    the rules; the players' screen is the story's), not the log behind it."""
    game = Game("standard", seed=7)
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        s, screen = at_decision(term, game, save)
        for _ in range(4):  # a longer story
            s, screen = play_key(term, game, save, choices_of(s)[0]["key"], screen)
        term.keys("l")
        term.wait_for("The story so far")
        screen = scrolled(term, "PageUp", settled(term))
        assert "The story so far" in screen
        screen = scrolled(term, "End", screen)
        closed(term, "The story so far")
        term.keys("?")
        screen = term.wait_for("the rules in brief")
        term.keys("PageDown")
        term.wait_for(lambda sc: "the rules in brief" not in sc and "Close help" in sc,
                      what="the rules scrolled down")
        term.keys("Home")
        term.wait_for("the rules in brief")


def test_the_players_screen_opens_at_its_top_and_lists_the_paging_keys(
    tmp_path: Path,
) -> None:
    """The players' screen (p), longer than an 80x24 terminal, opens at its top: its first
    line, the first figure, on the screen (before: scrolled to its end); its footer, like the
    story's and the rules', lists the paging keys beside Esc (before: only "esc Close")."""
    game = Game("marshal-prisoners", seed=5)
    save = tmp_path / "game.json"
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        s, screen = at_decision(term, game, save)
        title, lines = s.front.players_screen(s.view(s.human_to_act()), {})
        first = lines[0].split(" (")[0]
        term.keys("p")
        screen = term.wait_for(lambda sc: title in sc and "Close" in footer(sc),
                               what="the players' screen and its footer")
        screen = term.wait_for(lambda sc: sc == screen, what="the screen settled")
        assert flat(first) in flat(screen.splitlines()[2]), screen
        for words in ("Page up", "Page down", "Top", "Bottom"):
            assert words in footer(screen), screen
        closed(term, title)
        term.keys("?")
        term.wait_for(lambda sc: "Page down" in footer(sc), what="the rules' paging keys")


# ---------------------------------------------------------------------------- hot-seat


def handover(term: Terminal) -> str:
    return term.wait_for(lambda sc: "plays next" in flat(sc), what="the hand-off screen")


def test_hot_seat_hands_over_before_any_hand(tmp_path: Path) -> None:
    """Two humans: the first screen hands over to the player the rules make first, named
    as --seat counts with the bandit played, before any hand is shown; Space does not show
    it (only Enter does); a resumed hot-seat game hands over first too."""
    game = Game("standard", seed=10, players=3, humans=2)  # seat 1 (player 1) plays first
    save = tmp_path / "game.json"
    s = game.fresh()
    first = s.game.current_seat
    assert first == 0
    view = s.view(None)
    who = {seat: names.bandit(view["players"][seat]["bandits"][0]) for seat in (0, 1)}
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(save))
        screen = handover(term)
        text = flat(screen)
        assert f"Player 1 ({who[0]}) plays next, the first player of this round" in text
        assert f"player 1 ({who[0]}), player 2 ({who[1]})" in text
        assert "Your hand" not in text and "Your choice" not in text
        term.keys("Space")
        screen = term.wait_for(lambda sc: "Only Enter shows the hand" in flat(sc))
        assert "Your hand" not in flat(screen)
        term.keys("Enter")
        s, screen = at_decision(term, game, save)
        assert s.human_to_act() == 0 and "Your hand" in flat(screen)
        term.keys(choices_of(s)[0]["key"])
        screen = handover(term)
        assert f"Player 2 ({who[1]}) plays next" in flat(screen)
    assert game.now(save).human_to_act() == 1
    # The game goes on in its save; played on until player 1 is to act, then resumed.
    s = Session.load(save)
    s.play(s.legal()[0])
    while s.human_to_act() is None:
        s.bot_step()
    if s.human_to_act() == 1:
        s.play(s.legal()[0])
        while s.human_to_act() is None:
            s.bot_step()
    assert s.human_to_act() == 0
    s.save(save)
    with terminal(80, 24, tmp_path) as term:
        term.start("play", "--resume", str(save), "--delay", "0")
        screen = handover(term)
        assert f"Player 1 ({who[0]}) plays next" in flat(screen)
        assert "Your hand" not in flat(screen)


def test_hot_seat_names_a_second_player_who_plays_first(tmp_path: Path) -> None:
    """When the rules make the second human the first player, the first hand-off says so."""
    game = Game("standard", seed=3, players=3, humans=2)
    s = game.fresh()
    assert s.game.current_seat == 1
    name = names.bandit(s.view(None)["players"][1]["bandits"][0])
    with terminal(80, 24, tmp_path) as term:
        term.start(*game.args(tmp_path / "game.json"))
        text = flat(handover(term))
        assert f"Player 2 ({name}) plays next, the first player of this round" in text


# ---------------------------------------------------------------------------- replay


def footer(screen: str) -> str:
    """The last line of the screen: the footer with its keys."""
    return flat(screen.rstrip("\n").splitlines()[-1])


def finished(tmp_path: Path) -> Path:
    s = Game("standard", seed=4, players=3, humans=0).fresh()
    while not s.over:
        s.bot_step()
    return s.save(tmp_path / "record.json")


def test_replay_at_80_columns_shows_its_own_keys(tmp_path: Path) -> None:
    """The replay's footer at 80 columns: its own keys (f scores, ? rules, q quit), no
    command palette; the train's legend names no key that steps the replay instead; over
    the rules, the paging keys scroll the rules, not the replay."""
    record = finished(tmp_path)
    with terminal(80, 24, tmp_path) as term:
        term.start("replay", str(record))
        screen = term.wait_for(lambda sc: "Before the first move." in sc and "Next" in
                               footer(sc), what="the replay and its footer")
        for words in ("f Scores", "? Rules", "q Quit"):
            assert words in footer(screen), screen
        assert "palette" not in screen and "p: players" not in screen
        term.keys("?")
        screen = term.wait_for("the rules in brief")
        scrolled(term, "PageDown", screen)
        closed(term, "Close help")
        # The replay is drawn again over the closed help: still before the first move (a
        # paging key that stepped the replay would have moved it on).
        screen = term.wait_for(lambda sc: "Next" in footer(sc), what="the replay's footer")
        screen = settled(term)
        assert "move 0 of" in screen and "Before the first move." in screen, screen
