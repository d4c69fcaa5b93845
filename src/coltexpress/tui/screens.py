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
from textual.widgets import Button, DataTable, Footer, Static

from .. import describe
from ..engine import names

__all__ = ["EndScreen", "HandoverScreen", "HelpScreen", "LogScreen", "SummaryScreen"]


class HelpScreen(ModalScreen[None]):
    """Every card, power, turn type and event, paraphrased from the printed rules."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help"),
    ]

    def __init__(self, marshal_prisoners: bool = False, horses_stagecoach: bool = False) -> None:
        super().__init__()
        self.marshal_prisoners = marshal_prisoners  # the expansions' help, as they play
        self.horses_stagecoach = horses_stagecoach
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and PageUp/PageDown scroll it

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("Colt Express: the rules in brief", style="bold"))
            yield Static(str(names.names()["overview"]) + "\n")
            topics = describe.help_topics(self.marshal_prisoners, self.horses_stagecoach)
            for section, entries in topics.items():
                yield Static(Text(section[:1].upper() + section[1:], style="bold underline"))
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
    """A modal closed by any key or a click (once: keys that arrive together close it once)."""

    closing = False

    def on_key(self, event: Key) -> None:
        event.stop()
        self._close()

    def on_click(self, event: Click) -> None:
        event.stop()
        self._close()

    def _close(self) -> None:
        if not self.closing and self.is_current:
            self.closing = True
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

    def __init__(self, title: str, lines: list[str], *, last: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            for line in self.lines:
                yield Static(line)
            what = "the final scores" if self.last else "the next round"
            yield Static(Text(f"Press any key for {what}.", style="italic"))


class LogScreen(ModalScreen[None]):
    """A long text over the board (the players, or the whole story): arrows and PageUp/
    PageDown scroll it, Esc, Enter or q closes it."""

    BINDINGS = [Binding("escape,enter,q,p,l", "dismiss", "Close")]
    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > VerticalScroll {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        box = VerticalScroll()
        box.border_title = self.title_text + " (Esc closes)"
        with box:
            for line in self.lines:
                yield Static(line)
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.focus()
        box.scroll_end(animate=False)


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
        if self.view.get("mp"):
            yield from self._compose_mp()
            return
        lines = describe.end_lines(self.view)
        rows = describe.score_rows(self.view)
        with VerticalScroll():
            yield Static("GAME OVER. " + lines[0], id="winner")
            totals = ("You:", *(r["bandits"] + ":" for r in rows))
            for line in lines[1:]:
                if not line.startswith(totals) and " ends with " not in line:
                    yield Static(line)
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            hs = "ransom" in rows[0]  # Horses & Stagecoach: ransoms, stations, who was caught
            columns = ["", "bandits", "loot", "fired", "Gunslinger", "total", "hit"]
            if hs:  # (narrow headers: the table fits 80 columns)
                columns[4:5] = ["Gunsl.", "ransom", "stations"]
            table.add_columns(*columns)
            for r in rows:
                cells = [
                    "WINNER" if r["winner"] else "caught" if r.get("cannot_win") else "",
                    r["bandits"] + (" (you)" if r["you"] else ""),
                    f"${r['loot']:,}",
                    str(r["shots"]),
                    "$1,000" if r["gunslinger"] else "",
                    describe.money(r["total"]),
                    str(r["received"]),
                ]
                if hs:
                    cells[5:5] = [
                        f"${r['ransom']:,}" if r["hostages"] else "",
                        describe.money(r["stations"]) if r["stations"] else "",
                    ]
                table.add_row(*cells)
            yield table
            legend = "fired: bullets shot; hit: bullet cards received."
            if hs:
                legend += (
                    " Gunsl.: Gunslinger; ransom: the hostage's; stations: money the train "
                    "stations gave or took; caught: at the Escape station, cannot win."
                )
            yield Static(Text(legend, style="dim"))
            for line in lines:
                if " ends with " in line:
                    yield Static(line)
            yield Static(Text("Press q to quit, Esc to look at the board.", style="italic"))
        yield Footer()

    def _compose_mp(self) -> ComposeResult:
        """Marshal & Prisoners: who wins, the Marshal's goals done and not done, then each
        bandit's money with the Wanted Poster, prisoner and Brawler prizes."""
        lines = describe.mp_end_lines(self.view)
        rows = describe.mp_score_rows(self.view)
        result = self.view["result"]
        money = tuple(("You" if r["you"] else r["bandits"]) + ":" for r in rows)
        with VerticalScroll():
            yield Static("GAME OVER. " + lines[0], id="winner")
            for line in lines[1:]:
                if line.startswith("  "):
                    done = line.rstrip().split(". ")[0].endswith(": done")
                    yield Static(Text(line, style="green" if done else "red"))
                elif not line.startswith((*money, "Bullets fired")) and " ends with " not in line:
                    yield Static(Text(line, style="bold"))
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            hs = "ransom" in rows[0]  # both expansions: the hostages' ransoms, the stations'
            # narrow headers: the table fits 80 columns; the legend below says them in full
            columns = ["", "player", "loot", "Gunsl.", "Poster", "Prisoner", "Brawler", "total",
                       "hit"]
            if hs:  # one column more: the hostage's ransom with the stations' money
                columns = ["", "player", "loot", "Gunsl.", "Poster", "Pris.", "Brawl.",
                           "Ransom", "total", "hit"]
            table.add_columns(*columns)
            for r in rows:
                name = r["bandits"]
                if hs and r["marshal"]:
                    name = name.removeprefix("The ")  # (narrow: the table fits 80 columns)
                flag = "★" if r["winner"] else "✗" if r["cannot_win"] else ""
                flag = f"{flag} you".strip() if r["you"] else flag
                if r["marshal"]:
                    goals = f"{result['goals_done']}/{len(result['goals'])}"
                    cells = [flag, name] + [""] * (len(columns) - 4) + [goals, str(r["received"])]
                    table.add_row(*cells)
                    continue
                cells = [
                    flag,
                    name,
                    f"${r['loot']:,}",
                    "$1,000" if r["gunslinger"] else "",
                    f"${r['posters']:,}" if r["posters"] else "taken",
                    f"${r['prisoners']:,}" if r["prisoners"] else "",
                    f"${r['brawlers']:,}" if r["brawlers"] else "",
                    describe.money(r["total"]),
                    str(r["received"]),
                ]
                if hs:
                    extra = r["ransom"] + r["stations"]
                    cells[7:7] = [describe.money(extra) if r["hostages"] or extra else ""]
                table.add_row(*cells)
            yield table
            legend = (
                "★ winner; ✗ cannot win; the Marshal's total: goals done; Gunsl.: Gunslinger; "
                "Poster: Wanted Poster, or taken by the Marshal; Prisoner: a trusty sidekick; "
                "Brawler: Brawler cards; hit: bullet cards received."
            )
            if hs:
                legend = legend.replace("Prisoner:", "Pris.: Prisoner,").replace(
                    "Brawler: Brawler", "Brawl.: Brawler")
                legend += (" Ransom: the hostage's ransom, with the money the train stations "
                           "gave or took.")
            yield Static(Text(legend, style="dim"))
            for line in lines:
                if line.startswith(money) or line.startswith("Bullets fired") or (
                    " ends with " in line
                ):
                    yield Static(line)
            yield Static(Text("Press q to quit, Esc to look at the board.", style="italic"))
        yield Footer()
