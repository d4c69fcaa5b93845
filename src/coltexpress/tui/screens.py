"""Screens over the board: rules help, hot-seat handover, the round summary, the players and
the whole narration (on small terminals), the end of the game."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Click, Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, RichLog, Static

from .. import describe
from ..engine import names

__all__ = ["EndScreen", "HandoverScreen", "HelpScreen", "LogScreen", "SummaryScreen"]


class HelpScreen(ModalScreen[None]):
    """Every card, power, turn type and event, paraphrased from the printed rules."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("Colt Express: the rules in brief", style="bold"))
            yield Static(str(names.names()["overview"]) + "\n")
            for section, entries in describe.help_topics().items():
                yield Static(Text(section.capitalize(), style="bold underline"))
                for text in entries.values():
                    name, _, rest = text.partition(":")
                    line = Text()
                    line.append(name, style="bold")
                    line.append(":" + rest)
                    yield Static(line)
                yield Static("")
            yield Static(
                Text(
                    "Keys: the key shown beside a choice picks it (1-9, 0, then letters); "
                    "arrows + Enter; / types an action; Space skips the pause while cards "
                    "resolve; p players; l the whole story; s save; ? help; q quit. "
                    "Esc closes this help.",
                    style="italic",
                )
            )
        yield Footer()


class _AnyKeyModal(ModalScreen[None]):
    """A modal closed by any key or a click."""

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.dismiss()


class SummaryScreen(_AnyKeyModal):
    """What each bandit gained and took in the round just played."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical {
        width: 70; max-width: 96%; height: auto; max-height: 96%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            for line in self.lines:
                yield Static(line)
            yield Static(Text("Press any key for the next round.", style="italic"))


class LogScreen(_AnyKeyModal):
    """A long text over the board (the players, or the whole narration)."""

    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > RichLog { width: 96%; height: 94%; border: thick $accent; background: $surface; }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        log = RichLog(wrap=True, markup=False)
        log.border_title = self.title_text + " (any key closes)"
        yield log

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)


class HandoverScreen(ModalScreen[int]):
    """Hot-seat: hides the board until the next human confirms."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background; }
    HandoverScreen > Vertical {
        width: 60; max-width: 96%; height: auto; border: thick $accent; padding: 1 2;
        background: $surface;
    }
    HandoverScreen Button { width: 100%; margin-top: 1; }
    """

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.who = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"{self.who} plays next.\n\n"
                "Pass the keyboard; the other players look away.\n"
                "Press Enter when you are ready to see your hand."
            )
            yield Button(f"I am {self.who}", id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.seat)

    def action_ready(self) -> None:
        self.dismiss(self.seat)


class EndScreen(Screen[None]):
    """The end of the game: the winner banner first, then the score table explained."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "dismiss", "Back to the board"),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center top; }
    EndScreen > VerticalScroll { width: 100%; max-width: 110; height: 1fr; padding: 0 1; }
    #winner {
        text-style: bold; background: $success; color: $text; padding: 0 1; margin-top: 1;
    }
    EndScreen DataTable { height: auto; margin: 1 0; }
    """

    def __init__(self, view: dict[str, Any], who: dict[int, str]) -> None:
        super().__init__()
        self.view = view
        self.who = who

    def compose(self) -> ComposeResult:
        lines = describe.end_lines(self.view)
        rows = describe.score_rows(self.view)
        with VerticalScroll():
            yield Static("GAME OVER. " + lines[0], id="winner")
            for line in lines[1:]:
                if not line.startswith(("You:", *(r["bandits"] + ":" for r in rows))):
                    yield Static(line)
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            table.add_columns(
                "bandits", "player", "loot", "fired", "Gunslinger", "total", "hit by", ""
            )
            for r in rows:
                table.add_row(
                    r["bandits"] + (" (you)" if r["you"] else ""),
                    self.who.get(r["seat"], ""),
                    f"${r['loot']:,}",
                    str(r["shots"]),
                    "$1,000" if r["gunslinger"] else "",
                    f"${r['total']:,}",
                    f"{r['received']} bullets",
                    "WINNER" if r["winner"] else "",
                )
            yield table
            for b in self.view["bandits"]:
                yield Static(
                    f"{names.bandit(b['character'])}: {describe.loot_summary(b['loot'])}."
                )
            yield Static(Text("Press q to quit, Esc to look at the board.", style="italic"))
        yield Footer()
