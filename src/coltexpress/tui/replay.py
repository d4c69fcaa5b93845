"""``colt replay FILE --tui``: step through a recorded game in the board view, as a spectator.

>>> from coltexpress import Game, Options
>>> game = Game.new(Options.preset("standard", players=3), seed=1)
>>> for _ in range(5):
...     _ = game.apply(game.legal_actions()[0])
>>> steps = ReplaySteps.from_record(game.record())
>>> len(steps), steps.actions[0]
(6, 'draw')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, RichLog

from ..engine.errors import ColtError
from ..engine.game import Game
from ..engine.options import Options
from .board import BOARD_CSS, Board
from .screens import EndScreen, HelpScreen
from .session import visible_to

__all__ = ["ReplayApp", "ReplaySteps"]


@dataclass
class ReplaySteps:
    """The game after each action (``states[0]``: before any), with the public narration."""

    states: list[Game]
    actions: list[str]
    lines: list[list[str]]  # the sentences each action caused (public only)
    agents: list[str] | None = None

    def __len__(self) -> int:
        return len(self.states)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> ReplaySteps:
        """Replays a record (``colt simulate --save``, ``Game.record()``, or a save's)."""
        if "record" in record and "actions" not in record:
            record = record["record"]
        try:
            game = Game.new(Options.from_dict(record.get("options", {})), seed=record["seed"])
            actions = [str(a) for a in record["actions"]]
        except (ColtError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a game record: {exc!r}") from None
        states, lines = [game.clone()], []
        for n, text in enumerate(actions, 1):
            seat = game.current_seat
            try:
                events = game.apply(text)
            except ColtError as exc:
                raise ValueError(f"action {n} ({text!r}) does not replay: {exc}") from None
            said = [f"{n}. seat {seat}: {text}"]
            said += ["   " + e.text() for e in events if visible_to(e, None)]
            lines.append(said)
            states.append(game.clone())
        agents = record.get("agents")
        return cls(states, actions, lines, [str(a) for a in agents] if agents else None)


class ReplayApp(App[None]):
    """The board of a recorded game, one action at a time."""

    TITLE = "Colt Express replay"
    CSS = BOARD_CSS + "#log { height: 1fr; border: round $primary; }"
    BINDINGS = [
        Binding("right,n,space", "step(1)", "Forward", priority=True),
        Binding("left,p,backspace", "step(-1)", "Back", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("f", "scores", "Scores"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, steps: ReplaySteps, *, name: str = "game") -> None:
        super().__init__()
        self.steps = steps
        self.at = 0
        self.title_name = name

    def compose(self) -> ComposeResult:
        yield Header()
        yield Board(id="board")
        yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(RichLog).can_focus = False  # the arrow, Home and End keys step
        self.show()

    def who(self) -> dict[int, str]:
        agents = self.steps.agents
        n = len(self.steps.states[0].view(None)["players"])
        return {s: agents[s] if agents and s < len(agents) else "" for s in range(n)}

    def show(self) -> None:
        game = self.steps.states[self.at]
        self.sub_title = f"{self.title_name}: action {self.at} of {len(self.steps) - 1}"
        self.query_one(Board).show(game.view(None), self.who())
        log = self.query_one(RichLog)
        log.clear()
        for said in self.steps.lines[max(0, self.at - 30) : self.at]:
            log.write(Text(said[0], style="bold"))
            for line in said[1:]:
                log.write(line)

    def action_step(self, delta: int) -> None:
        self.action_goto(min(max(self.at + delta, 0), len(self.steps) - 1))

    def action_goto(self, at: int) -> None:
        self.at = at if at >= 0 else len(self.steps) - 1
        self.show()

    def action_scores(self) -> None:
        view = self.steps.states[self.at].view(None)
        if "result" in view:
            self.push_screen(EndScreen(view, self.who()))
        else:
            self.notify("The scores come at the end of the game (End).")

    def action_help(self) -> None:
        self.push_screen(HelpScreen())
