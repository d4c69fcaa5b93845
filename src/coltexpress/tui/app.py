"""``colt play``: the Textual app. Bots play in a worker; humans choose among legal actions.

The app reads the game only through ``Session.view(seat)`` and ``Session.frame_view`` (both
``game.view``): the viewer is the human whose turn it is (or was last), or ``None``
(spectator) while the keyboard changes hands. Every move is shown frame by frame: the cards
resolve one at a time with a pause (Space skips it; Colt Express's Stealin' phase, Colt
Super Express's Shootin' phase), the round's event is announced, and a summary of the round
comes before the next one. On a terminal smaller than 120 columns by 40 rows (more for some
games: their front's ``wide_height``) the board is drawn compact; below 80 by 24 the app
asks for a larger window. The game is saved after every move. What the app draws and says
about the game comes from the game's front (``tui/games``): the same app plays every game.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, RichLog, Static

from ..engine import names
from ..engine.errors import ColtError
from ..words import base
from ..words.common import CHOICE_KEYS
from .screens import EndScreen, HandoverScreen, HelpScreen, LogScreen, SummaryScreen
from .session import Session, readable
from .widgets import (
    Choices,
    ExtraPanel,
    HandPanel,
    PilePanel,
    PlayersPanel,
    StatusPanel,
    TrainPanel,
)

__all__ = ["MIN_SIZE", "WIDE_SIZE", "ColtApp"]

MIN_SIZE = (80, 24)  # below this the app asks for a larger terminal
WIDE_SIZE = (120, 40)  # from this size on, the full board (more rows for some games)
LOG_ROWS = 1  # the compact board's log keeps a row at least; the choices come first
CHOICE_ROWS = 5  # a list of choices longer than the screen scrolls, showing this many at least
SPACE_NOTE = "Space only skips pauses: press Enter or a choice's key to choose."


class PlayArea(Horizontal):
    """The hand, the choices and the log: each time its size changes (the screen's did,
    or the panels above it took other heights) the choices are fitted to it again."""

    class Resized(Message):
        pass

    def on_resize(self, event: Resize) -> None:
        self.post_message(self.Resized())


class ColtApp(App[None]):
    """A game against bots, or hot-seat between humans (any game of the package)."""

    TITLE = "Colt Express"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #status { height: auto; padding: 0 1; background: $boost; }
    #train { height: auto; }
    #players { height: auto; border: round $primary; }
    #mp { height: auto; border: round $warning; padding: 0 0; }
    #mp.absent { display: none; }
    #pile { height: auto; padding: 0 1; }
    #play { height: 1fr; }
    #left { width: 1fr; }
    #hand { height: auto; padding: 0 1; }
    #choices { height: 1fr; min-height: 4; border: round $success; }
    #hint { height: auto; padding: 0 1; color: $text-muted; }
    #notation { height: 3; display: none; }
    #notation.open { display: block; }
    #error { height: auto; color: $error; padding: 0 1; display: none; }
    #error.shown { display: block; }
    #error.note { color: $text-warning; }
    #log { width: 1fr; border: round $primary; }
    #tiny { display: none; padding: 1 2; }
    .compact #players { display: none; }
    .compact #mp { display: none; }
    .compact #play { layout: vertical; }
    .compact #left { height: auto; }
    .compact #log { height: 1fr; min-height: 1; width: 100%; border: none; }
    .compact #pile { max-height: 2; }
    .compact #choices { height: auto; min-height: 1; border: none; border-top: solid $success; }
    .tiny #tiny { display: block; }
    .tiny #status, .tiny #train, .tiny #players, .tiny #mp, .tiny #pile, .tiny #play {
        display: none;
    }
    """
    BINDINGS = [
        *(Binding(k, f"pick('{k}')", f"choice {k}", show=False) for k in CHOICE_KEYS),
        Binding("question_mark,f1", "help", "Rules"),
        Binding("s", "save", "Save"),
        Binding("slash,colon", "notation", "Type", show=False),
        Binding("space", "faster", "Skip pause", show=False),
        Binding("p", "players", "Players"),
        Binding("l", "story", "Story"),
        Binding("q", "leave", "Quit"),
        Binding("escape", "choices", "Choices", show=False),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False, priority=True),
    ]

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.8,
        save_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.front = session.front
        self.title = self.front.title
        self.delay = delay
        self.save_path = save_path or Path(f"colt-save-{session.seed}.json")
        session.autosave = self.save_path
        humans = session.humans
        # Hot-seat: nobody's hand until the first player at the keyboard has said who he is.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.awaiting: int | None = None  # the human seat whose choice the UI waits for
        self.ended = False
        self.fast = False  # skip the pauses until the next decision
        self._skip = asyncio.Event()
        self._busy = False  # a move is being shown or the bots are playing
        self._quit_armed = False
        self._logged = 0  # log entries already written to the RichLog
        self._shown: dict[str, Any] | None = None  # the view on the board
        self._resolving_view: dict[str, Any] | None = None  # as the cards began to resolve
        self._round_events: list[Any] = []  # the events since the cards began to resolve
        self._choices: list[dict[str, str]] = []

    # -- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusPanel(id="status")
        yield TrainPanel(id="train")
        yield PlayersPanel(id="players")
        yield ExtraPanel(id="mp")
        yield PilePanel(id="pile")
        with PlayArea(id="play"):
            with Vertical(id="left"):
                yield HandPanel(id="hand")
                yield Static("", id="error")
                yield Input(
                    placeholder=f"type an action, e.g. {self.front.notation_example} (Esc: back)",
                    id="notation",
                )
                yield Choices(id="choices")
                yield Static("", id="hint")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static("", id="tiny")
        yield Footer()

    def who(self) -> dict[int, str]:
        s = self.session
        labels = {}
        for seat in range(s.players):
            if seat in s.humans:
                labels[seat] = "you" if len(s.humans) == 1 else "human"
            else:
                labels[seat] = f"bot, {s.bot_levels.get(seat, '')}"
        return labels

    def on_mount(self) -> None:
        self.sub_title = f"{self.session.players} players, game {self.session.seed}"
        self._fit(self.size.width, self.size.height)
        self._logged = len(self.session.log)
        self._write_log(self.session.log)
        self.show(self.session.view(self.viewer))
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def on_play_area_resized(self, _: PlayArea.Resized) -> None:
        self.call_after_refresh(self._fit_choices)

    def _fit(self, width: int, height: int) -> None:
        tiny = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        compact = width < WIDE_SIZE[0] or height < self.wide_height()
        self.screen.set_class(tiny, "tiny")
        self.screen.set_class(compact and not tiny, "compact")
        self.query_one(TrainPanel).compact = compact
        self.query_one(PilePanel).compact = compact
        self.query_one("#tiny", Static).update(
            f"This terminal is {width}x{height}. {self.front.title} needs at least "
            f"{MIN_SIZE[0]}x{MIN_SIZE[1]}: please make the window larger (q quits)."
        )
        if self._shown is not None:
            self.show(self._shown)
        self.call_after_refresh(self._fit_choices)

    def _fit_choices(self) -> None:
        """On the compact board, make room for the choices and the help of the highlighted
        one: the choices take the rows they need and the log what is left, one row at least
        (a longer help takes the log's rows first); a list longer than the screen scrolls,
        its highlighted choice in view."""
        choices = self.query_one(Choices)
        if not self.screen.has_class("compact"):
            choices.styles.max_height = None
            return
        hint = self.query_one("#hint", Static)
        width = hint.content_size.width or max(1, self.size.width - 2)
        i = choices.highlighted
        known = i is not None and i < len(self._choices)
        shown = self._choices[i]["hint"] if i is not None and known else ""
        rows = len(Text(shown).wrap(self.console, width)) if shown else 0
        taken = rows + sum(
            w.outer_size.height
            for w in (self.query_one(HandPanel), self.query_one("#error"),
                      self.query_one("#notation"))
            if w.display
        )
        room = self.query_one("#play").size.height - taken - LOG_ROWS
        choices.styles.max_height = max(CHOICE_ROWS, room)
        self.call_after_refresh(choices.scroll_to_highlight)  # (once it has its new size)

    def wide_height(self) -> int:
        """The rows the full board needs (more for some games and expansions)."""
        return max(WIDE_SIZE[1], self.front.wide_height(self.session.game.options))

    # -- drawing ----------------------------------------------------------------------
    def show(self, view: dict[str, Any]) -> None:
        """Draw one view on the board; the choices only when the viewer must decide."""
        self._shown = view
        self.query_one(StatusPanel).show(view)
        self.query_one(TrainPanel).show(view)
        self.query_one(PlayersPanel).show(view, self.who())
        self.query_one(ExtraPanel).show(view)
        self.query_one(PilePanel).show(view)
        self.query_one(HandPanel).show(view if self.viewer is not None else None)
        choices = self.query_one(Choices)
        deciding = (
            self.awaiting is not None and self.awaiting == self.viewer and "legal" in view
        )
        self._choices = self.front.choices(view) if deciding else []
        choices.show(self._choices)
        if deciding:
            choices.border_title = self.front.choice_title(view)
        elif "result" in view:
            choices.border_title = "Game over"
        else:
            choices.border_title = "Watching" if view["decision"] == "watch" else "Waiting"
        self._show_hint()
        self.call_after_refresh(self._fit_choices)

    def _show_hint(self) -> None:
        hint = self.query_one("#hint", Static)
        choices = self.query_one(Choices)
        i = choices.highlighted
        if self._choices and i is not None and i < len(self._choices):
            hint.update(Text(self._choices[i]["hint"], style="italic"))
        else:
            hint.update("")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.option_list.scroll_to_highlight()
        self._show_hint()
        self._fit_choices()

    def _write_log(self, lines: list[Any]) -> None:
        log = self.query_one(RichLog)
        reader = self.session.reader(self.viewer)
        mine = [names.bandit(b) for b in reader.figures]
        if reader.figures:
            mine += ["You ", "Your "]  # a line about the viewer's own bandit
        for entry in readable(lines, self.viewer):
            text = entry.said(reader)
            style = "italic" if entry.seat is not None else ""
            style += " " + self.front.log_style(text, mine)
            log.write(Text(text, style=style.strip()))

    def _rebuild_log(self) -> None:
        self.query_one(RichLog).clear()
        self._write_log(self.session.log[: self._logged])

    # -- the game loop ----------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next: the end, the bots, or a human's choice."""
        s = self.session
        if self._busy:
            return
        if s.over:
            self.awaiting = None
            self.show(s.view(self.viewer))
            if not self.ended:
                self.ended = True
                self.push_screen(EndScreen(s.view(self.viewer), self.who()))
            return
        if s.bot_to_act() is not None:
            self.awaiting = None
            self._busy = True
            self.run_worker(self._play_bots(), exclusive=True, group="play")
            return
        seat = s.human_to_act()
        if seat is None:
            return
        self.awaiting = seat
        self.fast = False
        self._error("")  # a new decision: what was said of the last one is past
        if seat != self.viewer and len(s.humans) > 1:
            self.viewer = None  # nobody's hand while the keyboard changes hands
            self._rebuild_log()
            view = s.view(None)
            self.show(view)
            players = {
                h: " and ".join(names.bandit(b) for b in self.front.figures_of(view, h))
                for h in s.humans
            }
            first = view.get("first_player") == seat
            self.push_screen(HandoverScreen(seat, players, first=first), self._handed_over)
            return
        self.viewer = seat
        self.show(s.view(seat))
        self.query_one(Choices).focus()

    def _handed_over(self, seat: int | None) -> None:
        self.viewer = seat
        self._rebuild_log()
        self.advance()

    async def _play_bots(self) -> None:
        s = self.session
        try:
            while not s.over and (seat := s.bot_to_act()) is not None:
                if self.delay and not self.fast:
                    await self._pause(self.delay)
                if s.thinks_long(seat):
                    choice = await asyncio.to_thread(s.bot_choice)
                else:
                    choice = s.bot_choice()
                await self._watch(s.apply_bot(choice))
        finally:
            self._busy = False
        self.advance()

    async def _play_human(self, frames: list[Any]) -> None:
        try:
            await self._watch(frames)
        finally:
            self._busy = False
        self.advance()

    async def _watch(self, frames: list[Any]) -> None:
        """Show a move frame by frame: each card resolving, each event, each round's end."""
        for n, frame in enumerate(frames):
            following = frames[n + 1].events if n + 1 < len(frames) else []
            view = self.session.frame_view(frame, self.viewer, following)
            if frame.kind == "round-end" and self._shown is not None:
                # The round is over as the board shows it: sum it up before the next deal.
                await self._round_summary(self._shown, view, frame.events)
            start, self._logged = self._logged, self._logged + len(frame.events)
            self._write_log(self.session.log[start : self._logged])
            self.show(view)
            if frame.kind == self.front.resolve_frame:
                self._resolving_view = view
                self._round_events = []
            self._round_events += frame.events
            if not frame.final and frame.kind in self.front.pause_kinds:
                await self._pause(self.delay)

    async def _pause(self, seconds: float) -> None:
        if self.fast or seconds <= 0:
            return
        self._skip.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), seconds)

    async def _round_summary(
        self, view: dict[str, Any], after: dict[str, Any], closing: list[Any]
    ) -> None:
        """Sum the round up (``view``: as it ends; ``after``: once it has ended, with the
        events that close it, ``closing``)."""
        before = self._resolving_view or view
        lines = self.front.round_summary(before, view, self._round_events, closing)
        title = f"End of round {view['round']}: what happened"
        self.query_one(RichLog).write(Text(title, style="bold"))
        for line in lines:
            self.query_one(RichLog).write(Text("  " + line))
        if self.delay <= 0 or self.fast:
            return
        if self.session.humans:
            last = self.front.last_round(view, after)
            await self.push_screen_wait(SummaryScreen(title, lines, last=last))
        else:
            await self._pause(3 * self.delay)

    def choose(self, action: str) -> bool:
        """A human's choice, by key, option or notation; errors are shown, nothing is lost."""
        if self.awaiting is None or self.awaiting != self.viewer or self._busy:
            self._error("Not your turn yet.")
            return False
        try:
            frames = self.session.play(action)
        except ColtError as exc:
            self._error(base.refusal(action, exc, self.session.legal()))
            return False
        self._error("")
        self._quit_armed = False
        self.awaiting = None
        self._busy = True
        self.run_worker(self._play_human(frames), exclusive=True, group="play")
        return True

    def _error(self, text: str, *, note: bool = False) -> None:
        """A refusal under the hand (with the bell), or a ``note`` on a key that did nothing;
        an empty text hides it."""
        error = self.query_one("#error", Static)
        error.styles.display = "block" if text else "none"
        error.update(text)
        error.set_class(bool(text), "shown")
        error.set_class(note, "note")
        if text and not note:
            self.bell()
        self.call_after_refresh(self._fit_choices)

    # -- input ------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.choose(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and not self.choose(text):
            return  # keep the text to correct it
        event.input.value = ""
        self.action_choices()

    def action_pick(self, key: str) -> None:
        for choice in self._choices:
            if choice["key"] == key:
                self.choose(choice["action"])
                return
        if not self._choices:
            over = self.session.over
            self._error("The game is over." if over else "Not your turn yet.", note=True)
            return
        keys = ", ".join(c["key"] for c in self._choices if c["key"])
        self._error(f"No choice has key {key} now; the keys are {keys} (Enter chooses the "
                    "highlighted one).", note=True)

    def action_faster(self) -> None:
        """Skip the pauses until the next decision; never a choice (Enter chooses)."""
        if self._busy:
            self.fast = True
            self._skip.set()
        elif self._choices:
            self._error(SPACE_NOTE, note=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # PageUp and PageDown scroll the log of the board; over another screen (the story,
        # the players, the rules, the end) they are that screen's, to scroll it.
        return action != "scroll_log" or self.screen is self.screen_stack[0]

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.front, self.session.game.options))

    def action_players(self) -> None:
        view = self._shown or self.session.view(self.viewer)
        title, lines = self.front.players_screen(view, self.who())
        self.push_screen(LogScreen(title, lines))

    def action_story(self) -> None:
        reader = self.session.reader(self.viewer)
        lines = [e.said(reader) for e in readable(self.session.log[: self._logged],
                                                   self.viewer)]
        self.push_screen(LogScreen("The story so far", lines, end=True))

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one(RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_leave(self) -> None:
        """Quit; an unfinished game asks for a second q (it is saved already)."""
        if self.session.over or self._quit_armed:
            self.exit()
            return
        self._quit_armed = True
        self.notify(
            f"Press q again to quit. The game is saved in {self.save_path}; "
            f"resume with: colt play --resume {self.save_path}"
        )

    def action_choices(self) -> None:
        self.query_one("#notation", Input).remove_class("open")
        self.query_one(Choices).focus()
        self.call_after_refresh(self._fit_choices)

    def action_notation(self) -> None:
        box = self.query_one("#notation", Input)
        box.add_class("open")
        box.focus()
        self.call_after_refresh(self._fit_choices)  # (the box takes rows of the choices)

    def action_save(self) -> None:
        try:
            path = self.session.save(self.save_path)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.notify(f"Saved to {path}; resume with: colt play --resume {path}")

    def current_view(self) -> dict[str, Any]:
        return self._shown or self.session.view(self.viewer)
