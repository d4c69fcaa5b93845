"""Screens over the board: rules help, hot-seat handover, the end-of-game scores."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Static

from .describe import score_rows
from .helptext import OVERVIEW, TOPICS

__all__ = ["EndScreen", "HandoverScreen", "HelpScreen"]


class HelpScreen(ModalScreen[None]):
    """Every card, power, turn type and event, paraphrased from the printed rules."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; height: 90%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("Colt Express: the rules in brief", style="bold"))
            yield Static(OVERVIEW + "\n")
            for section, entries in TOPICS.items():
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
                    "Keys: 1-9 choose, arrows + Enter choose, / type an action in notation, "
                    "s save, ? help, q quit. Esc closes this help.",
                    style="italic",
                )
            )
        yield Footer()


class HandoverScreen(ModalScreen[int]):
    """Hot-seat: hides the board until the next human confirms."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background; }
    HandoverScreen > Vertical {
        width: 60; height: auto; border: thick $accent; padding: 1 2; background: $surface;
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
                f"Seat {self.seat} ({self.who}) plays next.\n\n"
                "Pass the keyboard; the other players look away.\n"
                "Press Enter when you are ready to see your hand."
            )
            yield Button(f"I am seat {self.seat}", id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.seat)

    def action_ready(self) -> None:
        self.dismiss(self.seat)


class EndScreen(Screen[None]):
    """The final score table and the winner."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "dismiss", "Back to the board"),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 100; height: auto; border: thick $accent; padding: 1 2; }
    EndScreen DataTable { height: auto; margin: 1 0; }
    #winner { text-style: bold; }
    """

    def __init__(self, view: dict[str, Any], who: dict[int, str]) -> None:
        super().__init__()
        self.view = view
        self.who = who

    def compose(self) -> ComposeResult:
        rows = score_rows(self.view)
        winners = [r for r in rows if r["winner"]]
        names = " and ".join(
            f"seat {r['seat']} ({r['bandits']}, {self.who.get(r['seat'], '')})" for r in winners
        )
        title = "Winners: " if len(winners) > 1 else "Winner: "
        with Vertical():
            yield Static("Game over. Final scores", classes="title")
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            table.add_columns(
                "seat", "bandits", "player", "loot", "Gunslinger", "total", "bullets received", ""
            )
            for r in rows:
                table.add_row(
                    str(r["seat"]),
                    r["bandits"],
                    self.who.get(r["seat"], ""),
                    f"${r['loot']}",
                    f"${r['gunslinger']}" if r["gunslinger"] else "",
                    f"${r['total']}",
                    str(r["received"]),
                    "WINNER" if r["winner"] else "",
                )
            yield table
            yield Static(title + names, id="winner")
            yield Static(
                "Ties go to the fewest bullets received, then are shared. "
                "Press q to quit, Esc to look at the board."
            )
        yield Footer()
