"""The accessible plain mode: short numbered prompts and sentences, no drawing, no colours.

Every prompt lists the legal options, numbered, in words; the player answers with a number,
with the engine's notation (``play move``, ``shoot belle``, ``program fire``), or with a
command: ``help [topic]``, ``hand``, ``train``, ``players``, ``pile``, ``log``, ``options``,
``notation`` (show the notation beside the options), ``why N`` (the rules behind option N),
``save FILE``, ``quit``, and the game's own (Colt Express: ``marshal`` in Marshal &
Prisoners, ``stagecoach`` in Horses & Stagecoach). The round and turn are said when they
change, not at every prompt. The cards are told as they resolve, one by one, then what
happened in the round. Input and output are streams, so a script can drive a whole game.
What is said about the game comes from its front (``tui/games``).

>>> import io
>>> from coltexpress import Options
>>> s = Session.new(Options.preset("standard", players=3), seed=2, humans=(), bots="easy")
>>> out = io.StringIO()
>>> PlainGame(s, stdin=io.StringIO(""), stdout=out).run()
0
>>> "Game over." in out.getvalue()
True
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..engine import names
from ..engine.errors import ColtError
from ..words import base
from .session import Session, readable

__all__ = ["PlainGame"]


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
        save_path: Path | None = None,
    ) -> None:
        self.s = session
        self.front = session.front
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.delay = delay
        self.sleep = sleep
        self.save_path = save_path
        self.viewer: int | None = session.humans[0] if session.humans else None
        self.shown = len(session.log)  # log entries already printed
        self.notation = False
        self.header = ""  # the round and turn last said
        self.resolving_view: dict[str, Any] | None = None  # as the cards began to resolve
        self.last_view: dict[str, Any] | None = None
        self.hand_shown = ""  # the turn (by its header) the hand was last said for
        self.round_events: list[Any] = []  # the events since the cards began to resolve
        self.news_round: int | None = None  # the round whose positions (and news) were said
        self.before_rounds = False  # the game began before its first round (the Horse Attack)

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
        self.say(f"{self.front.title}. Type 'help' at any prompt for the rules and the commands.")
        self.describe_seats()
        told = [e for e in self.s.log if e.seat in (None, self.viewer)]
        if len(told) > 15:
            self.say("A saved game goes on. The last things that happened:")
        reader = self.s.reader(self.viewer)
        for entry in told[-15:]:
            self.say(entry.said(reader))
        self.say("Where everyone is:")
        for line in self.front.train_lines(self.s.view(self.viewer)):
            self.say("  " + line)
        if self.last_view is None:
            self.last_view = self.s.view(self.viewer)  # the turn the first play belongs to
        # Horses & Stagecoach: the Horse Attack comes before the first round, so where
        # everyone is is said again once the bandits have boarded.
        self.before_rounds = self.front.before_rounds(self.last_view)
        try:
            while not self.s.over:
                if self.s.bot_to_act() is not None:
                    self.tell(self.s.bot_step())
                    continue
                self.human_turn()
            self.final_scores()
        except _Quit:
            self.say("Goodbye.")
            if not self.s.over and self.save_path is not None:
                self.say(
                    f"The game is saved in {self.save_path}; resume with: "
                    f"colt play --plain --resume {self.save_path}"
                )
        return 0

    def describe_seats(self) -> None:
        v = self.s.view(self.viewer)
        for seat in range(self.s.players):
            bandits = " and ".join(names.bandit(b) for b in self.front.figures_of(v, seat))
            if self.viewer == seat and len(self.s.humans) == 1:
                self.say(f"You play {bandits}.")
                continue
            bandits = bandits[:1].upper() + bandits[1:]
            if seat in self.s.humans:
                self.say(f"{bandits}: a human at this keyboard.")
            else:
                self.say(f"{bandits}: a bot ({self.s.bot_levels[seat]}).")

    def tell(self, frames: list[Any]) -> None:
        """Say a move frame by frame, pausing as each card resolves."""
        front = self.front
        for n, frame in enumerate(frames):
            if frame.kind == "round-end" and self.last_view is not None:
                last = self.last_view
                self.say(f"Round {last['round']} in short:")
                told = self.round_events
                for line in front.round_summary(self.resolving_view or last, last, told,
                                                frame.events):
                    self.say("  " + line)
            before = self.last_view
            header = front.turn_header(before) if before is not None else None
            if header is not None and header != self.header and any(
                e.kind in front.turn_kinds for e in frame.events
            ):
                # A play of the next turn by someone else: its turn header first.
                self.header = header
                self.say(f"{header}.")
            reader = self.s.reader(self.viewer)
            for entry in readable(self.s.log[self.shown : self.shown + len(frame.events)],
                                  self.viewer):
                self.say(entry.said(reader))
            self.shown += len(frame.events)
            following = frames[n + 1].events if n + 1 < len(frames) else []
            view = self.s.frame_view(frame, self.viewer, following)
            self.last_view = view
            if frame.kind == front.resolve_frame:
                self.resolving_view = view
                self.round_events = []
            self.round_events += frame.events
            if not frame.final and frame.kind in front.pause_kinds - {front.resolve_frame} and (
                self.delay
            ):
                self.sleep(self.delay)

    def handover(self, seat: int) -> None:
        """Hot-seat: the screen is cleared and nobody's hand shown until the player confirms."""
        self.viewer = None
        if self.stdout.isatty():
            self.stdout.write("\033[2J\033[H")  # clear the previous player's hand
        else:
            self.say("\n" * 3)
        who = self.front.player_name(self.s.view(None), seat)
        self.say(f"Pass the keyboard to {who}. Press Enter when ready.")
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
            answer = self.ask("Your choice: ")
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
                frames = self.s.play(action)
            except ColtError as exc:
                self.say(f"Not accepted: {base.refusal(action, exc, legal)}")
                self.say("Type a number from the list, an action, or 'help'.")
                continue
            self.tell(frames)
            return

    def prompt_options(self) -> None:
        front = self.front
        v = self.s.view(self.viewer)
        header = front.turn_header(v)
        if header is not None and header != self.hand_shown:
            self.hand_shown = header  # once per turn: the header, news of a round, the hand
            if header != self.header:  # (said already if another player's turn came first)
                self.header = header
                self.say(header + ".")
            if self.news_round != v["round"]:  # a new round: where everyone is now
                if self.news_round is not None or self.before_rounds:
                    self.say("Where everyone is:")
                    for line in front.train_lines(v):
                        self.say("  " + line)
                self.news_round = v["round"]
                for title, lines in front.round_news(v):
                    self.say(title + ":")
                    for line in lines:
                        self.say("  " + line)
            self.say(front.hand_sentence(v))
        self.say(front.situation(v, header=False))
        for n, choice in enumerate(front.choices(v), 1):
            shown = f"  [{choice['action']}]" if self.notation else ""
            self.say(f"  {n}. {choice['label']}{shown}")

    def command(self, answer: str) -> bool:
        """Run a command; False if the answer is not one (a choice to try)."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        v = self.s.view(self.viewer)
        front = self.front
        own = front.plain_command(word, v)
        if own is not None:
            for line in own:
                self.say(line)
        elif word == "":
            self.say("Please choose. " + front.commands)
        elif word in ("help", "?", "rules"):
            if rest.strip():
                try:
                    self.say(front.lookup(self.s.game.options, rest))
                except KeyError as exc:
                    self.say(str(exc.args[0]))
            else:
                self.say(front.help_text(self.s.game.options))
                self.say(front.commands)
        elif word == "why":
            options = front.choices(v)
            n = int(rest) if rest.strip().isdigit() else 0
            if 1 <= n <= len(options):
                self.say(options[n - 1]["hint"])
            else:
                self.say(f"Say which option: why 1 to why {len(options)}.")
        elif word == "hand":
            self.say(front.hand_sentence(v))
        elif word == "train":
            for line in front.train_lines(v):
                self.say(line)
        elif word == "players":
            for line in front.figure_lines(v):
                self.say(line)
        elif word == "pile":
            for line in front.pile_lines(v):
                self.say(line)
        elif word == "log":
            for line in self.s.story(self.viewer)[-20:]:
                self.say(line)
        elif word == "notation":
            self.notation = not self.notation
            self.say("The notation is shown." if self.notation else "The notation is hidden.")
        elif word in ("options", "list"):
            self.header = ""
            self.prompt_options()
        elif word == "save":
            self.save(rest.strip())
        elif word in ("quit", "exit"):
            raise _Quit
        else:
            return False
        return True

    def save(self, where: str) -> None:
        path = Path(where) if where else self.save_path
        if path is None:
            self.say("Say where: save FILE")
            return
        try:
            path = self.s.save(path)
        except OSError as exc:
            self.say(f"Could not save: {exc}")
        else:
            self.say(f"Saved to {path}. Resume with: colt play --plain --resume {path}")

    def final_scores(self) -> None:
        # The narration said who won; the rest explains it and turns every purse over.
        for line in self.front.result_lines(self.s.view(self.viewer))[1:]:
            self.say(line)


def run_plain(session: Session, *, delay: float = 0.0) -> int:
    return PlainGame(session, delay=delay).run()


__all__ += ["run_plain"]
