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

from .games import EndTable, GameFront, front_for_view

__all__ = ["PLAY_KEYS", "EndScreen", "HandoverScreen", "HelpScreen", "LogScreen", "SummaryScreen"]

PLAY_KEYS = (
    "Keys: the key shown beside a choice picks it (a card keeps its key all game); arrows "
    "+ Enter; / types an action; Space skips the pause while cards resolve (it never "
    "chooses); p players; "
    "l the whole story; PageUp/PageDown scroll the log; s save; ? help; q quit. "
    "Esc closes this help."
)


# The paging keys of a long screen over the board, listed in its footer (priority: the
# focused scroll box has them too, unlisted).
PAGING = [
    Binding("pageup", "page(-1)", "Page up", priority=True),
    Binding("pagedown", "page(1)", "Page down", priority=True),
    Binding("home", "page(-2)", "Top", priority=True),
    Binding("end", "page(2)", "Bottom", priority=True),
]


def _page(box: VerticalScroll, direction: int) -> None:
    """Scroll a long screen: a page up (-1) or down (1), to the top (-2) or the end (2)."""
    if direction == -1:  # (no animation: a key right after lands where it should)
        box.scroll_page_up(animate=False)
    elif direction == 1:
        box.scroll_page_down(animate=False)
    elif direction == -2:
        box.scroll_home(animate=False)
    else:
        box.scroll_end(animate=False)


class HelpScreen(ModalScreen[None]):
    """The rules of the game played in brief: every card and topic as its front lists them
    (for Colt Express: cards, powers, turn types, events), paraphrased from the printed
    rules."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help"),
        *PAGING,
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, front: GameFront, options: Any, *, keys: str = PLAY_KEYS) -> None:
        super().__init__()
        self.front = front
        self.options = options  # the help follows the game played (its expansions)
        self.keys = keys  # the keys of the app that shows the help

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and PageUp/PageDown scroll it

    def action_page(self, direction: int) -> None:
        _page(self.query_one(VerticalScroll), direction)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(f"{self.front.title}: the rules in brief", style="bold"))
            yield Static(self.front.overview() + "\n")
            for section, entries in self.front.help_topics(self.options).items():
                yield Static(Text(section[:1].upper() + section[1:], style="bold underline"))
                for text in entries.values():
                    name, _, rest = text.partition(":")
                    line = Text()
                    line.append(name, style="bold")
                    line.append(":" + rest)
                    yield Static(line)
                yield Static("")
            yield Static(Text(self.keys, style="italic"))
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


# The board's keys that a round summary passes on as it closes (key: the app's action).
PASSED_KEYS = {"p": "players", "l": "story", "question_mark": "help", "f1": "help", "s": "save"}


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
            yield Static(Text(
                f"Press any key for {what}; p, l, ? and s also do what they do on the board "
                "(players, story, rules, save).", style="italic",
            ))

    def on_key(self, event: Key) -> None:
        """Any key closes the summary; a key of the board's own (p, l, ?, s) then does what
        it does there, rather than being lost."""
        action = PASSED_KEYS.get(event.key)
        closing = not self.closing and self.is_current
        super().on_key(event)
        if action and closing:
            self.app.call_later(self.app.run_action, action)


class LogScreen(ModalScreen[None]):
    """A long text over the board (the players, or the whole story): arrows and PageUp/
    PageDown scroll it, Esc, Enter or q closes it. It opens at its top (the players) or, with
    ``end``, at its end (the story: the latest comes last)."""

    BINDINGS = [Binding("escape,enter,q,p,l", "dismiss", "Close"), *PAGING]
    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > VerticalScroll {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, lines: list[str], *, end: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.end = end

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
        if self.end:
            box.scroll_end(animate=False)

    def action_page(self, direction: int) -> None:
        _page(self.query_one(VerticalScroll), direction)


class HandoverScreen(ModalScreen[int]):
    """Hot-seat: hides the board until the next human confirms (Enter, or the button; no
    other key, so that a key meant for the board shows nobody's hand). Each human is
    "player N", N the seat (as ``colt play --seat`` counts), with the figures played."""

    BINDINGS = [Binding("enter", "ready", "I am ready"), Binding("q", "app.leave", "Quit")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background; }
    HandoverScreen > Vertical {
        width: 64; max-width: 96%; height: auto; border: thick $accent; padding: 1 2;
        background: $surface;
    }
    HandoverScreen Button { width: 100%; margin-top: 1; }
    HandoverScreen #note { color: $text-warning; height: auto; }
    """

    def __init__(self, seat: int, players: dict[int, str], *, first: bool = False) -> None:
        """``players``: each human's seat and name (``Tuco``, ``the Marshal``); ``first``:
        the seat to play is the first player of the round."""
        super().__init__()
        self.seat = seat
        self.players = players
        self.first = first

    @staticmethod
    def who(seat: int, name: str) -> str:
        """``player 2 (Tuco)``."""
        return f"player {seat + 1} ({name})"

    def compose(self) -> ComposeResult:
        me = self.who(self.seat, self.players[self.seat])
        first = ", the first player of this round" if self.first else ""
        here = ", ".join(self.who(s, n) for s, n in sorted(self.players.items()))
        with Vertical():
            yield Static(
                f"{me[:1].upper() + me[1:]} plays next{first}.\n\n"
                f"At this keyboard: {here}.\n"
                "Pass the keyboard; the other players look away.\n"
                "Press Enter when you are ready to see your hand."
            )
            yield Static("", id="note")
            yield Button(f"I am {me}", id="ready", variant="primary")

    def on_key(self, event: Key) -> None:
        if event.key not in ("enter", "q", "tab", "shift+tab"):
            me = self.who(self.seat, self.players[self.seat])
            self.query_one("#note", Static).update(
                f"Only Enter shows the hand, when you are {me}; q quits (the game is saved)."
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        if self.is_current:  # (once: an Enter on the button is the button's too)
            self.dismiss(self.seat)


class EndScreen(Screen[None]):
    """The end of the game: the winner banner first, then the scores explained (the parts
    the game's front gives: lines, and tables drawn as data tables)."""

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
        banner, parts = front_for_view(self.view).end_parts(self.view, self.who)
        with VerticalScroll():
            yield Static(banner, id="winner")
            for part in parts:
                if isinstance(part, EndTable):
                    table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
                    table.add_columns(*part.columns)
                    for row in part.rows:
                        table.add_row(*row)
                    yield table
                else:
                    yield Static(part)
            yield Static(Text("Press q to quit, Esc to look at the board.", style="italic"))
        yield Footer()
