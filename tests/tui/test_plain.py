"""The plain mode, driven through its prompts by a scripted input stream."""

from __future__ import annotations

import io
from pathlib import Path

from coltexpress.tui.plain import PlainGame
from coltexpress.tui.session import Session

from .helpers import session


class Script(io.StringIO):
    """Input lines; remembers how much output had been written at each read."""

    def __init__(self, lines: list[str], out: io.StringIO) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.out = out
        self.marks: list[int] = []

    def readline(self, size: int | None = -1) -> str:
        self.marks.append(len(self.out.getvalue()))
        return super().readline()


def run(s: Session, lines: list[str]) -> tuple[str, Script]:
    out = io.StringIO()
    script = Script(lines, out)
    assert PlainGame(s, stdin=script, stdout=out).run() == 0
    return out.getvalue(), script


def test_a_whole_game_through_the_prompts() -> None:
    """Short prompts: the round header once per turn, "you", options in words (no
    notation unless asked), the Stealin' phase card by card, a summary of each round, and
    the end explained."""
    s = session(seed=5, players=3)
    text, _ = run(s, ["1"] * 400)
    assert s.over
    assert "Game over." in text and ("win" in text or "share the victory" in text)
    assert "Your choice:" in text and "Your turn." in text
    assert "  1. " in text  # numbered options
    assert "[play " not in text and "[draw]" not in text  # no notation read aloud
    for n in range(1, 6):
        assert f"Round {n} in short:" in text
    assert text.count("Where everyone is:") == 5  # at the start of every round
    headers = [line for line in text.splitlines() if line.startswith("Round 1 of 5:")]
    assert headers and len(headers) == len(set(headers))  # said when it changes, not again
    for ch in "┃━│╭":
        assert ch not in text  # no drawing characters
    assert "\x1b[" not in text  # no colour codes


def test_the_notation_is_accepted_too() -> None:
    s = session(seed=5, players=3)
    legal = None
    while s.bot_to_act() is not None:
        s.bot_step()
    legal = s.legal()
    before = len(s.game.record()["actions"])
    run(s, [legal[-1], "quit"])
    record = s.game.record()["actions"]
    assert record[before] == legal[-1]


def test_bad_input_is_explained_and_nothing_is_lost() -> None:
    s = session(seed=5, players=3)
    while s.bot_to_act() is not None:
        s.bot_step()
    before = s.game.to_json()
    text, _ = run(s, ["xyzzy", "99", "0", "", "move forward 1", "quit"])
    assert "Not accepted: 'xyzzy' is not an action" in text
    assert "There is no option 99; choose 1 to" in text
    assert "There is no option 0" in text
    assert "Please choose." in text
    assert "Not accepted:" in text and "is not possible now" in text
    assert text.count("Your choice:") == 6  # re-prompted after each bad answer
    assert s.game.to_json() == before  # nothing played, nothing lost


def test_help_and_descriptions() -> None:
    s = session(seed=5, players=3)
    text, _ = run(
        s,
        [
            "help",
            "help tunnel",
            "help belle",
            "rules braking",
            "help angry-marshal",
            "help nosuch",
            "hand",
            "train",
            "players",
            "pile",
            "log",
            "options",
            "why 1",
            "notation",
            "options",
            "quit",
        ],
    )
    assert "Colt Express: 5 rounds" in text
    assert "Tunnel (T): cards are played face down" in text
    assert "Belle: you cannot be punched or shot" in text
    assert "Braking:" in text  # 'rules TOPIC' as 'help TOPIC'
    assert "Angry Marshal:" in text
    assert "No help on 'nosuch'" in text
    assert "Your hand:" in text
    assert "Inside the locomotive: the Marshal" in text
    assert "(you):" in text
    assert "The notation is shown." in text and "  [" in text
    assert "Goodbye." in text


def test_save_then_resume_and_finish(tmp_path: Path) -> None:
    s = session(seed=9, players=3)
    path = tmp_path / "save.json"
    text, _ = run(s, ["1", "1", f"save {path}", "quit"])
    assert f"Saved to {path}" in text and "colt play --plain --resume" in text
    resumed = Session.load(path)
    assert resumed.game.to_json() == s.game.to_json()
    text, _ = run(resumed, ["1"] * 400)
    assert resumed.over and "Game over." in text


def test_hot_seat_hides_the_hand_until_the_next_player_confirms() -> None:
    s = session(seed=3, players=3, humans=(0, 1), bots="easy")
    text, script = run(s, ["1"] * 6 + ["quit"])
    second = " and ".join(s.game.chars[1:2]).capitalize()
    handover = text.index(f"Pass the keyboard to {second}.")
    # The read right after the handover message is the confirmation: nothing of the next
    # player's hand may have been printed before it.
    confirm = next(m for m in script.marks if m > handover)
    shown_before = text[:confirm]
    between = shown_before[shown_before.rfind("Your choice:"):]
    assert "Your hand" not in between
    after = text[confirm:]
    assert "Your choice:" in after and "Your hand:" in after


def test_a_typo_gets_a_suggestion() -> None:
    s = session(seed=5, players=3)
    while s.bot_to_act() is not None:
        s.bot_step()
    legal = s.legal()
    typo = legal[-1].replace("a", "", 1) if "a" in legal[-1] else legal[-1] + "x"
    text, _ = run(s, [typo, "quit"])
    assert f"Did you mean '{legal[-1]}'?" in text


def test_drawing_is_one_sentence_and_a_jewels_value_goes_unsaid() -> None:
    """Drawing says once what was drawn: "You draw 3 cards: Move, ..." (before: "You draw
    3 cards." then "You draw Move, ..."); a jewel's value, the same for every jewel, is not
    told as if it had been hidden (a purse's still is)."""
    import re

    s = session(seed=5, players=3)
    text, _ = run(s, ["1"] * 400)
    lines = text.splitlines()
    assert any(re.search(r"\bYou draw \d cards?: .+\.$", line) for line in lines), text
    assert not any(re.search(r"\bYou draw \d cards?\.$", line) for line in lines), text
    assert "The jewel you took is worth" not in text
    assert "The purse you took is worth" in text or "You rob a purse" not in text
