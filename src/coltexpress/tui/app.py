"""``colt play``: the Textual app. Bots play in a worker; humans choose among legal actions.

The app reads the game only through ``Session.view(seat)`` (``Game.view``): the viewer is the
human whose turn it is (or was last), or ``None`` (spectator) while the keyboard changes hands.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..engine.errors import ColtError
from .board import BOARD_CSS, Board
from .describe import option_label
from .screens import EndScreen, HandoverScreen, HelpScreen
from .session import Session
from .widgets import HandPanel

__all__ = ["ColtApp"]


class ColtApp(App[None]):
    """A game of Colt Express against bots, or hot-seat between humans."""

    TITLE = "Colt Express"
    CSS = (
        BOARD_CSS
        + """
    #play { height: 1fr; }
    #left { width: 1fr; }
    #hand { height: auto; border: round $success; padding: 0 1; }
    #choices { height: 1fr; border: round $success; }
    #notation { height: 3; }
    #error { height: auto; color: $error; }
    #log { width: 1fr; border: round $primary; }
    """
    )
    BINDINGS = [
        *(Binding(str(n), f"pick({n})", f"option {n}", show=False) for n in range(1, 10)),
        Binding("question_mark,f1", "help", "Help"),
        Binding("s", "save", "Save"),
        Binding("slash,colon", "notation", "Type action"),
        Binding("q", "leave", "Quit"),
        Binding("escape", "choices", "Choices", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.6,
        save_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.save_path = save_path or Path(f"colt-save-{session.seed}.json")
        humans = session.humans
        self.viewer: int | None = humans[0] if humans else None
        self.awaiting: int | None = None  # the human seat whose choice the UI waits for
        self.ended = False
        self._bots_running = False
        self._quit_armed = False
        self._logged = 0  # log entries already written to the RichLog

    # -- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Board(id="board")
        with Horizontal(id="play"):
            with Vertical(id="left"):
                yield HandPanel(id="hand")
                yield OptionList(id="choices")
                yield Input(placeholder="or type an action, e.g. play move  ( / )", id="notation")
                yield Static("", id="error")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def who(self) -> dict[int, str]:
        s = self.session
        labels = {}
        for seat in range(s.players):
            if seat in s.humans:
                labels[seat] = "you" if len(s.humans) == 1 else f"human {seat}"
            else:
                labels[seat] = f"bot {s.bot_levels.get(seat, '')}"
        return labels

    def on_mount(self) -> None:
        self.sub_title = self._subtitle()
        self._rebuild_log()
        self.refresh_board()
        self.advance()

    def _subtitle(self) -> str:
        return f"{self.session.players} players, seed {self.session.seed}"

    # -- drawing ----------------------------------------------------------------------
    def refresh_board(self) -> None:
        view = self.session.view(self.viewer)
        self.query_one(Board).show(view, self.who())
        self.query_one(HandPanel).show(view if self.viewer is not None else None)
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        if self.awaiting is not None and self.awaiting == self.viewer:
            legal = view.get("legal", [])
            choices.add_options(
                Option(Text(f"{n if n < 10 else '':>2}  {option_label(a, view)}   [{a}]"), id=a)
                for n, a in enumerate(legal, 1)
            )
            bandit = view.get("actor_bandit")
            two = len(view["players"][view["actor"]]["bandits"]) > 1
            whose = f", {str(bandit).capitalize()}" if bandit and two else ""
            choices.border_title = f"Your choice ({view['decision']}{whose})"
            if legal:
                choices.highlighted = 0
        else:
            choices.border_title = "Waiting" if not self.session.over else "Game over"
        self._flush_log()

    def _rebuild_log(self) -> None:
        log = self.query_one(RichLog)
        log.clear()
        self._logged = 0
        self._flush_log()

    def _flush_log(self) -> None:
        log = self.query_one(RichLog)
        entries = self.session.log
        mine: list[str] = []
        if self.viewer is not None:
            mine = self.session.view(self.viewer)["players"][self.viewer]["bandits"]
        for entry in entries[self._logged :]:
            if entry.seat is None or entry.seat == self.viewer:
                style = "italic" if entry.seat is not None else ""
                if any(name.capitalize() in entry.text for name in mine):
                    style += " bold"
                log.write(Text(entry.text, style=style.strip()))
        self._logged = len(entries)

    # -- the game loop ----------------------------------------------------------------
    def advance(self) -> None:
        s = self.session
        if s.over:
            self.awaiting = None
            self.refresh_board()
            if not self.ended:
                self.ended = True
                self.push_screen(EndScreen(s.view(self.viewer), self.who()))
            return
        if s.bot_to_act() is not None:
            self.awaiting = None
            self.refresh_board()
            if not self._bots_running:
                self._bots_running = True
                self.run_worker(self._play_bots(), exclusive=True, group="bots")
            return
        seat = s.human_to_act()
        if seat is None:
            return
        self.awaiting = seat
        if seat != self.viewer and len(s.humans) > 1:
            self.viewer = None  # nobody's hand while the keyboard changes hands
            self._rebuild_log()
            self.refresh_board()
            name = "+".join(b.capitalize() for b in s.view(None)["players"][seat]["bandits"])
            self.push_screen(HandoverScreen(seat, name), self._handed_over)
            return
        self.viewer = seat
        self.refresh_board()
        self.query_one("#choices", OptionList).focus()

    def _handed_over(self, seat: int | None) -> None:
        self.viewer = seat
        self._rebuild_log()
        self.advance()

    async def _play_bots(self) -> None:
        s = self.session
        try:
            while not s.over and (seat := s.bot_to_act()) is not None:
                if self.delay:
                    await asyncio.sleep(self.delay)
                if s.bot_levels[seat].split(":")[0] in ("hard", "ismcts"):
                    choice = await asyncio.to_thread(s.bot_choice)
                else:
                    choice = s.bot_choice()
                s.apply_bot(choice)
                self.refresh_board()
        finally:
            self._bots_running = False
        self.advance()

    def choose(self, action: str) -> bool:
        """A human's choice, by option or notation; errors are shown, nothing is lost."""
        error = self.query_one("#error", Static)
        if self.awaiting is None or self.awaiting != self.viewer:
            error.update("Not your turn yet.")
            self.bell()
            return False
        try:
            self.session.play(action)
        except ColtError as exc:
            error.update(str(exc))
            self.bell()
            return False
        error.update("")
        self._quit_armed = False
        self.awaiting = None
        self.advance()
        return True

    # -- input ------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.choose(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and not self.choose(text):
            return  # keep the text to correct it
        event.input.value = ""
        self.query_one("#choices", OptionList).focus()

    def action_pick(self, n: int) -> None:
        choices = self.query_one("#choices", OptionList)
        if 1 <= n <= choices.option_count:
            option = choices.get_option_at_index(n - 1)
            if option.id is not None:
                self.choose(option.id)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_leave(self) -> None:
        """Quit; an unfinished game asks for a second q (s saves it first)."""
        if self.session.over or self._quit_armed:
            self.exit()
            return
        self._quit_armed = True
        self.notify("Press q again to quit; press s first to save the game.")

    def action_choices(self) -> None:
        self.query_one("#choices", OptionList).focus()

    def action_notation(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_save(self) -> None:
        try:
            path = self.session.save(self.save_path)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.notify(f"Saved to {path}; resume with colt play --resume {path}")

    def current_view(self) -> dict[str, Any]:
        return self.session.view(self.viewer)
