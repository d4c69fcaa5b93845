"""The accessible plain mode: numbered prompts and sentences, no drawing, no colours.

Every prompt lists the legal options, numbered; the player answers with a number, with the
engine's notation (``play move``, ``shoot belle``), or with a command: ``help [topic]``,
``hand``, ``train``, ``players``, ``pile``, ``log``, ``options``, ``save FILE``, ``quit``.
Input and output are streams, so a script can drive a whole game.

>>> import io
>>> from coltexpress import Options
>>> s = Session.new(Options.preset("standard", players=3), seed=2, humans=(), bots="easy")
>>> out = io.StringIO()
>>> PlainGame(s, stdin=io.StringIO(""), stdout=out).run()
0
>>> "Winner" in out.getvalue()
True
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..engine.errors import ColtError
from .describe import (
    card_label,
    hand_sentence,
    option_label,
    player_lines,
    score_rows,
    situation,
    train_sentences,
)
from .helptext import help_text, lookup
from .session import SaveError, Session

__all__ = ["COMMANDS", "PlainGame"]

COMMANDS = (
    "Commands: a number or an action in notation to choose; 'options' lists the choices again; "
    "'hand', 'train', 'players', 'pile', 'log' describe the game; 'help' or 'help TOPIC' "
    "(a card, power, turn type or event) explains the rules; 'save FILE' saves; 'quit' stops."
)


class _Quit(Exception):
    pass


class PlainGame:
    """A line-based game loop over a session."""

    def __init__(
        self,
        session: Session,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.s = session
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.delay = delay
        self.sleep = sleep
        self.viewer: int | None = session.humans[0] if session.humans else None
        self.shown = 0  # log entries already printed

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise _Quit
        return line.strip()

    def run(self) -> int:
        """Play until the end or ``quit``; returns an exit status (0)."""
        self.say("Colt Express. Type 'help' at any prompt for the rules and the commands.")
        self.describe_seats()
        try:
            while not self.s.over:
                self.narrate()
                if self.s.bot_to_act() is not None:
                    self.s.bot_step()
                    if self.delay:
                        self.sleep(self.delay)
                    continue
                self.human_turn()
            self.narrate()
            self.final_scores()
        except _Quit:
            self.say("Goodbye.")
        return 0

    def describe_seats(self) -> None:
        v = self.s.view(self.viewer)
        for p in v["players"]:
            who = "human" if p["seat"] in self.s.humans else f"bot ({self.s.bot_levels[p['seat']]})"
            you = " (you)" if self.viewer == p["seat"] and len(self.s.humans) == 1 else ""
            names = " and ".join(b.capitalize() for b in p["bandits"])
            self.say(f"Seat {p['seat']}{you}: {names}, {who}.")

    def narrate(self) -> None:
        entries = self.s.log
        for entry in entries[self.shown :]:
            if entry.seat is None or entry.seat == self.viewer:
                self.say(entry.text)
        self.shown = len(entries)

    def handover(self, seat: int) -> None:
        """Hot-seat: nobody's hand is shown until the next player confirms."""
        self.viewer = None
        self.say(f"Pass the keyboard to seat {seat}. Press Enter when ready, seat {seat}.")
        self.ask("> ")
        self.viewer = seat

    def human_turn(self) -> None:
        seat = self.s.human_to_act()
        if seat is None:
            return
        if seat != self.viewer:
            self.handover(seat)
        self.prompt_options()
        while True:
            answer = self.ask(f"Seat {seat}, your choice: ")
            if self.command(answer):
                continue
            legal = self.s.legal()
            action = answer
            if answer.isdigit():
                n = int(answer)
                if not 1 <= n <= len(legal):
                    self.say(f"There is no option {n}; choose 1 to {len(legal)}.")
                    continue
                action = legal[n - 1]
            try:
                self.s.play(action)
            except ColtError as exc:
                self.say(f"Not accepted: {exc}")
                self.say("Type a number from the list, an action, or 'help'.")
                continue
            return

    def prompt_options(self) -> None:
        v = self.s.view(self.viewer)
        self.say(situation(v))
        self.say(hand_sentence(v))
        for n, action in enumerate(v["legal"], 1):
            self.say(f"  {n}. {option_label(action, v)}  [{action}]")

    def command(self, answer: str) -> bool:
        """Run a command; False if the answer is not one (a choice to try)."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        v = self.s.view(self.viewer)
        if word == "":
            self.say("Please choose. " + COMMANDS)
        elif word in ("help", "?"):
            if rest.strip():
                try:
                    self.say(lookup(rest))
                except KeyError as exc:
                    self.say(str(exc.args[0]))
            else:
                self.say(help_text())
                self.say(COMMANDS)
        elif word == "hand":
            self.say(hand_sentence(v))
        elif word == "train":
            for line in train_sentences(v):
                self.say(line)
        elif word == "players":
            for line in player_lines(v):
                self.say(line)
        elif word == "pile":
            self.describe_pile()
        elif word == "log":
            for entry in self.s.entries_for(self.viewer)[-20:]:
                self.say(entry.text)
        elif word in ("options", "list"):
            self.prompt_options()
        elif word == "save":
            if not rest.strip():
                self.say("Say where: save FILE")
            else:
                try:
                    path = self.s.save(rest.strip())
                except OSError as exc:
                    self.say(f"Could not save: {exc}")
                else:
                    self.say(f"Saved to {path}. Resume with: colt play --resume {path}")
        elif word in ("quit", "exit"):
            raise _Quit
        else:
            return False
        return True

    def describe_pile(self) -> None:
        pile = self.s.view(self.viewer)["pile"]
        if not pile:
            self.say("The pile is empty.")
        for n, card in enumerate(pile, 1):
            what = "face down" if card["card"] is None else card_label(card["card"])
            state = ", resolved" if card["resolved"] else ""
            self.say(f"  {n}. {card['bandit'].capitalize()}: {what}{state}")

    def final_scores(self) -> None:
        self.say("Final scores:")
        for row in score_rows(self.s.view(self.viewer)):
            gun = f", Gunslinger ${row['gunslinger']}" if row["gunslinger"] else ""
            self.say(
                f"Seat {row['seat']} ({row['bandits']}): loot ${row['loot']}{gun}, total "
                f"${row['total']}, bullets received {row['received']}"
                + (". Winner!" if row["winner"] else ".")
            )


def run_plain(session: Session, *, delay: float = 0.0) -> int:
    return PlainGame(session, delay=delay).run()


__all__ += ["SaveError", "run_plain"]
